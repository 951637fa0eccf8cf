// SPDX-License-Identifier: BSD-3-Clause
/* PAPI_enum_cmp_event walks every native event of the perf_event component
 * exactly once, as many as the component reports; each code belongs to the
 * component and round-trips through its name. The walk includes the
 * software events and the sysfs msr::tsc event. */
#include "ctest_util.h"

#include <stdlib.h>
#include <string.h>

#define WALK_LIMIT 1000000

static int compare_ints(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return (x > y) - (x < y);
}

static void check_qualifiers(int code, const char *event_name, int cidx)
{
	char name[PAPI_HUGE_STR_LEN];
	size_t prefix = strlen(event_name);
	int qualifier = code;
	int steps = 0;

	while (PAPI_enum_cmp_event(&qualifier, PAPI_NTV_ENUM_UMASKS, cidx) == PAPI_OK) {
		int again = 0;

		FAIL_IF(++steps > 1000, "qualifiers of %s do not end", event_name);
		CHECK_OK(PAPI_event_code_to_name(qualifier, name));
		FAIL_IF(strncmp(name, event_name, prefix) != 0 || name[prefix] != ':',
		        "qualifier \"%s\" of %s does not extend the event name", name, event_name);
		CHECK_OK(PAPI_event_name_to_code(name, &again));
	}
}

int main(int argc, char **argv)
{
	const PAPI_component_info_t *info;
	char name[PAPI_HUGE_STR_LEN];
	bool saw_task_clock = false, saw_tsc = false;
	bool want_tsc = ctest_path_exists("/sys/bus/event_source/devices/msr/events/tsc");
	int *codes = malloc(WALK_LIMIT * sizeof(int));
	int count = 0;
	int cidx, code, rc;

	ctest_init(argc, argv);
	ctest_library_init();
	FAIL_IF(codes == NULL, "out of memory");
	cidx = ctest_perf_event_cidx();
	info = PAPI_get_component_info(cidx);
	FAIL_IF(info == NULL, "PAPI_get_component_info(%d) is NULL", cidx);

	code = PAPI_NATIVE_MASK;
	rc = PAPI_enum_cmp_event(&code, PAPI_ENUM_FIRST, cidx);
	FAIL_IF(rc != PAPI_OK, "PAPI_enum_cmp_event(PAPI_ENUM_FIRST) returned %s",
	        ctest_errname(rc));
	do {
		int again = 0;

		FAIL_IF(count >= WALK_LIMIT, "the enumeration does not end after %d events", count);
		FAIL_IF(!IS_NATIVE(code), "event %d of the walk has code %#x, not a native code",
		        count, (unsigned)code);
		codes[count++] = code;
		rc = PAPI_event_code_to_name(code, name);
		FAIL_IF(rc != PAPI_OK, "PAPI_event_code_to_name(%#x) returned %s", (unsigned)code,
		        ctest_errname(rc));
		rc = PAPI_event_name_to_code(name, &again);
		FAIL_IF(rc != PAPI_OK, "PAPI_event_name_to_code(\"%s\") returned %s", name,
		        ctest_errname(rc));
		FAIL_IF(again != code, "\"%s\" has code %#x but was enumerated as %#x", name,
		        (unsigned)again, (unsigned)code);
		rc = PAPI_get_event_component(code);
		FAIL_IF(rc != cidx, "PAPI_get_event_component(%s) returned %s, expected %d", name,
		        ctest_errname(rc), cidx);
		if (strcmp(name, "perf::TASK-CLOCK") == 0) {
			saw_task_clock = true;
			check_qualifiers(code, name, cidx);
		}
		if (strcmp(name, "msr::tsc") == 0)
			saw_tsc = true;
		rc = PAPI_enum_cmp_event(&code, PAPI_ENUM_EVENTS, cidx);
	} while (rc == PAPI_OK);
	FAIL_IF(
	    rc != PAPI_ENOEVNT && rc != PAPI_EINVAL,
	    "the enumeration ended with %s, expected PAPI_ENOEVNT (or PAPI_EINVAL as PAPI does)",
	    ctest_errname(rc));
	ctest_note("perf_event enumerates %d events", count);

	qsort(codes, (size_t)count, sizeof(int), compare_ints);
	for (int i = 1; i < count; i++)
		FAIL_IF(codes[i] == codes[i - 1], "code %#x is enumerated twice",
		        (unsigned)codes[i]);
	free(codes);

	FAIL_IF(!saw_task_clock, "perf::TASK-CLOCK is not among the enumerated events");
	FAIL_IF(want_tsc && !saw_tsc,
	        "the kernel has msr/events/tsc but msr::tsc is not enumerated");
	FAIL_IF(count != info->num_native_events,
	        "the walk found %d events, the component reports num_native_events = %d", count,
	        info->num_native_events);

	code = PAPI_NATIVE_MASK;
	EXPECT_RC(PAPI_enum_cmp_event(&code, PAPI_ENUM_FIRST, -1), PAPI_ENOCMP);
	EXPECT_RC(PAPI_enum_cmp_event(&code, PAPI_ENUM_FIRST, PAPI_num_components()), PAPI_ENOCMP);
	EXPECT_RC(PAPI_enum_cmp_event(NULL, PAPI_ENUM_FIRST, cidx), PAPI_EINVAL);
	EXPECT_RC(PAPI_enum_event(NULL, PAPI_ENUM_FIRST), PAPI_EINVAL);

	ctest_pass();
}
