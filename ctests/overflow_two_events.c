// SPDX-License-Identifier: BSD-3-Clause
/* Two overflowing events in one set (hardware path): perf::TASK-CLOCK every
 * 2 ms of CPU time and perf::PAGE-FAULTS every 50 faults. Over 400 ms of work
 * and 2000 fresh pages the handler sees about 200 and 40 overflows, told
 * apart by the vector and PAPI_get_overflow_event_index; turning one off
 * (threshold 0) leaves the other overflowing. (perf::CPU-CLOCK is not used
 * to overflow: its hrtimer loses periods at context switches, half of them
 * in the lab's x86_64 guest.) */
#include "ctest_util.h"

#include <stdatomic.h>

static atomic_int task_calls;
static atomic_int fault_calls;
static atomic_int problems;

static void handler(int eventset, void *address, long long vector, void *context)
{
	int indexes[3];
	int number = 3;

	(void)address;
	(void)context;
	if (PAPI_get_overflow_event_index(eventset, vector, indexes, &number) != PAPI_OK ||
	    number != 1) {
		atomic_fetch_add(&problems, 1);
		return;
	}
	if (indexes[0] == 1)
		atomic_fetch_add(&task_calls, 1);
	else if (indexes[0] == 0)
		atomic_fetch_add(&fault_calls, 1);
	else
		atomic_fetch_add(&problems, 1);
}

/* floor_percent: page faults overflow exactly; TASK-CLOCK keeps 80%. */
static void check_about(const char *what, int calls, long long counted, long long threshold,
                        int floor_percent)
{
	long long expected = counted / threshold;

	FAIL_IF(calls < expected * floor_percent / 100 || calls > expected + 2,
	        "%s: %d overflows for a count of %lld at a threshold of %lld", what, calls, counted,
	        threshold);
}

int main(int argc, char **argv)
{
	const char *const names[] = {"perf::PAGE-FAULTS", "perf::TASK-CLOCK", "perf::CPU-CLOCK"};
	long long values[3];
	int eventset, task_code, fault_code;
	char *pages;

	ctest_init(argc, argv);
	ctest_library_init();
	ctest_require_perf_events();
	eventset = ctest_eventset_of(names, 3);
	CHECK_OK(PAPI_event_name_to_code("perf::TASK-CLOCK", &task_code));
	CHECK_OK(PAPI_event_name_to_code("perf::PAGE-FAULTS", &fault_code));
	CHECK_OK(PAPI_overflow(eventset, task_code, 2000000, 0, handler));
	CHECK_OK(PAPI_overflow(eventset, fault_code, 50, 0, handler));

	pages = ctest_fresh_pages(2000);
	CHECK_OK(PAPI_start(eventset));
	ctest_touch_pages(pages, 2000);
	ctest_busy_cpu_ns(400000000);
	CHECK_OK(PAPI_stop(eventset, values));
	ctest_free_pages(pages, 2000);
	ctest_note("TASK-CLOCK %lld ns: %d overflows; PAGE-FAULTS %lld: %d overflows", values[1],
	           atomic_load(&task_calls), values[0], atomic_load(&fault_calls));
	FAIL_IF(atomic_load(&problems), "%d overflows had a bad vector", atomic_load(&problems));
	FAIL_IF(values[0] < 2000, "only %lld page faults for 2000 fresh pages", values[0]);
	check_about("TASK-CLOCK", atomic_load(&task_calls), values[1], 2000000, 80);
	check_about("PAGE-FAULTS", atomic_load(&fault_calls), values[0], 50, 97);

	/* PAGE-FAULTS off: TASK-CLOCK still overflows, PAGE-FAULTS no more. */
	CHECK_OK(PAPI_overflow(eventset, fault_code, 0, 0, handler));
	atomic_store(&task_calls, 0);
	atomic_store(&fault_calls, 0);
	pages = ctest_fresh_pages(1000);
	CHECK_OK(PAPI_start(eventset));
	ctest_touch_pages(pages, 1000);
	ctest_busy_cpu_ns(100000000);
	CHECK_OK(PAPI_stop(eventset, values));
	ctest_free_pages(pages, 1000);
	FAIL_IF(atomic_load(&fault_calls) != 0, "PAGE-FAULTS overflowed %d times after threshold 0",
	        atomic_load(&fault_calls));
	check_about("TASK-CLOCK alone", atomic_load(&task_calls), values[1], 2000000, 80);

	CHECK_OK(PAPI_overflow(eventset, task_code, 0, 0, handler));
	ctest_eventset_free(&eventset);
	ctest_pass();
}
