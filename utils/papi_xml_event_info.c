// SPDX-License-Identifier: BSD-3-Clause
/* papi_xml_event_info: the machine and the events that can count on it, as
 * XML: a <hardware> block, then per component the preset and native events
 * (with their unit masks as <modifier>s) that can be added to an event set.
 * Events named on the command line are added first: only the events that
 * can count together with them are listed. */
#include <stdlib.h>
#include <string.h>

#include "util_common.h"

enum xml_option {
	OPTION_HELP = 1,
	OPTION_PRESETS,
	OPTION_NATIVES,
	OPTION_COMPONENT,
};

static const struct util_option xml_options[] = {
    {OPTION_HELP, "-h", "--help", NULL, "print help message", NULL},
    {OPTION_PRESETS, "-p", NULL, NULL, "print only preset events", NULL},
    {OPTION_NATIVES, "-n", NULL, NULL, "print only native events", NULL},
    {OPTION_COMPONENT, "-c", NULL, "n", "print only events for component index n", NULL},
};

struct xml_settings {
	bool presets;
	bool natives;
	int component; /* -1: all */
	int base_count;
	int *base_codes; /* the events named on the command line */
};

static void print_help(void)
{
	printf("Usage: %s [options] [[event1] event2 ...]\n", util_program_name());
	util_options_print(stdout, xml_options, UTIL_ARRAY_LENGTH(xml_options));
	printf("If event1, event2, etc., are specified, then only events\n"
	       "that can be run in addition to these events will be printed\n");
}

/* Text as an XML attribute value. */
static void print_escaped(const char *text)
{
	for (; *text; text++) {
		switch (*text) {
		case '&':
			fputs("&amp;", stdout);
			break;
		case '<':
			fputs("&lt;", stdout);
			break;
		case '>':
			fputs("&gt;", stdout);
			break;
		case '"':
			fputs("&quot;", stdout);
			break;
		default:
			putchar(*text);
		}
	}
}

static void print_hardware(const PAPI_hw_info_t *hw)
{
	printf("<hardware>\n");
	printf("  <vendor string=\"");
	print_escaped(hw->vendor_string);
	printf("\"/>\n  <vendorCode value=\"%d\"/>\n", hw->vendor);
	printf("  <model string=\"");
	print_escaped(hw->model_string);
	printf("\"/>\n  <modelCode value=\"%d\"/>\n", hw->model);
	printf("  <cpuRevision value=\"%f\"/>\n", hw->revision);
	printf("  <cpuID>\n    <family value=\"%d\"/>\n    <model value=\"%d\"/>\n"
	       "    <stepping value=\"%d\"/>\n  </cpuID>\n",
	       hw->cpuid_family, hw->cpuid_model, hw->cpuid_stepping);
	printf("  <cpuMaxMegahertz value=\"%d\"/>\n  <cpuMinMegahertz value=\"%d\"/>\n",
	       hw->cpu_max_mhz, hw->cpu_min_mhz);
	printf("  <threads value=\"%d\"/>\n  <cores value=\"%d\"/>\n  <sockets value=\"%d\"/>\n",
	       hw->threads, hw->cores, hw->sockets);
	printf(
	    "  <nodes value=\"%d\"/>\n  <cpuPerNode value=\"%d\"/>\n  <totalCPUs value=\"%d\"/>\n",
	    hw->nnodes, hw->ncpu, hw->totalcpus);
	printf("</hardware>\n");
}

/* Whether code can be added to set, which holds the base events: it is
 * added, and removed again at once. */
static bool can_add(int set, int code)
{
	if (PAPI_add_event(set, code) != PAPI_OK)
		return false;
	PAPI_remove_event(set, code);
	return true;
}

static void print_event_open(int code, const PAPI_event_info_t *info)
{
	printf("    <event index=\"%d\" name=\"", code & PAPI_NATIVE_AND_MASK);
	print_escaped(info->symbol);
	printf("\" desc=\"");
	print_escaped(info->long_descr);
	printf("\">\n");
}

/* The unit masks and settings of a native event. */
static void print_modifiers(int code, int cidx)
{
	int qualifier = code;
	PAPI_event_info_t base, info;

	if (PAPI_get_event_info(code, &base) != PAPI_OK)
		return;
	while (util_enum_next(&qualifier, PAPI_NTV_ENUM_UMASKS, cidx)) {
		if (PAPI_get_event_info(qualifier, &info) != PAPI_OK)
			continue;
		printf("      <modifier name=\"");
		print_escaped(util_qualifier_name(base.symbol, info.symbol));
		printf("\" desc=\"");
		print_escaped(util_qualifier_description(base.long_descr, info.long_descr));
		printf("\"> </modifier>\n");
	}
}

static void print_eventset(int set, int cidx, int mask)
{
	int code, modifier = mask == PAPI_PRESET_MASK ? PAPI_PRESET_ENUM_AVAIL : PAPI_ENUM_EVENTS;
	int enum_cidx = mask == PAPI_PRESET_MASK ? -1 : cidx;

	printf("  <eventset type=\"%s\">\n", mask == PAPI_PRESET_MASK ? "PRESET" : "NATIVE");
	if (util_enum_first(&code, mask, cidx)) {
		do {
			PAPI_event_info_t info;
			if (PAPI_get_event_info(code, &info) != PAPI_OK || !can_add(set, code))
				continue;
			if (mask == PAPI_PRESET_MASK && info.count == 0)
				continue;
			print_event_open(code, &info);
			if (mask == PAPI_NATIVE_MASK)
				print_modifiers(code, cidx);
			printf("    </event>\n");
		} while (util_enum_next(&code, modifier, enum_cidx));
	}
	printf("  </eventset>\n");
}

/* A scratch event set of component cidx holding the base events that belong
 * to it; PAPI_NULL if the component cannot have one. */
static int scratch_set(int cidx, const struct xml_settings *settings)
{
	int set = PAPI_NULL;
	if (PAPI_create_eventset(&set) != PAPI_OK)
		return PAPI_NULL;
	if (PAPI_assign_eventset_component(set, cidx) != PAPI_OK) {
		PAPI_destroy_eventset(&set);
		return PAPI_NULL;
	}
	for (int i = 0; i < settings->base_count; i++)
		if (PAPI_get_event_component(settings->base_codes[i]) == cidx)
			PAPI_add_event(set, settings->base_codes[i]);
	return set;
}

static void print_component(int cidx, const struct xml_settings *settings)
{
	const PAPI_component_info_t *component = util_component_info(cidx);
	if (component == NULL || component->disabled)
		return;
	printf("<component index=\"%d\" type=\"%s\" id=\"", cidx,
	       component->cpu || cidx == 0 ? "CPU" : "Unknown");
	print_escaped(component->name);
	printf("\">\n");
	int set = scratch_set(cidx, settings);
	if (set != PAPI_NULL) {
		/* Presets are counted by the CPU component: listed with it. */
		if (settings->presets && cidx == 0)
			print_eventset(set, cidx, PAPI_PRESET_MASK);
		if (settings->natives)
			print_eventset(set, cidx, PAPI_NATIVE_MASK);
		PAPI_cleanup_eventset(set);
		PAPI_destroy_eventset(&set);
	}
	printf("</component>\n");
}

int main(int argc, char **argv)
{
	struct util_options options;
	struct xml_settings settings = {.presets = true, .natives = true, .component = -1};
	const char *value;
	long number;
	int id, status = UTIL_EXIT_OK;

	settings.base_codes = calloc((size_t)argc, sizeof(int));
	if (settings.base_codes == NULL)
		return UTIL_EXIT_FAILURE;
	const char **names = calloc((size_t)argc, sizeof(char *));
	if (names == NULL) {
		free(settings.base_codes);
		return UTIL_EXIT_FAILURE;
	}
	util_options_init(&options, xml_options, UTIL_ARRAY_LENGTH(xml_options), argc, argv);
	while (status == UTIL_EXIT_OK &&
	       (id = util_options_next(&options, &value)) != UTIL_OPTION_END) {
		switch (id) {
		case OPTION_HELP:
			print_help();
			free(names);
			free(settings.base_codes);
			return UTIL_EXIT_OK;
		case OPTION_PRESETS:
			settings.natives = false;
			settings.presets = true;
			break;
		case OPTION_NATIVES:
			settings.presets = false;
			settings.natives = true;
			break;
		case OPTION_COMPONENT:
			if (!util_parse_long(value, 0, 1023, &number))
				status =
				    util_usage_error("-c needs a component index, not '%s'", value);
			settings.component = (int)number;
			break;
		case UTIL_OPTION_OPERAND:
			names[settings.base_count++] = value;
			break;
		default:
			status = UTIL_EXIT_USAGE;
		}
	}
	if (status == UTIL_EXIT_OK && !util_library_init())
		status = UTIL_EXIT_FAILURE;
	for (int i = 0; status == UTIL_EXIT_OK && i < settings.base_count; i++) {
		int code = PAPI_NULL;
		int result = PAPI_event_name_to_code(names[i], &code);
		if (result != PAPI_OK) {
			util_report_error(names[i], result);
			status = UTIL_EXIT_FAILURE;
		}
		settings.base_codes[i] = code;
	}
	const PAPI_hw_info_t *hw = status == UTIL_EXIT_OK ? PAPI_get_hardware_info() : NULL;
	if (status == UTIL_EXIT_OK && hw == NULL) {
		util_report_error("PAPI_get_hardware_info", PAPI_ESYS);
		status = UTIL_EXIT_FAILURE;
	}
	if (status == UTIL_EXIT_OK) {
		int components = PAPI_num_components();
		if (settings.component >= components) {
			fprintf(stderr, "%s: no component %d (there are %d)\n", util_program_name(),
			        settings.component, components);
			status = UTIL_EXIT_USAGE;
		} else {
			printf("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<eventinfo>\n");
			print_hardware(hw);
			for (int cidx = 0; cidx < components; cidx++)
				if (settings.component < 0 || settings.component == cidx)
					print_component(cidx, &settings);
			printf("</eventinfo>\n");
		}
	}
	if (PAPI_is_initialized())
		PAPI_shutdown();
	free(names);
	free(settings.base_codes);
	return status;
}
