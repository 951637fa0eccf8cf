// SPDX-License-Identifier: BSD-3-Clause
/* The native events of the POWER PMUs the ebb component drives, as const
 * tables: one per PMU, generated at build time from data
 * (events/power8.events, power9, power10: NAME CODE [DESCRIPTION], turned
 * into ebb_events_powerN.c by events/events-to-c.awk), no logic.
 *
 * Names and codes are the PMUs' raw event codes as libpfm4's
 * power8/power9/power10 tables give them (the perf "raw" config; extracted
 * by events/extract-libpfm4-events), except the fixed counters. The PMC an
 * event must count on is part of the code, bits 16-19 (EBB_CODE_PMC_SHIFT):
 * 1-4 are the programmable counters, 5 and 6 the fixed ones (PMC5 counts
 * completed instructions, PMC6 cycles, whatever is asked); 0 means "any of
 * PMC1-4", and the group rules (ebb_group.h) pick one, since an EBB event
 * must name its PMC. */
#ifndef PAPILLON_EBB_EVENTS_H
#define PAPILLON_EBB_EVENTS_H

#include <stddef.h>
#include <stdint.h>

#define EBB_CODE_PMC_SHIFT 16
#define EBB_CODE_PMC_MASK  (UINT64_C(0xf) << EBB_CODE_PMC_SHIFT)
/* The counters of every POWER PMU this component knows. */
#define EBB_PMC_COUNT        6
#define EBB_PMC_PROGRAMMABLE 4 /* PMC1-4; PMC5 and PMC6 are fixed */

struct ebb_event {
	const char *name; /* PM_CYC: the ebb:: prefix is the component's */
	uint64_t code;    /* raw code; PMC field 0: any of PMC1-4 */
	const char *description;
};

enum ebb_pmu_model {
	EBB_PMU_UNKNOWN = 0,
	EBB_PMU_POWER8,
	EBB_PMU_POWER9,
	EBB_PMU_POWER10,
};

struct ebb_pmu_table {
	enum ebb_pmu_model model;
	const char *name; /* "power9": AT_PLATFORM's word, and the preset key */
	const struct ebb_event *events;
	size_t count;
};

extern const struct ebb_pmu_table ebb_power8_table;
extern const struct ebb_pmu_table ebb_power9_table;
extern const struct ebb_pmu_table ebb_power10_table;

/* The table of a model, or NULL for EBB_PMU_UNKNOWN. */
const struct ebb_pmu_table *ebb_pmu_table_of(enum ebb_pmu_model model);

/* The PMC field of a code: 1-6, or 0 for "any programmable PMC". */
static inline unsigned ebb_code_pmc(uint64_t code)
{
	return (unsigned)((code & EBB_CODE_PMC_MASK) >> EBB_CODE_PMC_SHIFT);
}

/* The event of table called name (without the prefix), or NULL. */
const struct ebb_event *ebb_event_find(const struct ebb_pmu_table *table, const char *name);

#endif
