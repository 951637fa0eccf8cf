// SPDX-License-Identifier: BSD-3-Clause
/* Event-set ids: the table maps an id to the set's record (one record per
 * set, core/eventset_record.h). Lookups take no lock (chunks of slots never
 * move) and are inline: PAPI_read finds its record in a few instructions.
 * Only eventset.c inserts and removes. */
#ifndef PAPILLON_EVENTSET_TABLE_H
#define PAPILLON_EVENTSET_TABLE_H

#include <stdatomic.h>
#include <stddef.h>

#define EVENTSET_CHUNK_BITS 8
#define EVENTSET_CHUNK_SIZE (1 << EVENTSET_CHUNK_BITS)
#define EVENTSET_MAX_CHUNKS 256 /* 65536 event sets */
#define EVENTSET_MAX_IDS    (EVENTSET_MAX_CHUNKS * EVENTSET_CHUNK_SIZE)

struct eventset;

/* Chunks of slots, read only through the functions below. */
extern struct eventset *_Atomic *_Atomic eventset_chunks[EVENTSET_MAX_CHUNKS];

/* The record of set id, or NULL. */
static inline struct eventset *eventset_table_get(int id)
{
	if (__builtin_expect((unsigned)id >= EVENTSET_MAX_IDS, 0))
		return NULL;
	struct eventset *_Atomic *chunk = atomic_load_explicit(
	    &eventset_chunks[(unsigned)id >> EVENTSET_CHUNK_BITS], memory_order_acquire);
	return chunk ? atomic_load_explicit(&chunk[id & (EVENTSET_CHUNK_SIZE - 1)],
	                                    memory_order_acquire)
	             : NULL;
}

/* A free id for set, published; PAPI_ENOMEM if none is left. */
int eventset_table_insert(struct eventset *set, int *id);
void eventset_table_remove(int id);
/* The first id above after that holds a set, or -1: walks every set. */
int eventset_table_next(int after);

#endif
