/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/* Who may count what through either kernel module (perfctr: doc/perfctr.md,
 * "Who may count what"; riscv: doc/riscv.md, "The kernel module"): the rule
 * Linux's perf applies to perf_event_open, so that loading a module opens
 * no door that kernel.perf_event_paranoid keeps shut.
 *
 * A request says what it needs (KPRIV_*: the caller's own user mode, the
 * kernel's or the firmware's work, a whole CPU), each module working that
 * out from its own registers' privilege filters; the rule gives 0 or
 * -EACCES. Each need has the highest paranoid level at which perf grants
 * it to anyone (perf_allow_kernel: 1; perf_allow_cpu: 0; user mode: 2,
 * Debian's level 3 shutting it too); above it, only a caller with
 * CAP_PERFMON or CAP_SYS_ADMIN (perfmon_capable) gets it. Pure and
 * inline (both components carry it, in one library): the modules and the
 * user-space tests run the same code; the capability is
 * asked only when the level does not grant the need (the kernel's
 * capable() audits its refusals, as perf's check does). */
#ifndef PAPILLON_KPRIV_H
#define PAPILLON_KPRIV_H

#ifdef __KERNEL__
#include <linux/errno.h>
#include <linux/types.h>
#else
#include <errno.h>
#include <stdbool.h>
#endif

/* What a request counts (a mask; 0: nothing a perf event would count,
 * e.g. perfctr's TSC alone, which any user reads with rdtsc). */
#define KPRIV_USER   0x1u /* events of the caller's own user mode */
#define KPRIV_KERNEL 0x2u /* the kernel's (or the firmware's) work */
#define KPRIV_CPU    0x4u /* a whole CPU: every task's work on it */
#define KPRIV_NEEDS  (KPRIV_USER | KPRIV_KERNEL | KPRIV_CPU)

/* The highest perf_event_paranoid at which perf grants a need to every
 * user. */
#define KPRIV_PARANOID_USER   2
#define KPRIV_PARANOID_KERNEL 1
#define KPRIV_PARANOID_CPU    0

/* The highest paranoid level at which needs are granted to every user
 * (the strictest of its needs'); needs 0: any level. */
static inline int kpriv_paranoid_limit(unsigned needs);

/* 0 when a caller may have needs at this paranoid level, else -EACCES;
 * capable (CAP_PERFMON or CAP_SYS_ADMIN) is called only when the level
 * alone refuses. Unknown bits in needs are -EINVAL (a module's bug, not
 * the caller's). */
static inline int kpriv_refusal(unsigned needs, int paranoid, bool (*capable)(void));

/* The need that the level refuses first (the strictest one above its
 * limit), for a reason to name: KPRIV_CPU, KPRIV_KERNEL, KPRIV_USER, or 0
 * when the level grants them all. */
static inline unsigned kpriv_refused_need(unsigned needs, int paranoid);

/* What a need is, in words ("counting the kernel"), and the right it
 * takes ("kernel.perf_event_paranoid <= 1, or CAP_PERFMON or
 * CAP_SYS_ADMIN"), for the components' reasons; "" for anything else. */
static inline const char *kpriv_need_name(unsigned need);
static inline const char *kpriv_need_right(unsigned need);

/* One rule per need, strictest first: the first need a level refuses is
 * the one a reason names. A function, not a table at file scope: every
 * file that includes this header would get a copy, used or not. */
struct kpriv_rule {
	unsigned need;
	int paranoid_limit;
	const char *name;
	const char *right;
};

static inline const struct kpriv_rule *kpriv_rule_at(unsigned i)
{
	static const struct kpriv_rule rules[] = {
	    {KPRIV_CPU, KPRIV_PARANOID_CPU, "counting a whole CPU",
	     "kernel.perf_event_paranoid <= 0, or CAP_PERFMON or CAP_SYS_ADMIN"},
	    {KPRIV_KERNEL, KPRIV_PARANOID_KERNEL, "counting the kernel",
	     "kernel.perf_event_paranoid <= 1, or CAP_PERFMON or CAP_SYS_ADMIN"},
	    {KPRIV_USER, KPRIV_PARANOID_USER, "counting",
	     "kernel.perf_event_paranoid <= 2, or CAP_PERFMON or CAP_SYS_ADMIN"},
	};
	return i < sizeof(rules) / sizeof(rules[0]) ? &rules[i] : (const struct kpriv_rule *)0;
}

/* No INT_MAX in the kernel's headers without limits.h: the largest int. */
#define KPRIV_ANY_LEVEL ((int)(~0u >> 1))

static inline int kpriv_paranoid_limit(unsigned needs)
{
	const struct kpriv_rule *r;

	for (unsigned i = 0; (r = kpriv_rule_at(i)); i++)
		if (needs & r->need)
			return r->paranoid_limit;
	return KPRIV_ANY_LEVEL;
}

static inline unsigned kpriv_refused_need(unsigned needs, int paranoid)
{
	const struct kpriv_rule *r;

	for (unsigned i = 0; (r = kpriv_rule_at(i)); i++)
		if ((needs & r->need) && paranoid > r->paranoid_limit)
			return r->need;
	return 0;
}

static inline int kpriv_refusal(unsigned needs, int paranoid, bool (*capable)(void))
{
	if (needs & ~KPRIV_NEEDS)
		return -EINVAL;
	if (!kpriv_refused_need(needs, paranoid))
		return 0;
	return capable() ? 0 : -EACCES;
}

static inline const char *kpriv_need_name(unsigned need)
{
	const struct kpriv_rule *r;

	for (unsigned i = 0; (r = kpriv_rule_at(i)); i++)
		if (need == r->need)
			return r->name;
	return "";
}

static inline const char *kpriv_need_right(unsigned need)
{
	const struct kpriv_rule *r;

	for (unsigned i = 0; (r = kpriv_rule_at(i)); i++)
		if (need == r->need)
			return r->right;
	return "";
}

#endif
