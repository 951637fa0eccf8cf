// SPDX-License-Identifier: BSD-3-Clause
/* Event-set ids (see eventset_table.h). */
#include "config.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>

#include "papi.h"
#include "util/error.h"
#include "core/eventset_table.h"

struct eventset *_Atomic *_Atomic eventset_set_chunks[EVENTSET_MAX_CHUNKS];
struct counting *_Atomic *_Atomic eventset_counting_chunks[EVENTSET_MAX_CHUNKS];
/* Adaptive: threads of a parallel region create their sets at once (see
 * threads.c). */
static pthread_mutex_t table_lock = PTHREAD_ADAPTIVE_MUTEX_INITIALIZER_NP;

/* Chunk c of both kinds, allocated on first use (under the lock). */
static bool chunks_ready(int c)
{
	if (atomic_load_explicit(&eventset_set_chunks[c], memory_order_relaxed))
		return true;
	struct eventset *_Atomic *sets = calloc(EVENTSET_CHUNK_SIZE, sizeof(*sets));
	struct counting *_Atomic *countings = calloc(EVENTSET_CHUNK_SIZE, sizeof(*countings));
	if (!sets || !countings) {
		free(sets);
		free(countings);
		return false;
	}
	atomic_store_explicit(&eventset_counting_chunks[c], countings, memory_order_release);
	atomic_store_explicit(&eventset_set_chunks[c], sets, memory_order_release);
	return true;
}

int eventset_table_insert(struct eventset *set, struct counting *counting, int *id)
{
	pthread_mutex_lock(&table_lock);
	int chosen = -1;
	for (int c = 0; c < EVENTSET_MAX_CHUNKS && chosen < 0 && chunks_ready(c); c++) {
		struct eventset *_Atomic *sets =
		    atomic_load_explicit(&eventset_set_chunks[c], memory_order_relaxed);
		struct counting *_Atomic *countings =
		    atomic_load_explicit(&eventset_counting_chunks[c], memory_order_relaxed);
		for (int i = 0; i < EVENTSET_CHUNK_SIZE; i++) {
			if (!atomic_load_explicit(&sets[i], memory_order_relaxed)) {
				chosen = c * EVENTSET_CHUNK_SIZE + i;
				atomic_store_explicit(&countings[i], counting,
				                      memory_order_release);
				atomic_store_explicit(&sets[i], set, memory_order_release);
				break;
			}
		}
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
	int c = id >> EVENTSET_CHUNK_BITS, i = id & (EVENTSET_CHUNK_SIZE - 1);
	pthread_mutex_lock(&table_lock);
	struct eventset *_Atomic *sets =
	    atomic_load_explicit(&eventset_set_chunks[c], memory_order_relaxed);
	struct counting *_Atomic *countings =
	    atomic_load_explicit(&eventset_counting_chunks[c], memory_order_relaxed);
	if (sets) {
		atomic_store_explicit(&sets[i], NULL, memory_order_release);
		atomic_store_explicit(&countings[i], NULL, memory_order_release);
	}
	pthread_mutex_unlock(&table_lock);
}

int eventset_table_next(int after)
{
	for (int id = after < 0 ? 0 : after + 1; id < EVENTSET_MAX_IDS; id++) {
		if (!atomic_load_explicit(&eventset_set_chunks[id >> EVENTSET_CHUNK_BITS],
		                          memory_order_acquire)) {
			id |= EVENTSET_CHUNK_SIZE - 1;
			continue;
		}
		if (eventset_table_set(id))
			return id;
	}
	return -1;
}
