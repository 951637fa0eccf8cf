// SPDX-License-Identifier: BSD-3-Clause
/* The counting dispatcher: how an event set counts.
 *
 * Every counting call of the API (PAPI_start, PAPI_stop, PAPI_read,
 * PAPI_accum, PAPI_reset, PAPI_write, PAPI_event_times, PAPI_event_read_path)
 * is one dispatch_* call here, by event-set id. Behind it the counts come
 * from one of two paths, chosen in one place (counting_path in counting.c): the
 * set's counter (counter.h: the component's control, through its own
 * start/stop or through snapshots of free-running counters), or the
 * software multiplexer (multiplex.h) rotating several counters. The
 * dispatcher also turns native counts into event values (derived
 * arithmetic, PAPI_write offsets), keeps the values of a stopped set, and
 * enforces "one running event set per component per thread" (running_sets.h).
 *
 * The state these calls work on is the set's record (core/eventset_record.h,
 * private to src/core/); how a set counts is counting.c's. */
#ifndef PAPILLON_DISPATCH_H
#define PAPILLON_DISPATCH_H

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#include "papi.h"
#include "component.h"
#include "core/eventset_table.h"

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

/* ---- the counting entry points, by event-set id ------------------------- */

int dispatch_start(int id);
int dispatch_stop(int id, long long *values);
/* PAPI_read: inline, so that the entry point is the lookup itself. */
static inline int dispatch_read(int id, long long *values);
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

/* Every read but the direct one (errors, stopped sets, derived events,
 * written offsets, a library timer): dispatch_read's slow path. */
int dispatch_read_other(int id, long long *values);

/* A running set read directly has its read in its table slot: a bounds
 * check, the values check, one load and a jump to the component's read. */
static inline int dispatch_read(int id, long long *values)
{
	if (__builtin_expect((unsigned)id < EVENTSET_MAX_IDS && values != NULL, 1)) {
		counter_read_fn read =
		    atomic_load_explicit(&eventset_slots[id].read, memory_order_acquire);
		if (__builtin_expect(read != NULL, 1))
			return read(atomic_load_explicit(&eventset_slots[id].read_arg,
			                                 memory_order_relaxed),
			            values);
	}
	return dispatch_read_other(id, values);
}

#endif
