// SPDX-License-Identifier: BSD-3-Clause
/* The native event tables (perfctr_events.h). Names follow the manuals'
 * own; descriptions say what is counted. */
#include "perfctr_events.h"

#define COUNT(table) (sizeof(table) / sizeof(table[0]))
#define C(n)         (1u << (n))

/* Intel P6 (Pentium Pro, II, III): some events count on one counter only. */
static const struct perfctr_event p6_events[] = {
    {"INST_RETIRED", 0xC0, 0x00, 0, "Instructions retired"},
    {"CPU_CLK_UNHALTED", 0x79, 0x00, 0, "Cycles the processor is not halted"},
    {"BR_INST_RETIRED", 0xC4, 0x00, 0, "Branch instructions retired"},
    {"BR_MISS_PRED_RETIRED", 0xC5, 0x00, 0, "Mispredicted branches retired"},
    {"DATA_MEM_REFS", 0x43, 0x00, 0, "Memory references, loads and stores"},
    {"DCU_LINES_IN", 0x45, 0x00, 0, "Lines allocated in the data cache"},
    {"L2_RQSTS", 0x2E, 0x0F, 0, "L2 requests, every MESI state"},
    {"FLOPS", 0xC1, 0x00, C(0), "Floating-point operations retired (counter 0 only)"},
    {"MUL", 0x12, 0x00, C(1), "Multiplies (counter 1 only)"},
    {"DIV", 0x13, 0x00, C(1), "Divides (counter 1 only)"},
};

/* AMD K7 and K8. */
static const struct perfctr_event k7_events[] = {
    {"CPU_CLK_UNHALTED", 0x76, 0x00, 0, "Cycles the processor is not halted"},
    {"RETIRED_INSTRUCTIONS", 0xC0, 0x00, 0, "Instructions retired"},
    {"RETIRED_BRANCH_INSTRUCTIONS", 0xC2, 0x00, 0, "Branch instructions retired"},
    {"RETIRED_MISPREDICTED_BRANCH_INSTRUCTIONS", 0xC3, 0x00, 0, "Mispredicted branches retired"},
    {"DATA_CACHE_ACCESSES", 0x40, 0x00, 0, "Data cache accesses"},
    {"DATA_CACHE_MISSES", 0x41, 0x00, 0, "Data cache misses"},
    {"INSTRUCTION_CACHE_FETCHES", 0x80, 0x00, 0, "Instruction cache fetches"},
    {"INSTRUCTION_CACHE_MISSES", 0x81, 0x00, 0, "Instruction cache misses"},
};

/* AMD families 10h-1Ah: the events every one of them has. */
static const struct perfctr_event amd_events[] = {
    {"CYCLES_NOT_IN_HALT", 0x76, 0x00, 0, "Cycles the core is not halted"},
    {"RETIRED_INSTRUCTIONS", 0xC0, 0x00, 0, "Instructions retired"},
    {"RETIRED_BRANCH_INSTRUCTIONS", 0xC2, 0x00, 0, "Branch instructions retired"},
    {"RETIRED_BRANCH_INSTRUCTIONS_MISPREDICTED", 0xC3, 0x00, 0, "Mispredicted branches retired"},
};

/* Intel's architectural events (CPUID leaf 0xA) and the fixed counters. */
static const struct perfctr_event arch_events[] = {
    {"UNHALTED_CORE_CYCLES", 0x3C, 0x00, 0, "Core cycles while not halted"},
    {"INSTRUCTION_RETIRED", 0xC0, 0x00, 0, "Instructions retired"},
    {"UNHALTED_REFERENCE_CYCLES", 0x3C, 0x01, 0, "Reference cycles while not halted"},
    {"LLC_REFERENCES", 0x2E, 0x4F, 0, "Last-level cache references"},
    {"LLC_MISSES", 0x2E, 0x41, 0, "Last-level cache misses"},
    {"BRANCH_INSTRUCTIONS_RETIRED", 0xC4, 0x00, 0, "Branch instructions retired"},
    {"MISPREDICTED_BRANCH_RETIRED", 0xC5, 0x00, 0, "Mispredicted branches retired"},
    {"INST_RETIRED.ANY", 0, 0, PERFCTR_EVENT_FIXED(0), "Instructions retired (fixed counter 0)"},
    {"CPU_CLK_UNHALTED.THREAD", 0, 0, PERFCTR_EVENT_FIXED(1),
     "Core cycles while not halted (fixed counter 1)"},
    {"CPU_CLK_UNHALTED.REF_TSC", 0, 0, PERFCTR_EVENT_FIXED(2),
     "Reference cycles at the TSC's rate while not halted (fixed counter 2)"},
};

static const struct perfctr_event_table tables[] = {
    {PERFCTR_FAMILY_P6, p6_events, COUNT(p6_events)},
    {PERFCTR_FAMILY_K7, k7_events, COUNT(k7_events)},
    {PERFCTR_FAMILY_AMD_FAM10H, amd_events, COUNT(amd_events)},
    {PERFCTR_FAMILY_ARCH_PERFMON, arch_events, COUNT(arch_events)},
};

const struct perfctr_event_table *perfctr_events_of(enum perfctr_x86_family_id family)
{
	for (size_t i = 0; i < COUNT(tables); i++)
		if (tables[i].family == family)
			return &tables[i];
	return NULL;
}
