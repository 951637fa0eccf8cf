// SPDX-License-Identifier: BSD-3-Clause
/* Papillon's PAPI_event_reason: PAPI_OK for an event that counts here; for
 * one that cannot, the error and why (without a PMU: the missing PMU); it
 * never writes past len, always terminates the text, and rejects bad
 * arguments. */
#include "ctest_util.h"

#include <string.h>

#ifdef PAPILLON
/* Calls PAPI_event_reason into a buffer of len bytes followed by guard bytes
 * that must stay untouched. */
static int reason_into(int code, char *out, int len)
{
	char buffer[PAPI_HUGE_STR_LEN + 64];
	int rc;

	FAIL_IF(len > PAPI_HUGE_STR_LEN, "test bug: len %d too large", len);
	memset(buffer, 0x5a, sizeof(buffer));
	rc = PAPI_event_reason(code, buffer, len);
	for (size_t i = (size_t)len; i < sizeof(buffer); i++)
		FAIL_IF(buffer[i] != 0x5a, "PAPI_event_reason(len=%d) wrote byte %zu", len, i);
	FAIL_IF(memchr(buffer, '\0', (size_t)len) == NULL,
	        "PAPI_event_reason(len=%d) left the text unterminated", len);
	memcpy(out, buffer, (size_t)len);
	return rc;
}

int main(int argc, char **argv)
{
	char reason[PAPI_HUGE_STR_LEN];
	char short_reason[8];
	int task_clock = 0, cycles = 0;
	int rc;

	ctest_init(argc, argv);
	ctest_library_init();
	ctest_require_perf_events();

	CHECK_OK(PAPI_event_name_to_code("perf::TASK-CLOCK", &task_clock));
	rc = reason_into(task_clock, reason, (int)sizeof(reason));
	FAIL_IF(rc != PAPI_OK, "PAPI_event_reason(perf::TASK-CLOCK) returned %s (\"%s\")",
	        ctest_errname(rc), reason);

	if (!ctest_have_core_pmu()) {
		rc = PAPI_event_name_to_code("perf::CYCLES", &cycles);
		if (rc == PAPI_OK) {
			rc = reason_into(cycles, reason, (int)sizeof(reason));
			FAIL_IF(
			    rc >= 0,
			    "PAPI_event_reason(perf::CYCLES) returned %d without a PMU, expected "
			    "an error",
			    rc);
			FAIL_IF(strstr(reason, "PMU") == NULL,
			        "PAPI_event_reason(perf::CYCLES) without a PMU says \"%s\", which "
			        "does not mention the PMU",
			        reason);
			ctest_note("perf::CYCLES: %s: %s", ctest_errname(rc), reason);

			rc = reason_into(cycles, short_reason, (int)sizeof(short_reason));
			FAIL_IF(rc >= 0, "PAPI_event_reason(perf::CYCLES, len 8) returned %d", rc);
			FAIL_IF(strncmp(short_reason, reason, sizeof(short_reason) - 1) != 0,
			        "the truncated reason \"%s\" is not the start of \"%s\"",
			        short_reason, reason);
		} else {
			FAIL_IF(rc != PAPI_ENOEVNT,
			        "PAPI_event_name_to_code(perf::CYCLES) returned %s",
			        ctest_errname(rc));
		}
	}

	EXPECT_RC(PAPI_event_reason(task_clock, NULL, 64), PAPI_EINVAL);
	EXPECT_RC(PAPI_event_reason(task_clock, reason, 0), PAPI_EINVAL);
	EXPECT_RC(PAPI_event_reason(task_clock, reason, -5), PAPI_EINVAL);
	rc = PAPI_event_reason(PAPI_NATIVE_MASK | 0x0ffffff0, reason, (int)sizeof(reason));
	FAIL_IF(rc != PAPI_ENOEVNT && rc != PAPI_EINVAL,
	        "PAPI_event_reason of an unknown code returned %s", ctest_errname(rc));
	rc = PAPI_event_reason(0, reason, (int)sizeof(reason));
	FAIL_IF(rc != PAPI_ENOEVNT && rc != PAPI_EINVAL, "PAPI_event_reason(0) returned %s",
	        ctest_errname(rc));

	ctest_pass();
}
#else
CTEST_MAIN_WITHOUT_PAPILLON("PAPI_event_reason")
#endif
