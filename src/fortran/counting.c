// SPDX-License-Identifier: BSD-3-Clause
/* PAPIF_*: counting (values are INTEGER(8) arrays, one element per event of the set). */
#include "fortran/papif.h"

PAPIF_ENTRY(start, START, (int *event_set, int *check))
{
	*check = PAPI_start(*event_set);
}

PAPIF_ENTRY(stop, STOP, (int *event_set, long long *values, int *check))
{
	*check = PAPI_stop(*event_set, values);
}

PAPIF_ENTRY(read, READ, (int *event_set, long long *values, int *check))
{
	*check = PAPI_read(*event_set, values);
}

PAPIF_ENTRY(read_ts, READ_TS, (int *event_set, long long *values, long long *cycles, int *check))
{
	*check = PAPI_read_ts(*event_set, values, cycles);
}

PAPIF_ENTRY(accum, ACCUM, (int *event_set, long long *values, int *check))
{
	*check = PAPI_accum(*event_set, values);
}

PAPIF_ENTRY(reset, RESET, (int *event_set, int *check))
{
	*check = PAPI_reset(*event_set);
}

PAPIF_ENTRY(write, WRITE, (int *event_set, long long *values, int *check))
{
	*check = PAPI_write(*event_set, values);
}

/* Papillon's extension: how long event index of the set was enabled and actually counting. */
PAPIF_ENTRY(event_times, EVENT_TIMES,
            (int *event_set, int *index, long long *enabled_ns, long long *running_ns, int *check))
{
	*check = PAPI_event_times(*event_set, *index, enabled_ns, running_ns);
}
