// SPDX-License-Identifier: BSD-3-Clause
/* The overflow interrupt's rate limit: what the kernel module's LCOFI
 * handler decides at each overflow of a counter it armed (doc/riscv.md,
 * "Throttling"), as Linux's perf throttles an event that interrupts too
 * often (kernel.perf_event_max_sample_rate).
 *
 * Each hart has a budget of interrupts per window, the window being one
 * jiffy (a tick): kthrottle_budget(rate, HZ) of them (the rate, the
 * budget and the window are the perfctr module's too: kthrottle.h). An overflow within
 * the budget is delivered: the counter is re-armed (OF cleared, value
 * 2^64 - threshold) and the caller signals its owner. An overflow past it
 * is held: the counter is left as it is, running, with its OF bit set, so
 * that it interrupts no more (an LCOFI is raised only when OF goes from 0
 * to 1) and loses no event (it counts on from 0 past the wrap; its whole
 * count, rv_armed_count, needs no change). At a later window the held
 * counters are resumed: re-armed from their whole count
 * (rv_throttle_resume), and they interrupt again.
 *
 * Freestanding, as rv_pmu.h; the caller keeps the hart to itself while a
 * call runs (the module: on the counter's hart, interrupts off). */
#ifndef PAPILLON_RV_THROTTLE_H
#define PAPILLON_RV_THROTTLE_H

#include "kthrottle.h"
#include "rv_pmu.h"

/* An armed counter's count: it restarts from 2^64 - threshold at each
 * delivered overflow. */
struct rv_armed {
	uint64_t threshold; /* > 0 while armed */
	uint64_t before;    /* the count when armed (or resumed) */
	uint64_t overflows; /* the delivered overflows since */
};

/* One hart's window and the counters the budget holds. */
struct rv_throttle {
	/* The overflows taken in it; its holds (kthrottle_hold) are the
	 * counters held, since the start. */
	struct kthrottle shared;
	uint32_t held; /* the counters held now (bit i: counter i) */
};

/* The whole count of an armed counter whose value is raw. */
uint64_t rv_armed_count(const struct rv_armed *armed, uint64_t raw);

/* The counter's overflow (its OF bit set, the interrupt taken) at window
 * now, with budget interrupts per window (0: no limit). *delivered: the
 * overflow counts, the counter is re-armed and the owner is to be told;
 * else the counter is held (bit set in throttle->held), untouched.
 * Returns the driver's status of the re-arm. */
int rv_throttle_overflow(struct rv_pmu *pmu, struct rv_throttle *throttle,
                         const struct rv_counter *counter, struct rv_armed *armed,
                         unsigned long now, uint32_t budget, bool *delivered);
/* The OF bits an interrupt is to take: those set, less the held
 * counters' (theirs stay set while held). */
uint32_t rv_throttle_pending(const struct rv_throttle *throttle, uint32_t overflowed);
/* At window now: the held counters to resume (the window starts anew:
 * none held, none taken), or 0 while now is still the window they were
 * held in. */
uint32_t rv_throttle_due(struct rv_throttle *throttle, unsigned long now);
/* Re-arms a held counter from its whole count: it interrupts again
 * threshold events later. A running counter's events between the read
 * and the write are lost (a handful, in the kernel: none for a user-only
 * counter), as at any arming. */
int rv_throttle_resume(struct rv_pmu *pmu, const struct rv_counter *counter,
                       struct rv_armed *armed);
/* The counter is disarmed or released: no longer held. */
void rv_throttle_forget(struct rv_throttle *throttle, unsigned index);

#endif
