/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/* The overflow interrupt's rate limit both kernel modules share (perfctr:
 * doc/perfctr.md, "Throttling"; riscv: doc/riscv.md, "Throttling"), as
 * Linux's perf limits every CPU to kernel.perf_event_max_sample_rate: the
 * rate's range, the budget per window and the window itself. What a module
 * does past the budget is its own (perfctr: the owner's re-arm waits;
 * riscv: the counter is held, counting), so it is not here.
 *
 * Each CPU (hart) has a budget of overflows per window, the window being
 * one jiffy: kthrottle_budget(rate, HZ) of them. No kernel call and no
 * libgcc helper (an RV32 kernel has none): the modules and the user-space
 * tests run the same code. The caller keeps the CPU's window to itself
 * while a call runs (each module says how). */
#ifndef PAPILLON_KTHROTTLE_H
#define PAPILLON_KTHROTTLE_H

#ifdef __KERNEL__
#include <linux/limits.h>
#include <linux/types.h>
#ifndef UINT32_MAX
#define UINT32_MAX U32_MAX
#endif
#else
#include <stdbool.h>
#include <stdint.h>
#endif

/* The largest rate taken (overflow interrupts a second per CPU); 0: no
 * limit. */
#define KTHROTTLE_RATE_MAX 10000000u
/* The rate at load when none is given (perf's default sample rate). */
#define KTHROTTLE_RATE_DEFAULT 100000u

/* One CPU's throttle: its window, and the holds the budget made since
 * the start, which the throttled parameter sums over the CPUs
 * (kthrottle_param.c). What a hold is, is the module's (perfctr: a re-arm
 * put off to a later window; riscv: a counter held); each is one. */
struct kthrottle {
	unsigned long window;    /* the window (jiffies) taken counts in */
	uint32_t taken;          /* the overflows taken in it (saturating) */
	unsigned long throttled; /* holds since the start; never reset */
};

/* Whether a rate (interrupts a second per CPU) is taken: 0 (no limit) to
 * KTHROTTLE_RATE_MAX. */
bool kthrottle_rate_valid(unsigned long long rate);
/* Overflows per window of 1/hz seconds for a rate: rate / hz rounded up
 * (perf's max_samples_per_tick), 0 for rate 0 (no limit). */
uint32_t kthrottle_budget(uint32_t rate, uint32_t hz);

/* Whether the window at now has budget left (0: no limit); changes
 * nothing. */
bool kthrottle_open(const struct kthrottle *throttle, unsigned long now, uint32_t budget);
/* An overflow taken at window now: true when it was within the budget.
 * Counted either way: a new window starts with nothing taken. */
bool kthrottle_take(struct kthrottle *throttle, unsigned long now, uint32_t budget);
/* Starts window now if it is a new one (nothing taken): true when it
 * did, false while now is still the window. */
bool kthrottle_roll(struct kthrottle *throttle, unsigned long now);
/* One hold the budget made (the module's own kind, above): counted in
 * throttled, whatever the window. */
void kthrottle_hold(struct kthrottle *throttle);

#endif
