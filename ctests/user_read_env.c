// SPDX-License-Identifier: BSD-3-Clause
/* PAPILLON_USER_READ=0 in the environment turns user-space counter reads
 * off for the whole process: PAPI_user_read_status says 0 and why,
 * fast_counter_read is 0, and every event of a running set (a hardware
 * one too, which must add where the machine has a core PMU) is read with
 * the system call, while a set's own mode stays what PAPI_set_user_read
 * made it. */
#include "ctest_util.h"

#include <stdlib.h>
#include <string.h>

#ifdef PAPILLON
static void expect_syscall(int eventset, const char *name, const char *word)
{
	char reason[PAPI_HUGE_STR_LEN] = "";
	int rc = PAPI_event_read_path(eventset, 0, reason, (int)sizeof(reason));

	ctest_note("%s: %d %s", name, rc, reason);
	FAIL_IF(rc != PAPI_READ_PATH_SYSCALL, "%s: PAPI_event_read_path returned %s", name,
	        ctest_errname(rc));
	FAIL_IF(strstr(reason, word) == NULL, "%s: the reason \"%s\" does not say \"%s\"", name,
	        reason, word);
}
#endif

int main(int argc, char **argv)
{
#ifdef PAPILLON
	const char *const software[] = {"perf::TASK-CLOCK"};
	char why[PAPI_HUGE_STR_LEN] = "";
	long long value;
	int eventset, mode, cidx, status;
#endif

	ctest_init(argc, argv);
#ifndef PAPILLON
	ctest_skip("PAPILLON_USER_READ is a Papillon extension; this papi.h does not have it");
#else
	FAIL_IF(setenv("PAPILLON_USER_READ", "0", 1) != 0, "setenv failed");
	ctest_library_init();
	ctest_require_perf_events();
	cidx = ctest_perf_event_cidx();

	status = PAPI_user_read_status(cidx, why, (int)sizeof(why));
	ctest_note("status %d: %s", status, why);
	FAIL_IF(status != 0, "PAPI_user_read_status returned %s with PAPILLON_USER_READ=0 (%s)",
	        ctest_errname(status), why);
	FAIL_IF(strstr(why, "PAPILLON_USER_READ=0") == NULL,
	        "the reason \"%s\" does not name PAPILLON_USER_READ=0", why);
	FAIL_IF(PAPI_get_component_info(cidx)->fast_counter_read != 0,
	        "fast_counter_read is set with PAPILLON_USER_READ=0");

	eventset = ctest_eventset_of(software, 1);
	CHECK_OK(PAPI_get_user_read(eventset, &mode));
	FAIL_IF(mode != PAPI_USER_READ_AUTO, "a new set's mode is %d", mode);
	CHECK_OK(PAPI_start(eventset));
	expect_syscall(eventset, software[0], "syscall: ");
	CHECK_OK(PAPI_stop(eventset, &value));
	ctest_eventset_free(&eventset);

	CHECK_OK(PAPI_create_eventset(&eventset));
	if (!ctest_have_core_pmu()) {
		ctest_skip_case("hardware_event", "no core PMU on this machine");
	} else {
		int rc = PAPI_add_named_event(eventset, "perf::INSTRUCTIONS");
		FAIL_IF(rc != PAPI_OK,
		        "perf::INSTRUCTIONS does not add on a machine with a core PMU: %s%s",
		        ctest_errname(rc), ctest_reason());
		CHECK_OK(PAPI_start(eventset));
		expect_syscall(eventset, "perf::INSTRUCTIONS", "PAPILLON_USER_READ=0");
		CHECK_OK(PAPI_read(eventset, &value));
		CHECK_OK(PAPI_stop(eventset, &value));
		CHECK_OK(PAPI_cleanup_eventset(eventset));
	}
	CHECK_OK(PAPI_destroy_eventset(&eventset));
	ctest_pass();
#endif
}
