// SPDX-License-Identifier: BSD-3-Clause
/* The event set state machine refuses what does not fit the state: starting
 * twice (PAPI_EISRUN), stopping a stopped set (PAPI_ENOTRUN), changing the
 * events, options or existence of a running set (PAPI_EISRUN), starting an
 * empty set; reading a never-started set gives zeros. Refusals leave the set
 * running and counting. */
#include "ctest_util.h"

#include <string.h>

int main(int argc, char **argv)
{
	int eventset = PAPI_NULL, empty = PAPI_NULL;
	long long values[2] = {-1, -1}, later[2];
	PAPI_option_t option;
	int rc, status = 0;

	ctest_init(argc, argv);
	ctest_library_init();
	ctest_require_perf_events();

	CHECK_OK(PAPI_create_eventset(&empty));
	rc = PAPI_start(empty);
	FAIL_IF(rc != PAPI_EINVAL && rc != PAPI_ENOCMP,
	        "PAPI_start of an empty set returned %s, expected PAPI_EINVAL", ctest_errname(rc));

	CHECK_OK(PAPI_create_eventset(&eventset));
	CHECK_OK(PAPI_add_named_event(eventset, "perf::TASK-CLOCK"));
	EXPECT_RC(PAPI_stop(eventset, values), PAPI_ENOTRUN);

	rc = PAPI_read(eventset, values);
	FAIL_IF(rc != PAPI_OK && rc != PAPI_ENOTRUN, "PAPI_read before start returned %s",
	        ctest_errname(rc));
	if (rc == PAPI_OK)
		FAIL_IF(values[0] != 0, "PAPI_read before any start gave %lld, expected 0",
		        values[0]);

	CHECK_OK(PAPI_start(eventset));
	EXPECT_RC(PAPI_start(eventset), PAPI_EISRUN);
	EXPECT_RC(PAPI_add_named_event(eventset, "perf::PAGE-FAULTS"), PAPI_EISRUN);
	EXPECT_RC(PAPI_remove_named_event(eventset, "perf::TASK-CLOCK"), PAPI_EISRUN);
	EXPECT_RC(PAPI_cleanup_eventset(eventset), PAPI_EISRUN);
	rc = PAPI_destroy_eventset(&eventset);
	FAIL_IF(rc != PAPI_EISRUN && rc != PAPI_EINVAL,
	        "PAPI_destroy_eventset of a running set returned %s", ctest_errname(rc));
	FAIL_IF(eventset == PAPI_NULL, "a refused destroy reset the handle");
	memset(&option, 0, sizeof(option));
	option.domain.eventset = eventset;
	option.domain.domain = PAPI_DOM_KERNEL;
	EXPECT_RC(PAPI_set_opt(PAPI_DOMAIN, &option), PAPI_EISRUN);
	EXPECT_RC(PAPI_assign_eventset_component(eventset, ctest_perf_event_cidx()), PAPI_EINVAL);

	CHECK_OK(PAPI_state(eventset, &status));
	FAIL_IF(!(status & PAPI_RUNNING), "the refusals left the set in state %#x",
	        (unsigned)status);
	ctest_busy_cpu_ns(5000000);
	CHECK_OK(PAPI_stop(eventset, values));
	FAIL_IF(values[0] < 2500000, "after the refusals TASK-CLOCK counted %lld ns for 5 ms",
	        values[0]);
	EXPECT_RC(PAPI_stop(eventset, later), PAPI_ENOTRUN);
	EXPECT_RC(PAPI_num_events(eventset), 1);

	ctest_eventset_free(&eventset);
	CHECK_OK(PAPI_destroy_eventset(&empty));
	ctest_pass();
}
