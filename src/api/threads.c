// SPDX-License-Identifier: BSD-3-Clause
/* Entry points: threads, thread-specific data and the application locks. */
#include <pthread.h>

#include "papi.h"
#include "api/internal.h"
#include "util/error.h"
#include "core/library.h"
#include "core/threads.h"

static pthread_mutex_t application_locks[PAPI_NUM_LOCK] = {
    PTHREAD_MUTEX_INITIALIZER,
    PTHREAD_MUTEX_INITIALIZER,
};

PAPI_EXPORT int PAPI_thread_init(unsigned long (*id_fn)(void))
{
	int status = library_require_init();
	if (status != PAPI_OK)
		return status;
	status = threads_set_id_function(id_fn);
	if (status != PAPI_OK)
		return status;
	pthread_mutex_lock(&papillon_library.lock);
	papillon_library.init_level |= PAPI_THREAD_LEVEL_INITED;
	pthread_mutex_unlock(&papillon_library.lock);
	return PAPI_OK;
}

PAPI_EXPORT unsigned long PAPI_thread_id(void)
{
	return threads_current_id();
}

PAPI_EXPORT int PAPI_register_thread(void)
{
	int status = library_require_init();
	return status != PAPI_OK ? status : threads_register_current();
}

PAPI_EXPORT int PAPI_unregister_thread(void)
{
	return threads_unregister_current();
}

PAPI_EXPORT int PAPI_list_threads(PAPI_thread_id_t *tids, int *number)
{
	return threads_list(tids, number);
}

PAPI_EXPORT int PAPI_get_thr_specific(int tag, void **ptr)
{
	return threads_get_specific(tag, ptr);
}

PAPI_EXPORT int PAPI_set_thr_specific(int tag, void *ptr)
{
	return threads_set_specific(tag, ptr);
}

static int check_lock(int lock)
{
	if (lock < 0 || lock >= PAPI_NUM_LOCK)
		return papi_error_set(PAPI_EINVAL,
		                      "lock %d is not PAPI_USR1_LOCK or PAPI_USR2_LOCK", lock);
	return PAPI_OK;
}

PAPI_EXPORT int PAPI_lock(int lock)
{
	int status = check_lock(lock);
	if (status == PAPI_OK)
		pthread_mutex_lock(&application_locks[lock]);
	return status;
}

PAPI_EXPORT int PAPI_unlock(int lock)
{
	int status = check_lock(lock);
	if (status == PAPI_OK)
		pthread_mutex_unlock(&application_locks[lock]);
	return status;
}
