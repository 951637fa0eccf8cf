// SPDX-License-Identifier: BSD-3-Clause
/* Event-set ids (see eventset_table.h). */
#include "config.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>

#include "papi.h"
#include "util/error.h"
#include "core/eventset_table.h"

_Alignas(64) struct eventset_slot eventset_slots[EVENTSET_MAX_IDS];
/* One above the highest id ever given: the walks stop there, so a process
 * with a few sets never touches the pages of the others. */
static atomic_int ids_used;
/* Adaptive: threads of a parallel region create their sets at once (see
 * threads.c). */
static pthread_mutex_t table_lock = PTHREAD_ADAPTIVE_MUTEX_INITIALIZER_NP;

_Static_assert(sizeof(struct eventset_slot) == 32, "a slot is half a cache line");

int eventset_table_insert(struct eventset *set, int *id)
{
	pthread_mutex_lock(&table_lock);
	int chosen = -1;
	for (int i = 0; i < EVENTSET_MAX_IDS; i++) {
		if (!atomic_load_explicit(&eventset_slots[i].set, memory_order_relaxed)) {
			chosen = i;
			break;
		}
	}
	if (chosen >= 0) {
		atomic_store_explicit(&eventset_slots[chosen].read, NULL, memory_order_relaxed);
		atomic_store_explicit(&eventset_slots[chosen].set, set, memory_order_release);
		if (chosen >= atomic_load_explicit(&ids_used, memory_order_relaxed))
			atomic_store_explicit(&ids_used, chosen + 1, memory_order_release);
	}
	pthread_mutex_unlock(&table_lock);
	if (chosen < 0)
		return papi_error_set(PAPI_ENOMEM, "no event set slot left");
	*id = chosen;
	return PAPI_OK;
}

void eventset_table_remove(int id)
{
	if ((unsigned)id >= EVENTSET_MAX_IDS)
		return;
	pthread_mutex_lock(&table_lock);
	atomic_store_explicit(&eventset_slots[id].read, NULL, memory_order_release);
	atomic_store_explicit(&eventset_slots[id].read_arg, NULL, memory_order_relaxed);
	atomic_store_explicit(&eventset_slots[id].set, NULL, memory_order_release);
	pthread_mutex_unlock(&table_lock);
}

int eventset_table_next(int after)
{
	int used = atomic_load_explicit(&ids_used, memory_order_acquire);
	for (int id = after < 0 ? 0 : after + 1; id < used; id++)
		if (eventset_table_get(id))
			return id;
	return -1;
}

void eventset_table_publish_read(int id, counter_read_fn read, void *arg)
{
	if ((unsigned)id >= EVENTSET_MAX_IDS)
		return;
	atomic_store_explicit(&eventset_slots[id].read_arg, arg, memory_order_relaxed);
	atomic_store_explicit(&eventset_slots[id].read, read, memory_order_release);
}
