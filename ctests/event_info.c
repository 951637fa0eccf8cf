// SPDX-License-Identifier: BSD-3-Clause
/* PAPI_get_event_info fills the fields of native and preset events: symbol,
 * event code, component index and a description; it rejects a NULL info and
 * codes that name nothing. */
#include "ctest_util.h"

#include <string.h>

static void check_native(const char *name, int cidx, bool want_description)
{
	PAPI_event_info_t info;
	int code = 0;

	CHECK_OK(PAPI_event_name_to_code(name, &code));
	memset(&info, 0x5a, sizeof(info));
	CHECK_OK(PAPI_get_event_info(code, &info));
	FAIL_IF(info.event_code != (unsigned)code, "%s: info.event_code is %#x, expected %#x", name,
	        info.event_code, (unsigned)code);
	FAIL_IF(memchr(info.symbol, '\0', sizeof(info.symbol)) == NULL,
	        "%s: info.symbol is not terminated", name);
	FAIL_IF(strcmp(info.symbol, name) != 0, "%s: info.symbol is \"%s\"", name, info.symbol);
	FAIL_IF(info.component_index != cidx, "%s: info.component_index is %d, expected %d", name,
	        info.component_index, cidx);
	FAIL_IF(memchr(info.long_descr, '\0', sizeof(info.long_descr)) == NULL ||
	            memchr(info.short_descr, '\0', sizeof(info.short_descr)) == NULL,
	        "%s: a description field is not terminated", name);
	FAIL_IF(want_description && info.long_descr[0] == '\0', "%s: info.long_descr is empty",
	        name);
	ctest_note("%s (%#x): %s", info.symbol, info.event_code, info.long_descr);
}

int main(int argc, char **argv)
{
	PAPI_event_info_t info;
	int cidx;
	int rc;

	ctest_init(argc, argv);
	ctest_library_init();
	cidx = ctest_perf_event_cidx();

	check_native("perf::TASK-CLOCK", cidx, true);
	check_native("perf::PAGE-FAULTS", cidx, true);
	check_native("perf::CONTEXT-SWITCHES", cidx, true);
	if (ctest_path_exists("/sys/bus/event_source/devices/msr/events/tsc"))
		check_native("msr::tsc", cidx, false);

	memset(&info, 0, sizeof(info));
	CHECK_OK(PAPI_get_event_info(PAPI_TOT_INS, &info));
	FAIL_IF(strcmp(info.symbol, "PAPI_TOT_INS") != 0, "PAPI_TOT_INS: info.symbol is \"%s\"",
	        info.symbol);
	FAIL_IF(info.event_code != (unsigned)PAPI_TOT_INS, "PAPI_TOT_INS: info.event_code is %#x",
	        info.event_code);
	FAIL_IF(info.long_descr[0] == '\0', "PAPI_TOT_INS: info.long_descr is empty");
	if (PAPI_query_event(PAPI_TOT_INS) == PAPI_OK)
		FAIL_IF(info.count < 1, "PAPI_TOT_INS is available but info.count is %u",
		        info.count);
	else
		FAIL_IF(info.count != 0, "PAPI_TOT_INS is unavailable but info.count is %u",
		        info.count);

	EXPECT_RC(PAPI_get_event_info(PAPI_TOT_INS, NULL), PAPI_EINVAL);
	rc = PAPI_get_event_info(PAPI_NATIVE_MASK | 0x0ffffff0, &info);
	/* PAPI itself answers PAPI_ENOCMP: no component owns the code. */
	FAIL_IF(rc != PAPI_ENOEVNT && rc != PAPI_ENOCMP && rc != PAPI_EINVAL,
	        "PAPI_get_event_info of an unknown native code returned %s", ctest_errname(rc));
	rc = PAPI_get_event_info(PAPI_PRESET_MASK | 0x7fff, &info);
	FAIL_IF(rc != PAPI_ENOTPRESET && rc != PAPI_ENOEVNT,
	        "PAPI_get_event_info of an out-of-range preset returned %s", ctest_errname(rc));
	rc = PAPI_get_event_info(0, &info);
	FAIL_IF(rc != PAPI_ENOTPRESET && rc != PAPI_ENOEVNT && rc != PAPI_EINVAL,
	        "PAPI_get_event_info(0) returned %s", ctest_errname(rc));

	ctest_pass();
}
