// SPDX-License-Identifier: BSD-3-Clause
/* How an event set counts: the path its counts come from (the counter or
 * the software multiplexer, chosen in counting_path), the options, the
 * direct read PAPI_read takes, the event values made of native values, and
 * the timer-driven listener (software overflow). The entry points that use
 * all this are dispatch.c's; the record is core/eventset_record.h. */
#include "config.h"

#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>

#include "papi.h"
#include "core/counter.h"
#include "core/eventset_record.h"
#include "core/eventset_table.h"
#include "util/error.h"
#include "core/guard.h"
#include "core/library.h"
#include "core/multiplex.h"
#include "core/derived.h"
#include "core/signals.h"

/* ---- the path: the software multiplexer or the counter ------------------- */

static int counter_path_update(struct eventset *set, const struct component_event *natives,
                               int count, const struct counting_options *options)
{
	return counter_update(&set->counter, natives, count, options);
}

static int counter_path_start(struct eventset *set)
{
	return counter_start(&set->counter);
}

static int counter_path_stop(struct eventset *set, long long *natives)
{
	return counter_stop(&set->counter, natives);
}

static int counter_path_read(struct eventset *set, long long *natives)
{
	return counter_read(&set->counter, natives);
}

static int counter_path_accum(struct eventset *set, long long *natives)
{
	return counter_accum(&set->counter, natives);
}

static int counter_path_reset(struct eventset *set)
{
	return counter_reset(&set->counter);
}

static int counter_path_event_times(struct eventset *set, int native, long long *enabled_ns,
                                    long long *running_ns)
{
	return counter_event_times(&set->counter, native, enabled_ns, running_ns);
}

static int counter_path_read_path(struct eventset *set, int native, char *text, size_t text_len)
{
	return counter_read_path(&set->counter, native, text, text_len);
}

static const struct path_ops counter_path = {
    .update = counter_path_update,
    .start = counter_path_start,
    .stop = counter_path_stop,
    .read = counter_path_read,
    .accum = counter_path_accum,
    .reset = counter_path_reset,
    .event_times = counter_path_event_times,
    .read_path = counter_path_read_path,
};

static int multiplexer_path_update(struct eventset *set, const struct component_event *natives,
                                   int count, const struct counting_options *options)
{
	if (count > MULTIPLEX_MAX_EVENTS)
		return papi_error_set(PAPI_ECOUNT,
		                      "a multiplexed event set holds at most %d native events",
		                      MULTIPLEX_MAX_EVENTS);
	return multiplex_update(set->mpx, natives, count, options);
}

static int multiplexer_path_start(struct eventset *set)
{
	return multiplex_start(set->mpx, counting_clock(set));
}

static int multiplexer_path_stop(struct eventset *set, long long *natives)
{
	return multiplex_stop(set->mpx, natives);
}

static int multiplexer_path_read(struct eventset *set, long long *natives)
{
	return multiplex_read(set->mpx, natives);
}

static int multiplexer_path_accum(struct eventset *set, long long *natives)
{
	long long deltas[set->native_count > 0 ? set->native_count : 1];
	int status = multiplex_accum(set->mpx, deltas);
	for (int n = 0; status == PAPI_OK && n < set->native_count; n++)
		natives[n] += deltas[n];
	return status;
}

static int multiplexer_path_reset(struct eventset *set)
{
	return multiplex_reset(set->mpx);
}

static int multiplexer_path_event_times(struct eventset *set, int native, long long *enabled_ns,
                                        long long *running_ns)
{
	return multiplex_event_times(set->mpx, native, enabled_ns, running_ns);
}

static int multiplexer_path_read_path(struct eventset *set, int native, char *text, size_t text_len)
{
	(void)set;
	(void)native;
	snprintf(text, text_len,
	         "syscall: software multiplexing (every slice switch reads its counters with "
	         "read())");
	return PAPI_READ_PATH_SYSCALL;
}

static const struct path_ops multiplexer_path = {
    .update = multiplexer_path_update,
    .start = multiplexer_path_start,
    .stop = multiplexer_path_stop,
    .read = multiplexer_path_read,
    .accum = multiplexer_path_accum,
    .reset = multiplexer_path_reset,
    .event_times = multiplexer_path_event_times,
    .read_path = multiplexer_path_read_path,
};

const struct path_ops *counting_path(const struct eventset *set)
{
	return set->mpx ? &multiplexer_path : &counter_path;
}

bool counting_path_is_counter(const struct eventset *set)
{
	return set->mpx == NULL;
}

/* ---- event values --------------------------------------------------------- */

void events_compute(const struct eventset_event *events, int event_count, const long long *natives,
                    const long long *offsets, long long *values)
{
	for (int i = 0; i < event_count; i++) {
		const struct eventset_event *event = &events[i];
		long long terms[PAPI_MAX_INFO_TERMS];
		for (int t = 0; t < event->term_count; t++)
			terms[t] = natives[event->terms[t]];
		values[i] = event->derived == NOT_DERIVED
		                ? terms[0]
		                : derived_evaluate(event->derived, event->postfix, terms,
		                                   event->term_count);
		if (offsets)
			values[i] += offsets[i];
	}
}

void counting_compute(const struct eventset *set, const long long *natives, long long *values)
{
	events_compute(set->events, set->event_count, natives, set->write_offsets, values);
}

static bool is_identity(const struct eventset_event *events, int event_count, int native_count)
{
	if (event_count != native_count)
		return false;
	for (int i = 0; i < event_count; i++)
		if (events[i].derived != NOT_DERIVED || events[i].term_count != 1 ||
		    events[i].terms[0] != i)
			return false;
	return true;
}

/* What PAPI_read calls now: the direct read while the set runs, else
 * nothing (read_other). */
void counting_publish_fast_read(struct eventset *set)
{
	counter_read_fn read = set->running ? set->direct_read : NULL;
	eventset_table_publish_read(set->id, read, set->direct_arg);
}

/* Sets whether reads may skip the mapping and the guard (direct: then the
 * counter is the path, nothing stands between), and the direct read. */
static void refresh_direct(struct eventset *set)
{
	set->guard.active = set->mpx != NULL || set->listener != NULL;
	set->direct = set->identity && !set->write_offsets && !set->guard.active;
	set->direct_read = NULL;
	set->direct_arg = NULL;
	if (set->direct)
		set->direct_read = counter_read_function(&set->counter, &set->direct_arg);
	counting_publish_fast_read(set);
}

/* Drops PAPI_write offsets: reads go straight to the counters again. */
void counting_clear_write_offsets(struct eventset *set)
{
	if (!set->write_offsets)
		return; /* direct is already right: only writes change it */
	free(set->write_offsets);
	set->write_offsets = NULL;
	refresh_direct(set);
}

void counting_set_write_offsets(struct eventset *set, long long *offsets)
{
	set->write_offsets = offsets;
	refresh_direct(set);
}

void counting_forget_stop_error(struct eventset *set)
{
	set->stop_error = PAPI_OK;
	free(set->stop_reason);
	set->stop_reason = NULL;
}

bool counting_counts_caller(const struct eventset *set)
{
	return set->options.tid == 0 && set->options.cpu < 0;
}

/* ---- the counting state of the record ------------------------------------ */

void counting_init(struct eventset *set)
{
	set->cidx = -1;
	set->owner = pthread_self();
	guard_init(&set->guard);
	struct counting_options *options = &set->options;
	options->domain = papillon_library.default_domain;
	options->granularity = papillon_library.default_granularity;
	options->cpu = -1;
	if (options->granularity == PAPI_GRN_SYS) {
		int cpu = sched_getcpu(); /* PAPI_GRN_SYS counts the CPU we run on */
		options->cpu = cpu >= 0 ? cpu : 0;
	}
	atomic_init(&set->user_read_mode, PAPI_USER_READ_AUTO);
	options->user_read = &set->user_read_mode;
}

void counting_release(struct eventset *set)
{
	multiplex_destroy(set->mpx);
	counter_cleanup(&set->counter);
	free(set->native_values);
	free(set->stopped_values);
	free(set->write_offsets);
	free(set->stop_reason);
}

int counting_bind(struct eventset *set, int cidx)
{
	int status = counter_init(&set->counter, cidx);
	if (status == PAPI_OK)
		set->cidx = cidx;
	return status;
}

bool eventset_owned_by_caller(const struct eventset *set)
{
	return pthread_equal(set->owner, pthread_self());
}

int eventset_check_owner(const struct eventset *set)
{
	if (!counting_counts_caller(set) || eventset_owned_by_caller(set))
		return PAPI_OK;
	return papi_error_set(PAPI_EINVAL,
	                      "event set %d belongs to the thread that created it and counts "
	                      "that thread: only it may start, stop or change the set (or attach "
	                      "the set to a thread with PAPI_attach)",
	                      set->id);
}

int counting_update(struct eventset *set, const struct component_event *natives, int native_count,
                    const struct eventset_event *events, int event_count,
                    const long long *kept_values)
{
	long long *native_values =
	    calloc((size_t)(native_count ? native_count : 1), sizeof(long long));
	long long *stopped_values =
	    calloc((size_t)(event_count ? event_count : 1), sizeof(long long));
	if (!native_values || !stopped_values) {
		free(native_values);
		free(stopped_values);
		return papi_error_set(PAPI_ENOMEM, "no memory for the event set's values");
	}
	int status = counting_path(set)->update(set, natives, native_count, &set->options);
	if (status != PAPI_OK) {
		free(native_values);
		free(stopped_values);
		return status;
	}
	if (kept_values)
		memcpy(stopped_values, kept_values, sizeof(long long) * (size_t)event_count);
	free(set->native_values);
	free(set->stopped_values);
	free(set->write_offsets);
	set->write_offsets = NULL;
	set->native_values = native_values;
	set->stopped_values = stopped_values;
	counting_forget_stop_error(set);
	set->identity = is_identity(events, event_count, native_count);
	refresh_direct(set);
	return PAPI_OK;
}

const struct counting_options *eventset_options(const struct eventset *set)
{
	return &set->options;
}

int counting_apply_options(struct eventset *set, const struct counting_options *options)
{
	if (set->cidx >= 0 && set->native_count > 0) {
		int status =
		    counting_path(set)->update(set, set->natives, set->native_count, options);
		if (status != PAPI_OK)
			return status;
	}
	set->options = *options;
	set->options.user_read = &set->user_read_mode;
	return PAPI_OK;
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

int eventset_user_read(const struct eventset *set)
{
	return atomic_load_explicit(&set->user_read_mode, memory_order_relaxed);
}

int counting_use_multiplexer(struct eventset *set, long long period_ns)
{
	if (set->native_count > MULTIPLEX_MAX_EVENTS)
		return papi_error_set(PAPI_ECOUNT,
		                      "a multiplexed event set holds at most %d native events",
		                      MULTIPLEX_MAX_EVENTS);
	if (period_ns <= 0) {
		struct timer_settings timers;
		signals_timer_settings(&timers);
		period_ns = timers.ns;
	}
	int counters = papillon_component_info[set->cidx].num_cntrs;
	struct mpx_state *mpx;
	int status = multiplex_create(set->cidx, counters, period_ns, &set->guard, set->id, &mpx);
	if (status != PAPI_OK)
		return status;
	status = multiplex_update(mpx, set->natives, set->native_count, &set->options);
	if (status == PAPI_OK && set->native_count > 0) {
		/* The slices hold the events now: free the counter's. */
		status = counter_update(&set->counter, NULL, 0, &set->options);
	}
	if (status != PAPI_OK) {
		multiplex_destroy(mpx);
		return status;
	}
	set->mpx = mpx;
	refresh_direct(set);
	return PAPI_OK;
}

void counting_drop_multiplexer(struct eventset *set)
{
	multiplex_destroy(set->mpx);
	set->mpx = NULL;
	set->options.multiplex = 0;
	refresh_direct(set);
}

bool eventset_multiplexed_in_software(const struct eventset *set)
{
	return set->mpx != NULL;
}

clockid_t counting_clock(const struct eventset *set)
{
	struct timer_settings timers;
	signals_timer_settings(&timers);
	clockid_t clock = CLOCK_MONOTONIC;
	if (timers.itimer_num != ITIMER_REAL && counting_counts_caller(set) &&
	    pthread_getcpuclockid(set->owner, &clock) != 0)
		clock = CLOCK_MONOTONIC;
	return clock;
}

void counting_listen(struct eventset *set, const struct counting_listener *listener, void *arg)
{
	set->listener = listener;
	set->listener_arg = listener ? arg : NULL;
	refresh_direct(set);
}

bool counting_tick_begin(struct eventset *set, long long *natives, long long *events)
{
	if (!guard_try_enter(&set->guard))
		return false; /* an API call works on the set: the next tick catches up */
	if (!set->running || counting_path(set)->read(set, natives) != PAPI_OK) {
		guard_leave_quietly(&set->guard);
		return false;
	}
	counting_compute(set, natives, events);
	return true;
}

void counting_tick_end(struct eventset *set)
{
	guard_leave_quietly(&set->guard);
}
