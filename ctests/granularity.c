// SPDX-License-Identifier: BSD-3-Clause
/* Granularity: PAPI_GRN_THR is perf_event's default and can be set as the
 * default (PAPI_set_granularity, PAPI_set_cmp_granularity) and on a set
 * (PAPI_GRANUL), where PAPI_get_opt reads it back; values outside the
 * PAPI_GRN_* range, or with two bits, and bad components are refused. */
#include "ctest_util.h"

#include <string.h>

int main(int argc, char **argv)
{
	const char *const names[] = {"perf::TASK-CLOCK"};
	PAPI_option_t option;
	long long value = 0;
	int cidx, eventset, rc;

	ctest_init(argc, argv);
	ctest_library_init();
	ctest_require_perf_events();
	cidx = ctest_perf_event_cidx();

	rc = PAPI_get_cmp_opt(PAPI_DEFGRN, NULL, cidx);
	FAIL_IF(rc != PAPI_GRN_THR, "perf_event's default granularity is %s, expected %#x",
	        ctest_errname(rc), PAPI_GRN_THR);
	rc = PAPI_get_opt(PAPI_DEFGRN, NULL);
	FAIL_IF(rc != PAPI_get_cmp_opt(PAPI_DEFGRN, NULL, 0),
	        "PAPI_get_opt(PAPI_DEFGRN) %s differs from component 0's %d", ctest_errname(rc),
	        PAPI_get_cmp_opt(PAPI_DEFGRN, NULL, 0));

	CHECK_OK(PAPI_set_cmp_granularity(PAPI_GRN_THR, cidx));
	if (cidx == 0)
		CHECK_OK(PAPI_set_granularity(PAPI_GRN_THR));
	EXPECT_RC(PAPI_set_granularity(0), PAPI_EINVAL);
	EXPECT_RC(PAPI_set_granularity(PAPI_GRN_MAX << 1), PAPI_EINVAL);
	EXPECT_RC(PAPI_set_granularity(-1), PAPI_EINVAL);
	EXPECT_RC(PAPI_set_cmp_granularity(PAPI_GRN_THR | PAPI_GRN_PROC, cidx), PAPI_EINVAL);
	EXPECT_RC(PAPI_set_cmp_granularity(PAPI_GRN_THR, -1), PAPI_ENOCMP);
	EXPECT_RC(PAPI_set_cmp_granularity(PAPI_GRN_THR, PAPI_num_components()), PAPI_ENOCMP);
	rc = PAPI_get_cmp_opt(PAPI_DEFGRN, NULL, cidx);
	FAIL_IF(rc != PAPI_GRN_THR, "refused changes moved the default granularity to %s",
	        ctest_errname(rc));

	eventset = ctest_eventset_of(names, 1);
	memset(&option, 0, sizeof(option));
	option.granularity.eventset = eventset;
	CHECK_OK(PAPI_get_opt(PAPI_GRANUL, &option));
	FAIL_IF(option.granularity.granularity != PAPI_GRN_THR,
	        "a new set has granularity %#x, expected PAPI_GRN_THR",
	        option.granularity.granularity);
	option.granularity.granularity = PAPI_GRN_THR;
	CHECK_OK(PAPI_set_opt(PAPI_GRANUL, &option));
	option.granularity.granularity = PAPI_GRN_THR | PAPI_GRN_SYS;
	EXPECT_RC(PAPI_set_opt(PAPI_GRANUL, &option), PAPI_EINVAL);
	option.granularity.granularity = 0;
	EXPECT_RC(PAPI_set_opt(PAPI_GRANUL, &option), PAPI_EINVAL);
	memset(&option, 0, sizeof(option));
	option.granularity.eventset = eventset;
	CHECK_OK(PAPI_get_opt(PAPI_GRANUL, &option));
	FAIL_IF(option.granularity.granularity != PAPI_GRN_THR,
	        "after refused changes the set has granularity %#x",
	        option.granularity.granularity);

	CHECK_OK(PAPI_start(eventset));
	ctest_busy_cpu_ns(5000000);
	CHECK_OK(PAPI_stop(eventset, &value));
	FAIL_IF(value < 2500000, "a PAPI_GRN_THR set counted %lld ns for 5 ms of work", value);

	ctest_eventset_free(&eventset);
	ctest_pass();
}
