// SPDX-License-Identifier: BSD-3-Clause
/* The library accepts the PAPI_VER_CURRENT of the releases whose ABI it has and refuses
 * the others with PAPI_EINVAL and a reason (doc/abi-versions.md): 7.3 and later, whose
 * layouts are not checked, before or after a success; the library initialised keeps
 * working. */
#include <string.h>

#include "ctest_util.h"

int main(int argc, char **argv)
{
	const char *const names[] = {"perf::TASK-CLOCK"};
	long long value = 0;
	int eventset;
	int rc;

	ctest_init(argc, argv);

	rc = PAPI_library_init(PAPI_VERSION_NUMBER(7, 3, 0, 0));
	FAIL_IF(rc != PAPI_EINVAL, "PAPI_library_init(7.3) returned %s, not PAPI_EINVAL",
	        ctest_errname(rc));
	FAIL_IF(strstr(PAPI_strreason(), "7.3") == NULL,
	        "PAPI_library_init(7.3) refused without naming 7.3: '%s'", PAPI_strreason());
	FAIL_IF(PAPI_is_initialized() != PAPI_NOT_INITED,
	        "PAPI_is_initialized() is %d after a refused PAPI_library_init(7.3)",
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
