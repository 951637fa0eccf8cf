// SPDX-License-Identifier: BSD-3-Clause
/* Which events the high-level layer counts: the names of PAPI_EVENTS, or
 * PAPI 7.0's defaults, each kept only if an event set accepts it here. A
 * name that does not resolve or cannot count is skipped with the reason
 * (PAPI_HL_VERBOSE), never fatal. Events that do not fit the counters
 * together make their component's set multiplexed. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "hl/hl.h"
#include "util/error.h"
#include "abi/core_entries.h"

/* PAPI 7.0's defaults, in its order; a name after '|' is tried when the one
 * before cannot count. */
static const char *const default_events[] = {
    "perf::TASK-CLOCK",
    "PAPI_TOT_INS",
    "PAPI_TOT_CYC",
    "PAPI_FP_INS|PAPI_VEC_SP|PAPI_VEC_DP",
    "PAPI_FP_OPS|PAPI_SP_OPS|PAPI_DP_OPS",
};
/* Added when none of the hardware defaults counts (no PMU): software
 * events every Linux kernel has, so the report still says something. */
static const char *const software_fallback_events[] = {
    "perf::PAGE-FAULTS",
    "perf::CONTEXT-SWITCHES",
};

/* Probe event sets, one per group, live only while choosing. */
struct chooser {
	struct hl_config *config;
	int probe[HL_MAX_GROUPS];
	int capacity;
	bool force_multiplex;
};

static struct hl_group *group_of(struct chooser *chooser, int cidx)
{
	struct hl_config *config = chooser->config;
	for (int g = 0; g < config->group_count; g++)
		if (config->groups[g].cidx == cidx)
			return &config->groups[g];
	if (config->group_count == HL_MAX_GROUPS)
		return NULL;
	int g = config->group_count;
	chooser->probe[g] = PAPI_NULL;
	if (PAPI_create_eventset(&chooser->probe[g]) != PAPI_OK)
		return NULL;
	if (PAPI_assign_eventset_component(chooser->probe[g], cidx) != PAPI_OK) {
		(void)PAPI_destroy_eventset(&chooser->probe[g]);
		return NULL;
	}
	config->groups[g] = (struct hl_group){.cidx = cidx};
	config->group_count++;
	return &config->groups[g];
}

static int make_multiplexed(struct chooser *chooser, struct hl_group *group)
{
	int set = chooser->probe[group - chooser->config->groups];
	int status = PAPI_multiplex_init();
	if (status == PAPI_OK)
		status = PAPI_set_multiplex(set);
	if (status == PAPI_OK)
		group->multiplex = true;
	return status;
}

static bool already_chosen(const struct hl_config *config, int code)
{
	for (int e = 0; e < config->event_count; e++)
		if (config->events[e].code == code)
			return true;
	return false;
}

/* Adds name (without its =type) if it counts here; PAPI_OK or why not. */
static int try_event(struct chooser *chooser, const char *name, bool instant)
{
	struct hl_config *config = chooser->config;
	int code;
	int status = PAPI_event_name_to_code(name, &code);
	if (status != PAPI_OK)
		return status;
	if (already_chosen(config, code))
		return papi_error_set(PAPI_ECNFLCT, "%s is already counted", name);
	int cidx = PAPI_get_event_component(code);
	struct hl_group *group = group_of(chooser, cidx);
	if (!group)
		return papi_error_set(PAPI_ECOUNT, "more than %d components", HL_MAX_GROUPS);
	int set = chooser->probe[group - config->groups];
	if (chooser->force_multiplex && !group->multiplex)
		(void)make_multiplexed(chooser, group);
	status = PAPI_add_event(set, code);
	if ((status == PAPI_ECNFLCT || status == PAPI_ECOUNT) && !group->multiplex &&
	    make_multiplexed(chooser, group) == PAPI_OK) {
		hl_say("%s does not fit beside the others: counting multiplexed", name);
		status = PAPI_add_event(set, code);
	}
	if (status != PAPI_OK)
		return status;
	/* An event that adds but cannot start (a kernel refusal) is no use. */
	/* The values are not wanted: NULL, as no fixed array holds a set of
	 * any size (PAPI_MAX_MPX_CTRS is an option's number, 11, not a
	 * bound: a 12-event set overran one, found by the papi_events fuzz
	 * target). */
	status = PAPI_start(set);
	if (status == PAPI_OK)
		status = PAPI_stop(set, NULL);
	if (status != PAPI_OK) {
		int error = status;
		char reason[PAPI_HUGE_STR_LEN];
		snprintf(reason, sizeof reason, "%s", PAPI_strreason());
		(void)PAPI_remove_event(set, code);
		return papi_error_set(error, "%s", reason);
	}
	if (config->event_count == chooser->capacity) {
		int capacity = chooser->capacity ? 2 * chooser->capacity : 8;
		struct hl_event *events = realloc(config->events, capacity * sizeof *events);
		if (!events)
			return papi_error_set(PAPI_ENOMEM, "no memory for the event list");
		config->events = events;
		chooser->capacity = capacity;
	}
	struct hl_event *event = &config->events[config->event_count++];
	memset(event, 0, sizeof *event);
	snprintf(event->name, sizeof event->name, "%s", name);
	event->code = code;
	event->instant = instant;
	const PAPI_component_info_t *info = api_component_info(cidx);
	snprintf(event->component, sizeof event->component, "%s", info ? info->name : "");
	group->count++;
	return PAPI_OK;
}

static void report_skip(const char *name, int status)
{
	const char *reason = PAPI_strreason();
	hl_say("\"%s\" is skipped: %s%s%s", name, PAPI_strerror(status), *reason ? ": " : "",
	       reason);
}

/* One entry of PAPI_EVENTS: spaces dropped, "=instant"/"=delta" taken off. */
static void add_listed(struct chooser *chooser, char *entry)
{
	char *out = entry;
	for (char *in = entry; *in; in++)
		if (!isspace((unsigned char)*in))
			*out++ = *in;
	*out = '\0';
	if (!*entry)
		return;
	bool instant = false;
	char *type = strrchr(entry, '=');
	if (type && (strcmp(type, "=instant") == 0 || strcmp(type, "=delta") == 0)) {
		instant = strcmp(type, "=instant") == 0;
		*type = '\0';
	}
	int status = try_event(chooser, entry, instant);
	if (status != PAPI_OK)
		report_skip(entry, status);
}

static void add_defaults(struct chooser *chooser)
{
	int hardware = 0;
	for (size_t d = 0; d < sizeof default_events / sizeof *default_events; d++) {
		char alternatives[128];
		snprintf(alternatives, sizeof alternatives, "%s", default_events[d]);
		char *next = alternatives;
		for (char *name; (name = strsep(&next, "|"));) {
			int status = try_event(chooser, name, false);
			if (status == PAPI_OK) {
				hardware += strncmp(name, "PAPI_", 5) == 0;
				break;
			}
			report_skip(name, status);
		}
	}
	if (hardware > 0)
		return;
	hl_say("no hardware event counts here: adding software events");
	for (size_t s = 0; s < sizeof software_fallback_events / sizeof *software_fallback_events;
	     s++) {
		int status = try_event(chooser, software_fallback_events[s], false);
		if (status != PAPI_OK)
			report_skip(software_fallback_events[s], status);
	}
}

/* events[] grouped: each group's events contiguous, groups in order. */
static int order_by_group(struct hl_config *config)
{
	if (config->event_count == 0)
		return PAPI_OK;
	struct hl_event *sorted = malloc(config->event_count * sizeof *sorted);
	if (!sorted)
		return papi_error_set(PAPI_ENOMEM, "no memory for the event list");
	int n = 0;
	for (int g = 0; g < config->group_count; g++) {
		config->groups[g].first = n;
		for (int e = 0; e < config->event_count; e++)
			if (PAPI_get_event_component(config->events[e].code) ==
			    config->groups[g].cidx)
				sorted[n++] = config->events[e];
	}
	free(config->events);
	config->events = sorted;
	return PAPI_OK;
}

static void forget_probes(struct chooser *chooser)
{
	for (int g = 0; g < chooser->config->group_count; g++) {
		(void)PAPI_cleanup_eventset(chooser->probe[g]);
		(void)PAPI_destroy_eventset(&chooser->probe[g]);
	}
}

/* Groups left empty (every event of a component refused) are dropped. */
static void drop_empty_groups(struct hl_config *config)
{
	int kept = 0;
	for (int g = 0; g < config->group_count; g++)
		if (config->groups[g].count > 0)
			config->groups[kept++] = config->groups[g];
	config->group_count = kept;
}

int hl_config_select(struct hl_config *config)
{
	struct chooser chooser = {.config = config};
	chooser.force_multiplex = getenv("PAPI_MULTIPLEX") != NULL;
	const char *listed = getenv("PAPI_EVENTS");
	if (listed && *listed) {
		char *copy = strdup(listed);
		if (!copy)
			return papi_error_set(PAPI_ENOMEM, "no memory for PAPI_EVENTS");
		char *next = copy;
		for (char *entry; (entry = strsep(&next, ","));)
			add_listed(&chooser, entry);
		free(copy);
		if (config->event_count == 0)
			hl_say("no event of PAPI_EVENTS counts here: using the defaults");
	}
	if (config->event_count == 0)
		add_defaults(&chooser);
	forget_probes(&chooser);
	drop_empty_groups(config);
	int status = order_by_group(config);
	if (status != PAPI_OK)
		return status;
	hl_say("counting %d events%s", config->event_count,
	       config->event_count ? ":" : " (only cycles and real time)");
	for (int e = 0; e < config->event_count; e++)
		hl_say("  %s (%s%s)", config->events[e].name, config->events[e].component,
		       config->events[e].instant ? ", instant" : "");
	return PAPI_OK;
}
