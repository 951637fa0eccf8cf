// SPDX-License-Identifier: BSD-3-Clause
/* A task's counters across its context switches: what the kernel module
 * does when the task that owns a file is switched out of its hart and back
 * in (doc/riscv.md, "Per-task counters").
 *
 * Out: a counter the owner opened to user reads closes (its scounteren bit
 * clears, so the next task's csrr of it traps), and a counter the owner
 * started stops. In: the started counters resume and the open ones reopen.
 * A stopped counter keeps its value and no one else drives it while the
 * owner's file holds it, so its value is the owner's count alone: no
 * separate sum to keep, and the owner's own csrr reads the whole of it.
 *
 * Delegated counters switch with scountinhibit and scounteren, no ecall;
 * the others with SBI stop and start (one ecall each way). Freestanding,
 * as rv_pmu.h; the caller keeps the hart to itself meanwhile (interrupts
 * off). */
#ifndef PAPILLON_RV_SWITCH_H
#define PAPILLON_RV_SWITCH_H

#include "rv_pmu.h"

/* What the owner asked of one counter. */
struct rv_task_state {
	bool running;   /* started and not stopped */
	bool user_read; /* open to the owner's csrr */
};

/* The owner leaves the hart. */
int rv_task_switch_out(struct rv_pmu *pmu, const struct rv_counter *counter,
                       struct rv_task_state state);
/* The owner comes back to the hart. */
int rv_task_switch_in(struct rv_pmu *pmu, const struct rv_counter *counter,
                      struct rv_task_state state);

#endif
