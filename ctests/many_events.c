// SPDX-License-Identifier: BSD-3-Clause
/* Eight software events in one set all open, start and count together: the
 * clocks track thread CPU time, faults track touched pages, switches track
 * sleeps (counted in kernel mode, so the set counts in PAPI_DOM_ALL where
 * that is allowed), and the events with little to count stay small. */
#include "ctest_util.h"

#include <string.h>

enum {
	TASK_CLOCK,
	CPU_CLOCK,
	PAGE_FAULTS,
	MINOR_FAULTS,
	MAJOR_FAULTS,
	CONTEXT_SWITCHES,
	CPU_MIGRATIONS,
	CGROUP_SWITCHES,
	EVENT_COUNT
};

int main(int argc, char **argv)
{
	const char *const names[EVENT_COUNT] = {
	    [TASK_CLOCK] = "perf::TASK-CLOCK",
	    [CPU_CLOCK] = "perf::CPU-CLOCK",
	    [PAGE_FAULTS] = "perf::PAGE-FAULTS",
	    [MINOR_FAULTS] = "perf::MINOR-FAULTS",
	    [MAJOR_FAULTS] = "perf::MAJOR-FAULTS",
	    [CONTEXT_SWITCHES] = "perf::CONTEXT-SWITCHES",
	    [CPU_MIGRATIONS] = "perf::CPU-MIGRATIONS",
	    [CGROUP_SWITCHES] = "perf::CGROUP-SWITCHES",
	};
	const size_t pages = 2000;
	const int sleeps = 10;
	long long values[EVENT_COUNT], cpu0, cpu1, cpu;
	bool all_domains = ctest_kernel_domain_allowed();
	PAPI_option_t option;
	char *memory;
	int eventset;

	ctest_init(argc, argv);
	ctest_library_init();
	ctest_require_perf_events();
	eventset = ctest_eventset_of(names, EVENT_COUNT);
	EXPECT_RC(PAPI_num_events(eventset), EVENT_COUNT);
	if (all_domains) {
		memset(&option, 0, sizeof(option));
		option.domain.eventset = eventset;
		option.domain.domain = PAPI_DOM_ALL;
		CHECK_OK(PAPI_set_opt(PAPI_DOMAIN, &option));
	}
	memory = ctest_fresh_pages(pages);

	long long irq_steal = ctest_irq_steal_ns();
	cpu0 = ctest_thread_cpu_ns();
	CHECK_OK(PAPI_start(eventset));
	ctest_touch_pages(memory, pages);
	for (int i = 0; i < sleeps; i++) {
		ctest_busy_cpu_ns(5000000);
		ctest_sleep_ns(1000000);
	}
	CHECK_OK(PAPI_stop(eventset, values));
	cpu1 = ctest_thread_cpu_ns();
	cpu = cpu1 - cpu0;
	ctest_free_pages(memory, pages);
	for (int i = 0; i < EVENT_COUNT; i++)
		ctest_note("%-24s %lld", names[i], values[i]);

	FAIL_IF(values[TASK_CLOCK] < cpu * 0.9 ||
	            values[TASK_CLOCK] > ctest_clock_ceiling_ns(cpu, irq_steal),
	        "TASK-CLOCK %lld ns for %lld ns of thread CPU time", values[TASK_CLOCK], cpu);
	FAIL_IF(values[CPU_CLOCK] < cpu * 0.9 ||
	            values[CPU_CLOCK] > ctest_clock_ceiling_ns(cpu, irq_steal),
	        "CPU-CLOCK %lld ns for %lld ns of thread CPU time", values[CPU_CLOCK], cpu);
	FAIL_IF(values[PAGE_FAULTS] < (long long)pages ||
	            values[PAGE_FAULTS] > (long long)pages + 64,
	        "PAGE-FAULTS %lld for %zu fresh pages", values[PAGE_FAULTS], pages);
	FAIL_IF(values[MINOR_FAULTS] < (long long)pages ||
	            values[MINOR_FAULTS] > (long long)pages + 64,
	        "MINOR-FAULTS %lld for %zu fresh pages", values[MINOR_FAULTS], pages);
	FAIL_IF(values[MAJOR_FAULTS] < 0 || values[MAJOR_FAULTS] > 64, "MAJOR-FAULTS %lld",
	        values[MAJOR_FAULTS]);
	if (all_domains)
		FAIL_IF(values[CONTEXT_SWITCHES] < sleeps ||
		            values[CONTEXT_SWITCHES] > 10 * sleeps + 100,
		        "CONTEXT-SWITCHES %lld for %d sleeps", values[CONTEXT_SWITCHES], sleeps);
	FAIL_IF(values[CONTEXT_SWITCHES] < 0 || values[CONTEXT_SWITCHES] > 10 * sleeps + 100,
	        "CONTEXT-SWITCHES %lld for %d sleeps", values[CONTEXT_SWITCHES], sleeps);
	FAIL_IF(values[CPU_MIGRATIONS] < 0 || values[CPU_MIGRATIONS] > values[CONTEXT_SWITCHES],
	        "CPU-MIGRATIONS %lld with %lld context switches", values[CPU_MIGRATIONS],
	        values[CONTEXT_SWITCHES]);
	FAIL_IF(values[CGROUP_SWITCHES] < 0 || values[CGROUP_SWITCHES] > values[CONTEXT_SWITCHES],
	        "CGROUP-SWITCHES %lld with %lld context switches", values[CGROUP_SWITCHES],
	        values[CONTEXT_SWITCHES]);

	ctest_eventset_free(&eventset);
	ctest_pass();
}
