// SPDX-License-Identifier: BSD-3-Clause
/* System information on first request (system_info.h), each part gathered
 * once through services/first_use.h: concurrent first requests give one
 * answer, a failed part is tried again, and the shared-library list is
 * read again after PAPI_shutdown. */
#include "util/error.h"
#include "core/library.h"
#include "core/system_info.h"
#include "services/first_use.h"
#include "sysinfo/sysinfo.h"

static int identity_ready;
static int layout_ready;
static int executable_ready;
static int shared_libraries_ready;

/* sysinfo's one reading of the identity (the presets and the high-level
 * report take it too), read now if it was not: this runs under first_use's
 * lock already, which sysinfo_cpu_identity would take again. */
static int gather_identity(void)
{
	return sysinfo_cpu_identity_under_first_use(&papillon_library.hardware);
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
	sysinfo_preload(&papillon_library.preload);
	return first_use_run(&identity_ready, gather_identity);
}

static void free_shared_libraries(void)
{
	sysinfo_shared_libraries_free(&papillon_library.shared_libraries);
}

void system_info_shutdown(void)
{
	first_use_undo(&shared_libraries_ready, free_shared_libraries);
}

int system_hardware(const PAPI_hw_info_t **info)
{
	/* The layout goes on top of the identity (a device query may come
	 * before PAPI_library_init). */
	int status = first_use_run(&identity_ready, gather_identity);
	if (status == PAPI_OK)
		status = first_use_run(&layout_ready, gather_layout);
	if (status == PAPI_OK)
		*info = &papillon_library.hardware;
	return status;
}

int system_executable(const PAPI_exe_info_t **info)
{
	int status = first_use_run(&executable_ready, gather_executable);
	if (status == PAPI_OK)
		*info = &papillon_library.executable;
	return status;
}

int system_shared_libraries(const PAPI_shlib_info_t **info)
{
	int status = first_use_run(&shared_libraries_ready, gather_shared_libraries);
	if (status == PAPI_OK)
		*info = &papillon_library.shared_libraries;
	return status;
}

int system_hardware_layout_gathered(void)
{
	return first_use_done(&layout_ready);
}
