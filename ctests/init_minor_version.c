// SPDX-License-Identifier: BSD-3-Clause
/* PAPI 7.1's header differs from 7.0's in the version alone, so a program built
 * against it (PAPI_VER_CURRENT 7.1) is accepted and the library works. PAPI 7.2
 * moved fields of PAPI_component_info_t and the enumeration values: a 7.2 or 7.3
 * program is refused with PAPI_EINVAL and a reason, before or after a success,
 * and the library initialised for 7.1 keeps working. */
#include <string.h>

#include "ctest_util.h"

int main(int argc, char **argv)
{
	const char *const names[] = {"perf::TASK-CLOCK"};
	long long value = 0;
	int eventset;
	int rc;

	ctest_init(argc, argv);

	rc = PAPI_library_init(PAPI_VERSION_NUMBER(7, 2, 0, 0));
	FAIL_IF(rc != PAPI_EINVAL, "PAPI_library_init(7.2) returned %s, not PAPI_EINVAL",
	        ctest_errname(rc));
	FAIL_IF(strstr(PAPI_strreason(), "7.2") == NULL,
	        "PAPI_library_init(7.2) refused without naming 7.2: '%s'", PAPI_strreason());
	FAIL_IF(PAPI_is_initialized() != PAPI_NOT_INITED,
	        "PAPI_is_initialized() is %d after a refused PAPI_library_init(7.2)",
	        PAPI_is_initialized());

	rc = PAPI_library_init(PAPI_VERSION_NUMBER(7, 1, 0, 0));
	FAIL_IF(rc != PAPI_VERSION_NUMBER(7, 1, 0, 0), "PAPI_library_init(7.1) returned %s%s",
	        ctest_errname(rc), ctest_reason());
	FAIL_IF(!(PAPI_is_initialized() & PAPI_LOW_LEVEL_INITED),
	        "PAPI_is_initialized() is %d after PAPI_library_init(7.1)", PAPI_is_initialized());

	rc = PAPI_library_init(PAPI_VERSION_NUMBER(7, 3, 0, 0));
	FAIL_IF(rc != PAPI_EINVAL, "a second PAPI_library_init(7.3) returned %s, not PAPI_EINVAL",
	        ctest_errname(rc));

	ctest_require_perf_events();
	eventset = ctest_eventset_of(names, 1);
	CHECK_OK(PAPI_start(eventset));
	ctest_busy_cpu_ns(10000000);
	CHECK_OK(PAPI_stop(eventset, &value));
	FAIL_IF(value <= 0, "perf::TASK-CLOCK counted %lld after 10 ms of work", value);
	ctest_eventset_free(&eventset);

	ctest_pass();
}
