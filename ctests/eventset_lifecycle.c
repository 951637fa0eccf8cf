// SPDX-License-Identifier: BSD-3-Clause
/* Event set handles: creation needs a PAPI_NULL handle, destruction needs an
 * empty stopped set and resets the handle to PAPI_NULL, cleanup empties a
 * set so that it can be reused or destroyed, and a destroyed handle is gone. */
#include "ctest_util.h"

int main(int argc, char **argv)
{
	int first = PAPI_NULL, second = PAPI_NULL, not_null = 5;
	int destroyed, rc;
	long long value = 0;

	ctest_init(argc, argv);
	ctest_library_init();
	ctest_require_perf_events();

	CHECK_OK(PAPI_create_eventset(&first));
	FAIL_IF(first == PAPI_NULL || first < 0, "PAPI_create_eventset gave handle %d", first);
	CHECK_OK(PAPI_create_eventset(&second));
	FAIL_IF(second == first, "two event sets share handle %d", first);
	rc = PAPI_create_eventset(&not_null);
	FAIL_IF(rc != PAPI_EINVAL,
	        "PAPI_create_eventset with a handle not set to PAPI_NULL returned %s",
	        ctest_errname(rc));
	EXPECT_RC(PAPI_num_events(first), 0);

	/* Non-empty: destroy refuses, cleanup empties. */
	CHECK_OK(PAPI_add_named_event(first, "perf::TASK-CLOCK"));
	CHECK_OK(PAPI_add_named_event(first, "perf::PAGE-FAULTS"));
	EXPECT_RC(PAPI_destroy_eventset(&first), PAPI_EINVAL);
	FAIL_IF(first == PAPI_NULL, "a refused destroy reset the handle");
	EXPECT_RC(PAPI_num_events(first), 2);
	CHECK_OK(PAPI_cleanup_eventset(first));
	EXPECT_RC(PAPI_num_events(first), 0);
	/* Cleaning an empty set is harmless. */
	CHECK_OK(PAPI_cleanup_eventset(first));

	/* A cleaned set is reusable. */
	CHECK_OK(PAPI_add_named_event(first, "perf::TASK-CLOCK"));
	CHECK_OK(PAPI_start(first));
	ctest_busy_cpu_ns(2000000);
	CHECK_OK(PAPI_stop(first, &value));
	FAIL_IF(value <= 0, "a reused set counted %lld", value);
	CHECK_OK(PAPI_cleanup_eventset(first));

	destroyed = first;
	CHECK_OK(PAPI_destroy_eventset(&first));
	FAIL_IF(first != PAPI_NULL, "PAPI_destroy_eventset left the handle at %d", first);
	EXPECT_RC(PAPI_num_events(destroyed), PAPI_ENOEVST);
	EXPECT_RC(PAPI_destroy_eventset(&destroyed), PAPI_ENOEVST);
	EXPECT_RC(PAPI_cleanup_eventset(destroyed), PAPI_ENOEVST);
	EXPECT_RC(PAPI_add_named_event(destroyed, "perf::TASK-CLOCK"), PAPI_ENOEVST);
	EXPECT_RC(PAPI_num_events(second), 0);

	/* The handle passed to destroy must be valid too. */
	EXPECT_RC(PAPI_destroy_eventset(&not_null), PAPI_ENOEVST);
	CHECK_OK(PAPI_destroy_eventset(&second));

	ctest_pass();
}
