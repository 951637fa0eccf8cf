// SPDX-License-Identifier: BSD-3-Clause
/* Every call taking an event set handle refuses handles that name no set
 * (never created, PAPI_NULL, negative, huge, destroyed) with PAPI_ENOEVST. */
#include "ctest_util.h"

#include <limits.h>
#include <string.h>

static void check_handle(int handle)
{
	long long values[4] = {0, 0, 0, 0}, cycles = 0;
	int codes[1] = {0}, number = 1, status = 0, copy = handle;
	PAPI_option_t option;

	CHECK_OK(PAPI_event_name_to_code("perf::TASK-CLOCK", &codes[0]));
	EXPECT_RC(PAPI_add_event(handle, codes[0]), PAPI_ENOEVST);
	EXPECT_RC(PAPI_add_named_event(handle, "perf::TASK-CLOCK"), PAPI_ENOEVST);
	EXPECT_RC(PAPI_add_events(handle, codes, 1), PAPI_ENOEVST);
	EXPECT_RC(PAPI_remove_event(handle, codes[0]), PAPI_ENOEVST);
	EXPECT_RC(PAPI_remove_named_event(handle, "perf::TASK-CLOCK"), PAPI_ENOEVST);
	EXPECT_RC(PAPI_remove_events(handle, codes, 1), PAPI_ENOEVST);
	EXPECT_RC(PAPI_start(handle), PAPI_ENOEVST);
	EXPECT_RC(PAPI_stop(handle, values), PAPI_ENOEVST);
	EXPECT_RC(PAPI_read(handle, values), PAPI_ENOEVST);
	EXPECT_RC(PAPI_read_ts(handle, values, &cycles), PAPI_ENOEVST);
	EXPECT_RC(PAPI_accum(handle, values), PAPI_ENOEVST);
	EXPECT_RC(PAPI_reset(handle), PAPI_ENOEVST);
	EXPECT_RC(PAPI_write(handle, values), PAPI_ENOEVST);
	EXPECT_RC(PAPI_list_events(handle, codes, &number), PAPI_ENOEVST);
	EXPECT_RC(PAPI_num_events(handle), PAPI_ENOEVST);
	EXPECT_RC(PAPI_state(handle, &status), PAPI_ENOEVST);
	EXPECT_RC(PAPI_cleanup_eventset(handle), PAPI_ENOEVST);
	EXPECT_RC(PAPI_destroy_eventset(&copy), PAPI_ENOEVST);
	EXPECT_RC(PAPI_assign_eventset_component(handle, 0), PAPI_ENOEVST);
	EXPECT_RC(PAPI_get_eventset_component(handle), PAPI_ENOEVST);

	memset(&option, 0, sizeof(option));
	option.domain.eventset = handle;
	option.domain.domain = PAPI_DOM_USER;
	EXPECT_RC(PAPI_set_opt(PAPI_DOMAIN, &option), PAPI_ENOEVST);
	EXPECT_RC(PAPI_get_opt(PAPI_DOMAIN, &option), PAPI_ENOEVST);
	memset(&option, 0, sizeof(option));
	option.granularity.eventset = handle;
	option.granularity.granularity = PAPI_GRN_THR;
	EXPECT_RC(PAPI_set_opt(PAPI_GRANUL, &option), PAPI_ENOEVST);
	EXPECT_RC(PAPI_get_opt(PAPI_GRANUL, &option), PAPI_ENOEVST);
}

int main(int argc, char **argv)
{
	int eventset = PAPI_NULL, destroyed;

	ctest_init(argc, argv);
	ctest_library_init();

	CHECK_OK(PAPI_create_eventset(&eventset));
	destroyed = eventset;
	CHECK_OK(PAPI_destroy_eventset(&eventset));

	check_handle(destroyed);
	check_handle(PAPI_NULL);
	check_handle(-12345);
	check_handle(4096);
	check_handle(INT_MAX);
	check_handle(INT_MIN);

	ctest_pass();
}
