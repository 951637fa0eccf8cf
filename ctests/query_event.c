// SPDX-License-Identifier: BSD-3-Clause
/* PAPI_query_event and PAPI_query_named_event accept the software events,
 * agree with each other, and refuse unknown names and codes. */
#include "ctest_util.h"

int main(int argc, char **argv)
{
	static const char *const names[] = {"perf::TASK-CLOCK", "perf::PAGE-FAULTS",
	                                    "perf::CPU-CLOCK",  "perf::CONTEXT-SWITCHES",
	                                    "PAPI_TOT_INS",     "PAPI_L1_DCM"};
	int rc;

	ctest_init(argc, argv);
	ctest_library_init();
	ctest_require_perf_events();

	CHECK_OK(PAPI_query_named_event("perf::TASK-CLOCK"));
	CHECK_OK(PAPI_query_named_event("perf::PAGE-FAULTS"));
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		int code = 0;

		CHECK_OK(PAPI_event_name_to_code(names[i], &code));
		rc = PAPI_query_event(code);
		FAIL_IF(rc != PAPI_query_named_event(names[i]),
		        "PAPI_query_event and PAPI_query_named_event disagree on %s (%s vs %s)",
		        names[i], ctest_errname(rc),
		        ctest_errname(PAPI_query_named_event(names[i])));
	}

	EXPECT_RC(PAPI_query_named_event("perf::NO-SUCH-EVENT"), PAPI_ENOEVNT);
	EXPECT_RC(PAPI_query_named_event("PAPI_NO_SUCH_PRESET"), PAPI_ENOEVNT);
	EXPECT_RC(PAPI_query_named_event(NULL), PAPI_EINVAL);
	EXPECT_RC(PAPI_query_event(PAPI_NATIVE_MASK | 0x0ffffff0), PAPI_ENOEVNT);
	rc = PAPI_query_event(PAPI_PRESET_MASK | 0x7fff);
	FAIL_IF(rc != PAPI_ENOTPRESET && rc != PAPI_ENOEVNT,
	        "PAPI_query_event of an out-of-range preset returned %s", ctest_errname(rc));
	rc = PAPI_query_event(0);
	FAIL_IF(rc != PAPI_ENOEVNT && rc != PAPI_ENOTPRESET && rc != PAPI_EINVAL,
	        "PAPI_query_event(0) returned %s", ctest_errname(rc));

	ctest_pass();
}
