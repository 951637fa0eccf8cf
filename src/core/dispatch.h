// SPDX-License-Identifier: BSD-3-Clause
/* The counting dispatcher: how an event set counts.
 *
 * Every counting call of the API (PAPI_start, PAPI_stop, PAPI_read,
 * PAPI_accum, PAPI_reset, PAPI_write, PAPI_event_times, PAPI_event_read_path)
 * is one dispatch_* call here, by event-set id. Behind it the counts come
 * from one of two paths, chosen in one place (path_of in dispatch.c): the
 * set's counter (counter.h: the component's control, through its own
 * start/stop or through snapshots of free-running counters), or the
 * software multiplexer (multiplex.h) rotating several counters. The
 * dispatcher also turns native counts into event values (derived
 * arithmetic, PAPI_write offsets), keeps the values of a stopped set, and
 * enforces "one running event set per component per thread" (running_sets.h).
 *
 * A set's counting record (struct counting) is created and fed by
 * eventset.c, which owns what the set counts (events, natives, options as
 * the user set them) and hands the dispatcher read-only views of them. */
#ifndef PAPILLON_DISPATCH_H
#define PAPILLON_DISPATCH_H

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#include "papi.h"
#include "component.h"

/* One event as the user added it: a native event, or a preset made of
 * several natives combined by a derived operation. */
struct eventset_event {
	int code;
	int derived; /* NOT_DERIVED or DERIVED_* */
	int term_count;
	int terms[PAPI_MAX_INFO_TERMS]; /* positions in the native list */
	char postfix[PAPI_2MAX_STR_LEN];
};

/* Event values from native values: derived arithmetic, then the offsets
 * PAPI_write left (offsets may be NULL). */
void events_compute(const struct eventset_event *events, int event_count, const long long *natives,
                    const long long *offsets, long long *values);

struct counting;

/* ---- the counting entry points, by event-set id ------------------------- */

int dispatch_start(int id);
int dispatch_stop(int id, long long *values);
int dispatch_read(int id, long long *values);
int dispatch_accum(int id, long long *values);
int dispatch_reset(int id);
int dispatch_write(int id, const long long *values);
int dispatch_event_times(int id, int index, long long *enabled_ns, long long *running_ns);
/* How event index of running set id is read now: PAPI_READ_PATH_* or an
 * error; reason (may be NULL) says why. */
int dispatch_read_path(int id, int index, char *reason, size_t reason_len);
/* Stops set id without values if it runs (PAPI_shutdown). */
void dispatch_halt(int id);
/* Once per process, before the first PAPI_start: the fork handler that
 * clears the child's record of running sets. */
void dispatch_init(void);

/* ---- the counting record, for eventset.c --------------------------------- */

/* A record for a set created by the calling thread, counting with the
 * library's default domain and granularity. */
struct counting *counting_create(void);
/* The set's id, once the table gave it one (for messages). */
void counting_identify(struct counting *counting, int id);
void counting_destroy(struct counting *counting);
/* Binds the record to component cidx (allocates its control). */
int counting_bind(struct counting *counting, int cidx);
/* The component, or -1 while unbound. */
int counting_component(const struct counting *counting);
bool counting_running(const struct counting *counting);
/* PAPI_OK when the calling thread may start, stop or change the set: the
 * thread that created it (whose counts it holds), or any thread once the
 * set is attached to a thread or a CPU. */
int counting_check_owner(const struct counting *counting);
bool counting_owned_by_caller(const struct counting *counting);

/* Counts natives[0..native_count) for events[0..event_count) from now on:
 * the arrays stay the caller's and must live until the next update.
 * kept_values (may be NULL: zeros): what the events read while stopped. On
 * failure nothing changed. */
int counting_update(struct counting *counting, const struct component_event *natives,
                    int native_count, const struct eventset_event *events, int event_count,
                    const long long *kept_values);
/* Reopens the control(s) for the same natives (their overflow thresholds
 * changed in place). */
int counting_reopen(struct counting *counting);
/* What the events read while the set is stopped. */
const long long *counting_stopped_values(const struct counting *counting);

const struct counting_options *counting_options(const struct counting *counting);
/* New options; reopens the control(s) when the set has events. */
int counting_apply_options(struct counting *counting, const struct counting_options *options);
/* PAPI_set_user_read / PAPI_get_user_read. */
int counting_set_user_read(struct counting *counting, int mode);
int counting_user_read(const struct counting *counting);

/* The software multiplexer takes over, rotating every period_ns (0:
 * PAPI_DEF_MPX_NS), or gives back (at clean-up: options.multiplex off too). */
int counting_use_multiplexer(struct counting *counting, long long period_ns);
void counting_drop_multiplexer(struct counting *counting);
bool counting_multiplexed_in_software(const struct counting *counting);

/* The clock a library timer of this set runs on: the CPU time of the
 * thread it counts, or monotonic (another task, a CPU, ITIMER_REAL). */
clockid_t counting_clock(const struct counting *counting);

/* A timer-driven user of the set (software overflow): told when counting
 * starts (after the counters), stops (before them) and restarts from zero
 * (reset, accum). While one listens, the set's counters are guarded and
 * never read on the direct path. */
struct counting_listener {
	int (*started)(void *arg);
	void (*stopping)(void *arg);
	void (*restarted)(void *arg);
};
/* listener NULL: none. */
void counting_listen(struct counting *counting, const struct counting_listener *listener,
                     void *arg);
/* From a timer's signal handler: takes the guard (false if an API call
 * holds it, or the set is not running, or the read failed) and reads the
 * natives and the event values; counting_tick_end releases the guard. */
bool counting_tick_begin(struct counting *counting, long long *natives, long long *events);
void counting_tick_end(struct counting *counting);

#endif
