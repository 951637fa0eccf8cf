/* Event set table and state machine. */
#include "config.h"

#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "papi.h"
#include "error.h"
#include "eventset.h"
#include "library.h"
#include "multiplex.h"
#include "native_table.h"
#include "overflow.h"
#include "presets.h"

#define SET_CHUNK_BITS 8
#define SET_CHUNK_SIZE (1 << SET_CHUNK_BITS)
#define SET_MAX_CHUNKS 256 /* 65536 event sets */

/* Chunks of slots never move, so a lookup takes no lock. */
static struct eventset *_Atomic *set_chunks[SET_MAX_CHUNKS];
/* Adaptive: threads of a parallel region create their sets at once (see
 * threads.c). */
static pthread_mutex_t sets_lock = PTHREAD_ADAPTIVE_MUTEX_INITIALIZER_NP;

static struct eventset *_Atomic *slot_of(int id)
{
	if (id < 0 || id >= SET_MAX_CHUNKS * SET_CHUNK_SIZE)
		return NULL;
	struct eventset *_Atomic *chunk = set_chunks[id >> SET_CHUNK_BITS];
	return chunk ? &chunk[id & (SET_CHUNK_SIZE - 1)] : NULL;
}

struct eventset *eventset_lookup(int id)
{
	struct eventset *_Atomic *slot = slot_of(id);
	return slot ? atomic_load_explicit(slot, memory_order_acquire) : NULL;
}

int eventset_create(int *id)
{
	struct eventset *set = calloc(1, sizeof(*set));
	if (!set)
		return papi_error_set(PAPI_ENOMEM, "no memory for a new event set");
	set->cidx = -1;
	set->state = PAPI_STOPPED;
	set->owner = pthread_self();
	set->options.domain = papillon_library.default_domain;
	set->options.granularity = papillon_library.default_granularity;
	set->options.cpu = -1;
	atomic_init(&set->user_read_mode, PAPI_USER_READ_AUTO);
	set->options.user_read = &set->user_read_mode;
	if (set->options.granularity == PAPI_GRN_SYS) {
		int cpu = sched_getcpu(); /* PAPI_GRN_SYS counts the CPU we run on */
		set->options.cpu = cpu >= 0 ? cpu : 0;
	}

	pthread_mutex_lock(&sets_lock);
	int chosen = -1;
	for (int chunk = 0; chunk < SET_MAX_CHUNKS && chosen < 0; chunk++) {
		if (!set_chunks[chunk]) {
			set_chunks[chunk] = calloc(SET_CHUNK_SIZE, sizeof(*set_chunks[chunk]));
			if (!set_chunks[chunk])
				break;
		}
		for (int i = 0; i < SET_CHUNK_SIZE; i++) {
			if (!atomic_load_explicit(&set_chunks[chunk][i], memory_order_relaxed)) {
				chosen = chunk * SET_CHUNK_SIZE + i;
				break;
			}
		}
	}
	if (chosen >= 0) {
		set->id = chosen;
		atomic_store_explicit(slot_of(chosen), set, memory_order_release);
	}
	pthread_mutex_unlock(&sets_lock);
	if (chosen < 0) {
		free(set);
		return papi_error_set(PAPI_ENOMEM, "no event set slot left");
	}
	*id = chosen;
	return PAPI_OK;
}

static void release_arrays(struct eventset *set)
{
	free(set->events);
	free(set->natives);
	free(set->native_users);
	free(set->native_values);
	free(set->stopped_values);
	free(set->write_offsets);
	set->events = NULL;
	set->natives = NULL;
	set->native_users = NULL;
	set->native_values = NULL;
	set->stopped_values = NULL;
	set->write_offsets = NULL;
	set->event_count = set->event_capacity = set->native_count = 0;
}

int eventset_destroy(int *id)
{
	struct eventset *set = eventset_lookup(*id);
	if (!set)
		return papi_error_set(PAPI_ENOEVST, "event set %d does not exist", *id);
	if (set->state & PAPI_RUNNING)
		return papi_error_set(PAPI_EISRUN, "event set %d is running: stop it first", *id);
	if (set->event_count > 0)
		return papi_error_set(PAPI_EINVAL,
		                      "event set %d still has %d events: clean it up first", *id,
		                      set->event_count);
	overflow_forget(set);
	multiplex_free(set);
	pthread_mutex_lock(&sets_lock);
	atomic_store_explicit(slot_of(set->id), NULL, memory_order_release);
	pthread_mutex_unlock(&sets_lock);
	if (set->control) {
		papillon_components[set->cidx]->control_cleanup(set->control);
		free(set->control);
	}
	release_arrays(set);
	free(set);
	*id = PAPI_NULL;
	return PAPI_OK;
}

int eventset_assign_component(struct eventset *set, int cidx)
{
	if (library_check_component(cidx) != PAPI_OK)
		return PAPI_ENOCMP;
	if (set->cidx >= 0)
		return papi_error_set(PAPI_EINVAL, "event set %d is already bound to component %s",
		                      set->id, papillon_components[set->cidx]->name);
	if (!papillon_library.component_ready[cidx])
		return papi_error_set(PAPI_ECMP_DISABLED, "component %s is disabled: %s",
		                      papillon_components[cidx]->name,
		                      papillon_library.component_info[cidx].disabled_reason);
	const struct component_ops *ops = papillon_components[cidx];
	void *control = calloc(1, ops->control_size ? ops->control_size : 1);
	if (!control)
		return papi_error_set(PAPI_ENOMEM, "no memory for the event set's control");
	int status = ops->control_init(control);
	if (status != PAPI_OK) {
		free(control);
		return status;
	}
	set->control = control;
	set->cidx = cidx;
	return PAPI_OK;
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

static bool compute_direct_map(const struct eventset *set)
{
	if (set->event_count != set->native_count || set->write_offsets || set->guarded)
		return false;
	for (int i = 0; i < set->event_count; i++) {
		const struct eventset_event *event = &set->events[i];
		if (event->derived != NOT_DERIVED || event->term_count != 1 || event->terms[0] != i)
			return false;
	}
	return true;
}

/* The component's control_update, or the software multiplexer's. */
static int update_control(struct eventset *set, const struct component_event *natives, int count,
                          const struct counting_options *options)
{
	if (set->mpx)
		return multiplex_update(set, natives, count, options);
	return papillon_components[set->cidx]->control_update(set->control, natives, count,
	                                                      options);
}

/* Installs a new native list: the component reopens its hardware first, and
 * only if that works does the set change. */
static int install_natives(struct eventset *set, struct component_event *natives, int *users,
                           int native_count, struct eventset_event *events, int event_count)
{
	if (set->mpx && native_count > MULTIPLEX_MAX_EVENTS)
		return papi_error_set(PAPI_ECOUNT,
		                      "a multiplexed event set holds at most %d native events",
		                      MULTIPLEX_MAX_EVENTS);
	int status = update_control(set, natives, native_count, &set->options);
	if (status != PAPI_OK)
		return status;
	size_t native_bytes = sizeof(long long) * (size_t)(native_count ? native_count : 1);
	size_t event_bytes = sizeof(long long) * (size_t)(event_count ? event_count : 1);
	long long *native_values = calloc(1, native_bytes);
	long long *stopped_values = calloc(1, event_bytes);
	if (!native_values || !stopped_values) {
		free(native_values);
		free(stopped_values);
		update_control(set, set->natives, set->native_count, &set->options);
		return papi_error_set(PAPI_ENOMEM, "no memory for the event set's values");
	}
	free(set->natives);
	free(set->native_users);
	free(set->native_values);
	free(set->stopped_values);
	free(set->write_offsets);
	set->write_offsets = NULL;
	if (set->events != events)
		free(set->events);
	set->natives = natives;
	set->native_users = users;
	set->native_count = native_count;
	set->events = events;
	set->event_count = event_count;
	set->native_values = native_values;
	set->stopped_values = stopped_values;
	set->direct_map = compute_direct_map(set);
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
	if (set->state & PAPI_RUNNING)
		return papi_error_set(PAPI_EISRUN, "cannot add to event set %d while it runs",
		                      set->id);
	int owner_status = eventset_check_owner(set);
	if (owner_status != PAPI_OK)
		return owner_status;
	if (!(code & (PAPI_PRESET_MASK | PAPI_NATIVE_MASK)))
		return papi_error_set(PAPI_EINVAL, "%#x is neither a preset nor a native code",
		                      (unsigned)code);
	for (int i = 0; i < set->event_count; i++)
		if (set->events[i].code == code)
			return papi_error_set(PAPI_ECNFLCT, "event %#x is already in event set %d",
			                      (unsigned)code, set->id);
	struct eventset_event event;
	int codes[PAPI_MAX_INFO_TERMS];
	int status = expand_code(code, &event, codes);
	if (status != PAPI_OK)
		return status;

	/* Every term must be countable and belong to the set's component. */
	const void *encodings[PAPI_MAX_INFO_TERMS];
	for (int t = 0; t < event.term_count; t++) {
		const struct native_entry *entry = native_table_get(codes[t]);
		if (!entry)
			return papi_error_set(PAPI_EBUG, "preset term %#x is unknown",
			                      (unsigned)codes[t]);
		if (!papillon_library.component_ready[entry->cidx])
			return papi_error_set(
			    PAPI_ECMP_DISABLED, "event %s belongs to disabled component %s: %s",
			    entry->name, papillon_components[entry->cidx]->name,
			    papillon_library.component_info[entry->cidx].disabled_reason);
		if (set->cidx >= 0 && set->cidx != entry->cidx)
			return papi_error_set(
			    PAPI_EINVAL, "event %s belongs to component %s, event set %d to %s",
			    entry->name, papillon_components[entry->cidx]->name, set->id,
			    papillon_components[set->cidx]->name);
		status = native_table_encoding(codes[t], &encodings[t]);
		if (status != PAPI_OK)
			return status;
	}
	if (set->cidx < 0) {
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
	status = install_natives(set, natives, users, native_count, events, set->event_count + 1);
	if (status != PAPI_OK) {
		free(natives);
		free(users);
		free(events);
	}
	return status;
}

int eventset_remove(struct eventset *set, int code)
{
	if (set->state & PAPI_RUNNING)
		return papi_error_set(PAPI_EISRUN, "cannot remove from event set %d while it runs",
		                      set->id);
	int owner_status = eventset_check_owner(set);
	if (owner_status != PAPI_OK)
		return owner_status;
	int index = -1;
	for (int i = 0; i < set->event_count; i++)
		if (set->events[i].code == code)
			index = i;
	if (index < 0)
		return papi_error_set(PAPI_EINVAL, "event %#x is not in event set %d",
		                      (unsigned)code, set->id);
	if (overflow_uses_event(set, code))
		return papi_error_set(PAPI_EINVAL,
		                      "event %#x overflows or profiles in event set %d: turn that "
		                      "off first (threshold 0)",
		                      (unsigned)code, set->id);

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
	for (int i = 0, j = 0; i < set->event_count; i++) {
		if (i == index)
			continue;
		events[j] = set->events[i];
		kept_values[j] = set->stopped_values[i];
		for (int t = 0; t < events[j].term_count; t++)
			events[j].terms[t] = renumber[events[j].terms[t]];
		j++;
	}
	free(renumber);
	int status = install_natives(set, natives, users, native_count, events, event_count);
	if (status == PAPI_OK) {
		/* The other events keep what they counted up to the last stop. */
		memcpy(set->stopped_values, kept_values, sizeof(long long) * (size_t)event_count);
	} else {
		free(events);
		free(natives);
		free(users);
	}
	free(kept_values);
	return status;
}

int eventset_cleanup(struct eventset *set)
{
	if (set->state & PAPI_RUNNING)
		return papi_error_set(PAPI_EISRUN, "cannot clean up event set %d while it runs",
		                      set->id);
	/* As in PAPI, a cleaned-up set is a plain stopped set again: overflow
	 * off first (its sampling closes with the natives still known). */
	overflow_forget(set);
	if (set->cidx >= 0) {
		int status = update_control(set, NULL, 0, &set->options);
		if (status != PAPI_OK)
			return status;
	}
	multiplex_disable(set);
	release_arrays(set);
	set->state = PAPI_STOPPED | (set->state & (PAPI_ATTACHED | PAPI_CPU_ATTACHED));
	set->direct_map = true;
	return PAPI_OK;
}

int eventset_apply_options(struct eventset *set, const struct counting_options *options)
{
	if (set->state & PAPI_RUNNING)
		return papi_error_set(PAPI_EISRUN, "cannot change event set %d while it runs",
		                      set->id);
	if (set->cidx >= 0 && set->native_count > 0) {
		int status = update_control(set, set->natives, set->native_count, options);
		if (status != PAPI_OK)
			return status;
	}
	set->options = *options;
	return PAPI_OK;
}

int eventset_reopen(struct eventset *set)
{
	if (set->cidx < 0 || set->native_count == 0)
		return PAPI_OK;
	return update_control(set, set->natives, set->native_count, &set->options);
}

int eventset_set_user_read(struct eventset *set, int mode)
{
	if (mode != PAPI_USER_READ_OFF && mode != PAPI_USER_READ_AUTO)
		return papi_error_set(PAPI_EINVAL,
		                      "user read mode %d is neither PAPI_USER_READ_OFF (%d) nor "
		                      "PAPI_USER_READ_AUTO (%d)",
		                      mode, PAPI_USER_READ_OFF, PAPI_USER_READ_AUTO);
	atomic_store_explicit(&set->user_read_mode, mode, memory_order_relaxed);
	return PAPI_OK;
}

/* A preset of several natives is read in user space only if all of them
 * are; the reason is the first native's that is not, else the first's. */
int eventset_read_path(struct eventset *set, int index, char *reason, size_t reason_len)
{
	if (index < 0 || index >= set->event_count)
		return papi_error_set(PAPI_EINVAL, "event set %d has no event %d (it holds %d)",
		                      set->id, index, set->event_count);
	if (!(set->state & PAPI_RUNNING))
		return papi_error_set(PAPI_ENOTRUN,
		                      "event set %d is not running: an event has a read path only "
		                      "while it counts (the counter holding it is chosen at start)",
		                      set->id);
	const struct component_ops *ops = papillon_components[set->cidx];
	char chosen[PAPI_HUGE_STR_LEN] = "";
	int path = PAPI_READ_PATH_SYSCALL;
	if (set->mpx) {
		snprintf(chosen, sizeof(chosen),
		         "syscall: software multiplexing (every slice switch reads its counters "
		         "with read())");
	} else if (!ops->read_path) {
		snprintf(chosen, sizeof(chosen),
		         "syscall: the %s component reads counters only "
		         "with system calls",
		         ops->name);
	} else {
		const struct eventset_event *event = &set->events[index];
		path = PAPI_READ_PATH_USER;
		for (int t = 0; t < event->term_count; t++) {
			char text[PAPI_HUGE_STR_LEN] = "";
			int status =
			    ops->read_path(set->control, event->terms[t], text, sizeof(text));
			if (status < 0)
				return status;
			if (t == 0 ||
			    (status == PAPI_READ_PATH_SYSCALL && path == PAPI_READ_PATH_USER))
				snprintf(chosen, sizeof(chosen), "%s", text);
			if (status == PAPI_READ_PATH_SYSCALL)
				path = PAPI_READ_PATH_SYSCALL;
		}
	}
	if (reason && reason_len > 0)
		snprintf(reason, reason_len, "%s", chosen);
	return path;
}

int eventset_check_owner(const struct eventset *set)
{
	if (set->options.tid > 0 || set->options.cpu >= 0 ||
	    pthread_equal(set->owner, pthread_self()))
		return PAPI_OK;
	return papi_error_set(PAPI_EINVAL,
	                      "event set %d belongs to the thread that created it and counts "
	                      "that thread: only it may start, stop or change the set (or attach "
	                      "the set to a thread with PAPI_attach)",
	                      set->id);
}

void eventset_refresh_direct_map(struct eventset *set)
{
	set->guarded = set->mpx != NULL || overflow_needs_guard(set);
	set->direct_map = compute_direct_map(set);
}

void eventset_compute(const struct eventset *set, const long long *native, long long *values)
{
	for (int i = 0; i < set->event_count; i++) {
		const struct eventset_event *event = &set->events[i];
		long long terms[PAPI_MAX_INFO_TERMS];
		for (int t = 0; t < event->term_count; t++)
			terms[t] = native[event->terms[t]];
		values[i] = event->derived == NOT_DERIVED
		                ? terms[0]
		                : derived_evaluate(event->derived, event->postfix, terms,
		                                   event->term_count);
		if (set->write_offsets)
			values[i] += set->write_offsets[i];
	}
}

void eventset_clear_write_offsets(struct eventset *set)
{
	if (!set->write_offsets)
		return; /* direct_map is already right: only writes change it */
	free(set->write_offsets);
	set->write_offsets = NULL;
	set->direct_map = compute_direct_map(set);
}

void eventset_destroy_all(void)
{
	for (int id = 0; id < SET_MAX_CHUNKS * SET_CHUNK_SIZE; id++) {
		if (!set_chunks[id >> SET_CHUNK_BITS]) {
			id |= SET_CHUNK_SIZE - 1;
			continue;
		}
		struct eventset *set = eventset_lookup(id);
		if (!set)
			continue;
		if ((set->state & PAPI_RUNNING) && set->cidx >= 0) {
			overflow_stop(set);
			if (set->mpx)
				multiplex_stop(set, NULL);
			else
				papillon_components[set->cidx]->stop(set->control, NULL);
		}
		set->state = PAPI_STOPPED;
		eventset_cleanup(set);
		int doomed = id;
		eventset_destroy(&doomed);
	}
}
