// SPDX-License-Identifier: BSD-3-Clause
/* lifecycle: PAPI_library_init, PAPI_create_eventset, PAPI_destroy_eventset,
 * PAPI_shutdown and nothing else: what a tool pays to start and stop the
 * library (bench/startup.sh runs it against Papillon and against another
 * libpapi.so.7.0). Exits non-zero, naming the call, if one fails. */
#include <stdio.h>

#include "papi.h"

int main(void)
{
	int set = PAPI_NULL;
	int version = PAPI_library_init(PAPI_VER_CURRENT);
	if (version != PAPI_VER_CURRENT) {
		fprintf(stderr, "lifecycle: PAPI_library_init: %d\n", version);
		return 1;
	}
	int status = PAPI_create_eventset(&set);
	if (status != PAPI_OK) {
		fprintf(stderr, "lifecycle: PAPI_create_eventset: %d\n", status);
		return 1;
	}
	status = PAPI_destroy_eventset(&set);
	if (status != PAPI_OK) {
		fprintf(stderr, "lifecycle: PAPI_destroy_eventset: %d\n", status);
		return 1;
	}
	PAPI_shutdown();
	return 0;
}
