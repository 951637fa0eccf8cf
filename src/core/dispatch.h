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

#endif
