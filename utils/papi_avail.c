// SPDX-License-Identifier: BSD-3-Clause
/* papi_avail: the PAPI preset and user-defined events, whether they can be
 * counted here, and what each is made of. */
#include <string.h>

#include "util_common.h"

enum avail_option {
	OPTION_HELP = 1,
	OPTION_AVAILABLE,
	OPTION_CHECK,
	OPTION_DETAIL,
	OPTION_EVENT,
	OPTION_DIAGNOSTICS,
	OPTION_FILTER, /* ids from here on are category filters */
};

/* Category filters, in the order of the help; each selects presets whose
 * event_type has its bit. */
static const struct {
	const char *name;
	unsigned bit;
	const char *help;
} category_filters[] = {
    {"--br", PAPI_PRESET_BIT_BR, "Display branch related PAPI preset events"},
    {"--cache", PAPI_PRESET_BIT_CACH, "Display cache related PAPI preset events"},
    {"--cnd", PAPI_PRESET_BIT_CND, "Display conditional PAPI preset events"},
    {"--fp", PAPI_PRESET_BIT_FP, "Display Floating Point related PAPI preset events"},
    {"--ins", PAPI_PRESET_BIT_INS, "Display instruction related PAPI preset events"},
    {"--idl", PAPI_PRESET_BIT_IDL, "Display Stalled or Idle PAPI preset events"},
    {"--l1", PAPI_PRESET_BIT_L1, "Display level 1 cache related PAPI preset events"},
    {"--l2", PAPI_PRESET_BIT_L2, "Display level 2 cache related PAPI preset events"},
    {"--l3", PAPI_PRESET_BIT_L3, "Display level 3 cache related PAPI preset events"},
    {"--mem", PAPI_PRESET_BIT_MEM, "Display memory related PAPI preset events"},
    {"--msc", PAPI_PRESET_BIT_MSC, "Display miscellaneous PAPI preset events"},
    {"--tlb", PAPI_PRESET_BIT_TLB, "Display Translation Lookaside Buffer PAPI preset events"},
};
#define FILTER_COUNT UTIL_ARRAY_LENGTH(category_filters)

struct avail_settings {
	bool available_only; /* -a: events the library says exist here */
	bool check;          /* -c: and that actually count here */
	bool detail;
	bool diagnostics;       /* --diagnostics: the preset tables and their load messages */
	const char *event_name; /* -e */
	unsigned category_mask; /* 0: all */
};

struct avail_totals {
	int listed;
	int available;
	int derived;
};

/* The general options; build_option_table appends one per category filter. */
#define GENERAL_OPTION_COUNT 6
static struct util_option avail_options[GENERAL_OPTION_COUNT + FILTER_COUNT] = {
    {OPTION_HELP, "-h", "--help", NULL, "Print this help message", "General command options:"},
    {OPTION_AVAILABLE, "-a", "--avail", NULL,
     "Display only available PAPI preset and user defined events", NULL},
    {OPTION_CHECK, "-c", "--check", NULL,
     "Display only available PAPI preset and user defined events after an availability "
     "check",
     NULL},
    {OPTION_DETAIL, "-d", "--detail", NULL, "Display detailed information about events", NULL},
    {OPTION_EVENT, "-e", "--event", "EVENTNAME", "Display detail information about specified event",
     NULL},
    {OPTION_DIAGNOSTICS, NULL, "--diagnostics", NULL,
     "Display the preset tables in use and every definition line they rejected", NULL},
};

static size_t build_option_table(void)
{
	for (size_t i = 0; i < FILTER_COUNT; i++)
		avail_options[GENERAL_OPTION_COUNT + i] = (struct util_option){
		    (int)(OPTION_FILTER + i), NULL,
		    category_filters[i].name, NULL,
		    category_filters[i].help, i == 0 ? "Event filtering options:" : NULL};
	return GENERAL_OPTION_COUNT + FILTER_COUNT;
}

static void print_help(size_t option_count)
{
	printf("This is the PAPI avail program.\n"
	       "It provides availability and details about PAPI Presets and User-defined Events.\n"
	       "PAPI Preset Event filters can be combined in a logical OR.\n"
	       "Usage: %s [options]\n"
	       "Options:\n",
	       util_program_name());
	util_options_print(stdout, avail_options, option_count);
	printf("\nWith -e, the exit status is 1 if the event is unknown or cannot count here.\n");
}

/* The natives and formula behind a preset, also when it cannot count here
 * (the library then reports count 0 but still names the natives). */
static void print_definition(const PAPI_event_info_t *info)
{
	if (!IS_PRESET((int)info->event_code) || info->name[0][0] == '\0')
		return;
	printf("%-29s|", "Defined as:");
	if (strcmp(info->derived, "DERIVED_POSTFIX") == 0)
		printf("%s of ", info->postfix);
	else if (strcmp(info->derived, "DERIVED_ADD") == 0)
		printf("sum of ");
	else if (strcmp(info->derived, "DERIVED_SUB") == 0)
		printf("first minus the others of ");
	for (int term = 0; term < PAPI_MAX_INFO_TERMS && info->name[term][0] != '\0'; term++)
		printf("%sN%d=%s", term ? ", " : "", term, info->name[term]);
	printf("|\n");
}

/* The reason without the preset's own name in front. */
static const char *reason_after_symbol(const char *reason, const char *symbol)
{
	size_t length = strlen(symbol);
	if (strncmp(reason, symbol, length) == 0 && reason[length] == ' ')
		return reason + length + 1;
	if (strncmp(reason, symbol, length) == 0 && reason[length] == ':' &&
	    reason[length + 1] == ' ')
		return reason + length + 2;
	return reason;
}

/* papi_avail --diagnostics: which preset tables apply, what was rejected. */
static void print_preset_diagnostics(void)
{
#ifdef PAPILLON
	char message[UTIL_REASON_LEN];
	printf("Preset definitions:\n");
	for (int index = 0; PAPI_preset_message(index, message, sizeof(message)) == PAPI_OK;
	     index++)
		printf("  %s%s\n",
		       index == 1  ? "rejected: "
		       : index > 1 ? "          "
		                   : "",
		       message);
	printf("\n");
#else
	printf("Preset diagnostics need Papillon's PAPI_preset_message.\n\n");
#endif
}

/* papi_avail -e: one event, preset, user-defined or native. */
static int show_one_event(const char *name)
{
	PAPI_event_info_t info;
	char reason[UTIL_REASON_LEN];
	int code, result;

	if (!util_lookup_event(name, &code, &info)) {
		util_print_rule('-', UTIL_LINE_WIDTH);
		return UTIL_EXIT_FAILURE;
	}
	util_print_event_detail(&info);
	print_definition(&info);
	printf("\n");
	result = util_event_check(code, reason, sizeof(reason));
	if (result != PAPI_OK) {
		printf("%s event %s is NOT available on this architecture!\n",
		       IS_NATIVE(code) ? "NATIVE" : "PRESET", info.symbol);
		util_print_reason(stdout, "Reason: ", reason);
		printf("\n");
	}
	util_print_rule('-', UTIL_LINE_WIDTH);
	return result == PAPI_OK ? UTIL_EXIT_OK : UTIL_EXIT_FAILURE;
}

/* -a and -c list only what can count; the others list every preset. */
static bool lists_available_only(const struct avail_settings *settings)
{
	return settings->available_only || settings->check;
}

static bool wanted(const struct avail_settings *settings, const PAPI_event_info_t *info,
                   bool available)
{
	if (settings->category_mask != 0 && (info->event_type & settings->category_mask) == 0)
		return false;
	return available || !lists_available_only(settings);
}

/* Lists the events of a walk: from the first code, then each next one by
 * that modifier (PAPI 7.2's: the CPU's presets with PAPI_PRESET_ENUM_CPU,
 * the components' own presets from PAPI_PRESET_ENUM_FIRST_COMP with
 * PAPI_ENUM_EVENTS, user-defined events with PAPI_ENUM_EVENTS). */
static void list_events(const struct avail_settings *settings, int code, int next_modifier,
                        struct avail_totals *totals)
{
	bool avail_column = !lists_available_only(settings);

	do {
		PAPI_event_info_t info;
		char reason[UTIL_REASON_LEN];
		bool available;

		if (PAPI_get_event_info(code, &info) != PAPI_OK)
			continue;
		available = PAPI_query_event(code) == PAPI_OK;
		if (available && settings->check)
			available = util_event_check(code, reason, sizeof(reason)) == PAPI_OK;
		if (!wanted(settings, &info, available))
			continue;

		totals->listed++;
		if (available)
			totals->available++;
		if (available && strcmp(util_derived_flag(&info), "Yes") == 0)
			totals->derived++;
		if (settings->detail)
			util_print_preset_detail(&info);
		else
			util_print_preset_row(&info,
			                      avail_column ? (available ? "Yes" : "No") : NULL);
		/* Every preset that cannot count here says why. */
		if (!available && util_event_check(code, reason, sizeof(reason)) != PAPI_OK)
			printf("             why: %s\n", reason_after_symbol(reason, info.symbol));
		/* A component preset's qualifiers, as PAPI 7.2's papi_avail shows them. */
		for (int q = 0; (code & PAPI_PRESET_MASK) && q < info.num_quals; q++)
			printf("    %s\n        %s\n", info.quals[q], info.quals_descrs[q]);
	} while (util_enum_next(&code, next_modifier, -1));
}

static void print_section_heading(const struct avail_settings *settings, const char *title)
{
	util_print_rule('=', UTIL_LINE_WIDTH);
	printf("  %s\n", title);
	util_print_rule('=', UTIL_LINE_WIDTH);
	if (settings->detail)
		util_print_preset_detail_heading();
	else
		util_print_preset_heading(!lists_available_only(settings));
}

static const char *is_or_are(int count)
{
	return count == 1 ? "is" : "are";
}

static void print_totals(const struct avail_settings *settings, const struct avail_totals *totals)
{
	util_print_rule('-', UTIL_LINE_WIDTH);
	if (lists_available_only(settings))
		printf("Of %d available events, %d %s derived.\n\n", totals->available,
		       totals->derived, is_or_are(totals->derived));
	else
		printf("Of %d possible events, %d %s available, of which %d %s derived.\n\n",
		       totals->listed, totals->available, is_or_are(totals->available),
		       totals->derived, is_or_are(totals->derived));
}

static int list_all(const struct avail_settings *settings)
{
	struct avail_totals presets = {0, 0, 0}, component_presets = {0, 0, 0},
	                    user_defined = {0, 0, 0};
	int code;

	print_section_heading(settings, "PAPI Preset Events");
	if (util_enum_first(&code, PAPI_PRESET_MASK, -1))
		list_events(settings, code, PAPI_PRESET_ENUM_CPU, &presets);
	print_totals(settings, &presets);

	/* Presets of a component's own (PAPI 7.2): a section only where some
	 * component defines them, as 7.2's papi_avail does. */
	code = PAPI_PRESET_MASK;
	if (PAPI_enum_event(&code, PAPI_PRESET_ENUM_FIRST_COMP) == PAPI_OK) {
		print_section_heading(settings, "PAPI Component Preset Events");
		list_events(settings, code, PAPI_ENUM_EVENTS, &component_presets);
		print_totals(settings, &component_presets);
	}

	/* User-defined events have no categories: a filter leaves none of them. */
	if (settings->category_mask == 0 && util_enum_first(&code, PAPI_UE_MASK, -1)) {
		print_section_heading(settings, "User Defined Events");
		list_events(settings, code, PAPI_ENUM_EVENTS, &user_defined);
		print_totals(settings, &user_defined);
	}
	if (presets.available + component_presets.available + user_defined.available == 0)
		printf("No events detected!  Check papi_component_avail to find out why.\n\n");
	return UTIL_EXIT_OK;
}

int main(int argc, char **argv)
{
	struct avail_settings settings = {false, false, false, false, NULL, 0};
	struct util_options options;
	size_t option_count = build_option_table();
	const char *value;
	int option, status;

	util_options_init(&options, avail_options, option_count, argc, argv);
	while ((option = util_options_next(&options, &value)) != UTIL_OPTION_END) {
		switch (option) {
		case OPTION_HELP:
			print_help(option_count);
			return UTIL_EXIT_OK;
		case OPTION_AVAILABLE:
			settings.available_only = true;
			break;
		case OPTION_CHECK:
			settings.check = true;
			break;
		case OPTION_DETAIL:
			settings.detail = true;
			break;
		case OPTION_EVENT:
			settings.event_name = value;
			break;
		case OPTION_DIAGNOSTICS:
			settings.diagnostics = true;
			break;
		case UTIL_OPTION_OPERAND:
			return util_usage_error("unexpected argument '%s'", value);
		case UTIL_OPTION_ERROR:
			return UTIL_EXIT_USAGE;
		default:
			settings.category_mask |= category_filters[option - OPTION_FILTER].bit;
			break;
		}
	}

	if (!util_library_init())
		return UTIL_EXIT_FAILURE;
	if (!util_print_hardware_header(
	        "Available PAPI preset and user defined events plus hardware information.")) {
		PAPI_shutdown();
		return UTIL_EXIT_FAILURE;
	}
	if (settings.diagnostics)
		print_preset_diagnostics();
	if (settings.event_name != NULL)
		status = show_one_event(settings.event_name);
	else
		status = list_all(&settings);
	PAPI_shutdown();
	return status;
}
