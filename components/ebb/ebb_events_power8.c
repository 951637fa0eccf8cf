// SPDX-License-Identifier: BSD-3-Clause
/* POWER8's events for EBB: names and codes from libpfm4's power8 table
 * (every one names its PMC in bits 16-19). Descriptions are ours. */
#include "ebb_events.h"

static const struct ebb_event power8_events[] = {
    {"PM_CYC", 0x100f0, "Processor cycles (PMC1)"},
    {"PM_RUN_CYC", 0x600f4, "Cycles while the run latch is set (PMC6, fixed)"},
    {"PM_RUN_INST_CMPL", 0x500fa,
     "Instructions completed while the run latch is set (PMC5, fixed)"},
    {"PM_1PLUS_PPC_CMPL", 0x100f2, "Cycles in which one or more instructions completed"},
    {"PM_FLOP", 0x100f4, "Floating-point operations finished"},
    {"PM_IERAT_MISS", 0x100f6, "Instruction ERAT reloads (misses)"},
    {"PM_GCT_NOSLOT_CYC", 0x100f8, "Cycles with no completion table entry in use"},
    {"PM_ANY_THRD_RUN_CYC", 0x100fa, "Cycles in which any thread's run latch is set"},
    {"PM_ST_FIN", 0x200f0, "Store instructions finished (sent to the nest)"},
    {"PM_INST_DISP", 0x200f2, "Instructions dispatched"},
    {"PM_LSU_DERAT_MISS", 0x200f6, "Data ERAT reloads (misses)"},
    {"PM_EXT_INT", 0x200f8, "External interrupts"},
    {"PM_BR_TAKEN_CMPL", 0x200fa, "Taken branches completed"},
    {"PM_L1_ICACHE_MISS", 0x200fc, "Demand instruction-cache misses"},
    {"PM_DATA_FROM_L2MISS", 0x200fe, "Demand loads that missed the L2"},
    {"PM_ST_MISS_L1", 0x300f0, "Stores that missed the L1 data cache"},
    {"PM_THRD_CONC_RUN_INST", 0x300f4,
     "Instructions finished while both threads had the run latch set"},
    {"PM_L1_DCACHE_RELOAD_VALID", 0x300f6, "L1 data-cache reloads for demand loads"},
    {"PM_TB_BIT_TRANS", 0x300f8, "Transitions of the selected time-base bit"},
    {"PM_INST_FROM_L3MISS", 0x300fa, "Instruction fetches served from beyond the local L3"},
    {"PM_DTLB_MISS", 0x300fc, "Data TLB misses (PTEG reloads)"},
    {"PM_DATA_FROM_L3MISS", 0x300fe, "Demand loads that missed the L2 and the L3"},
    {"PM_LD_MISS_L1", 0x400f0, "Loads that missed the L1 data cache"},
    {"PM_1PLUS_PPC_DISP", 0x400f2, "Cycles in which one or more instructions were dispatched"},
    {"PM_RUN_PURR", 0x400f4, "PURR ticks while the run latch is set"},
    {"PM_BR_MPRED_CMPL", 0x400f6, "Mispredicted branches completed"},
    {"PM_FLUSH", 0x400f8, "Pipeline flushes of any kind"},
    {"PM_ITLB_MISS", 0x400fc, "Instruction TLB reloads"},
    {"PM_DATA_FROM_MEM", 0x400fe, "Data-cache reloads from memory (L4 included)"},
};

const struct ebb_pmu_table ebb_power8_table = {
    .model = EBB_PMU_POWER8,
    .name = "power8",
    .events = power8_events,
    .count = sizeof(power8_events) / sizeof(power8_events[0]),
};
