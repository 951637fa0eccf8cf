// SPDX-License-Identifier: BSD-3-Clause
/* Papillon's PAPI_event_times on software events: a set that is not
 * multiplexed counts all the time it is enabled (running == enabled, both
 * the task's time that TASK-CLOCK counts in the same read); kernel
 * multiplexing of events that fit together gives the same; the software
 * multiplexer (PAPI_MULTIPLEX_FORCE_SW) gives each event a part of the
 * set's time where they take turns (one per slice where perf_event reports
 * no hardware counters), and the parts add up to the whole; where one slice
 * holds them all, each counts all of it. The times are those of the
 * last read, accum or stop: 0 after a start or reset until the next read.
 * Bad arguments get exact errors: PAPI_ENOEVST, PAPI_EINVAL (index, NULL
 * pointers), PAPI_ENOTRUN before the set was ever started. */
#include "ctest_util.h"

#include <string.h>

#ifdef PAPILLON
#define BUSY_NS 200000000LL

static double relative_error(long long value, long long reference)
{
	double error = (double)(value - reference) / (double)reference;
	return error < 0 ? -error : error;
}

/* Not multiplexed: enabled == running, the TASK-CLOCK time of this read. */
static void check_plain(void)
{
	const char *const names[] = {"perf::TASK-CLOCK", "perf::PAGE-FAULTS"};
	long long values[2], enabled, running, cpu0, cpu1;
	int eventset = ctest_eventset_of(names, 2);

	EXPECT_RC(PAPI_event_times(eventset, 0, &enabled, &running), PAPI_ENOTRUN);
	cpu0 = ctest_thread_cpu_ns();
	CHECK_OK(PAPI_start(eventset));
	CHECK_OK(PAPI_event_times(eventset, 0, &enabled, &running));
	FAIL_IF(enabled != 0 || running != 0, "after PAPI_start: enabled %lld, running %lld",
	        enabled, running);
	ctest_busy_cpu_ns(BUSY_NS);
	CHECK_OK(PAPI_read(eventset, values));
	cpu1 = ctest_thread_cpu_ns();
	for (int i = 0; i < 2; i++) {
		CHECK_OK(PAPI_event_times(eventset, i, &enabled, &running));
		ctest_note("%s: %lld, enabled %lld ns, running %lld ns (CPU time %lld ns)",
		           names[i], values[i], enabled, running, cpu1 - cpu0);
		FAIL_IF(enabled != running, "%s not multiplexed: enabled %lld != running %lld",
		        names[i], enabled, running);
		FAIL_IF(relative_error(enabled, values[0]) > 0.02,
		        "%s enabled %lld ns, TASK-CLOCK read %lld ns", names[i], enabled,
		        values[0]);
		FAIL_IF(enabled < BUSY_NS * 9 / 10 || enabled > 10 * (cpu1 - cpu0),
		        "%s enabled %lld ns after a busy loop of %lld ns", names[i], enabled,
		        BUSY_NS);
	}

	/* Stop: the times of the whole run, kept while stopped. */
	ctest_busy_cpu_ns(BUSY_NS / 4);
	CHECK_OK(PAPI_stop(eventset, values));
	CHECK_OK(PAPI_event_times(eventset, 0, &enabled, &running));
	FAIL_IF(enabled != running || relative_error(enabled, values[0]) > 0.02,
	        "after stop: enabled %lld, running %lld, TASK-CLOCK %lld", enabled, running,
	        values[0]);

	/* Restart (the parked software group): counts from zero again. */
	CHECK_OK(PAPI_start(eventset));
	ctest_busy_cpu_ns(BUSY_NS / 4);
	CHECK_OK(PAPI_reset(eventset));
	CHECK_OK(PAPI_event_times(eventset, 1, &enabled, &running));
	FAIL_IF(enabled != 0 || running != 0, "after PAPI_reset: enabled %lld, running %lld",
	        enabled, running);
	ctest_busy_cpu_ns(BUSY_NS / 2);
	memset(values, 0, sizeof(values));
	CHECK_OK(PAPI_accum(eventset, values));
	CHECK_OK(PAPI_event_times(eventset, 1, &enabled, &running));
	FAIL_IF(enabled != running || relative_error(enabled, values[0]) > 0.02,
	        "after reset and accum: enabled %lld, running %lld, TASK-CLOCK %lld", enabled,
	        running, values[0]);
	CHECK_OK(PAPI_stop(eventset, NULL));
	ctest_eventset_free(&eventset);
}

/* Kernel multiplexing of software events: each its own group, all fit. */
static void check_kernel_multiplex(void)
{
	const char *const names[] = {"perf::TASK-CLOCK", "perf::CPU-CLOCK", "perf::PAGE-FAULTS"};
	long long values[3], enabled, running;
	int eventset = PAPI_NULL;

	CHECK_OK(PAPI_create_eventset(&eventset));
	CHECK_OK(PAPI_assign_eventset_component(eventset, ctest_perf_event_cidx()));
	CHECK_OK(PAPI_set_multiplex(eventset));
	for (int i = 0; i < 3; i++)
		CHECK_OK(PAPI_add_named_event(eventset, names[i]));
	CHECK_OK(PAPI_start(eventset));
	ctest_busy_cpu_ns(BUSY_NS / 2);
	CHECK_OK(PAPI_stop(eventset, values));
	for (int i = 0; i < 3; i++) {
		CHECK_OK(PAPI_event_times(eventset, i, &enabled, &running));
		ctest_note("kernel multiplexing, %s: enabled %lld ns, running %lld ns", names[i],
		           enabled, running);
		FAIL_IF(running <= 0 || running != enabled,
		        "%s, kernel-multiplexed but fitting: enabled %lld, running %lld", names[i],
		        enabled, running);
		FAIL_IF(relative_error(enabled, values[0]) > 0.05,
		        "%s enabled %lld ns, TASK-CLOCK read %lld ns", names[i], enabled,
		        values[0]);
	}
	ctest_eventset_free(&eventset);
}

/* The software multiplexer: where the events take turns, every one counts
 * part of the set's time; where one slice holds them all, all of it. */
static void check_software_multiplex(void)
{
	const char *const names[] = {"perf::TASK-CLOCK", "perf::CPU-CLOCK", "perf::PAGE-FAULTS"};
	long long values[3], enabled[3], running[3], cpu0, cpu1;
	int eventset;
	double fractions = 0;

	eventset = ctest_software_multiplexed_eventset(1000000);
	for (int i = 0; i < 3; i++)
		CHECK_OK(PAPI_add_named_event(eventset, names[i]));
	/* A slice holds as many natives as the component has counters (one
	 * where it reports none, as on a machine without a PMU): with three or
	 * more, the three share one slice and count all the time. */
	const PAPI_component_info_t *info = PAPI_get_component_info(ctest_perf_event_cidx());
	FAIL_IF(!info, "PAPI_get_component_info(perf_event) returned NULL");
	bool rotates = info->num_cntrs < 3;
	ctest_note("software multiplexing: %d counters, %s", info->num_cntrs,
	           rotates ? "the events take turns" : "one slice holds the three events");
	EXPECT_RC(PAPI_event_times(eventset, 0, &enabled[0], &running[0]), PAPI_ENOTRUN);

	cpu0 = ctest_thread_cpu_ns();
	CHECK_OK(PAPI_start(eventset));
	ctest_busy_cpu_ns(3 * BUSY_NS);
	CHECK_OK(PAPI_read(eventset, values));
	for (int i = 0; i < 3; i++) {
		CHECK_OK(PAPI_event_times(eventset, i, &enabled[i], &running[i]));
		FAIL_IF(running[i] <= 0 ||
		            (rotates ? running[i] >= enabled[i] : running[i] != enabled[i]),
		        "%s read mid-way: enabled %lld, running %lld", names[i], enabled[i],
		        running[i]);
	}
	ctest_busy_cpu_ns(BUSY_NS);
	CHECK_OK(PAPI_stop(eventset, values));
	cpu1 = ctest_thread_cpu_ns();
	for (int i = 0; i < 3; i++) {
		CHECK_OK(PAPI_event_times(eventset, i, &enabled[i], &running[i]));
		double fraction = (double)running[i] / (double)enabled[i];
		fractions += fraction;
		ctest_note("software multiplexing, %s: %lld, enabled %lld ns, running %lld ns "
		           "(%.1f%%)",
		           names[i], values[i], enabled[i], running[i], 100 * fraction);
		if (!rotates) {
			FAIL_IF(running[i] != enabled[i] || enabled[i] <= 0,
			        "%s, in the one slice: enabled %lld, running %lld", names[i],
			        enabled[i], running[i]);
			continue;
		}
		FAIL_IF(running[i] <= 0 || running[i] >= enabled[i],
		        "%s, one slice of three: enabled %lld, running %lld", names[i], enabled[i],
		        running[i]);
		FAIL_IF(fraction < 0.10 || fraction > 0.60,
		        "%s counted %.1f%% of the time, a third expected", names[i],
		        100 * fraction);
		FAIL_IF(enabled[i] != enabled[0], "%s enabled %lld ns, %s %lld ns", names[i],
		        enabled[i], names[0], enabled[0]);
	}
	/* The slices share the set's time (the thread's CPU time) between them. */
	if (rotates)
		FAIL_IF(fractions < 0.95 || fractions > 1.0001, "the fractions add up to %.4f",
		        fractions);
	FAIL_IF(relative_error(enabled[0], cpu1 - cpu0) > 0.10,
	        "the set was enabled %lld ns over %lld ns of CPU time", enabled[0], cpu1 - cpu0);
	ctest_eventset_free(&eventset);
}

static void check_bad_arguments(void)
{
	const char *const names[] = {"perf::TASK-CLOCK"};
	long long enabled, running;
	int eventset = ctest_eventset_of(names, 1);

	EXPECT_RC(PAPI_event_times(eventset + 1000, 0, &enabled, &running), PAPI_ENOEVST);
	EXPECT_RC(PAPI_event_times(PAPI_NULL, 0, &enabled, &running), PAPI_ENOEVST);
	CHECK_OK(PAPI_start(eventset));
	CHECK_OK(PAPI_stop(eventset, NULL));
	EXPECT_RC(PAPI_event_times(eventset, -1, &enabled, &running), PAPI_EINVAL);
	EXPECT_RC(PAPI_event_times(eventset, 1, &enabled, &running), PAPI_EINVAL);
	EXPECT_RC(PAPI_event_times(eventset, 0, NULL, &running), PAPI_EINVAL);
	EXPECT_RC(PAPI_event_times(eventset, 0, &enabled, NULL), PAPI_EINVAL);
	CHECK_OK(PAPI_event_times(eventset, 0, &enabled, &running));
	/* A new event reopens the set: nothing counted since. */
	CHECK_OK(PAPI_add_named_event(eventset, "perf::PAGE-FAULTS"));
	EXPECT_RC(PAPI_event_times(eventset, 1, &enabled, &running), PAPI_ENOTRUN);
	ctest_eventset_free(&eventset);
}

int main(int argc, char **argv)
{
	ctest_init(argc, argv);
	ctest_library_init();
	ctest_require_perf_events();
	CHECK_OK(PAPI_multiplex_init());
	check_plain();
	check_kernel_multiplex();
	check_software_multiplex();
	check_bad_arguments();
	ctest_pass();
}
#else
CTEST_MAIN_WITHOUT_PAPILLON("PAPI_event_times")
#endif
