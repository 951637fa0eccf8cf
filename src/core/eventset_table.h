// SPDX-License-Identifier: BSD-3-Clause
/* Event-set ids: one slot per id, holding the set's record
 * (core/eventset_record.h) and the set's direct read. PAPI_read touches
 * only its slot (half a cache line) before the component's read: the
 * slots are one flat array, so the lookup is a bounds check and one load,
 * with no lock. The array is zero-initialised (.bss): only the pages of the
 * ids in use are ever touched. Only eventset.c inserts and removes; only
 * counting.c publishes a direct read. */
#ifndef PAPILLON_EVENTSET_TABLE_H
#define PAPILLON_EVENTSET_TABLE_H

#include <stdatomic.h>
#include <stddef.h>

#include "core/counter.h"

#define EVENTSET_MAX_IDS 65536

struct eventset;

struct eventset_slot {
	/* The direct read (counter_read_function's) while the set runs with
	 * nothing between its natives and its events, else NULL: published
	 * with release after read_arg, loaded with acquire before it. */
	_Atomic(counter_read_fn) read;
	void *_Atomic read_arg;
	struct eventset *_Atomic set; /* NULL: a free id */
	void *unused;                 /* a slot is 32 bytes: never across two lines */
};

extern struct eventset_slot eventset_slots[EVENTSET_MAX_IDS];

/* The record of set id, or NULL. */
static inline struct eventset *eventset_table_get(int id)
{
	if (__builtin_expect((unsigned)id >= EVENTSET_MAX_IDS, 0))
		return NULL;
	return atomic_load_explicit(&eventset_slots[id].set, memory_order_acquire);
}

/* A free id for set, published; PAPI_ENOMEM if none is left. */
int eventset_table_insert(struct eventset *set, int *id);
/* Frees id: its direct read first, then its record. */
void eventset_table_remove(int id);
/* The first id above after that holds a set, or -1: walks every set. */
int eventset_table_next(int after);
/* What a PAPI_read of id calls now (read NULL: none). */
void eventset_table_publish_read(int id, counter_read_fn read, void *arg);

#endif
