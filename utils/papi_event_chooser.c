// SPDX-License-Identifier: BSD-3-Clause
/* papi_event_chooser: given some events, lists the preset or native events
 * that can be counted together with them in one event set. */
#include <stdlib.h>
#include <string.h>

#include "util_common.h"

enum chooser_option { OPTION_HELP = 1 };

static const struct util_option chooser_options[] = {
    {OPTION_HELP, "-h", "--help", NULL, "print this help message", NULL},
};

static void print_usage(FILE *out)
{
	fprintf(out, "Usage: %s NATIVE|PRESET evt1 evt2 ... \n", util_program_name());
}

static void print_help(void)
{
	print_usage(stdout);
	printf("Lists the PRESET or NATIVE events that can be counted together with the\n"
	       "given events (NATIVE: those of the first event's component).\n"
	       "Options:\n");
	util_options_print(stdout, chooser_options, UTIL_ARRAY_LENGTH(chooser_options));
}

/* Tries code alongside the chosen events, leaving the set as it was. */
static bool fits_with_chosen(int event_set, int code)
{
	int result = PAPI_add_event(event_set, code);

	if (result != PAPI_OK)
		return false;
	result = PAPI_remove_event(event_set, code);
	if (result != PAPI_OK) {
		util_report_error("PAPI_remove_event", result);
		return false;
	}
	return true;
}

static int list_presets(int event_set)
{
	int code, reported = 0;

	util_print_preset_heading(false);
	if (util_enum_first(&code, PAPI_PRESET_MASK, -1)) {
		do {
			PAPI_event_info_t info;

			if (PAPI_get_event_info(code, &info) != PAPI_OK ||
			    !fits_with_chosen(event_set, code))
				continue;
			util_print_preset_row(&info, NULL);
			reported++;
		} while (util_enum_next(&code, PAPI_PRESET_ENUM_AVAIL, -1));
	}
	util_print_rule('-', 73);
	printf("Total events reported: %d\n", reported);
	return UTIL_EXIT_OK;
}

/* Prints a native event that fits, with those of its unit masks that fit
 * too; settings such as ":u=0" change how it counts, not whether it fits. */
static bool show_native_if_fits(int event_set, int code, int cidx)
{
	PAPI_event_info_t info;
	int qualifier_code = code;
	bool event_fits, shown = false;

	if (PAPI_get_event_info(code, &info) != PAPI_OK)
		return false;
	event_fits = fits_with_chosen(event_set, code);
	while (util_enum_next(&qualifier_code, PAPI_NTV_ENUM_UMASKS, cidx)) {
		PAPI_event_info_t qualifier;
		const char *name;

		if (PAPI_get_event_info(qualifier_code, &qualifier) != PAPI_OK)
			continue;
		name = util_qualifier_name(info.symbol, qualifier.symbol);
		if (util_is_flag_qualifier(name) || !fits_with_chosen(event_set, qualifier_code))
			continue;
		if (!shown)
			printf("%s\t%#x\n |%s|\n", info.symbol, info.event_code, info.long_descr);
		shown = true;
		printf("    %#-10x%s  |%s|\n", qualifier.event_code, name,
		       util_qualifier_description(info.long_descr, qualifier.long_descr));
	}
	if (!shown && event_fits) {
		printf("%s\t%#x\n |%s|\n", info.symbol, info.event_code, info.long_descr);
		shown = true;
	}
	if (shown)
		util_print_rule('-', 73);
	return shown;
}

static int list_natives(int event_set, int cidx)
{
	int code, reported = 0;

	if (util_enum_first(&code, PAPI_NATIVE_MASK, cidx)) {
		do {
			if (show_native_if_fits(event_set, code, cidx))
				reported++;
		} while (util_enum_next(&code, PAPI_ENUM_EVENTS, cidx));
	} else {
		printf("Cannot find first event in component %d\n", cidx);
	}
	util_print_rule('-', 73);
	printf("Total events reported: %d\n", reported);
	return UTIL_EXIT_OK;
}

/* Adds every given event; says which one stops the choice, and why. */
static bool add_chosen_events(int event_set, const char **names, int count, int *first_cidx)
{
	for (int i = 0; i < count; i++) {
		char reason[UTIL_REASON_LEN];
		int code, result;

		result = PAPI_event_name_to_code(names[i], &code);
		if (result != PAPI_OK) {
			util_last_reason(reason, sizeof(reason));
			fprintf(stderr, "Event %s can't be found\n", names[i]);
			util_print_reason(stderr, "  reason: ", reason);
			return false;
		}
		if (i == 0)
			*first_cidx = PAPI_get_event_component(code);
		result = PAPI_add_event(event_set, code);
		if (result != PAPI_OK) {
			util_last_reason(reason, sizeof(reason));
			fprintf(stderr, "Event %s can't be counted with others %d: %s\n", names[i],
			        result, util_error_text(result));
			util_print_reason(stderr, "  reason: ", reason);
			return false;
		}
	}
	return true;
}

/* The operands (kind, then event names) into operands; false with the exit
 * status when the program should stop. */
static bool parse_command_line(int argc, char **argv, const char **operands, int *operand_count,
                               int *exit_status)
{
	struct util_options options;
	const char *value;
	int option;

	util_options_init(&options, chooser_options, UTIL_ARRAY_LENGTH(chooser_options), argc,
	                  argv);
	while ((option = util_options_next(&options, &value)) != UTIL_OPTION_END) {
		if (option == OPTION_HELP) {
			print_help();
			*exit_status = UTIL_EXIT_OK;
			return false;
		}
		if (option != UTIL_OPTION_OPERAND) {
			*exit_status = UTIL_EXIT_USAGE;
			return false;
		}
		operands[(*operand_count)++] = value;
	}
	if (*operand_count < 2 ||
	    (strcmp(operands[0], "PRESET") != 0 && strcmp(operands[0], "NATIVE") != 0)) {
		print_usage(stderr);
		*exit_status = UTIL_EXIT_USAGE;
		return false;
	}
	return true;
}

/* Adds the chosen events, then lists what fits with them. */
static int choose(const char *kind, const char **names, int name_count)
{
	int event_set = PAPI_NULL, first_cidx = 0, status = UTIL_EXIT_FAILURE;
	int result = PAPI_create_eventset(&event_set);

	if (result != PAPI_OK) {
		util_report_error("PAPI_create_eventset", result);
		return UTIL_EXIT_FAILURE;
	}
	if (add_chosen_events(event_set, names, name_count, &first_cidx))
		status = strcmp(kind, "PRESET") == 0 ? list_presets(event_set)
		                                     : list_natives(event_set, first_cidx);
	PAPI_cleanup_eventset(event_set);
	PAPI_destroy_eventset(&event_set);
	return status;
}

int main(int argc, char **argv)
{
	const char **operands = calloc((size_t)argc + 1, sizeof(*operands));
	int operand_count = 0, status = UTIL_EXIT_FAILURE;

	if (operands == NULL) {
		fprintf(stderr, "%s: out of memory\n", util_program_name());
		return UTIL_EXIT_FAILURE;
	}
	if (!parse_command_line(argc, argv, operands, &operand_count, &status)) {
		/* status says why: help shown, or a usage error */
	} else if (util_library_init()) {
		if (util_print_hardware_header(
		        "Event Chooser: Available events which can be added with given events."))
			status = choose(operands[0], operands + 1, operand_count - 1);
		PAPI_shutdown();
	}
	free(operands);
	return status;
}
