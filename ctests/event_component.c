// SPDX-License-Identifier: BSD-3-Clause
/* PAPI_get_event_component names the component of an event code, and
 * PAPI_get_eventset_component the component an event set is bound to (none
 * until an event is added). */
#include "ctest_util.h"

int main(int argc, char **argv)
{
	int eventset = PAPI_NULL;
	int cidx, code = 0, rc;

	ctest_init(argc, argv);
	ctest_library_init();
	ctest_require_perf_events();
	cidx = ctest_perf_event_cidx();

	CHECK_OK(PAPI_event_name_to_code("perf::TASK-CLOCK", &code));
	rc = PAPI_get_event_component(code);
	FAIL_IF(rc != cidx, "PAPI_get_event_component(perf::TASK-CLOCK) returned %s, expected %d",
	        ctest_errname(rc), cidx);
	if (ctest_path_exists("/sys/bus/event_source/devices/msr/events/tsc")) {
		int tsc = 0;

		CHECK_OK(PAPI_event_name_to_code("msr::tsc", &tsc));
		rc = PAPI_get_event_component(tsc);
		FAIL_IF(rc != cidx, "PAPI_get_event_component(msr::tsc) returned %s, expected %d",
		        ctest_errname(rc), cidx);
	}
	rc = PAPI_get_event_component(PAPI_NATIVE_MASK | 0x0ffffff0);
	FAIL_IF(rc >= 0, "PAPI_get_event_component of an unknown code returned %d", rc);

	CHECK_OK(PAPI_create_eventset(&eventset));
	EXPECT_RC(PAPI_get_eventset_component(eventset), PAPI_ENOCMP);
	CHECK_OK(PAPI_add_event(eventset, code));
	rc = PAPI_get_eventset_component(eventset);
	FAIL_IF(rc != cidx, "PAPI_get_eventset_component after adding perf::TASK-CLOCK is %s",
	        ctest_errname(rc));
	EXPECT_RC(PAPI_get_eventset_component(eventset + 1000), PAPI_ENOEVST);
	ctest_eventset_free(&eventset);

	ctest_pass();
}
