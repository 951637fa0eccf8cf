// SPDX-License-Identifier: BSD-3-Clause
/* From a native event's name to its code: the interned code if there is
 * one, else the first component that resolves the name (which interns it),
 * or that lists it while it cannot be encoded as written. */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "papi.h"
#include "util/error.h"
#include "registry/registry.h"
#include "natives/table.h"

/* Does name start with component c's "<short name>:::" (sde:::LIB::CTR)? That
 * component then knows best why the name fails. */
static bool names_component(const char *name, int c)
{
	const char *prefix = papillon_components[c]->short_name;
	size_t length = strlen(prefix);
	return strncmp(name, prefix, length) == 0 && strncmp(name + length, ":::", 3) == 0;
}

int native_code_of_name(const char *name, int *code)
{
	int status = native_table_find(name, code);
	if (status == PAPI_OK)
		return PAPI_OK;
	int best = PAPI_ENOEVNT;
	char reason[PAPI_HUGE_STR_LEN];
	reason[0] = '\0';
	for (int c = 0; c < papillon_component_count; c++) {
		if (!papillon_component_ready[c])
			continue;
		struct component_resolution resolution;
		memset(&resolution, 0, sizeof(resolution));
		status = papillon_components[c]->resolve_name(name, &resolution);
		if (status == PAPI_OK) {
			papi_error_clear(); /* earlier components' misses are no failure */
			return native_table_intern(c, name, resolution.cursor, resolution.encoding,
			                           code);
		}
		/* A listed name is an event: it gets its code, and its uses fail. */
		if (resolution.listed) {
			status = native_table_intern_failed(c, name, resolution.cursor, status,
			                                    papi_error_reason(), code);
			if (status == PAPI_OK)
				papi_error_clear();
			return status;
		}
		/* The most telling reason: the named component's, else a real
		 * failure over "unknown here". */
		if (status != PAPI_ENOEVNT || !reason[0] || names_component(name, c)) {
			best = status;
			snprintf(reason, sizeof(reason), "%s", papi_error_reason());
		}
	}
	if (reason[0])
		return papi_error_set(best, "%s", reason);
	return papi_error_set(best, "no component knows an event named '%s'", name);
}
