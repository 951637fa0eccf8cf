/* The core's software multiplexer (PAPI_MULTIPLEX_FORCE_SW) with 64 events:
 * the 64 spellings of perf's two software clocks (TASK-CLOCK, CPU-CLOCK and
 * their PERF_COUNT_SW_* names, each with every subset of the :u :k :mg :mh
 * modifiers). perf_event reports no hardware counters here, so each event
 * gets a slice of its own and counts a 64th of the time; scaled by the
 * share of CPU time it counted, each estimates the thread's CPU time.
 * Under a hypervisor these clocks also count stolen time, which the
 * multiplexer's CPU-time base does not see, so a slice hit by steal can be
 * far off: the test asks for a median error under 3% and 90% of the events
 * within 10%, every one within a factor of two, and PAPI_read mid-way. */
#include "ctest_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define EVENTS 64

static int compare_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
	static const char *const bases[] = {"TASK-CLOCK", "PERF_COUNT_SW_TASK_CLOCK", "CPU-CLOCK",
	                                    "PERF_COUNT_SW_CPU_CLOCK"};
	static const char *const modifiers[] = {"u", "k", "mg", "mh"};
	long long values[EVENTS], cpu0, cpu1;
	double errors[EVENTS];
	PAPI_option_t option;
	int eventset = PAPI_NULL, added = 0, within = 0;

	ctest_init(argc, argv);
	ctest_library_init();
	ctest_require_perf_events();
	CHECK_OK(PAPI_multiplex_init());
	eventset = ctest_software_multiplexed_eventset(1000000);
	memset(&option, 0, sizeof(option));
	option.multiplex.eventset = eventset;
	FAIL_IF(PAPI_get_opt(PAPI_MULTIPLEX, &option) != 1, "the set is not multiplexed");
	FAIL_IF(!(option.multiplex.flags & PAPI_MULTIPLEX_FORCE_SW),
	        "the set does not report software multiplexing");

	for (int b = 0; b < 4; b++) {
		for (int subset = 0; subset < 16; subset++) {
			char name[128];
			size_t used = (size_t)snprintf(name, sizeof(name), "perf::%s", bases[b]);
			for (int m = 0; m < 4; m++)
				if (subset & (1 << m))
					used += (size_t)snprintf(name + used, sizeof(name) - used,
					                         ":%s", modifiers[m]);
			int rc = PAPI_add_named_event(eventset, name);
			FAIL_IF(rc != PAPI_OK, "adding %s returned %s%s", name, ctest_errname(rc),
			        ctest_reason());
			added++;
		}
	}
	FAIL_IF(PAPI_num_events(eventset) != EVENTS, "%d events in the set",
	        PAPI_num_events(eventset));

	cpu0 = ctest_thread_cpu_ns();
	CHECK_OK(PAPI_start(eventset));
	ctest_busy_cpu_ns(600000000);
	CHECK_OK(PAPI_read(eventset, values));
	for (int i = 0; i < EVENTS; i++)
		FAIL_IF(values[i] < 0, "event %d read %lld mid-way", i, values[i]);
	ctest_busy_cpu_ns(600000000);
	CHECK_OK(PAPI_stop(eventset, values));
	cpu1 = ctest_thread_cpu_ns();

	for (int i = 0; i < EVENTS; i++) {
		double error = (double)values[i] / (double)(cpu1 - cpu0) - 1.0;
		errors[i] = error < 0 ? -error : error;
		within += errors[i] <= 0.10;
		FAIL_IF(values[i] <= 0 || errors[i] > 1.0,
		        "event %d estimated %lld ns for %lld ns of CPU time", i, values[i],
		        cpu1 - cpu0);
	}
	qsort(errors, EVENTS, sizeof(errors[0]), compare_double);
	ctest_note("%d events over %lld ns of CPU: median error %.2f%%, worst %.2f%%, %d within "
	           "10%%",
	           added, cpu1 - cpu0, 100 * errors[EVENTS / 2], 100 * errors[EVENTS - 1], within);
	FAIL_IF(errors[EVENTS / 2] > 0.03, "median error %.2f%%", 100 * errors[EVENTS / 2]);
	FAIL_IF(within < EVENTS * 9 / 10, "only %d of %d events within 10%%", within, EVENTS);

	ctest_eventset_free(&eventset);
	ctest_pass();
}
