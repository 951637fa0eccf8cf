// SPDX-License-Identifier: BSD-3-Clause
// A hash table from a persistent request's handle to its bytes (open
// addressing, linear probing, doubled when half full). Entries are not
// removed when a request is freed: a handle that comes back from a later
// *_init gets that one's bytes, and MPI_Start takes persistent requests
// only, so a stale entry is never read for another kind of request. The
// table holds at most one entry per handle value the MPI library handed
// out to a persistent request; both implementations reuse freed handles.
#include "mpi_requests.h"

#include <pthread.h>
#include <stdlib.h>

struct request_slot {
	uintptr_t handle;
	uint64_t bytes;
	int used;
};

static struct {
	pthread_mutex_t lock; // MPI_THREAD_MULTIPLE programs start from several threads
	struct request_slot *slots;
	size_t capacity, used; // capacity: 0 or a power of 2
} requests = {.lock = PTHREAD_MUTEX_INITIALIZER};

// MPI_Request is a pointer (Open MPI) or an int (MPICH): either is a key.
static uintptr_t key_of(MPI_Request request)
{
	return (uintptr_t)request;
}

static size_t slot_of(uintptr_t handle, size_t capacity)
{
	// Fibonacci hashing: pointers' low bits are alignment, MPICH's high bits the kind.
	return (size_t)((handle * UINT64_C(0x9e3779b97f4a7c15)) >> 32) & (capacity - 1);
}

static struct request_slot *find(struct request_slot *slots, size_t capacity, uintptr_t handle)
{
	size_t i = slot_of(handle, capacity);
	while (slots[i].used && slots[i].handle != handle)
		i = (i + 1) & (capacity - 1);
	return &slots[i];
}

// Room for one more entry; 0 when there is none (out of memory).
static int make_room(void)
{
	if (2 * (requests.used + 1) <= requests.capacity)
		return 1;
	size_t capacity = requests.capacity ? 2 * requests.capacity : 64;
	struct request_slot *slots = calloc(capacity, sizeof *slots);
	if (!slots)
		return 0;
	for (size_t i = 0; i < requests.capacity; i++)
		if (requests.slots[i].used)
			*find(slots, capacity, requests.slots[i].handle) = requests.slots[i];
	free(requests.slots);
	requests.slots = slots;
	requests.capacity = capacity;
	return 1;
}

uint64_t mpi_request_remember(MPI_Request request, uint64_t bytes)
{
	if (request == MPI_REQUEST_NULL)
		return 0;
	uintptr_t handle = key_of(request);
	pthread_mutex_lock(&requests.lock);
	struct request_slot *slot =
	    requests.capacity ? find(requests.slots, requests.capacity, handle) : NULL;
	// Without memory for a new entry its starts count no bytes; never a crash.
	if (!(slot && slot->used) && make_room()) {
		slot = find(requests.slots, requests.capacity, handle);
		slot->handle = handle;
		slot->used = 1;
		requests.used++;
	}
	if (slot && slot->used)
		slot->bytes = bytes;
	pthread_mutex_unlock(&requests.lock);
	return 0;
}

static uint64_t bytes_locked(MPI_Request request)
{
	if (request == MPI_REQUEST_NULL || !requests.capacity)
		return 0;
	const struct request_slot *slot = find(requests.slots, requests.capacity, key_of(request));
	return slot->used ? slot->bytes : 0;
}

uint64_t mpi_request_bytes(MPI_Request request)
{
	pthread_mutex_lock(&requests.lock);
	uint64_t bytes = bytes_locked(request);
	pthread_mutex_unlock(&requests.lock);
	return bytes;
}

uint64_t mpi_requests_bytes(int count, const MPI_Request requests_given[])
{
	uint64_t total = 0;
	pthread_mutex_lock(&requests.lock);
	for (int i = 0; i < count; i++)
		total += bytes_locked(requests_given[i]);
	pthread_mutex_unlock(&requests.lock);
	return total;
}

void mpi_requests_clear(void)
{
	pthread_mutex_lock(&requests.lock);
	free(requests.slots);
	requests.slots = NULL;
	requests.capacity = requests.used = 0;
	pthread_mutex_unlock(&requests.lock);
}
