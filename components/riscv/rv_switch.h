// SPDX-License-Identifier: BSD-3-Clause
/* A task's counters across its context switches: what the kernel module
 * does when the task that owns a file is switched out of its hart and back
 * in (doc/riscv.md, "Per-task counters").
 *
 * Out: a counter the owner opened to user reads closes (its scounteren bit
 * clears, so the next task's csrr of it traps), and a counter that runs
 * stops (paused). In: the paused counters resume and the open ones reopen.
 * A stopped counter keeps its value and no one else drives it while the
 * owner's file holds it, so its value is the owner's count alone: no
 * separate sum to keep, and the owner's own csrr reads the whole of it.
 * Whether a started counter still runs is the hart's to say
 * (scountinhibit, or SBI stop's answer).
 *
 * Delegated counters switch with scountinhibit and scounteren, no ecall;
 * the others with SBI stop and start (one ecall each way). Freestanding,
 * as rv_pmu.h; the caller keeps the hart to itself meanwhile (interrupts
 * off). */
#ifndef PAPILLON_RV_SWITCH_H
#define PAPILLON_RV_SWITCH_H

#include "rv_pmu.h"

/* The owner leaves the hart. started: the owner started the counter (and
 * did not stop it): only such a counter is stopped, so that a fixed
 * counter (cycle, instret) the owner holds but did not start, which
 * firmware may keep running for others, is left alone. user_read: the
 * owner opened it to its csrr. *paused: it ran and was stopped. */
int rv_task_switch_out(struct rv_pmu *pmu, const struct rv_counter *counter, bool started,
                       bool user_read, bool *paused);
/* The owner comes back: resumes the counter if paused, reopens it if
 * user_read. */
int rv_task_switch_in(struct rv_pmu *pmu, const struct rv_counter *counter, bool user_read,
                      bool paused);

#endif
