// SPDX-License-Identifier: BSD-3-Clause
/* System information on first request (system_info.h).
 *
 * Each part has a flag: a reader that sees it set (an acquire load, no lock)
 * uses the data, which the gathering thread wrote before setting it (a
 * release store). Gathering holds one mutex, so concurrent first requests
 * give one answer. pthread_once would do for a part gathered once in the
 * life of the process, but the shared-library list is read again after
 * PAPI_shutdown, and a failed read must be tried again; a mutex also lets
 * the fork handlers below hand the child a lock nobody holds. */
#include <pthread.h>
#include <stdatomic.h>

#include "util/error.h"
#include "core/library.h"
#include "core/system_info.h"
#include "sysinfo/sysinfo.h"

static pthread_mutex_t gather_lock = PTHREAD_MUTEX_INITIALIZER;
static atomic_int identity_ready;
static atomic_int layout_ready;
static atomic_int executable_ready;
static atomic_int shared_libraries_ready;

/* fork() while another thread gathers: the child would inherit a locked
 * mutex and a half-written record. Taking the lock around fork() makes the
 * child start with neither. */
static void before_fork(void)
{
	pthread_mutex_lock(&gather_lock);
}

static void after_fork(void)
{
	pthread_mutex_unlock(&gather_lock);
}

static void install_fork_handlers(void)
{
	pthread_atfork(before_fork, after_fork, after_fork);
}

/* Runs gather under the lock unless the flag is already set; the flag is set
 * only when gather succeeded, so a failure is tried again next time. */
static int gather_once(atomic_int *ready, int (*gather)(void))
{
	if (atomic_load_explicit(ready, memory_order_acquire))
		return PAPI_OK;
	pthread_mutex_lock(&gather_lock);
	int status = PAPI_OK;
	if (!atomic_load_explicit(ready, memory_order_relaxed)) {
		status = gather();
		if (status == PAPI_OK)
			atomic_store_explicit(ready, 1, memory_order_release);
	}
	pthread_mutex_unlock(&gather_lock);
	return status;
}

static int gather_identity(void)
{
	return sysinfo_hardware_identity(&papillon_library.hardware);
}

static int gather_layout(void)
{
	return sysinfo_hardware_layout(&papillon_library.hardware);
}

static int gather_executable(void)
{
	return sysinfo_executable(&papillon_library.executable);
}

static int gather_shared_libraries(void)
{
	return sysinfo_shared_libraries(&papillon_library.shared_libraries);
}

int system_info_init(void)
{
	static pthread_once_t fork_handlers = PTHREAD_ONCE_INIT;
	pthread_once(&fork_handlers, install_fork_handlers);
	sysinfo_preload(&papillon_library.preload);
	return gather_once(&identity_ready, gather_identity);
}

void system_info_shutdown(void)
{
	pthread_mutex_lock(&gather_lock);
	if (atomic_load_explicit(&shared_libraries_ready, memory_order_relaxed)) {
		sysinfo_shared_libraries_free(&papillon_library.shared_libraries);
		atomic_store_explicit(&shared_libraries_ready, 0, memory_order_release);
	}
	pthread_mutex_unlock(&gather_lock);
}

int system_hardware(const PAPI_hw_info_t **info)
{
	/* The layout goes on top of the identity (a device query may come
	 * before PAPI_library_init). */
	int status = gather_once(&identity_ready, gather_identity);
	if (status == PAPI_OK)
		status = gather_once(&layout_ready, gather_layout);
	if (status == PAPI_OK)
		*info = &papillon_library.hardware;
	return status;
}

int system_executable(const PAPI_exe_info_t **info)
{
	int status = gather_once(&executable_ready, gather_executable);
	if (status == PAPI_OK)
		*info = &papillon_library.executable;
	return status;
}

int system_shared_libraries(const PAPI_shlib_info_t **info)
{
	int status = gather_once(&shared_libraries_ready, gather_shared_libraries);
	if (status == PAPI_OK)
		*info = &papillon_library.shared_libraries;
	return status;
}

int system_hardware_layout_gathered(void)
{
	return atomic_load_explicit(&layout_ready, memory_order_acquire);
}
