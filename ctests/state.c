// SPDX-License-Identifier: BSD-3-Clause
/* PAPI_state reports PAPI_STOPPED for a new, a stopped and a cleaned set,
 * PAPI_RUNNING between start and stop, and rejects a NULL status or an
 * unknown set. */
#include "ctest_util.h"

static void expect_state(int eventset, int wanted, const char *when)
{
	int status = -1;

	CHECK_OK(PAPI_state(eventset, &status));
	FAIL_IF(!(status & wanted), "state %#x %s lacks %#x", (unsigned)status, when,
	        (unsigned)wanted);
	FAIL_IF((status & (PAPI_STOPPED | PAPI_RUNNING)) == (PAPI_STOPPED | PAPI_RUNNING),
	        "state %#x %s is both stopped and running", (unsigned)status, when);
}

int main(int argc, char **argv)
{
	int eventset = PAPI_NULL;
	int status;

	ctest_init(argc, argv);
	ctest_library_init();
	ctest_require_perf_events();

	CHECK_OK(PAPI_create_eventset(&eventset));
	expect_state(eventset, PAPI_STOPPED, "of a new set");
	CHECK_OK(PAPI_add_named_event(eventset, "perf::TASK-CLOCK"));
	expect_state(eventset, PAPI_STOPPED, "after an add");
	CHECK_OK(PAPI_start(eventset));
	expect_state(eventset, PAPI_RUNNING, "after start");
	CHECK_OK(PAPI_stop(eventset, NULL));
	expect_state(eventset, PAPI_STOPPED, "after stop");
	CHECK_OK(PAPI_start(eventset));
	expect_state(eventset, PAPI_RUNNING, "after a second start");
	CHECK_OK(PAPI_stop(eventset, NULL));
	CHECK_OK(PAPI_cleanup_eventset(eventset));
	expect_state(eventset, PAPI_STOPPED, "after cleanup");

	EXPECT_RC(PAPI_state(eventset, NULL), PAPI_EINVAL);
	EXPECT_RC(PAPI_state(eventset + 1000, &status), PAPI_ENOEVST);
	EXPECT_RC(PAPI_state(PAPI_NULL, &status), PAPI_ENOEVST);

	CHECK_OK(PAPI_destroy_eventset(&eventset));
	ctest_pass();
}
