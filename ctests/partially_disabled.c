// SPDX-License-Identifier: BSD-3-Clause
/* PAPI 7.2's partially disabled component: perf_event is active and
 * partially disabled exactly where no hardware PMU is exposed (this
 * machine or the lab's guests with an emulated PMU say which), with a
 * reason that names what cannot count and what does; and what it says
 * counts does: a software event added and counted. */
#include "ctest_util.h"

#include <string.h>

int main(int argc, char **argv)
{
	const PAPI_component_info_t *info;
	bool core_pmu;
	int cidx, eventset = PAPI_NULL, rc;
	long long count = 0;

	ctest_init(argc, argv);
	ctest_library_init();
	cidx = ctest_perf_event_cidx();
	info = PAPI_get_component_info(cidx);
	FAIL_IF(info == NULL, "PAPI_get_component_info(%d) is NULL", cidx);
	FAIL_IF(info->disabled != PAPI_OK, "perf_event is disabled: %s", info->disabled_reason);
	core_pmu = ctest_have_core_pmu();
	FAIL_IF(info->partially_disabled != !core_pmu,
	        "partially_disabled is %d on a machine %s a hardware PMU", info->partially_disabled,
	        core_pmu ? "with" : "without");
	if (core_pmu) {
		FAIL_IF(info->partially_disabled_reason[0] != '\0',
		        "a reason without being partially disabled: %s",
		        info->partially_disabled_reason);
		ctest_note("a hardware PMU: not partially disabled");
		ctest_pass();
	}
	FAIL_IF(strstr(info->partially_disabled_reason, "no hardware PMU") == NULL ||
	            strstr(info->partially_disabled_reason, "perf::CYCLES") == NULL ||
	            strstr(info->partially_disabled_reason, "perf::TASK-CLOCK") == NULL,
	        "the reason does not say what cannot count and what does: %s",
	        info->partially_disabled_reason);
	CHECK_OK(PAPI_create_eventset(&eventset));
	rc = PAPI_add_named_event(eventset, "perf::CYCLES");
	FAIL_IF(rc != PAPI_ENOCNTR, "perf::CYCLES was added (%s) with no hardware PMU",
	        ctest_errname(rc));
	CHECK_OK(PAPI_add_named_event(eventset, "perf::TASK-CLOCK"));
	CHECK_OK(PAPI_start(eventset));
	ctest_hot_loop(2000000);
	CHECK_OK(PAPI_stop(eventset, &count));
	FAIL_IF(count <= 0, "perf::TASK-CLOCK counted %lld", count);
	ctest_eventset_free(&eventset);
	ctest_note("partially disabled: %s", info->partially_disabled_reason);
	ctest_pass();
}
