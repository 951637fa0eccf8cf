// SPDX-License-Identifier: BSD-3-Clause
/* The group rules (ebb_group.h). */
#include <string.h>

#include "papi.h"
#include "util/error.h"
#include "ebb_group.h"

/* A code that names PMC5 or PMC6 must be that counter's one event: the
 * fixed counters have no event selector. */
static int check_fixed_counter(const struct ebb_event *event, unsigned pmc)
{
	unsigned selector = (unsigned)(event->code & 0xff);
	unsigned wanted = pmc == 5 ? EBB_PMC5_SELECTOR : EBB_PMC6_SELECTOR;
	if (selector != wanted)
		return papi_error_set(PAPI_ENOEVNT,
		                      "%s (code %#llx) names PMC%u, a fixed counter that counts "
		                      "only its own event (selector %#x, %s)",
		                      event->name, (unsigned long long)event->code, pmc, wanted,
		                      pmc == 5 ? "instructions completed" : "cycles");
	return PAPI_OK;
}

int ebb_group_place(const struct ebb_event *const *events, int count, struct ebb_group_plan *plan)
{
	struct ebb_group_plan placed = {.count = count};
	const struct ebb_event *holder[EBB_PMC_COUNT + 1] = {NULL};
	if (count < 1)
		return papi_error_set(PAPI_EINVAL, "an EBB group needs at least one event");
	if (count > EBB_PMC_COUNT)
		return papi_error_set(PAPI_ECNFLCT,
		                      "%d EBB events: the PMU has %d counters and EBB events "
		                      "cannot be multiplexed (the PMU is held exclusively)",
		                      count, EBB_PMC_COUNT);
	/* First the events that name their PMC. */
	for (int i = 0; i < count; i++) {
		unsigned pmc = ebb_code_pmc(events[i]->code);
		if (pmc == 0)
			continue;
		if (pmc > EBB_PMC_COUNT)
			return papi_error_set(
			    PAPI_ENOEVNT, "%s (code %#llx) names PMC%u: POWER has PMC1-6",
			    events[i]->name, (unsigned long long)events[i]->code, pmc);
		if (pmc > EBB_PMC_PROGRAMMABLE) {
			int status = check_fixed_counter(events[i], pmc);
			if (status != PAPI_OK)
				return status;
		}
		if (holder[pmc])
			return papi_error_set(PAPI_ECNFLCT,
			                      "%s needs PMC%u, which %s already holds in this EBB "
			                      "group",
			                      events[i]->name, pmc, holder[pmc]->name);
		holder[pmc] = events[i];
		placed.pmc[i] = pmc;
		placed.code[i] = events[i]->code;
	}
	/* Then the others, on the lowest programmable PMC left. */
	for (int i = 0; i < count; i++) {
		if (placed.pmc[i])
			continue;
		unsigned pmc = 1;
		while (pmc <= EBB_PMC_PROGRAMMABLE && holder[pmc])
			pmc++;
		if (pmc > EBB_PMC_PROGRAMMABLE)
			return papi_error_set(PAPI_ECNFLCT,
			                      "%s can count on PMC1-4 only, and all four are taken "
			                      "(%s, %s, %s, %s)",
			                      events[i]->name, holder[1]->name, holder[2]->name,
			                      holder[3]->name, holder[4]->name);
		holder[pmc] = events[i];
		placed.pmc[i] = pmc;
		placed.code[i] =
		    (events[i]->code & ~EBB_CODE_PMC_MASK) | ((uint64_t)pmc << EBB_CODE_PMC_SHIFT);
	}
	*plan = placed;
	return PAPI_OK;
}
