// SPDX-License-Identifier: BSD-3-Clause
/* Unit tests of pe_sys_read (components/perf_event/pe_sys_read.h), the read
 * whose system call the read paths make in their own frame: the kernel's
 * answers (bytes, end of file, -errno) on pipes, a real group of software
 * events read alike by it and by libc's read(), and the errors the read
 * paths make of its answers (pe_group_read_error). The same test runs in
 * the lab's guests, where the inline forms of aarch64, riscv64 and ppc64le
 * are the ones built. */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <CUnit/Basic.h>

#include "papi.h"
#include "util/error.h"
#include "pe_group.h"
#include "pe_sys_read.h"
#include "unit_assert.h"

static void test_pipe_bytes_and_end(void)
{
	int ends[2];
	CU_ASSERT_EQUAL_FATAL(pipe(ends), 0);
	const char sent[] = "twenty-four bytes here!";
	CU_ASSERT_EQUAL_FATAL(write(ends[1], sent, sizeof(sent)), (ssize_t)sizeof(sent));
	/* Values live across the call: the registers the kernel keeps must
	 * hold them (the asm's clobbers are right). */
	volatile long before = 0x5a5a5a5a;
	char got[64];
	memset(got, 0, sizeof(got));
	long read_bytes = pe_sys_read(ends[0], got, sizeof(got));
	CU_ASSERT_EQUAL(read_bytes, (long)sizeof(sent));
	CU_ASSERT_EQUAL(memcmp(got, sent, sizeof(sent)), 0);
	CU_ASSERT_EQUAL(before, 0x5a5a5a5a);
	/* A short request takes only what it asked for. */
	CU_ASSERT_EQUAL_FATAL(write(ends[1], sent, sizeof(sent)), (ssize_t)sizeof(sent));
	CU_ASSERT_EQUAL(pe_sys_read(ends[0], got, 4), 4);
	CU_ASSERT_EQUAL(memcmp(got, sent, 4), 0);
	CU_ASSERT_EQUAL(pe_sys_read(ends[0], got, sizeof(got)), (long)sizeof(sent) - 4);
	close(ends[1]);
	CU_ASSERT_EQUAL(pe_sys_read(ends[0], got, sizeof(got)), 0); /* end of file */
	close(ends[0]);
}

static void test_errors_are_negative_errno(void)
{
	int ends[2];
	CU_ASSERT_EQUAL_FATAL(pipe(ends), 0);
	CU_ASSERT_EQUAL_FATAL(fcntl(ends[0], F_SETFL, O_NONBLOCK), 0);
	char got[8];
	CU_ASSERT_EQUAL(pe_sys_read(ends[0], got, sizeof(got)), -EAGAIN);
	close(ends[0]);
	close(ends[1]);
	/* The descriptor is closed now. */
	CU_ASSERT_EQUAL(pe_sys_read(ends[0], got, sizeof(got)), -EBADF);
}

/* A group of two software events with PERF_FORMAT_GROUP and both times, as
 * perf_event opens them, disabled; fds[0] is the leader. False where
 * perf_event_open is refused. */
static bool open_software_group(int fds[2])
{
	struct perf_event_attr attr;
	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = PERF_TYPE_SOFTWARE;
	attr.config = PERF_COUNT_SW_TASK_CLOCK;
	attr.read_format =
	    PERF_FORMAT_GROUP | PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING;
	attr.exclude_kernel = 1;
	attr.exclude_hv = 1;
	attr.disabled = 1; /* the group stays off: its times and counts stand still */
	fds[0] = (int)syscall(__NR_perf_event_open, &attr, 0, -1, -1, 0);
	if (fds[0] < 0)
		return false;
	attr.disabled = 0;
	attr.config = PERF_COUNT_SW_CONTEXT_SWITCHES;
	fds[1] = (int)syscall(__NR_perf_event_open, &attr, 0, -1, fds[0], 0);
	if (fds[1] < 0) {
		close(fds[0]);
		return false;
	}
	return true;
}

static void test_group_read_as_libc(void)
{
	int fds[2];
	if (!open_software_group(fds)) {
		unit_skip(CU_get_current_test(), strerror(errno));
		return;
	}
	uint64_t mine[READ_HEADER_WORDS + 2], libc[READ_HEADER_WORDS + 2];
	memset(mine, 0xff, sizeof(mine));
	CU_ASSERT_EQUAL(read(fds[0], libc, sizeof(libc)), (ssize_t)sizeof(libc));
	CU_ASSERT_EQUAL(pe_sys_read(fds[0], mine, sizeof(mine)), (long)sizeof(mine));
	CU_ASSERT_EQUAL(mine[0], 2); /* nr */
	CU_ASSERT_EQUAL(mine[0], libc[0]);
	/* Never enabled: the times and the counts at 0. */
	CU_ASSERT_EQUAL(mine[1], 0);
	CU_ASSERT_EQUAL(mine[1], libc[1]);
	CU_ASSERT_EQUAL(mine[2], libc[2]);
	CU_ASSERT_EQUAL(mine[3], 0);
	CU_ASSERT_EQUAL(mine[4], 0);
	/* A buffer too small for the group: the kernel's ENOSPC. */
	CU_ASSERT_EQUAL(pe_sys_read(fds[0], mine, sizeof(mine) - sizeof(uint64_t)), -ENOSPC);
	close(fds[1]);
	close(fds[0]);
}

/* The read paths' errors from pe_sys_read's answers: as from read()'s. */
static void test_read_errors(void)
{
	UNIT_ASSERT_STATUS(pe_group_read_error(-EBADF), papi_error_from_errno(EBADF));
	CU_ASSERT_PTR_NOT_NULL_FATAL(strstr(papi_error_reason(), strerror(EBADF)));
	UNIT_ASSERT_STATUS(pe_group_read_error(-ENOSPC), papi_error_from_errno(ENOSPC));
	UNIT_ASSERT_STATUS(pe_group_read_error(0), PAPI_ECNFLCT);
	CU_ASSERT_PTR_NOT_NULL(strstr(papi_error_reason(), "error state"));
	UNIT_ASSERT_STATUS(pe_group_read_error(32), PAPI_ECNFLCT);
	CU_ASSERT_PTR_NOT_NULL(strstr(papi_error_reason(), "32 bytes read"));
}

int main(void)
{
	if (CU_initialize_registry() != CUE_SUCCESS)
		return 2;
	CU_pSuite suite = CU_add_suite("the read's own system call", NULL, NULL);
	if (!suite || !CU_add_test(suite, "pipe: bytes and end of file", test_pipe_bytes_and_end) ||
	    !CU_add_test(suite, "errors are -errno", test_errors_are_negative_errno) ||
	    !CU_add_test(suite, "a group read as libc reads it", test_group_read_as_libc) ||
	    !CU_add_test(suite, "the read paths' errors", test_read_errors)) {
		CU_cleanup_registry();
		return 2;
	}
	return unit_run_all();
}
