// SPDX-License-Identifier: BSD-3-Clause
/* The virtual timers count this thread's CPU time: over busy work they
 * advance like CLOCK_THREAD_CPUTIME_ID (within 5%), over a sleep they hardly
 * move, and they never go backwards. */
#include "ctest_util.h"

#define BUSY_NS  100000000LL
#define SLEEP_NS 100000000LL

static void check_close(const char *what, double measured, double expected)
{
	FAIL_IF(measured < expected * 0.95 || measured > expected * 1.05,
	        "%s advanced %.0f over work of %.0f (more than 5%% apart)", what, measured,
	        expected);
}

int main(int argc, char **argv)
{
	long long cpu0, cpu1, usec0, usec1, nsec0, nsec1, cyc0, cyc1;
	long long last_usec, last_nsec, last_cyc;

	ctest_init(argc, argv);
	ctest_library_init();

	last_usec = PAPI_get_virt_usec();
	last_nsec = PAPI_get_virt_nsec();
	last_cyc = PAPI_get_virt_cyc();
	FAIL_IF(last_usec < 0 || last_nsec < 0 || last_cyc < 0,
	        "virtual timers: usec %lld nsec %lld cyc %lld", last_usec, last_nsec, last_cyc);
	for (int i = 0; i < 10000; i++) {
		long long usec = PAPI_get_virt_usec();
		long long nsec = PAPI_get_virt_nsec();
		long long cyc = PAPI_get_virt_cyc();

		FAIL_IF(
		    usec < last_usec || nsec < last_nsec || cyc < last_cyc,
		    "a virtual timer went back (usec %lld->%lld nsec %lld->%lld cyc %lld->%lld)",
		    last_usec, usec, last_nsec, nsec, last_cyc, cyc);
		last_usec = usec;
		last_nsec = nsec;
		last_cyc = cyc;
	}

	cpu0 = ctest_thread_cpu_ns();
	usec0 = PAPI_get_virt_usec();
	nsec0 = PAPI_get_virt_nsec();
	cyc0 = PAPI_get_virt_cyc();
	ctest_busy_cpu_ns(BUSY_NS);
	cyc1 = PAPI_get_virt_cyc();
	nsec1 = PAPI_get_virt_nsec();
	usec1 = PAPI_get_virt_usec();
	cpu1 = ctest_thread_cpu_ns();
	ctest_note("busy %lld ns: virt usec %lld nsec %lld cyc %lld", cpu1 - cpu0, usec1 - usec0,
	           nsec1 - nsec0, cyc1 - cyc0);
	check_close("PAPI_get_virt_nsec", (double)(nsec1 - nsec0), (double)(cpu1 - cpu0));
	check_close("PAPI_get_virt_usec", (double)(usec1 - usec0) * 1000.0, (double)(cpu1 - cpu0));
	FAIL_IF(cyc1 - cyc0 <= (usec1 - usec0) * 10,
	        "PAPI_get_virt_cyc advanced %lld cycles in %lld us, under 10 MHz", cyc1 - cyc0,
	        usec1 - usec0);

	usec0 = PAPI_get_virt_usec();
	nsec0 = PAPI_get_virt_nsec();
	cyc0 = PAPI_get_virt_cyc();
	ctest_sleep_ns(SLEEP_NS);
	cyc1 = PAPI_get_virt_cyc();
	nsec1 = PAPI_get_virt_nsec();
	usec1 = PAPI_get_virt_usec();
	ctest_note("sleep %lld ns: virt usec %lld nsec %lld cyc %lld", SLEEP_NS, usec1 - usec0,
	           nsec1 - nsec0, cyc1 - cyc0);
	FAIL_IF(nsec1 - nsec0 > SLEEP_NS / 10, "PAPI_get_virt_nsec advanced %lld ns during a sleep",
	        nsec1 - nsec0);
	FAIL_IF(usec1 - usec0 > SLEEP_NS / 10000,
	        "PAPI_get_virt_usec advanced %lld us during a sleep", usec1 - usec0);

	ctest_pass();
}
