// SPDX-License-Identifier: BSD-3-Clause
/* Papillon's PAPI_user_read_status: PAPI_ENOINIT before PAPI_library_init;
 * then 1 or 0 for perf_event with a reason, which agrees with
 * PAPI_component_info_t.fast_counter_read; on a machine without a hardware
 * PMU it is 0 and says so. The reason is terminated within len, may be
 * NULL; a component index that names none gives PAPI_ENOCMP, an empty
 * buffer PAPI_EINVAL. */
#include "ctest_util.h"

#include <string.h>

#ifdef PAPILLON
int main(int argc, char **argv)
{
	char why[PAPI_HUGE_STR_LEN];
	char short_why[10];
	const PAPI_component_info_t *info;
	int cidx, status;

	ctest_init(argc, argv);
	EXPECT_RC(PAPI_user_read_status(0, why, (int)sizeof(why)), PAPI_ENOINIT);
	ctest_library_init();
	ctest_require_perf_events();
	cidx = ctest_perf_event_cidx();

	memset(why, 0, sizeof(why));
	status = PAPI_user_read_status(cidx, why, (int)sizeof(why));
	ctest_note("perf_event: status %d: %s", status, why);
	FAIL_IF(status != 0 && status != 1, "PAPI_user_read_status returned %s",
	        ctest_errname(status));
	FAIL_IF(strlen(why) < 4, "the reason \"%s\" says nothing", why);
	info = PAPI_get_component_info(cidx);
	FAIL_IF(info == NULL, "no component info for perf_event");
	FAIL_IF((int)info->fast_counter_read != status,
	        "fast_counter_read is %d, PAPI_user_read_status %d", (int)info->fast_counter_read,
	        status);
	if (!ctest_have_core_pmu()) {
		FAIL_IF(status != 0, "user-space reads are on without a hardware PMU (%s)", why);
		FAIL_IF(strstr(why, "PMU") == NULL && strstr(why, "PAPILLON_USER_READ") == NULL,
		        "without a hardware PMU the reason is \"%s\"", why);
	}

	/* The same answer with no buffer, and the start of it in a short one. */
	EXPECT_RC(PAPI_user_read_status(cidx, NULL, 0), status);
	memset(short_why, 0x5a, sizeof(short_why));
	EXPECT_RC(PAPI_user_read_status(cidx, short_why, 6), status);
	FAIL_IF(short_why[5] != '\0' || short_why[6] != 0x5a,
	        "a 6-byte buffer was not terminated at byte 5 or was overrun");
	FAIL_IF(strncmp(short_why, why, 5) != 0, "\"%s\" is not the start of \"%s\"", short_why,
	        why);

	EXPECT_RC(PAPI_user_read_status(cidx, why, 0), PAPI_EINVAL);
	EXPECT_RC(PAPI_user_read_status(-1, why, (int)sizeof(why)), PAPI_ENOCMP);
	EXPECT_RC(PAPI_user_read_status(PAPI_num_components(), why, (int)sizeof(why)), PAPI_ENOCMP);
	ctest_pass();
}
#else
CTEST_MAIN_WITHOUT_PAPILLON("PAPI_user_read_status")
#endif
