// SPDX-License-Identifier: BSD-3-Clause
/* Entry points: event names, codes, enumeration and descriptions. */
#include <stdio.h>
#include <string.h>

#include "papi.h"
#include "api/internal.h"
#include "util/error.h"
#include "core/library.h"
#include "natives/table.h"
#include "presets/presets.h"
#include "presets/walk.h"
#include "abi/core_entries.h"

PAPI_EXPORT int PAPI_event_name_to_code(const char *in, int *out)
{
	int status = library_require_init();
	if (status != PAPI_OK)
		return status;
	if (!in || !out)
		return papi_error_set(PAPI_EINVAL, "event name or code pointer is NULL");
	if (strnlen(in, PAPI_HUGE_STR_LEN) >= PAPI_HUGE_STR_LEN)
		return papi_error_set(PAPI_ENOEVNT, "event name is longer than %d characters",
		                      PAPI_HUGE_STR_LEN - 1);
	if (strncmp(in, "PAPI_", 5) == 0 && preset_find_name(in, out) == PAPI_OK)
		return PAPI_OK;
	return native_code_of_name(in, out);
}

PAPI_EXPORT int PAPI_event_code_to_name(int EventCode, char *out)
{
	int status = library_require_init();
	if (status != PAPI_OK)
		return status;
	if (!out)
		return papi_error_set(PAPI_EINVAL, "output buffer is NULL");
	if (EventCode & PAPI_PRESET_MASK) {
		status = preset_check_code(EventCode);
		if (status != PAPI_OK)
			return status;
		snprintf(out, PAPI_MAX_STR_LEN, "%s",
		         preset_names[EventCode & PAPI_PRESET_AND_MASK].symbol);
		return PAPI_OK;
	}
	const struct native_entry *entry = native_table_get(EventCode);
	if (!entry)
		return papi_error_set(PAPI_ENOEVNT, "no event has code %#x", (unsigned)EventCode);
	/* out holds PAPI_MAX_STR_LEN characters; a name cut there could name
	 * another event (found by tests/fuzz/fuzz_event_names.c). */
	size_t length = strlen(entry->name);
	if (length >= PAPI_MAX_STR_LEN)
		return papi_error_set(PAPI_EBUF,
		                      "the name of event %#x has %zu characters, more than the "
		                      "%d PAPI_event_code_to_name may write (PAPI_get_event_info "
		                      "gives it in full)",
		                      (unsigned)EventCode, length, PAPI_MAX_STR_LEN - 1);
	memcpy(out, entry->name, length + 1);
	return PAPI_OK;
}

/* The preset walks of PAPI_enum_event's modifiers (presets/walk.h). */
static const struct {
	int modifier;
	enum preset_walk walk;
} preset_walks[] = {
    {PAPI_ENUM_EVENTS, PRESET_WALK_ALL},
    {PAPI_PRESET_ENUM_AVAIL, PRESET_WALK_AVAILABLE},
    {PAPI_PRESET_ENUM_CPU, PRESET_WALK_CPU},
    {PAPI_PRESET_ENUM_CPU_AVAIL, PRESET_WALK_CPU_AVAILABLE},
};

static int enumerate_presets(int *code, int modifier)
{
	if (modifier == PAPI_ENUM_FIRST)
		return preset_walk_first(code);
	if (modifier == PAPI_PRESET_ENUM_FIRST_COMP)
		return preset_walk_first_component(code);
	for (size_t i = 0; i < sizeof(preset_walks) / sizeof(preset_walks[0]); i++)
		if (preset_walks[i].modifier == modifier)
			return preset_walk_next(code, preset_walks[i].walk);
	return papi_error_set(PAPI_EINVAL, "modifier %d does not apply to presets", modifier);
}

static int enumerate_natives(int *code, int modifier, int cidx)
{
	uint64_t cursor = 0;
	if (modifier != PAPI_ENUM_FIRST) {
		const struct native_entry *entry = native_table_get(*code);
		if (!entry || entry->cidx != cidx)
			return papi_error_set(PAPI_ENOEVNT, "%#x is not an event of component %d",
			                      (unsigned)*code, cidx);
		cursor = entry->cursor;
	}
	char name[PAPI_HUGE_STR_LEN];
	int status = papillon_components[cidx]->enum_events(&cursor, modifier, name, sizeof(name));
	if (status != PAPI_OK)
		return status;
	return native_table_intern_enumerated(cidx, name, cursor, code);
}

int api_enum_cmp_event(int *EventCode, int modifier, int cidx)
{
	int status = library_require_init();
	if (status == PAPI_OK)
		status = library_check_component(cidx);
	if (status != PAPI_OK)
		return status;
	if (!EventCode)
		return papi_error_set(PAPI_EINVAL, "EventCode pointer is NULL");
	if (!papillon_component_ready[cidx])
		return papi_error_set(PAPI_ENOCMP, "component %s is disabled: %s",
		                      papillon_components[cidx]->name,
		                      papillon_component_info[cidx].disabled_reason);
	if ((*EventCode & PAPI_PRESET_MASK) && !(*EventCode & PAPI_NATIVE_MASK))
		return enumerate_presets(EventCode, modifier);
	return enumerate_natives(EventCode, modifier, cidx);
}

int api_enum_event(int *EventCode, int modifier)
{
	int status = library_require_init();
	if (status != PAPI_OK)
		return status;
	if (!EventCode)
		return papi_error_set(PAPI_EINVAL, "EventCode pointer is NULL");
	if ((*EventCode & PAPI_UE_MASK) == PAPI_UE_MASK)
		return papi_error_set(PAPI_ENOEVNT, "there are no user-defined events");
	if ((*EventCode & PAPI_PRESET_MASK) && !(*EventCode & PAPI_NATIVE_MASK))
		return enumerate_presets(EventCode, modifier);
	int cidx = 0;
	const struct native_entry *entry = native_table_get(*EventCode);
	if (entry)
		cidx = entry->cidx;
	return api_enum_cmp_event(EventCode, modifier, cidx);
}

int api_get_event_info(int EventCode, PAPI_event_info_t *info)
{
	int status = library_require_init();
	if (status != PAPI_OK)
		return status;
	if (!info)
		return papi_error_set(PAPI_EINVAL, "info pointer is NULL");
	if (EventCode & PAPI_PRESET_MASK)
		return preset_fill_info(EventCode, info);
	const struct native_entry *entry = native_table_get(EventCode);
	if (!entry)
		return papi_error_set(PAPI_ENOEVNT, "no event has code %#x", (unsigned)EventCode);
	memset(info, 0, sizeof(*info));
	status = papillon_components[entry->cidx]->event_info(entry->name, entry->cursor,
	                                                      entry->encoding, info);
	if (status != PAPI_OK)
		return status;
	info->event_code = (unsigned)EventCode;
	info->component_index = entry->cidx;
	snprintf(info->symbol, sizeof(info->symbol), "%s", entry->name);
	native_fill_qualifiers(entry, info);
	return PAPI_OK;
}

PAPI_EXPORT int PAPI_query_event(int EventCode)
{
	int status = library_require_init();
	if (status != PAPI_OK)
		return status;
	if (EventCode & PAPI_PRESET_MASK) {
		status = preset_check_code(EventCode);
		if (status != PAPI_OK)
			return status;
		const struct preset_definition *definition;
		return preset_definition(EventCode, &definition);
	}
	const void *encoding;
	return native_table_encoding(EventCode, &encoding);
}

PAPI_EXPORT int PAPI_query_named_event(const char *EventName)
{
	int code;
	int status = PAPI_event_name_to_code(EventName, &code);
	return status == PAPI_OK ? PAPI_query_event(code) : status;
}

PAPI_EXPORT int PAPI_get_event_component(int EventCode)
{
	int status = library_require_init();
	if (status != PAPI_OK)
		return status;
	if (EventCode & PAPI_PRESET_MASK) {
		status = preset_check_code(EventCode);
		return status != PAPI_OK ? status : 0;
	}
	const struct native_entry *entry = native_table_get(EventCode);
	if (!entry)
		return papi_error_set(PAPI_ENOEVNT, "no event has code %#x", (unsigned)EventCode);
	return entry->cidx;
}
