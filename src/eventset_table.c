/* Event-set ids (see eventset_table.h). */
#include "config.h"

#include <pthread.h>
#include <stdlib.h>

#include "papi.h"
#include "error.h"
#include "eventset_table.h"

struct eventset_slot *_Atomic eventset_chunks[EVENTSET_MAX_CHUNKS];
/* Adaptive: threads of a parallel region create their sets at once (see
 * threads.c). */
static pthread_mutex_t table_lock = PTHREAD_ADAPTIVE_MUTEX_INITIALIZER_NP;

int eventset_table_insert(struct eventset *set, struct counting *counting, int *id)
{
	pthread_mutex_lock(&table_lock);
	int chosen = -1;
	for (int c = 0; c < EVENTSET_MAX_CHUNKS && chosen < 0; c++) {
		struct eventset_slot *chunk =
		    atomic_load_explicit(&eventset_chunks[c], memory_order_relaxed);
		if (!chunk) {
			chunk = calloc(EVENTSET_CHUNK_SIZE, sizeof(*chunk));
			if (!chunk)
				break;
			atomic_store_explicit(&eventset_chunks[c], chunk, memory_order_release);
		}
		for (int i = 0; i < EVENTSET_CHUNK_SIZE; i++) {
			if (!atomic_load_explicit(&chunk[i].set, memory_order_relaxed)) {
				chosen = c * EVENTSET_CHUNK_SIZE + i;
				atomic_store_explicit(&chunk[i].counting, counting,
				                      memory_order_release);
				atomic_store_explicit(&chunk[i].set, set, memory_order_release);
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
	struct eventset_slot *slot = eventset_slot(id);
	if (!slot)
		return;
	pthread_mutex_lock(&table_lock);
	atomic_store_explicit(&slot->set, NULL, memory_order_release);
	atomic_store_explicit(&slot->counting, NULL, memory_order_release);
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
		if (eventset_table_set(id))
			return id;
	}
	return -1;
}
