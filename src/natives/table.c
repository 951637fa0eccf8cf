// SPDX-License-Identifier: BSD-3-Clause
/* Interned native events: a chunked array (stable addresses) plus a hash
 * index by name. Writers serialise on one mutex; readers of an existing code
 * go straight to the chunk. */
#include <pthread.h>
#include <stdbool.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "papi.h"
#include "registry/registry.h"
#include "util/error.h"
#include "natives/table.h"

#define CHUNK_BITS 10
#define CHUNK_SIZE (1u << CHUNK_BITS)
#define MAX_CHUNKS 4096 /* 4M native events: far more than any PMU lists */

static struct native_entry *chunks[MAX_CHUNKS];
static _Atomic unsigned entry_count;
static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;

/* Open-addressing index of entry numbers + 1 (0 = empty), by name. */
static unsigned *name_index;
static unsigned name_index_size;

static unsigned hash_name(const char *name)
{
	unsigned hash = 2166136261u;
	for (; *name; name++)
		hash = (hash ^ (unsigned char)*name) * 16777619u;
	return hash;
}

static struct native_entry *entry_at(unsigned index)
{
	return &chunks[index >> CHUNK_BITS][index & (CHUNK_SIZE - 1)];
}

static unsigned *index_slot(const char *name)
{
	unsigned mask = name_index_size - 1;
	for (unsigned slot = hash_name(name) & mask;; slot = (slot + 1) & mask) {
		unsigned stored = name_index[slot];
		if (stored == 0 || strcmp(entry_at(stored - 1)->name, name) == 0)
			return &name_index[slot];
	}
}

static int index_grow(void)
{
	unsigned old_size = name_index_size;
	unsigned *old_index = name_index;
	unsigned new_size = old_size ? old_size * 2 : 1024;
	unsigned *new_index = calloc(new_size, sizeof(*new_index));
	if (!new_index)
		return PAPI_ENOMEM;
	name_index = new_index;
	name_index_size = new_size;
	for (unsigned i = 0; i < old_size; i++)
		if (old_index[i])
			*index_slot(entry_at(old_index[i] - 1)->name) = old_index[i];
	free(old_index);
	return PAPI_OK;
}

static int code_of(unsigned index)
{
	return (int)(index | (unsigned)PAPI_NATIVE_MASK);
}

int native_table_find(const char *name, int *code)
{
	int result = PAPI_ENOEVNT;
	pthread_mutex_lock(&table_lock);
	if (name_index_size) {
		unsigned stored = *index_slot(name);
		if (stored) {
			*code = code_of(stored - 1);
			result = PAPI_OK;
		}
	}
	pthread_mutex_unlock(&table_lock);
	return result;
}

static void release_encoding(int cidx, void *encoding)
{
	if (encoding && papillon_components[cidx]->release_encoding)
		papillon_components[cidx]->release_encoding(encoding);
}

/* resolve_status of an entry whose name has not been through the component. */
#define UNRESOLVED 1

struct intern_failure {
	int status;
	const char *reason;
};

static void remember_failure(struct native_entry *entry, const struct intern_failure *failure)
{
	entry->resolve_status = failure->status;
	free(entry->failure);
	/* Without memory for the words the error code still tells the failure. */
	entry->failure = strdup(failure->reason);
}

static int intern(int cidx, const char *name, uint64_t cursor, void *encoding, bool enumerated,
                  const struct intern_failure *failure, int *code)
{
	int result = PAPI_OK;
	pthread_mutex_lock(&table_lock);
	unsigned count = atomic_load_explicit(&entry_count, memory_order_relaxed);
	if ((count + 1) * 2 > name_index_size && (result = index_grow()) != PAPI_OK)
		goto out;
	unsigned *slot = index_slot(name);
	if (*slot) {
		struct native_entry *existing = entry_at(*slot - 1);
		if (enumerated && existing->cidx == cidx)
			existing->cursor = cursor;
		if (!existing->encoding && encoding && existing->cidx == cidx) {
			existing->encoding = encoding;
			existing->resolve_status = PAPI_OK;
			encoding = NULL;
		}
		if (failure && existing->cidx == cidx && existing->resolve_status == UNRESOLVED)
			remember_failure(existing, failure);
		*code = code_of(*slot - 1);
		goto out;
	}
	if (count >= (unsigned)MAX_CHUNKS * CHUNK_SIZE) {
		result = papi_error_set(PAPI_ENOMEM, "native event table is full");
		goto out;
	}
	if (!chunks[count >> CHUNK_BITS]) {
		chunks[count >> CHUNK_BITS] = calloc(CHUNK_SIZE, sizeof(struct native_entry));
		if (!chunks[count >> CHUNK_BITS]) {
			result = PAPI_ENOMEM;
			goto out;
		}
	}
	struct native_entry *entry = entry_at(count);
	entry->name = strdup(name);
	if (!entry->name) {
		result = PAPI_ENOMEM;
		goto out;
	}
	entry->cidx = cidx;
	entry->cursor = cursor;
	entry->encoding = encoding;
	entry->resolve_status = encoding ? PAPI_OK : UNRESOLVED;
	entry->failure = NULL;
	if (failure)
		remember_failure(entry, failure);
	encoding = NULL;
	*slot = count + 1;
	atomic_store_explicit(&entry_count, count + 1, memory_order_release);
	*code = code_of(count);
out:
	pthread_mutex_unlock(&table_lock);
	release_encoding(cidx, encoding);
	return result;
}

int native_table_intern(int cidx, const char *name, uint64_t cursor, void *encoding, int *code)
{
	return intern(cidx, name, cursor, encoding, false, NULL, code);
}

int native_table_intern_enumerated(int cidx, const char *name, uint64_t cursor, int *code)
{
	return intern(cidx, name, cursor, NULL, true, NULL, code);
}

int native_table_intern_failed(int cidx, const char *name, uint64_t cursor, int status,
                               const char *reason, int *code)
{
	struct intern_failure failure = {status, reason};
	return intern(cidx, name, cursor, NULL, false, &failure, code);
}

struct native_entry *native_table_get(int code)
{
	if (!(code & PAPI_NATIVE_MASK) || (code & PAPI_PRESET_MASK))
		return NULL;
	unsigned index = (unsigned)code & ~(unsigned)PAPI_NATIVE_MASK;
	if (index >= atomic_load_explicit(&entry_count, memory_order_acquire))
		return NULL;
	return entry_at(index);
}

int native_table_encoding(int code, const void **encoding)
{
	struct native_entry *entry = native_table_get(code);
	if (!entry)
		return papi_error_set(PAPI_ENOEVNT, "no native event has code %#x", (unsigned)code);
	pthread_mutex_lock(&table_lock);
	if (entry->resolve_status == UNRESOLVED) {
		struct component_resolution resolution = {0};
		int status =
		    papillon_components[entry->cidx]->resolve_name(entry->name, &resolution);
		if (status == PAPI_OK) {
			entry->encoding = resolution.encoding;
			entry->resolve_status = PAPI_OK;
		} else {
			remember_failure(entry,
			                 &(struct intern_failure){status, papi_error_reason()});
		}
	}
	int status = entry->resolve_status;
	*encoding = entry->encoding;
	/* A remembered failure is told again, so every use names its reason. */
	if (status != PAPI_OK)
		papi_error_set(status, "%s", entry->failure ? entry->failure : "");
	pthread_mutex_unlock(&table_lock);
	return status;
}

void native_table_clear(void)
{
	pthread_mutex_lock(&table_lock);
	unsigned count = atomic_load_explicit(&entry_count, memory_order_relaxed);
	for (unsigned i = 0; i < count; i++) {
		struct native_entry *entry = entry_at(i);
		release_encoding(entry->cidx, entry->encoding);
		free(entry->name);
		free(entry->failure);
	}
	for (unsigned c = 0; c < MAX_CHUNKS && chunks[c]; c++) {
		free(chunks[c]);
		chunks[c] = NULL;
	}
	free(name_index);
	name_index = NULL;
	name_index_size = 0;
	atomic_store_explicit(&entry_count, 0, memory_order_release);
	pthread_mutex_unlock(&table_lock);
}
