// SPDX-License-Identifier: BSD-3-Clause
/*
 * PAPIF_overflow: overflow with a Fortran handler. A Fortran SUBROUTINE receives every
 * argument by reference, so it cannot be PAPI_overflow's C handler; each event set's Fortran
 * handler is kept in a table, and one C handler looks it up and calls it with references:
 *
 *   subroutine handler(event_set, address, overflow_vector, context)
 *     integer event_set; integer*8 address, overflow_vector, context
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>

#include "fortran/papif.h"

typedef void (*fortran_overflow_handler)(int *event_set, long long *address,
                                         long long *overflow_vector, long long *context);

/* Event sets with a Fortran handler at once; past this, PAPIF_overflow answers PAPI_ENOMEM. */
#define FORTRAN_HANDLER_SLOTS 256

/* The handler runs in a signal handler: lookups read atomics only, never take the lock. */
static struct {
	atomic_int event_set; /* PAPI_NULL: free */
	_Atomic(fortran_overflow_handler) handler;
} handlers[FORTRAN_HANDLER_SLOTS];
static atomic_int slots_used;
static pthread_mutex_t registration = PTHREAD_MUTEX_INITIALIZER;

static fortran_overflow_handler handler_of(int event_set)
{
	int used = atomic_load(&slots_used);
	for (int i = 0; i < used; i++)
		if (atomic_load(&handlers[i].event_set) == event_set)
			return atomic_load(&handlers[i].handler);
	return NULL;
}

/*
 * One handler per event set, as in the C API: a later registration replaces it. A slot is
 * never given back (an event set may still overflow on another event), and an event set id
 * that comes back after a destroy takes over its slot.
 */
static int register_handler(int event_set, fortran_overflow_handler handler)
{
	int rc = PAPI_OK;
	pthread_mutex_lock(&registration);
	int used = atomic_load(&slots_used), i;
	for (i = 0; i < used; i++)
		if (atomic_load(&handlers[i].event_set) == event_set)
			break;
	if (i == FORTRAN_HANDLER_SLOTS) {
		rc = PAPI_ENOMEM;
	} else {
		atomic_store(&handlers[i].handler, handler);
		if (i == used) {
			atomic_store(&handlers[i].event_set, event_set);
			atomic_store(&slots_used, used + 1);
		}
	}
	pthread_mutex_unlock(&registration);
	return rc;
}

static void call_fortran_handler(int event_set, void *address, long long overflow_vector,
                                 void *context)
{
	fortran_overflow_handler handler = handler_of(event_set);
	if (handler == NULL)
		return;
	long long fortran_address = (long long)(uintptr_t)address;
	long long fortran_context = (long long)(uintptr_t)context;
	handler(&event_set, &fortran_address, &overflow_vector, &fortran_context);
}

/* threshold 0 turns overflow off for that event (PAPI_overflow's meaning). */
PAPIF_ENTRY(overflow, OVERFLOW,
            (int *event_set, int *event_code, int *threshold, int *flags,
             fortran_overflow_handler handler, int *check))
{
	if (*threshold != 0 && handler == NULL) {
		*check = PAPI_EINVAL;
		return;
	}
	if (*threshold != 0) {
		*check = register_handler(*event_set, handler);
		if (*check != PAPI_OK)
			return;
	}
	*check = PAPI_overflow(*event_set, *event_code, *threshold, *flags,
	                       *threshold != 0 ? call_fortran_handler : NULL);
}

/* PAPI_get_overflow_event_index: the indices of the set's events that overflowed. */
PAPIF_ENTRY(get_overflow_event_index, GET_OVERFLOW_EVENT_INDEX,
            (int *event_set, long long *overflow_vector, int *indices, int *number, int *check))
{
	*check = PAPI_get_overflow_event_index(*event_set, *overflow_vector, indices, number);
}
