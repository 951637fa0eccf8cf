// SPDX-License-Identifier: BSD-3-Clause
/* PAPI_add_events and PAPI_remove_events work on arrays: all-valid arrays go
 * in and out in one call; on a failure at position i > 0 the call returns i
 * (the events before it stay added), at position 0 the error itself. */
#include "ctest_util.h"

int main(int argc, char **argv)
{
	static const char *const names[] = {"perf::TASK-CLOCK", "perf::PAGE-FAULTS",
	                                    "perf::CPU-CLOCK", "perf::CONTEXT-SWITCHES"};
	int codes[4], listed[8];
	int unknown = PAPI_NATIVE_MASK | 0x0ffffff0;
	int eventset = PAPI_NULL;
	int number, rc;
	long long values[4];

	ctest_init(argc, argv);
	ctest_library_init();
	ctest_require_perf_events();
	for (int i = 0; i < 4; i++)
		CHECK_OK(PAPI_event_name_to_code(names[i], &codes[i]));
	CHECK_OK(PAPI_create_eventset(&eventset));

	CHECK_OK(PAPI_add_events(eventset, codes, 4));
	EXPECT_RC(PAPI_num_events(eventset), 4);
	number = 8;
	CHECK_OK(PAPI_list_events(eventset, listed, &number));
	FAIL_IF(number != 4, "PAPI_list_events reports %d events after adding 4", number);
	for (int i = 0; i < 4; i++)
		FAIL_IF(listed[i] != codes[i], "event %d is %#x, expected %s", i,
		        (unsigned)listed[i], names[i]);

	CHECK_OK(PAPI_start(eventset));
	ctest_busy_cpu_ns(5000000);
	CHECK_OK(PAPI_stop(eventset, values));
	FAIL_IF(values[0] <= 0 || values[2] <= 0, "TASK-CLOCK %lld, CPU-CLOCK %lld", values[0],
	        values[2]);

	CHECK_OK(PAPI_remove_events(eventset, codes, 4));
	EXPECT_RC(PAPI_num_events(eventset), 0);

	/* Partial success: two good codes, then an unknown one. */
	rc = PAPI_add_events(eventset, (int[]){codes[0], codes[1], unknown, codes[2]}, 4);
	FAIL_IF(rc != 2, "PAPI_add_events failing at position 2 returned %s, expected 2",
	        ctest_errname(rc));
	EXPECT_RC(PAPI_num_events(eventset), 2);
	rc = PAPI_remove_events(eventset, (int[]){codes[1], codes[3]}, 2);
	FAIL_IF(rc != 1, "PAPI_remove_events failing at position 1 returned %s, expected 1",
	        ctest_errname(rc));
	EXPECT_RC(PAPI_num_events(eventset), 1);

	/* Failure at position 0 returns the error itself. */
	rc = PAPI_add_events(eventset, (int[]){codes[0]}, 1);
	FAIL_IF(rc != PAPI_ECNFLCT, "PAPI_add_events of a present event returned %s",
	        ctest_errname(rc));
	rc = PAPI_remove_events(eventset, (int[]){codes[3]}, 1);
	FAIL_IF(rc != PAPI_EINVAL, "PAPI_remove_events of an absent event returned %s",
	        ctest_errname(rc));

	EXPECT_RC(PAPI_add_events(eventset, codes, 0), PAPI_EINVAL);
	EXPECT_RC(PAPI_add_events(eventset, codes, -3), PAPI_EINVAL);
	EXPECT_RC(PAPI_add_events(eventset, NULL, 2), PAPI_EINVAL);
	EXPECT_RC(PAPI_remove_events(eventset, codes, 0), PAPI_EINVAL);
	EXPECT_RC(PAPI_remove_events(eventset, NULL, 1), PAPI_EINVAL);
	EXPECT_RC(PAPI_num_events(eventset), 1);

	ctest_eventset_free(&eventset);
	ctest_pass();
}
