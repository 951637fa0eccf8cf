// SPDX-License-Identifier: BSD-3-Clause
/* PAPIF_*: events by code and by name, their enumeration and descriptions. */
#include "fortran/papif.h"

PAPIF_ENTRY(query_event, QUERY_EVENT, (int *event_code, int *check))
{
	*check = PAPI_query_event(*event_code);
}

PAPIF_ENTRY(query_named_event, QUERY_NAMED_EVENT, (const char *name, int *check, size_t name_len))
{
	char buf[PAPI_HUGE_STR_LEN];
	const char *c_name = papif_string_in(name, name_len, buf, sizeof buf);
	*check = c_name ? PAPI_query_named_event(c_name) : PAPI_EINVAL;
}

PAPIF_ENTRY(event_code_to_name, EVENT_CODE_TO_NAME,
            (int *event_code, char *name, int *check, size_t name_len))
{
	char buf[PAPI_HUGE_STR_LEN] = "";
	*check = PAPI_event_code_to_name(*event_code, buf);
	papif_string_out(name, name_len, *check == PAPI_OK ? buf : "");
}

PAPIF_ENTRY(event_name_to_code, EVENT_NAME_TO_CODE,
            (const char *name, int *event_code, int *check, size_t name_len))
{
	char buf[PAPI_HUGE_STR_LEN];
	const char *c_name = papif_string_in(name, name_len, buf, sizeof buf);
	*check = c_name ? PAPI_event_name_to_code(c_name, event_code) : PAPI_EINVAL;
}

/* event_code: the current event in, the next one out (PAPI_ENOEVNT past the last). */
PAPIF_ENTRY(enum_event, ENUM_EVENT, (int *event_code, int *modifier, int *check))
{
	*check = PAPI_enum_event(event_code, *modifier);
}

PAPIF_ENTRY(enum_cmp_event, ENUM_CMP_EVENT, (int *event_code, int *modifier, int *cidx, int *check))
{
	*check = PAPI_enum_cmp_event(event_code, *modifier, *cidx);
}

/* cidx: the component of the event (set only when check is PAPI_OK). */
PAPIF_ENTRY(get_event_component, GET_EVENT_COMPONENT, (int *event_code, int *cidx, int *check))
{
	int found = PAPI_get_event_component(*event_code);
	*check = found < 0 ? found : PAPI_OK;
	if (found >= 0)
		*cidx = found;
}

/*
 * PAPI 7.0's argument list. flags is accepted and left untouched, as PAPI 7.0 does: the
 * event's flags have no Fortran form there.
 */
PAPIF_ENTRY(get_event_info, GET_EVENT_INFO,
            (int *event_code, char *symbol, char *long_descr, char *short_descr, int *count,
             char *event_note, int *flags, int *check, size_t symbol_len, size_t long_descr_len,
             size_t short_descr_len, size_t event_note_len))
{
	PAPI_event_info_t info;
	(void)flags;
	*check = PAPI_get_event_info(*event_code, &info);
	if (*check != PAPI_OK)
		return;
	papif_string_out(symbol, symbol_len, info.symbol);
	papif_string_out(long_descr, long_descr_len, info.long_descr);
	papif_string_out(short_descr, short_descr_len, info.short_descr);
	papif_string_out(event_note, event_note_len, info.note);
	*count = (int)info.count;
}

/* Papillon's extension: whether and why not the event can count here (PAPI_event_reason). */
PAPIF_ENTRY(event_reason, EVENT_REASON,
            (int *event_code, char *reason, int *check, size_t reason_len))
{
	char buf[PAPI_HUGE_STR_LEN] = "";
	*check = PAPI_event_reason(*event_code, buf, (int)sizeof buf);
	papif_string_out(reason, reason_len, buf);
}
