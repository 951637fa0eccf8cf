// SPDX-License-Identifier: BSD-3-Clause
/* PAPI_write sets the counters of a running set: a read right after gives
 * the written values plus what counted since, and counting goes on from
 * there. */
#include "ctest_util.h"

#define WRITTEN_TIME   5000000000000LL
#define WRITTEN_FAULTS 1000000LL

int main(int argc, char **argv)
{
	const char *const names[] = {"perf::TASK-CLOCK", "perf::PAGE-FAULTS"};
	const size_t pages = 256;
	long long written[2] = {WRITTEN_TIME, WRITTEN_FAULTS}, values[2], final[2];
	long long cpu0, cpu1;
	char *memory;
	int eventset;

	ctest_init(argc, argv);
	ctest_library_init();
	ctest_require_perf_events();
	eventset = ctest_eventset_of(names, 2);
	memory = ctest_fresh_pages(pages);

	CHECK_OK(PAPI_start(eventset));
	ctest_busy_cpu_ns(20000000);
	CHECK_OK(PAPI_write(eventset, written));
	long long irq_steal = ctest_irq_steal_ns();
	cpu0 = ctest_thread_cpu_ns();
	CHECK_OK(PAPI_read(eventset, values));
	ctest_note("read after write: %lld, %lld", values[0], values[1]);
	FAIL_IF(values[0] < WRITTEN_TIME || values[0] > WRITTEN_TIME + 2000000,
	        "TASK-CLOCK reads %lld right after writing %lld", values[0], WRITTEN_TIME);
	FAIL_IF(values[1] < WRITTEN_FAULTS || values[1] > WRITTEN_FAULTS + 16,
	        "PAGE-FAULTS reads %lld right after writing %lld", values[1], WRITTEN_FAULTS);

	ctest_touch_pages(memory, pages);
	ctest_busy_cpu_ns(30000000);
	cpu1 = ctest_thread_cpu_ns();
	CHECK_OK(PAPI_stop(eventset, final));
	ctest_note("stop: %lld, %lld", final[0], final[1]);
	FAIL_IF(final[0] - WRITTEN_TIME < (cpu1 - cpu0) * 0.95 ||
	            final[0] - WRITTEN_TIME > ctest_clock_ceiling_ns(cpu1 - cpu0, irq_steal),
	        "TASK-CLOCK went from %lld to %lld over %lld ns of work", WRITTEN_TIME, final[0],
	        cpu1 - cpu0);
	FAIL_IF(final[1] - WRITTEN_FAULTS < (long long)pages ||
	            final[1] - WRITTEN_FAULTS > (long long)pages + 64,
	        "PAGE-FAULTS went from %lld to %lld over %zu fresh pages", WRITTEN_FAULTS, final[1],
	        pages);

	ctest_free_pages(memory, pages);
	ctest_eventset_free(&eventset);
	ctest_pass();
}
