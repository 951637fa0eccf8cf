// SPDX-License-Identifier: BSD-3-Clause
/* papi_error_codes: every error code of the running library with its text,
 * from PAPI_OK down to the last code PAPI_strerror knows. */
#include "util_common.h"

int main(int argc, char **argv)
{
	int status = UTIL_EXIT_OK, version, count = 0;

	if (!util_parse_help_only(argc, argv,
	                          "This is the PAPI error codes program.\n"
	                          "It lists every error code of the PAPI library with its text.\n",
	                          &status))
		return status;
	if (!util_library_version(&version))
		return UTIL_EXIT_FAILURE;
	printf("\n");
	util_print_rule('-', 34);
	util_print_version("For PAPI Version: ", version);
	util_print_rule('-', 34);
	/* The codes are 0, -1, -2, ... without a gap: the first one without a
	 * text is past the last. */
	for (int code = 0;; code--) {
		const char *text = PAPI_strerror(code);
		if (text == NULL)
			break;
		printf("Error code %4d: %s\n", code, text);
		count++;
	}
	printf("There are %d error codes defined\n", count);
	util_print_rule('-', 34);
	PAPI_shutdown();
	return UTIL_EXIT_OK;
}
