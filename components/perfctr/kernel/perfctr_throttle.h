/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/* What perfctr does with the shared overflow rate limit (kthrottle.h;
 * doc/perfctr.md, "Throttling"): what the module decides at each i-mode
 * overflow it takes and at each re-arm of i-mode counters. No kernel
 * call: the module and the user-space tests (tests/test_perfctr_throttle.c)
 * run the same code.
 *
 * An i-mode overflow already suspends its state's counters until the
 * owner's IRESUME (perfctr 2.6), so the interrupts a CPU takes are bounded
 * by the re-arms: once the window's budget is spent, no i-mode counters
 * are armed again on the CPU (IRESUME, a CONTROL with i-mode counters)
 * before a later window. The caller of the re-arm waits for it, so it runs
 * none of its own events in the meantime: its counters miss none of them.
 *
 * The caller keeps the CPU to itself while a call runs: the module calls
 * these on the CPU whose window it is, with preemption off, and the NMI
 * handler only while no other path of the CPU is in the middle of one
 * (they clear the CPU's NMI target first). */
#ifndef PAPILLON_PERFCTR_THROTTLE_H
#define PAPILLON_PERFCTR_THROTTLE_H

#include "kthrottle.h"

/* One CPU's window and what the budget did in it. */
struct perfctr_throttle {
	/* Overflows taken, within or past the budget; its holds
	 * (kthrottle_hold) are the re-arms put off to a later window. */
	struct kthrottle shared;
	unsigned long past; /* overflows taken past the budget, since the start */
};

/* An i-mode overflow taken (by the NMI, a switch-out or the lab's
 * injection) at window now, with budget overflows per window (0: no
 * limit). It is taken as perfctr 2.6 takes it either way (the counters
 * suspended, the signal sent): true when it was within the budget, false
 * past it (counted in past: a state armed before the budget was spent). */
bool perfctr_throttle_overflow(struct perfctr_throttle *throttle, unsigned long now,
                               uint32_t budget);
/* Whether i-mode counters may be armed on the CPU at window now: not once
 * the window's budget is spent. A re-arm refused is put off to a later
 * window: one kthrottle_hold of the CPU's shared throttle per re-arm. */
bool perfctr_throttle_may_arm(const struct perfctr_throttle *throttle, unsigned long now,
                              uint32_t budget);

#endif
