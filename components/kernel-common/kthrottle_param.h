/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/* The module side of the shared rate limit (kthrottle.h): the parameters
 * max_interrupt_rate (0644: root may change it at load or in sysfs, as
 * perf's kernel.perf_event_max_sample_rate is root's; it bounds what
 * anyone's counters may cost a CPU, from the next overflow on) and
 * throttled (0444), defined once in kthrottle_param.c for both modules. */
#ifndef PAPILLON_KTHROTTLE_PARAM_H
#define PAPILLON_KTHROTTLE_PARAM_H

#include <linux/jiffies.h>
#include <linux/percpu.h>
#include <linux/types.h>

#include "kthrottle.h"

/* While a CPU's budget is spent, the module looks again every quarter of
 * a jiffy: a module has no ktime for the next jiffy's start, and a wait
 * of one jiffy lasts two (the timer wheel never fires early: seen in the
 * lab, a window lost at each hold). */
#define KTHROTTLE_POLL_NS (TICK_NSEC / 4)

/* Overflows per jiffy at the rate max_interrupt_rate holds now (0: no
 * limit). No lock: callable from an NMI or an interrupt handler. */
u32 kthrottle_budget_now(void);

/* Where the module keeps each CPU's throttle (a per-CPU variable or a
 * member of one, e.g. &cpu_state.throttle): the throttled parameter sums
 * their holds (kthrottle_hold) over the possible CPUs. Each module
 * defines it. */
struct kthrottle __percpu *kthrottle_per_cpu(void);

#endif
