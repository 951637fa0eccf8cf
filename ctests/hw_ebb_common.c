// SPDX-License-Identifier: BSD-3-Clause
/* Shared part of the EBB hardware ctests (hw_ebb_*.c), #included by each
 * after hw_common.c: finds the ebb component and skips, with the
 * component's own reason, where it is disabled (every machine but POWER8
 * and later with EBB: wrong architecture, no EBB in AT_HWCAP2, unknown
 * PMU). Not a test: listed in EXTRA_DIST only. */

/* The ebb component's index; skips the test unless it is active. */
HW_HELPER int hw_ebb_cidx(void)
{
	int cidx = PAPI_get_component_index("ebb");
	SKIP_IF(cidx < 0, "the ebb component is not built into this library");
	const PAPI_component_info_t *info = PAPI_get_component_info(cidx);
	FAIL_IF(info == NULL, "no component info for ebb (%d)", cidx);
	SKIP_IF(info->disabled, "the ebb component is disabled here: %s", info->disabled_reason);
	SKIP_IF(!hw_loop_known(), "no instruction loop written for this CPU architecture");
	return cidx;
}

/* A new event set with the named EBB events, in order. */
HW_HELPER int hw_ebb_set_of(const char *const *names, int count)
{
	int eventset = PAPI_NULL;
	CHECK_OK(PAPI_create_eventset(&eventset));
	for (int i = 0; i < count; i++) {
		int rc = PAPI_add_named_event(eventset, names[i]);
		FAIL_IF(rc != PAPI_OK, "PAPI_add_named_event(%s) returned %s%s", names[i],
		        ctest_errname(rc), ctest_reason());
	}
	return eventset;
}
