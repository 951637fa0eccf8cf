// SPDX-License-Identifier: BSD-3-Clause
/* PAPI_is_initialized follows init and shutdown; calls that need the library
 * fail with PAPI_ENOINIT before init and after shutdown, while the few that
 * PAPI allows early (PAPI_set_debug, PAPI_get_opt(PAPI_LIB_VERSION)) work. */
#include "ctest_util.h"

#include <string.h>

static void expect_not_initialised(const char *when)
{
	int eventset = PAPI_NULL;
	int code = 0;
	PAPI_option_t option;
	int rc;

	FAIL_IF(PAPI_is_initialized() != PAPI_NOT_INITED, "PAPI_is_initialized() is %d %s",
	        PAPI_is_initialized(), when);
	rc = PAPI_create_eventset(&eventset);
	FAIL_IF(rc != PAPI_ENOINIT, "PAPI_create_eventset %s returned %s, expected PAPI_ENOINIT",
	        when, ctest_errname(rc));
	rc = PAPI_event_name_to_code("perf::TASK-CLOCK", &code);
	FAIL_IF(rc != PAPI_ENOINIT, "PAPI_event_name_to_code %s returned %s, expected PAPI_ENOINIT",
	        when, ctest_errname(rc));
	memset(&option, 0, sizeof(option));
	option.defdomain.def_cidx = 0;
	option.defdomain.domain = PAPI_DOM_USER;
	rc = PAPI_set_opt(PAPI_DEFDOM, &option);
	FAIL_IF(rc != PAPI_ENOINIT,
	        "PAPI_set_opt(PAPI_DEFDOM) %s returned %s, expected PAPI_ENOINIT", when,
	        ctest_errname(rc));
}

int main(int argc, char **argv)
{
	int version;

	ctest_init(argc, argv);

	expect_not_initialised("before PAPI_library_init");
	CHECK_OK(PAPI_set_debug(PAPI_QUIET));
	version = PAPI_get_opt(PAPI_LIB_VERSION, NULL);
	FAIL_IF(PAPI_VERSION_MAJOR(version) != 7,
	        "PAPI_get_opt(PAPI_LIB_VERSION) before init returned %#x, not a 7.x version",
	        (unsigned)version);

	ctest_library_init();
	FAIL_IF(PAPI_is_initialized() != PAPI_LOW_LEVEL_INITED,
	        "PAPI_is_initialized() is %d after init, expected PAPI_LOW_LEVEL_INITED",
	        PAPI_is_initialized());

	PAPI_shutdown();
	expect_not_initialised("after PAPI_shutdown");

	ctest_library_init();
	FAIL_IF(PAPI_is_initialized() != PAPI_LOW_LEVEL_INITED,
	        "PAPI_is_initialized() is %d after re-init", PAPI_is_initialized());

	ctest_pass();
}
