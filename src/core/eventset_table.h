// SPDX-License-Identifier: BSD-3-Clause
/* Event-set ids. An event set is two records: what it counts (struct
 * eventset, eventset.c) and how it counts (struct counting, dispatch.c).
 * The table maps an id to both. Lookups take no lock (chunks of slots never
 * move) and are inline: PAPI_read finds its counting record in a few
 * instructions. Only eventset.c inserts and removes. */
#ifndef PAPILLON_EVENTSET_TABLE_H
#define PAPILLON_EVENTSET_TABLE_H

#include <stdatomic.h>
#include <stddef.h>

#define EVENTSET_CHUNK_BITS 8
#define EVENTSET_CHUNK_SIZE (1 << EVENTSET_CHUNK_BITS)
#define EVENTSET_MAX_CHUNKS 256 /* 65536 event sets */
#define EVENTSET_MAX_IDS    (EVENTSET_MAX_CHUNKS * EVENTSET_CHUNK_SIZE)

struct eventset;
struct counting;

/* Chunks of slots, read only through the functions below: one array of
 * chunks per record kind, so that a slot is one pointer. */
extern struct eventset *_Atomic *_Atomic eventset_set_chunks[EVENTSET_MAX_CHUNKS];
extern struct counting *_Atomic *_Atomic eventset_counting_chunks[EVENTSET_MAX_CHUNKS];

/* The records of set id, or NULL. */
static inline struct counting *eventset_table_counting(int id)
{
	if (__builtin_expect((unsigned)id >= EVENTSET_MAX_IDS, 0))
		return NULL;
	struct counting *_Atomic *chunk = atomic_load_explicit(
	    &eventset_counting_chunks[(unsigned)id >> EVENTSET_CHUNK_BITS], memory_order_acquire);
	return chunk ? atomic_load_explicit(&chunk[id & (EVENTSET_CHUNK_SIZE - 1)],
	                                    memory_order_acquire)
	             : NULL;
}

static inline struct eventset *eventset_table_set(int id)
{
	if ((unsigned)id >= EVENTSET_MAX_IDS)
		return NULL;
	struct eventset *_Atomic *chunk = atomic_load_explicit(
	    &eventset_set_chunks[(unsigned)id >> EVENTSET_CHUNK_BITS], memory_order_acquire);
	return chunk ? atomic_load_explicit(&chunk[id & (EVENTSET_CHUNK_SIZE - 1)],
	                                    memory_order_acquire)
	             : NULL;
}

/* A free id for set and counting, published; PAPI_ENOMEM if none is left. */
int eventset_table_insert(struct eventset *set, struct counting *counting, int *id);
void eventset_table_remove(int id);
/* The first id above after that holds a set, or -1: walks every set. */
int eventset_table_next(int after);

#endif
