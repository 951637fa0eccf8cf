// SPDX-License-Identifier: BSD-3-Clause
/* PAPI_disable_component, given the index that PAPI_get_component_index
 * reports before init (PAPI's documented way to use it), disables that
 * component; bad indexes are refused, and so is any call after init. */
#include "ctest_util.h"

int main(int argc, char **argv)
{
	const PAPI_component_info_t *info;
	int cidx, rc;

	ctest_init(argc, argv);

	cidx = PAPI_get_component_index("perf_event");
	FAIL_IF(cidx < 0, "PAPI_get_component_index(\"perf_event\") before init returned %s",
	        ctest_errname(cidx));
	EXPECT_RC(PAPI_disable_component(-1), PAPI_ENOCMP);
	EXPECT_RC(PAPI_disable_component(PAPI_num_components()), PAPI_ENOCMP);
	EXPECT_RC(PAPI_disable_component(1000), PAPI_ENOCMP);
	CHECK_OK(PAPI_disable_component(cidx));

	ctest_library_init();
	rc = ctest_perf_event_cidx();
	FAIL_IF(rc != cidx, "perf_event moved from index %d before init to %d after", cidx, rc);
	info = PAPI_get_component_info(cidx);
	FAIL_IF(info == NULL || info->disabled == 0,
	        "perf_event is not disabled after PAPI_disable_component(%d)", cidx);
	rc = PAPI_query_named_event("perf::TASK-CLOCK");
	FAIL_IF(rc == PAPI_OK, "perf::TASK-CLOCK is still available from a disabled component");

	for (int i = 0; i < PAPI_num_components(); i++)
		EXPECT_RC(PAPI_disable_component(i), PAPI_ENOINIT);

	ctest_pass();
}
