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
 * the estimates so far (every one within a factor of two of the CPU time
 * until then, the median within 5%). A second set of four clocks, each in
 * a slice of its own, checks PAPI_reset and PAPI_accum under the
 * multiplexer: after a reset the estimates cover only the time since, an
 * accum adds the interval to the caller's sums and starts the next one.
 *
 * Each check comes after a number of rotations, not after a fixed CPU
 * time: the rotations run on a timer on the thread's CPU clock, which the
 * kernel checks only at a scheduler tick that finds the thread running, so
 * on a loaded machine (its slices shorter than a tick) 600 ms of CPU time
 * held fewer than 47 rotations of 1 ms, where a quiet one holds 600, and
 * the mid-way read found events the rotation had not reached. The test
 * works its CPU time, then on until the rotation reached every event: an
 * estimate above 0 and, in Papillon, a slice's worth of running time
 * (PAPI_event_times) since the start, reset or accum, or, before the stop,
 * since the mid-way read. */
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

/* The slices' length: each event counts 1 ms in its turn. */
#define SLICE_NS 1000000

/* The most CPU time the rotation may take to reach every event: with 1 ms
 * slices, 64 events take 64 ms of it on a quiet machine, and fewer than
 * 47 rotations in 600 ms (a load of about 20) would still reach them all
 * well within this. */
#define ROTATION_WAIT_NS 20000000000LL

/* Works min_ns of CPU time, then on in steps of 10 ms until a PAPI_read
 * into values finds each of the count events reached by the rotation: an
 * estimate above 0 (a clock that counted) and, in Papillon, a running time
 * (PAPI_event_times) at least a slice above running_since[i], which then
 * holds it. The slice matters: the last event reached is the live one, and
 * an estimate scaled from a few microseconds of it can be off by a factor
 * of two (seen: 1232 ms for 600). Fails after ROTATION_WAIT_NS of CPU. */
static void work_until_rotated(int eventset, long long *values, int count, long long min_ns,
                               long long *running_since, const char *what)
{
	long long started = ctest_thread_cpu_ns();
	int unreached = count;

	ctest_busy_cpu_ns(min_ns);
	for (;;) {
		CHECK_OK(PAPI_read(eventset, values));
		unreached = 0;
		for (int i = 0; i < count; i++)
			unreached += values[i] <= 0;
#ifdef PAPILLON
		long long running[EVENTS];
		for (int i = 0; i < count; i++) {
			long long enabled;
			CHECK_OK(PAPI_event_times(eventset, i, &enabled, &running[i]));
			unreached += values[i] > 0 && running[i] < running_since[i] + SLICE_NS;
		}
		if (unreached == 0)
			memcpy(running_since, running, sizeof(long long) * (size_t)count);
#else
		(void)running_since;
#endif
		if (unreached == 0 || ctest_thread_cpu_ns() - started >= ROTATION_WAIT_NS)
			break;
		ctest_busy_cpu_ns(10000000);
	}
	FAIL_IF(unreached > 0, "%s: %d of %d events not reached by the rotation in %lld ms of CPU",
	        what, unreached, count, (ctest_thread_cpu_ns() - started) / 1000000);
	ctest_note("%s: every event reached after %lld ms of CPU", what,
	           (ctest_thread_cpu_ns() - started) / 1000000);
}

/* Each of count estimates is within a factor of two of cpu_ns and their
 * median within median_error of it. */
static void check_estimates(const long long *values, int count, long long cpu_ns,
                            double median_error, const char *what)
{
	double errors[EVENTS];

	for (int i = 0; i < count; i++) {
		double error = (double)values[i] / (double)cpu_ns - 1.0;
		errors[i] = error < 0 ? -error : error;
		FAIL_IF(values[i] <= 0 || errors[i] > 1.0,
		        "%s: event %d estimated %lld ns for %lld ns of CPU time", what, i,
		        values[i], cpu_ns);
	}
	qsort(errors, (size_t)count, sizeof(errors[0]), compare_double);
	ctest_note("%s: %d events over %lld ns of CPU, median error %.2f%%", what, count, cpu_ns,
	           100 * errors[count / 2]);
	FAIL_IF(errors[count / 2] > median_error, "%s: median error %.2f%% over %lld ns of CPU",
	        what, 100 * errors[count / 2], cpu_ns);
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
	long long values[4], sums[4], running[4] = {0}, cpu_reset, cpu_accum, cpu_stop;
	int eventset = ctest_software_multiplexed_eventset(1000000);

	for (int i = 0; i < 4; i++)
		CHECK_OK(PAPI_add_named_event(eventset, clocks[i]));
	CHECK_OK(PAPI_start(eventset));
	work_until_rotated(eventset, values, 4, 200000000, running, "before the reset");
	cpu_reset = ctest_thread_cpu_ns();
	CHECK_OK(PAPI_reset(eventset));
	memset(running, 0, sizeof(running)); /* the running times restart */
	work_until_rotated(eventset, values, 4, 200000000, running, "after the reset");
	check_estimates(values, 4, ctest_thread_cpu_ns() - cpu_reset, 0.15,
	                "read at least 200 ms after a reset");

	for (int i = 0; i < 4; i++)
		sums[i] = offset;
	CHECK_OK(PAPI_accum(eventset, sums));
	cpu_accum = ctest_thread_cpu_ns();
	for (int i = 0; i < 4; i++)
		values[i] = sums[i] - offset;
	check_estimates(values, 4, cpu_accum - cpu_reset, 0.15, "accum since the reset");

	memset(running, 0, sizeof(running));
	work_until_rotated(eventset, values, 4, 200000000, running, "after the accum");
	CHECK_OK(PAPI_stop(eventset, values));
	cpu_stop = ctest_thread_cpu_ns();
	check_estimates(values, 4, cpu_stop - cpu_accum, 0.15,
	                "stop at least 200 ms after an accum");
	ctest_eventset_free(&eventset);
}

int main(int argc, char **argv)
{
	long long values[EVENTS], running[EVENTS] = {0}, cpu0, cpu_mid, cpu1;
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
	work_until_rotated(eventset, values, EVENTS, 600000000, running, "first half");
	cpu_mid = ctest_thread_cpu_ns();
	check_estimates(values, EVENTS, cpu_mid - cpu0, 0.05, "PAPI_read mid-way");
	work_until_rotated(eventset, values, EVENTS, 600000000, running, "second half");
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
