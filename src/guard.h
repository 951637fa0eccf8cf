/* Serialises work on the control of a set driven by a library timer (its
 * software multiplexer or software overflow) between API calls, from any
 * thread, and the timer's signal handler in the owner thread. The handler
 * never waits: finding the guard taken, it leaves a note (guard_pending)
 * and the API call that holds the guard does the deferred work on leaving.
 * Sets without a timer (guarded false) pay nothing. */
#ifndef PAPILLON_GUARD_H
#define PAPILLON_GUARD_H

#include <stdbool.h>

#include "eventset.h"

/* For API calls: waits for another thread's holder; fails (PAPI_EMISC)
 * when this thread holds it already (an API call from a signal handler that
 * interrupted one on the same set). No-op for unguarded sets. */
int guard_enter(struct eventset *set);
void guard_leave(struct eventset *set);
/* For the timer handler: false (and a pending note) if the guard is taken. */
bool guard_try_enter(struct eventset *set);
void guard_leave_quietly(struct eventset *set);

#endif
