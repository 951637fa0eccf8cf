// SPDX-License-Identifier: BSD-3-Clause
/* PAPI_list_events: *number = 0 (or a NULL array) probes the count; a short
 * array receives only the first events; a negative size or a missing
 * array with a positive size is refused. */
#include "ctest_util.h"

int main(int argc, char **argv)
{
	static const char *const names[] = {"perf::TASK-CLOCK", "perf::PAGE-FAULTS",
	                                    "perf::CPU-CLOCK"};
	int codes[3];
	int listed[4] = {-7, -7, -7, -7};
	int eventset, number;

	ctest_init(argc, argv);
	ctest_library_init();
	ctest_require_perf_events();
	for (int i = 0; i < 3; i++)
		CHECK_OK(PAPI_event_name_to_code(names[i], &codes[i]));
	eventset = ctest_eventset_of(names, 3);

	number = 0;
	CHECK_OK(PAPI_list_events(eventset, listed, &number));
	FAIL_IF(number != 3, "probing with *number = 0 reports %d events, expected 3", number);
	FAIL_IF(listed[0] != -7, "probing with *number = 0 wrote into the array");
	number = 0;
	CHECK_OK(PAPI_list_events(eventset, NULL, &number));
	FAIL_IF(number != 3, "probing with a NULL array reports %d events, expected 3", number);

	number = 2;
	CHECK_OK(PAPI_list_events(eventset, listed, &number));
	FAIL_IF(listed[0] != codes[0] || listed[1] != codes[1], "a 2-slot array received %#x %#x",
	        (unsigned)listed[0], (unsigned)listed[1]);
	FAIL_IF(listed[2] != -7, "a 2-slot array had a third slot written");
	FAIL_IF(number < 2, "a 2-slot listing reports %d", number);

	number = 4;
	CHECK_OK(PAPI_list_events(eventset, listed, &number));
	FAIL_IF(number != 3, "a 4-slot listing reports %d events, expected 3", number);
	for (int i = 0; i < 3; i++)
		FAIL_IF(listed[i] != codes[i], "slot %d holds %#x, expected %s", i,
		        (unsigned)listed[i], names[i]);
	FAIL_IF(listed[3] != -7, "a listing of 3 events wrote a fourth slot");

	number = -1;
	EXPECT_RC(PAPI_list_events(eventset, listed, &number), PAPI_EINVAL);
	number = 2;
	EXPECT_RC(PAPI_list_events(eventset, NULL, &number), PAPI_EINVAL);
	EXPECT_RC(PAPI_list_events(eventset, listed, NULL), PAPI_EINVAL);
	number = 4;
	EXPECT_RC(PAPI_list_events(eventset + 1000, listed, &number), PAPI_ENOEVST);

	ctest_eventset_free(&eventset);
	ctest_pass();
}
