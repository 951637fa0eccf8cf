// SPDX-License-Identifier: BSD-3-Clause
/* The real-time timers never go backwards, advance like CLOCK_MONOTONIC
 * across a sleep (microseconds, nanoseconds), agree with each other, and the
 * cycle timer ticks at a plausible clock rate. */
#include "ctest_util.h"

#define SLEEP_NS 20000000LL

int main(int argc, char **argv)
{
	long long last_usec, last_nsec, last_cyc;
	long long mono0, mono1, usec0, usec1, nsec0, nsec1, cyc0, cyc1;
	double outer_ns, mhz;

	ctest_init(argc, argv);
	ctest_library_init();

	last_usec = PAPI_get_real_usec();
	last_nsec = PAPI_get_real_nsec();
	last_cyc = PAPI_get_real_cyc();
	FAIL_IF(last_usec <= 0 || last_nsec <= 0 || last_cyc <= 0,
	        "real timers: usec %lld nsec %lld cyc %lld", last_usec, last_nsec, last_cyc);
	for (int i = 0; i < 100000; i++) {
		long long usec = PAPI_get_real_usec();
		long long nsec = PAPI_get_real_nsec();
		long long cyc = PAPI_get_real_cyc();

		FAIL_IF(usec < last_usec, "PAPI_get_real_usec went back from %lld to %lld",
		        last_usec, usec);
		FAIL_IF(nsec < last_nsec, "PAPI_get_real_nsec went back from %lld to %lld",
		        last_nsec, nsec);
		FAIL_IF(cyc < last_cyc, "PAPI_get_real_cyc went back from %lld to %lld", last_cyc,
		        cyc);
		last_usec = usec;
		last_nsec = nsec;
		last_cyc = cyc;
	}

	mono0 = ctest_monotonic_ns();
	usec0 = PAPI_get_real_usec();
	nsec0 = PAPI_get_real_nsec();
	cyc0 = PAPI_get_real_cyc();
	ctest_sleep_ns(SLEEP_NS);
	cyc1 = PAPI_get_real_cyc();
	nsec1 = PAPI_get_real_nsec();
	usec1 = PAPI_get_real_usec();
	mono1 = ctest_monotonic_ns();
	outer_ns = (double)(mono1 - mono0);
	ctest_note("over %.0f ns: usec %lld nsec %lld cyc %lld", outer_ns, usec1 - usec0,
	           nsec1 - nsec0, cyc1 - cyc0);

	/* The sleep lasts at least SLEEP_NS; nothing can take longer than
	 * the CLOCK_MONOTONIC interval around all the calls. */
	FAIL_IF(nsec1 - nsec0 < SLEEP_NS * 0.99 || nsec1 - nsec0 > outer_ns * 1.01 + 100000,
	        "PAPI_get_real_nsec advanced %lld ns over a %lld ns sleep (%.0f ns outside)",
	        nsec1 - nsec0, SLEEP_NS, outer_ns);
	FAIL_IF(usec1 - usec0 < SLEEP_NS / 1000 * 0.99 ||
	            usec1 - usec0 > outer_ns / 1000 * 1.01 + 100,
	        "PAPI_get_real_usec advanced %lld us over a %lld ns sleep (%.0f ns outside)",
	        usec1 - usec0, SLEEP_NS, outer_ns);
	mhz = (double)(cyc1 - cyc0) / ((double)(nsec1 - nsec0) / 1000.0);
	ctest_note("real cycles tick at %.1f MHz", mhz);
	FAIL_IF(mhz < 10.0 || mhz > 20000.0, "PAPI_get_real_cyc ticks at %.1f MHz", mhz);

	ctest_pass();
}
