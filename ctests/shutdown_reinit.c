// SPDX-License-Identifier: BSD-3-Clause
/* PAPI_shutdown stops and frees the event sets of the thread (even one that
 * is running); after a new PAPI_library_init the old handle is gone and new
 * event sets count as before. */
#include "ctest_util.h"

/* The sets here hold TASK-CLOCK first and at most one more event. */
static long long count_task_clock(int eventset)
{
	long long values[2] = {0, 0};

	CHECK_OK(PAPI_start(eventset));
	ctest_busy_cpu_ns(20000000);
	CHECK_OK(PAPI_stop(eventset, values));
	return values[0];
}

int main(int argc, char **argv)
{
	const char *const names[] = {"perf::TASK-CLOCK", "perf::PAGE-FAULTS"};
	int stopped_set, running_set, fresh_set;
	long long value;
	int rc;

	ctest_init(argc, argv);
	ctest_library_init();
	ctest_require_perf_events();

	stopped_set = ctest_eventset_of(names, 2);
	value = count_task_clock(stopped_set);
	FAIL_IF(value < 10000000, "perf::TASK-CLOCK counted %lld ns for 20 ms of work", value);

	running_set = ctest_eventset_of(names, 1);
	CHECK_OK(PAPI_start(running_set));
	PAPI_shutdown();
	FAIL_IF(PAPI_is_initialized() != PAPI_NOT_INITED,
	        "PAPI_is_initialized() is %d after PAPI_shutdown", PAPI_is_initialized());

	ctest_library_init();
	rc = PAPI_num_events(stopped_set);
	FAIL_IF(rc != PAPI_ENOEVST,
	        "PAPI_num_events on an event set from before shutdown returned %s, expected "
	        "PAPI_ENOEVST",
	        ctest_errname(rc));
	rc = PAPI_num_events(running_set);
	FAIL_IF(rc != PAPI_ENOEVST,
	        "PAPI_num_events on a set running at shutdown returned %s, expected PAPI_ENOEVST",
	        ctest_errname(rc));

	/* The set that was running must not hold the counters any more. */
	fresh_set = ctest_eventset_of(names, 2);
	value = count_task_clock(fresh_set);
	FAIL_IF(value < 10000000,
	        "after re-init perf::TASK-CLOCK counted %lld ns for 20 ms of work", value);
	ctest_eventset_free(&fresh_set);

	ctest_pass();
}
