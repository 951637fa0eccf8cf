// SPDX-License-Identifier: BSD-3-Clause
/* POWER10's events for EBB: names and codes from libpfm4's power10 table.
 * PM_RUN_CYC (PMC6) and PM_RUN_INST_CMPL (PMC5) are the architected fixed
 * counters, the same codes as POWER8's. Codes whose PMC field is 0 count on
 * any of PMC1-4. Descriptions are ours. */
#include "ebb_events.h"

static const struct ebb_event power10_events[] = {
    {"PM_CYC", 0x100f0, "Processor cycles (PMC1)"},
    {"PM_CYC_ALT2", 0x2001e, "Processor cycles (PMC2)"},
    {"PM_CYC_ALT3", 0x3001e, "Processor cycles (PMC3)"},
    {"PM_CYC_ALT4", 0x4001e, "Processor cycles (PMC4)"},
    {"PM_RUN_CYC", 0x600f4, "Cycles while the run latch is set (PMC6, fixed)"},
    {"PM_RUN_INST_CMPL", 0x500fa,
     "Instructions completed while the run latch is set (PMC5, fixed)"},
    {"PM_1PLUS_PPC_CMPL", 0x100f2, "Cycles in which one or more instructions completed"},
    {"PM_ADJUNCT_CYC", 0x10066, "Cycles the thread spent in adjunct state"},
    {"PM_BR_FIN", 0x10068, "Branch instructions finished"},
    {"PM_CMPL_STALL_LWSYNC", 0x1e05a, "Cycles the oldest instruction was an lwsync"},
    {"PM_BR_TAKEN_CMPL", 0x200fa, "Taken branches completed"},
    {"PM_CMPL_STALL_EXCEPTION", 0x3003a,
     "Cycles the oldest instruction waited for an exception to be serviced"},
    {"PM_1PLUS_PPC_DISP", 0x400f2, "Cycles in which one or more instructions were dispatched"},
    {"PM_BR_MPRED_CMPL", 0x400f6, "Mispredicted branches completed"},
    {"PM_1FLOP_CMPL", 0x45050, "Floating-point instructions of one operation completed"},
    {"PM_CMPL_STALL", 0x4c018, "Cycles the oldest instruction could not complete"},
    {"PM_CMPL_STALL_HWSYNC", 0x4d01a, "Cycles the oldest instruction was a hwsync"},
    {"PM_BR_CMPL", 0x4d05e, "Branches completed"},
    {"PM_BR_COND_CMPL", 0x4e058, "Conditional branches completed"},
    {"PM_BR_TKN_FIN", 0x40b4, "Taken branches finished"},
    {"PM_BR_TKN_UNCOND_FIN", 0x48b4, "Unconditional branches finished"},
};

const struct ebb_pmu_table ebb_power10_table = {
    .model = EBB_PMU_POWER10,
    .name = "power10",
    .events = power10_events,
    .count = sizeof(power10_events) / sizeof(power10_events[0]),
};
