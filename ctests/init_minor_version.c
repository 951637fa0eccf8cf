// SPDX-License-Identifier: BSD-3-Clause
/* A program built against the header of a later PAPI 7.x release passes a
 * PAPI_VER_CURRENT with a nonzero minor number: Papillon accepts it and the
 * library works. */
#include "ctest_util.h"

int main(int argc, char **argv)
{
	const char *const names[] = {"perf::TASK-CLOCK"};
	long long value = 0;
	int eventset;
	int rc;

	ctest_init(argc, argv);

	rc = PAPI_library_init(PAPI_VERSION_NUMBER(7, 1, 0, 0));
	FAIL_IF(rc <= 0, "PAPI_library_init(7.1) returned %s%s", ctest_errname(rc), ctest_reason());
	FAIL_IF(PAPI_VERSION_MAJOR(rc) != 7,
	        "PAPI_library_init(7.1) returned %#x, not a 7.x version", (unsigned)rc);
	FAIL_IF(!(PAPI_is_initialized() & PAPI_LOW_LEVEL_INITED),
	        "PAPI_is_initialized() is %d after PAPI_library_init(7.1)", PAPI_is_initialized());

	rc = PAPI_library_init(PAPI_VERSION_NUMBER(7, 3, 0, 0));
	FAIL_IF(rc <= 0 || PAPI_VERSION_MAJOR(rc) != 7,
	        "a second PAPI_library_init(7.3) returned %s", ctest_errname(rc));

	ctest_require_perf_events();
	eventset = ctest_eventset_of(names, 1);
	CHECK_OK(PAPI_start(eventset));
	ctest_busy_cpu_ns(10000000);
	CHECK_OK(PAPI_stop(eventset, &value));
	FAIL_IF(value <= 0, "perf::TASK-CLOCK counted %lld after 10 ms of work", value);
	ctest_eventset_free(&eventset);

	ctest_pass();
}
