// SPDX-License-Identifier: BSD-3-Clause
/* Counting sets: how many times each distinct element is in the set. Two
 * elements are the same when their type_id and their first hashable_size
 * bytes are; the first insertion's element_size bytes are kept. A read gives
 * the address of a cset_list_object_t list built in one block (nodes, then
 * the copies of the elements), which the reader frees with one free(). Each
 * set has its own mutex and a chained hash table that doubles when full. */
#include <stdlib.h>
#include <string.h>

#include "sde_lib_internal.h"

struct entry {
	uint64_t hash;
	uint32_t count;
	uint32_t type_id;
	size_t hashable_size;
	size_t element_size;
	struct entry *next;
	unsigned char element[];
};

struct sde_counting_set {
	pthread_mutex_t lock;
	struct entry **buckets;
	size_t bucket_count; /* a power of two */
	size_t distinct;
};

/* FNV-1a over the type and the hashable bytes. */
static uint64_t hash_of(const void *element, size_t hashable_size, uint32_t type_id)
{
	uint64_t hash = 1469598103934665603ull;
	const unsigned char *bytes = element;
	for (int i = 0; i < 4; i++) {
		hash ^= (type_id >> (8 * i)) & 0xff;
		hash *= 1099511628211ull;
	}
	for (size_t i = 0; i < hashable_size; i++) {
		hash ^= bytes[i];
		hash *= 1099511628211ull;
	}
	return hash;
}

static struct entry **slot_of(struct sde_counting_set *set, const void *element,
                              size_t hashable_size, uint32_t type_id, uint64_t hash)
{
	struct entry **slot = &set->buckets[hash & (set->bucket_count - 1)];
	for (; *slot; slot = &(*slot)->next) {
		const struct entry *entry = *slot;
		if (entry->hash == hash && entry->type_id == type_id &&
		    entry->hashable_size == hashable_size &&
		    memcmp(entry->element, element, hashable_size) == 0)
			break;
	}
	return slot;
}

static bool grow(struct sde_counting_set *set)
{
	size_t count = set->bucket_count * 2;
	struct entry **buckets = calloc(count, sizeof(*buckets));
	if (!buckets)
		return false;
	for (size_t b = 0; b < set->bucket_count; b++) {
		struct entry *entry = set->buckets[b];
		while (entry) {
			struct entry *next = entry->next;
			struct entry **head = &buckets[entry->hash & (count - 1)];
			entry->next = *head;
			*head = entry;
			entry = next;
		}
	}
	free(set->buckets);
	set->buckets = buckets;
	set->bucket_count = count;
	return true;
}

static struct sde_counting_set *counting_set_new(void)
{
	struct sde_counting_set *set = calloc(1, sizeof(*set));
	if (!set)
		return NULL;
	set->bucket_count = 64;
	set->buckets = calloc(set->bucket_count, sizeof(*set->buckets));
	if (!set->buckets) {
		free(set);
		return NULL;
	}
	pthread_mutex_init(&set->lock, NULL);
	return set;
}

static void counting_set_empty(struct sde_counting_set *set)
{
	pthread_mutex_lock(&set->lock);
	for (size_t b = 0; b < set->bucket_count; b++) {
		struct entry *entry = set->buckets[b];
		while (entry) {
			struct entry *next = entry->next;
			free(entry);
			entry = next;
		}
		set->buckets[b] = NULL;
	}
	set->distinct = 0;
	pthread_mutex_unlock(&set->lock);
}

SDE_EXPORT int papi_sde_create_counting_set(papi_handle_t handle, const char *cset_name,
                                            void **cset_handle)
{
	struct sde_library *library = handle;
	if (!library)
		return SDE_OK;
	if (!sde_name_is_valid(cset_name))
		return SDE_EINVAL;
	int status = SDE_OK;
	sde_write_lock();
	struct sde_counter *counter = sde_counter_find(library, cset_name);
	bool was_set = counter && counter->source == SDE_SOURCE_COUNTING_SET;
	if (counter && counter->live && !was_set) {
		status = SDE_EINVAL;
	} else if (!(counter && counter->live)) {
		if (!counter)
			counter = sde_counter_add(library, cset_name);
		struct sde_counting_set *set =
		    was_set ? counter->u.counting_set : counting_set_new();
		if (!counter || !set) {
			status = SDE_ENOMEM;
		} else {
			if (was_set)
				counting_set_empty(set); /* revived: starts over */
			counter->u.counting_set = set;
			sde_counter_attach(counter, SDE_SOURCE_COUNTING_SET,
			                   PAPI_SDE_RO | PAPI_SDE_INSTANT, PAPI_SDE_long_long);
		}
	}
	sde_write_unlock();
	if (status == SDE_OK && cset_handle)
		*cset_handle = counter;
	return status;
}

static struct sde_counting_set *set_of(void *cset_handle)
{
	struct sde_counter *counter = cset_handle;
	return counter->source == SDE_SOURCE_COUNTING_SET ? counter->u.counting_set : NULL;
}

SDE_EXPORT int papi_sde_counting_set_insert(void *cset_handle, size_t element_size,
                                            size_t hashable_size, const void *element,
                                            uint32_t type_id)
{
	if (!cset_handle)
		return SDE_OK;
	struct sde_counting_set *set = set_of(cset_handle);
	if (!set || !element || hashable_size == 0 || hashable_size > element_size)
		return SDE_EINVAL;
	uint64_t hash = hash_of(element, hashable_size, type_id);
	int status = SDE_OK;
	pthread_mutex_lock(&set->lock);
	struct entry **slot = slot_of(set, element, hashable_size, type_id, hash);
	if (*slot) {
		(*slot)->count++;
	} else {
		struct entry *entry = malloc(sizeof(*entry) + element_size);
		if (entry) {
			entry->hash = hash;
			entry->count = 1;
			entry->type_id = type_id;
			entry->hashable_size = hashable_size;
			entry->element_size = element_size;
			entry->next = NULL;
			memcpy(entry->element, element, element_size);
			*slot = entry;
			/* A failed growth only makes chains longer. */
			if (++set->distinct > set->bucket_count)
				(void)grow(set);
		} else {
			status = SDE_ENOMEM;
		}
	}
	pthread_mutex_unlock(&set->lock);
	return status;
}

SDE_EXPORT int papi_sde_counting_set_remove(void *cset_handle, size_t hashable_size,
                                            const void *element, uint32_t type_id)
{
	if (!cset_handle)
		return SDE_OK;
	struct sde_counting_set *set = set_of(cset_handle);
	if (!set || !element || hashable_size == 0)
		return SDE_EINVAL;
	uint64_t hash = hash_of(element, hashable_size, type_id);
	int status = SDE_OK;
	pthread_mutex_lock(&set->lock);
	struct entry **slot = slot_of(set, element, hashable_size, type_id, hash);
	struct entry *entry = *slot;
	if (!entry) {
		status = SDE_EINVAL; /* not in the set */
	} else if (--entry->count == 0) {
		*slot = entry->next;
		free(entry);
		set->distinct--;
	}
	pthread_mutex_unlock(&set->lock);
	return status;
}

/* Element copies start on 16-byte boundaries, as malloc's would. */
static size_t padded(size_t bytes)
{
	return (bytes + 15) & ~(size_t)15;
}

long long sde_counting_set_copy(struct sde_counting_set *set)
{
	pthread_mutex_lock(&set->lock);
	size_t nodes = padded(set->distinct * sizeof(cset_list_object_t)), bytes = nodes;
	for (size_t b = 0; b < set->bucket_count; b++)
		for (const struct entry *entry = set->buckets[b]; entry; entry = entry->next)
			bytes += padded(entry->element_size);
	unsigned char *block = set->distinct ? malloc(bytes) : NULL;
	if (block) {
		cset_list_object_t *node = (cset_list_object_t *)block;
		unsigned char *copies = block + nodes;
		size_t index = 0;
		for (size_t b = 0; b < set->bucket_count; b++) {
			for (const struct entry *entry = set->buckets[b]; entry;
			     entry = entry->next, index++) {
				node[index].count = entry->count;
				node[index].type_id = entry->type_id;
				node[index].type_size = entry->element_size;
				node[index].ptr = copies;
				node[index].next =
				    index + 1 < set->distinct ? &node[index + 1] : NULL;
				memcpy(copies, entry->element, entry->element_size);
				copies += padded(entry->element_size);
			}
		}
	}
	pthread_mutex_unlock(&set->lock);
	return (long long)(intptr_t)block;
}
