// SPDX-License-Identifier: BSD-3-Clause
/* System information on first request (system_info.h).
 *
 * Each part has a flag, read and written under one mutex: gathering holds
 * it, so concurrent first requests give one answer, and a request after
 * that costs a lock and an unlock (these are not counting's paths; a
 * lock-free double check would also be a race to Helgrind, which does not
 * follow C11 atomics). pthread_once would do for a part gathered once in
 * the life of the process, but the shared-library list is read again after
 * PAPI_shutdown, and a failed read must be tried again; the mutex also
 * lets the fork handlers below hand the child a lock nobody holds. */
#include <pthread.h>

#include "util/error.h"
#include "core/library.h"
#include "core/system_info.h"
#include "sysinfo/sysinfo.h"

static pthread_mutex_t gather_lock = PTHREAD_MUTEX_INITIALIZER;
static int identity_ready;
static int layout_ready;
static int executable_ready;
static int shared_libraries_ready;

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
static int gather_once(int *ready, int (*gather)(void))
{
	pthread_mutex_lock(&gather_lock);
	int status = PAPI_OK;
	if (!*ready) {
		status = gather();
		*ready = status == PAPI_OK;
	}
	pthread_mutex_unlock(&gather_lock);
	return status;
}

/* The identity is sysinfo's one reading (sysinfo_cpu_identity), taken
 * outside gather_lock: that reading has a lock of its own, and holding
 * both at once would order them against the fork handlers, which take
 * them in the order their pthread_atfork calls came. */
static int take_identity(void)
{
	pthread_mutex_lock(&gather_lock);
	int ready = identity_ready;
	pthread_mutex_unlock(&gather_lock);
	if (ready)
		return PAPI_OK;
	PAPI_hw_info_t identity;
	int status = sysinfo_cpu_identity(&identity);
	if (status != PAPI_OK)
		return status;
	pthread_mutex_lock(&gather_lock);
	if (!identity_ready) { /* the layout goes on top of it, never before */
		papillon_library.hardware = identity;
		identity_ready = 1;
	}
	pthread_mutex_unlock(&gather_lock);
	return PAPI_OK;
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
	return take_identity();
}

void system_info_shutdown(void)
{
	pthread_mutex_lock(&gather_lock);
	if (shared_libraries_ready) {
		sysinfo_shared_libraries_free(&papillon_library.shared_libraries);
		shared_libraries_ready = 0;
	}
	pthread_mutex_unlock(&gather_lock);
}

int system_hardware(const PAPI_hw_info_t **info)
{
	/* The layout goes on top of the identity (a device query may come
	 * before PAPI_library_init). */
	int status = take_identity();
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
	pthread_mutex_lock(&gather_lock);
	int gathered = layout_ready;
	pthread_mutex_unlock(&gather_lock);
	return gathered;
}
