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
	if (!util_library_version(&version))
		return UTIL_EXIT_FAILURE;
	util_print_version("PAPI Version: ", version);
	PAPI_shutdown();
	return UTIL_EXIT_OK;
}
