/* Entry points: creating, filling and inspecting event sets. */
#include <string.h>

#include "papi.h"
#include "api_internal.h"
#include "error.h"
#include "eventset.h"
#include "library.h"
#include "threads.h"

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
	return set ? eventset_cleanup(set) : PAPI_ENOEVST;
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
	if (set->cidx < 0)
		return papi_error_set(PAPI_ENOCMP, "event set %d has no component yet", EventSet);
	return set->cidx;
}

PAPI_EXPORT int PAPI_add_event(int EventSet, int EventCode)
{
	struct eventset *set = api_eventset(EventSet);
	return set ? eventset_add(set, EventCode) : PAPI_ENOEVST;
}

/* The set and the code of a named event, for the by-name entry points. */
static int named_event(int EventSet, const char *EventName, struct eventset **set, int *code)
{
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

PAPI_EXPORT int PAPI_remove_event(int EventSet, int EventCode)
{
	struct eventset *set = api_eventset(EventSet);
	return set ? eventset_remove(set, EventCode) : PAPI_ENOEVST;
}

PAPI_EXPORT int PAPI_remove_named_event(int EventSet, const char *EventName)
{
	struct eventset *set;
	int code;
	int status = named_event(EventSet, EventName, &set, &code);
	return status == PAPI_OK ? eventset_remove(set, code) : status;
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
		int status = eventset_remove(set, Events[i]);
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
	int copied = *number < set->event_count ? *number : set->event_count;
	for (int i = 0; i < copied; i++)
		Events[i] = set->events[i].code;
	*number = set->event_count;
	return PAPI_OK;
}

PAPI_EXPORT int PAPI_num_events(int EventSet)
{
	struct eventset *set = api_eventset(EventSet);
	return set ? set->event_count : PAPI_ENOEVST;
}

PAPI_EXPORT int PAPI_state(int EventSet, int *status)
{
	struct eventset *set = api_eventset(EventSet);
	if (!set)
		return PAPI_ENOEVST;
	if (!status)
		return papi_error_set(PAPI_EINVAL, "status pointer is NULL");
	*status = set->state;
	return PAPI_OK;
}
