/* papi_version: prints the version of the PAPI library that runs. */
#include "util_common.h"

enum { OPTION_HELP = 1 };

static const struct util_option version_options[] = {
	{OPTION_HELP, "-h", "--help", NULL, "print this help message", NULL},
};

static void print_help(void)
{
	printf("This is the PAPI version program.\n"
	       "It prints the version of the PAPI library in use.\n"
	       "Usage: %s [options]\n"
	       "Options:\n",
	       util_program_name());
	util_options_print(stdout, version_options, UTIL_ARRAY_LENGTH(version_options));
}

int main(int argc, char **argv)
{
	struct util_options options;
	const char *value;
	int option, version;

	util_options_init(&options, version_options,
			  UTIL_ARRAY_LENGTH(version_options), argc, argv);
	while ((option = util_options_next(&options, &value)) != UTIL_OPTION_END) {
		if (option == OPTION_HELP) {
			print_help();
			return UTIL_EXIT_OK;
		}
		if (option == UTIL_OPTION_OPERAND)
			return util_usage_error("unexpected argument '%s'", value);
		return UTIL_EXIT_USAGE;
	}

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
