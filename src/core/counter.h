// SPDX-License-Identifier: BSD-3-Clause
/* One control of one component, and how its counts are taken: through the
 * component's own start, stop, read, accum and reset, or, for counters that
 * never stop (CAP_FREE_RUNNING), from snapshots the core keeps: a start
 * takes the counters' values as a base, a read gives the counters less the
 * base, a reset or an accum moves the base, a stop reads a last time and
 * leaves the counters running. Either way a counter behaves like a stoppable
 * control (counts since the last start, reset or accum), so the dispatcher
 * (dispatch.c) and the software multiplexer's slices (multiplex.c) use the
 * same calls whatever the component.
 *
 * A free-running component may say per native what its values are
 * (component_value_kind): sums subtract the base as integers or as doubles,
 * values of the moment are the reading itself. It may give the base with a
 * read_base of its own (a read that hands nothing to the caller).
 *
 * Reads go through the component's user_read (CAP_USER_READ, no system
 * call) while the set's PAPI_USER_READ_* mode allows it, else its read. */
#ifndef PAPILLON_COUNTER_H
#define PAPILLON_COUNTER_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

#include "component.h"

struct counter {
	const struct component_ops *ops;
	void *control; /* NULL until counter_init succeeds */
	bool free_running;
	bool user_reads; /* the component reads in user space (user_read) */
	const atomic_int *user_read_mode;
	int count; /* natives in the control */
	/* Free-running counters: the raw values at the last start, reset or
	 * accum (less what PAPI_write set), and scratch for a raw read. */
	long long *base;
	long long *raw;
	/* Free-running counters with a native that is not an integer sum:
	 * each native's enum component_value_kind. NULL when every one is an
	 * integer sum (the plain loops, as for hardware counters). */
	unsigned char *kinds;
};

/* What a read of the counter calls: fn(arg, values). */
typedef int (*counter_read_fn)(void *arg, long long *values);

/* Allocates and initialises a control of component cidx. */
int counter_init(struct counter *counter, int cidx);
void counter_cleanup(struct counter *counter);
/* The component's control_update; on failure the counter is unchanged. */
int counter_update(struct counter *counter, const struct component_event *events, int count,
                   const struct counting_options *options);

int counter_start(struct counter *counter);
/* values may be NULL. */
int counter_stop(struct counter *counter, long long *values);
int counter_read(struct counter *counter, long long *values);
/* Adds the counts since the last start, reset or accum to values; restarts.
 * Per native as counter_combine says. */
int counter_accum(struct counter *counter, long long *values);
/* total and more counts of native index together, as an accum makes them:
 * integers add, fp64 sums add as doubles, a value of the moment is more
 * (the latest reading). */
long long counter_combine(const struct counter *counter, int index, long long total,
                          long long more);
int counter_reset(struct counter *counter);

/* Whether every native is an integer sum (hardware counters, not every
 * software-defined event): what the software multiplexer can add up and
 * scale. */
bool counter_integer_sums(const struct counter *counter);

/* The function and argument a read of the running counter calls, for the
 * dispatcher's direct path: the component's read itself where nothing
 * stands between, so that PAPI_read jumps straight to it. */
counter_read_fn counter_read_function(struct counter *counter, void **arg);

/* PAPI_event_times of native index: the component's event_times;
 * PAPI_ENOSUPP where it has none, and for snapshots (the core keeps no
 * times for them). */
int counter_event_times(const struct counter *counter, int index, long long *enabled_ns,
                        long long *running_ns);
/* The part of elapsed_ns native index counted, by the component's times
 * since the last start, reset or accum (the kernel may keep a control off
 * its counters for part of them: another user holds the counters); all of
 * it where the component keeps no times. Async-signal-safe, for the
 * software multiplexer's timer: it asks only a component that has them. */
long long counter_counted_share(const struct counter *counter, int index, long long elapsed_ns);
/* How native index of the running counter is read by the calling thread:
 * PAPI_READ_PATH_USER or _SYSCALL, with the reason in text. */
int counter_read_path(const struct counter *counter, int index, char *text, size_t text_len);

/* Whether the counter can be set to given values: snapshots can (the base
 * moves), and components with CAP_WRITE and a write op. */
bool counter_can_write(const struct counter *counter);
/* Later reads count on from values (per native). Snapshots with a value of
 * the moment refuse (PAPI_ENOSUPP): nothing counts on from it. */
int counter_write(struct counter *counter, const long long *values);

#endif
