// SPDX-License-Identifier: BSD-3-Clause
/* The guard of timer-driven event sets (see guard.h). A thread is named by
 * the address of one of its thread-local variables: unique among live
 * threads, free to compute, and usable from a signal handler. */
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>
#include <string.h>

#include "papi.h"
#include "util/error.h"
#include "core/guard.h"

static _Thread_local char thread_mark;

static uintptr_t this_thread(void)
{
	return (uintptr_t)&thread_mark;
}

void guard_init(struct guard *guard)
{
	memset(guard, 0, sizeof(*guard));
	atomic_init(&guard->holder, 0);
	atomic_init(&guard->pending, 0);
}

int guard_enter(struct guard *guard, int set_id)
{
	if (!guard->active)
		return PAPI_OK;
	uintptr_t self = this_thread();
	for (;;) {
		uintptr_t expected = 0;
		if (atomic_compare_exchange_weak_explicit(&guard->holder, &expected, self,
		                                          memory_order_acquire,
		                                          memory_order_relaxed))
			return PAPI_OK;
		if (expected == self)
			return papi_error_set(PAPI_EMISC,
			                      "event set %d is in use by the code this thread's "
			                      "signal handler interrupted",
			                      set_id);
		if (expected != 0)
			sched_yield(); /* a timer handler in another thread: brief */
	}
}

void guard_leave(struct guard *guard)
{
	if (!guard->active)
		return;
	atomic_store_explicit(&guard->holder, 0, memory_order_release);
	/* A tick came while we held it: do its work now. */
	while (atomic_exchange(&guard->pending, 0)) {
		if (!guard_try_enter(guard))
			return; /* someone else holds it and will see the note */
		if (guard->deferred)
			guard->deferred(guard->deferred_arg);
		atomic_store_explicit(&guard->holder, 0, memory_order_release);
	}
}

bool guard_try_enter(struct guard *guard)
{
	uintptr_t expected = 0;
	if (atomic_compare_exchange_strong_explicit(&guard->holder, &expected, this_thread(),
	                                            memory_order_acquire, memory_order_relaxed))
		return true;
	atomic_store(&guard->pending, 1);
	return false;
}

void guard_leave_quietly(struct guard *guard)
{
	atomic_store_explicit(&guard->holder, 0, memory_order_release);
}
