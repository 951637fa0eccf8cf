// SPDX-License-Identifier: BSD-3-Clause
/* The riscv component's operations themselves (components/riscv/), on any
 * host: enumeration and name resolution agree on every event (the
 * contract's rule), event_info describes each, and off riscv64 init
 * disables the component with a reason naming riscv64 while every event
 * is refused with a reason; on riscv64 it is active and its description
 * names its mode. Counting is ctests/riscv_csr's. Linked against the whole
 * library. */
#include <stdio.h>
#include <string.h>

#include <CUnit/Basic.h>

#include "papi.h"
#include "component.h"
#include "util/error.h"
#include "unit_assert.h"

extern const struct component_ops riscv_component;

static void test_enumerated_names_resolve_to_their_cursor(void)
{
	const struct component_ops *ops = &riscv_component;
	uint64_t cursor = 0;
	char name[PAPI_HUGE_STR_LEN];
	int modifier = PAPI_ENUM_FIRST, listed = 0;
	while (ops->enum_events(&cursor, modifier, name, sizeof(name)) == PAPI_OK) {
		struct component_resolution resolution;
		memset(&resolution, 0, sizeof(resolution));
		int status = ops->resolve_name(name, &resolution);
		char text[PAPI_HUGE_STR_LEN + 128];
		snprintf(text, sizeof(text),
		         "%s: resolve %d, cursor %llu (listed at %llu), as '%s'", name, status,
		         (unsigned long long)resolution.cursor, (unsigned long long)cursor,
		         resolution.canonical);
		CU_assertImplementation(status == PAPI_OK && resolution.cursor == cursor &&
		                            strcmp(resolution.canonical, name) == 0,
		                        __LINE__, text, __FILE__, "", CU_FALSE);
		PAPI_event_info_t info;
		memset(&info, 0, sizeof(info));
		UNIT_ASSERT_STATUS(ops->event_info(name, cursor, resolution.encoding, &info),
		                   PAPI_OK);
		CU_ASSERT(info.long_descr[0] != '\0');
		if (status == PAPI_OK)
			ops->release_encoding(resolution.encoding);
		/* Units masks: none. */
		uint64_t umask = cursor;
		CU_ASSERT_NOT_EQUAL(
		    ops->enum_events(&umask, PAPI_NTV_ENUM_UMASKS, name, sizeof(name)), PAPI_OK);
		modifier = PAPI_ENUM_EVENTS;
		listed++;
	}
	CU_ASSERT_EQUAL(listed, 75);
}

static void test_unknown_names_have_a_reason(void)
{
	struct component_resolution resolution;
	memset(&resolution, 0, sizeof(resolution));
	UNIT_ASSERT_STATUS(riscv_component.resolve_name("riscv:::no-such-event", &resolution),
	                   PAPI_ENOEVNT);
	CU_ASSERT_PTR_NOT_NULL(strstr(papi_error_reason(), "no riscv event"));
}

#if !(defined(__riscv) && __riscv_xlen == 64)
static void test_disabled_off_riscv64_with_reason(void)
{
	PAPI_component_info_t info;
	memset(&info, 0, sizeof(info));
	UNIT_ASSERT_STATUS(riscv_component.init(0, &info), PAPI_ECMP);
	CU_ASSERT_EQUAL(info.disabled, PAPI_ECMP);
	CU_ASSERT_PTR_NOT_NULL(strstr(info.disabled_reason, "riscv64 Linux only"));

	/* And its events, which resolve, do not count here. */
	struct component_resolution resolution;
	memset(&resolution, 0, sizeof(resolution));
	UNIT_ASSERT_STATUS(riscv_component.resolve_name("time", &resolution), PAPI_OK);
	UNIT_ASSERT_STATUS(riscv_component.check_event(resolution.encoding), PAPI_ECMP);
	CU_ASSERT_PTR_NOT_NULL(strstr(papi_error_reason(), "riscv64 Linux only"));
	CU_ASSERT_PTR_NULL(strstr(papi_error_reason(), "this kernel"));
	riscv_component.release_encoding(resolution.encoding);
}
#else
static void test_active_on_riscv64_with_its_mode(void)
{
	PAPI_component_info_t info;
	memset(&info, 0, sizeof(info));
	UNIT_ASSERT_STATUS(riscv_component.init(0, &info), PAPI_OK);
	CU_ASSERT_EQUAL(info.disabled, 0);
	CU_ASSERT(strstr(info.description, "mode: legacy") ||
	          strstr(info.description, "mode: time only") ||
	          strstr(info.description, "mode: perf-managed"));
	printf("\nriscv: %s\n", info.description);
}
#endif

int main(void)
{
	if (CU_initialize_registry() != CUE_SUCCESS)
		return 1;
	CU_pSuite suite = CU_add_suite("riscv_component", NULL, NULL);
	CU_add_test(suite, "enumerated names resolve to their cursor",
	            test_enumerated_names_resolve_to_their_cursor);
	CU_add_test(suite, "unknown names have a reason", test_unknown_names_have_a_reason);
#if !(defined(__riscv) && __riscv_xlen == 64)
	CU_add_test(suite, "disabled off riscv64 with reason",
	            test_disabled_off_riscv64_with_reason);
#else
	CU_add_test(suite, "active on riscv64 with its mode", test_active_on_riscv64_with_its_mode);
#endif
	return unit_run_all();
}
