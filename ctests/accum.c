// SPDX-License-Identifier: BSD-3-Clause
/* PAPI_accum adds the counts since the last start/reset/accum into the
 * caller's array and restarts the counters: sums grow by each interval's
 * work, whatever the array held before, and a read right after is small. */
#include "ctest_util.h"

#define OFFSET 1000000000000LL

/* added: the task clock over an interval in which this thread's CPU clock
 * saw cpu_ns, the machine's interrupt and steal time having been
 * irq_steal_before at its start (a load of 6.8 once made it 82 ms for
 * 60 ms of CPU time). */
static void check_interval(long long added, long long cpu_ns, long long irq_steal_before,
                           const char *what)
{
	FAIL_IF(added < cpu_ns * 0.95 - ctest_call_allowance_ns() ||
	            added > ctest_clock_ceiling_ns(cpu_ns, irq_steal_before),
	        "%s added %lld ns for an interval of %lld ns of thread CPU time", what, added,
	        cpu_ns);
}

int main(int argc, char **argv)
{
	const char *const names[] = {"perf::TASK-CLOCK", "perf::PAGE-FAULTS"};
	const size_t pages = 300;
	long long sums[2] = {OFFSET, 7}, previous[2], right_after[2];
	long long mark0, mark1, mark2;
	char *memory;
	int eventset;

	ctest_init(argc, argv);
	ctest_library_init();
	ctest_require_perf_events();
	eventset = ctest_eventset_of(names, 2);
	memory = ctest_fresh_pages(pages);

	long long irq_steal0 = ctest_irq_steal_ns();
	mark0 = ctest_thread_cpu_ns();
	CHECK_OK(PAPI_start(eventset));
	ctest_busy_cpu_ns(30000000);
	ctest_touch_pages(memory, pages);
	CHECK_OK(PAPI_accum(eventset, sums));
	mark1 = ctest_thread_cpu_ns();
	long long irq_steal1 = ctest_irq_steal_ns();
	ctest_note("first accum: %lld ns, %lld faults", sums[0] - OFFSET, sums[1] - 7);
	check_interval(sums[0] - OFFSET, mark1 - mark0, irq_steal0, "the first PAPI_accum");
	FAIL_IF(sums[1] - 7 < (long long)pages || sums[1] - 7 > (long long)pages + 64,
	        "the first PAPI_accum added %lld faults for %zu fresh pages", sums[1] - 7, pages);

	CHECK_OK(PAPI_read(eventset, right_after));
	/* What PAPI_accum's restart and this read take: little natively. */
	FAIL_IF(right_after[0] > (sums[0] - OFFSET) / 20 + ctest_call_allowance_ns(),
	        "TASK-CLOCK reads %lld ns right after PAPI_accum took %lld: not restarted",
	        right_after[0], sums[0] - OFFSET);
	FAIL_IF(right_after[1] > 16, "PAGE-FAULTS reads %lld right after PAPI_accum",
	        right_after[1]);

	previous[0] = sums[0];
	previous[1] = sums[1];
	ctest_busy_cpu_ns(60000000);
	CHECK_OK(PAPI_accum(eventset, sums));
	mark2 = ctest_thread_cpu_ns();
	ctest_note("second accum added %lld ns, %lld faults", sums[0] - previous[0],
	           sums[1] - previous[1]);
	check_interval(sums[0] - previous[0], mark2 - mark1, irq_steal1, "the second PAPI_accum");
	FAIL_IF(sums[1] < previous[1] || sums[1] - previous[1] > 64,
	        "the second PAPI_accum added %lld faults without touching memory",
	        sums[1] - previous[1]);

	CHECK_OK(PAPI_stop(eventset, NULL));
	ctest_free_pages(memory, pages);
	ctest_eventset_free(&eventset);
	ctest_pass();
}
