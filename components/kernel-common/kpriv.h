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
 * CAP_PERFMON or CAP_SYS_ADMIN (perfmon_capable) gets it. Pure: the
 * modules and the user-space tests run the same code; the capability is
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
int kpriv_paranoid_limit(unsigned needs);

/* 0 when a caller may have needs at this paranoid level, else -EACCES;
 * capable (CAP_PERFMON or CAP_SYS_ADMIN) is called only when the level
 * alone refuses. Unknown bits in needs are -EINVAL (a module's bug, not
 * the caller's). */
int kpriv_refusal(unsigned needs, int paranoid, bool (*capable)(void));

/* The need that the level refuses first (the strictest one above its
 * limit), for a reason to name: KPRIV_CPU, KPRIV_KERNEL, KPRIV_USER, or 0
 * when the level grants them all. */
unsigned kpriv_refused_need(unsigned needs, int paranoid);

/* What a need is, in words ("counting the kernel"), and the right it
 * takes ("kernel.perf_event_paranoid <= 1, or CAP_PERFMON or
 * CAP_SYS_ADMIN"), for the components' reasons; "" for anything else. */
const char *kpriv_need_name(unsigned need);
const char *kpriv_need_right(unsigned need);

#endif
