// SPDX-License-Identifier: BSD-3-Clause
/* The native event tables (perfctr_events.h). Names follow the manuals'
 * own; descriptions say what is counted. */
#include "perfctr_events.h"

#define COUNT(table) (sizeof(table) / sizeof(table[0]))
#define C(n)         (1u << (n))

/* Intel P5 with MMX: the events both counters count alike (event select
 * 0x00-0x29 of the Pentium's table; above, counters 0 and 1 count
 * different things under one number). Each counts occurrences, not
 * clocks: the control's CC field gets no clock bit. */
static const struct perfctr_event p5_events[] = {
    {"DATA_READ", 0x00, 0x00, 0, "Data reads", 0, 0},
    {"DATA_WRITE", 0x01, 0x00, 0, "Data writes", 0, 0},
    {"DATA_TLB_MISS", 0x02, 0x00, 0, "Data TLB misses", 0, 0},
    {"DATA_READ_MISS", 0x03, 0x00, 0, "Data reads that miss the data cache", 0, 0},
    {"DATA_WRITE_MISS", 0x04, 0x00, 0, "Data writes that miss the data cache", 0, 0},
    {"WRITE_HIT_TO_M_OR_E_STATE_LINES", 0x05, 0x00, 0,
     "Writes hitting a Modified or Exclusive data cache line", 0, 0},
    {"DATA_CACHE_LINES_WRITTEN_BACK", 0x06, 0x00, 0, "Data cache lines written back", 0, 0},
    {"EXTERNAL_SNOOPS", 0x07, 0x00, 0, "External snoops", 0, 0},
    {"EXTERNAL_DATA_CACHE_SNOOP_HITS", 0x08, 0x00, 0, "External snoops hitting the data cache", 0,
     0},
    {"MEMORY_ACCESSES_IN_BOTH_PIPES", 0x09, 0x00, 0, "Data memory accesses in both pipes", 0, 0},
    {"BANK_CONFLICTS", 0x0A, 0x00, 0, "Data cache bank conflicts", 0, 0},
    {"MISALIGNED_DATA_MEMORY_OR_IO_REFERENCES", 0x0B, 0x00, 0,
     "Misaligned data memory or I/O references", 0, 0},
    {"CODE_READ", 0x0C, 0x00, 0, "Instruction reads", 0, 0},
    {"CODE_TLB_MISS", 0x0D, 0x00, 0, "Instruction TLB misses", 0, 0},
    {"CODE_CACHE_MISS", 0x0E, 0x00, 0, "Instruction reads that miss the code cache", 0, 0},
    {"ANY_SEGMENT_REGISTER_LOADED", 0x0F, 0x00, 0, "Segment register loads", 0, 0},
    {"BRANCHES", 0x12, 0x00, 0, "Branches", 0, 0},
    {"BTB_HITS", 0x13, 0x00, 0, "Branch target buffer hits", 0, 0},
    {"TAKEN_BRANCH_OR_BTB_HIT", 0x14, 0x00, 0, "Taken branches or BTB hits", 0, 0},
    {"PIPELINE_FLUSHES", 0x15, 0x00, 0, "Pipeline flushes", 0, 0},
    {"INSTRUCTIONS_EXECUTED", 0x16, 0x00, 0, "Instructions executed", 0, 0},
    {"INSTRUCTIONS_EXECUTED_V_PIPE", 0x17, 0x00, 0, "Instructions executed in the V pipe", 0, 0},
    {"BUS_CYCLE_DURATION", 0x18, 0x00, 0, "Clocks while a bus cycle is in progress", 0, 0},
    {"WRITE_BUFFER_FULL_STALL_DURATION", 0x19, 0x00, 0, "Clocks stalled on full write buffers", 0,
     0},
    {"WAITING_FOR_DATA_MEMORY_READ_STALL_DURATION", 0x1A, 0x00, 0,
     "Clocks stalled waiting for a data memory read", 0, 0},
    {"STALL_ON_WRITE_TO_AN_E_OR_M_STATE_LINE", 0x1B, 0x00, 0,
     "Stalls on a write to an Exclusive or Modified line", 0, 0},
    {"IO_READ_OR_WRITE_CYCLE", 0x1D, 0x00, 0, "I/O read or write bus cycles", 0, 0},
    {"NONCACHEABLE_MEMORY_READS", 0x1E, 0x00, 0, "Non-cacheable memory reads", 0, 0},
    {"PIPELINE_AGI_STALLS", 0x1F, 0x00, 0, "Address generation interlock stalls", 0, 0},
    {"FLOPS", 0x22, 0x00, 0, "Floating-point operations", 0, 0},
    {"BREAKPOINT_MATCH_ON_DR0", 0x23, 0x00, 0, "Matches of debug register 0", 0, 0},
    {"BREAKPOINT_MATCH_ON_DR1", 0x24, 0x00, 0, "Matches of debug register 1", 0, 0},
    {"BREAKPOINT_MATCH_ON_DR2", 0x25, 0x00, 0, "Matches of debug register 2", 0, 0},
    {"BREAKPOINT_MATCH_ON_DR3", 0x26, 0x00, 0, "Matches of debug register 3", 0, 0},
    {"HARDWARE_INTERRUPTS", 0x27, 0x00, 0, "Hardware interrupts", 0, 0},
    {"DATA_READ_OR_WRITE", 0x28, 0x00, 0, "Data reads or writes", 0, 0},
    {"DATA_READ_MISS_OR_WRITE_MISS", 0x29, 0x00, 0, "Data reads or writes that miss", 0, 0},
};

/* VIA C3: PERFCTR0 is the TSC's alias, so counter 1 only; its control is
 * a 9-bit event select with no other field, the ninth bit written here as
 * the unit mask's bit 0. It counts at every privilege level. */
static const struct perfctr_event via_c3_events[] = {
    {"INTERNAL_CLOCKS", 0x79, 0x00, C(1), "Internal clocks (counter 1, every privilege level)", 0,
     0},
    {"INSTRUCTIONS_EXECUTED", 0xC0, 0x00, C(1),
     "Instructions executed (counter 1, every privilege level)", 0, 0},
    {"INSTRUCTIONS_EXECUTED_AND_STRING_ITERATIONS", 0xC0, 0x01, C(1),
     "Instructions executed, each string iteration counted (counter 1, every privilege "
     "level)",
     0, 0},
};

/* Intel P6 (Pentium Pro, II, III): some events count on one counter only. */
static const struct perfctr_event p6_events[] = {
    {"INST_RETIRED", 0xC0, 0x00, 0, "Instructions retired", 0, 0},
    {"CPU_CLK_UNHALTED", 0x79, 0x00, 0, "Cycles the processor is not halted", 0, 0},
    {"BR_INST_RETIRED", 0xC4, 0x00, 0, "Branch instructions retired", 0, 0},
    {"BR_MISS_PRED_RETIRED", 0xC5, 0x00, 0, "Mispredicted branches retired", 0, 0},
    {"DATA_MEM_REFS", 0x43, 0x00, 0, "Memory references, loads and stores", 0, 0},
    {"DCU_LINES_IN", 0x45, 0x00, 0, "Lines allocated in the data cache", 0, 0},
    {"L2_RQSTS", 0x2E, 0x0F, 0, "L2 requests, every MESI state", 0, 0},
    {"FLOPS", 0xC1, 0x00, C(0), "Floating-point operations retired (counter 0 only)", 0, 0},
    {"MUL", 0x12, 0x00, C(1), "Multiplies (counter 1 only)", 0, 0},
    {"DIV", 0x13, 0x00, C(1), "Divides (counter 1 only)", 0, 0},
};

/* AMD K7 and K8. */
static const struct perfctr_event k7_events[] = {
    {"CPU_CLK_UNHALTED", 0x76, 0x00, 0, "Cycles the processor is not halted", 0, 0},
    {"RETIRED_INSTRUCTIONS", 0xC0, 0x00, 0, "Instructions retired", 0, 0},
    {"RETIRED_BRANCH_INSTRUCTIONS", 0xC2, 0x00, 0, "Branch instructions retired", 0, 0},
    {"RETIRED_MISPREDICTED_BRANCH_INSTRUCTIONS", 0xC3, 0x00, 0, "Mispredicted branches retired", 0,
     0},
    {"DATA_CACHE_ACCESSES", 0x40, 0x00, 0, "Data cache accesses", 0, 0},
    {"DATA_CACHE_MISSES", 0x41, 0x00, 0, "Data cache misses", 0, 0},
    {"INSTRUCTION_CACHE_FETCHES", 0x80, 0x00, 0, "Instruction cache fetches", 0, 0},
    {"INSTRUCTION_CACHE_MISSES", 0x81, 0x00, 0, "Instruction cache misses", 0, 0},
};

/* AMD families 10h-1Ah: the events every one of them has. */
static const struct perfctr_event amd_events[] = {
    {"CYCLES_NOT_IN_HALT", 0x76, 0x00, 0, "Cycles the core is not halted", 0, 0},
    {"RETIRED_INSTRUCTIONS", 0xC0, 0x00, 0, "Instructions retired", 0, 0},
    {"RETIRED_BRANCH_INSTRUCTIONS", 0xC2, 0x00, 0, "Branch instructions retired", 0, 0},
    {"RETIRED_BRANCH_INSTRUCTIONS_MISPREDICTED", 0xC3, 0x00, 0, "Mispredicted branches retired", 0,
     0},
};

/* Intel's architectural events (CPUID leaf 0xA) and the fixed counters. */
static const struct perfctr_event arch_events[] = {
    {"UNHALTED_CORE_CYCLES", 0x3C, 0x00, 0, "Core cycles while not halted", 0, 0},
    {"INSTRUCTION_RETIRED", 0xC0, 0x00, 0, "Instructions retired", 0, 0},
    {"UNHALTED_REFERENCE_CYCLES", 0x3C, 0x01, 0, "Reference cycles while not halted", 0, 0},
    {"LLC_REFERENCES", 0x2E, 0x4F, 0, "Last-level cache references", 0, 0},
    {"LLC_MISSES", 0x2E, 0x41, 0, "Last-level cache misses", 0, 0},
    {"BRANCH_INSTRUCTIONS_RETIRED", 0xC4, 0x00, 0, "Branch instructions retired", 0, 0},
    {"MISPREDICTED_BRANCH_RETIRED", 0xC5, 0x00, 0, "Mispredicted branches retired", 0, 0},
    {"INST_RETIRED.ANY", 0, 0, PERFCTR_EVENT_FIXED(0), "Instructions retired (fixed counter 0)", 0,
     0},
    {"CPU_CLK_UNHALTED.THREAD", 0, 0, PERFCTR_EVENT_FIXED(1),
     "Core cycles while not halted (fixed counter 1)", 0, 0},
    {"CPU_CLK_UNHALTED.REF_TSC", 0, 0, PERFCTR_EVENT_FIXED(2),
     "Reference cycles at the TSC's rate while not halted (fixed counter 2)", 0, 0},
};

/* Intel P4: an event is an ESCR's event select and mask, counted by a
 * counter whose CCCR selects that ESCR; the counters are those of the
 * ESCRs that have the event. */
#define P4_BPU_GROUP   (C(0) | C(1) | C(2) | C(3))
#define P4_MS_GROUP    (C(4) | C(5) | C(6) | C(7))
#define P4_FLAME_GROUP (C(8) | C(9) | C(10) | C(11))
#define P4_IQ_GROUP    (C(12) | C(13) | C(14) | C(15) | C(16) | C(17))
#define P4(name, select, mask, escr, counters, description)                                        \
	{                                                                                          \
		name, select, 0, counters, description, mask, escr                                 \
	}
static const struct perfctr_event p4_events[] = {
    P4("GLOBAL_POWER_EVENTS", 0x13, 0x0001, 6, P4_BPU_GROUP,
       "Time the processor is not stopped (FSB_ESCR, RUNNING)"),
    P4("INSTR_RETIRED", 0x02, 0x0001, 4, P4_IQ_GROUP,
       "Non-bogus untagged instructions retired (CRU_ESCR0/1, NBOGUSNTAG)"),
    P4("UOPS_RETIRED", 0x01, 0x0001, 4, P4_IQ_GROUP,
       "Non-bogus uops retired (CRU_ESCR0/1, NBOGUS)"),
    P4("MISPRED_BRANCH_RETIRED", 0x03, 0x0001, 4, P4_IQ_GROUP,
       "Mispredicted branches retired (CRU_ESCR0/1, NBOGUS)"),
    P4("BRANCH_RETIRED", 0x06, 0x000F, 5, P4_IQ_GROUP,
       "Branches retired, taken or not, predicted or not (CRU_ESCR2/3)"),
    P4("FRONT_END_EVENT", 0x08, 0x0001, 5, P4_IQ_GROUP,
       "Tagged uops retired that were not bogus (CRU_ESCR2/3, NBOGUS)"),
    P4("UOP_TYPE", 0x02, 0x0006, 2, P4_IQ_GROUP,
       "Load and store uops tagged (RAT_ESCR, TAGLOADS and TAGSTORES)"),
    P4("BPU_FETCH_REQUEST", 0x03, 0x0001, 0, P4_BPU_GROUP,
       "Instruction fetch requests missing the trace cache (BPU_ESCR, TCMISS)"),
    P4("ITLB_REFERENCE", 0x18, 0x0003, 3, P4_BPU_GROUP,
       "Instruction TLB hits and misses (ITLB_ESCR, HIT and MISS)"),
    P4("PAGE_WALK_TYPE", 0x01, 0x0003, 4, P4_BPU_GROUP,
       "Page walks for data and instruction TLB misses (PMH_ESCR)"),
    P4("TC_DELIVER_MODE", 0x01, 0x0001, 1, P4_MS_GROUP,
       "Cycles the trace cache delivers to both threads (TC_ESCR, DD)"),
    P4("X87_FP_UOP", 0x04, 0x8000, 1, P4_FLAME_GROUP, "x87 floating-point uops (FIRM_ESCR, ALL)"),
    P4("MEMORY_CANCEL", 0x02, 0x000C, 5, P4_FLAME_GROUP,
       "Cancelled data cache requests (DAC_ESCR, ST_RB_FULL and 64K_CONF)"),
};

static const struct perfctr_event_table tables[] = {
    {PERFCTR_FAMILY_P4, p4_events, COUNT(p4_events)},
    {PERFCTR_FAMILY_P5, p5_events, COUNT(p5_events)},
    {PERFCTR_FAMILY_VIA_C3, via_c3_events, COUNT(via_c3_events)},
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
