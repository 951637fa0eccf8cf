// SPDX-License-Identifier: BSD-3-Clause
/* Overflow dispatch (see overflow.h).
 *
 * The overflow vector has bit n set for the set's native n, the "hardware
 * position" PAPI_get_overflow_event_index turns back into event indexes;
 * only the first 64 natives can overflow. One mode per set: delivered by
 * the component ("hardware") or software, as PAPI documents.
 *
 * Delivered by the component: it calls the overflow_fire it was given,
 * once per overflow, from its signal handler in the owner thread
 * (CAP_HW_OVERFLOW) or from its own user-mode handler with no signal at all
 * (CAP_USER_OVERFLOW); both land in deliver(). Software: a timer on the
 * owner's CPU clock (PAPI_DEF_ITIMER_NS, 10 ms by default) reads the set
 * through the dispatcher, and an event whose value passed its deadline
 * overflows; the next deadline is its value plus the threshold. The handler
 * is called after the set's guard is released, so it may read the set. */
#include "config.h"

#include <stdint.h>
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
#include "core/overflow.h"
#include "core/profil.h"
#include "core/signals.h"
#include "core/threads.h"

#define MAX_OVERFLOWS EVENTSET_MAX_OVERFLOWS

/* The set's overflow state, or NULL while it has none. */
static struct overflow_state *overflow_of(const struct eventset *set)
{
	return set->overflow.active ? (struct overflow_state *)&set->overflow : NULL;
}

/* The native whose bit stands for the event in the overflow vector. */
static int event_native(const struct eventset *set, int code)
{
	int index = eventset_event_index(set, code);
	return index >= 0 ? set->events[index].terms[0] : -1;
}

static struct overflow_entry *find_entry(struct overflow_state *state, int code)
{
	for (int e = 0; state && e < state->count; e++)
		if (state->entries[e].code == code)
			return &state->entries[e];
	return NULL;
}

bool overflow_uses_event(const struct eventset *set, int code)
{
	return find_entry(overflow_of(set), code) != NULL;
}

struct profile *overflow_profile(const struct eventset *set, int code)
{
	struct overflow_entry *entry = find_entry(overflow_of(set), code);
	return entry ? entry->profile : NULL;
}

/* An overflow the component delivers, from its signal handler or its
 * user-mode handler: cookie is the set's id. */
static void deliver(void *cookie, int native, void *address, void *context)
{
	int id = (int)(intptr_t)cookie;
	struct eventset *set = eventset_table_get(id);
	struct overflow_state *state = set ? overflow_of(set) : NULL;
	if (!state || native < 0 || native >= MAX_OVERFLOWS)
		return;
	for (int e = 0; e < state->count; e++) {
		struct overflow_entry *entry = &state->entries[e];
		if (event_native(set, entry->code) != native)
			continue;
		if (entry->profile)
			profile_record(entry->profile, address, 1);
		else if (state->handler)
			state->handler(id, address, (long long)(1ull << native), context);
		return;
	}
}

/* Where the component delivers the set's overflows: native's threshold
 * (native -1: every native's, to 0), fire (NULL: nowhere) with cookie, and
 * signal_tid the thread a signal goes to. Reopens the control(s); on
 * failure nothing changed. */
static int route_overflow(struct eventset *set, int native, long long threshold,
                          void (*fire)(void *cookie, int index, void *address, void *context),
                          void *cookie, pid_t signal_tid)
{
	if (native >= set->native_count)
		return papi_error_set(PAPI_EBUG, "event set %d has no native %d", set->id, native);
	long long kept[set->native_count > 0 ? set->native_count : 1];
	for (int n = 0; n < set->native_count; n++) {
		kept[n] = set->natives[n].overflow_threshold;
		if (native < 0 || n == native)
			set->natives[n].overflow_threshold = native < 0 ? 0 : threshold;
	}
	struct counting_options options = set->options;
	options.overflow_fire = fire;
	options.overflow_cookie = fire ? cookie : NULL;
	options.signal_tid = fire ? signal_tid : 0;
	int status = counting_apply_options(set, &options);
	if (status != PAPI_OK)
		for (int n = 0; n < set->native_count; n++)
			set->natives[n].overflow_threshold = kept[n];
	return status;
}

static const struct counting_listener software_listener;

static void release_state(struct eventset *set)
{
	struct overflow_state *state = overflow_of(set);
	if (!state)
		return;
	signals_timer_stop(&state->timer);
	for (int e = 0; e < state->count; e++)
		profile_free(state->entries[e].profile);
	free(state->native_values);
	free(state->event_values);
	memset(state, 0, sizeof(*state));
}

void overflow_forget(struct eventset *set)
{
	struct overflow_state *state = overflow_of(set);
	if (!state)
		return;
	if (state->software)
		counting_listen(set, NULL, NULL);
	else /* closes the component's overflow: no handler runs after */
		route_overflow(set, -1, 0, NULL, NULL, 0);
	release_state(set);
	set->flags &= ~(PAPI_OVERFLOWING | PAPI_PROFILING);
}

/* Whether the component can deliver this event's overflow at threshold
 * (its overflow_event_interrupts hook; why says why not). */
static bool event_delivered(const struct eventset *set, const struct component_ops *ops,
                            const struct eventset_event *event, long long threshold, char *why,
                            size_t why_len)
{
	if (!ops->overflow_event_interrupts || event->terms[0] >= set->native_count)
		return true;
	return ops->overflow_event_interrupts(set->natives[event->terms[0]].encoding, threshold,
	                                      &set->options, why, why_len);
}

/* Which path this call asks for; PAPI_OK or why it cannot be. */
static int choose_mode(const struct eventset *set, int index, long long threshold, int flags,
                       bool *software)
{
	const struct component_ops *ops = papillon_components[set->cidx];
	/* The component delivers overflows itself: by an interrupt and a
	 * signal, or from a user-mode handler. */
	bool delivered = (ops->capabilities & (CAP_HW_OVERFLOW | CAP_USER_OVERFLOW)) != 0 &&
	                 (!ops->overflow_interrupts || ops->overflow_interrupts());
	const struct eventset_event *event = &set->events[index];
	bool derived = event->derived != NOT_DERIVED || event->term_count != 1;
	const struct overflow_state *state = overflow_of(set);
	char why[PAPI_MAX_STR_LEN] = "";
	if ((flags & PAPI_OVERFLOW_HARDWARE) && (flags & PAPI_OVERFLOW_FORCE_SW))
		return papi_error_set(PAPI_EINVAL,
		                      "PAPI_OVERFLOW_HARDWARE and PAPI_OVERFLOW_FORCE_SW together");
	if ((flags & PAPI_OVERFLOW_HARDWARE) && !delivered)
		return papi_error_set(PAPI_ECMP, "component %s has no overflow interrupt",
		                      ops->name);
	/* An event the component's interrupt cannot serve (a counter with no
	 * interrupt, a threshold beyond its reach) overflows in software. */
	if (delivered && !derived && !(flags & PAPI_OVERFLOW_FORCE_SW) &&
	    !event_delivered(set, ops, event, threshold, why, sizeof(why))) {
		if (flags & PAPI_OVERFLOW_HARDWARE)
			return papi_error_set(PAPI_ECMP,
			                      "event %#x cannot overflow by %s's interrupt: %s",
			                      (unsigned)event->code, ops->name, why);
		delivered = false;
	}
	*software = (flags & PAPI_OVERFLOW_FORCE_SW) || !delivered;
	if (derived && !*software)
		return papi_error_set(PAPI_EINVAL,
		                      "event %#x is derived from several counters: it cannot "
		                      "overflow in hardware (use PAPI_OVERFLOW_FORCE_SW)",
		                      (unsigned)event->code);
	if (state && state->count > 0 && state->software != *software && why[0])
		return papi_error_set(PAPI_ECNFLCT,
		                      "event %#x can overflow only in software (%s), and event set "
		                      "%d already overflows in hardware: one kind of overflow per "
		                      "event set",
		                      (unsigned)event->code, why, set->id);
	if (state && state->count > 0 && state->software != *software)
		return papi_error_set(PAPI_ECNFLCT,
		                      "event set %d already overflows in %s: one kind of overflow "
		                      "per event set",
		                      set->id, state->software ? "software" : "hardware");
	return PAPI_OK;
}

static int check_request(struct eventset *set, int code, int threshold, int index)
{
	int id = set->id;
	if (set->running)
		return papi_error_set(PAPI_EISRUN, "event set %d is running: stop it first", id);
	if (threshold < 0)
		return papi_error_set(PAPI_EINVAL, "overflow threshold %d is negative", threshold);
	if (index < 0)
		return papi_error_set(PAPI_ENOEVNT, "event %#x is not in event set %d",
		                      (unsigned)code, id);
	if (set->mpx != NULL)
		return papi_error_set(PAPI_ECNFLCT,
		                      "event set %d is multiplexed in software: it cannot overflow",
		                      id);
	if (threshold > 0 && set->events[index].terms[0] >= MAX_OVERFLOWS)
		return papi_error_set(PAPI_ECOUNT,
		                      "only the first %d native events of a set can overflow",
		                      MAX_OVERFLOWS);
	return eventset_check_owner(set);
}

/* The component's route for the set: where its overflows land. */
static int route(struct eventset *set, int native, long long threshold)
{
	return route_overflow(set, native, threshold, deliver, (void *)(intptr_t)set->id,
	                      threads_gettid());
}

static int turn_off(struct eventset *set, int code)
{
	struct overflow_state *state = overflow_of(set);
	struct overflow_entry *entry = find_entry(state, code);
	if (!entry)
		return papi_error_set(PAPI_EINVAL,
		                      "event %#x of event set %d has no overflow to turn off",
		                      (unsigned)code, set->id);
	if (!state->software) {
		int status = route(set, event_native(set, code), 0);
		if (status != PAPI_OK)
			return status;
	}
	profile_free(entry->profile);
	*entry = state->entries[--state->count];
	if (state->count == 0) {
		overflow_forget(set);
		return PAPI_OK;
	}
	bool profiling = false;
	for (int e = 0; e < state->count; e++)
		profiling |= state->entries[e].profile != NULL;
	if (!profiling)
		set->flags &= ~PAPI_PROFILING;
	return PAPI_OK;
}

static int turn_on(struct eventset *set, int code, long long threshold, bool software,
                   PAPI_overflow_handler_t handler, struct profile *profile)
{
	struct overflow_state *state = &set->overflow;
	bool fresh = !state->active;
	if (fresh) {
		memset(state, 0, sizeof(*state));
		signals_timer_init(&state->timer);
		state->active = true;
		state->software = software;
	}
	struct overflow_entry *entry = find_entry(state, code);
	if (!entry && state->count == MAX_OVERFLOWS) {
		if (fresh)
			release_state(set);
		return papi_error_set(PAPI_ECOUNT, "at most %d events of a set overflow",
		                      MAX_OVERFLOWS);
	}
	if (!software) {
		int status = route(set, event_native(set, code), threshold);
		if (status != PAPI_OK) {
			if (fresh)
				release_state(set);
			return status;
		}
	}
	if (!entry) {
		entry = &state->entries[state->count++];
		memset(entry, 0, sizeof(*entry));
		entry->code = code;
	} else {
		profile_free(entry->profile);
	}
	entry->threshold = threshold;
	entry->profile = profile;
	if (handler)
		state->handler = handler;
	set->flags |= profile ? PAPI_PROFILING : PAPI_OVERFLOWING;
	if (software)
		counting_listen(set, &software_listener, set);
	return PAPI_OK;
}

int overflow_set(struct eventset *set, int code, int threshold, int flags,
                 PAPI_overflow_handler_t handler, struct profile *profile)
{
	int index = eventset_event_index(set, code);
	int status = check_request(set, code, threshold, index);
	if (status != PAPI_OK)
		return status;
	if (threshold == 0)
		return turn_off(set, code);
	if (!handler && !profile)
		return papi_error_set(PAPI_EINVAL, "an overflow needs a handler");
	bool software = true;
	status = choose_mode(set, index, threshold, flags, &software);
	if (status != PAPI_OK)
		return status;
	return turn_on(set, code, threshold, software, handler, profile);
}

/* Software path: the timer's tick in the owner thread. */
static void software_tick(void *arg, const siginfo_t *info, void *context)
{
	(void)info;
	struct eventset *set = arg;
	struct overflow_state *state = overflow_of(set);
	if (!state || state->scratch_natives < set->native_count ||
	    state->scratch_events < set->event_count ||
	    !counting_tick_begin(set, state->native_values, state->event_values))
		return; /* an API call reads the set: the next tick catches up */
	long long vector = 0;
	struct profile *profiles[MAX_OVERFLOWS];
	long long weights[MAX_OVERFLOWS];
	int profiled = 0;
	for (int e = 0; e < state->count; e++) {
		struct overflow_entry *entry = &state->entries[e];
		int index = eventset_event_index(set, entry->code);
		long long value = index >= 0 ? state->event_values[index] : 0;
		if (index < 0 || value < entry->deadline)
			continue;
		long long weight =
		    entry->threshold > 0 ? (value - entry->previous) / entry->threshold : 1;
		entry->previous = value;
		entry->deadline = value + entry->threshold;
		if (entry->profile) {
			profiles[profiled] = entry->profile;
			weights[profiled++] = weight;
		} else {
			vector |= (long long)(1ull << set->events[index].terms[0]);
		}
	}
	PAPI_overflow_handler_t handler = state->handler;
	int id = set->id;
	counting_tick_end(set);
	void *address = signals_context_address(context);
	for (int p = 0; p < profiled; p++)
		profile_record(profiles[p], address, weights[p]);
	if (vector && handler)
		handler(id, address, vector, context);
}

static void reset_deadlines(struct overflow_state *state)
{
	for (int e = 0; e < state->count; e++) {
		state->entries[e].deadline = state->entries[e].threshold;
		state->entries[e].previous = 0;
	}
}

/* The set started: arm the timer. */
static int software_started(void *arg)
{
	struct eventset *set = arg;
	struct overflow_state *state = overflow_of(set);
	int native_count = set->native_count;
	int event_count = set->event_count;
	reset_deadlines(state);
	if (state->scratch_natives < native_count || state->scratch_events < event_count) {
		long long *natives = calloc((size_t)native_count + 1, sizeof(long long));
		long long *events = calloc((size_t)event_count + 1, sizeof(long long));
		if (!natives || !events) {
			free(natives);
			free(events);
			return papi_error_set(PAPI_ENOMEM, "no memory for software overflow");
		}
		free(state->native_values);
		free(state->event_values);
		state->native_values = natives;
		state->event_values = events;
		state->scratch_natives = native_count;
		state->scratch_events = event_count;
	}
	struct timer_settings timers;
	signals_timer_settings(&timers);
	return signals_timer_start(&state->timer, counting_clock(set), threads_gettid(), timers.ns,
	                           software_tick, set);
}

static void software_stopping(void *arg)
{
	struct overflow_state *state = overflow_of(arg);
	if (state)
		signals_timer_stop(&state->timer);
}

/* The counters restarted from zero (PAPI_reset, PAPI_accum). */
static void software_restarted(void *arg)
{
	struct overflow_state *state = overflow_of(arg);
	if (state)
		reset_deadlines(state);
}

static const struct counting_listener software_listener = {
    .started = software_started,
    .stopping = software_stopping,
    .restarted = software_restarted,
};

int overflow_event_indexes(const struct eventset *set, long long vector, int *array, int *number)
{
	if (!array || !number)
		return papi_error_set(PAPI_EINVAL, "array or number is NULL");
	if (*number < 1)
		return papi_error_set(PAPI_EINVAL, "*number is %d: the array holds no index",
		                      *number);
	if (vector == 0)
		return papi_error_set(PAPI_EINVAL, "the overflow vector is empty");
	int event_count = set->event_count;
	if (event_count == 0)
		return papi_error_set(PAPI_EINVAL, "event set %d is empty", set->id);
	int found = 0;
	for (int i = 0; i < event_count && found < *number; i++) {
		int native = set->events[i].terms[0];
		if (native < MAX_OVERFLOWS && (vector & (long long)(1ull << native)))
			array[found++] = i;
	}
	*number = found;
	return PAPI_OK;
}
