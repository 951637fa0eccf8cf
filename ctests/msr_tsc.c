/* The sysfs PMU event msr::tsc counts time-stamp-counter ticks while this
 * thread runs: over busy work it agrees within 5% with the thread's CPU time
 * times the TSC rate (measured here with rdtsc), and a sleep adds little. */
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
	long long value, cpu0, cpu1;
	double rate, expected;
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

	cpu0 = ctest_thread_cpu_ns();
	CHECK_OK(PAPI_start(eventset));
	ctest_busy_cpu_ns(100000000);
	CHECK_OK(PAPI_stop(eventset, &value));
	cpu1 = ctest_thread_cpu_ns();
	expected = (double)(cpu1 - cpu0) * rate;
	ctest_note("busy: msr::tsc %lld, expected %.0f", value, expected);
	FAIL_IF(value < expected * 0.95 || value > expected * 1.05,
	        "msr::tsc counted %lld over %lld ns of CPU time at %.1f MHz (expected %.0f)", value,
	        cpu1 - cpu0, rate * 1000.0, expected);

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
