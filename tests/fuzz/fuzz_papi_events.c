// SPDX-License-Identifier: BSD-3-Clause
/* Fuzz target: PAPI_EVENTS strings, the high-level layer's choice of
 * events (src/hl/events.c). The whole input, up to its first NUL, is
 * PAPI_EVENTS: each event the layer keeps is an entry of the list (spaces
 * out, "=instant" or "=delta" off, the type kept) or, when none of the list
 * counts, one of its defaults; its name resolves to its code, no code is
 * chosen twice, and the events are grouped by component. The libpfm4 PMU is
 * forced (PAPILLON_FUZZ_PMU, default skl), so the names that resolve do not
 * depend on the host's CPU. */
#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "papi.h"
#include "hl/hl.h"
#include "fuzz_target.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc, (void)argv;
	const char *pmu = getenv("PAPILLON_FUZZ_PMU");
	setenv("LIBPFM_FORCE_PMU", pmu && *pmu ? pmu : "skl", 1);
	if (PAPI_library_init(PAPI_VER_CURRENT) != PAPI_VER_CURRENT)
		fuzz_fail("PAPI_library_init: %s", PAPI_strreason());
	return 0;
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

/* The library interns every distinct native name it resolves until
 * PAPI_shutdown (codes stay valid; the table holds 4M at most), and inputs
 * keep bringing new spellings: 5 million inputs took the process to 1.5 GB
 * under ASan, on course for libFuzzer's 2 GB limit. A shutdown and a new
 * init every RESTART_EVERY inputs keep the table to what a program of that
 * many lists would hold, and put the library's own restart under the
 * fuzzer too. */
#define RESTART_EVERY 100000

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static long inputs;
	check_papi_events(data, size);
	if (++inputs % RESTART_EVERY == 0) {
		PAPI_shutdown();
		if (PAPI_library_init(PAPI_VER_CURRENT) != PAPI_VER_CURRENT)
			fuzz_fail("PAPI_library_init after %ld inputs and a shutdown: %s", inputs,
			          PAPI_strreason());
	}
	return 0;
}
