// SPDX-License-Identifier: BSD-3-Clause
/* The core's software multiplexer (PAPI_MULTIPLEX_FORCE_SW) with 64 events:
 * the 64 spellings of perf's two software clocks (TASK-CLOCK, CPU-CLOCK and
 * their PERF_COUNT_SW_* names, each with every subset of the :u :k :mg :mh
 * modifiers). perf_event reports no hardware counters here, so each event
 * gets a slice of its own and counts a 64th of the time; scaled by the
 * share of CPU time it counted, each estimates the thread's CPU time.
 * Under a hypervisor these clocks also count stolen time, which the
 * multiplexer's CPU-time base does not see, so a slice hit by steal can be
 * far off: the test asks for a median error under 3% and 90% of the events
 * within 10%, every one within a factor of two; a PAPI_read mid-way gives
 * the estimates so far (every one the rotation reached within a factor of
 * two of the CPU time until then, at most a quarter not reached yet, the
 * median within 5%). A second set of four clocks, each in
 * a slice of its own, checks PAPI_reset and PAPI_accum under the
 * multiplexer: after a reset the estimates cover only the time since, an
 * accum adds the interval to the caller's sums and starts the next one. */
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

/* Each of count estimates is within a factor of two of cpu_ns and their
 * median within median_error of it. Up to unreached of them may be 0: a
 * read before the rotation reached their slice has no estimate yet (seen
 * mid-way at a load of 5 to 16, where the thread's CPU-time timer, checked
 * at the scheduler's ticks, rotated less often); they are left out of the
 * median. */
static void check_estimates(const long long *values, int count, long long cpu_ns,
                            double median_error, int unreached, const char *what)
{
	double errors[EVENTS];
	int estimated = 0, zeros = 0;

	for (int i = 0; i < count; i++) {
		if (values[i] == 0 && zeros < unreached) {
			zeros++;
			continue;
		}
		double error = (double)values[i] / (double)cpu_ns - 1.0;
		errors[estimated] = error < 0 ? -error : error;
		FAIL_IF(values[i] <= 0 || errors[estimated] > 1.0,
		        "%s: event %d estimated %lld ns for %lld ns of CPU time", what, i,
		        values[i], cpu_ns);
		estimated++;
	}
	qsort(errors, (size_t)estimated, sizeof(errors[0]), compare_double);
	ctest_note("%s: %d events over %lld ns of CPU, %d not reached yet, median error %.2f%%",
	           what, count, cpu_ns, zeros, 100 * errors[estimated / 2]);
	FAIL_IF(errors[estimated / 2] > median_error, "%s: median error %.2f%% over %lld ns of CPU",
	        what, 100 * errors[estimated / 2], cpu_ns);
}

/* PAPI_reset and PAPI_accum of a software-multiplexed set: four clocks, each
 * its own slice of 1 ms. A reset that did not zero the sums would show the
 * 200 ms before it (twice the expected estimate); an accum that did not add
 * to the caller's values, or did not start a new interval, likewise. */
static void reset_and_accum(void)
{
	static const char *const clocks[] = {"perf::TASK-CLOCK", "perf::CPU-CLOCK",
	                                     "perf::TASK-CLOCK:u", "perf::CPU-CLOCK:u"};
	const long long offset = 1000000000000LL;
	long long values[4], sums[4], cpu_reset, cpu_accum, cpu_stop;
	int eventset = ctest_software_multiplexed_eventset(1000000);

	for (int i = 0; i < 4; i++)
		CHECK_OK(PAPI_add_named_event(eventset, clocks[i]));
	CHECK_OK(PAPI_start(eventset));
	ctest_busy_cpu_ns(200000000);
	cpu_reset = ctest_thread_cpu_ns();
	CHECK_OK(PAPI_reset(eventset));
	ctest_busy_cpu_ns(200000000);
	CHECK_OK(PAPI_read(eventset, values));
	check_estimates(values, 4, ctest_thread_cpu_ns() - cpu_reset, 0.15, 0,
	                "read 200 ms after a reset");

	for (int i = 0; i < 4; i++)
		sums[i] = offset;
	CHECK_OK(PAPI_accum(eventset, sums));
	cpu_accum = ctest_thread_cpu_ns();
	for (int i = 0; i < 4; i++)
		values[i] = sums[i] - offset;
	check_estimates(values, 4, cpu_accum - cpu_reset, 0.15, 0, "accum since the reset");

	ctest_busy_cpu_ns(200000000);
	CHECK_OK(PAPI_stop(eventset, values));
	cpu_stop = ctest_thread_cpu_ns();
	check_estimates(values, 4, cpu_stop - cpu_accum, 0.15, 0, "stop 200 ms after an accum");
	ctest_eventset_free(&eventset);
}

int main(int argc, char **argv)
{
	long long values[EVENTS], cpu0, cpu_mid, cpu1;
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

	for (int v = 0; v < CTEST_CLOCK_VARIANTS; v++) {
		char name[128];
		ctest_clock_variant(v, name, sizeof(name));
		int rc = PAPI_add_named_event(eventset, name);
		FAIL_IF(rc != PAPI_OK, "adding %s returned %s%s", name, ctest_errname(rc),
		        ctest_reason());
		added++;
	}
	FAIL_IF(PAPI_num_events(eventset) != EVENTS, "%d events in the set",
	        PAPI_num_events(eventset));

	cpu0 = ctest_thread_cpu_ns();
	CHECK_OK(PAPI_start(eventset));
	ctest_busy_cpu_ns(600000000);
	CHECK_OK(PAPI_read(eventset, values));
	cpu_mid = ctest_thread_cpu_ns();
	check_estimates(values, EVENTS, cpu_mid - cpu0, 0.05, EVENTS / 4, "PAPI_read mid-way");
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
	reset_and_accum();
	ctest_pass();
}
