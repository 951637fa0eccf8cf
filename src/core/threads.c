// SPDX-License-Identifier: BSD-3-Clause
/* The thread registry.
 *
 * A thread is registered at PAPI_library_init (the caller), when it creates
 * an event set, touches its thread-specific slots or calls
 * PAPI_register_thread. Each thread finds its own record through a
 * thread-local pointer, valid only while the registry's generation is the one
 * it was made in: PAPI_shutdown frees every record and bumps the generation,
 * and other threads' thread-local pointers cannot be cleared from here. A
 * thread that exits without unregistering is forgotten by a pthread key
 * destructor, so PAPI_list_threads never lists dead threads.
 *
 * The registry's mutex spins briefly before sleeping (glibc's adaptive
 * mutex): OpenMP runtimes register and unregister every thread of a
 * parallel region at once, and a sleeping waiter costs a wake-up latency
 * per region (PAPI's omptough: 45 s instead of 2 s with plain mutexes). */
#include "config.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "papi.h"
#include "util/error.h"
#include "core/threads.h"

struct thread_record {
	unsigned long id;
	pid_t tid;
	void *slots[PAPI_NUM_TLS];
	struct thread_record *next;
};

static pthread_mutex_t registry_lock = PTHREAD_ADAPTIVE_MUTEX_INITIALIZER_NP;
static struct thread_record *registry_head; /* under registry_lock */
static int registry_count;                  /* under registry_lock */
static atomic_uint registry_generation = 1;

static unsigned long (*_Atomic id_function)(void);

static _Thread_local struct thread_record *self_record;
static _Thread_local unsigned self_generation;

static pthread_once_t exit_key_once = PTHREAD_ONCE_INIT;
static pthread_key_t exit_key;
static bool exit_key_ready;

pid_t threads_gettid(void)
{
	return (pid_t)syscall(SYS_gettid);
}

/* The calling thread's record, or NULL; call with registry_lock held. */
static struct thread_record *current_record_locked(void)
{
	if (self_record && self_generation == atomic_load(&registry_generation))
		return self_record;
	return NULL;
}

static unsigned long id_of_caller(void)
{
	unsigned long (*fn)(void) = atomic_load(&id_function);
	return fn ? fn() : (unsigned long)threads_gettid();
}

static void unlink_record_locked(struct thread_record *record)
{
	for (struct thread_record **link = &registry_head; *link; link = &(*link)->next) {
		if (*link == record) {
			*link = record->next;
			registry_count--;
			free(record);
			return;
		}
	}
}

/* Takes the calling thread's record out of the registry; whether it had
 * one. */
static bool forget_current_thread(void)
{
	pthread_mutex_lock(&registry_lock);
	struct thread_record *record = current_record_locked();
	bool registered = record != NULL;
	if (record)
		unlink_record_locked(record);
	self_record = NULL;
	pthread_mutex_unlock(&registry_lock);
	return registered;
}

static void forget_exiting_thread(void *value)
{
	(void)value;
	(void)forget_current_thread();
}

static void create_exit_key(void)
{
	exit_key_ready = pthread_key_create(&exit_key, forget_exiting_thread) == 0;
}

int threads_register_current(void)
{
	/* The id function runs outside the lock: it is the application's. */
	unsigned long id = id_of_caller();
	pthread_once(&exit_key_once, create_exit_key);
	pthread_mutex_lock(&registry_lock);
	if (current_record_locked()) {
		pthread_mutex_unlock(&registry_lock);
		return PAPI_OK;
	}
	struct thread_record *record = calloc(1, sizeof(*record));
	if (!record) {
		pthread_mutex_unlock(&registry_lock);
		return papi_error_set(PAPI_ENOMEM, "no memory to register a thread");
	}
	record->id = id;
	record->tid = threads_gettid();
	record->next = registry_head;
	registry_head = record;
	registry_count++;
	self_record = record;
	self_generation = atomic_load(&registry_generation);
	pthread_mutex_unlock(&registry_lock);
	/* Any non-NULL value makes the destructor run at thread exit. */
	if (exit_key_ready)
		pthread_setspecific(exit_key, (void *)(uintptr_t)1);
	return PAPI_OK;
}

int threads_unregister_current(void)
{
	if (!forget_current_thread())
		return papi_error_set(PAPI_EMISC, "this thread is not registered with the library");
	if (exit_key_ready)
		pthread_setspecific(exit_key, NULL);
	return PAPI_OK;
}

unsigned long threads_current_id(void)
{
	unsigned long (*fn)(void) = atomic_load(&id_function);
	/* Without an id function PAPI reports PAPI_EMISC, as an unsigned long. */
	return fn ? fn() : (unsigned long)(long)PAPI_EMISC;
}

bool threads_have_id_function(void)
{
	return atomic_load(&id_function) != NULL;
}

int threads_set_id_function(unsigned long (*id_fn)(void))
{
	unsigned long (*expected)(void) = NULL;
	if (id_fn && !atomic_compare_exchange_strong(&id_function, &expected, id_fn)) {
		if (expected == id_fn)
			return PAPI_OK;
		return papi_error_set(PAPI_EINVAL, "a different thread id function is already set; "
		                                   "PAPI_shutdown first to change it");
	}
	if (!id_fn)
		atomic_store(&id_function, NULL);
	/* The caller was registered under its kernel tid: renumber it. */
	unsigned long id = id_of_caller();
	pthread_mutex_lock(&registry_lock);
	struct thread_record *record = current_record_locked();
	if (record)
		record->id = id;
	pthread_mutex_unlock(&registry_lock);
	return PAPI_OK;
}

int threads_list(unsigned long *tids, int *number)
{
	if (!number || *number < 0)
		return papi_error_set(PAPI_EINVAL, "number must point to a count >= 0");
	pthread_mutex_lock(&registry_lock);
	int copied = 0;
	for (const struct thread_record *r = registry_head; r && tids && copied < *number;
	     r = r->next)
		tids[copied++] = r->id;
	*number = registry_count;
	pthread_mutex_unlock(&registry_lock);
	return PAPI_OK;
}

static int check_tag(int tag)
{
	if (tag < 0 || tag >= PAPI_NUM_TLS)
		return papi_error_set(PAPI_EINVAL,
		                      "thread-specific tag %d is not PAPI_USR1_TLS, "
		                      "PAPI_USR2_TLS or PAPI_TLS_HIGH_LEVEL",
		                      tag);
	return PAPI_OK;
}

/* For a slot of tag: the calling thread registered, registry_lock taken
 * and *record the thread's (NULL if its registration has vanished since),
 * PAPI_OK; or the error, the lock not taken. */
static int lock_current_record(int tag, struct thread_record **record)
{
	int status = check_tag(tag);
	if (status == PAPI_OK)
		status = threads_register_current();
	if (status != PAPI_OK)
		return status;
	pthread_mutex_lock(&registry_lock);
	*record = current_record_locked();
	return PAPI_OK;
}

static int collect_all_threads(int tag, PAPI_all_thr_spec_t *all)
{
	if (!all || all->num < 0 || (all->num > 0 && (!all->id || !all->data)))
		return papi_error_set(PAPI_EINVAL,
		                      "PAPI_TLS_ALL_THREADS needs a PAPI_all_thr_spec_t with num "
		                      "entries of id and data");
	pthread_mutex_lock(&registry_lock);
	int filled = 0;
	for (const struct thread_record *r = registry_head; r && filled < all->num; r = r->next) {
		all->id[filled] = r->id;
		all->data[filled] = r->slots[tag];
		filled++;
	}
	pthread_mutex_unlock(&registry_lock);
	all->num = filled;
	return PAPI_OK;
}

int threads_get_specific(int tag, void **ptr)
{
	if (!ptr)
		return papi_error_set(PAPI_EINVAL, "ptr is NULL");
	if (tag & PAPI_TLS_ALL_THREADS) {
		int status = check_tag(tag & ~PAPI_TLS_ALL_THREADS);
		return status != PAPI_OK ? status
		                         : collect_all_threads(tag & ~PAPI_TLS_ALL_THREADS,
		                                               (PAPI_all_thr_spec_t *)ptr);
	}
	struct thread_record *record;
	int status = lock_current_record(tag, &record);
	if (status != PAPI_OK)
		return status;
	*ptr = record ? record->slots[tag] : NULL;
	pthread_mutex_unlock(&registry_lock);
	return PAPI_OK;
}

int threads_set_specific(int tag, void *ptr)
{
	struct thread_record *record;
	int status = lock_current_record(tag, &record);
	if (status != PAPI_OK)
		return status;
	if (record)
		record->slots[tag] = ptr;
	pthread_mutex_unlock(&registry_lock);
	return record ? PAPI_OK : papi_error_set(PAPI_EBUG, "thread registration vanished");
}

void threads_reset(void)
{
	pthread_mutex_lock(&registry_lock);
	while (registry_head) {
		struct thread_record *next = registry_head->next;
		free(registry_head);
		registry_head = next;
	}
	registry_count = 0;
	atomic_fetch_add(&registry_generation, 1);
	self_record = NULL;
	pthread_mutex_unlock(&registry_lock);
	atomic_store(&id_function, NULL);
}
