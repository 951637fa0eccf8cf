// SPDX-License-Identifier: BSD-3-Clause
/* PAPIF_*: event sets, their events, their component and multiplexing. */
#include "fortran/papif.h"

PAPIF_ENTRY(create_eventset, CREATE_EVENTSET, (int *event_set, int *check))
{
	*check = PAPI_create_eventset(event_set);
}

PAPIF_ENTRY(destroy_eventset, DESTROY_EVENTSET, (int *event_set, int *check))
{
	*check = PAPI_destroy_eventset(event_set);
}

PAPIF_ENTRY(cleanup_eventset, CLEANUP_EVENTSET, (int *event_set, int *check))
{
	*check = PAPI_cleanup_eventset(*event_set);
}

PAPIF_ENTRY(assign_eventset_component, ASSIGN_EVENTSET_COMPONENT,
            (int *event_set, int *cidx, int *check))
{
	*check = PAPI_assign_eventset_component(*event_set, *cidx);
}

/* cidx: the component of the event set (set only when check is PAPI_OK). */
PAPIF_ENTRY(get_eventset_component, GET_EVENTSET_COMPONENT, (int *event_set, int *cidx, int *check))
{
	int found = PAPI_get_eventset_component(*event_set);
	*check = found < 0 ? found : PAPI_OK;
	if (found >= 0)
		*cidx = found;
}

PAPIF_ENTRY(add_event, ADD_EVENT, (int *event_set, int *event_code, int *check))
{
	*check = PAPI_add_event(*event_set, *event_code);
}

PAPIF_ENTRY(add_named_event, ADD_NAMED_EVENT,
            (int *event_set, const char *name, int *check, size_t name_len))
{
	char buf[PAPI_HUGE_STR_LEN];
	const char *c_name = papif_string_in(name, name_len, buf, sizeof buf);
	*check = c_name ? PAPI_add_named_event(*event_set, c_name) : PAPI_EINVAL;
}

PAPIF_ENTRY(add_events, ADD_EVENTS, (int *event_set, int *event_codes, int *number, int *check))
{
	*check = PAPI_add_events(*event_set, event_codes, *number);
}

PAPIF_ENTRY(remove_event, REMOVE_EVENT, (int *event_set, int *event_code, int *check))
{
	*check = PAPI_remove_event(*event_set, *event_code);
}

PAPIF_ENTRY(remove_named_event, REMOVE_NAMED_EVENT,
            (int *event_set, const char *name, int *check, size_t name_len))
{
	char buf[PAPI_HUGE_STR_LEN];
	const char *c_name = papif_string_in(name, name_len, buf, sizeof buf);
	*check = c_name ? PAPI_remove_named_event(*event_set, c_name) : PAPI_EINVAL;
}

PAPIF_ENTRY(remove_events, REMOVE_EVENTS,
            (int *event_set, int *event_codes, int *number, int *check))
{
	*check = PAPI_remove_events(*event_set, event_codes, *number);
}

/* number: the size of event_codes in, the number of events of the set out. */
PAPIF_ENTRY(list_events, LIST_EVENTS, (int *event_set, int *event_codes, int *number, int *check))
{
	*check = PAPI_list_events(*event_set, event_codes, number);
}

/* count: the number of events, or an error code (PAPI 7.0's meaning: no separate check). */
PAPIF_ENTRY(num_events, NUM_EVENTS, (int *event_set, int *count))
{
	*count = PAPI_num_events(*event_set);
}

PAPIF_ENTRY(state, STATE, (int *event_set, int *status, int *check))
{
	*check = PAPI_state(*event_set, status);
}

PAPIF_ENTRY(set_multiplex, SET_MULTIPLEX, (int *event_set, int *check))
{
	*check = PAPI_set_multiplex(*event_set);
}

/* check: 1 if the set is multiplexed, 0 if not, or an error code. */
PAPIF_ENTRY(get_multiplex, GET_MULTIPLEX, (int *event_set, int *check))
{
	*check = PAPI_get_multiplex(*event_set);
}

PAPIF_ENTRY(attach, ATTACH, (int *event_set, unsigned long *tid, int *check))
{
	*check = PAPI_attach(*event_set, *tid);
}

PAPIF_ENTRY(detach, DETACH, (int *event_set, int *check))
{
	*check = PAPI_detach(*event_set);
}
