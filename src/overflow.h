/* Overflow: call a handler every `threshold` events (PAPI_overflow), and
 * profiling built on it (profil.c).
 *
 * Hardware path (component with CAP_HW_OVERFLOW): the natives' overflow
 * thresholds go to the component, which interrupts on each overflow and
 * calls back with the native's index and the sampled address. Software path
 * (PAPI_OVERFLOW_FORCE_SW, derived events, components without interrupts):
 * a timer in the owner thread reads the counters and calls the handler for
 * each event past its next threshold, with the interrupted address. */
#ifndef PAPILLON_OVERFLOW_H
#define PAPILLON_OVERFLOW_H

#include "papi.h"
#include "eventset.h"

/* What an overflow of one event does: the user's handler, or a profile. */
struct profile;

int overflow_set(struct eventset *set, int code, int threshold, int flags,
                 PAPI_overflow_handler_t handler, struct profile *profile);
/* Forgets every overflow (PAPI_cleanup_eventset, destroy). */
void overflow_forget(struct eventset *set);
/* Does the set overflow in software (a timer reads its control)? */
bool overflow_needs_guard(const struct eventset *set);
/* Is the event set to overflow? (PAPI_remove_event refuses then.) */
bool overflow_uses_event(const struct eventset *set, int code);
/* Software path: arms and disarms the timer around counting. */
int overflow_start(struct eventset *set);
void overflow_stop(struct eventset *set);
/* The counters restarted from zero (PAPI_reset, PAPI_accum). */
void overflow_reset(struct eventset *set);
int overflow_event_indexes(const struct eventset *set, long long vector, int *array, int *number);
/* The profile of an event (NULL: none), for PAPI_profil's bookkeeping. */
struct profile *overflow_profile(const struct eventset *set, int code);

#endif
