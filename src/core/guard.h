// SPDX-License-Identifier: BSD-3-Clause
/* Serialises work on the controls of an event set driven by a library timer
 * (its software multiplexer or software overflow) between API calls, from
 * any thread, and the timer's signal handler in the owner thread. The
 * handler never waits: finding the guard taken, it leaves a note (pending)
 * and the API call that holds the guard does the deferred work on leaving.
 * A guard that is not active (no timer drives the set) costs nothing.
 *
 * The guard knows nothing of event sets: its owner says what deferred work
 * is, so that the modules that use it (dispatch.c, multiplex.c, overflow.c)
 * depend on it and not on each other. */
#ifndef PAPILLON_GUARD_H
#define PAPILLON_GUARD_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

struct guard {
	bool active;             /* a library timer drives the controls */
	atomic_uintptr_t holder; /* the thread at work on them, 0: none */
	atomic_int pending;      /* a timer tick found the guard taken */
	/* What a tick could not do while the guard was held (the software
	 * multiplexer's rotation); NULL: nothing. */
	void (*deferred)(void *arg);
	void *deferred_arg;
};

void guard_init(struct guard *guard);
/* For API calls: waits for another thread's holder; fails (PAPI_EMISC,
 * naming event set set_id) when this thread holds it already (an API call
 * from a signal handler that interrupted one on the same set). No-op for an
 * inactive guard. */
int guard_enter(struct guard *guard, int set_id);
void guard_leave(struct guard *guard);
/* For the timer handler: false (and a pending note) if the guard is taken. */
bool guard_try_enter(struct guard *guard);
void guard_leave_quietly(struct guard *guard);

#endif
