// SPDX-License-Identifier: BSD-3-Clause
/* Entry points: creating, filling and inspecting event sets. */
#include <string.h>

#include "papi.h"
#include "api/internal.h"
#include "util/error.h"
#include "core/eventset.h"
#include "core/library.h"
#include "core/overflow.h"
#include "core/threads.h"

PAPI_EXPORT int PAPI_create_eventset(int *EventSet)
{
	int status = library_require_init();
	if (status != PAPI_OK)
		return status;
	if (!EventSet)
		return papi_error_set(PAPI_EINVAL, "EventSet pointer is NULL");
	if (*EventSet != PAPI_NULL)
		return papi_error_set(PAPI_EINVAL,
		                      "*EventSet must be PAPI_NULL before creation (it is %d)",
		                      *EventSet);
	/* As in PAPI, a thread that creates an event set becomes known. */
	status = threads_register_current();
	if (status != PAPI_OK)
		return status;
	return eventset_create(EventSet);
}

PAPI_EXPORT int PAPI_destroy_eventset(int *EventSet)
{
	if (!EventSet)
		return papi_error_set(PAPI_EINVAL, "EventSet pointer is NULL");
	return eventset_destroy(EventSet);
}

PAPI_EXPORT int PAPI_cleanup_eventset(int EventSet)
{
	struct eventset *set = api_eventset(EventSet);
	if (!set)
		return PAPI_ENOEVST;
	/* As in PAPI, overflow goes too (its sampling closes while the
	 * natives are still known); a running set is refused below. */
	if (!eventset_running(set))
		overflow_forget(set);
	return eventset_cleanup(set);
}

PAPI_EXPORT int PAPI_assign_eventset_component(int EventSet, int cidx)
{
	struct eventset *set = api_eventset(EventSet);
	return set ? eventset_assign_component(set, cidx) : PAPI_ENOEVST;
}

PAPI_EXPORT int PAPI_get_eventset_component(int EventSet)
{
	struct eventset *set = api_eventset(EventSet);
	if (!set)
		return PAPI_ENOEVST;
	int cidx = eventset_component(set);
	if (cidx < 0)
		return papi_error_set(PAPI_ENOCMP, "event set %d has no component yet", EventSet);
	return cidx;
}

PAPI_EXPORT int PAPI_add_event(int EventSet, int EventCode)
{
	struct eventset *set = api_eventset(EventSet);
	return set ? eventset_add(set, EventCode) : PAPI_ENOEVST;
}

/* The set and the code of a named event, for the by-name entry points. */
static int named_event(int EventSet, const char *EventName, struct eventset **set, int *code)
{
	/* As in PAPI: before init no name can resolve, and that is the cause
	 * to report rather than the set that cannot exist yet. */
	*set = NULL;
	int status = library_require_init();
	if (status != PAPI_OK)
		return status;
	*set = api_eventset(EventSet);
	if (!*set)
		return PAPI_ENOEVST;
	if (!EventName)
		return papi_error_set(PAPI_EINVAL, "event name is NULL");
	return PAPI_event_name_to_code(EventName, code);
}

PAPI_EXPORT int PAPI_add_named_event(int EventSet, const char *EventName)
{
	struct eventset *set;
	int code;
	int status = named_event(EventSet, EventName, &set, &code);
	return status == PAPI_OK ? eventset_add(set, code) : status;
}

/* An event that overflows or profiles stays until that is turned off. */
static int remove_event(struct eventset *set, int code)
{
	int status = eventset_check_removal(set, code);
	if (status == PAPI_OK && overflow_uses_event(set, code))
		status =
		    papi_error_set(PAPI_EINVAL,
		                   "event %#x overflows or profiles in event set %d: turn that "
		                   "off first (threshold 0)",
		                   (unsigned)code, eventset_id(set));
	return status == PAPI_OK ? eventset_remove(set, code) : status;
}

PAPI_EXPORT int PAPI_remove_event(int EventSet, int EventCode)
{
	struct eventset *set = api_eventset(EventSet);
	return set ? remove_event(set, EventCode) : PAPI_ENOEVST;
}

PAPI_EXPORT int PAPI_remove_named_event(int EventSet, const char *EventName)
{
	struct eventset *set;
	int code;
	int status = named_event(EventSet, EventName, &set, &code);
	return status == PAPI_OK ? remove_event(set, code) : status;
}

/* Bulk add/remove: PAPI reports how many succeeded before the first failure
 * as a positive count, or the error if the first one failed. */
PAPI_EXPORT int PAPI_add_events(int EventSet, int *Events, int number)
{
	struct eventset *set = api_eventset(EventSet);
	if (!set)
		return PAPI_ENOEVST;
	if (!Events || number <= 0)
		return papi_error_set(PAPI_EINVAL, "no events to add (array %p, count %d)",
		                      (void *)Events, number);
	for (int i = 0; i < number; i++) {
		int status = eventset_add(set, Events[i]);
		if (status != PAPI_OK)
			return i == 0 ? status : i;
	}
	return PAPI_OK;
}

PAPI_EXPORT int PAPI_remove_events(int EventSet, int *Events, int number)
{
	struct eventset *set = api_eventset(EventSet);
	if (!set)
		return PAPI_ENOEVST;
	if (!Events || number <= 0)
		return papi_error_set(PAPI_EINVAL, "no events to remove (array %p, count %d)",
		                      (void *)Events, number);
	for (int i = 0; i < number; i++) {
		int status = remove_event(set, Events[i]);
		if (status != PAPI_OK)
			return i == 0 ? status : i;
	}
	return PAPI_OK;
}

PAPI_EXPORT int PAPI_list_events(int EventSet, int *Events, int *number)
{
	struct eventset *set = api_eventset(EventSet);
	if (!set)
		return PAPI_ENOEVST;
	if (!number || *number < 0 || (*number > 0 && !Events))
		return papi_error_set(PAPI_EINVAL, "bad event array or count");
	int count = eventset_event_count(set);
	int copied = *number < count ? *number : count;
	for (int i = 0; i < copied; i++)
		Events[i] = eventset_event(set, i)->code;
	*number = count;
	return PAPI_OK;
}

PAPI_EXPORT int PAPI_num_events(int EventSet)
{
	struct eventset *set = api_eventset(EventSet);
	return set ? eventset_event_count(set) : PAPI_ENOEVST;
}

PAPI_EXPORT int PAPI_state(int EventSet, int *status)
{
	struct eventset *set = api_eventset(EventSet);
	if (!set)
		return PAPI_ENOEVST;
	if (!status)
		return papi_error_set(PAPI_EINVAL, "status pointer is NULL");
	*status = eventset_state(set);
	return PAPI_OK;
}
