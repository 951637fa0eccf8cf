// SPDX-License-Identifier: BSD-3-Clause
/* PAPI_assign_eventset_component binds an empty event set to a component,
 * which then lets component options (the domain) be set before any event is
 * added; it refuses bad component indexes, unknown sets and rebinding. */
#include "ctest_util.h"

#include <string.h>

int main(int argc, char **argv)
{
	PAPI_option_t option;
	long long value = 0;
	int eventset = PAPI_NULL, other = PAPI_NULL;
	int cidx, rc;

	ctest_init(argc, argv);
	ctest_library_init();
	ctest_require_perf_events();
	cidx = ctest_perf_event_cidx();

	CHECK_OK(PAPI_create_eventset(&eventset));
	memset(&option, 0, sizeof(option));
	option.domain.eventset = eventset;
	option.domain.domain = PAPI_DOM_USER;
	rc = PAPI_set_opt(PAPI_DOMAIN, &option);
	FAIL_IF(rc != PAPI_ENOCMP,
	        "PAPI_set_opt(PAPI_DOMAIN) on an unbound set returned %s, expected PAPI_ENOCMP",
	        ctest_errname(rc));

	EXPECT_RC(PAPI_assign_eventset_component(eventset, -1), PAPI_ENOCMP);
	EXPECT_RC(PAPI_assign_eventset_component(eventset, PAPI_num_components()), PAPI_ENOCMP);
	EXPECT_RC(PAPI_assign_eventset_component(eventset + 777, cidx), PAPI_ENOEVST);
	CHECK_OK(PAPI_assign_eventset_component(eventset, cidx));
	rc = PAPI_get_eventset_component(eventset);
	FAIL_IF(rc != cidx, "PAPI_get_eventset_component after assign is %s, expected %d",
	        ctest_errname(rc), cidx);
	EXPECT_RC(PAPI_assign_eventset_component(eventset, cidx), PAPI_EINVAL);

	CHECK_OK(PAPI_set_opt(PAPI_DOMAIN, &option));
	CHECK_OK(PAPI_add_named_event(eventset, "perf::TASK-CLOCK"));
	CHECK_OK(PAPI_start(eventset));
	ctest_busy_cpu_ns(5000000);
	CHECK_OK(PAPI_stop(eventset, &value));
	FAIL_IF(value < 2500000, "perf::TASK-CLOCK counted %lld ns for 5 ms of work", value);

	/* An assigned but empty set can be destroyed without cleanup. */
	CHECK_OK(PAPI_create_eventset(&other));
	CHECK_OK(PAPI_assign_eventset_component(other, cidx));
	CHECK_OK(PAPI_destroy_eventset(&other));

	ctest_eventset_free(&eventset);
	ctest_pass();
}
