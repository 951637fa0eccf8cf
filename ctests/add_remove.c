// SPDX-License-Identifier: BSD-3-Clause
/* Adding and removing single events, by code and by name: the set lists its
 * events in the order they were added, refuses a duplicate, refuses to
 * remove what it does not hold, and counts the events that remain. */
#include "ctest_util.h"

static void expect_events(int eventset, const int *expected, int count)
{
	int listed[16];
	int number = 16;

	EXPECT_RC(PAPI_num_events(eventset), count);
	CHECK_OK(PAPI_list_events(eventset, listed, &number));
	FAIL_IF(number != count, "PAPI_list_events reports %d events, expected %d", number, count);
	for (int i = 0; i < count; i++)
		FAIL_IF(listed[i] != expected[i], "event %d of the set is %#x, expected %#x", i,
		        (unsigned)listed[i], (unsigned)expected[i]);
}

int main(int argc, char **argv)
{
	int task_clock = 0, page_faults = 0, cpu_clock = 0, switches = 0;
	int eventset = PAPI_NULL;
	long long values[2] = {0, 0};

	ctest_init(argc, argv);
	ctest_library_init();
	ctest_require_perf_events();

	CHECK_OK(PAPI_event_name_to_code("perf::TASK-CLOCK", &task_clock));
	CHECK_OK(PAPI_event_name_to_code("perf::PAGE-FAULTS", &page_faults));
	CHECK_OK(PAPI_event_name_to_code("perf::CPU-CLOCK", &cpu_clock));
	CHECK_OK(PAPI_event_name_to_code("perf::CONTEXT-SWITCHES", &switches));
	CHECK_OK(PAPI_create_eventset(&eventset));

	CHECK_OK(PAPI_add_event(eventset, task_clock));
	CHECK_OK(PAPI_add_named_event(eventset, "perf::PAGE-FAULTS"));
	CHECK_OK(PAPI_add_event(eventset, cpu_clock));
	expect_events(eventset, (const int[]){task_clock, page_faults, cpu_clock}, 3);

	EXPECT_RC(PAPI_add_event(eventset, task_clock), PAPI_ECNFLCT);
	EXPECT_RC(PAPI_add_named_event(eventset, "perf::PAGE-FAULTS"), PAPI_ECNFLCT);
	expect_events(eventset, (const int[]){task_clock, page_faults, cpu_clock}, 3);

	EXPECT_RC(PAPI_remove_event(eventset, switches), PAPI_EINVAL);
	EXPECT_RC(PAPI_remove_named_event(eventset, "perf::CONTEXT-SWITCHES"), PAPI_EINVAL);
	EXPECT_RC(PAPI_add_event(eventset, 0), PAPI_EINVAL);

	/* Remove from the middle, then by name from the front. */
	CHECK_OK(PAPI_remove_event(eventset, page_faults));
	expect_events(eventset, (const int[]){task_clock, cpu_clock}, 2);
	CHECK_OK(PAPI_remove_named_event(eventset, "perf::TASK-CLOCK"));
	expect_events(eventset, (const int[]){cpu_clock}, 1);
	EXPECT_RC(PAPI_remove_event(eventset, task_clock), PAPI_EINVAL);

	/* What remains counts, and a removed event can come back. */
	CHECK_OK(PAPI_add_named_event(eventset, "perf::TASK-CLOCK"));
	expect_events(eventset, (const int[]){cpu_clock, task_clock}, 2);
	CHECK_OK(PAPI_start(eventset));
	ctest_busy_cpu_ns(10000000);
	CHECK_OK(PAPI_stop(eventset, values));
	FAIL_IF(values[0] < 5000000 || values[1] < 5000000,
	        "CPU-CLOCK %lld and TASK-CLOCK %lld ns for 10 ms of work", values[0], values[1]);

	CHECK_OK(PAPI_remove_event(eventset, cpu_clock));
	CHECK_OK(PAPI_remove_event(eventset, task_clock));
	expect_events(eventset, NULL, 0);
	CHECK_OK(PAPI_destroy_eventset(&eventset));

	ctest_pass();
}
