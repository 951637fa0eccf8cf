// SPDX-License-Identifier: BSD-3-Clause
/* papi_version: prints the version of the PAPI library that runs. */
#include "util_common.h"

int main(int argc, char **argv)
{
	int status = UTIL_EXIT_OK, version;

	if (!util_parse_help_only(argc, argv,
	                          "This is the PAPI version program.\n"
	                          "It prints the version of the PAPI library in use.\n",
	                          &status))
		return status;
	if (!util_library_init())
		return UTIL_EXIT_FAILURE;
	/* The running library's version, not the header's: they can differ. */
	version = PAPI_get_opt(PAPI_LIB_VERSION, NULL);
	if (version < 0) {
		util_report_error("PAPI_get_opt(PAPI_LIB_VERSION)", version);
		PAPI_shutdown();
		return UTIL_EXIT_FAILURE;
	}
	printf("PAPI Version: %d.%d.%d.%d\n", PAPI_VERSION_MAJOR(version),
	       PAPI_VERSION_MINOR(version), PAPI_VERSION_REVISION(version),
	       PAPI_VERSION_INCREMENT(version));
	PAPI_shutdown();
	return UTIL_EXIT_OK;
}
