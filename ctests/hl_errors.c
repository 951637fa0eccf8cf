// SPDX-License-Identifier: BSD-3-Clause
/* The high-level calls' return codes (PAPI 7.0's, doc/hl.md): a NULL or
 * empty name is PAPI_EINVAL; read or end in a thread that began no region
 * PAPI_EMISC; a name that is not open, or an end that skips an inner open
 * region, PAPI_EINVAL without disabling the layer; PAPI_hl_stop with
 * nothing running PAPI_ENOEVNT; read and end after it PAPI_ENOTRUN; a
 * begin after it counts again. The report goes to a scratch directory
 * removed at exit, after the library's writer. */
#define _XOPEN_SOURCE 700
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "ctest_util.h"

static char scratch[] = "/tmp/papillon-hl-errors.XXXXXX";

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st, (void)flag, (void)ftw;
	return remove(path);
}

static void remove_scratch(void)
{
	nftw(scratch, remove_entry, 8, FTW_DEPTH | FTW_PHYS);
}

int main(int argc, char **argv)
{
	ctest_init(argc, argv);
	ctest_require_perf_events();
	FAIL_IF(!mkdtemp(scratch), "mkdtemp failed");
	/* Registered before the library's writer, so it runs after it. */
	atexit(remove_scratch);
	setenv("PAPI_OUTPUT_DIRECTORY", scratch, 1);
	setenv("PAPI_EVENTS", "perf::TASK-CLOCK", 1);

	EXPECT_RC(PAPI_hl_region_begin(NULL), PAPI_EINVAL);
	EXPECT_RC(PAPI_hl_region_begin(""), PAPI_EINVAL);
	EXPECT_RC(PAPI_hl_region_end("never"), PAPI_EMISC);
	EXPECT_RC(PAPI_hl_read("never"), PAPI_EMISC);
	EXPECT_RC(PAPI_hl_stop(), PAPI_ENOEVNT);

	CHECK_OK(PAPI_hl_region_begin("outer"));
	FAIL_IF(PAPI_is_initialized() == PAPI_NOT_INITED,
	        "the first region did not initialize the library");
	CHECK_OK(PAPI_hl_region_begin("inner"));
	EXPECT_RC(PAPI_hl_region_end("nowhere"), PAPI_EINVAL);
	EXPECT_RC(PAPI_hl_read("nowhere"), PAPI_EINVAL);
	EXPECT_RC(PAPI_hl_read(NULL), PAPI_EINVAL);
	/* outer is open but inner, opened inside it, is not closed yet. */
	EXPECT_RC(PAPI_hl_region_end("outer"), PAPI_EINVAL);
	FAIL_IF(PAPI_strreason()[0] == '\0', "no reason for an out-of-order end");
	/* A read of an enclosing open region is allowed. */
	CHECK_OK(PAPI_hl_read("outer"));
	CHECK_OK(PAPI_hl_region_end("inner"));
	CHECK_OK(PAPI_hl_region_end("outer"));
	EXPECT_RC(PAPI_hl_region_end("outer"), PAPI_EINVAL);

	CHECK_OK(PAPI_hl_region_begin("stopped"));
	CHECK_OK(PAPI_hl_stop());
	EXPECT_RC(PAPI_hl_stop(), PAPI_ENOEVNT);
	EXPECT_RC(PAPI_hl_read("stopped"), PAPI_ENOTRUN);
	EXPECT_RC(PAPI_hl_region_end("stopped"), PAPI_ENOTRUN);
	/* A begin counts again; the stopped region can then be closed. */
	CHECK_OK(PAPI_hl_region_begin("again"));
	CHECK_OK(PAPI_hl_region_end("again"));
	CHECK_OK(PAPI_hl_region_end("stopped"));
	ctest_pass();
}
