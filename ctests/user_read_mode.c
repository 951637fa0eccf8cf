// SPDX-License-Identifier: BSD-3-Clause
/* Papillon's PAPI_set_user_read / PAPI_get_user_read: a new event set is
 * PAPI_USER_READ_AUTO; the mode round-trips, stopped or running, empty or
 * not; a mode that is neither value is refused with PAPI_EINVAL (and the
 * mode stays), a set that does not exist with PAPI_ENOEVST, a NULL mode
 * pointer with PAPI_EINVAL. Where this machine has a core PMU,
 * perf::INSTRUCTIONS must add, and where the library reads it in user space
 * (it must in the lab, where the kernel allows it: hw_user_reads)
 * PAPI_USER_READ_OFF sends it to the system call at the next read, and the
 * reason says who turned it off. The hardware part is a skipped case where
 * the machine has no core PMU or no user-space reads. */
#include "hw_common.c"

#include <string.h>

#ifdef PAPILLON
static int mode_of(int eventset)
{
	int mode = -12345;

	CHECK_OK(PAPI_get_user_read(eventset, &mode));
	return mode;
}

static void expect_mode(int eventset, int expected, const char *when)
{
	int mode = mode_of(eventset);

	FAIL_IF(mode != expected, "%s: PAPI_get_user_read gave %d, expected %d", when, mode,
	        expected);
}

/* With user reads available: the hardware event's path follows the mode. */
static void check_hardware_path(void)
{
	const char *const names[] = {"perf::INSTRUCTIONS"};
	char reason[PAPI_HUGE_STR_LEN];
	long long value;
	int eventset = PAPI_NULL, rc;

	if (!ctest_have_core_pmu()) {
		ctest_skip_case("hardware_path", "no core PMU on this machine: software events are "
		                                 "always read with read()");
		return;
	}
	if (!hw_user_reads()) { /* fails where the kernel allows them in the lab */
		ctest_skip_case("hardware_path",
		                "no user-space counter reads here (perf_user_access=%ld)",
		                hw_perf_user_access());
		return;
	}
	CHECK_OK(PAPI_create_eventset(&eventset));
	rc = PAPI_add_named_event(eventset, names[0]);
	FAIL_IF(rc != PAPI_OK, "%s does not add on a machine with a core PMU: %s%s", names[0],
	        ctest_errname(rc), ctest_reason());
	CHECK_OK(PAPI_start(eventset));
	rc = PAPI_event_read_path(eventset, 0, reason, (int)sizeof(reason));
	ctest_note("perf::INSTRUCTIONS, AUTO: %d %s", rc, reason);
	FAIL_IF(rc != PAPI_READ_PATH_USER && rc != PAPI_READ_PATH_SYSCALL,
	        "PAPI_event_read_path returned %s", ctest_errname(rc));
	FAIL_IF(strncmp(reason, rc == PAPI_READ_PATH_USER ? "user: " : "syscall: ",
	                rc == PAPI_READ_PATH_USER ? 6 : 9) != 0,
	        "path %d with reason \"%s\"", rc, reason);
	CHECK_OK(PAPI_set_user_read(eventset, PAPI_USER_READ_OFF));
	rc = PAPI_event_read_path(eventset, 0, reason, (int)sizeof(reason));
	ctest_note("perf::INSTRUCTIONS, OFF: %d %s", rc, reason);
	FAIL_IF(rc != PAPI_READ_PATH_SYSCALL || strstr(reason, "PAPI_set_user_read") == NULL,
	        "after PAPI_USER_READ_OFF the path is %d (\"%s\"), expected the system call "
	        "because of PAPI_set_user_read",
	        rc, reason);
	CHECK_OK(PAPI_read(eventset, &value));
	CHECK_OK(PAPI_stop(eventset, &value));
	ctest_eventset_free(&eventset);
}

int main(int argc, char **argv)
{
	const char *const names[] = {"perf::TASK-CLOCK"};
	long long value;
	int empty = PAPI_NULL, eventset, cidx;

	ctest_init(argc, argv);
	ctest_library_init();
	ctest_require_perf_events();
	cidx = ctest_perf_event_cidx();

	/* An empty set, bound to no component yet, keeps a mode too. */
	CHECK_OK(PAPI_create_eventset(&empty));
	expect_mode(empty, PAPI_USER_READ_AUTO, "new empty set");
	CHECK_OK(PAPI_set_user_read(empty, PAPI_USER_READ_OFF));
	expect_mode(empty, PAPI_USER_READ_OFF, "empty set after OFF");
	CHECK_OK(PAPI_add_named_event(empty, names[0]));
	expect_mode(empty, PAPI_USER_READ_OFF, "after adding an event");
	CHECK_OK(PAPI_cleanup_eventset(empty));
	CHECK_OK(PAPI_destroy_eventset(&empty));

	eventset = ctest_eventset_of(names, 1);
	expect_mode(eventset, PAPI_USER_READ_AUTO, "new set");
	CHECK_OK(PAPI_set_user_read(eventset, PAPI_USER_READ_OFF));
	expect_mode(eventset, PAPI_USER_READ_OFF, "after OFF");
	CHECK_OK(PAPI_set_user_read(eventset, PAPI_USER_READ_AUTO));
	expect_mode(eventset, PAPI_USER_READ_AUTO, "after AUTO");

	/* Running: the switch is allowed and applies to the next read. */
	CHECK_OK(PAPI_start(eventset));
	CHECK_OK(PAPI_set_user_read(eventset, PAPI_USER_READ_OFF));
	expect_mode(eventset, PAPI_USER_READ_OFF, "running, after OFF");
	CHECK_OK(PAPI_read(eventset, &value));
	CHECK_OK(PAPI_set_user_read(eventset, PAPI_USER_READ_AUTO));
	expect_mode(eventset, PAPI_USER_READ_AUTO, "running, after AUTO");
	CHECK_OK(PAPI_read(eventset, &value));
	CHECK_OK(PAPI_stop(eventset, &value));

	/* Bad modes change nothing. */
	EXPECT_RC(PAPI_set_user_read(eventset, 2), PAPI_EINVAL);
	EXPECT_RC(PAPI_set_user_read(eventset, -1), PAPI_EINVAL);
	expect_mode(eventset, PAPI_USER_READ_AUTO, "after refused modes");
	CHECK_OK(PAPI_set_user_read(eventset, PAPI_USER_READ_OFF));
	EXPECT_RC(PAPI_set_user_read(eventset, 7), PAPI_EINVAL);
	expect_mode(eventset, PAPI_USER_READ_OFF, "OFF, after a refused mode");

	/* Bad sets and pointers. */
	EXPECT_RC(PAPI_set_user_read(eventset + 1000, PAPI_USER_READ_AUTO), PAPI_ENOEVST);
	EXPECT_RC(PAPI_set_user_read(PAPI_NULL, PAPI_USER_READ_AUTO), PAPI_ENOEVST);
	EXPECT_RC(PAPI_get_user_read(eventset + 1000, &cidx), PAPI_ENOEVST);
	EXPECT_RC(PAPI_get_user_read(eventset, NULL), PAPI_EINVAL);

	empty = eventset;
	ctest_eventset_free(&eventset);
	/* A destroyed set is gone for these calls too. */
	EXPECT_RC(PAPI_set_user_read(empty, PAPI_USER_READ_AUTO), PAPI_ENOEVST);
	EXPECT_RC(PAPI_get_user_read(empty, &cidx), PAPI_ENOEVST);

	check_hardware_path();
	ctest_pass();
}
#else
CTEST_MAIN_WITHOUT_PAPILLON("PAPI_set_user_read")
#endif
