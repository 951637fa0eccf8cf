// SPDX-License-Identifier: BSD-3-Clause
/* Hardware-path overflow on perf::TASK-CLOCK (a software event that perf
 * samples like a counter): with a threshold of 1 ms of CPU time, 300 ms of
 * work calls the handler about 300 times, always in the thread that owns the
 * event set, with the event set's id, a non-NULL address and an overflow
 * vector that PAPI_get_overflow_event_index turns back into the event's
 * index. After PAPI_stop no handler runs; threshold 0 turns overflow off. */
#include "ctest_util.h"

#include <stdatomic.h>
#include <sys/syscall.h>
#include <unistd.h>

#define THRESHOLD_NS 1000000
#define WORK_NS      300000000LL

static atomic_int calls;
static atomic_int wrong_thread;
static atomic_int wrong_set;
static atomic_int null_address;
static atomic_int bad_index;
static pid_t owner_tid;
static int expected_set;

static void handler(int eventset, void *address, long long vector, void *context)
{
	int indexes[4];
	int number = 4;

	(void)context;
	atomic_fetch_add(&calls, 1);
	if ((pid_t)syscall(SYS_gettid) != owner_tid)
		atomic_fetch_add(&wrong_thread, 1);
	if (eventset != expected_set)
		atomic_fetch_add(&wrong_set, 1);
	if (address == NULL)
		atomic_fetch_add(&null_address, 1);
	if (PAPI_get_overflow_event_index(eventset, vector, indexes, &number) != PAPI_OK ||
	    number != 1 || indexes[0] != 1)
		atomic_fetch_add(&bad_index, 1);
}

int main(int argc, char **argv)
{
	const char *const names[] = {"perf::PAGE-FAULTS", "perf::TASK-CLOCK"};
	long long values[2];
	int eventset, code, state, after_stop;
	long switches;

	ctest_init(argc, argv);
	ctest_library_init();
	ctest_require_perf_events();
	owner_tid = (pid_t)syscall(SYS_gettid);
	eventset = ctest_eventset_of(names, 2);
	expected_set = eventset;
	CHECK_OK(PAPI_event_name_to_code("perf::TASK-CLOCK", &code));

	CHECK_OK(PAPI_overflow(eventset, code, THRESHOLD_NS, 0, handler));
	CHECK_OK(PAPI_state(eventset, &state));
	FAIL_IF(!(state & PAPI_OVERFLOWING), "state %#x lacks PAPI_OVERFLOWING", state);

	switches = ctest_thread_switches();
	CHECK_OK(PAPI_start(eventset));
	ctest_busy_cpu_ns(WORK_NS);
	CHECK_OK(PAPI_stop(eventset, values));
	switches = ctest_thread_switches() - switches;
	after_stop = atomic_load(&calls);
	ctest_busy_cpu_ns(20000000);

	ctest_note("%d handler calls for %lld ns of task clock (threshold %d ns), %ld switches",
	           after_stop, values[1], THRESHOLD_NS, switches);
	FAIL_IF(values[1] < ctest_clock_floor_ns(WORK_NS, switches),
	        "TASK-CLOCK counted %lld ns for %lld ns of work (%ld context switches)", values[1],
	        WORK_NS, switches);
	{
		long long expected = values[1] / THRESHOLD_NS;
		FAIL_IF(after_stop < expected * 8 / 10 || after_stop > expected + 2,
		        "%d handler calls, expected about %lld", after_stop, expected);
	}
	FAIL_IF(atomic_load(&calls) != after_stop, "%d handler calls after PAPI_stop",
	        atomic_load(&calls) - after_stop);
	FAIL_IF(atomic_load(&wrong_thread), "%d calls ran in another thread",
	        atomic_load(&wrong_thread));
	FAIL_IF(atomic_load(&wrong_set), "%d calls named another event set",
	        atomic_load(&wrong_set));
	FAIL_IF(atomic_load(&null_address), "%d calls had no address", atomic_load(&null_address));
	FAIL_IF(atomic_load(&bad_index), "%d calls' vectors did not map to event index 1",
	        atomic_load(&bad_index));

	/* Threshold 0: no more overflow. */
	CHECK_OK(PAPI_overflow(eventset, code, 0, 0, handler));
	CHECK_OK(PAPI_state(eventset, &state));
	FAIL_IF(state & PAPI_OVERFLOWING, "state %#x still has PAPI_OVERFLOWING", state);
	atomic_store(&calls, 0);
	switches = ctest_thread_switches();
	CHECK_OK(PAPI_start(eventset));
	ctest_busy_cpu_ns(50000000);
	CHECK_OK(PAPI_stop(eventset, values));
	switches = ctest_thread_switches() - switches;
	FAIL_IF(atomic_load(&calls) != 0, "%d handler calls with overflow off",
	        atomic_load(&calls));
	FAIL_IF(values[1] < ctest_clock_floor_ns(50000000, switches),
	        "after overflow, TASK-CLOCK counted only %lld ns for 50 ms (%ld context switches)",
	        values[1], switches);

	ctest_eventset_free(&eventset);
	ctest_pass();
}
