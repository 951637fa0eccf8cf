// SPDX-License-Identifier: BSD-3-Clause
/* PAPI_perror writes "<msg>: <description of the last error>\n" to standard
 * error, only the description when msg is NULL or empty, and follows the
 * latest failure. */
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

/* PAPI prints PAPI_strerror of the last error; Papillon may print its more
 * precise reason for that same failure instead, or both. */
static void expect_output(const char *msg, int code)
{
	char output[2 * PAPI_HUGE_STR_LEN];
	char prefix[PAPI_HUGE_STR_LEN];
	const char *body;
	const char *text = PAPI_strerror(code);
	size_t length;
	bool described;

	capture_perror(msg, output, sizeof(output));
	snprintf(prefix, sizeof(prefix), "%s%s", msg != NULL && msg[0] != '\0' ? msg : "",
	         msg != NULL && msg[0] != '\0' ? ": " : "");
	length = strlen(output);
	FAIL_IF(strncmp(output, prefix, strlen(prefix)) != 0,
	        "PAPI_perror(%s) wrote \"%s\", which does not start with \"%s\"",
	        msg ? msg : "NULL", output, prefix);
	FAIL_IF(length == 0 || output[length - 1] != '\n' ||
	            strchr(output, '\n') != output + length - 1,
	        "PAPI_perror(%s) wrote \"%s\", not one line ending in a newline",
	        msg ? msg : "NULL", output);
	body = output + strlen(prefix);
	output[length - 1] = '\0';
	described = strstr(body, text) != NULL;
#ifdef PAPILLON
	if (PAPI_strreason()[0] != '\0' && strstr(body, PAPI_strreason()) != NULL)
		described = true;
#endif
	FAIL_IF(!described, "PAPI_perror(%s) wrote \"%s\", which does not describe %s (\"%s\")",
	        msg ? msg : "NULL", body, ctest_errname(code), text);
	ctest_note("PAPI_perror(%s): %s%s", msg ? msg : "NULL", prefix, body);
}

int main(int argc, char **argv)
{
	int code;
	int rc;

	ctest_init(argc, argv);
	ctest_library_init();

	rc = PAPI_start(4242);
	FAIL_IF(rc != PAPI_ENOEVST, "PAPI_start(4242) returned %s", ctest_errname(rc));
	expect_output("ctest-perror", PAPI_ENOEVST);
	expect_output(NULL, PAPI_ENOEVST);
	expect_output("", PAPI_ENOEVST);

	rc = PAPI_event_name_to_code("perf::NO-SUCH-EVENT-AT-ALL", &code);
	FAIL_IF(rc != PAPI_ENOEVNT, "PAPI_event_name_to_code of an unknown name returned %s",
	        ctest_errname(rc));
	expect_output("second", PAPI_ENOEVNT);

	ctest_pass();
}
