// SPDX-License-Identifier: BSD-3-Clause
/* Event sets: what a set counts (see eventset.h). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "papi.h"
#include "core/derived.h"
#include "core/dispatch.h"
#include "util/error.h"
#include "core/eventset.h"
#include "core/eventset_record.h"
#include "core/eventset_table.h"
#include "core/library.h"
#include "natives/table.h"
#include "presets/presets.h"

/* The flags a set keeps itself; PAPI_RUNNING / PAPI_STOPPED come from its
 * counting state (running). */
#define EVENTSET_FLAGS                                                                             \
	(PAPI_ATTACHED | PAPI_CPU_ATTACHED | PAPI_MULTIPLEXING | PAPI_OVERFLOWING | PAPI_PROFILING)

struct eventset *eventset_lookup(int id)
{
	return eventset_table_get(id);
}

int eventset_next(int after)
{
	return eventset_table_next(after);
}

int eventset_create(int *id)
{
	struct eventset *set = calloc(1, sizeof(*set));
	if (!set)
		return papi_error_set(PAPI_ENOMEM, "no memory for a new event set");
	counting_init(set);
	int status = eventset_table_insert(set, &set->id);
	if (status != PAPI_OK) {
		counting_release(set);
		free(set);
		return status;
	}
	*id = set->id;
	return PAPI_OK;
}

static void release_arrays(struct eventset *set)
{
	free(set->events);
	free(set->natives);
	free(set->native_users);
	set->events = NULL;
	set->natives = NULL;
	set->native_users = NULL;
	set->event_count = set->native_count = 0;
}

int eventset_destroy(int *id)
{
	struct eventset *set = eventset_lookup(*id);
	if (!set)
		return papi_error_set(PAPI_ENOEVST, "event set %d does not exist", *id);
	if (set->running)
		return papi_error_set(PAPI_EISRUN, "event set %d is running: stop it first", *id);
	if (set->event_count > 0)
		return papi_error_set(PAPI_EINVAL,
		                      "event set %d still has %d events: clean it up first", *id,
		                      set->event_count);
	/* Empty, so no overflow: removing or cleaning up the last event
	 * turned it off. */
	eventset_table_remove(set->id);
	counting_release(set);
	release_arrays(set);
	free(set);
	*id = PAPI_NULL;
	return PAPI_OK;
}

int eventset_assign_component(struct eventset *set, int cidx)
{
	if (library_check_component(cidx) != PAPI_OK)
		return PAPI_ENOCMP;
	int bound = set->cidx;
	if (bound >= 0)
		return papi_error_set(PAPI_EINVAL, "event set %d is already bound to component %s",
		                      set->id, papillon_components[bound]->name);
	if (!papillon_component_ready[cidx])
		return papi_error_set(PAPI_ECMP_DISABLED, "component %s is disabled: %s",
		                      papillon_components[cidx]->name,
		                      papillon_component_info[cidx].disabled_reason);
	return counting_bind(set, cidx);
}

/* The natives behind an event code, and how they combine. */
static int expand_code(int code, struct eventset_event *event, int natives[PAPI_MAX_INFO_TERMS])
{
	memset(event, 0, sizeof(*event));
	event->code = code;
	if (code & PAPI_PRESET_MASK) {
		const struct preset_definition *definition;
		int status = preset_definition(code, &definition);
		if (status != PAPI_OK)
			return status;
		event->derived = definition->derived;
		event->term_count = definition->term_count;
		memcpy(natives, definition->native_codes,
		       sizeof(int) * (size_t)definition->term_count);
		snprintf(event->postfix, sizeof(event->postfix), "%s", definition->postfix);
		return PAPI_OK;
	}
	if (!native_table_get(code))
		return papi_error_set(PAPI_ENOEVNT, "event code %#x is not a known event",
		                      (unsigned)code);
	event->derived = NOT_DERIVED;
	event->term_count = 1;
	natives[0] = code;
	return PAPI_OK;
}

/* Installs a new native list: the counting state reopens the component's
 * control first, and only if that works does the set change. */
static int install_natives(struct eventset *set, struct component_event *natives, int *users,
                           int native_count, struct eventset_event *events, int event_count,
                           const long long *kept_values)
{
	int status = counting_update(set, natives, native_count, events, event_count, kept_values);
	if (status != PAPI_OK)
		return status;
	free(set->natives);
	free(set->native_users);
	if (set->events != events)
		free(set->events);
	set->natives = natives;
	set->native_users = users;
	set->native_count = native_count;
	set->events = events;
	set->event_count = event_count;
	return PAPI_OK;
}

static int find_native(const struct component_event *natives, int count, int code)
{
	for (int i = 0; i < count; i++)
		if (natives[i].native_code == code)
			return i;
	return -1;
}

int eventset_add(struct eventset *set, int code)
{
	if (set->running)
		return papi_error_set(PAPI_EISRUN, "cannot add to event set %d while it runs",
		                      set->id);
	int owner_status = eventset_check_owner(set);
	if (owner_status != PAPI_OK)
		return owner_status;
	if (!(code & (PAPI_PRESET_MASK | PAPI_NATIVE_MASK)))
		return papi_error_set(PAPI_EINVAL, "%#x is neither a preset nor a native code",
		                      (unsigned)code);
	if (eventset_event_index(set, code) >= 0)
		return papi_error_set(PAPI_ECNFLCT, "event %#x is already in event set %d",
		                      (unsigned)code, set->id);
	struct eventset_event event;
	int codes[PAPI_MAX_INFO_TERMS];
	int status = expand_code(code, &event, codes);
	if (status != PAPI_OK)
		return status;

	/* Every term must be countable and belong to the set's component. */
	int cidx = set->cidx;
	const void *encodings[PAPI_MAX_INFO_TERMS];
	for (int t = 0; t < event.term_count; t++) {
		const struct native_entry *entry = native_table_get(codes[t]);
		if (!entry)
			return papi_error_set(PAPI_EBUG, "preset term %#x is unknown",
			                      (unsigned)codes[t]);
		if (!papillon_component_ready[entry->cidx])
			return papi_error_set(PAPI_ECMP_DISABLED,
			                      "event %s belongs to disabled component %s: %s",
			                      entry->name, papillon_components[entry->cidx]->name,
			                      papillon_component_info[entry->cidx].disabled_reason);
		if (cidx >= 0 && cidx != entry->cidx)
			return papi_error_set(
			    PAPI_EINVAL, "event %s belongs to component %s, event set %d to %s",
			    entry->name, papillon_components[entry->cidx]->name, set->id,
			    papillon_components[cidx]->name);
		status = native_table_encoding(codes[t], &encodings[t]);
		if (status != PAPI_OK)
			return status;
	}
	if (cidx < 0) {
		status = eventset_assign_component(set, native_table_get(codes[0])->cidx);
		if (status != PAPI_OK)
			return status;
	}

	int capacity = set->native_count + event.term_count;
	struct component_event *natives = malloc(sizeof(*natives) * (size_t)capacity);
	int *users = malloc(sizeof(int) * (size_t)capacity);
	struct eventset_event *events = malloc(sizeof(*events) * (size_t)(set->event_count + 1));
	if (!natives || !users || !events) {
		free(natives);
		free(users);
		free(events);
		return papi_error_set(PAPI_ENOMEM, "no memory to grow event set %d", set->id);
	}
	int native_count = set->native_count;
	if (native_count) {
		memcpy(natives, set->natives, sizeof(*natives) * (size_t)native_count);
		memcpy(users, set->native_users, sizeof(int) * (size_t)native_count);
	}
	for (int t = 0; t < event.term_count; t++) {
		int position = find_native(natives, native_count, codes[t]);
		if (position < 0) {
			position = native_count++;
			natives[position].native_code = codes[t];
			natives[position].name = native_table_get(codes[t])->name;
			natives[position].encoding = encodings[t];
			natives[position].overflow_threshold = 0;
			users[position] = 0;
		}
		users[position]++;
		event.terms[t] = position;
	}
	if (set->event_count)
		memcpy(events, set->events, sizeof(*events) * (size_t)set->event_count);
	events[set->event_count] = event;
	status =
	    install_natives(set, natives, users, native_count, events, set->event_count + 1, NULL);
	if (status != PAPI_OK) {
		free(natives);
		free(users);
		free(events);
	}
	return status;
}

int eventset_check_removal(const struct eventset *set, int code)
{
	if (set->running)
		return papi_error_set(PAPI_EISRUN, "cannot remove from event set %d while it runs",
		                      set->id);
	int owner_status = eventset_check_owner(set);
	if (owner_status != PAPI_OK)
		return owner_status;
	if (eventset_event_index(set, code) < 0)
		return papi_error_set(PAPI_EINVAL, "event %#x is not in event set %d",
		                      (unsigned)code, set->id);
	return PAPI_OK;
}

int eventset_remove(struct eventset *set, int code)
{
	int status = eventset_check_removal(set, code);
	if (status != PAPI_OK)
		return status;
	int index = eventset_event_index(set, code);
	int event_count = set->event_count - 1;
	struct eventset_event *events = malloc(sizeof(*events) * (size_t)(event_count + 1));
	struct component_event *natives =
	    malloc(sizeof(*natives) * (size_t)(set->native_count + 1));
	int *users = malloc(sizeof(int) * (size_t)(set->native_count + 1));
	int *renumber = malloc(sizeof(int) * (size_t)(set->native_count + 1));
	long long *kept_values = malloc(sizeof(long long) * (size_t)(event_count + 1));
	if (!events || !natives || !users || !renumber || !kept_values) {
		free(events);
		free(natives);
		free(users);
		free(renumber);
		free(kept_values);
		return papi_error_set(PAPI_ENOMEM, "no memory to shrink event set %d", set->id);
	}
	/* Drop the natives only the removed event used; keep the others' order. */
	int native_count = 0;
	for (int n = 0; n < set->native_count; n++) {
		int remaining = set->native_users[n];
		for (int t = 0; t < set->events[index].term_count; t++)
			if (set->events[index].terms[t] == n)
				remaining--;
		renumber[n] = remaining > 0 ? native_count : -1;
		if (remaining > 0) {
			natives[native_count] = set->natives[n];
			users[native_count++] = remaining;
		}
	}
	/* The other events keep what they counted up to the last stop. */
	const long long *stopped = set->stopped_values;
	for (int i = 0, j = 0; i < set->event_count; i++) {
		if (i == index)
			continue;
		events[j] = set->events[i];
		kept_values[j] = stopped[i];
		for (int t = 0; t < events[j].term_count; t++)
			events[j].terms[t] = renumber[events[j].terms[t]];
		j++;
	}
	free(renumber);
	status =
	    install_natives(set, natives, users, native_count, events, event_count, kept_values);
	if (status != PAPI_OK) {
		free(events);
		free(natives);
		free(users);
	}
	free(kept_values);
	return status;
}

int eventset_cleanup(struct eventset *set)
{
	if (set->running)
		return papi_error_set(PAPI_EISRUN, "cannot clean up event set %d while it runs",
		                      set->id);
	/* As in PAPI, a cleaned-up set is a plain stopped set again. */
	if (set->cidx >= 0) {
		int status = counting_update(set, NULL, 0, NULL, 0, NULL);
		if (status != PAPI_OK)
			return status;
	}
	counting_drop_multiplexer(set);
	release_arrays(set);
	set->flags &= PAPI_ATTACHED | PAPI_CPU_ATTACHED;
	return PAPI_OK;
}

int eventset_id(const struct eventset *set)
{
	return set->id;
}

int eventset_component(const struct eventset *set)
{
	return set->cidx;
}

bool eventset_running(const struct eventset *set)
{
	return set->running;
}

int eventset_state(const struct eventset *set)
{
	return set->flags | (set->running ? PAPI_RUNNING : PAPI_STOPPED);
}

void eventset_set_flags(struct eventset *set, int flags, bool on)
{
	if (on)
		set->flags |= flags & EVENTSET_FLAGS;
	else
		set->flags &= ~flags;
}

int eventset_event_count(const struct eventset *set)
{
	return set->event_count;
}

const struct eventset_event *eventset_event(const struct eventset *set, int index)
{
	return index >= 0 && index < set->event_count ? &set->events[index] : NULL;
}

int eventset_native_count(const struct eventset *set)
{
	return set->native_count;
}

int eventset_apply_options(struct eventset *set, const struct counting_options *options)
{
	if (set->running)
		return papi_error_set(PAPI_EISRUN, "cannot change event set %d while it runs",
		                      set->id);
	return counting_apply_options(set, options);
}

int eventset_multiplex(struct eventset *set, int flags, long long ns)
{
	int cidx = set->cidx;
	if (cidx < 0)
		return papi_error_set(PAPI_ENOCMP,
		                      "event set %d has no component yet: add an event or assign "
		                      "a component before PAPI_set_multiplex",
		                      set->id);
	if (set->running)
		return papi_error_set(PAPI_EISRUN, "event set %d is running", set->id);
	if (set->flags & PAPI_MULTIPLEXING)
		return papi_error_set(PAPI_EINVAL, "event set %d is already multiplexed", set->id);
	if (flags & ~PAPI_MULTIPLEX_FORCE_SW)
		return papi_error_set(PAPI_EINVAL, "multiplex flags %#x are not PAPI_MULTIPLEX_*",
		                      (unsigned)flags);
	if (ns < 0)
		return papi_error_set(PAPI_EINVAL, "multiplex interval %lld ns is negative", ns);
	if (set->overflow.active)
		return papi_error_set(PAPI_ECNFLCT,
		                      "event set %d overflows or profiles: multiplexing and "
		                      "overflow do not mix (PAPI_overflow threshold 0 first)",
		                      set->id);
	if (papillon_components[cidx]->capabilities & CAP_NO_MULTIPLEX)
		return papi_error_set(PAPI_ECMP,
		                      "the %s component's counters cannot be shared in time (the "
		                      "PMU is held exclusively): no multiplexing, by the kernel or "
		                      "by the software multiplexer",
		                      papillon_components[cidx]->name);
	int status;
	if ((papillon_components[cidx]->capabilities & CAP_KERNEL_MULTIPLEX) &&
	    !(flags & PAPI_MULTIPLEX_FORCE_SW)) {
		struct counting_options options = set->options;
		options.multiplex = 1;
		status = eventset_apply_options(set, &options);
	} else {
		status = counting_use_multiplexer(set, ns);
	}
	if (status == PAPI_OK)
		set->flags |= PAPI_MULTIPLEXING;
	return status;
}
