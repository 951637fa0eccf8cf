// SPDX-License-Identifier: BSD-3-Clause
/* Entry points: library life cycle and error reporting. */
#include "papi.h"
#include "api/internal.h"
#include "core/dispatch.h"
#include "util/error.h"
#include "core/eventset.h"
#include "core/library.h"
#include "natives/table.h"
#include "core/overflow.h"
#include "presets/presets.h"
#include "abi/core_entries.h"

int papillon_release_version = PAPI_VERSION;

/* The version was accepted by the boundary of the object the program linked (src/abi/). */
int api_library_init(int version)
{
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
