// SPDX-License-Identifier: BSD-3-Clause
/* The sde component lists what libraries registered, and refuses what they
 * did not with PAPI_ENOEVNT and a reason: an unknown library, an unknown
 * counter, a name without a counter, a counter the library withdrew. It is
 * a component like any other (papi_component_avail shows it). */
#include <string.h>

#include "ctest_util.h"
#include "sde_lib.h"
#include "sde_simple_lib.h"

/* Every event Simple registers, as PAPI lists them. */
static const char *const listed[] = {
    "sde:::Simple::operations",  "sde:::Simple::in_flight",   "sde:::Simple::busy_seconds",
    "sde:::Simple::load_factor", "sde:::Simple::tripled",     "sde:::Simple::items",
    "sde:::Simple::total",       "sde:::Simple::latency",     "sde:::Simple::latency:CNT",
    "sde:::Simple::latency:MIN", "sde:::Simple::latency:Q1",  "sde:::Simple::latency:MED",
    "sde:::Simple::latency:Q3",  "sde:::Simple::latency:MAX", "sde:::Simple::tags",
};
#define LISTED (int)(sizeof(listed) / sizeof(listed[0]))

/* name must fail with PAPI_ENOEVNT; under Papillon the reason holds words. */
static void expect_no_event(const char *name, const char *words)
{
	int code;
	EXPECT_RC(PAPI_event_name_to_code(name, &code), PAPI_ENOEVNT);
#ifdef PAPILLON
	FAIL_IF(!strstr(PAPI_strreason(), words), "%s: the reason '%s' does not say '%s'", name,
	        PAPI_strreason(), words);
#else
	(void)words;
#endif
}

/* How many times each listed name comes in the sde component's enumeration;
 * returns the number of events enumerated. */
static int enumerate(int cidx, int *times)
{
	int code = PAPI_NATIVE_MASK, count = 0;
	memset(times, 0, sizeof(int) * LISTED);
	int rc = PAPI_enum_cmp_event(&code, PAPI_ENUM_FIRST, cidx);
	while (rc == PAPI_OK) {
		char name[PAPI_MAX_STR_LEN];
		CHECK_OK(PAPI_event_code_to_name(code, name));
		for (int i = 0; i < LISTED; i++)
			if (strcmp(name, listed[i]) == 0)
				times[i]++;
		count++;
		rc = PAPI_enum_cmp_event(&code, PAPI_ENUM_EVENTS, cidx);
	}
	return count;
}

int main(int argc, char **argv)
{
	int times[LISTED];
	int code;

	ctest_init(argc, argv);
	ctest_library_init();
	int cidx = PAPI_get_component_index("sde");
	FAIL_IF(cidx < 0, "no component named sde (%s)", ctest_errname(cidx));
	const PAPI_component_info_t *info = PAPI_get_component_info(cidx);
	FAIL_IF(!info || info->disabled, "the sde component is disabled: %s",
	        info ? info->disabled_reason : "no info");
	FAIL_IF(enumerate(cidx, times) != 0, "the sde component lists events before any library "
	                                     "registered one");
	expect_no_event("sde:::Simple::operations", "no library named 'Simple'");

	simple_init();
	FAIL_IF(enumerate(cidx, times) != LISTED, "the sde component lists %d events, expected %d",
	        enumerate(cidx, times), LISTED);
	for (int i = 0; i < LISTED; i++)
		FAIL_IF(times[i] != 1, "%s is listed %d times", listed[i], times[i]);

	PAPI_event_info_t event;
	CHECK_OK(PAPI_event_name_to_code("sde:::Simple::operations", &code));
	CHECK_OK(PAPI_get_event_info(code, &event));
	FAIL_IF(strcmp(event.long_descr, "Operations the library performed") != 0 ||
	            event.component_index != cidx,
	        "operations is described as '%s' in component %d", event.long_descr,
	        event.component_index);
	/* Without a description, PAPI 7's default: the library and the name. */
	CHECK_OK(PAPI_event_name_to_code("sde:::Simple::in_flight", &code));
	CHECK_OK(PAPI_get_event_info(code, &event));
	FAIL_IF(strcmp(event.long_descr, "Simple::in_flight") != 0,
	        "in_flight is described as '%s'", event.long_descr);
	FAIL_IF(event.value_type != PAPI_VALUETYPE_ABSOLUTE,
	        "in_flight (INSTANT) has value type %d, not PAPI_VALUETYPE_ABSOLUTE",
	        event.value_type);
	CHECK_OK(PAPI_event_name_to_code("sde:::Simple::busy_seconds", &code));
	CHECK_OK(PAPI_get_event_info(code, &event));
	FAIL_IF(event.data_type != PAPI_DATATYPE_FP64 ||
	            event.value_type != PAPI_VALUETYPE_RUNNING_SUM,
	        "busy_seconds (DELTA double) has data type %d and value type %d", event.data_type,
	        event.value_type);

	/* Counters have no qualifiers and no groups. */
	int walk = code;
	EXPECT_RC(PAPI_enum_cmp_event(&walk, PAPI_NTV_ENUM_UMASKS, cidx), PAPI_ENOEVNT);
	walk = code;
	EXPECT_RC(PAPI_enum_cmp_event(&walk, PAPI_NTV_ENUM_GROUPS, cidx), PAPI_ENOEVNT);

	expect_no_event("sde:::Simple::nosuch", "library 'Simple' has registered no counter");
	expect_no_event("sde:::Nope::operations", "no library named 'Nope'");
	expect_no_event("sde:::Simple", "names no counter");

	/* A withdrawn counter is no longer listed, and cannot be added. */
	int in_flight;
	CHECK_OK(PAPI_event_name_to_code("sde:::Simple::in_flight", &in_flight));
	CHECK_OK(simple_unregister("in_flight"));
	enumerate(cidx, times);
	FAIL_IF(times[1] != 0, "in_flight is still listed after it was unregistered");
	int eventset = PAPI_NULL;
	CHECK_OK(PAPI_create_eventset(&eventset));
	EXPECT_RC(PAPI_add_event(eventset, in_flight), PAPI_ENOEVNT);
#ifdef PAPILLON
	FAIL_IF(!strstr(PAPI_strreason(), "unregistered"),
	        "adding the withdrawn in_flight gives the reason '%s'", PAPI_strreason());
#endif
	CHECK_OK(PAPI_destroy_eventset(&eventset));
	FAIL_IF(simple_unregister("in_flight") != SDE_EINVAL,
	        "a second unregistration of in_flight did not fail with SDE_EINVAL");

	CHECK_OK(simple_shutdown());
	FAIL_IF(enumerate(cidx, times) != 0, "%d events are listed after papi_sde_shutdown",
	        enumerate(cidx, times));
	ctest_pass();
}
