// SPDX-License-Identifier: BSD-3-Clause
/* PAPI_enum_event walks all PAPI_END_idx presets of papiStdEventDefs.h in
 * order, each named "PAPI_..." and round-tripping; the PAPI_PRESET_ENUM_AVAIL
 * walk lists exactly the presets PAPI_query_event accepts; and the native
 * walk of PAPI_enum_event starts in component 0. */
#include "ctest_util.h"

#include <string.h>

int main(int argc, char **argv)
{
	bool available[PAPI_MAX_PRESET_EVENTS] = {false};
	char name[PAPI_MAX_STR_LEN];
	int code, first_native, count, rc;

	ctest_init(argc, argv);
	ctest_library_init();

	code = PAPI_PRESET_MASK;
	CHECK_OK(PAPI_enum_event(&code, PAPI_ENUM_FIRST));
	FAIL_IF(code != PAPI_PRESET_MASK, "the first preset is %#x, expected %#x", (unsigned)code,
	        (unsigned)PAPI_PRESET_MASK);
	count = 0;
	do {
		int index = code & PAPI_PRESET_AND_MASK;
		int again = 0;

		FAIL_IF(!IS_PRESET(code), "preset walk returned the non-preset code %#x",
		        (unsigned)code);
		FAIL_IF(index != count, "preset walk returned index %d at position %d", index,
		        count);
		CHECK_OK(PAPI_event_code_to_name(code, name));
		FAIL_IF(strncmp(name, "PAPI_", 5) != 0, "preset %#x is named \"%s\"",
		        (unsigned)code, name);
		CHECK_OK(PAPI_event_name_to_code(name, &again));
		FAIL_IF(again != code, "\"%s\" maps to %#x, enumerated as %#x", name,
		        (unsigned)again, (unsigned)code);
		count++;
		FAIL_IF(count > PAPI_MAX_PRESET_EVENTS, "the preset walk does not end");
	} while (PAPI_enum_event(&code, PAPI_ENUM_EVENTS) == PAPI_OK);
	FAIL_IF(count != PAPI_END_idx, "the preset walk found %d presets, expected %d", count,
	        PAPI_END_idx);

	code = PAPI_PRESET_MASK;
	while (PAPI_enum_event(&code, PAPI_PRESET_ENUM_AVAIL) == PAPI_OK) {
		int index = code & PAPI_PRESET_AND_MASK;

		FAIL_IF(!IS_PRESET(code) || index >= PAPI_END_idx,
		        "available-preset walk returned %#x", (unsigned)code);
		FAIL_IF(available[index], "available-preset walk returned %#x twice",
		        (unsigned)code);
		available[index] = true;
	}
	/* Index 0 is where the walk starts, so the walk cannot report it. */
	for (int index = 1; index < PAPI_END_idx; index++) {
		code = index | PAPI_PRESET_MASK;
		rc = PAPI_query_event(code);
		CHECK_OK(PAPI_event_code_to_name(code, name));
		FAIL_IF(available[index] && rc != PAPI_OK,
		        "%s is listed as available but PAPI_query_event returns %s", name,
		        ctest_errname(rc));
		FAIL_IF(!available[index] && rc == PAPI_OK,
		        "PAPI_query_event(%s) is PAPI_OK but the available walk skips it", name);
	}

	code = PAPI_NATIVE_MASK;
	CHECK_OK(PAPI_enum_event(&code, PAPI_ENUM_FIRST));
	FAIL_IF(!IS_NATIVE(code), "the first native event has code %#x", (unsigned)code);
	FAIL_IF(PAPI_get_event_component(code) != 0,
	        "PAPI_enum_event's first native event belongs to component %d, not 0",
	        PAPI_get_event_component(code));
	first_native = code;
	CHECK_OK(PAPI_enum_event(&code, PAPI_ENUM_EVENTS));
	FAIL_IF(code == first_native, "the native walk does not advance from %#x",
	        (unsigned)first_native);

	ctest_pass();
}
