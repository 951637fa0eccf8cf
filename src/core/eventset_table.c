// SPDX-License-Identifier: BSD-3-Clause
/* Event-set ids (see eventset_table.h). */
#include "config.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>

#include "papi.h"
#include "util/error.h"
#include "core/eventset_table.h"

struct eventset *_Atomic *_Atomic eventset_chunks[EVENTSET_MAX_CHUNKS];
/* Adaptive: threads of a parallel region create their sets at once (see
 * threads.c). */
static pthread_mutex_t table_lock = PTHREAD_ADAPTIVE_MUTEX_INITIALIZER_NP;

/* Chunk c, allocated on first use (under the lock); NULL if no memory. */
static struct eventset *_Atomic *chunk_ready(int c)
{
	struct eventset *_Atomic *slots =
	    atomic_load_explicit(&eventset_chunks[c], memory_order_relaxed);
	if (slots)
		return slots;
	slots = calloc(EVENTSET_CHUNK_SIZE, sizeof(*slots));
	if (slots)
		atomic_store_explicit(&eventset_chunks[c], slots, memory_order_release);
	return slots;
}

int eventset_table_insert(struct eventset *set, int *id)
{
	pthread_mutex_lock(&table_lock);
	int chosen = -1;
	struct eventset *_Atomic *slots;
	for (int c = 0; c < EVENTSET_MAX_CHUNKS && chosen < 0 && (slots = chunk_ready(c)); c++) {
		for (int i = 0; i < EVENTSET_CHUNK_SIZE; i++) {
			if (!atomic_load_explicit(&slots[i], memory_order_relaxed)) {
				chosen = c * EVENTSET_CHUNK_SIZE + i;
				atomic_store_explicit(&slots[i], set, memory_order_release);
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
	pthread_mutex_lock(&table_lock);
	struct eventset *_Atomic *slots =
	    atomic_load_explicit(&eventset_chunks[id >> EVENTSET_CHUNK_BITS], memory_order_relaxed);
	if (slots)
		atomic_store_explicit(&slots[id & (EVENTSET_CHUNK_SIZE - 1)], NULL,
		                      memory_order_release);
	pthread_mutex_unlock(&table_lock);
}

int eventset_table_next(int after)
{
	for (int id = after < 0 ? 0 : after + 1; id < EVENTSET_MAX_IDS; id++) {
		if (!atomic_load_explicit(&eventset_chunks[id >> EVENTSET_CHUNK_BITS],
		                          memory_order_acquire)) {
			id |= EVENTSET_CHUNK_SIZE - 1;
			continue;
		}
		if (eventset_table_get(id))
			return id;
	}
	return -1;
}
