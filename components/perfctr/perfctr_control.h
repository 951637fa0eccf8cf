// SPDX-License-Identifier: BSD-3-Clause
/* From an event set's natives to a perfctr control: a counter for each
 * event, its evntsel, the TSC always on (its tsc_start is what lets a read
 * of the state page detect a context switch). Pure: tested against the
 * driver on the simulated CPU. */
#ifndef PAPILLON_PERFCTR_CONTROL_H
#define PAPILLON_PERFCTR_CONTROL_H

#include "perfctr_natives.h"

/* Where native i's count is: the TSC's sum, or counter slot i of the sums. */
#define PERFCTR_SLOT_TSC (-1)

struct perfctr_layout {
	struct perfctr_cpu_control control;
	int slot[PERFCTR_MAX_COUNTERS + 1]; /* per native of the set */
};

/* PAPI_OK, or PAPI_ECNFLCT (with the reason) when the events do not fit
 * the family's counters. domain is PAPI_DOM_*; nr_counters the CPU's
 * general counters. */
int perfctr_control_build(enum perfctr_x86_family_id family, unsigned nr_counters, int domain,
                          const struct perfctr_native *const *natives, int count,
                          struct perfctr_layout *out);

#endif
