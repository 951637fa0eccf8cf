// SPDX-License-Identifier: BSD-3-Clause
/* Software overflow (PAPI_OVERFLOW_FORCE_SW): a timer on the owner thread's
 * CPU clock (10 ms) reads the set and calls the handler once an event passed
 * its threshold. On perf::PAGE-FAULTS with a threshold of 100 faults, each of
 * 30 chunks touches 100 fresh pages, then works until the handler was called:
 * exactly one call per chunk, each in the owner thread with an address and
 * the event's bit in the vector; the counts read after PAPI_stop are exact,
 * unlike the hardware path's. The work is not a fixed 10 ms: the kernel
 * checks a thread's CPU timers only at a scheduler tick that finds the thread
 * running, and on a loaded machine, where the thread runs in slices shorter
 * than a tick, 300 ms of its CPU time saw 8 expiries (8 calls for 30
 * thresholds passed). */
#include "ctest_util.h"

#include <stdatomic.h>
#include <sys/syscall.h>
#include <unistd.h>

#define CHUNKS    30
#define THRESHOLD 100
#define PAGES     (CHUNKS * THRESHOLD)
/* The CPU time a chunk may take to see its call: a hundred periods. */
#define CALL_WAIT_NS 1000000000LL

static atomic_int calls;
static atomic_int problems;
static pid_t owner_tid;

static void handler(int eventset, void *address, long long vector, void *context)
{
	int indexes[2];
	int number = 2;

	(void)context;
	atomic_fetch_add(&calls, 1);
	if ((pid_t)syscall(SYS_gettid) != owner_tid || address == NULL)
		atomic_fetch_add(&problems, 1);
	if (PAPI_get_overflow_event_index(eventset, vector, indexes, &number) != PAPI_OK ||
	    number != 1 || indexes[0] != 0)
		atomic_fetch_add(&problems, 1);
}

int main(int argc, char **argv)
{
	const char *const names[] = {"perf::PAGE-FAULTS", "perf::TASK-CLOCK"};
	long long values[2];
	int eventset, code, state;
	char *pages;

	ctest_init(argc, argv);
	ctest_library_init();
	ctest_require_perf_events();
	owner_tid = (pid_t)syscall(SYS_gettid);
	eventset = ctest_eventset_of(names, 2);
	CHECK_OK(PAPI_event_name_to_code("perf::PAGE-FAULTS", &code));
	CHECK_OK(PAPI_overflow(eventset, code, THRESHOLD, PAPI_OVERFLOW_FORCE_SW, handler));
	CHECK_OK(PAPI_state(eventset, &state));
	FAIL_IF(!(state & PAPI_OVERFLOWING), "state %#x lacks PAPI_OVERFLOWING", state);

	pages = ctest_fresh_pages(PAGES);
	CHECK_OK(PAPI_start(eventset));
	for (int chunk = 0; chunk < CHUNKS; chunk++) {
		int before = atomic_load(&calls);
		long long waited = ctest_thread_cpu_ns();
		ctest_touch_pages(pages + (size_t)chunk * THRESHOLD * ctest_page_size(), THRESHOLD);
		while (atomic_load(&calls) == before &&
		       ctest_thread_cpu_ns() - waited < CALL_WAIT_NS)
			ctest_busy_cpu_ns(1000000);
		FAIL_IF(atomic_load(&calls) == before,
		        "chunk %d: no handler call within %lld ms of CPU time after its %d faults",
		        chunk, CALL_WAIT_NS / 1000000, THRESHOLD);
	}
	CHECK_OK(PAPI_stop(eventset, values));
	ctest_free_pages(pages, PAGES);

	ctest_note("%lld page faults, %d handler calls (threshold %d)", values[0],
	           atomic_load(&calls), THRESHOLD);
	FAIL_IF(values[0] < PAGES, "PAGE-FAULTS counted %lld for %d fresh pages", values[0], PAGES);
	FAIL_IF(atomic_load(&calls) > values[0] / THRESHOLD,
	        "%d handler calls for %lld faults: more than one per threshold",
	        atomic_load(&calls), values[0]);
	FAIL_IF(atomic_load(&calls) < CHUNKS, "only %d handler calls for %lld faults in %d chunks",
	        atomic_load(&calls), values[0], CHUNKS);
	FAIL_IF(atomic_load(&problems) != 0,
	        "%d handler calls were wrong (thread, address "
	        "or vector)",
	        atomic_load(&problems));

	/* One kind of overflow per set: hardware on top of software is refused. */
	{
		int clock_code;
		CHECK_OK(PAPI_event_name_to_code("perf::TASK-CLOCK", &clock_code));
		EXPECT_RC(PAPI_overflow(eventset, clock_code, 1000000, 0, handler), PAPI_ECNFLCT);
	}
	CHECK_OK(PAPI_overflow(eventset, code, 0, 0, NULL));
	CHECK_OK(PAPI_state(eventset, &state));
	FAIL_IF(state & PAPI_OVERFLOWING, "state %#x still has PAPI_OVERFLOWING", state);
	ctest_eventset_free(&eventset);
	ctest_pass();
}
