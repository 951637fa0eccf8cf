// SPDX-License-Identifier: BSD-3-Clause
/* Helpers shared by the PAPI utilities; see util_common.h. */
#include "util_common.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>

static const char *program_name = "papi";

/* ------------------------------------------------------------------------
 * Command line
 * ------------------------------------------------------------------------ */

void util_options_init(struct util_options *options, const struct util_option *table, size_t count,
                       int argc, char **argv)
{
	options->table = table;
	options->count = count;
	options->argc = argc;
	options->argv = argv;
	options->next_index = 1;
	options->operands_only = false;
	if (argc > 0 && argv[0] != NULL) {
		const char *slash = strrchr(argv[0], '/');
		program_name = slash != NULL ? slash + 1 : argv[0];
	}
}

const char *util_program_name(void)
{
	return program_name;
}

int util_usage_error(const char *format, ...)
{
	va_list arguments;

	fprintf(stderr, "%s: ", program_name);
	va_start(arguments, format);
	vfprintf(stderr, format, arguments);
	va_end(arguments);
	fprintf(stderr, "\nTry '%s --help' for more information.\n", program_name);
	return UTIL_EXIT_USAGE;
}

/* Matches "--name=value" for long options that take a value. */
static bool matches_long_with_value(const struct util_option *option, const char *argument,
                                    const char **value)
{
	size_t length;

	if (option->long_name == NULL || option->argument == NULL)
		return false;
	length = strlen(option->long_name);
	if (strncmp(argument, option->long_name, length) != 0 || argument[length] != '=')
		return false;
	*value = argument + length + 1;
	return true;
}

int util_options_next(struct util_options *options, const char **value)
{
	const char *argument;

	*value = NULL;
	if (options->next_index >= options->argc)
		return UTIL_OPTION_END;
	argument = options->argv[options->next_index++];
	if (argument == NULL)
		return UTIL_OPTION_END;

	/* "-" alone and everything after "--" are operands, as in getopt. */
	if (options->operands_only || argument[0] != '-' || argument[1] == '\0') {
		*value = argument;
		return UTIL_OPTION_OPERAND;
	}
	if (strcmp(argument, "--") == 0) {
		options->operands_only = true;
		return util_options_next(options, value);
	}

	for (size_t i = 0; i < options->count; i++) {
		const struct util_option *option = &options->table[i];
		bool exact =
		    (option->short_name != NULL && strcmp(argument, option->short_name) == 0) ||
		    (option->long_name != NULL && strcmp(argument, option->long_name) == 0);

		if (matches_long_with_value(option, argument, value))
			return option->id;
		if (!exact)
			continue;
		if (option->argument == NULL)
			return option->id;
		if (options->next_index >= options->argc) {
			util_usage_error("option '%s' needs an argument (%s)", argument,
			                 option->argument);
			return UTIL_OPTION_ERROR;
		}
		*value = options->argv[options->next_index++];
		return option->id;
	}
	util_usage_error("unknown option '%s'", argument);
	return UTIL_OPTION_ERROR;
}

void util_options_print(FILE *out, const struct util_option *table, size_t count)
{
	for (size_t i = 0; i < count; i++) {
		const struct util_option *option = &table[i];
		char names[64];

		if (option->section != NULL)
			fprintf(out, "\n%s\n", option->section);
		snprintf(names, sizeof(names), "%s%s%s%s%s",
		         option->short_name ? option->short_name : "",
		         option->short_name && option->long_name ? ", " : "",
		         option->long_name ? option->long_name : "", option->argument ? " " : "",
		         option->argument ? option->argument : "");
		fprintf(out, "\t%-22s %s\n", names, option->help);
	}
}

bool util_parse_flags(int argc, char **argv, const char *description,
                      const struct util_option *table, size_t count, bool *flags, int *exit_status)
{
	struct util_options options;
	const char *value;
	int option;

	util_options_init(&options, table, count, argc, argv);
	while ((option = util_options_next(&options, &value)) != UTIL_OPTION_END) {
		switch (option) {
		case UTIL_OPTION_HELP:
			printf("%sUsage: %s [options]\nOptions:\n", description, program_name);
			util_options_print(stdout, table, count);
			*exit_status = UTIL_EXIT_OK;
			return false;
		case UTIL_OPTION_OPERAND:
			*exit_status = util_usage_error("unexpected argument '%s'", value);
			return false;
		case UTIL_OPTION_ERROR:
			*exit_status = UTIL_EXIT_USAGE;
			return false;
		default:
			flags[option] = true;
		}
	}
	return true;
}

bool util_parse_help_only(int argc, char **argv, const char *description, int *exit_status)
{
	static const struct util_option help_option[] = {
	    {UTIL_OPTION_HELP, "-h", "--help", NULL, "print this help message", NULL},
	};

	return util_parse_flags(argc, argv, description, help_option,
	                        UTIL_ARRAY_LENGTH(help_option), NULL, exit_status);
}

bool util_parse_long(const char *text, long minimum, long maximum, long *value)
{
	char *end;
	long parsed;

	if (text == NULL || *text == '\0')
		return false;
	errno = 0;
	parsed = strtol(text, &end, 10);
	if (errno != 0 || *end != '\0' || parsed < minimum || parsed > maximum)
		return false;
	*value = parsed;
	return true;
}

/* ------------------------------------------------------------------------
 * Library and errors
 * ------------------------------------------------------------------------ */

const char *util_error_text(int code)
{
	const char *text = PAPI_strerror(code);

	return text != NULL ? text : "Unknown error code";
}

void util_last_reason(char *reason, size_t len)
{
	if (len == 0)
		return;
	reason[0] = '\0';
#ifdef PAPILLON
	{
		const char *recorded = PAPI_strreason();

		if (recorded != NULL)
			snprintf(reason, len, "%s", recorded);
	}
#endif
}

void util_print_reason(FILE *out, const char *prefix, const char *reason)
{
	if (reason != NULL && reason[0] != '\0')
		fprintf(out, "%s%s\n", prefix, reason);
}

void util_report_error(const char *what, int code)
{
	char reason[UTIL_REASON_LEN];

	/* Read first: the reason belongs to the failing call, not to later ones. */
	util_last_reason(reason, sizeof(reason));
	fprintf(stderr, "%s: %s: %s (%d)\n", program_name, what, util_error_text(code), code);
	util_print_reason(stderr, "  reason: ", reason);
}

bool util_library_init(void)
{
	int version = PAPI_library_init(PAPI_VER_CURRENT);

	if (version == PAPI_VER_CURRENT)
		return true;
	if (version > 0) {
		fprintf(stderr, "%s: PAPI_library_init: library version %#x, expected %#x\n",
		        program_name, (unsigned)version, (unsigned)PAPI_VER_CURRENT);
		return false;
	}
	util_report_error("PAPI_library_init", version);
	return false;
}

const PAPI_hw_info_t *util_hardware_info(void)
{
	const PAPI_hw_info_t *hardware;

	if (!util_library_init())
		return NULL;
	hardware = PAPI_get_hardware_info();
	if (hardware == NULL) {
		util_report_error("PAPI_get_hardware_info", PAPI_ESYS);
		PAPI_shutdown();
	}
	return hardware;
}

bool util_library_version(int *version)
{
	if (!util_library_init())
		return false;
	*version = PAPI_get_opt(PAPI_LIB_VERSION, NULL);
	if (*version < 0) {
		util_report_error("PAPI_get_opt(PAPI_LIB_VERSION)", *version);
		PAPI_shutdown();
		return false;
	}
	return true;
}

void util_print_version(const char *label, int version)
{
	printf("%s%d.%d.%d.%d\n", label, PAPI_VERSION_MAJOR(version), PAPI_VERSION_MINOR(version),
	       PAPI_VERSION_REVISION(version), PAPI_VERSION_INCREMENT(version));
}

const PAPI_component_info_t *util_component_info(int cidx)
{
	int first_event = PAPI_NATIVE_MASK;

	PAPI_enum_cmp_event(&first_event, PAPI_ENUM_FIRST, cidx);
	return PAPI_get_component_info(cidx);
}

#ifndef PAPILLON
/* Without Papillon's PAPI_event_reason, the only test is to count: PAPI
 * opens counters when an event is added, some libraries only at start. */
static int check_by_counting(int event_code)
{
	long long values[PAPI_MAX_INFO_TERMS];
	int event_set = PAPI_NULL;
	int result = PAPI_create_eventset(&event_set);

	if (result != PAPI_OK)
		return result;
	result = PAPI_add_event(event_set, event_code);
	if (result == PAPI_OK) {
		result = PAPI_start(event_set);
		if (result == PAPI_OK)
			result = PAPI_stop(event_set, values);
	}
	PAPI_cleanup_eventset(event_set);
	PAPI_destroy_eventset(&event_set);
	return result;
}
#endif

int util_event_check(int event_code, char *reason, size_t len)
{
	int result;

	if (len > 0)
		reason[0] = '\0';
#ifdef PAPILLON
	result = PAPI_event_reason(event_code, reason, len > INT_MAX ? INT_MAX : (int)len);
#else
	result = check_by_counting(event_code);
#endif
	if (result != PAPI_OK && len > 0 && reason[0] == '\0')
		snprintf(reason, len, "%s", util_error_text(result));
	return result;
}

/* reason with every occurrence of symbol replaced by "the event". */
static void reason_without_event(const char *symbol, const char *reason, char *out, size_t len)
{
	size_t symbol_len = symbol ? strlen(symbol) : 0;
	size_t used = 0;

	out[0] = '\0';
	while (*reason != '\0' && used + 1 < len) {
		const char *found = symbol_len ? strstr(reason, symbol) : NULL;
		size_t plain = found ? (size_t)(found - reason) : strlen(reason);
		int written = snprintf(out + used, len - used, "%.*s%s", (int)plain, reason,
		                       found ? "the event" : "");

		if (written < 0)
			break;
		used += (size_t)written;
		if (!found)
			break;
		reason = found + symbol_len;
	}
}

void util_reason_tally_add(struct util_reason_tally *tally, const char *symbol, const char *reason)
{
	char general[UTIL_TALLY_REASON_LEN];
	char kind[UTIL_TALLY_REASON_LEN];
	const char *detail;

	reason_without_event(symbol, reason, general, sizeof(general));
	detail = strstr(general, ": ");
	snprintf(kind, sizeof(kind), "%.*s",
	         detail ? (int)(detail - general) : (int)strlen(general), general);
	tally->total++;
	for (int i = 0; i < tally->distinct; i++) {
		if (strcmp(tally->slots[i].kind, kind) == 0) {
			tally->slots[i].count++;
			if (strcmp(tally->slots[i].general, general) != 0)
				tally->slots[i].details_differ = true;
			return;
		}
	}
	if (tally->distinct == UTIL_TALLY_SLOTS) {
		tally->unsorted++;
		return;
	}
	snprintf(tally->slots[tally->distinct].kind, sizeof(kind), "%s", kind);
	snprintf(tally->slots[tally->distinct].general, sizeof(general), "%s", general);
	snprintf(tally->slots[tally->distinct].example, sizeof(kind), "%s", reason);
	tally->slots[tally->distinct].details_differ = false;
	tally->slots[tally->distinct].count = 1;
	tally->distinct++;
}

void util_reason_tally_print(const struct util_reason_tally *tally, const char *indent)
{
	bool printed[UTIL_TALLY_SLOTS] = {false};

	/* Most frequent first, by selection: the tally is small and stays untouched. */
	for (int line = 0; line < tally->distinct; line++) {
		int best = -1;

		for (int i = 0; i < tally->distinct; i++) {
			if (!printed[i] &&
			    (best < 0 || tally->slots[i].count > tally->slots[best].count))
				best = i;
		}
		printed[best] = true;
		/* One event's reason is shown as it is, with the event's name. */
		if (tally->slots[best].details_differ)
			printf("%s%d x %s, e.g. %s\n", indent, tally->slots[best].count,
			       tally->slots[best].kind, tally->slots[best].example);
		else
			printf("%s%d x %s\n", indent, tally->slots[best].count,
			       tally->slots[best].count == 1 ? tally->slots[best].example
			                                     : tally->slots[best].general);
	}
	if (tally->unsorted > 0)
		printf("%s%d x reasons of kinds beyond the %d above (papi_native_avail -e EVENT "
		       "gives each one)\n",
		       indent, tally->unsorted, UTIL_TALLY_SLOTS);
}

/* ------------------------------------------------------------------------
 * Output
 * ------------------------------------------------------------------------ */

void util_print_rule(char fill, int width)
{
	for (int i = 0; i < width; i++)
		putchar(fill);
	putchar('\n');
}

/* The version of the library that runs, which may be newer than the header. */
static int running_library_version(void)
{
	int version = PAPI_get_opt(PAPI_LIB_VERSION, NULL);

	return version > 0 ? version : PAPI_VERSION;
}

bool util_print_hardware_header(const char *title)
{
	const PAPI_hw_info_t *hardware = PAPI_get_hardware_info();
	const PAPI_component_info_t *first_component = PAPI_get_component_info(0);
	struct utsname system;
	int version = running_library_version();
	int counters, multiplex_counters;

	if (hardware == NULL) {
		util_report_error("PAPI_get_hardware_info", PAPI_ESYS);
		return false;
	}
	if (uname(&system) != 0) {
		snprintf(system.sysname, sizeof(system.sysname), "unknown");
		system.release[0] = '\0';
	}

	printf("%s\n", title);
	util_print_rule('-', UTIL_LINE_WIDTH);
	util_print_version("PAPI version             : ", version);
	printf("Operating system         : %s %s\n", system.sysname, system.release);
	printf("Vendor string and code   : %s (%d, %#x)\n", hardware->vendor_string,
	       hardware->vendor, (unsigned)hardware->vendor);
	printf("Model string and code    : %s (%d, %#x)\n", hardware->model_string, hardware->model,
	       (unsigned)hardware->model);
	printf("CPU revision             : %f\n", hardware->revision);
	if (hardware->cpuid_family > 0)
		printf("CPUID                    : Family/Model/Stepping %d/%d/%d, "
		       "0x%02x/0x%02x/0x%02x\n",
		       hardware->cpuid_family, hardware->cpuid_model, hardware->cpuid_stepping,
		       (unsigned)hardware->cpuid_family, (unsigned)hardware->cpuid_model,
		       (unsigned)hardware->cpuid_stepping);
	printf("CPU Max MHz              : %d\n", hardware->cpu_max_mhz);
	printf("CPU Min MHz              : %d\n", hardware->cpu_min_mhz);
	printf("Total cores              : %d\n", hardware->totalcpus);
	if (hardware->threads > 0)
		printf("SMT threads per core     : %d\n", hardware->threads);
	if (hardware->cores > 0)
		printf("Cores per socket         : %d\n", hardware->cores);
	if (hardware->sockets > 0)
		printf("Sockets                  : %d\n", hardware->sockets);
	printf("Cores per NUMA region    : %d\n", hardware->ncpu);
	printf("NUMA regions             : %d\n", hardware->nnodes);
	printf("Running in a VM          : %s\n", hardware->virtualized ? "yes" : "no");
	if (hardware->virtualized)
		printf("VM Vendor                : %s\n", hardware->virtual_vendor_string);

	counters = PAPI_get_opt(PAPI_MAX_HWCTRS, NULL);
	multiplex_counters = PAPI_get_opt(PAPI_MAX_MPX_CTRS, NULL);
	if (counters >= 0)
		printf("Number Hardware Counters : %d\n", counters);
	else
		printf("Number Hardware Counters : PAPI error %d: %s\n", counters,
		       util_error_text(counters));
	if (multiplex_counters >= 0)
		printf("Max Multiplex Counters   : %d\n", multiplex_counters);
	else
		printf("Max Multiplex Counters   : PAPI error %d: %s\n", multiplex_counters,
		       util_error_text(multiplex_counters));
	printf("Fast counter read (rdpmc): %s\n",
	       first_component != NULL && first_component->fast_counter_read ? "yes" : "no");
	util_print_rule('-', UTIL_LINE_WIDTH);
	printf("\n");
	return true;
}

/* Length of the next boxed line of text: up to width characters, cut after
 * the last blank that fits so words stay whole, or hard when none does. */
static size_t boxed_line_length(const char *text, size_t width)
{
	size_t length = 0, last_blank = 0;

	while (text[length] != '\0' && text[length] != '\n' && length < width) {
		if (text[length] == ' ')
			last_blank = length;
		length++;
	}
	if (text[length] == '\0' || text[length] == '\n' || text[length] == ' ' || last_blank == 0)
		return length;
	return last_blank;
}

void util_print_boxed(int indent, const char *text)
{
	size_t inner_width = UTIL_LINE_WIDTH - 2;
	size_t text_width;

	if (indent < 0 || (size_t)indent >= inner_width - 8)
		indent = 1;
	text_width = inner_width - (size_t)indent;
	do {
		size_t length = boxed_line_length(text, text_width);

		printf("|%*s%-*.*s|\n", indent, "", (int)text_width, (int)length, text);
		text += length;
		/* Continuation lines start with the next word, not with blanks. */
		while (*text == ' ' || *text == '\n')
			text++;
	} while (*text != '\0');
}

/* ------------------------------------------------------------------------
 * Events
 * ------------------------------------------------------------------------ */

/* The kind of event a code is: its preset and native bits (user-defined
 * events have both). */
static int event_kind(int code)
{
	return code & PAPI_UE_MASK;
}

bool util_enum_first(int *code, int mask, int cidx)
{
	int result;

	*code = mask;
	if (mask == PAPI_NATIVE_MASK)
		result = PAPI_enum_cmp_event(code, PAPI_ENUM_FIRST, cidx);
	else
		result = PAPI_enum_event(code, PAPI_ENUM_FIRST);
	/* Only an event of the kind asked for starts the list: with no such
	 * events a library might otherwise hand back one of another kind. */
	return result == PAPI_OK && event_kind(*code) == event_kind(mask);
}

bool util_enum_next(int *code, int modifier, int cidx)
{
	int previous = *code;
	int result;

	if (cidx >= 0)
		result = PAPI_enum_cmp_event(code, modifier, cidx);
	else
		result = PAPI_enum_event(code, modifier);
	return result == PAPI_OK && *code != previous && event_kind(*code) == event_kind(previous);
}

bool util_lookup_event(const char *name, int *code, PAPI_event_info_t *info)
{
	char reason[UTIL_REASON_LEN];
	int result = PAPI_event_name_to_code(name, code);

	if (result == PAPI_OK)
		result = PAPI_get_event_info(*code, info);
	if (result == PAPI_OK)
		return true;
	util_last_reason(reason, sizeof(reason));
	printf("Sorry, an event by the name '%s' could not be found.\n"
	       " Is it typed correctly?\n\n",
	       name);
	util_print_reason(stdout, " Reason: ", reason);
	return false;
}

const char *util_derived_flag(const PAPI_event_info_t *info)
{
	/* A compound preset is one native event with settings: not arithmetic. */
	if (info->derived[0] == '\0' || strcmp(info->derived, "NOT_DERIVED") == 0 ||
	    strcmp(info->derived, "DERIVED_CMPD") == 0)
		return "No";
	return "Yes";
}

/* The name after an optional "pmu::" prefix. */
static const char *skip_pmu_prefix(const char *symbol)
{
	const char *separator = strstr(symbol, "::");

	return separator != NULL ? separator + 2 : symbol;
}

bool util_has_qualifier(const char *symbol)
{
	return strchr(skip_pmu_prefix(symbol), ':') != NULL;
}

bool util_is_flag_qualifier(const char *qualifier)
{
	return strchr(qualifier, '=') != NULL;
}

const char *util_qualifier_name(const char *base_symbol, const char *qualified_symbol)
{
	size_t base_length = strlen(base_symbol);
	const char *colon;

	if (strncmp(qualified_symbol, base_symbol, base_length) == 0 &&
	    qualified_symbol[base_length] == ':')
		return qualified_symbol + base_length;
	/* A library that names qualifiers differently: the last qualifier. */
	colon = strrchr(skip_pmu_prefix(qualified_symbol), ':');
	return colon != NULL ? colon : qualified_symbol;
}

const char *util_qualifier_description(const char *base_description,
                                       const char *qualified_description)
{
	/* libpfm4-based libraries describe "EVENT:MASK" as "<event text>, masks:<mask text>". */
	const char *masks = strstr(qualified_description, "masks:");
	size_t base_length = strlen(base_description);

	if (masks != NULL && masks[6] != '\0')
		return masks + 6;
	if (base_length > 0 && strncmp(qualified_description, base_description, base_length) == 0) {
		const char *rest = qualified_description + base_length;

		rest += strspn(rest, ",:; ");
		if (*rest != '\0')
			return rest;
	}
	return qualified_description;
}

void util_print_preset_heading(bool with_avail_column)
{
	if (with_avail_column)
		printf("    Name        Code    Avail Deriv Description (Note)\n");
	else
		printf("    Name        Code    Deriv Description (Note)\n");
}

void util_print_preset_row(const PAPI_event_info_t *info, const char *avail_column)
{
	printf("%-13s%#x  ", info->symbol, info->event_code);
	if (avail_column != NULL)
		printf("%-6s", avail_column);
	printf("%-5s%s", util_derived_flag(info), info->long_descr);
	if (info->note[0] != '\0')
		printf(" (%s)", info->note);
	printf("\n");
}

void util_print_preset_detail_heading(void)
{
	printf("Symbol       Event Code Count   |Short Description|\n"
	       " |Long Description|\n"
	       " |Developer's Notes|\n"
	       " |Derived|\n"
	       " |PostFix|\n"
	       " Native Code[n]: <hex> |name|\n");
}

void util_print_preset_detail(const PAPI_event_info_t *info)
{
	printf("%s\t%#x\t%u\t|%s|\n", info->symbol, info->event_code, info->count,
	       info->short_descr);
	printf(" |%s|\n |%s|\n |%s|\n |%s|\n", info->long_descr, info->note, info->derived,
	       info->postfix);
	for (unsigned term = 0; term < info->count && term < PAPI_MAX_INFO_TERMS; term++)
		printf(" Native Code[%u]: %#x |%s|\n", term, info->code[term], info->name[term]);
}

/* The native events a preset is made of, each with its own description. */
static void print_preset_terms(const PAPI_event_info_t *info)
{
	for (unsigned term = 0; term < info->count && term < PAPI_MAX_INFO_TERMS; term++) {
		PAPI_event_info_t native;

		printf(" Native Code[%u]: %#x |%s|\n", term, info->code[term], info->name[term]);
		if (PAPI_get_event_info((int)info->code[term], &native) != PAPI_OK) {
			printf(" Native Event Description: ||\n");
			continue;
		}
		printf(" Number of Register Values: %u\n", native.count);
		for (unsigned value = 0; value < native.count && value < PAPI_MAX_INFO_TERMS;
		     value++)
			printf(" Register[%u]: %#010x |%s|\n", value, native.code[value],
			       native.name[value]);
		printf(" Native Event Description: |%s|\n\n", native.long_descr);
	}
}

void util_print_event_detail(const PAPI_event_info_t *info)
{
	int code = (int)info->event_code;

	printf("%-30s%s\n", "Event name:", info->symbol);
	printf("%-30s%#x\n", "Event Code:", info->event_code);
	if (IS_PRESET(code) || IS_USER_DEFINED(code)) {
		printf("%-30s%u\n", "Number of Native Events:", info->count);
		printf("%-29s|%s|\n", "Short Description:", info->short_descr);
		printf("%-29s|%s|\n", "Long Description:", info->long_descr);
		printf("%-29s|%s|\n", "Developer's Notes:", info->note);
		printf("%-29s|%s|\n", "Derived Type:", info->derived);
		printf("%-29s|%s|\n", "Postfix Processing String:", info->postfix);
		print_preset_terms(info);
		return;
	}
	printf("%-30s%u\n", "Number of Register Values:", info->count);
	printf("%-29s|%s|\n", "Description:", info->long_descr);
	if (info->units[0] != '\0')
		printf("%-29s|%s|\n", "Units:", info->units);
	for (unsigned value = 0; value < info->count && value < PAPI_MAX_INFO_TERMS; value++)
		printf(" Register[%u]: %#010x |%s|\n", value, info->code[value], info->name[value]);
}
