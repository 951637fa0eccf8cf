// SPDX-License-Identifier: BSD-3-Clause
/* Papillon's documented extensions to the PAPI API: the reasons behind
 * errors, which PAPI's integer codes cannot carry. */
#include <stdio.h>

#include "papi.h"
#include "api/internal.h"
#include "util/error.h"
#include "core/library.h"
#include "natives/table.h"
#include "presets/presets.h"

PAPI_EXPORT const char *PAPI_strreason(void)
{
	return papi_error_reason();
}

PAPI_EXPORT int PAPI_event_reason(int EventCode, char *reason, int len)
{
	int status = library_require_init();
	if (status == PAPI_OK && (!reason || len <= 0))
		status = papi_error_set(PAPI_EINVAL, "reason buffer is NULL or empty");
	if (status == PAPI_OK && (EventCode & PAPI_PRESET_MASK)) {
		/* Checked once, every native through its component (presets.c). */
		const struct preset_definition *definition;
		status = preset_definition(EventCode, &definition);
	} else if (status == PAPI_OK) {
		const void *encoding;
		status = native_table_encoding(EventCode, &encoding);
		if (status == PAPI_OK) {
			const struct native_entry *entry = native_table_get(EventCode);
			status = papillon_components[entry->cidx]->check_event(encoding);
		}
	}
	if (reason && len > 0)
		snprintf(reason, (size_t)len, "%s", status == PAPI_OK ? "" : papi_error_reason());
	return status;
}

PAPI_EXPORT int PAPI_preset_message(int index, char *message, int len)
{
	int status = library_require_init();
	if (status != PAPI_OK)
		return status;
	if (!message || len <= 0)
		return papi_error_set(PAPI_EINVAL, "message buffer is NULL or empty");
	return presets_message(index, message, len);
}
