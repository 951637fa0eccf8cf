// SPDX-License-Identifier: BSD-3-Clause
/* libpapi.so.7.2, which the ctests link, accepts PAPI 7.2's PAPI_VER_CURRENT only: 7.0's
 * and 7.1's programs have other layouts and their own soname (libpapi.so.7.0, .7.1), and
 * 7.3's layouts were never checked. Each is refused with PAPI_EINVAL and a reason naming
 * the version, before or after a success, and the library initialised for 7.2 keeps
 * working. */
#include <stdio.h>
#include <string.h>

#include "ctest_util.h"

int main(int argc, char **argv)
{
	const char *const names[] = {"perf::TASK-CLOCK"};
	long long value = 0;
	int eventset;
	int rc;

	ctest_init(argc, argv);

	for (int minor = 0; minor <= 3; minor += minor == 1 ? 2 : 1) {
		char version[8];
		snprintf(version, sizeof(version), "7.%d", minor);
		rc = PAPI_library_init(PAPI_VERSION_NUMBER(7, minor, 0, 0));
		FAIL_IF(rc != PAPI_EINVAL, "PAPI_library_init(%s) returned %s, not PAPI_EINVAL",
		        version, ctest_errname(rc));
		FAIL_IF(strstr(PAPI_strreason(), version) == NULL,
		        "PAPI_library_init(%s) refused without naming %s: '%s'", version, version,
		        PAPI_strreason());
		FAIL_IF(PAPI_is_initialized() != PAPI_NOT_INITED,
		        "PAPI_is_initialized() is %d after a refused PAPI_library_init(%s)",
		        PAPI_is_initialized(), version);
	}

	rc = PAPI_library_init(PAPI_VERSION_NUMBER(7, 2, 0, 0));
	FAIL_IF(rc != PAPI_VERSION_NUMBER(7, 2, 0, 0), "PAPI_library_init(7.2) returned %s%s",
	        ctest_errname(rc), ctest_reason());
	FAIL_IF(!(PAPI_is_initialized() & PAPI_LOW_LEVEL_INITED),
	        "PAPI_is_initialized() is %d after PAPI_library_init(7.2)", PAPI_is_initialized());

	rc = PAPI_library_init(PAPI_VERSION_NUMBER(7, 1, 0, 0));
	FAIL_IF(rc != PAPI_EINVAL, "a second PAPI_library_init(7.1) returned %s, not PAPI_EINVAL",
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
