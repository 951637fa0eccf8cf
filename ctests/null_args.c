// SPDX-License-Identifier: BSD-3-Clause
/* Every call that takes a pointer refuses NULL with PAPI_EINVAL instead of
 * crashing; PAPI_stop(set, NULL), which PAPI allows, stops without values. */
#include "ctest_util.h"

int main(int argc, char **argv)
{
	const char *const names[] = {"perf::TASK-CLOCK"};
	long long values[1] = {0}, cycles = 0;
	int code = 0, eventset, number = 1, status = 0;

	ctest_init(argc, argv);
	ctest_library_init();
	ctest_require_perf_events();
	eventset = ctest_eventset_of(names, 1);
	CHECK_OK(PAPI_event_name_to_code(names[0], &code));

	EXPECT_RC(PAPI_create_eventset(NULL), PAPI_EINVAL);
	EXPECT_RC(PAPI_destroy_eventset(NULL), PAPI_EINVAL);
	EXPECT_RC(PAPI_add_named_event(eventset, NULL), PAPI_EINVAL);
	EXPECT_RC(PAPI_remove_named_event(eventset, NULL), PAPI_EINVAL);
	EXPECT_RC(PAPI_add_events(eventset, NULL, 1), PAPI_EINVAL);
	EXPECT_RC(PAPI_remove_events(eventset, NULL, 1), PAPI_EINVAL);
	EXPECT_RC(PAPI_list_events(eventset, NULL, &number), PAPI_EINVAL);
	EXPECT_RC(PAPI_list_events(eventset, &code, NULL), PAPI_EINVAL);
	EXPECT_RC(PAPI_state(eventset, NULL), PAPI_EINVAL);
	EXPECT_RC(PAPI_event_name_to_code(NULL, &code), PAPI_EINVAL);
	EXPECT_RC(PAPI_event_name_to_code("perf::TASK-CLOCK", NULL), PAPI_EINVAL);
	EXPECT_RC(PAPI_event_code_to_name(code, NULL), PAPI_EINVAL);
	EXPECT_RC(PAPI_get_event_info(code, NULL), PAPI_EINVAL);
	EXPECT_RC(PAPI_query_named_event(NULL), PAPI_EINVAL);
	EXPECT_RC(PAPI_enum_event(NULL, PAPI_ENUM_FIRST), PAPI_EINVAL);
	EXPECT_RC(PAPI_enum_cmp_event(NULL, PAPI_ENUM_FIRST, 0), PAPI_EINVAL);
	EXPECT_RC(PAPI_get_component_index(NULL), PAPI_EINVAL);
	EXPECT_RC(PAPI_get_dmem_info(NULL), PAPI_EINVAL);
	EXPECT_RC(PAPI_set_opt(PAPI_DOMAIN, NULL), PAPI_EINVAL);
	EXPECT_RC(PAPI_set_opt(PAPI_DEFDOM, NULL), PAPI_EINVAL);
	EXPECT_RC(PAPI_get_opt(PAPI_DOMAIN, NULL), PAPI_EINVAL);
	EXPECT_RC(PAPI_get_opt(PAPI_GRANUL, NULL), PAPI_EINVAL);
	EXPECT_RC(PAPI_get_opt(PAPI_EXEINFO, NULL), PAPI_EINVAL);
	EXPECT_RC(PAPI_get_opt(PAPI_HWINFO, NULL), PAPI_EINVAL);
	EXPECT_RC(PAPI_get_opt(PAPI_SHLIBINFO, NULL), PAPI_EINVAL);
	EXPECT_RC(PAPI_get_opt(PAPI_COMPONENTINFO, NULL), PAPI_EINVAL);
	EXPECT_RC(PAPI_get_opt(PAPI_PRELOAD, NULL), PAPI_EINVAL);
	EXPECT_RC(PAPI_get_opt(PAPI_DEBUG, NULL), PAPI_EINVAL);
	EXPECT_RC(PAPI_get_cmp_opt(PAPI_COMPONENTINFO, NULL, 0), PAPI_EINVAL);

	/* The counting calls: stopped and running. */
	EXPECT_RC(PAPI_read(eventset, NULL), PAPI_EINVAL);
	EXPECT_RC(PAPI_accum(eventset, NULL), PAPI_EINVAL);
	CHECK_OK(PAPI_start(eventset));
	EXPECT_RC(PAPI_read(eventset, NULL), PAPI_EINVAL);
	EXPECT_RC(PAPI_read_ts(eventset, NULL, &cycles), PAPI_EINVAL);
	EXPECT_RC(PAPI_read_ts(eventset, values, NULL), PAPI_EINVAL);
	EXPECT_RC(PAPI_accum(eventset, NULL), PAPI_EINVAL);
	EXPECT_RC(PAPI_write(eventset, NULL), PAPI_EINVAL);
	CHECK_OK(PAPI_stop(eventset, NULL));
	CHECK_OK(PAPI_state(eventset, &status));
	FAIL_IF(!(status & PAPI_STOPPED), "PAPI_stop(set, NULL) left state %#x", (unsigned)status);

	/* Harmless with NULL. */
	PAPI_perror(NULL);

	ctest_eventset_free(&eventset);
	ctest_pass();
}
