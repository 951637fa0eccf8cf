// SPDX-License-Identifier: BSD-3-Clause
/* Entry points: user-space counter reads (Papillon extensions, papi.h).
 *
 * PAPI_set_user_read / PAPI_get_user_read: an event set's mode, which the
 * component consults at every read (counting_options.user_read), so a change
 * applies from the next read, running or not. PAPI_event_read_path: how an
 * event of a running set is read now (PAPI_ENOTRUN when the set is not
 * running: which counter holds an event, if any, is decided while it
 * counts). PAPI_user_read_status: what the component can do on this machine. */
#include <stdio.h>

#include "papi.h"
#include "api/internal.h"
#include "core/dispatch.h"
#include "util/error.h"
#include "core/eventset.h"
#include "core/library.h"

PAPI_EXPORT int PAPI_set_user_read(int EventSet, int mode)
{
	struct eventset *set = api_eventset(EventSet);
	if (!set)
		return PAPI_ENOEVST;
	return eventset_set_user_read(set, mode);
}

PAPI_EXPORT int PAPI_get_user_read(int EventSet, int *mode)
{
	struct eventset *set = api_eventset(EventSet);
	if (!set)
		return PAPI_ENOEVST;
	if (!mode)
		return papi_error_set(PAPI_EINVAL, "mode pointer is NULL");
	*mode = eventset_user_read(set);
	return PAPI_OK;
}

PAPI_EXPORT int PAPI_event_read_path(int EventSet, int index, char *reason, int len)
{
	struct eventset *set = api_eventset(EventSet);
	if (!set)
		return PAPI_ENOEVST;
	if (reason && len <= 0)
		return papi_error_set(PAPI_EINVAL, "reason buffer length %d is not positive", len);
	return dispatch_read_path(EventSet, index, reason, reason ? (size_t)len : 0);
}

PAPI_EXPORT int PAPI_user_read_status(int cidx, char *why, int len)
{
	int status = library_require_init();
	if (status == PAPI_OK)
		status = library_check_component(cidx);
	if (status == PAPI_OK && why && len <= 0)
		status =
		    papi_error_set(PAPI_EINVAL, "reason buffer length %d is not positive", len);
	if (status != PAPI_OK)
		return status;
	const struct component_ops *ops = papillon_components[cidx];
	char text[PAPI_HUGE_STR_LEN];
	int available = 0;
	if (!papillon_component_ready[cidx])
		snprintf(text, sizeof(text), "the %s component is disabled: %s", ops->name,
		         papillon_component_info[cidx].disabled_reason);
	else if (ops->user_read_status)
		available = ops->user_read_status(text, sizeof(text));
	else if ((ops->capabilities & CAP_USER_READ) && ops->user_read) {
		snprintf(text, sizeof(text), "the %s component reads its counters in user space",
		         ops->name);
		available = 1;
	} else
		snprintf(text, sizeof(text),
		         "the %s component reads counters only with system calls", ops->name);
	if (why)
		snprintf(why, (size_t)len, "%s", text);
	return available;
}
