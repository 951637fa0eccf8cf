// SPDX-License-Identifier: BSD-3-Clause
/* PAPI_reset zeroes the counters: on a running set a read right after the
 * reset is far below the read before it and counting resumes from zero; on
 * a stopped set the stored values read back as zero. */
#include "ctest_util.h"

int main(int argc, char **argv)
{
	const char *const names[] = {"perf::TASK-CLOCK", "perf::PAGE-FAULTS"};
	const size_t pages = 512;
	long long before[2], after[2], later[2], stopped[2];
	long long cpu0, cpu1;
	char *memory;
	int eventset;

	ctest_init(argc, argv);
	ctest_library_init();
	ctest_require_perf_events();
	eventset = ctest_eventset_of(names, 2);

	memory = ctest_fresh_pages(pages);
	CHECK_OK(PAPI_start(eventset));
	ctest_touch_pages(memory, pages);
	ctest_busy_cpu_ns(50000000);
	CHECK_OK(PAPI_read(eventset, before));
	CHECK_OK(PAPI_reset(eventset));
	CHECK_OK(PAPI_read(eventset, after));
	ctest_note("before reset: %lld ns %lld faults; right after: %lld ns %lld faults", before[0],
	           before[1], after[0], after[1]);
	FAIL_IF(before[0] < 40000000, "TASK-CLOCK read %lld ns after 50 ms of work", before[0]);
	FAIL_IF(before[1] < (long long)pages, "PAGE-FAULTS read %lld after %zu fresh pages",
	        before[1], pages);
	FAIL_IF(after[0] < 0 || after[0] > before[0] / 20,
	        "TASK-CLOCK read %lld ns right after a reset (%lld before)", after[0], before[0]);
	FAIL_IF(after[1] < 0 || after[1] > 16,
	        "PAGE-FAULTS read %lld right after a reset (%lld "
	        "before)",
	        after[1], before[1]);

	long long irq_steal = ctest_irq_steal_ns();
	cpu0 = ctest_thread_cpu_ns();
	ctest_busy_cpu_ns(20000000);
	cpu1 = ctest_thread_cpu_ns();
	CHECK_OK(PAPI_stop(eventset, later));
	FAIL_IF(later[0] < (cpu1 - cpu0) * 0.95 ||
	            later[0] > ctest_clock_ceiling_ns(cpu1 - cpu0, irq_steal) + after[0],
	        "after the reset TASK-CLOCK counted %lld ns for %lld ns of work", later[0],
	        cpu1 - cpu0);
	ctest_free_pages(memory, pages);

	FAIL_IF(later[0] == 0, "the stopped set holds no count");
	CHECK_OK(PAPI_reset(eventset));
	CHECK_OK(PAPI_read(eventset, stopped));
	FAIL_IF(stopped[0] != 0 || stopped[1] != 0,
	        "a stopped set reads %lld, %lld after a reset, expected 0, 0", stopped[0],
	        stopped[1]);

	ctest_eventset_free(&eventset);
	ctest_pass();
}
