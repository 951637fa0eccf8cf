// SPDX-License-Identifier: BSD-3-Clause
/* PAPI_disable_component_by_name before PAPI_library_init disables
 * perf_event: the component then says so with a reason, its events can no
 * longer be named, added or enumerated; the call is refused after init, and
 * for unknown or NULL names. */
#include "ctest_util.h"

int main(int argc, char **argv)
{
	const PAPI_component_info_t *info;
	int eventset = PAPI_NULL;
	int cidx, code = 0, rc;

	ctest_init(argc, argv);

	EXPECT_RC(PAPI_disable_component_by_name("no-such-component"), PAPI_ENOCMP);
	EXPECT_RC(PAPI_disable_component_by_name(NULL), PAPI_EINVAL);
	CHECK_OK(PAPI_disable_component_by_name("perf_event"));
	ctest_library_init();

	cidx = ctest_perf_event_cidx();
	info = PAPI_get_component_info(cidx);
	FAIL_IF(info == NULL, "PAPI_get_component_info(%d) is NULL", cidx);
	FAIL_IF(info->disabled == 0, "perf_event is not disabled after being disabled by name");
	FAIL_IF(info->disabled_reason[0] == '\0', "perf_event is disabled without a reason");
	ctest_note("perf_event: disabled %d: %s", info->disabled, info->disabled_reason);

	rc = PAPI_event_name_to_code("perf::TASK-CLOCK", &code);
	FAIL_IF(rc != PAPI_ECMP_DISABLED && rc != PAPI_ENOEVNT,
	        "PAPI_event_name_to_code(perf::TASK-CLOCK) of a disabled component returned %s",
	        ctest_errname(rc));
	CHECK_OK(PAPI_create_eventset(&eventset));
	rc = PAPI_add_named_event(eventset, "perf::TASK-CLOCK");
	FAIL_IF(rc != PAPI_ECMP_DISABLED && rc != PAPI_ENOEVNT,
	        "PAPI_add_named_event(perf::TASK-CLOCK) of a disabled component returned %s",
	        ctest_errname(rc));
	FAIL_IF(PAPI_num_events(eventset) != 0, "the failed add left %d events in the set",
	        PAPI_num_events(eventset));
	code = PAPI_NATIVE_MASK;
	rc = PAPI_enum_cmp_event(&code, PAPI_ENUM_FIRST, cidx);
	FAIL_IF(rc != PAPI_ENOCMP && rc != PAPI_ECMP_DISABLED,
	        "PAPI_enum_cmp_event on a disabled component returned %s", ctest_errname(rc));
	CHECK_OK(PAPI_destroy_eventset(&eventset));

	EXPECT_RC(PAPI_disable_component_by_name("perf_event"), PAPI_ENOINIT);

	ctest_pass();
}
