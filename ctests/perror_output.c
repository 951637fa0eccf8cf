/* PAPI_perror writes "<msg>: <text of the last error>\n" to standard error,
 * only the text when msg is NULL or empty, and follows the latest failure. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "ctest_util.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* Runs PAPI_perror(msg) with standard error captured into out. */
static void capture_perror(const char *msg, char *out, size_t out_len)
{
	FILE *capture = tmpfile();
	int saved_stderr;
	size_t length;

	FAIL_IF(capture == NULL, "tmpfile: %s", strerror(errno));
	fflush(stderr);
	saved_stderr = dup(STDERR_FILENO);
	FAIL_IF(saved_stderr < 0, "dup: %s", strerror(errno));
	FAIL_IF(dup2(fileno(capture), STDERR_FILENO) < 0, "dup2: %s", strerror(errno));
	PAPI_perror(msg);
	fflush(stderr);
	dup2(saved_stderr, STDERR_FILENO);
	close(saved_stderr);
	rewind(capture);
	length = fread(out, 1, out_len - 1, capture);
	out[length] = '\0';
	fclose(capture);
}

static void expect_output(const char *msg, const char *expected)
{
	char output[2 * PAPI_HUGE_STR_LEN];

	capture_perror(msg, output, sizeof(output));
	FAIL_IF(strcmp(output, expected) != 0, "PAPI_perror(%s%s%s) wrote \"%s\", expected \"%s\"",
		msg ? "\"" : "", msg ? msg : "NULL", msg ? "\"" : "", output, expected);
}

int main(int argc, char **argv)
{
	char expected[2 * PAPI_HUGE_STR_LEN];
	int code;
	int rc;

	ctest_init(argc, argv);
	ctest_library_init();

	rc = PAPI_start(4242);
	FAIL_IF(rc != PAPI_ENOEVST, "PAPI_start(4242) returned %s", ctest_errname(rc));
	snprintf(expected, sizeof(expected), "ctest-perror: %s\n", PAPI_strerror(PAPI_ENOEVST));
	expect_output("ctest-perror", expected);
	snprintf(expected, sizeof(expected), "%s\n", PAPI_strerror(PAPI_ENOEVST));
	expect_output(NULL, expected);
	expect_output("", expected);

	rc = PAPI_event_name_to_code("perf::NO-SUCH-EVENT-AT-ALL", &code);
	FAIL_IF(rc != PAPI_ENOEVNT, "PAPI_event_name_to_code of an unknown name returned %s",
		ctest_errname(rc));
	snprintf(expected, sizeof(expected), "second: %s\n", PAPI_strerror(PAPI_ENOEVNT));
	expect_output("second", expected);

	ctest_pass();
}
