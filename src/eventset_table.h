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

struct eventset_slot {
	struct eventset *_Atomic set;
	struct counting *_Atomic counting;
};

/* Read only through the functions below. */
extern struct eventset_slot *_Atomic eventset_chunks[EVENTSET_MAX_CHUNKS];

static inline struct eventset_slot *eventset_slot(int id)
{
	if (__builtin_expect((unsigned)id >= EVENTSET_MAX_IDS, 0))
		return NULL;
	struct eventset_slot *chunk = atomic_load_explicit(
	    &eventset_chunks[(unsigned)id >> EVENTSET_CHUNK_BITS], memory_order_acquire);
	return chunk ? &chunk[id & (EVENTSET_CHUNK_SIZE - 1)] : NULL;
}

/* The records of set id, or NULL. */
static inline struct counting *eventset_table_counting(int id)
{
	struct eventset_slot *slot = eventset_slot(id);
	return slot ? atomic_load_explicit(&slot->counting, memory_order_acquire) : NULL;
}

static inline struct eventset *eventset_table_set(int id)
{
	struct eventset_slot *slot = eventset_slot(id);
	return slot ? atomic_load_explicit(&slot->set, memory_order_acquire) : NULL;
}

/* A free id for set and counting, published; PAPI_ENOMEM if none is left. */
int eventset_table_insert(struct eventset *set, struct counting *counting, int *id);
void eventset_table_remove(int id);
/* The first id above after that holds a set, or -1: walks every set. */
int eventset_table_next(int after);

#endif
