// SPDX-License-Identifier: BSD-3-Clause
/* Event names and codes convert both ways: a native software event gets a
 * native code that converts back to the same name; preset names map to the
 * preset constants of papiStdEventDefs.h whether or not they can count. */
#include "ctest_util.h"

#include <string.h>

static void check_native_round_trip(const char *name)
{
	char back[PAPI_MAX_STR_LEN];
	int code = 0, again = 0;

	CHECK_OK(PAPI_event_name_to_code(name, &code));
	FAIL_IF(!IS_NATIVE(code), "\"%s\" has code %#x, which is not a native code", name,
	        (unsigned)code);
	CHECK_OK(PAPI_event_code_to_name(code, back));
	FAIL_IF(strcmp(back, name) != 0, "code %#x of \"%s\" converts back to \"%s\"",
	        (unsigned)code, name, back);
	CHECK_OK(PAPI_event_name_to_code(back, &again));
	FAIL_IF(again != code, "\"%s\" has code %#x on a second lookup, %#x on the first", name,
	        (unsigned)again, (unsigned)code);
}

int main(int argc, char **argv)
{
	static const struct {
		const char *name;
		int code;
	} presets[] = {
	    {"PAPI_TOT_CYC", PAPI_TOT_CYC}, {"PAPI_TOT_INS", PAPI_TOT_INS},
	    {"PAPI_L1_DCM", PAPI_L1_DCM},   {"PAPI_BR_MSP", PAPI_BR_MSP},
	    {"PAPI_FP_OPS", PAPI_FP_OPS},   {"PAPI_REF_CYC", PAPI_REF_CYC},
	};
	char name[PAPI_MAX_STR_LEN];
	int task_clock = 0, page_faults = 0;

	ctest_init(argc, argv);
	ctest_library_init();

	check_native_round_trip("perf::TASK-CLOCK");
	check_native_round_trip("perf::PAGE-FAULTS");
	check_native_round_trip("perf::CONTEXT-SWITCHES");
	if (ctest_path_exists("/sys/bus/event_source/devices/msr/events/tsc"))
		check_native_round_trip("msr::tsc");

	CHECK_OK(PAPI_event_name_to_code("perf::TASK-CLOCK", &task_clock));
	CHECK_OK(PAPI_event_name_to_code("perf::PAGE-FAULTS", &page_faults));
	FAIL_IF(task_clock == page_faults, "two events share the code %#x", (unsigned)task_clock);

	for (size_t i = 0; i < sizeof(presets) / sizeof(presets[0]); i++) {
		int code = 0;

		CHECK_OK(PAPI_event_name_to_code(presets[i].name, &code));
		FAIL_IF(code != presets[i].code, "\"%s\" has code %#x, expected %#x",
		        presets[i].name, (unsigned)code, (unsigned)presets[i].code);
		CHECK_OK(PAPI_event_code_to_name(presets[i].code, name));
		FAIL_IF(strcmp(name, presets[i].name) != 0,
		        "preset %#x is named \"%s\", expected \"%s\"", (unsigned)presets[i].code,
		        name, presets[i].name);
	}

	/* Codes that name nothing. */
	EXPECT_RC2(PAPI_event_code_to_name(PAPI_NATIVE_MASK | 0x0fffff00, name), PAPI_ENOEVNT,
	           PAPI_EINVAL);
	EXPECT_RC2(PAPI_event_code_to_name(0, name), PAPI_ENOEVNT, PAPI_EINVAL);
	EXPECT_RC2(PAPI_event_code_to_name(PAPI_PRESET_MASK | 0x7fff, name), PAPI_ENOTPRESET,
	           PAPI_ENOEVNT);

	ctest_pass();
}
