// SPDX-License-Identifier: BSD-3-Clause
/* The group rules of EBB events, checked when an event is added and before
 * the kernel sees anything: at most six events; PMC5 and PMC6 are fixed
 * (PMC5 counts completed instructions, code selector 0xfa; PMC6 cycles,
 * 0xf4); an event whose code names a PMC takes that one, and no two events
 * share one; an event that names none (PMC field 0) takes the lowest free
 * PMC of 1-4. Events that name their PMC are placed first, so the order of
 * adding never decides whether a set fits. The first event is the group's
 * leader (ebb_attr.h). Pure: no system call, errors are PAPI codes with
 * the reason (papi_error_set). */
#ifndef PAPILLON_EBB_GROUP_H
#define PAPILLON_EBB_GROUP_H

#include "ebb_events.h"

#define EBB_PMC5_SELECTOR 0xfa /* PMC5: instructions completed */
#define EBB_PMC6_SELECTOR 0xf4 /* PMC6: cycles */

struct ebb_group_plan {
	int count;
	unsigned pmc[EBB_PMC_COUNT];  /* 1..6, per event in the order given */
	uint64_t code[EBB_PMC_COUNT]; /* the event's code with its PMC field filled */
};

/* Places count events (codes with names for the reasons) on the PMCs.
 * PAPI_OK with plan filled; PAPI_ECNFLCT (too many, a PMC taken twice, no
 * programmable PMC left) or PAPI_ENOEVNT (a PMC the PMU lacks, a fixed PMC
 * asked for another event) with the reason; plan is untouched on failure. */
int ebb_group_place(const struct ebb_event *const *events, int count, struct ebb_group_plan *plan);

#endif
