// SPDX-License-Identifier: BSD-3-Clause
/* papi_native_avail: the native events of every active component, with their
 * qualifiers (unit masks and settings); -c keeps only those that count here. */
#include <stdlib.h>
#include <string.h>

#include "sde_hooks.h"
#include "util_common.h"

enum native_option {
	OPTION_HELP = 1,
	OPTION_CHECK,
	OPTION_EVENT,
	OPTION_INCLUDE,
	OPTION_EXCLUDE,
	OPTION_NOQUAL,
	OPTION_DARR,
	OPTION_DEAR,
	OPTION_IARR,
	OPTION_IEAR,
	OPTION_OPCM,
	OPTION_NOGROUPS,
	OPTION_SDE,
};

static const struct util_option native_options[] = {
    {OPTION_HELP, "-h", "--help", NULL, "print this help message", "General command options:"},
    {OPTION_CHECK, "-c", "--check", NULL,
     "list only events that can be counted here (each one is tried)", NULL},
    {OPTION_EVENT, "-e", NULL, "EVENTNAME", "display detailed information about named native event",
     NULL},
    {OPTION_INCLUDE, "-i", NULL, "EVENTSTR", "include only event names that contain EVENTSTR",
     NULL},
    {OPTION_EXCLUDE, "-x", NULL, "EVENTSTR", "exclude any event names that contain EVENTSTR", NULL},
    {OPTION_SDE, "-sde", "--sde", "FILE",
     "list the software-defined events that the library FILE declares", NULL},
    {OPTION_NOQUAL, NULL, "--noqual", NULL,
     "suppress display of event qualifiers (mask and flag) information", NULL},
    {OPTION_DARR, NULL, "--darr", NULL, "display events supporting Data Address Range Restriction",
     "Processor-specific options:"},
    {OPTION_DEAR, NULL, "--dear", NULL, "display Data Event Address Register events only", NULL},
    {OPTION_IARR, NULL, "--iarr", NULL,
     "display events supporting Instruction Address Range Restriction", NULL},
    {OPTION_IEAR, NULL, "--iear", NULL, "display Instruction Event Address Register events only",
     NULL},
    {OPTION_OPCM, NULL, "--opcm", NULL, "display events supporting OpCode Matching", NULL},
    {OPTION_NOGROUPS, NULL, "--nogroups", NULL, "suppress display of Event grouping information",
     NULL},
};

struct native_settings {
	bool check;
	bool show_qualifiers;
	bool show_groups;
	int modifier; /* which events to enumerate: all, or a processor feature */
	const char *event_name;
	/* -i and -x may repeat: an event needs one include match and no exclude match. */
	const char **includes;
	int include_count;
	const char **excludes;
	int exclude_count;
	const char *sde_library; /* -sde: declares its events before the listing */
};

struct native_totals {
	int listed;
	struct util_reason_tally refused; /* events -c left out, by reason */
};

/* One qualifier of an event, with whether it counts (for -c). */
struct qualifier {
	int code;
	bool is_setting; /* ":u=0" rather than a unit mask */
	bool usable;
};

static void print_help(void)
{
	printf("This is the PAPI native avail program.\n"
	       "It provides availability and details about PAPI Native Events.\n"
	       "Usage: %s [options]\n"
	       "Options:\n",
	       util_program_name());
	util_options_print(stdout, native_options, UTIL_ARRAY_LENGTH(native_options));
	printf("\nWith -e, the exit status is 1 if the event is unknown or cannot count here.\n");
}

static bool contains_any(const char *symbol, const char **needles, int count)
{
	for (int i = 0; i < count; i++) {
		if (strstr(symbol, needles[i]) != NULL)
			return true;
	}
	return false;
}

static bool name_selected(const struct native_settings *settings, const char *symbol)
{
	if (settings->include_count > 0 &&
	    !contains_any(symbol, settings->includes, settings->include_count))
		return false;
	return !contains_any(symbol, settings->excludes, settings->exclude_count);
}

/* The qualifiers of an event, each tried when checking. Returns the number
 * found (0 when allocation fails: the event is then shown without them). */
static int collect_qualifiers(const struct native_settings *settings,
                              const PAPI_event_info_t *event, int cidx,
                              struct qualifier **qualifiers)
{
	struct qualifier *list = NULL;
	int count = 0, capacity = 0;
	int qualifier_code = (int)event->event_code;

	*qualifiers = NULL;
	while (util_enum_next(&qualifier_code, PAPI_NTV_ENUM_UMASKS, cidx)) {
		PAPI_event_info_t info;
		char reason[UTIL_REASON_LEN];
		struct qualifier *entry;

		if (PAPI_get_event_info(qualifier_code, &info) != PAPI_OK)
			continue;
		if (count == capacity) {
			int grown = capacity == 0 ? 16 : capacity * 2;
			struct qualifier *larger = realloc(list, (size_t)grown * sizeof(*list));

			if (larger == NULL) {
				fprintf(stderr, "%s: out of memory listing qualifiers\n",
				        util_program_name());
				free(list);
				return 0;
			}
			list = larger;
			capacity = grown;
		}
		entry = &list[count++];
		entry->code = qualifier_code;
		entry->is_setting =
		    util_is_flag_qualifier(util_qualifier_name(event->symbol, info.symbol));
		/* A setting needs the event it modifies to open at all, so it
		 * follows the event; each unit mask is tried on its own. */
		entry->usable = !settings->check || entry->is_setting ||
		                util_event_check(qualifier_code, reason, sizeof(reason)) == PAPI_OK;
	}
	*qualifiers = list;
	return count;
}

static bool any_unit_mask_usable(const struct qualifier *qualifiers, int count)
{
	for (int i = 0; i < count; i++) {
		if (qualifiers[i].usable && !qualifiers[i].is_setting)
			return true;
	}
	return false;
}

static void print_qualifiers(const PAPI_event_info_t *event, const struct qualifier *qualifiers,
                             int count)
{
	for (int i = 0; i < count; i++) {
		PAPI_event_info_t info;

		if (!qualifiers[i].usable ||
		    PAPI_get_event_info(qualifiers[i].code, &info) != PAPI_OK)
			continue;
		util_print_boxed(5, util_qualifier_name(event->symbol, info.symbol));
		util_print_boxed(12,
		                 util_qualifier_description(event->long_descr, info.long_descr));
	}
}

/* Groups exist on processors whose events are scheduled in fixed groups (POWER). */
static void print_groups(int code, int cidx)
{
	char line[UTIL_LINE_WIDTH * 4] = "Groups: ";
	size_t used = strlen(line);
	int group_code = code;

	if (!util_enum_next(&group_code, PAPI_NTV_ENUM_GROUPS, cidx))
		return;
	do {
		int group = ((group_code & PAPI_NTV_GROUP_AND_MASK) >> PAPI_NTV_GROUP_SHIFT) - 1;
		int written = snprintf(line + used, sizeof(line) - used, "%d ", group);

		if (written < 0 || (size_t)written >= sizeof(line) - used)
			break;
		used += (size_t)written;
	} while (util_enum_next(&group_code, PAPI_NTV_ENUM_GROUPS, cidx));
	util_print_boxed(1, line);
}

/* Prints one event if it passes the filters (and, with -c, counts here or
 * has a unit mask that does). Returns true if it was printed. */
static bool list_event(const struct native_settings *settings, int code, int cidx, bool separate,
                       struct native_totals *totals)
{
	PAPI_event_info_t info;
	struct qualifier *qualifiers = NULL;
	char reason[UTIL_REASON_LEN];
	int qualifier_count = 0;
	bool event_usable;

	if (PAPI_get_event_info(code, &info) != PAPI_OK || !name_selected(settings, info.symbol))
		return false;
	event_usable =
	    !settings->check || util_event_check(code, reason, sizeof(reason)) == PAPI_OK;
	/* An event that cannot count alone may still count with a unit mask. */
	if (settings->show_qualifiers || !event_usable)
		qualifier_count = collect_qualifiers(settings, &info, cidx, &qualifiers);
	if (!event_usable && !any_unit_mask_usable(qualifiers, qualifier_count)) {
		util_reason_tally_add(&totals->refused, info.symbol, reason);
		free(qualifiers);
		return false;
	}

	if (separate)
		util_print_rule('-', UTIL_LINE_WIDTH);
	util_print_boxed(1, info.symbol);
	util_print_boxed(12, info.long_descr);
	/* Listed, but not countable as it stands: a unit mask is mandatory. */
	if (PAPI_query_event(code) == PAPI_EATTR)
		util_print_boxed(12, "(cannot count alone: add one of its unit masks)");
	if (settings->show_qualifiers)
		print_qualifiers(&info, qualifiers, qualifier_count);
	if (settings->show_groups)
		print_groups(code, cidx);
	free(qualifiers);
	totals->listed++;
	return true;
}

static void list_component(const struct native_settings *settings, int cidx,
                           struct native_totals *totals)
{
	const PAPI_component_info_t *component = util_component_info(cidx);
	bool printed_any = false;
	int code;

	if (component == NULL || component->disabled)
		return;
	util_print_rule('=', UTIL_LINE_WIDTH - 1);
	printf(" Native Events in Component: %s\n", component->name);
	util_print_rule('=', UTIL_LINE_WIDTH - 1);
	if (!util_enum_first(&code, PAPI_NATIVE_MASK, cidx))
		return;
	/* A processor filter (--darr, ...) selects the events it steps to; the
	 * first event is only where that walk starts, and may not qualify. */
	if (settings->modifier == PAPI_ENUM_EVENTS)
		printed_any = list_event(settings, code, cidx, false, totals);
	while (util_enum_next(&code, settings->modifier, cidx)) {
		if (list_event(settings, code, cidx, printed_any, totals))
			printed_any = true;
	}
}

/* With nothing to show, say which components are off and why. */
static void explain_empty_listing(void)
{
	int components = PAPI_num_components();

	printf("No events detected!  Check papi_component_avail to find out why.\n");
	for (int cidx = 0; cidx < components; cidx++) {
		const PAPI_component_info_t *component = util_component_info(cidx);

		if (component != NULL && component->disabled)
			printf("  %s: Disabled: %s\n", component->name, component->disabled_reason);
	}
	printf("\n");
}

static int list_all(const struct native_settings *settings)
{
	struct native_totals totals;
	int components = PAPI_num_components();

	memset(&totals, 0, sizeof(totals));
	for (int cidx = 0; cidx < components; cidx++)
		list_component(settings, cidx, &totals);
	printf("\nTotal events reported: %d\n", totals.listed);
	if (totals.refused.total > 0) {
		printf("Events left out because they cannot count here: %d\n",
		       totals.refused.total);
		util_reason_tally_print(&totals.refused, "  ");
	}
	if (totals.listed == 0) {
		printf("\n");
		explain_empty_listing();
	}
	return UTIL_EXIT_OK;
}

/* papi_native_avail -e: one event, its description and its qualifiers. */
static int show_one_event(const char *name)
{
	PAPI_event_info_t info;
	char reason[UTIL_REASON_LEN];
	int code;
	bool usable;

	if (!util_lookup_event(name, &code, &info))
		return UTIL_EXIT_FAILURE;
	printf("%-16s%s\n", "Event name:", info.symbol);
	printf("%-16s%s\n", "Description:", info.long_descr);
	if (info.units[0] != '\0')
		printf("%-16s%s\n", "Units:", info.units);
	usable = util_event_check(code, reason, sizeof(reason)) == PAPI_OK;
	if (usable)
		printf("%-16s%s\n", "Status:", "can be counted here");
	else
		printf("%-16s%s%s\n", "Status:", "cannot be counted here: ", reason);

	/* A qualified name is already one choice of qualifiers. */
	if (!util_has_qualifier(info.symbol)) {
		int qualifier_code = code, cidx = PAPI_get_event_component(code);
		bool first = true;

		while (util_enum_next(&qualifier_code, PAPI_NTV_ENUM_UMASKS, cidx)) {
			PAPI_event_info_t qualifier;

			if (PAPI_get_event_info(qualifier_code, &qualifier) != PAPI_OK)
				continue;
			if (first)
				printf("\nQualifiers:         Name -- Description\n");
			first = false;
			printf("      Info:   %10s -- %s\n",
			       util_qualifier_name(info.symbol, qualifier.symbol),
			       util_qualifier_description(info.long_descr, qualifier.long_descr));
		}
	}
	printf("\n");
	return usable ? UTIL_EXIT_OK : UTIL_EXIT_FAILURE;
}

/* Fills settings from the command line. Returns false when the program
 * should stop (help shown, or a usage error), with its status set. */
static bool parse_command_line(int argc, char **argv, struct native_settings *settings,
                               int *exit_status)
{
	struct util_options options;
	const char *value;
	int option;

	/* No more filters than arguments, so argc entries each are enough. */
	settings->includes = calloc((size_t)argc, sizeof(*settings->includes));
	settings->excludes = calloc((size_t)argc, sizeof(*settings->excludes));
	if (settings->includes == NULL || settings->excludes == NULL) {
		fprintf(stderr, "%s: out of memory\n", util_program_name());
		*exit_status = UTIL_EXIT_FAILURE;
		return false;
	}
	util_options_init(&options, native_options, UTIL_ARRAY_LENGTH(native_options), argc, argv);
	while ((option = util_options_next(&options, &value)) != UTIL_OPTION_END) {
		switch (option) {
		case OPTION_HELP:
			print_help();
			*exit_status = UTIL_EXIT_OK;
			return false;
		case OPTION_CHECK:
			settings->check = true;
			break;
		case OPTION_EVENT:
			settings->event_name = value;
			break;
		case OPTION_INCLUDE:
			settings->includes[settings->include_count++] = value;
			break;
		case OPTION_EXCLUDE:
			settings->excludes[settings->exclude_count++] = value;
			break;
		case OPTION_NOQUAL:
			settings->show_qualifiers = false;
			break;
		case OPTION_DARR:
			settings->modifier = PAPI_NTV_ENUM_DARR;
			break;
		case OPTION_DEAR:
			settings->modifier = PAPI_NTV_ENUM_DEAR;
			break;
		case OPTION_IARR:
			settings->modifier = PAPI_NTV_ENUM_IARR;
			break;
		case OPTION_IEAR:
			settings->modifier = PAPI_NTV_ENUM_IEAR;
			break;
		case OPTION_OPCM:
			settings->modifier = PAPI_NTV_ENUM_OPCM;
			break;
		case OPTION_NOGROUPS:
			settings->show_groups = false;
			break;
		case OPTION_SDE:
			settings->sde_library = value;
			break;
		case UTIL_OPTION_OPERAND:
			*exit_status = util_usage_error("unexpected argument '%s'", value);
			return false;
		default:
			*exit_status = UTIL_EXIT_USAGE;
			return false;
		}
	}
	return true;
}

int main(int argc, char **argv)
{
	struct native_settings settings = {false, true, true, PAPI_ENUM_EVENTS, NULL, NULL, 0,
	                                   NULL,  0,    NULL};
	int status = UTIL_EXIT_OK;

	if (!parse_command_line(argc, argv, &settings, &status)) {
		/* status says why: help shown, or a usage error */
	} else if (!util_library_init()) {
		status = UTIL_EXIT_FAILURE;
	} else if (settings.sde_library && !sde_hooks_declare(settings.sde_library)) {
		status = UTIL_EXIT_FAILURE;
		PAPI_shutdown();
	} else {
		if (!util_print_hardware_header(
		        "Available native events and hardware information."))
			status = UTIL_EXIT_FAILURE;
		else if (settings.event_name != NULL)
			status = show_one_event(settings.event_name);
		else
			status = list_all(&settings);
		PAPI_shutdown();
	}
	free(settings.includes);
	free(settings.excludes);
	return status;
}
