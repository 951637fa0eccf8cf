/* Multiplexing: more events than the hardware counts at once.
 *
 * Components with CAP_KERNEL_MULTIPLEX multiplex in the kernel (the core
 * only sets counting_options.multiplex); for the others, and with
 * PAPI_MULTIPLEX_FORCE_SW, the core's software multiplexer splits the
 * natives into slices the component can count together and rotates them on
 * a timer, scaling each native's count by the share of time it counted. */
#ifndef PAPILLON_MULTIPLEX_H
#define PAPILLON_MULTIPLEX_H

#include "eventset.h"

/* Upper bound of natives in one multiplexed set (PAPI_MAX_MPX_CTRS). */
#define MULTIPLEX_MAX_EVENTS 512

/* PAPI_set_multiplex / PAPI_set_opt(PAPI_MULTIPLEX): flags PAPI_MULTIPLEX_*,
 * ns the slice length (0: PAPI_DEF_MPX_NS). */
int multiplex_enable(struct eventset *set, int flags, long long ns);
/* Turns multiplexing off (PAPI_cleanup_eventset); the set must be stopped. */
void multiplex_disable(struct eventset *set);
/* The software multiplexer's version of control_update. */
int multiplex_update(struct eventset *set, const struct component_event *natives, int count,
                     const struct counting_options *options);
void multiplex_free(struct eventset *set);

/* Counting; values are per native, scaled. Called with the set's guard. */
int multiplex_start(struct eventset *set);
int multiplex_stop(struct eventset *set, long long *native_values);
int multiplex_read(struct eventset *set, long long *native_values);
int multiplex_accum(struct eventset *set, long long *native_deltas);
int multiplex_reset(struct eventset *set);
/* PAPI_event_times for native (a position in the set's native list): the
 * set's time and the part of it the native counted, as the last read, accum
 * or stop scaled with. PAPI_ENOTRUN when not started since the last update. */
int multiplex_event_times(const struct eventset *set, int native, long long *enabled_ns,
                          long long *running_ns);
/* A rotation a timer tick could not do while the guard was taken. */
void multiplex_catch_up(struct eventset *set);

#endif
