// SPDX-License-Identifier: BSD-3-Clause
/* Fuzz target: event names through the public API, as a PAPI_EVENTS-style
 * comma-separated list (libpfm4 names with modifiers, perf:: and sysfs PMU
 * names, presets, component prefixes). Each item goes through
 * PAPI_event_name_to_code; one that resolves must come back: its code has
 * event info and a name (from PAPI_event_code_to_name, or from the info
 * when it is too long for that call's buffer, which then says so with
 * PAPI_EBUF), and that name resolves to the same code. Then the whole
 * input, up to its first NUL, is PAPI_EVENTS for the high-level layer's
 * choice of events (src/hl/events.c): each event it keeps is an entry of
 * the list (spaces out, "=instant" or "=delta" off, the type kept) or, when
 * none of the list counts, one of its defaults; its name resolves to its
 * code, no code is chosen twice, and the events are grouped by component.
 * The libpfm4 PMU is forced (PAPILLON_FUZZ_PMU, default skl), so the names
 * that resolve do not depend on the host's CPU. */
#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "papi.h"
#include "hl/hl.h"
#include "fuzz_target.h"

/* Longer items are cut: PAPI_HUGE_STR_LEN and more is covered by the
 * bad-input matrix, and long inputs only slow the search down. */
#define MAX_ITEM 512

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc, (void)argv;
	const char *pmu = getenv("PAPILLON_FUZZ_PMU");
	setenv("LIBPFM_FORCE_PMU", pmu && *pmu ? pmu : "skl", 1);
	if (PAPI_library_init(PAPI_VER_CURRENT) != PAPI_VER_CURRENT)
		fuzz_fail("PAPI_library_init: %s", PAPI_strreason());
	return 0;
}

static void check_item(const char *name)
{
	int code = 0, again = 0;
	PAPI_event_info_t *info = malloc(sizeof *info);
	char back[PAPI_HUGE_STR_LEN];

	if (!info)
		return;
	int rc = PAPI_event_name_to_code(name, &code);
	if (rc == PAPI_OK) {
		rc = PAPI_get_event_info(code, info);
		if (rc != PAPI_OK)
			fuzz_fail("'%s' (%#x) has no event info (%d: %s)", name, (unsigned)code, rc,
			          PAPI_strreason());
		/* A name too long for PAPI_event_code_to_name's buffer is refused
		 * there (never cut: a cut name may be another event's); the
		 * event info has it in full. */
		rc = PAPI_event_code_to_name(code, back);
		if (rc == PAPI_EBUF && strlen(info->symbol) >= PAPI_MAX_STR_LEN)
			snprintf(back, sizeof back, "%s", info->symbol);
		else if (rc != PAPI_OK)
			fuzz_fail("'%s' resolved to %#x, which has no name (%d: %s)", name,
			          (unsigned)code, rc, PAPI_strreason());
		rc = PAPI_event_name_to_code(back, &again);
		if (rc != PAPI_OK || again != code)
			fuzz_fail("'%s' -> %#x -> '%s' -> %#x (%d: %s)", name, (unsigned)code, back,
			          (unsigned)again, rc, PAPI_strreason());
		(void)PAPI_query_event(code);
	} else if (rc >= 0 || !PAPI_strerror(rc)) {
		fuzz_fail("PAPI_event_name_to_code('%s') returned %d, not an error code", name, rc);
	}
	free(info);
}

/* Whether list (PAPI_EVENTS) has an entry that is name once its spaces are
 * out, with "=instant" (instant true) or "=delta" or nothing (false) after.
 * Compared as it goes: a name that resolves may be 1023 characters long. */
static bool listed(const char *list, const char *name, bool instant)
{
	for (const char *entry = list;;) {
		const char *end = strchr(entry, ',');
		if (!end)
			end = entry + strlen(entry);
		const char *expect = name;
		char type[16];
		size_t typed = 0;
		bool same = true;
		for (const char *c = entry; c < end && same; c++) {
			if (isspace((unsigned char)*c))
				continue;
			if (*expect)
				same = *c == *expect++;
			else if (typed < sizeof type - 1)
				type[typed++] = *c;
			else
				same = false;
		}
		type[typed] = '\0';
		if (same && !*expect &&
		    (instant ? strcmp(type, "=instant") == 0
		             : !typed || strcmp(type, "=delta") == 0))
			return true;
		if (!*end)
			return false;
		entry = end + 1;
	}
}

/* The events PAPI 7.0's high level counts when PAPI_EVENTS gives none that
 * counts: presets, and perf:: software events. */
static bool a_default(const char *name)
{
	return strncmp(name, "PAPI_", 5) == 0 || strncmp(name, "perf::", 6) == 0;
}

static void check_papi_events(const uint8_t *data, size_t size)
{
	char *list = malloc(size + 1);
	struct hl_config config;

	if (!list)
		return;
	memcpy(list, data, size);
	list[size] = '\0';
	memset(&config, 0, sizeof config);
	setenv("PAPI_EVENTS", list, 1);
	int rc = hl_config_select(&config);
	unsetenv("PAPI_EVENTS");
	if (rc != PAPI_OK && rc != PAPI_ENOMEM)
		fuzz_fail("PAPI_EVENTS '%s': hl_config_select returned %d (%s)", list, rc,
		          PAPI_strreason());
	int from_list = 0, grouped = 0;
	for (int e = 0; e < config.event_count; e++)
		from_list += listed(list, config.events[e].name, config.events[e].instant);
	for (int e = 0; e < config.event_count; e++) {
		const struct hl_event *event = &config.events[e];
		int code = 0;
		if (from_list < config.event_count &&
		    (from_list > 0 || !a_default(event->name) || event->instant))
			fuzz_fail("PAPI_EVENTS '%s': '%s'%s is neither listed nor a default", list,
			          event->name, event->instant ? " (instant)" : "");
		if (PAPI_event_name_to_code(event->name, &code) != PAPI_OK || code != event->code)
			fuzz_fail("PAPI_EVENTS '%s': '%s' does not resolve to its code %#x", list,
			          event->name, (unsigned)event->code);
		for (int other = 0; other < e; other++)
			if (config.events[other].code == event->code)
				fuzz_fail("PAPI_EVENTS '%s': %#x chosen twice", list,
				          (unsigned)event->code);
	}
	for (int g = 0; g < config.group_count; g++) {
		const struct hl_group *group = &config.groups[g];
		if (group->count < 1 || group->first != grouped)
			fuzz_fail("PAPI_EVENTS '%s': group %d holds events %d to %d, after %d",
			          list, g, group->first, group->first + group->count - 1, grouped);
		for (int e = group->first; e < group->first + group->count; e++)
			if (e >= config.event_count ||
			    PAPI_get_event_component(config.events[e].code) != group->cidx)
				fuzz_fail(
				    "PAPI_EVENTS '%s': event %d is not of group %d's component",
				    list, e, g);
		grouped += group->count;
	}
	if (grouped != config.event_count)
		fuzz_fail("PAPI_EVENTS '%s': %d events in groups, %d chosen", list, grouped,
		          config.event_count);
	free(config.events);
	free(list);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char item[MAX_ITEM + 1];
	size_t start = 0;
	for (size_t i = 0; i <= size; i++) {
		if (i < size && data[i] != ',')
			continue;
		size_t length = i - start;
		if (length > MAX_ITEM)
			length = MAX_ITEM;
		memcpy(item, data + start, length);
		item[length] = '\0';
		/* A NUL inside an item ends it, as it would in a C string. */
		check_item(item);
		start = i + 1;
	}
	check_papi_events(data, size);
	return 0;
}
