// SPDX-License-Identifier: BSD-3-Clause
/* Multiplexing: more events than the hardware counts at once.
 *
 * Components with CAP_KERNEL_MULTIPLEX multiplex in the kernel (the core
 * only sets counting_options.multiplex); for the others, and with
 * PAPI_MULTIPLEX_FORCE_SW, the core's software multiplexer splits the
 * natives into slices the component can count together and rotates them on
 * a timer, scaling each native's count by the share of time it counted.
 *
 * The multiplexer knows components and counters (counter.h), not event
 * sets: the dispatcher (dispatch.c) creates one for a set and calls it. */
#ifndef PAPILLON_MULTIPLEX_H
#define PAPILLON_MULTIPLEX_H

#include <time.h>

#include "component.h"
#include "core/guard.h"

/* Upper bound of natives in one multiplexed set (PAPI_MAX_MPX_CTRS). */
#define MULTIPLEX_MAX_EVENTS 512

struct mpx_state;

/* A multiplexer over component cidx, at most counters natives per slice
 * (1 when counters <= 0), rotating every period_ns. Its timer ticks take
 * guard (the set's), and a rotation they cannot do becomes the guard's
 * deferred work. set_id names the set in messages. */
int multiplex_create(int cidx, int counters, long long period_ns, struct guard *guard, int set_id,
                     struct mpx_state **out);
void multiplex_destroy(struct mpx_state *mpx);
/* The software multiplexer's version of control_update. */
int multiplex_update(struct mpx_state *mpx, const struct component_event *natives, int count,
                     const struct counting_options *options);

/* Counting; values are per native, scaled. Called with the set's guard.
 * clock: the clock the set's time runs on (the owner's CPU time, or
 * monotonic). */
int multiplex_start(struct mpx_state *mpx, clockid_t clock);
int multiplex_stop(struct mpx_state *mpx, long long *native_values);
int multiplex_read(struct mpx_state *mpx, long long *native_values);
int multiplex_accum(struct mpx_state *mpx, long long *native_deltas);
int multiplex_reset(struct mpx_state *mpx);
/* PAPI_event_times for native (a position in the set's native list): the
 * set's time and the part of it the native counted, as the last read, accum
 * or stop scaled with. PAPI_ENOTRUN when not started since the last update. */
int multiplex_event_times(const struct mpx_state *mpx, int native, long long *enabled_ns,
                          long long *running_ns);

#endif
