// SPDX-License-Identifier: BSD-3-Clause
/* The preset definitions in force on this machine and whether each can
 * count here.
 *
 * On first use after PAPI_library_init the tables are read (preset_sources.c),
 * the CPU is detected (preset_detect.c) and the matching tables are layered
 * (preset_select.c); the result is published once and never changes until
 * shutdown, so readers take no lock. Whether a preset counts is checked once,
 * by resolving its natives and trying each through its component's
 * check_event, and cached: opening counters costs system calls. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "papi.h"
#include "util/error.h"
#include "core/derived.h"
#include "registry/registry.h"
#include "natives/table.h"
#include "presets/presets.h"
#include "presets/table.h"

#define MAX_LAYERS 64

struct preset_slot {
	const struct preset_entry *entry; /* NULL: no table in use defines it */
	const struct preset_table *table;
	atomic_int checked;
	int status;
	char reason[PAPI_HUGE_STR_LEN];
	struct preset_definition definition;
	int cidx; /* component of the natives, once checked */
};

struct preset_state {
	struct preset_library library;
	struct preset_cpu cpu;
	const struct preset_table *layers[MAX_LAYERS];
	int layer_count;
	char summary[PAPI_HUGE_STR_LEN * 2];
	char table_names[PAPI_MAX_STR_LEN];
	struct preset_slot slots[PAPI_END_idx];
};

static struct preset_state *_Atomic presets_state;
static pthread_mutex_t presets_lock = PTHREAD_MUTEX_INITIALIZER;

int preset_check_code(int code)
{
	if (!(code & PAPI_PRESET_MASK) || (code & PAPI_NATIVE_MASK))
		return papi_error_set(PAPI_ENOTPRESET, "%#x is not a preset code", (unsigned)code);
	int index = code & PAPI_PRESET_AND_MASK;
	if (index >= preset_name_count)
		return papi_error_set(PAPI_ENOTPRESET, "%#x is past the last preset",
		                      (unsigned)code);
	return PAPI_OK;
}

int preset_find_name(const char *name, int *code)
{
	for (int i = 0; i < preset_name_count; i++) {
		if (strcasecmp(preset_names[i].symbol, name) == 0) {
			*code = i | PAPI_PRESET_MASK;
			return PAPI_OK;
		}
	}
	return PAPI_ENOEVNT;
}

static void summarize(struct preset_state *state)
{
	char detected[PAPI_HUGE_STR_LEN];
	preset_cpu_describe(&state->cpu, detected, sizeof(detected));
	snprintf(state->summary, sizeof(state->summary), "preset tables in use:%s",
	         state->layer_count ? "" : " none");
	for (int l = 0; l < state->layer_count; l++) {
		size_t used = strlen(state->summary);
		snprintf(state->summary + used, sizeof(state->summary) - used, "%s %s (%s)",
		         l ? "," : "", state->layers[l]->name, state->layers[l]->file);
	}
	size_t used = strlen(state->summary);
	snprintf(state->summary + used, sizeof(state->summary) - used, "; detected: %s", detected);
	snprintf(state->table_names, sizeof(state->table_names), "%s",
	         state->layer_count ? "" : "none");
	for (int l = 0; l < state->layer_count; l++) {
		used = strlen(state->table_names);
		snprintf(state->table_names + used, sizeof(state->table_names) - used, "%s%s",
		         l ? ", " : "", state->layers[l]->name);
	}
}

static void fill_slots(struct preset_state *state)
{
	for (int i = 0; i < PAPI_END_idx; i++) {
		struct preset_slot *slot = &state->slots[i];
		slot->entry =
		    preset_layers_find(state->layers, state->layer_count, i, &slot->table);
		if (!slot->entry)
			continue;
		struct preset_definition *definition = &slot->definition;
		definition->derived = slot->entry->derived;
		definition->term_count = slot->entry->term_count;
		snprintf(definition->postfix, sizeof(definition->postfix), "%s",
		         slot->entry->postfix);
		snprintf(definition->note, sizeof(definition->note), "%s", slot->entry->note);
	}
}

static struct preset_state *load_state(void)
{
	struct preset_state *state = atomic_load_explicit(&presets_state, memory_order_acquire);
	if (state)
		return state;
	pthread_mutex_lock(&presets_lock);
	state = atomic_load_explicit(&presets_state, memory_order_relaxed);
	if (!state && (state = calloc(1, sizeof(*state)))) {
		preset_library_load(&state->library);
		preset_cpu_detect(&state->cpu);
		state->layer_count =
		    preset_select(&state->library, &state->cpu, state->layers, MAX_LAYERS);
		fill_slots(state);
		summarize(state);
		PAPILLON_TRACE("%s\n", state->summary);
		for (int m = 0; m < state->library.message_count; m++)
			PAPILLON_TRACE("preset definition rejected: %s\n",
			               state->library.messages[m]);
		atomic_store_explicit(&presets_state, state, memory_order_release);
	}
	pthread_mutex_unlock(&presets_lock);
	return state;
}

static int check_native(struct preset_slot *slot, const char *symbol, int term)
{
	const char *name = slot->entry->natives[term];
	int code;
	int status = native_code_of_name(name, &code);
	if (status != PAPI_OK) {
		snprintf(slot->reason, sizeof(slot->reason), "%s needs %s, unknown here: %s",
		         symbol, name, papi_error_reason());
		return status;
	}
	slot->definition.native_codes[term] = code;
	const void *encoding;
	status = native_table_encoding(code, &encoding);
	const struct native_entry *native = native_table_get(code);
	if (status == PAPI_OK)
		status = papillon_components[native->cidx]->check_event(encoding);
	if (status != PAPI_OK) {
		snprintf(slot->reason, sizeof(slot->reason),
		         "%s needs %s, which cannot count here: %s", symbol, name,
		         papi_error_reason());
		return status;
	}
	if (term > 0 && native->cidx != slot->cidx) {
		snprintf(slot->reason, sizeof(slot->reason),
		         "%s combines events of components %s and %s, which no event set can hold",
		         symbol, papillon_components[slot->cidx]->name,
		         papillon_components[native->cidx]->name);
		return PAPI_ECNFLCT;
	}
	slot->cidx = native->cidx;
	return PAPI_OK;
}

static void check_slot(const struct preset_state *state, struct preset_slot *slot, int index)
{
	if (atomic_load_explicit(&slot->checked, memory_order_acquire))
		return;
	pthread_mutex_lock(&presets_lock);
	if (!atomic_load_explicit(&slot->checked, memory_order_relaxed)) {
		const char *symbol = preset_names[index].symbol;
		slot->status = PAPI_ENOEVNT;
		if (!slot->entry) {
			snprintf(slot->reason, sizeof(slot->reason),
			         "%s: no preset table in use here defines it (tables: %s)", symbol,
			         state->table_names);
		} else {
			int status = PAPI_OK;
			for (int t = 0; status == PAPI_OK && t < slot->entry->term_count; t++)
				status = check_native(slot, symbol, t);
			if (status == PAPI_OK)
				slot->status = PAPI_OK;
			papi_error_clear();
		}
		atomic_store_explicit(&slot->checked, 1, memory_order_release);
	}
	pthread_mutex_unlock(&presets_lock);
}

/* The slot of a valid preset code, checked; NULL (error recorded) if the
 * tables could not be loaded at all. */
static struct preset_slot *checked_slot(int code, const struct preset_state **state_out)
{
	struct preset_state *state = load_state();
	if (!state) {
		papi_error_set(PAPI_ENOMEM, "no memory for the preset tables");
		return NULL;
	}
	int index = code & PAPI_PRESET_AND_MASK;
	struct preset_slot *slot = &state->slots[index];
	check_slot(state, slot, index);
	if (state_out)
		*state_out = state;
	return slot;
}

int preset_definition(int code, const struct preset_definition **definition)
{
	*definition = NULL;
	int status = preset_check_code(code);
	if (status != PAPI_OK)
		return status;
	struct preset_slot *slot = checked_slot(code, NULL);
	if (!slot)
		return PAPI_ENOMEM;
	if (slot->status != PAPI_OK)
		return papi_error_set(PAPI_ENOEVNT, "%s", slot->reason);
	*definition = &slot->definition;
	return PAPI_OK;
}

int preset_available(int code)
{
	const struct preset_definition *definition;
	return preset_definition(code, &definition) == PAPI_OK;
}

int preset_fill_info(int code, PAPI_event_info_t *info)
{
	int status = preset_check_code(code);
	if (status != PAPI_OK)
		return status;
	const struct preset_name *preset = &preset_names[code & PAPI_PRESET_AND_MASK];
	memset(info, 0, sizeof(*info));
	info->event_code = (unsigned)code;
	info->component_index = 0;
	snprintf(info->symbol, sizeof(info->symbol), "%s", preset->symbol);
	snprintf(info->short_descr, sizeof(info->short_descr), "%s", preset->short_descr);
	snprintf(info->long_descr, sizeof(info->long_descr), "%s", preset->long_descr);
	const struct preset_slot *slot = checked_slot(code, NULL);
	if (!slot)
		return PAPI_ENOMEM;
	if (slot->entry) {
		const struct preset_entry *entry = slot->entry;
		snprintf(info->derived, sizeof(info->derived), "%s",
		         derived_kind_name(entry->derived));
		snprintf(info->postfix, sizeof(info->postfix), "%s", entry->postfix);
		snprintf(info->note, sizeof(info->note), "%s", entry->note);
		/* Names even when the preset cannot count here, so a user can see
		 * what it would take; count stays 0 then, as PAPI's utilities read
		 * count > 0 as "available". */
		for (int t = 0; t < entry->term_count; t++) {
			snprintf(info->name[t], sizeof(info->name[t]), "%s", entry->natives[t]);
			info->code[t] = (unsigned)slot->definition.native_codes[t];
		}
		if (slot->status == PAPI_OK) {
			info->count = (unsigned)entry->term_count;
			info->component_index = slot->cidx;
		}
	}
	papi_error_clear(); /* unavailable is not a failure of this call */
	return PAPI_OK;
}

int presets_message(int index, char *text, int len)
{
	const struct preset_state *state = load_state();
	if (!state)
		return papi_error_set(PAPI_ENOMEM, "no memory for the preset tables");
	if (index < 0 || index > state->library.message_count)
		return papi_error_set(PAPI_ENOEVNT, "there is no preset message %d", index);
	snprintf(text, (size_t)len, "%s",
	         index == 0 ? state->summary : state->library.messages[index - 1]);
	return PAPI_OK;
}

void presets_reset(void)
{
	pthread_mutex_lock(&presets_lock);
	struct preset_state *state = atomic_exchange(&presets_state, NULL);
	if (state) {
		preset_library_free(&state->library);
		free(state);
	}
	pthread_mutex_unlock(&presets_lock);
}
