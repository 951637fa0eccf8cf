// SPDX-License-Identifier: BSD-3-Clause
/* Unit tests of the error space (src/util/error.c, PAPI_strerror, PAPI_strreason,
 * PAPI_perror): errno mapping, one distinct text per PAPI error code, and
 * the reason of the last failure kept per thread. */
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <CUnit/Basic.h>

#include "papi.h"
#include "util/error.h"
#include "unit_assert.h"

/* ---- errno mapping ------------------------------------------------------ */

static void test_errno_mapping(void)
{
	static const struct {
		int error_number;
		int expected;
	} mapping[] = {
	    {0, PAPI_OK},
	    {ENOMEM, PAPI_ENOMEM},
	    {EPERM, PAPI_EPERM},
	    {EACCES, PAPI_EPERM},
	    {ENOENT, PAPI_ENOEVNT},
	    {ENODEV, PAPI_ENOEVNT},
	    {EOPNOTSUPP, PAPI_ENOEVNT},
	    {ENOSPC, PAPI_ECNFLCT},
	    {EBUSY, PAPI_ECNFLCT},
	    {EINVAL, PAPI_EINVAL},
	    {E2BIG, PAPI_EINVAL},
	    {ESRCH, PAPI_EINVAL},
	    {EMFILE, PAPI_ECOUNT},
	    {ENFILE, PAPI_ECOUNT},
	    /* Anything else is a failed system call, said as such. */
	    {EIO, PAPI_ESYS},
	    {EFAULT, PAPI_ESYS},
	    {EINTR, PAPI_ESYS},
	    {EAGAIN, PAPI_ESYS},
	    {EBADF, PAPI_ESYS},
	    {-1, PAPI_ESYS},
	    {100000, PAPI_ESYS},
	};
	for (size_t i = 0; i < sizeof(mapping) / sizeof(mapping[0]); i++) {
		int got = papi_error_from_errno(mapping[i].error_number);
		char text[256];
		snprintf(text, sizeof(text), "errno %d (%s) maps to %d (%s), expected %s",
		         mapping[i].error_number, strerror(mapping[i].error_number), got,
		         unit_error_name(got), unit_error_name(mapping[i].expected));
		CU_assertImplementation(got == mapping[i].expected, __LINE__, text, __FILE__, "",
		                        CU_FALSE);
	}
	/* ENOTSUP is EOPNOTSUPP on Linux; either way it is "cannot count". */
	UNIT_ASSERT_STATUS(papi_error_from_errno(ENOTSUP), PAPI_ENOEVNT);
}

/* ---- error texts -------------------------------------------------------- */

static void test_every_error_code_has_a_distinct_text(void)
{
	const char *texts[PAPI_NUM_ERRORS];
	for (int n = 0; n < PAPI_NUM_ERRORS; n++) {
		int code = -n;
		texts[n] = papi_error_text(code);
		CU_ASSERT_PTR_NOT_NULL_FATAL(texts[n]);
		CU_ASSERT(strlen(texts[n]) > 0);
		CU_ASSERT_PTR_EQUAL(PAPI_strerror(code), texts[n]);
	}
	for (int a = 0; a < PAPI_NUM_ERRORS; a++) {
		for (int b = a + 1; b < PAPI_NUM_ERRORS; b++) {
			char text[512];
			snprintf(text, sizeof(text), "codes %d and %d share the text \"%s\"", -a,
			         -b, texts[a]);
			CU_assertImplementation(strcmp(texts[a], texts[b]) != 0, __LINE__, text,
			                        __FILE__, "", CU_FALSE);
		}
	}
	/* The last code PAPI 7.2 defines is the last with a text. */
	CU_ASSERT_EQUAL(PAPI_PARTIAL, -(PAPI_NUM_ERRORS - 1));
}

static void test_no_text_outside_the_error_space(void)
{
	const int outside[] = {
	    1, 2, 42, INT_MAX, -PAPI_NUM_ERRORS, -PAPI_NUM_ERRORS - 1, -1000, INT_MIN + 1, INT_MIN};
	for (size_t i = 0; i < sizeof(outside) / sizeof(outside[0]); i++) {
		char text[128];
		snprintf(text, sizeof(text), "papi_error_text(%d) is NULL", outside[i]);
		CU_assertImplementation(papi_error_text(outside[i]) == NULL, __LINE__, text,
		                        __FILE__, "", CU_FALSE);
		snprintf(text, sizeof(text), "PAPI_strerror(%d) is NULL", outside[i]);
		CU_assertImplementation(PAPI_strerror(outside[i]) == NULL, __LINE__, text, __FILE__,
		                        "", CU_FALSE);
	}
}

/* ---- reasons ------------------------------------------------------------ */

static void test_reason_is_recorded_and_cleared(void)
{
	CU_ASSERT_EQUAL(papi_error_set(PAPI_ENOEVNT, "event %s is %d", "x::y", 42), PAPI_ENOEVNT);
	CU_ASSERT_STRING_EQUAL(papi_error_reason(), "event x::y is 42");
	CU_ASSERT_STRING_EQUAL(PAPI_strreason(), "event x::y is 42");
	UNIT_ASSERT_OK(papi_error_clear());
	CU_ASSERT_STRING_EQUAL(papi_error_reason(), "");
	CU_ASSERT_STRING_EQUAL(PAPI_strreason(), "");
}

static void test_long_reason_is_truncated(void)
{
	char *long_text = malloc(4 * PAPI_HUGE_STR_LEN);
	CU_ASSERT_PTR_NOT_NULL_FATAL(long_text);
	memset(long_text, 'r', 4 * PAPI_HUGE_STR_LEN - 1);
	long_text[4 * PAPI_HUGE_STR_LEN - 1] = '\0';
	papi_error_set(PAPI_EINVAL, "%s", long_text);
	size_t length = strlen(papi_error_reason());
	CU_ASSERT(length > 0);
	CU_ASSERT(length < PAPI_HUGE_STR_LEN);
	CU_ASSERT_EQUAL(strncmp(papi_error_reason(), long_text, length), 0);
	free(long_text);
	papi_error_clear();
}

struct reason_thread {
	const char *reason;
	pthread_barrier_t *barrier;
	char seen_at_start[PAPI_HUGE_STR_LEN];
	char seen_by_internal[PAPI_HUGE_STR_LEN];
	char seen_by_api[PAPI_HUGE_STR_LEN];
};

static void *set_and_read_reason(void *argument)
{
	struct reason_thread *thread = argument;
	snprintf(thread->seen_at_start, sizeof(thread->seen_at_start), "%s", PAPI_strreason());
	/* Both threads set their reason before either reads. */
	papi_error_set(PAPI_ECNFLCT, "%s", thread->reason);
	pthread_barrier_wait(thread->barrier);
	pthread_barrier_wait(thread->barrier);
	snprintf(thread->seen_by_internal, sizeof(thread->seen_by_internal), "%s",
	         papi_error_reason());
	snprintf(thread->seen_by_api, sizeof(thread->seen_by_api), "%s", PAPI_strreason());
	return NULL;
}

static void test_reason_is_per_thread(void)
{
	papi_error_set(PAPI_EPERM, "the main thread's reason");
	pthread_barrier_t barrier;
	CU_ASSERT_EQUAL_FATAL(pthread_barrier_init(&barrier, NULL, 2), 0);
	struct reason_thread threads[2] = {
	    {.reason = "reason of thread one", .barrier = &barrier},
	    {.reason = "reason of thread two", .barrier = &barrier},
	};
	pthread_t ids[2];
	for (int t = 0; t < 2; t++)
		CU_ASSERT_EQUAL_FATAL(
		    pthread_create(&ids[t], NULL, set_and_read_reason, &threads[t]), 0);
	for (int t = 0; t < 2; t++)
		pthread_join(ids[t], NULL);
	pthread_barrier_destroy(&barrier);
	for (int t = 0; t < 2; t++) {
		CU_ASSERT_STRING_EQUAL(threads[t].seen_at_start, "");
		CU_ASSERT_STRING_EQUAL(threads[t].seen_by_internal, threads[t].reason);
		CU_ASSERT_STRING_EQUAL(threads[t].seen_by_api, threads[t].reason);
	}
	CU_ASSERT_STRING_EQUAL(PAPI_strreason(), "the main thread's reason");
	papi_error_clear();
}

/* ---- through the API ---------------------------------------------------- */

static void test_api_failure_leaves_a_reason(void)
{
	int set = PAPI_NULL;
	papi_error_clear();
	UNIT_ASSERT_STATUS(PAPI_create_eventset(&set), PAPI_ENOINIT);
	CU_ASSERT_STRING_NOT_EQUAL(PAPI_strreason(), "");
	CU_ASSERT_PTR_NOT_NULL(PAPI_strerror(PAPI_ENOINIT));

	/* A successful init leaves no reason behind. */
	CU_ASSERT_EQUAL_FATAL(PAPI_library_init(PAPI_VER_CURRENT), PAPI_VER_CURRENT);
	CU_ASSERT_STRING_EQUAL(PAPI_strreason(), "");
	UNIT_ASSERT_STATUS(PAPI_start(12345), PAPI_ENOEVST);
	CU_ASSERT_PTR_NOT_NULL(strstr(PAPI_strreason(), "12345"));
	PAPI_shutdown();
}

/* What PAPI_perror writes to stderr while running call. */
static void capture_perror(const char *message, char *output, size_t size)
{
	fflush(stderr);
	int saved = dup(STDERR_FILENO);
	FILE *capture = tmpfile();
	CU_ASSERT_PTR_NOT_NULL_FATAL(capture);
	dup2(fileno(capture), STDERR_FILENO);
	PAPI_perror(message);
	fflush(stderr);
	dup2(saved, STDERR_FILENO);
	close(saved);
	rewind(capture);
	size_t length = fread(output, 1, size - 1, capture);
	output[length] = '\0';
	fclose(capture);
}

static void test_perror_prints_message_and_reason(void)
{
	char output[2 * PAPI_HUGE_STR_LEN];
	papi_error_set(PAPI_ENOEVNT, "no PMU called zz");
	capture_perror("adding", output, sizeof(output));
	CU_ASSERT_STRING_EQUAL(output, "adding: no PMU called zz\n");
	capture_perror(NULL, output, sizeof(output));
	CU_ASSERT_STRING_EQUAL(output, "no PMU called zz\n");
	papi_error_clear();
	capture_perror("adding", output, sizeof(output));
	CU_ASSERT_STRING_EQUAL(output, "adding\n");
	capture_perror("", output, sizeof(output));
	CU_ASSERT_STRING_EQUAL(output, "");
}

int main(void)
{
	if (CU_initialize_registry() != CUE_SUCCESS)
		return 2;
	CU_pSuite suite = CU_add_suite("errors", NULL, NULL);
	if (!suite || !CU_add_test(suite, "errno mapping", test_errno_mapping) ||
	    !CU_add_test(suite, "every error code has a distinct text",
	                 test_every_error_code_has_a_distinct_text) ||
	    !CU_add_test(suite, "no text outside the error space",
	                 test_no_text_outside_the_error_space) ||
	    !CU_add_test(suite, "reason is recorded and cleared",
	                 test_reason_is_recorded_and_cleared) ||
	    !CU_add_test(suite, "long reason is truncated", test_long_reason_is_truncated) ||
	    !CU_add_test(suite, "reason is per thread", test_reason_is_per_thread) ||
	    !CU_add_test(suite, "API failure leaves a reason", test_api_failure_leaves_a_reason) ||
	    !CU_add_test(suite, "PAPI_perror prints message and reason",
	                 test_perror_prints_message_and_reason))
		fprintf(stderr, "cannot register the tests: %s\n", CU_get_error_msg());
	return unit_run_all();
}
