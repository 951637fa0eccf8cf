// SPDX-License-Identifier: BSD-3-Clause
/* POWER9's events for EBB: names and codes from libpfm4's power9 table.
 * PM_RUN_CYC (PMC6) is the architected fixed cycle counter, the same code
 * as POWER8's. Codes whose PMC field is 0 count on any of PMC1-4.
 * Descriptions are ours. */
#include "ebb_events.h"

static const struct ebb_event power9_events[] = {
    {"PM_CYC", 0x1001e, "Processor cycles (PMC1)"},
    {"PM_RUN_CYC", 0x600f4, "Cycles while the run latch is set (PMC6, fixed)"},
    {"PM_INST_CMPL", 0x10002, "Instructions completed"},
    {"PM_RUN_INST_CMPL", 0x400fa, "Instructions completed while the run latch is set (PMC4)"},
    {"PM_1PLUS_PPC_CMPL", 0x100f2, "Cycles in which one or more instructions finished"},
    {"PM_IERAT_RELOAD", 0x100f6, "Instruction ERAT reloads"},
    {"PM_DISP_HELD", 0x10006, "Cycles dispatch was held"},
    {"PM_RUN_SPURR", 0x10008, "SPURR ticks while the run latch is set"},
    {"PM_BR_CMPL", 0x10012, "Branch instructions completed"},
    {"PM_PMC2_SAVED", 0x10022, "PMC2 rewind value saved"},
    {"PM_SP_FLOP_CMPL", 0x1505e, "Single-precision floating-point operations completed"},
    {"PM_EXT_INT", 0x200f8, "External interrupts"},
    {"PM_L1_ICACHE_MISS", 0x200fd, "Demand instruction-cache misses"},
    {"PM_FXU_IDLE", 0x24052, "Cycles in which all four fixed-point units were idle"},
    {"PM_BACK_BR_CMPL", 0x2505e, "Branches completed to a lower address (loop back edges)"},
    {"PM_DISP_STARVED", 0x30008, "Cycles dispatch was starved"},
    {"PM_TLBIE_FIN", 0x30058, "tlbie instructions finished"},
    {"PM_RUN_CYC_SMT2_MODE", 0x3006c, "Run cycles with the core in SMT2 mode"},
    {"PM_DATA_FROM_L3MISS", 0x300fe, "Demand loads that missed the L2 and the L3"},
    {"PM_FXU_FIN", 0x40004, "Instructions finished by the fixed-point unit"},
    {"PM_ISQ_36_44_ENTRIES", 0x4000a, "Cycles with 36 or more issue-queue entries in use"},
    {"PM_PMC3_OVERFLOW", 0x40010, "Overflows of PMC3"},
    {"PM_FLUSH", 0x400f8, "Pipeline flushes of any kind"},
    {"PM_VECTOR_FLOP_CMPL", 0x4d058, "Vector floating-point instructions completed"},
    {"PM_BR_PRED_TAKEN_CR", 0x40b0, "Conditional branches whose direction was predicted"},
    {"PM_HWSYNC", 0x50a0, "hwsync instructions decoded and transferred"},
};

const struct ebb_pmu_table ebb_power9_table = {
    .model = EBB_PMU_POWER9,
    .name = "power9",
    .events = power9_events,
    .count = sizeof(power9_events) / sizeof(power9_events[0]),
};
