// SPDX-License-Identifier: BSD-3-Clause
/* Papillon's PAPI_event_read_path: a software event of a running set is
 * read with the read() system call, and the reason says so; the reason is
 * always terminated within len and never written past it; bad arguments
 * get exact errors: PAPI_ENOEVST for a set that does not exist, PAPI_EINVAL
 * for an index outside the set or an empty reason buffer, PAPI_ENOTRUN for
 * a set that is not running (an event has a read path only while it
 * counts). */
#include "ctest_util.h"

#include <string.h>

#ifdef PAPILLON
/* Calls PAPI_event_read_path into len bytes followed by guard bytes. */
static int path_into(int eventset, int index, char *out, int len)
{
	char buffer[PAPI_HUGE_STR_LEN + 64];
	int rc;

	FAIL_IF(len > PAPI_HUGE_STR_LEN, "test bug: len %d too large", len);
	memset(buffer, 0x5a, sizeof(buffer));
	rc = PAPI_event_read_path(eventset, index, buffer, len);
	for (size_t i = (size_t)len; i < sizeof(buffer); i++)
		FAIL_IF(buffer[i] != 0x5a, "PAPI_event_read_path(len=%d) wrote byte %zu", len, i);
	if (rc >= 0)
		FAIL_IF(memchr(buffer, '\0', (size_t)len) == NULL,
		        "PAPI_event_read_path(len=%d) left the reason unterminated", len);
	memcpy(out, buffer, (size_t)len);
	return rc;
}

int main(int argc, char **argv)
{
	const char *const names[] = {"perf::TASK-CLOCK", "perf::PAGE-FAULTS"};
	char reason[PAPI_HUGE_STR_LEN];
	char short_reason[12];
	long long values[2];
	int eventset, rc;

	ctest_init(argc, argv);
	ctest_library_init();
	ctest_require_perf_events();
	eventset = ctest_eventset_of(names, 2);

	/* Stopped: no path yet. */
	EXPECT_RC(PAPI_event_read_path(eventset, 0, reason, (int)sizeof(reason)), PAPI_ENOTRUN);
	EXPECT_RC(PAPI_event_read_path(eventset, 2, reason, (int)sizeof(reason)), PAPI_EINVAL);

	CHECK_OK(PAPI_start(eventset));
	for (int i = 0; i < 2; i++) {
		rc = path_into(eventset, i, reason, (int)sizeof(reason));
		FAIL_IF(
		    rc != PAPI_READ_PATH_SYSCALL,
		    "PAPI_event_read_path(%s) returned %s, expected PAPI_READ_PATH_SYSCALL (%d)",
		    names[i], ctest_errname(rc), PAPI_READ_PATH_SYSCALL);
		FAIL_IF(strncmp(reason, "syscall: ", 9) != 0 || strlen(reason) < 12,
		        "the reason for %s is \"%s\", expected \"syscall: <why>\"", names[i],
		        reason);
		FAIL_IF(strstr(reason, "software") == NULL,
		        "the reason for software event %s is \"%s\", which does not say software",
		        names[i], reason);
		ctest_note("%s: %s", names[i], reason);
	}
	/* A short buffer gets the start of the same reason. */
	rc = path_into(eventset, 0, short_reason, (int)sizeof(short_reason));
	FAIL_IF(rc != PAPI_READ_PATH_SYSCALL, "with a short buffer: returned %s",
	        ctest_errname(rc));
	rc = path_into(eventset, 0, reason, (int)sizeof(reason));
	FAIL_IF(strncmp(short_reason, reason, sizeof(short_reason) - 1) != 0,
	        "the truncated reason \"%s\" is not the start of \"%s\"", short_reason, reason);
	/* No buffer: only the path. */
	EXPECT_RC(PAPI_event_read_path(eventset, 1, NULL, 0), PAPI_READ_PATH_SYSCALL);

	EXPECT_RC(PAPI_event_read_path(eventset, -1, reason, (int)sizeof(reason)), PAPI_EINVAL);
	EXPECT_RC(PAPI_event_read_path(eventset, 2, reason, (int)sizeof(reason)), PAPI_EINVAL);
	EXPECT_RC(PAPI_event_read_path(eventset, 0, reason, 0), PAPI_EINVAL);
	EXPECT_RC(PAPI_event_read_path(eventset, 0, reason, -4), PAPI_EINVAL);
	EXPECT_RC(PAPI_event_read_path(eventset + 1000, 0, reason, (int)sizeof(reason)),
	          PAPI_ENOEVST);
	EXPECT_RC(PAPI_event_read_path(PAPI_NULL, 0, reason, (int)sizeof(reason)), PAPI_ENOEVST);

	CHECK_OK(PAPI_stop(eventset, values));
	EXPECT_RC(PAPI_event_read_path(eventset, 0, reason, (int)sizeof(reason)), PAPI_ENOTRUN);
	ctest_eventset_free(&eventset);
	ctest_pass();
}
#else
CTEST_MAIN_WITHOUT_PAPILLON("PAPI_event_read_path")
#endif
