// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/* Throttling (perfctr_throttle.h; doc/perfctr.md, "Throttling"): each CPU
 * takes at most max_interrupt_rate i-mode overflows a second, counted per
 * jiffy (rate / HZ rounded up; 0: no limit): the parameter and the budget
 * are the riscv module's too (../../kernel-common/kthrottle_param.c).
 *
 * The overflow is counted where it is taken (the NMI handler among them);
 * once a window's budget is spent, the owner that re-arms i-mode counters
 * (IRESUME, a CONTROL with i-mode counters) sleeps until a later window.
 * Each CPU's window is changed on its CPU only: by the NMI, or with
 * preemption off by paths that clear the CPU's NMI target first; the
 * re-arm's look may be cut by an NMI between two reads, which at worst
 * lets one re-arm through: no lock the NMI could wait on. */
#include <linux/hrtimer.h>
#include <linux/jiffies.h>
#include <linux/percpu.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>

#include "kthrottle_param.h"
#include "perfctr_throttle.h"
#include "vperfctr_throttle.h"

static DEFINE_PER_CPU(struct perfctr_throttle, cpu_throttle);

/* The throttled parameter (kthrottle_param.c) sums the CPUs' holds: the
 * re-arms put off to a later window. */
struct kthrottle __percpu *kthrottle_per_cpu(void)
{
	return &cpu_throttle.shared;
}

void vperfctr_throttle_overflow(void)
{
	perfctr_throttle_overflow(this_cpu_ptr(&cpu_throttle), READ_ONCE(jiffies),
	                          kthrottle_budget_now());
}

int vperfctr_throttle_wait(void)
{
	bool held = false;

	for (;;) {
		struct perfctr_throttle *throttle;
		ktime_t quarter;
		bool may;

		preempt_disable();
		throttle = this_cpu_ptr(&cpu_throttle);
		may =
		    perfctr_throttle_may_arm(throttle, READ_ONCE(jiffies), kthrottle_budget_now());
		if (!may && !held) {
			kthrottle_hold(&throttle->shared);
			held = true;
		}
		preempt_enable();
		if (may)
			return 0;
		/* A quarter of a jiffy at a time (KTHROTTLE_POLL_NS): at
		 * most four wake-ups a jiffy while held. Killable only: any
		 * other signal must not turn IRESUME into an error the
		 * perfctr 2.6 callers never saw. */
		quarter = ns_to_ktime(KTHROTTLE_POLL_NS);
		set_current_state(TASK_KILLABLE);
		schedule_hrtimeout_range(&quarter, TICK_NSEC / 16, HRTIMER_MODE_REL);
		if (fatal_signal_pending(current))
			return -EINTR;
	}
}
