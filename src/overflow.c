/* Overflow dispatch (see overflow.h).
 *
 * The overflow vector has bit n set for the set's native n, the "hardware
 * position" PAPI_get_overflow_event_index turns back into event indexes;
 * only the first 64 natives can overflow. One mode per set: hardware or
 * software, as PAPI documents.
 *
 * Hardware: the component calls overflow_fire from its signal handler in the
 * owner thread, once per overflow. Software: a timer on the owner's CPU
 * clock (PAPI_DEF_ITIMER_NS, 10 ms by default) reads the set, and an event
 * whose value passed its deadline overflows; the next deadline is its value
 * plus the threshold. The handler is called after the set's guard is
 * released, so it may read the set. */
#include "config.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>

#include "papi.h"
#include "error.h"
#include "guard.h"
#include "library.h"
#include "overflow.h"
#include "presets.h"
#include "profil.h"
#include "signals.h"
#include "threads.h"

#define MAX_OVERFLOWS 64

struct overflow_entry {
	int code;
	long long threshold;
	long long deadline;      /* software: the value that overflows next */
	long long previous;      /* software: the value at the last overflow */
	struct profile *profile; /* NULL: the handler */
};

struct overflow_state {
	PAPI_overflow_handler_t handler;
	bool software;
	int count;
	struct overflow_entry entries[MAX_OVERFLOWS];
	struct core_timer timer;
	long long *native_values; /* software: scratch of the tick */
	long long *event_values;
	int scratch_natives;
	int scratch_events;
};

static int event_index(const struct eventset *set, int code)
{
	for (int i = 0; i < set->event_count; i++)
		if (set->events[i].code == code)
			return i;
	return -1;
}

/* The native whose bit stands for the event in the overflow vector. */
static int event_native(const struct eventset *set, int code)
{
	int index = event_index(set, code);
	return index < 0 ? -1 : set->events[index].terms[0];
}

static struct overflow_entry *find_entry(struct overflow_state *state, int code)
{
	for (int e = 0; state && e < state->count; e++)
		if (state->entries[e].code == code)
			return &state->entries[e];
	return NULL;
}

bool overflow_needs_guard(const struct eventset *set)
{
	return set->overflow && set->overflow->software;
}

bool overflow_uses_event(const struct eventset *set, int code)
{
	return find_entry(set->overflow, code) != NULL;
}

struct profile *overflow_profile(const struct eventset *set, int code)
{
	struct overflow_entry *entry = find_entry(set->overflow, code);
	return entry ? entry->profile : NULL;
}

/* Called in the owner thread's signal handler (hardware path). */
static void hardware_fire(void *cookie, int native, void *address, void *context)
{
	struct eventset *set = eventset_lookup((int)(intptr_t)cookie);
	struct overflow_state *state = set ? set->overflow : NULL;
	if (!state || native < 0 || native >= MAX_OVERFLOWS)
		return;
	for (int e = 0; e < state->count; e++) {
		struct overflow_entry *entry = &state->entries[e];
		if (event_native(set, entry->code) != native)
			continue;
		if (entry->profile)
			profile_record(entry->profile, address, 1);
		else if (state->handler)
			state->handler(set->id, address, (long long)(1ull << native), context);
		return;
	}
}

static void release_state(struct eventset *set)
{
	struct overflow_state *state = set->overflow;
	if (!state)
		return;
	signals_timer_stop(&state->timer);
	for (int e = 0; e < state->count; e++)
		profile_free(state->entries[e].profile);
	free(state->native_values);
	free(state->event_values);
	free(state);
	set->overflow = NULL;
}

void overflow_forget(struct eventset *set)
{
	if (!set->overflow)
		return;
	if (!set->overflow->software) {
		for (int n = 0; n < set->native_count; n++)
			set->natives[n].overflow_threshold = 0;
		eventset_reopen(set); /* closes the sampling: no handler runs after */
	}
	release_state(set);
	set->options.overflow_fire = NULL;
	set->options.overflow_cookie = NULL;
	set->state &= ~(PAPI_OVERFLOWING | PAPI_PROFILING);
	eventset_refresh_direct_map(set);
}

/* Which path this call asks for; PAPI_OK or why it cannot be. */
static int choose_mode(const struct eventset *set, int index, int flags, bool *software)
{
	bool can_hardware = (papillon_components[set->cidx]->capabilities & CAP_HW_OVERFLOW) != 0;
	bool derived =
	    set->events[index].derived != NOT_DERIVED || set->events[index].term_count != 1;
	if ((flags & PAPI_OVERFLOW_HARDWARE) && (flags & PAPI_OVERFLOW_FORCE_SW))
		return papi_error_set(PAPI_EINVAL,
		                      "PAPI_OVERFLOW_HARDWARE and PAPI_OVERFLOW_FORCE_SW together");
	if ((flags & PAPI_OVERFLOW_HARDWARE) && !can_hardware)
		return papi_error_set(PAPI_ECMP, "component %s has no overflow interrupt",
		                      papillon_components[set->cidx]->name);
	*software = (flags & PAPI_OVERFLOW_FORCE_SW) || !can_hardware;
	if (derived && !*software)
		return papi_error_set(PAPI_EINVAL,
		                      "event %#x is derived from several counters: it cannot "
		                      "overflow in hardware (use PAPI_OVERFLOW_FORCE_SW)",
		                      (unsigned)set->events[index].code);
	if (set->overflow && set->overflow->count > 0 && set->overflow->software != *software)
		return papi_error_set(PAPI_ECNFLCT,
		                      "event set %d already overflows in %s: one kind of overflow "
		                      "per event set",
		                      set->id, set->overflow->software ? "software" : "hardware");
	return PAPI_OK;
}

static int check_request(struct eventset *set, int code, int threshold, int index)
{
	if (set->state & PAPI_RUNNING)
		return papi_error_set(PAPI_EISRUN, "event set %d is running: stop it first",
		                      set->id);
	if (threshold < 0)
		return papi_error_set(PAPI_EINVAL, "overflow threshold %d is negative", threshold);
	if (index < 0)
		return papi_error_set(PAPI_ENOEVNT, "event %#x is not in event set %d",
		                      (unsigned)code, set->id);
	if (set->mpx)
		return papi_error_set(PAPI_ECNFLCT,
		                      "event set %d is multiplexed in software: it cannot overflow",
		                      set->id);
	if (threshold > 0 && set->events[index].terms[0] >= MAX_OVERFLOWS)
		return papi_error_set(PAPI_ECOUNT,
		                      "only the first %d native events of a set can overflow",
		                      MAX_OVERFLOWS);
	return eventset_check_owner(set);
}

static int turn_off(struct eventset *set, int code)
{
	struct overflow_state *state = set->overflow;
	struct overflow_entry *entry = find_entry(state, code);
	if (!entry)
		return papi_error_set(PAPI_EINVAL,
		                      "event %#x of event set %d has no overflow to turn off",
		                      (unsigned)code, set->id);
	if (!state->software) {
		int native = event_native(set, code);
		long long kept = set->natives[native].overflow_threshold;
		set->natives[native].overflow_threshold = 0;
		int status = eventset_reopen(set);
		if (status != PAPI_OK) {
			set->natives[native].overflow_threshold = kept;
			return status;
		}
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
		set->state &= ~PAPI_PROFILING;
	return PAPI_OK;
}

static int turn_on(struct eventset *set, int code, long long threshold, bool software,
                   PAPI_overflow_handler_t handler, struct profile *profile)
{
	bool fresh = set->overflow == NULL;
	if (fresh) {
		set->overflow = calloc(1, sizeof(*set->overflow));
		if (!set->overflow)
			return papi_error_set(PAPI_ENOMEM, "no memory for overflow state");
		signals_timer_init(&set->overflow->timer);
		set->overflow->software = software;
	}
	struct overflow_state *state = set->overflow;
	struct overflow_entry *entry = find_entry(state, code);
	if (!entry && state->count == MAX_OVERFLOWS) {
		if (fresh)
			release_state(set);
		return papi_error_set(PAPI_ECOUNT, "at most %d events of a set overflow",
		                      MAX_OVERFLOWS);
	}
	if (!software) {
		int native = event_native(set, code);
		long long kept = set->natives[native].overflow_threshold;
		struct counting_options kept_options = set->options;
		set->natives[native].overflow_threshold = threshold;
		set->options.signal_tid = threads_gettid();
		set->options.overflow_fire = hardware_fire;
		set->options.overflow_cookie = (void *)(intptr_t)set->id;
		int status = eventset_reopen(set);
		if (status != PAPI_OK) {
			set->natives[native].overflow_threshold = kept;
			set->options = kept_options;
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
	set->state |= profile ? PAPI_PROFILING : PAPI_OVERFLOWING;
	eventset_refresh_direct_map(set);
	return PAPI_OK;
}

int overflow_set(struct eventset *set, int code, int threshold, int flags,
                 PAPI_overflow_handler_t handler, struct profile *profile)
{
	int index = event_index(set, code);
	int status = check_request(set, code, threshold, index);
	if (status != PAPI_OK)
		return status;
	if (threshold == 0)
		return turn_off(set, code);
	if (!handler && !profile)
		return papi_error_set(PAPI_EINVAL, "an overflow needs a handler");
	bool software = true;
	status = choose_mode(set, index, flags, &software);
	if (status != PAPI_OK)
		return status;
	return turn_on(set, code, threshold, software, handler, profile);
}

/* Software path: the timer's tick in the owner thread. */
static void software_tick(void *arg, const siginfo_t *info, void *context)
{
	(void)info;
	struct eventset *set = arg;
	if (!guard_try_enter(set))
		return; /* an API call reads the set: the next tick catches up */
	struct overflow_state *state = set->overflow;
	if (!state || !(set->state & PAPI_RUNNING) || state->scratch_natives < set->native_count ||
	    state->scratch_events < set->event_count ||
	    papillon_components[set->cidx]->read(set->control, state->native_values) != PAPI_OK) {
		guard_leave_quietly(set);
		return;
	}
	eventset_compute(set, state->native_values, state->event_values);
	long long vector = 0;
	struct profile *profiles[MAX_OVERFLOWS];
	long long weights[MAX_OVERFLOWS];
	int profiled = 0;
	for (int e = 0; e < state->count; e++) {
		struct overflow_entry *entry = &state->entries[e];
		int index = event_index(set, entry->code);
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
	guard_leave_quietly(set);
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

int overflow_start(struct eventset *set)
{
	struct overflow_state *state = set->overflow;
	if (!state || !state->software)
		return PAPI_OK;
	reset_deadlines(state);
	if (state->scratch_natives < set->native_count ||
	    state->scratch_events < set->event_count) {
		long long *natives = calloc((size_t)set->native_count + 1, sizeof(long long));
		long long *events = calloc((size_t)set->event_count + 1, sizeof(long long));
		if (!natives || !events) {
			free(natives);
			free(events);
			return papi_error_set(PAPI_ENOMEM, "no memory for software overflow");
		}
		free(state->native_values);
		free(state->event_values);
		state->native_values = natives;
		state->event_values = events;
		state->scratch_natives = set->native_count;
		state->scratch_events = set->event_count;
	}
	struct timer_settings timers;
	signals_timer_settings(&timers);
	clockid_t clock = CLOCK_MONOTONIC;
	if (timers.itimer_num != ITIMER_REAL && set->options.tid == 0 && set->options.cpu < 0 &&
	    pthread_getcpuclockid(set->owner, &clock) != 0)
		clock = CLOCK_MONOTONIC;
	return signals_timer_start(&state->timer, clock, threads_gettid(), timers.ns, software_tick,
	                           set);
}

void overflow_stop(struct eventset *set)
{
	if (set->overflow && set->overflow->software)
		signals_timer_stop(&set->overflow->timer);
}

void overflow_reset(struct eventset *set)
{
	if (set->overflow && set->overflow->software)
		reset_deadlines(set->overflow);
}

int overflow_event_indexes(const struct eventset *set, long long vector, int *array, int *number)
{
	if (!array || !number)
		return papi_error_set(PAPI_EINVAL, "array or number is NULL");
	if (*number < 1)
		return papi_error_set(PAPI_EINVAL, "*number is %d: the array holds no index",
		                      *number);
	if (vector == 0)
		return papi_error_set(PAPI_EINVAL, "the overflow vector is empty");
	if (set->event_count == 0)
		return papi_error_set(PAPI_EINVAL, "event set %d is empty", set->id);
	int found = 0;
	for (int i = 0; i < set->event_count && found < *number; i++) {
		int native = set->events[i].terms[0];
		if (native < MAX_OVERFLOWS && (vector & (long long)(1ull << native)))
			array[found++] = i;
	}
	*number = found;
	return PAPI_OK;
}
