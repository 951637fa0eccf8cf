// SPDX-License-Identifier: BSD-3-Clause
/* PAPI_read_ts returns the counters with a real-time cycle stamp: stamps
 * increase from read to read, each lies between PAPI_get_real_cyc taken just
 * before and after the call, and the values match what PAPI_read gives. */
#include "ctest_util.h"

int main(int argc, char **argv)
{
	const char *const names[] = {"perf::TASK-CLOCK"};
	long long values[1], plain[1], stamp = 0, last_stamp = 0, last_value = 0;
	int eventset;

	ctest_init(argc, argv);
	ctest_library_init();
	ctest_require_perf_events();
	eventset = ctest_eventset_of(names, 1);

	CHECK_OK(PAPI_start(eventset));
	for (int i = 0; i < 20; i++) {
		long long before, after;

		ctest_busy_cpu_ns(1000000);
		before = PAPI_get_real_cyc();
		CHECK_OK(PAPI_read_ts(eventset, values, &stamp));
		after = PAPI_get_real_cyc();
		FAIL_IF(stamp < before || stamp > after,
		        "read %d: stamp %lld is outside PAPI_get_real_cyc %lld..%lld", i, stamp,
		        before, after);
		FAIL_IF(i > 0 && stamp <= last_stamp, "read %d: stamp %lld after %lld", i, stamp,
		        last_stamp);
		FAIL_IF(values[0] <= last_value, "read %d: TASK-CLOCK %lld after %lld", i,
		        values[0], last_value);
		last_stamp = stamp;
		last_value = values[0];
	}
	CHECK_OK(PAPI_read(eventset, plain));
	FAIL_IF(plain[0] < last_value, "PAPI_read gives %lld after PAPI_read_ts gave %lld",
	        plain[0], last_value);
	CHECK_OK(PAPI_stop(eventset, values));

	ctest_eventset_free(&eventset);
	ctest_pass();
}
