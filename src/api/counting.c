// SPDX-License-Identifier: BSD-3-Clause
/* Entry points: counting. Each is one call of the counting dispatcher
 * (dispatch.c), which decides where the counts come from; PAPI_read's lookup is
 * inline (dispatch.h), so PAPI_read is the lookup itself. */
#include "papi.h"
#include "api/internal.h"
#include "core/dispatch.h"
#include "util/error.h"
#include "util/timers.h"

PAPI_EXPORT int PAPI_start(int EventSet)
{
	return dispatch_start(EventSet);
}

PAPI_EXPORT int PAPI_stop(int EventSet, long long *values)
{
	return dispatch_stop(EventSet, values);
}

PAPI_EXPORT int PAPI_read(int EventSet, long long *values)
{
	return dispatch_read(EventSet, values);
}

PAPI_EXPORT int PAPI_read_ts(int EventSet, long long *values, long long *cycles)
{
	if (!cycles)
		return papi_error_set(PAPI_EINVAL, "cycles pointer is NULL");
	int status = dispatch_read(EventSet, values);
	if (status == PAPI_OK)
		*cycles = timers_real_cycles();
	return status;
}

PAPI_EXPORT int PAPI_accum(int EventSet, long long *values)
{
	return dispatch_accum(EventSet, values);
}

PAPI_EXPORT int PAPI_reset(int EventSet)
{
	return dispatch_reset(EventSet);
}

/* The component writes its counters where it can (CAP_WRITE, or the core's
 * snapshots of free-running counters); elsewhere the core keeps offsets so
 * that reads continue from the written values. */
PAPI_EXPORT int PAPI_write(int EventSet, long long *values)
{
	return dispatch_write(EventSet, values);
}
