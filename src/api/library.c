// SPDX-License-Identifier: BSD-3-Clause
/* Entry points: library life cycle and error reporting. */
#include <stdio.h>

#include "papi.h"
#include "api/internal.h"
#include "core/dispatch.h"
#include "util/error.h"
#include "core/eventset.h"
#include "core/library.h"
#include "natives/table.h"
#include "core/overflow.h"
#include "presets/presets.h"

/* The PAPI 7.x releases whose PAPI_VER_CURRENT this object accepts. The core and this
 * object now have 7.2's layouts (include/papi.h); until the per-ABI boundary (src/abi/,
 * doc/architecture.md) gives 7.0 and 7.1 programs their own layouts, their versions are
 * still accepted here. 7.3 and later are refused: their layouts were never checked. */
#define ABI_FIRST_MINOR 0
#define ABI_LAST_MINOR  2

PAPI_EXPORT int PAPI_library_init(int version)
{
	int minor = PAPI_VERSION_MINOR(version);
	if (PAPI_VERSION_MAJOR(version) != PAPI_VERSION_MAJOR(PAPI_VERSION) ||
	    (version & 0xffff) != 0)
		return papi_error_set(
		    PAPI_EINVAL, "library version %d.%d requested, this library provides %d.x",
		    PAPI_VERSION_MAJOR(version), minor, PAPI_VERSION_MAJOR(PAPI_VERSION));
	if (minor < ABI_FIRST_MINOR || minor > ABI_LAST_MINOR)
		return papi_error_set(PAPI_EINVAL,
		                      "library version 7.%d requested: this library object has the "
		                      "ABI of PAPI 7.%d to 7.%d, whose structures and enumeration "
		                      "values differ from 7.%d's",
		                      minor, ABI_FIRST_MINOR, ABI_LAST_MINOR, minor);
	dispatch_init();
	pthread_mutex_lock(&papillon_library.lock);
	int status = PAPI_OK;
	if (papillon_library.init_level == PAPI_NOT_INITED) {
		pthread_mutex_unlock(&papillon_library.lock);
		status = library_init();
		pthread_mutex_lock(&papillon_library.lock);
	}
	pthread_mutex_unlock(&papillon_library.lock);
	if (status != PAPI_OK)
		return status;
	papi_error_clear();
	return version;
}

PAPI_EXPORT int PAPI_is_initialized(void)
{
	return papillon_library.init_level;
}

/* Every event set goes, running or not: stopped, its overflow off,
 * emptied and destroyed. */
static void destroy_every_eventset(void)
{
	for (int id = eventset_next(-1); id >= 0; id = eventset_next(id)) {
		struct eventset *set = eventset_lookup(id);
		dispatch_halt(id);
		overflow_forget(set);
		eventset_cleanup(set);
		int doomed = id;
		eventset_destroy(&doomed);
	}
}

PAPI_EXPORT void PAPI_shutdown(void)
{
	if (papillon_library.init_level == PAPI_NOT_INITED)
		return;
	/* From the top layer down: sets, then names, then the components. */
	destroy_every_eventset();
	native_table_clear();
	presets_reset();
	library_shutdown();
}

PAPI_EXPORT char *PAPI_strerror(int code)
{
	return (char *)papi_error_text(code);
}

PAPI_EXPORT void PAPI_perror(const char *message)
{
	const char *reason = papi_error_reason();
	if (message && *message)
		fprintf(stderr, "%s%s%s\n", message, *reason ? ": " : "", reason);
	else if (*reason)
		fprintf(stderr, "%s\n", reason);
}
