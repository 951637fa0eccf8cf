/* The guard of timer-driven event sets (see guard.h). A thread is named by
 * the address of one of its thread-local variables: unique among live
 * threads, free to compute, and usable from a signal handler. */
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>

#include "papi.h"
#include "error.h"
#include "guard.h"
#include "multiplex.h"

static _Thread_local char thread_mark;

static uintptr_t this_thread(void)
{
	return (uintptr_t)&thread_mark;
}

int guard_enter(struct eventset *set)
{
	if (!set->guarded)
		return PAPI_OK;
	uintptr_t self = this_thread();
	for (;;) {
		uintptr_t expected = 0;
		if (atomic_compare_exchange_weak_explicit(
		        &set->guard, &expected, self, memory_order_acquire, memory_order_relaxed))
			return PAPI_OK;
		if (expected == self)
			return papi_error_set(PAPI_EMISC,
			                      "event set %d is in use by the code this thread's "
			                      "signal handler interrupted",
			                      set->id);
		if (expected != 0)
			sched_yield(); /* a timer handler in another thread: brief */
	}
}

void guard_leave(struct eventset *set)
{
	if (!set->guarded)
		return;
	atomic_store_explicit(&set->guard, 0, memory_order_release);
	/* A tick came while we held it: do its rotation now. */
	while (atomic_exchange(&set->guard_pending, 0)) {
		if (!guard_try_enter(set))
			return; /* someone else holds it and will see the note */
		if (set->mpx)
			multiplex_catch_up(set);
		atomic_store_explicit(&set->guard, 0, memory_order_release);
	}
}

bool guard_try_enter(struct eventset *set)
{
	uintptr_t expected = 0;
	if (atomic_compare_exchange_strong_explicit(&set->guard, &expected, this_thread(),
	                                            memory_order_acquire, memory_order_relaxed))
		return true;
	atomic_store(&set->guard_pending, 1);
	return false;
}

void guard_leave_quietly(struct eventset *set)
{
	atomic_store_explicit(&set->guard, 0, memory_order_release);
}
