// SPDX-License-Identifier: BSD-3-Clause
/* papi_component_avail: the compiled-in components, which are active, and
 * why the others (or some of their events) cannot count here. */
#include <string.h>

#include "util_common.h"

enum component_option { OPTION_DETAIL = UTIL_OPTION_HELP + 1, OPTION_COUNT };

static const struct util_option component_options[] = {
    {UTIL_OPTION_HELP, "-h", "--help", NULL, "print this help message", NULL},
    {OPTION_DETAIL, "-d", "--detail", NULL, "print detailed information on each component", NULL},
};

/* Continuation lines line up under the component's description. */
#define DETAIL_INDENT "                                "

static void print_name_line(const PAPI_component_info_t *component)
{
	printf("Name:   %-23s %s\n", component->name, component->description);
}

static void print_pmu_names(const PAPI_component_info_t *component)
{
	if (component->pmu_names[0] == NULL)
		return;
	printf(DETAIL_INDENT "PMUs supported: ");
	for (int i = 0; i < PAPI_PMU_MAX && component->pmu_names[i] != NULL; i++)
		printf("%s%s", i > 0 ? ", " : "", component->pmu_names[i]);
	printf("\n");
}

static void list_compiled_in(bool detail)
{
	int components = PAPI_num_components();

	printf("Compiled-in components:\n");
	for (int cidx = 0; cidx < components; cidx++) {
		const PAPI_component_info_t *component = util_component_info(cidx);

		if (component == NULL) {
			printf("Name:   (component %d gives no information)\n", cidx);
			continue;
		}
		print_name_line(component);
		if (component->disabled)
			printf("   \\-> Disabled: %s\n", component->disabled_reason);
		/* PAPI 7.2: active, with a part that cannot count. */
		if (component->partially_disabled)
			printf("   \\-> Partially disabled: %s\n",
			       component->partially_disabled_reason);
		if (detail) {
			printf(DETAIL_INDENT "Version:\t\t\t%s\n", component->version);
			printf(DETAIL_INDENT "Number of native events:\t%d\n",
			       component->num_native_events);
			printf(DETAIL_INDENT "Number of preset events:\t%d\n",
			       component->num_preset_events);
			printf("\n");
		}
	}
	printf("\n");
}

#ifdef PAPILLON
/* An active component may still have events that cannot count here (a
 * machine without a hardware PMU keeps its software events): say how many
 * and why, so "active" is never read as "everything works". */
static void print_refused_events(int cidx)
{
	struct util_reason_tally refused;
	int code, tried = 0;

	memset(&refused, 0, sizeof(refused));
	if (!util_enum_first(&code, PAPI_NATIVE_MASK, cidx))
		return;
	do {
		char reason[UTIL_REASON_LEN];
		char symbol[PAPI_MAX_STR_LEN] = "";

		tried++;
		if (util_event_check(code, reason, sizeof(reason)) != PAPI_OK) {
			PAPI_event_code_to_name(code, symbol);
			util_reason_tally_add(&refused, symbol, reason);
		}
	} while (util_enum_next(&code, PAPI_ENUM_EVENTS, cidx));
	if (refused.total == 0)
		return;
	printf(DETAIL_INDENT "Events that cannot count here: %d of %d\n", refused.total, tried);
	util_reason_tally_print(&refused, DETAIL_INDENT "  ");
}

/* Which way PAPI_read reaches the counters, so that a missing fast path
 * (a kernel switch left off, no PMU) is visible without a benchmark. */
static void print_read_path(int cidx)
{
	char why[PAPI_MAX_STR_LEN] = "";
	int status = PAPI_user_read_status(cidx, why, (int)sizeof(why));

	if (status < 0)
		printf("   \\-> Counter reads: unknown (%s)\n", PAPI_strerror(status));
	else if (status > 0)
		printf("   \\-> Counter reads: user space (%s)\n", why);
	else
		printf("   \\-> Counter reads: read() system call (%s)\n", why);
}
#endif

/* Who delivers PAPI_overflow: the component's interrupt (perfctr's
 * i-mode counters, perf_event's sampling), its own user-mode handler, or
 * the library's software overflow (a timer that reads the counters). */
static void print_overflow(const PAPI_component_info_t *component)
{
	if (component->hardware_intr && component->hardware_intr_sig > 0)
		printf("   \\-> Overflow: the component's interrupt (signal %d)\n",
		       component->hardware_intr_sig);
	else if (component->hardware_intr)
		printf("   \\-> Overflow: the component's own handler (no signal)\n");
	else
		printf("   \\-> Overflow: software (a timer reads the counters)\n");
}

static void list_active(bool detail)
{
	int components = PAPI_num_components();

	printf("Active components:\n");
	for (int cidx = 0; cidx < components; cidx++) {
		const PAPI_component_info_t *component = util_component_info(cidx);

		if (component == NULL || component->disabled)
			continue;
		print_name_line(component);
#ifdef PAPILLON
		print_read_path(cidx);
#endif
		print_overflow(component);
		printf(DETAIL_INDENT "Native: %d, Preset: %d, Counters: %d\n",
		       component->num_native_events, component->num_preset_events,
		       component->num_cntrs);
		print_pmu_names(component);
#ifdef PAPILLON
		print_refused_events(cidx);
#endif
		printf("\n");
		if (detail) {
			printf(DETAIL_INDENT "Version:\t\t\t%s\n", component->version);
			printf(DETAIL_INDENT "Fast counter read:\t\t%d\n",
			       (int)component->fast_counter_read);
			printf("\n");
		}
	}
	printf("\n");
	util_print_rule('-', UTIL_LINE_WIDTH);
}

int main(int argc, char **argv)
{
	bool flags[OPTION_COUNT] = {false};
	int status;

	if (!util_parse_flags(argc, argv,
	                      "This is the PAPI component avail program.\n"
	                      "It provides availability of installed PAPI components.\n",
	                      component_options, UTIL_ARRAY_LENGTH(component_options), flags,
	                      &status))
		return status;
	bool detail = flags[OPTION_DETAIL];

	if (!util_library_init())
		return UTIL_EXIT_FAILURE;
	if (!util_print_hardware_header("Available components and hardware information.")) {
		PAPI_shutdown();
		return UTIL_EXIT_FAILURE;
	}
	list_compiled_in(detail);
	list_active(detail);
	PAPI_shutdown();
	return UTIL_EXIT_OK;
}
