// SPDX-License-Identifier: BSD-3-Clause
/* ebb::<event> names over the active PMU's table: the cursor is the
 * event's index in it, the encoding a pointer to its const entry. */
#include <stdio.h>
#include <string.h>

#include "papi.h"
#include "util/error.h"
#include "ebb_component.h"

int ebb_enum_events(uint64_t *cursor, int modifier, char *name, size_t name_len)
{
	const struct ebb_pmu_table *table = ebb_active_table;
	uint64_t next;
	if (!table)
		return papi_error_set(PAPI_ENOEVNT, "the ebb component is not active here");
	if (modifier == PAPI_ENUM_FIRST)
		next = 0;
	else if (modifier == PAPI_ENUM_EVENTS)
		next = *cursor + 1;
	else
		return papi_error_set(PAPI_ENOEVNT, "EBB events have no qualifiers");
	if (next >= table->count)
		return PAPI_ENOEVNT;
	*cursor = next;
	snprintf(name, name_len, EBB_NAME_PREFIX "%s", table->events[next].name);
	return PAPI_OK;
}

int ebb_resolve_name(const char *name, struct component_resolution *out)
{
	const struct ebb_pmu_table *table = ebb_active_table;
	size_t prefix = strlen(EBB_NAME_PREFIX);
	if (strncmp(name, EBB_NAME_PREFIX, prefix) != 0)
		return papi_error_set(PAPI_ENOEVNT, "'%s' is not an ebb:: name", name);
	if (!table)
		return papi_error_set(PAPI_ENOEVNT, "the ebb component is not active here");
	const struct ebb_event *event = ebb_event_find(table, name + prefix);
	if (!event)
		return papi_error_set(PAPI_ENOEVNT, "%s has no event '%s' in the ebb component",
		                      table->name, name + prefix);
	snprintf(out->canonical, sizeof(out->canonical), EBB_NAME_PREFIX "%s", event->name);
	out->cursor = (uint64_t)(event - table->events);
	out->encoding = (void *)event; /* const table: released by nobody */
	out->listed = false;
	return PAPI_OK;
}

void ebb_release_encoding(void *encoding)
{
	(void)encoding; /* points into a const table */
}

int ebb_event_info(const char *name, uint64_t cursor, const void *encoding, PAPI_event_info_t *info)
{
	/* An enumerated event's encoding is resolved lazily: the core passes
	 * NULL until then, and the cursor (the event's index) names it. */
	const struct ebb_event *event = encoding;
	const struct ebb_pmu_table *table = ebb_active_table;
	if (!event && table && cursor < table->count)
		event = &table->events[cursor];
	if (!event)
		return papi_error_set(PAPI_ENOEVNT, "%s has no EBB encoding", name);
	snprintf(info->symbol, sizeof(info->symbol), EBB_NAME_PREFIX "%s", event->name);
	snprintf(info->short_descr, sizeof(info->short_descr), "%s", event->description);
	snprintf(info->long_descr, sizeof(info->long_descr),
	         "%s (raw code %#llx, %s; counted through event-based branches)",
	         event->description, (unsigned long long)event->code,
	         ebb_code_pmc(event->code) ? "its own PMC" : "any of PMC1-4");
	return PAPI_OK;
}

int ebb_check_event(const void *encoding)
{
	const struct ebb_event *event = encoding;
	const struct ebb_event *alone[1] = {event};
	struct ebb_group_plan plan;
	/* An event that cannot even sit alone in a group is refused here. */
	return ebb_group_place(alone, 1, &plan);
}
