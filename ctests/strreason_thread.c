// SPDX-License-Identifier: BSD-3-Clause
/* Papillon's PAPI_strreason: after a failing call it explains the failure
 * in words; a thread that has made only successful calls has an empty
 * reason, and a failure in another thread does not change this thread's
 * reason. */
#include "ctest_util.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

#ifdef PAPILLON
struct thread_result {
	char reason_before[PAPI_HUGE_STR_LEN];
	char reason_after_success[PAPI_HUGE_STR_LEN];
	int success_rc;
	char reason_after[PAPI_HUGE_STR_LEN];
	int rc;
};

static void *other_thread(void *arg)
{
	struct thread_result *result = arg;
	const char *reason = PAPI_strreason();

	int code = 0;

	snprintf(result->reason_before, sizeof(result->reason_before), "%s",
	         reason != NULL ? reason : "(NULL)");
	/* Successful calls, including ones that search several tables. */
	result->success_rc = PAPI_event_name_to_code("perf::PAGE-FAULTS", &code);
	if (result->success_rc == PAPI_OK)
		result->success_rc = PAPI_query_event(code);
	reason = PAPI_strreason();
	snprintf(result->reason_after_success, sizeof(result->reason_after_success), "%s",
	         reason != NULL ? reason : "(NULL)");
	result->rc = PAPI_start(31337);
	reason = PAPI_strreason();
	snprintf(result->reason_after, sizeof(result->reason_after), "%s",
	         reason != NULL ? reason : "(NULL)");
	return NULL;
}

int main(int argc, char **argv)
{
	struct thread_result result;
	char mine[PAPI_HUGE_STR_LEN];
	const char *reason;
	pthread_t thread;
	int code = 0;
	int rc;

	ctest_init(argc, argv);
	ctest_library_init();

	rc = PAPI_event_name_to_code("perf::CTEST-NO-SUCH-EVENT", &code);
	FAIL_IF(rc != PAPI_ENOEVNT, "PAPI_event_name_to_code of an unknown name returned %s",
	        ctest_errname(rc));
	reason = PAPI_strreason();
	FAIL_IF(reason == NULL, "PAPI_strreason() is NULL after a failure");
	FAIL_IF(reason[0] == '\0', "PAPI_strreason() is empty after an unknown event name");
	FAIL_IF(strlen(reason) >= PAPI_HUGE_STR_LEN, "PAPI_strreason() is %zu bytes long",
	        strlen(reason));
	snprintf(mine, sizeof(mine), "%s", reason);
	ctest_note("reason: %s", mine);

	memset(&result, 0, sizeof(result));
	FAIL_IF(pthread_create(&thread, NULL, other_thread, &result) != 0, "pthread_create failed");
	FAIL_IF(pthread_join(thread, NULL) != 0, "pthread_join failed");

	FAIL_IF(strcmp(result.reason_before, "") != 0,
	        "a new thread sees PAPI_strreason() = \"%s\", expected \"\"", result.reason_before);
	FAIL_IF(result.success_rc != PAPI_OK, "perf::PAGE-FAULTS lookup in a thread returned %s",
	        ctest_errname(result.success_rc));
	FAIL_IF(strcmp(result.reason_after_success, "") != 0,
	        "after successful calls only, a thread's PAPI_strreason() is \"%s\"",
	        result.reason_after_success);
	FAIL_IF(result.rc != PAPI_ENOEVST, "PAPI_start(31337) in a thread returned %s",
	        ctest_errname(result.rc));
	FAIL_IF(result.reason_after[0] == '\0',
	        "PAPI_strreason() is empty in the thread after PAPI_start(31337) failed");
	FAIL_IF(strcmp(result.reason_after, mine) == 0,
	        "two different failures gave the same reason \"%s\"", mine);

	reason = PAPI_strreason();
	FAIL_IF(reason == NULL || strcmp(reason, mine) != 0,
	        "another thread's failure changed this thread's reason from \"%s\" to \"%s\"", mine,
	        reason ? reason : "(NULL)");

	ctest_pass();
}
#else
CTEST_MAIN_WITHOUT_PAPILLON("PAPI_strreason")
#endif
