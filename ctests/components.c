// SPDX-License-Identifier: BSD-3-Clause
/* The component list: every index has its info and is found again by name;
 * perf_event is present and active on every Linux machine (software events
 * need no PMU) with native events, PAPI's default domain and granularity;
 * counter counts agree across the calls that report them. */
#include "ctest_util.h"

#include <string.h>

int main(int argc, char **argv)
{
	const PAPI_component_info_t *info;
	int count, cidx, rc;

	ctest_init(argc, argv);
	ctest_library_init();

	count = PAPI_num_components();
	FAIL_IF(count < 1, "PAPI_num_components() is %d", count);
	for (int i = 0; i < count; i++) {
		info = PAPI_get_component_info(i);
		FAIL_IF(info == NULL, "PAPI_get_component_info(%d) is NULL", i);
		FAIL_IF(info->name[0] == '\0', "component %d has no name", i);
		FAIL_IF(info->CmpIdx != i, "component %d (%s) says CmpIdx %d", i, info->name,
		        info->CmpIdx);
		rc = PAPI_get_component_index(info->name);
		FAIL_IF(rc != i, "PAPI_get_component_index(\"%s\") returned %s, expected %d",
		        info->name, ctest_errname(rc), i);
		rc = PAPI_num_cmp_hwctrs(i);
		FAIL_IF(rc != info->num_cntrs, "PAPI_num_cmp_hwctrs(%d) is %s but num_cntrs is %d",
		        i, ctest_errname(rc), info->num_cntrs);
		ctest_note("component %d: %s (%s), %s%s, %d native events, %d counters", i,
		           info->name, info->description, info->disabled ? "disabled: " : "active",
		           info->disabled ? info->disabled_reason : "", info->num_native_events,
		           info->num_cntrs);
	}
	FAIL_IF(PAPI_get_component_info(count) != NULL, "PAPI_get_component_info(%d) is not NULL",
	        count);
	FAIL_IF(PAPI_get_component_info(-1) != NULL, "PAPI_get_component_info(-1) is not NULL");

	cidx = ctest_perf_event_cidx();
	info = PAPI_get_component_info(cidx);
	FAIL_IF(info->disabled != 0, "perf_event is disabled (%d): %s", info->disabled,
	        info->disabled_reason);
	FAIL_IF(info->num_native_events <= 0, "perf_event has %d native events",
	        info->num_native_events);
	FAIL_IF(info->default_domain != PAPI_DOM_USER,
	        "perf_event's default domain is %#x, PAPI's is PAPI_DOM_USER",
	        info->default_domain);
	FAIL_IF(!(info->available_domains & PAPI_DOM_USER) ||
	            !(info->available_domains & PAPI_DOM_KERNEL),
	        "perf_event's available domains %#x lack user or kernel", info->available_domains);
	FAIL_IF(info->default_granularity != PAPI_GRN_THR,
	        "perf_event's default granularity is %#x, PAPI's is PAPI_GRN_THR",
	        info->default_granularity);
	FAIL_IF(!(info->available_granularities & PAPI_GRN_THR),
	        "perf_event's available granularities %#x lack PAPI_GRN_THR",
	        info->available_granularities);

	rc = PAPI_num_hwctrs();
	FAIL_IF(rc != PAPI_num_cmp_hwctrs(0), "PAPI_num_hwctrs() is %d, PAPI_num_cmp_hwctrs(0) %d",
	        rc, PAPI_num_cmp_hwctrs(0));
	FAIL_IF(PAPI_num_cmp_hwctrs(-1) >= 0, "PAPI_num_cmp_hwctrs(-1) is %d",
	        PAPI_num_cmp_hwctrs(-1));
	FAIL_IF(PAPI_num_cmp_hwctrs(count) >= 0, "PAPI_num_cmp_hwctrs(%d) is %d", count,
	        PAPI_num_cmp_hwctrs(count));

	EXPECT_RC(PAPI_get_component_index("no-such-component"), PAPI_ENOCMP);
	EXPECT_RC(PAPI_get_component_index(""), PAPI_ENOCMP);
	EXPECT_RC(PAPI_get_component_index(NULL), PAPI_EINVAL);

	ctest_pass();
}
