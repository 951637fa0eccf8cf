// SPDX-License-Identifier: BSD-3-Clause
/* PAPI_strerror gives a distinct, non-empty text for every error code of
 * the API (PAPI_OK through PAPI_EMULPASS) and NULL for anything else. */
#include "ctest_util.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
	static const int outside[] = {1,     2,       -PAPI_NUM_ERRORS, -PAPI_NUM_ERRORS - 1,
	                              -1000, INT_MIN, INT_MAX};
	char copies[PAPI_NUM_ERRORS][PAPI_HUGE_STR_LEN];

	ctest_init(argc, argv);
	ctest_library_init();

	for (int i = 0; i < PAPI_NUM_ERRORS; i++) {
		const char *text = PAPI_strerror(-i);

		FAIL_IF(text == NULL, "PAPI_strerror(%s) is NULL", ctest_errname(-i));
		FAIL_IF(text[0] == '\0', "PAPI_strerror(%s) is empty", ctest_errname(-i));
		FAIL_IF(strlen(text) >= PAPI_HUGE_STR_LEN, "PAPI_strerror(%s) is %zu bytes long",
		        ctest_errname(-i), strlen(text));
		snprintf(copies[i], sizeof(copies[i]), "%s", text);
		for (int j = 0; j < i; j++)
			FAIL_IF(strcmp(copies[i], copies[j]) == 0,
			        "PAPI_strerror gives the same text \"%s\" for %d and %d", text, -j,
			        -i);
		ctest_note("%-28s %s", ctest_errname(-i), text);
	}
	/* The backward-compatible alias names the same code. */
	FAIL_IF(PAPI_strerror(PAPI_ESBSTR) != PAPI_strerror(PAPI_ECMP) &&
	            strcmp(PAPI_strerror(PAPI_ESBSTR), PAPI_strerror(PAPI_ECMP)) != 0,
	        "PAPI_ESBSTR and PAPI_ECMP have different texts");
	FAIL_IF(PAPI_descr_error(PAPI_EINVAL) == NULL ||
	            strcmp(PAPI_descr_error(PAPI_EINVAL), copies[-PAPI_EINVAL]) != 0,
	        "PAPI_descr_error(PAPI_EINVAL) differs from PAPI_strerror(PAPI_EINVAL)");

	for (size_t i = 0; i < sizeof(outside) / sizeof(outside[0]); i++)
		FAIL_IF(PAPI_strerror(outside[i]) != NULL,
		        "PAPI_strerror(%d) is \"%s\", expected NULL for a code outside the API",
		        outside[i], PAPI_strerror(outside[i]));

	ctest_pass();
}
