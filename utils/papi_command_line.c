// SPDX-License-Identifier: BSD-3-Clause
/* papi_command_line: adds the named events to one event set, counts them over
 * a small built-in workload and prints each count, to see whether events
 * work (alone and together) and give plausible numbers. */
#include <stdlib.h>
#include <string.h>

#include "util_common.h"

enum command_line_option {
	OPTION_HELP = 1,
	OPTION_UNSIGNED,
	OPTION_HEX,
};

static const struct util_option command_line_options[] = {
    {OPTION_UNSIGNED, "-u", NULL, NULL, "Display output values as unsigned integers",
     "General command options:"},
    {OPTION_HEX, "-x", NULL, NULL, "Display output values as hexadecimal", NULL},
    {OPTION_HELP, "-h", "--help", NULL, "Print this help message", NULL},
};

enum value_format { FORMAT_NATURAL, FORMAT_UNSIGNED, FORMAT_HEX };

/* The workload: floating-point work, then a sweep over a buffer larger than
 * most caches, so cycle, instruction, FP, cache and page-fault counts all move. */
#define WORKLOAD_FLOP_ITERATIONS 5000000
#define WORKLOAD_BUFFER_BYTES    (16u << 20)
#define CACHE_LINE_BYTES         64

static void print_help(void)
{
	printf("Usage: %s [options] [EVENTNAMEs]\n"
	       "Options:\n",
	       util_program_name());
	util_options_print(stdout, command_line_options, UTIL_ARRAY_LENGTH(command_line_options));
	printf("\tEVENTNAMEs             Specify one or more preset or native events\n"
	       "\n"
	       "This utility performs work while measuring the specified events.\n"
	       "It can be useful for sanity checks on given events and sets of events.\n"
	       "It exits with status 1 if any named event could not be added or counted.\n");
}

/* Returns a value that depends on every step, so no step can be optimised away. */
static double run_workload(void)
{
	volatile double sink = 0.0;
	double accumulator = 0.5;
	unsigned char *buffer;

	for (int i = 0; i < WORKLOAD_FLOP_ITERATIONS; i++)
		accumulator = accumulator * 1.0000001 + 0.25 / (accumulator + 1.0);
	sink = accumulator;

	/* Touching fresh pages faults them in; striding by cache lines misses. */
	buffer = malloc(WORKLOAD_BUFFER_BYTES);
	if (buffer != NULL) {
		unsigned long sum = 0;

		memset(buffer, 1, WORKLOAD_BUFFER_BYTES);
		for (size_t offset = 0; offset < WORKLOAD_BUFFER_BYTES; offset += CACHE_LINE_BYTES)
			sum += buffer[offset];
		sink += (double)sum;
		free(buffer);
	}
	return sink;
}

/* Adds one named event; says why not if it cannot be added. */
static bool add_named_event(int event_set, const char *name)
{
	char reason[UTIL_REASON_LEN];
	int result = PAPI_add_named_event(event_set, name);

	if (result == PAPI_OK) {
		printf("Successfully added: %s\n", name);
		return true;
	}
	util_last_reason(reason, sizeof(reason));
	printf("Failed adding: %s\nbecause: %s\n", name, util_error_text(result));
	util_print_reason(stdout, "reason: ", reason);
	return false;
}

/* Prints one count the way its event's data type asks, unless -u or -x. */
static void print_value(const char *name, long long value, enum value_format format)
{
	PAPI_event_info_t info;
	int code;
	bool have_info = PAPI_event_name_to_code(name, &code) == PAPI_OK &&
	                 PAPI_get_event_info(code, &info) == PAPI_OK;
	int data_type = have_info ? info.data_type : PAPI_DATATYPE_INT64;

	if (format == FORMAT_UNSIGNED) {
		printf("%s : \t%llu(u)\n", name, (unsigned long long)value);
		return;
	}
	if (format == FORMAT_HEX || data_type == PAPI_DATATYPE_BIT64) {
		printf("%s : \t%#llX\n", name, (unsigned long long)value);
		return;
	}
	if (data_type == PAPI_DATATYPE_UINT64) {
		printf("%s : \t%llu(u)", name, (unsigned long long)value);
	} else if (data_type == PAPI_DATATYPE_FP64) {
		double as_double;

		/* FP64 events hand back the bits of a double in the long long. */
		memcpy(&as_double, &value, sizeof(as_double));
		printf("%s : \t%0.3f", name, as_double);
	} else {
		printf("%s : \t%lld", name, value);
	}
	if (have_info && info.units[0] != '\0')
		printf(" %s", info.units);
	printf("\n");
}

/* Counts the added events over the workload and prints them. */
static int count_and_print(int event_set, const char **names, int count, enum value_format format)
{
	long long *values = calloc((size_t)count, sizeof(*values));
	int result;

	if (values == NULL) {
		fprintf(stderr, "%s: out of memory\n", util_program_name());
		return UTIL_EXIT_FAILURE;
	}
	printf("\n");
	result = PAPI_start(event_set);
	if (result != PAPI_OK) {
		util_report_error("PAPI_start", result);
		free(values);
		return UTIL_EXIT_FAILURE;
	}
	run_workload();
	result = PAPI_stop(event_set, values);
	if (result != PAPI_OK) {
		util_report_error("PAPI_stop", result);
		free(values);
		return UTIL_EXIT_FAILURE;
	}
	for (int i = 0; i < count; i++)
		print_value(names[i], values[i], format);
	printf("\n----------------------------------\n");
	free(values);
	return UTIL_EXIT_OK;
}

/* Collects the options and the event names (pointers into argv). Returns
 * false when the program should stop, with its status set. */
static bool parse_command_line(int argc, char **argv, const char **names, int *name_count,
                               enum value_format *format, int *exit_status)
{
	struct util_options options;
	const char *value;
	int option;

	util_options_init(&options, command_line_options, UTIL_ARRAY_LENGTH(command_line_options),
	                  argc, argv);
	while ((option = util_options_next(&options, &value)) != UTIL_OPTION_END) {
		switch (option) {
		case OPTION_HELP:
			print_help();
			*exit_status = UTIL_EXIT_OK;
			return false;
		case OPTION_UNSIGNED:
			*format = FORMAT_UNSIGNED;
			break;
		case OPTION_HEX:
			*format = FORMAT_HEX;
			break;
		case UTIL_OPTION_OPERAND:
			names[(*name_count)++] = value;
			break;
		default:
			*exit_status = UTIL_EXIT_USAGE;
			return false;
		}
	}
	return true;
}

int main(int argc, char **argv)
{
	enum value_format format = FORMAT_NATURAL;
	const char **names = calloc((size_t)argc + 1, sizeof(*names));
	const char **added;
	int name_count = 0, added_count = 0, status = UTIL_EXIT_OK;
	int event_set = PAPI_NULL, result;

	if (names == NULL) {
		fprintf(stderr, "%s: out of memory\n", util_program_name());
		return UTIL_EXIT_FAILURE;
	}
	if (!parse_command_line(argc, argv, names, &name_count, &format, &status)) {
		free(names);
		return status;
	}

	printf("\nThis utility lets you add events from the command line interface to see if "
	       "they work.\n\n");
	if (!util_library_init()) {
		free(names);
		return UTIL_EXIT_FAILURE;
	}
	result = PAPI_create_eventset(&event_set);
	if (result != PAPI_OK) {
		util_report_error("PAPI_create_eventset", result);
		PAPI_shutdown();
		free(names);
		return UTIL_EXIT_FAILURE;
	}

	/* Keep going past events that fail: the others are still worth counting. */
	added = names; /* compacted in place: added[i] never overtakes names[i] */
	for (int i = 0; i < name_count; i++) {
		if (add_named_event(event_set, names[i]))
			added[added_count++] = names[i];
		else
			status = UTIL_EXIT_FAILURE;
	}

	if (added_count == 0) {
		printf("No events specified!\n"
		       "Try running something like: %s PAPI_TOT_CYC\n\n",
		       util_program_name());
	} else if (count_and_print(event_set, added, added_count, format) != UTIL_EXIT_OK) {
		status = UTIL_EXIT_FAILURE;
	}

	PAPI_cleanup_eventset(event_set);
	PAPI_destroy_eventset(&event_set);
	PAPI_shutdown();
	free(names);
	return status;
}
