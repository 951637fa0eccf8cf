// SPDX-License-Identifier: BSD-3-Clause
/* A preset on the ebb component, exactly: with presets/ebb.presets named in
 * PAPI_USER_EVENTS_FILE (lab/test-options.txt), PAPI_TOT_CYC is ebb::PM_CYC
 * on every model, and PAPI_overflow on the preset delivers one callback
 * per threshold of cycles over a loop of 20 T cycles: exactly the callbacks
 * the count implies (hw_ebb_check_overflows). Without the file, PAPI_TOT_CYC must
 * not be an EBB event (perf_event's presets serve everyone else); that half
 * runs when the variable is unset. */
#include <stdlib.h>
#include <string.h>

#include "hw_common.c"
#include "hw_ebb_common.c"

#define EBB_THRESHOLD 500000LL

int main(int argc, char **argv)
{
	PAPI_event_info_t info;

	ctest_init(argc, argv);
	ctest_library_init();
	hw_ebb_cidx();
	const char *file = getenv("PAPI_USER_EVENTS_FILE");
	CHECK_OK(PAPI_get_event_info(PAPI_TOT_CYC, &info));
	if (!file || !*file) {
		FAIL_IF(strncmp(info.name[0], "ebb::", 5) == 0,
		        "PAPI_TOT_CYC is %s without PAPI_USER_EVENTS_FILE: the EBB presets "
		        "must be asked for",
		        info.name[0]);
		ctest_note("without PAPI_USER_EVENTS_FILE, PAPI_TOT_CYC is %s", info.name[0]);
		ctest_pass();
	}
	FAIL_IF(info.count != 1 || strcmp(info.name[0], "ebb::PM_CYC") != 0,
	        "PAPI_TOT_CYC is %s (%u natives) with %s, expected ebb::PM_CYC", info.name[0],
	        info.count, file);

	int eventset = hw_ebb_overflow_set("PAPI_TOT_CYC", EBB_THRESHOLD, hw_ebb_count_callback);
	uint64_t iterations = (uint64_t)(20 * EBB_THRESHOLD / 2);
	long long count = hw_ebb_run_loop(eventset, iterations);

	long n = hw_ebb_callbacks;
	ctest_note("PAPI_TOT_CYC = %s, threshold %lld, loop of %llu cycles: %ld callbacks, "
	           "final count %lld",
	           info.name[0], EBB_THRESHOLD, (unsigned long long)(2 * iterations), n, count);
	hw_ebb_check_overflows(n, count, EBB_THRESHOLD, iterations);
	CHECK_OK(PAPI_cleanup_eventset(eventset));
	CHECK_OK(PAPI_destroy_eventset(&eventset));
	ctest_pass();
}
