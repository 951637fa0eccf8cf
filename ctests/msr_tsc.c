// SPDX-License-Identifier: BSD-3-Clause
/* The sysfs PMU event msr::tsc counts time-stamp-counter ticks while this
 * thread runs. Over busy work it lies between the thread's CPU time and the
 * wall time, both times the TSC rate (measured here with rdtsc): a VM's steal
 * time runs the TSC but is not charged as CPU time. A sleep adds little. */
#include "ctest_util.h"

#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>

/* TSC ticks per nanosecond, measured against CLOCK_MONOTONIC. */
static double tsc_per_ns(void)
{
	long long ns0 = ctest_monotonic_ns();
	unsigned long long tsc0 = __rdtsc();

	ctest_sleep_ns(50000000);
	return (double)(__rdtsc() - tsc0) / (double)(ctest_monotonic_ns() - ns0);
}
#endif

int main(int argc, char **argv)
{
#if defined(__x86_64__) || defined(__i386__)
	const char *const names[] = {"msr::tsc"};
	long long value, cpu0, cpu1, wall0, wall1;
	double rate, expected, ceiling;
	int eventset;
#endif

	ctest_init(argc, argv);
#if !defined(__x86_64__) && !defined(__i386__)
	ctest_skip("msr::tsc exists only on x86");
#else
	SKIP_IF(!ctest_path_exists("/sys/bus/event_source/devices/msr/events/tsc"),
	        "the kernel exposes no msr PMU with a tsc event");
	ctest_library_init();
	ctest_require_perf_events();
	eventset = ctest_eventset_of(names, 1);
	rate = tsc_per_ns();
	ctest_note("TSC: %.1f MHz", rate * 1000.0);

	wall0 = ctest_monotonic_ns();
	cpu0 = ctest_thread_cpu_ns();
	CHECK_OK(PAPI_start(eventset));
	ctest_busy_cpu_ns(100000000);
	CHECK_OK(PAPI_stop(eventset, &value));
	cpu1 = ctest_thread_cpu_ns();
	wall1 = ctest_monotonic_ns();
	expected = (double)(cpu1 - cpu0) * rate;
	ceiling = (double)(wall1 - wall0) * rate;
	ctest_note("busy: msr::tsc %lld, CPU-time ticks %.0f, wall ticks %.0f", value, expected,
	           ceiling);
	FAIL_IF(value < expected * 0.95 || value > ceiling * 1.01,
	        "msr::tsc counted %lld over %lld ns of CPU time and %lld ns of wall time at "
	        "%.1f MHz (expected between %.0f and %.0f)",
	        value, cpu1 - cpu0, wall1 - wall0, rate * 1000.0, expected * 0.95, ceiling * 1.01);

	CHECK_OK(PAPI_start(eventset));
	ctest_sleep_ns(100000000);
	CHECK_OK(PAPI_stop(eventset, &value));
	ctest_note("sleep: msr::tsc %lld of %.0f wall ticks", value, 100000000 * rate);
	FAIL_IF(value <= 0, "msr::tsc counted %lld across a sleep", value);
	FAIL_IF(value > 100000000 * rate * 0.5,
	        "msr::tsc counted %lld across a 100 ms sleep: it counts more than this thread",
	        value);

	ctest_eventset_free(&eventset);
	ctest_pass();
#endif
}
