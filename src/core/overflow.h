// SPDX-License-Identifier: BSD-3-Clause
/* Overflow: call a handler every `threshold` events (PAPI_overflow), and
 * profiling built on it (profil.c).
 *
 * Delivered by the component (CAP_HW_OVERFLOW: an interrupt and a signal;
 * CAP_USER_OVERFLOW: its own user-mode handler, no signal): the natives'
 * overflow thresholds go to the component, which calls back with the
 * native's index and the sampled address. Software path
 * (PAPI_OVERFLOW_FORCE_SW, derived events, components that deliver no
 * overflow): a timer in the owner thread reads the counters through the
 * dispatcher and calls the handler for each event past its next threshold,
 * with the interrupted address. */
#ifndef PAPILLON_OVERFLOW_H
#define PAPILLON_OVERFLOW_H

#include "papi.h"
#include "core/eventset.h"

/* What an overflow of one event does: the user's handler, or a profile. */
struct profile;

int overflow_set(struct eventset *set, int code, int threshold, int flags,
                 PAPI_overflow_handler_t handler, struct profile *profile);
/* Forgets every overflow (PAPI_cleanup_eventset, PAPI_shutdown). */
void overflow_forget(struct eventset *set);
/* Is the event set to overflow? (PAPI_remove_event refuses then.) */
bool overflow_uses_event(const struct eventset *set, int code);
int overflow_event_indexes(const struct eventset *set, long long vector, int *array, int *number);
/* The profile of an event (NULL: none), for PAPI_profil's bookkeeping. */
struct profile *overflow_profile(const struct eventset *set, int code);

#endif
