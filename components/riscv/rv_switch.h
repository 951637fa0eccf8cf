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

/* Across harts (doc/riscv.md, "Many harts"). The module obtains each of a
 * file's counters on every online hart, with the same index, so that the
 * owner's csrr reads the same CSR wherever it runs, and the count moves
 * with the owner: saved when it leaves a hart, written into the counter of
 * the hart it next runs on when that is another one. */

/* After rv_task_switch_out: the counter's count, stopped now (or never
 * started), for the next hart. */
int rv_task_save(struct rv_pmu *pmu, const struct rv_counter *counter, uint64_t *count);
/* The owner comes in on a hart other than the one it left: this hart's
 * counter takes the saved count, and starts from it if it was paused
 * (else stays stopped at it); reopened if user_read. Delegated: sireg
 * and scountinhibit, no ecall; else SBI start with the initial value (one
 * ecall), or stop, start and stop for a stopped counter. */
int rv_task_arrive(struct rv_pmu *pmu, const struct rv_counter *counter, uint64_t count,
                   bool user_read, bool paused);
/* Another hart's counter of the same index for the same request (at
 * obtain on every other online hart, and on a hart coming online):
 * RV_PMU_NO_COUNTER when firmware has no such counter free there, the
 * counter it gave then left to its holder. */
int rv_counter_obtain_same(struct rv_pmu *pmu, const struct rv_counter_request *request,
                           unsigned index, struct rv_counter *counter);
/* The hart goes offline: the counter closed to user reads and given back
 * (its count is the owner's saved one, the owner being elsewhere). */
int rv_task_hart_leaving(struct rv_pmu *pmu, const struct rv_counter *counter);

#endif
