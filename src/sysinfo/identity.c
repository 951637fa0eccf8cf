// SPDX-License-Identifier: BSD-3-Clause
/* The CPU's identity (sysinfo.h: sysinfo_cpu_identity), read once in the
 * process and kept here, below the core: PAPI_library_init (core/
 * system_info.c) and the preset tables' detection (presets/detect.c) both
 * need it, and the presets must not reach into the core's library state
 * for it. The machine does not change under a running process, so one
 * reading serves every later init.
 *
 * A mutex rather than pthread_once: a failed read (no /proc/cpuinfo) is
 * tried again on the next request, with its reason set again. The fork
 * handlers hand a child a lock nobody holds and a record nobody is
 * half-way through writing. */
#include <pthread.h>
#include <stdbool.h>

#include "sysinfo/sysinfo.h"

static pthread_mutex_t identity_lock = PTHREAD_MUTEX_INITIALIZER;
static PAPI_hw_info_t identity;
static bool identity_read;

static void before_fork(void)
{
	pthread_mutex_lock(&identity_lock);
}

static void after_fork(void)
{
	pthread_mutex_unlock(&identity_lock);
}

static void install_fork_handlers(void)
{
	pthread_atfork(before_fork, after_fork, after_fork);
}

int sysinfo_cpu_identity(PAPI_hw_info_t *hw)
{
	static pthread_once_t fork_handlers = PTHREAD_ONCE_INIT;
	pthread_once(&fork_handlers, install_fork_handlers);
	pthread_mutex_lock(&identity_lock);
	int status = PAPI_OK;
	if (!identity_read) {
		status = sysinfo_hardware_identity(&identity);
		identity_read = status == PAPI_OK;
	}
	if (status == PAPI_OK)
		*hw = identity;
	pthread_mutex_unlock(&identity_lock);
	return status;
}
