// SPDX-License-Identifier: BSD-3-Clause
/* Two event sets of the same component in one thread: only one may run at a
 * time (starting the other gives PAPI_EISRUN, as in PAPI); used one after
 * the other, each counts its own events and only its own interval. */
#include "ctest_util.h"

int main(int argc, char **argv)
{
	const char *const first_names[] = {"perf::TASK-CLOCK"};
	const char *const second_names[] = {"perf::PAGE-FAULTS", "perf::CPU-CLOCK"};
	const size_t pages = 256;
	long long first[1], second[2], cpu0, cpu1;
	int a, b, status = 0;
	char *memory;

	ctest_init(argc, argv);
	ctest_library_init();
	ctest_require_perf_events();
	a = ctest_eventset_of(first_names, 1);
	b = ctest_eventset_of(second_names, 2);

	CHECK_OK(PAPI_start(a));
	EXPECT_RC(PAPI_start(b), PAPI_EISRUN);
	CHECK_OK(PAPI_state(b, &status));
	FAIL_IF(!(status & PAPI_STOPPED), "the refused start left set b in state %#x",
	        (unsigned)status);
	ctest_busy_cpu_ns(30000000);
	CHECK_OK(PAPI_stop(a, first));

	memory = ctest_fresh_pages(pages);
	long long irq_steal = ctest_irq_steal_ns();
	cpu0 = ctest_thread_cpu_ns();
	CHECK_OK(PAPI_start(b));
	ctest_touch_pages(memory, pages);
	ctest_busy_cpu_ns(5000000);
	CHECK_OK(PAPI_stop(b, second));
	cpu1 = ctest_thread_cpu_ns();
	ctest_free_pages(memory, pages);

	FAIL_IF(first[0] < 28000000, "set a: TASK-CLOCK %lld ns for 30 ms of work", first[0]);
	FAIL_IF(second[0] < (long long)pages, "set b: %lld page faults for %zu fresh pages",
	        second[0], pages);
	FAIL_IF(
	    second[1] < 4000000 || second[1] > ctest_clock_ceiling_ns(cpu1 - cpu0, irq_steal),
	    "set b: CPU-CLOCK %lld ns for %lld ns of thread CPU time (set a's 30 ms leaked in?)",
	    second[1], cpu1 - cpu0);

	ctest_eventset_free(&a);
	ctest_eventset_free(&b);
	ctest_pass();
}
