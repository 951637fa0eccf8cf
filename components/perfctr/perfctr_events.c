// SPDX-License-Identifier: BSD-3-Clause
/* The native event tables (perfctr_events.h). Names follow the manuals'
 * own; descriptions say what is counted. */
#include "perfctr_events.h"

#define COUNT(table) (sizeof(table) / sizeof(table[0]))
#define C(n)         (1u << (n))

/* Intel P5 (Pentium): one array for both models. Its first
 * P5_CLASSIC_EVENTS entries are the events the Pentium before MMX has
 * (event select 0x00-0x27 of Intel's Pentium table, both counters alike);
 * the P5MMX has them all: 0x28 and 0x29, then from 0x2A on the events
 * Intel's table gives per counter (one event select counts one thing on
 * counter 0 and another on counter 1; 0x39 has none on counter 1). The
 * CC field's high bit (count clocks instead of events) stays clear: the
 * component counts the events as the table lists them. */
#define P5_CLASSIC_EVENTS 35
static const struct perfctr_event p5_events[] = {
    {"DATA_READ", 0x00, 0x00, 0, "Data reads", 0, 0, NULL},
    {"DATA_WRITE", 0x01, 0x00, 0, "Data writes", 0, 0, NULL},
    {"DATA_TLB_MISS", 0x02, 0x00, 0, "Data TLB misses", 0, 0, NULL},
    {"DATA_READ_MISS", 0x03, 0x00, 0, "Data reads that miss the data cache", 0, 0, NULL},
    {"DATA_WRITE_MISS", 0x04, 0x00, 0, "Data writes that miss the data cache", 0, 0, NULL},
    {"WRITE_HIT_TO_M_OR_E_STATE_LINES", 0x05, 0x00, 0,
     "Writes hitting a Modified or Exclusive data cache line", 0, 0, NULL},
    {"DATA_CACHE_LINES_WRITTEN_BACK", 0x06, 0x00, 0, "Data cache lines written back", 0, 0, NULL},
    {"EXTERNAL_SNOOPS", 0x07, 0x00, 0, "External snoops", 0, 0, NULL},
    {"EXTERNAL_DATA_CACHE_SNOOP_HITS", 0x08, 0x00, 0, "External snoops hitting the data cache", 0,
     0, NULL},
    {"MEMORY_ACCESSES_IN_BOTH_PIPES", 0x09, 0x00, 0, "Data memory accesses in both pipes", 0, 0,
     NULL},
    {"BANK_CONFLICTS", 0x0A, 0x00, 0, "Data cache bank conflicts", 0, 0, NULL},
    {"MISALIGNED_DATA_MEMORY_OR_IO_REFERENCES", 0x0B, 0x00, 0,
     "Misaligned data memory or I/O references", 0, 0, NULL},
    {"CODE_READ", 0x0C, 0x00, 0, "Instruction reads", 0, 0, NULL},
    {"CODE_TLB_MISS", 0x0D, 0x00, 0, "Instruction TLB misses", 0, 0, NULL},
    {"CODE_CACHE_MISS", 0x0E, 0x00, 0, "Instruction reads that miss the code cache", 0, 0, NULL},
    {"ANY_SEGMENT_REGISTER_LOADED", 0x0F, 0x00, 0, "Segment register loads", 0, 0, NULL},
    {"BRANCHES", 0x12, 0x00, 0, "Branches", 0, 0, NULL},
    {"BTB_HITS", 0x13, 0x00, 0, "Branch target buffer hits", 0, 0, NULL},
    {"TAKEN_BRANCH_OR_BTB_HIT", 0x14, 0x00, 0, "Taken branches or BTB hits", 0, 0, NULL},
    {"PIPELINE_FLUSHES", 0x15, 0x00, 0, "Pipeline flushes", 0, 0, NULL},
    {"INSTRUCTIONS_EXECUTED", 0x16, 0x00, 0, "Instructions executed", 0, 0, NULL},
    {"INSTRUCTIONS_EXECUTED_V_PIPE", 0x17, 0x00, 0, "Instructions executed in the V pipe", 0, 0,
     NULL},
    {"BUS_CYCLE_DURATION", 0x18, 0x00, 0, "Clocks while a bus cycle is in progress", 0, 0, NULL},
    {"WRITE_BUFFER_FULL_STALL_DURATION", 0x19, 0x00, 0, "Clocks stalled on full write buffers", 0,
     0, NULL},
    {"WAITING_FOR_DATA_MEMORY_READ_STALL_DURATION", 0x1A, 0x00, 0,
     "Clocks stalled waiting for a data memory read", 0, 0, NULL},
    {"STALL_ON_WRITE_TO_AN_E_OR_M_STATE_LINE", 0x1B, 0x00, 0,
     "Stalls on a write to an Exclusive or Modified line", 0, 0, NULL},
    {"IO_READ_OR_WRITE_CYCLE", 0x1D, 0x00, 0, "I/O read or write bus cycles", 0, 0, NULL},
    {"NONCACHEABLE_MEMORY_READS", 0x1E, 0x00, 0, "Non-cacheable memory reads", 0, 0, NULL},
    {"PIPELINE_AGI_STALLS", 0x1F, 0x00, 0, "Address generation interlock stalls", 0, 0, NULL},
    {"FLOPS", 0x22, 0x00, 0, "Floating-point operations", 0, 0, NULL},
    {"BREAKPOINT_MATCH_ON_DR0", 0x23, 0x00, 0, "Matches of debug register 0", 0, 0, NULL},
    {"BREAKPOINT_MATCH_ON_DR1", 0x24, 0x00, 0, "Matches of debug register 1", 0, 0, NULL},
    {"BREAKPOINT_MATCH_ON_DR2", 0x25, 0x00, 0, "Matches of debug register 2", 0, 0, NULL},
    {"BREAKPOINT_MATCH_ON_DR3", 0x26, 0x00, 0, "Matches of debug register 3", 0, 0, NULL},
    {"HARDWARE_INTERRUPTS", 0x27, 0x00, 0, "Hardware interrupts", 0, 0, NULL},
    /* The P5MMX only (P5_CLASSIC_EVENTS above). */
    {"DATA_READ_OR_WRITE", 0x28, 0x00, 0, "Data reads or writes", 0, 0, NULL},
    {"DATA_READ_MISS_OR_WRITE_MISS", 0x29, 0x00, 0, "Data reads or writes that miss", 0, 0, NULL},
    {"BUS_OWNERSHIP_LATENCY", 0x2A, 0x00, C(0),
     "Clocks from a bus ownership request to its grant (counter 0)", 0, 0, NULL},
    {"BUS_OWNERSHIP_TRANSFERS", 0x2A, 0x00, C(1), "Bus ownership transfers (counter 1)", 0, 0,
     NULL},
    {"MMX_INSTRUCTIONS_EXECUTED_U_PIPE", 0x2B, 0x00, C(0),
     "MMX instructions executed in the U pipe (counter 0)", 0, 0, NULL},
    {"MMX_INSTRUCTIONS_EXECUTED_V_PIPE", 0x2B, 0x00, C(1),
     "MMX instructions executed in the V pipe (counter 1)", 0, 0, NULL},
    {"CACHE_M_STATE_LINE_SHARING", 0x2C, 0x00, C(0),
     "Snoops hitting a Modified data cache line (counter 0)", 0, 0, NULL},
    {"CACHE_LINE_SHARING", 0x2C, 0x00, C(1), "Snoops hitting a data cache line (counter 1)", 0, 0,
     NULL},
    {"EMMS_INSTRUCTIONS_EXECUTED", 0x2D, 0x00, C(0), "EMMS instructions executed (counter 0)", 0, 0,
     NULL},
    {"TRANSITIONS_BETWEEN_MMX_AND_FP_INSTRUCTIONS", 0x2D, 0x00, C(1),
     "Switches between MMX and floating-point state (counter 1)", 0, 0, NULL},
    {"BUS_UTILIZATION_DUE_TO_PROCESSOR_ACTIVITY", 0x2E, 0x00, C(0),
     "Clocks the bus is busy with this processor's own cycles (counter 0)", 0, 0, NULL},
    {"WRITES_TO_NONCACHEABLE_MEMORY", 0x2E, 0x00, C(1),
     "Writes to non-cacheable memory (counter 1)", 0, 0, NULL},
    {"SATURATING_MMX_INSTRUCTIONS_EXECUTED", 0x2F, 0x00, C(0),
     "Saturating MMX instructions executed, saturated or not (counter 0)", 0, 0, NULL},
    {"SATURATIONS_PERFORMED", 0x2F, 0x00, C(1),
     "MMX instructions at least one of whose results saturated (counter 1)", 0, 0, NULL},
    {"NUMBER_OF_CYCLES_NOT_IN_HALT_STATE", 0x30, 0x00, C(0),
     "Clocks the processor is not halted (counter 0)", 0, 0, NULL},
    {"DATA_CACHE_TLB_MISS_STALL_DURATION", 0x30, 0x00, C(1),
     "Clocks stalled on a data TLB miss (counter 1)", 0, 0, NULL},
    {"MMX_INSTRUCTION_DATA_READS", 0x31, 0x00, C(0), "Data reads by MMX instructions (counter 0)",
     0, 0, NULL},
    {"MMX_INSTRUCTION_DATA_READ_MISSES", 0x31, 0x00, C(1),
     "Data reads by MMX instructions that miss (counter 1)", 0, 0, NULL},
    {"FLOATING_POINT_STALLS_DURATION", 0x32, 0x00, C(0),
     "Clocks stalled on floating-point instructions (counter 0)", 0, 0, NULL},
    {"TAKEN_BRANCHES", 0x32, 0x00, C(1), "Taken branches (counter 1)", 0, 0, NULL},
    {"D1_STARVATION_AND_FIFO_IS_EMPTY", 0x33, 0x00, C(0),
     "Times decode stage D1 issues nothing, its instruction queue empty (counter 0)", 0, 0, NULL},
    {"D1_STARVATION_AND_ONLY_ONE_INSTRUCTION_IN_FIFO", 0x33, 0x00, C(1),
     "Times decode stage D1 issues one instruction, the only one queued (counter 1)", 0, 0, NULL},
    {"MMX_INSTRUCTION_DATA_WRITES", 0x34, 0x00, C(0), "Data writes by MMX instructions (counter 0)",
     0, 0, NULL},
    {"MMX_INSTRUCTION_DATA_WRITE_MISSES", 0x34, 0x00, C(1),
     "Data writes by MMX instructions that miss (counter 1)", 0, 0, NULL},
    {"PIPELINE_FLUSHES_DUE_TO_WRONG_BRANCH_PREDICTIONS", 0x35, 0x00, C(0),
     "Pipeline flushes on wrong branch predictions, E or WB stage (counter 0)", 0, 0, NULL},
    {"PIPELINE_FLUSHES_DUE_TO_WRONG_BRANCH_PREDICTIONS_RESOLVED_IN_WB_STAGE", 0x35, 0x00, C(1),
     "Pipeline flushes on wrong branch predictions found in the WB stage (counter 1)", 0, 0, NULL},
    {"MISALIGNED_DATA_MEMORY_REFERENCE_ON_MMX_INSTRUCTIONS", 0x36, 0x00, C(0),
     "Misaligned data references by MMX instructions (counter 0)", 0, 0, NULL},
    {"PIPELINE_STALL_FOR_MMX_INSTRUCTION_DATA_MEMORY_READS", 0x36, 0x00, C(1),
     "Clocks stalled on MMX instruction data reads (counter 1)", 0, 0, NULL},
    {"MISPREDICTED_OR_UNPREDICTED_RETURNS", 0x37, 0x00, C(0),
     "Returns predicted wrongly or not at all (counter 0)", 0, 0, NULL},
    {"PREDICTED_RETURNS", 0x37, 0x00, C(1), "Returns predicted, rightly or not (counter 1)", 0, 0,
     NULL},
    {"MMX_MULTIPLY_UNIT_INTERLOCK", 0x38, 0x00, C(0),
     "Clocks stalled waiting for an MMX multiply's result (counter 0)", 0, 0, NULL},
    {"MOVD_MOVQ_STORE_STALL_DUE_TO_PREVIOUS_MMX_OPERATION", 0x38, 0x00, C(1),
     "Clocks a MOVD/MOVQ store waits for an earlier MMX result (counter 1)", 0, 0, NULL},
    {"RETURNS", 0x39, 0x00, C(0), "Returns executed (counter 0)", 0, 0, NULL},
    {"BTB_FALSE_ENTRIES", 0x3A, 0x00, C(0), "False branch target buffer entries (counter 0)", 0, 0,
     NULL},
    {"BTB_MISS_PREDICTION_ON_NOT_TAKEN_BRANCH", 0x3A, 0x00, C(1),
     "Not-taken branches the branch target buffer mispredicted (counter 1)", 0, 0, NULL},
    {"FULL_WRITE_BUFFER_STALL_DURATION_WHILE_EXECUTING_MMX_INSTRUCTIONS", 0x3B, 0x00, C(0),
     "Clocks stalled on full write buffers during MMX instructions (counter 0)", 0, 0, NULL},
    {"STALL_ON_MMX_INSTRUCTION_WRITE_TO_E_OR_M_STATE_LINE", 0x3B, 0x00, C(1),
     "Clocks stalled on an MMX write to an Exclusive or Modified line (counter 1)", 0, 0, NULL},
};

/* VIA C3: PERFCTR0 is the TSC's alias, so counter 1 only; its control is
 * a 9-bit event select with no other field, the ninth bit written here as
 * the unit mask's bit 0. It counts at every privilege level. */
static const struct perfctr_event via_c3_events[] = {
    {"INTERNAL_CLOCKS", 0x79, 0x00, C(1), "Internal clocks (counter 1, every privilege level)", 0,
     0, NULL},
    {"INSTRUCTIONS_EXECUTED", 0xC0, 0x00, C(1),
     "Instructions executed (counter 1, every privilege level)", 0, 0, NULL},
    {"INSTRUCTIONS_EXECUTED_AND_STRING_ITERATIONS", 0xC0, 0x01, C(1),
     "Instructions executed, each string iteration counted (counter 1, every privilege "
     "level)",
     0, 0, NULL},
};

/* Cyrix 6x86MX, MII, III: the P5's CESR layout with a seventh event
 * select bit (bit 10), and its own event list, which shares the P5's
 * numbers for these events (Cyrix's table: 0x17 counts the Y pipe,
 * 0x1B writes to lines not in M or E state, 0x1C locked bus cycles). Each
 * counter counts any of them. */
static const struct perfctr_event cyrix_events[] = {
    {"DATA_READS", 0x00, 0x00, 0, "Data reads", 0, 0, NULL},
    {"DATA_WRITES", 0x01, 0x00, 0, "Data writes", 0, 0, NULL},
    {"DATA_TLB_MISSES", 0x02, 0x00, 0, "Data TLB misses", 0, 0, NULL},
    {"DATA_READ_MISSES", 0x03, 0x00, 0, "Data reads that miss the cache", 0, 0, NULL},
    {"DATA_WRITE_MISSES", 0x04, 0x00, 0, "Data writes that miss the cache", 0, 0, NULL},
    {"WRITE_HITS_TO_M_OR_E_STATE_LINES", 0x05, 0x00, 0,
     "Writes hitting a Modified or Exclusive line", 0, 0, NULL},
    {"DATA_CACHE_LINES_WRITTEN_BACK", 0x06, 0x00, 0, "Data cache lines written back", 0, 0, NULL},
    {"DATA_CACHE_SNOOPS", 0x07, 0x00, 0, "External snoops of the data cache", 0, 0, NULL},
    {"DATA_CACHE_SNOOP_HITS", 0x08, 0x00, 0, "External snoops hitting the data cache", 0, 0, NULL},
    {"MEMORY_ACCESSES_IN_BOTH_PIPES", 0x09, 0x00, 0, "Data memory accesses in both pipes", 0, 0,
     NULL},
    {"BANK_CONFLICTS", 0x0A, 0x00, 0, "Data cache bank conflicts", 0, 0, NULL},
    {"MISALIGNED_DATA_MEMORY_REFERENCES", 0x0B, 0x00, 0, "Misaligned data references", 0, 0, NULL},
    {"CODE_READS", 0x0C, 0x00, 0, "Instruction reads", 0, 0, NULL},
    {"CODE_TLB_MISSES", 0x0D, 0x00, 0, "Instruction TLB misses", 0, 0, NULL},
    {"CODE_CACHE_MISSES", 0x0E, 0x00, 0, "Instruction reads that miss the cache", 0, 0, NULL},
    {"SEGMENT_REGISTER_LOADS", 0x0F, 0x00, 0, "Segment register loads", 0, 0, NULL},
    {"BRANCHES", 0x12, 0x00, 0, "Branches", 0, 0, NULL},
    {"BTB_HITS", 0x13, 0x00, 0, "Branch target buffer hits", 0, 0, NULL},
    {"TAKEN_BRANCHES_OR_BTB_HITS", 0x14, 0x00, 0, "Taken branches or BTB hits", 0, 0, NULL},
    {"PIPELINE_FLUSHES", 0x15, 0x00, 0, "Pipeline flushes", 0, 0, NULL},
    {"INSTRUCTIONS_EXECUTED", 0x16, 0x00, 0, "Instructions executed in both pipes", 0, 0, NULL},
    {"INSTRUCTIONS_EXECUTED_Y_PIPE", 0x17, 0x00, 0, "Instructions executed in the Y pipe", 0, 0,
     NULL},
    {"BUS_UTILIZATION", 0x18, 0x00, 0, "Clocks while a bus cycle is in progress", 0, 0, NULL},
    {"WRITE_BUFFER_FULL_STALLS", 0x19, 0x00, 0, "Clocks stalled on full write buffers", 0, 0, NULL},
    {"DATA_READ_STALLS", 0x1A, 0x00, 0, "Clocks stalled waiting for a data read", 0, 0, NULL},
    {"WRITE_TO_NOT_M_OR_E_LINE_STALLS", 0x1B, 0x00, 0,
     "Clocks stalled on writes to lines not in Modified or Exclusive state", 0, 0, NULL},
    {"LOCKED_BUS_CYCLES", 0x1C, 0x00, 0, "Locked bus cycles", 0, 0, NULL},
    {"IO_READ_OR_WRITE_CYCLES", 0x1D, 0x00, 0, "I/O read or write bus cycles", 0, 0, NULL},
    {"NONCACHEABLE_MEMORY_REFERENCES", 0x1E, 0x00, 0, "Non-cacheable memory references", 0, 0,
     NULL},
    {"AGI_STALLS", 0x1F, 0x00, 0, "Clocks stalled on address generation interlocks", 0, 0, NULL},
    {"FLOPS", 0x22, 0x00, 0, "Floating-point operations", 0, 0, NULL},
    {"BREAKPOINT_MATCHES_DR0", 0x23, 0x00, 0, "Matches of debug register 0", 0, 0, NULL},
    {"BREAKPOINT_MATCHES_DR1", 0x24, 0x00, 0, "Matches of debug register 1", 0, 0, NULL},
    {"BREAKPOINT_MATCHES_DR2", 0x25, 0x00, 0, "Matches of debug register 2", 0, 0, NULL},
    {"BREAKPOINT_MATCHES_DR3", 0x26, 0x00, 0, "Matches of debug register 3", 0, 0, NULL},
    {"HARDWARE_INTERRUPTS", 0x27, 0x00, 0, "Hardware interrupts", 0, 0, NULL},
};

/* Intel P6 (Pentium Pro, II, III): some events count on one counter only. */
static const struct perfctr_event p6_events[] = {
    {"INST_RETIRED", 0xC0, 0x00, 0, "Instructions retired", 0, 0, NULL},
    {"CPU_CLK_UNHALTED", 0x79, 0x00, 0, "Cycles the processor is not halted", 0, 0, NULL},
    {"BR_INST_RETIRED", 0xC4, 0x00, 0, "Branch instructions retired", 0, 0, NULL},
    {"BR_MISS_PRED_RETIRED", 0xC5, 0x00, 0, "Mispredicted branches retired", 0, 0, NULL},
    {"DATA_MEM_REFS", 0x43, 0x00, 0, "Memory references, loads and stores", 0, 0, NULL},
    {"DCU_LINES_IN", 0x45, 0x00, 0, "Lines allocated in the data cache", 0, 0, NULL},
    {"L2_RQSTS", 0x2E, 0x0F, 0, "L2 requests, every MESI state", 0, 0, NULL},
    {"FLOPS", 0xC1, 0x00, C(0), "Floating-point operations retired (counter 0 only)", 0, 0, NULL},
    {"MUL", 0x12, 0x00, C(1), "Multiplies (counter 1 only)", 0, 0, NULL},
    {"DIV", 0x13, 0x00, C(1), "Divides (counter 1 only)", 0, 0, NULL},
};

/* AMD K7 and K8. */
static const struct perfctr_event k7_events[] = {
    {"CPU_CLK_UNHALTED", 0x76, 0x00, 0, "Cycles the processor is not halted", 0, 0, NULL},
    {"RETIRED_INSTRUCTIONS", 0xC0, 0x00, 0, "Instructions retired", 0, 0, NULL},
    {"RETIRED_BRANCH_INSTRUCTIONS", 0xC2, 0x00, 0, "Branch instructions retired", 0, 0, NULL},
    {"RETIRED_MISPREDICTED_BRANCH_INSTRUCTIONS", 0xC3, 0x00, 0, "Mispredicted branches retired", 0,
     0, NULL},
    {"DATA_CACHE_ACCESSES", 0x40, 0x00, 0, "Data cache accesses", 0, 0, NULL},
    {"DATA_CACHE_MISSES", 0x41, 0x00, 0, "Data cache misses", 0, 0, NULL},
    {"INSTRUCTION_CACHE_FETCHES", 0x80, 0x00, 0, "Instruction cache fetches", 0, 0, NULL},
    {"INSTRUCTION_CACHE_MISSES", 0x81, 0x00, 0, "Instruction cache misses", 0, 0, NULL},
};

/* AMD families 10h-1Ah: the events every one of them has. */
static const struct perfctr_event amd_events[] = {
    {"CYCLES_NOT_IN_HALT", 0x76, 0x00, 0, "Cycles the core is not halted", 0, 0, NULL},
    {"RETIRED_INSTRUCTIONS", 0xC0, 0x00, 0, "Instructions retired", 0, 0, NULL},
    {"RETIRED_BRANCH_INSTRUCTIONS", 0xC2, 0x00, 0, "Branch instructions retired", 0, 0, NULL},
    {"RETIRED_BRANCH_INSTRUCTIONS_MISPREDICTED", 0xC3, 0x00, 0, "Mispredicted branches retired", 0,
     0, NULL},
};

/* Intel's architectural events (CPUID leaf 0xA) and the fixed counters. */
static const struct perfctr_event arch_events[] = {
    {"UNHALTED_CORE_CYCLES", 0x3C, 0x00, 0, "Core cycles while not halted", 0, 0, NULL},
    {"INSTRUCTION_RETIRED", 0xC0, 0x00, 0, "Instructions retired", 0, 0, NULL},
    {"UNHALTED_REFERENCE_CYCLES", 0x3C, 0x01, 0, "Reference cycles while not halted", 0, 0, NULL},
    {"LLC_REFERENCES", 0x2E, 0x4F, 0, "Last-level cache references", 0, 0, NULL},
    {"LLC_MISSES", 0x2E, 0x41, 0, "Last-level cache misses", 0, 0, NULL},
    {"BRANCH_INSTRUCTIONS_RETIRED", 0xC4, 0x00, 0, "Branch instructions retired", 0, 0, NULL},
    {"MISPREDICTED_BRANCH_RETIRED", 0xC5, 0x00, 0, "Mispredicted branches retired", 0, 0, NULL},
    {"INST_RETIRED.ANY", 0, 0, PERFCTR_EVENT_FIXED(0), "Instructions retired (fixed counter 0)", 0,
     0, NULL},
    {"CPU_CLK_UNHALTED.THREAD", 0, 0, PERFCTR_EVENT_FIXED(1),
     "Core cycles while not halted (fixed counter 1)", 0, 0, NULL},
    {"CPU_CLK_UNHALTED.REF_TSC", 0, 0, PERFCTR_EVENT_FIXED(2),
     "Reference cycles at the TSC's rate while not halted (fixed counter 2)", 0, 0, NULL},
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
		name, select, 0, counters, description, mask, escr, NULL                           \
	}
/* REPLAY_EVENT (CRU_ESCR2/3, ESCR_SELECT 5, NBOGUS) counting the uops a
 * replay tagging metric marks (Intel's table of the metrics that use
 * replay tagging; those that need no other tagging event). */
#define P4_REPLAY(name, tagging, description)                                                      \
	{                                                                                          \
		name, 0x09, 0, P4_IQ_GROUP, description, 0x0001, 5, tagging                        \
	}
static const struct perfctr_p4_tagging l1_load_miss = {0x01000001u, 0x1u},
                                       l2_load_miss = {0x01000002u, 0x1u},
                                       dtlb_load_miss = {0x01000004u, 0x1u},
                                       dtlb_store_miss = {0x01000004u, 0x2u},
                                       dtlb_all_miss = {0x01000004u, 0x3u};
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
    P4("REPLAY_EVENT", 0x09, 0x0001, 5, P4_IQ_GROUP,
       "Retired uops that were replayed and tagged (CRU_ESCR2/3, NBOGUS)"),
    P4_REPLAY("1STL_CACHE_LOAD_MISS_RETIRED", &l1_load_miss,
              "Retired loads that missed the first-level cache (replay tagging)"),
    P4_REPLAY("2NDL_CACHE_LOAD_MISS_RETIRED", &l2_load_miss,
              "Retired loads that missed the second-level cache (replay tagging)"),
    P4_REPLAY("DTLB_LOAD_MISS_RETIRED", &dtlb_load_miss,
              "Retired loads that missed the data TLB (replay tagging)"),
    P4_REPLAY("DTLB_STORE_MISS_RETIRED", &dtlb_store_miss,
              "Retired stores that missed the data TLB (replay tagging)"),
    P4_REPLAY("DTLB_ALL_MISS_RETIRED", &dtlb_all_miss,
              "Retired loads and stores that missed the data TLB (replay tagging)"),
};

/* The P5's first: perfctr_events_of() gives the P5MMX's for the family. */
static const struct perfctr_event_table tables[] = {
    {PERFCTR_FAMILY_P4, "p4", p4_events, COUNT(p4_events)},
    {PERFCTR_FAMILY_P5, "p5mmx", p5_events, COUNT(p5_events)},
    {PERFCTR_FAMILY_P5, "p5", p5_events, P5_CLASSIC_EVENTS},
    {PERFCTR_FAMILY_CYRIX, "cyrix", cyrix_events, COUNT(cyrix_events)},
    {PERFCTR_FAMILY_VIA_C3, "via_c3", via_c3_events, COUNT(via_c3_events)},
    {PERFCTR_FAMILY_P6, "p6", p6_events, COUNT(p6_events)},
    {PERFCTR_FAMILY_K7, "k7", k7_events, COUNT(k7_events)},
    {PERFCTR_FAMILY_AMD_FAM10H, "amd_fam10h", amd_events, COUNT(amd_events)},
    {PERFCTR_FAMILY_ARCH_PERFMON, "arch_perfmon", arch_events, COUNT(arch_events)},
};

const struct perfctr_event_table *perfctr_events_of(enum perfctr_x86_family_id family)
{
	for (size_t i = 0; i < COUNT(tables); i++)
		if (tables[i].family == family)
			return &tables[i];
	return NULL;
}

const struct perfctr_event_table *perfctr_events_of_cpu_type(uint32_t cpu_type,
                                                             enum perfctr_x86_family_id family)
{
	/* The P5 before MMX: the P5MMX's table up to its own events. */
	if (cpu_type == PERFCTR_X86_INTEL_P5)
		for (size_t i = 0; i < COUNT(tables); i++)
			if (tables[i].family == PERFCTR_FAMILY_P5 &&
			    tables[i].count == P5_CLASSIC_EVENTS)
				return &tables[i];
	return perfctr_events_of(family);
}
