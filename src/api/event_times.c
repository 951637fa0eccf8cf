// SPDX-License-Identifier: BSD-3-Clause
/* Entry point: PAPI_event_times (Papillon extension, papi.h), how much of
 * the time an event of a set actually counted, as perf stat shows it.
 *
 * Nothing is read: the times are the ones the set's most recent PAPI_read,
 * PAPI_accum or PAPI_stop had, kept by the component (the kernel's
 * time_enabled / time_running, which come with every read()) or by the
 * software multiplexer (its slices' active time against the set's); the
 * dispatcher asks whichever counts the set (dispatch_event_times). */
#include "papi.h"
#include "api/internal.h"
#include "core/dispatch.h"

PAPI_EXPORT int PAPI_event_times(int EventSet, int index, long long *enabled_ns,
                                 long long *running_ns)
{
	return dispatch_event_times(EventSet, index, enabled_ns, running_ns);
}
