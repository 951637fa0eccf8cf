// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/* Throttling (perfctr_throttle.h; doc/perfctr.md, "Throttling"): each CPU
 * takes at most max_interrupt_rate i-mode overflows a second, counted per
 * jiffy (rate / HZ rounded up; 0: no limit). Root may change it at load or
 * in sysfs (0644), as perf's kernel.perf_event_max_sample_rate is root's
 * and as the riscv module's parameter of the same name: it bounds what
 * anyone's counters may cost a CPU, from the next overflow on.
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
#include <linux/moduleparam.h>
#include <linux/percpu.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/sysfs.h>

#include "perfctr_throttle.h"
#include "vperfctr_throttle.h"

static unsigned int max_interrupt_rate = 100000;
static DEFINE_PER_CPU(struct perfctr_throttle, cpu_throttle);

/* Checked before it is taken, at load (insmod fails with EINVAL) as in
 * sysfs; the old value stays on a refusal. */
static int set_max_interrupt_rate(const char *val, const struct kernel_param *kp)
{
	unsigned long long rate;
	int rc = kstrtoull(val, 0, &rate);

	(void)kp;
	if (rc)
		return rc;
	if (!perfctr_throttle_rate_valid(rate))
		return -EINVAL;
	WRITE_ONCE(max_interrupt_rate, (unsigned int)rate);
	return 0;
}

/* The re-arms put off to a later window so far, all CPUs. */
static int show_throttled(char *buf, const struct kernel_param *kp)
{
	unsigned long held = 0;
	int cpu;

	(void)kp;
	for_each_possible_cpu(cpu)
	{
		held += READ_ONCE(per_cpu_ptr(&cpu_throttle, cpu)->held);
	}
	return sysfs_emit(buf, "%lu\n", held);
}

static const struct kernel_param_ops max_interrupt_rate_ops = {.set = set_max_interrupt_rate,
                                                               .get = param_get_uint};
static const struct kernel_param_ops throttled_ops = {.get = show_throttled};
module_param_cb(max_interrupt_rate, &max_interrupt_rate_ops, &max_interrupt_rate, 0644);
MODULE_PARM_DESC(max_interrupt_rate,
                 "i-mode overflows a second per CPU, at most (0: no limit; default 100000)");
module_param_cb(throttled, &throttled_ops, NULL, 0444);
MODULE_PARM_DESC(throttled, "i-mode re-arms put off to the next jiffy by the budget, all CPUs");

static u32 budget(void)
{
	return perfctr_throttle_budget(READ_ONCE(max_interrupt_rate), HZ);
}

void vperfctr_throttle_overflow(void)
{
	perfctr_throttle_overflow(this_cpu_ptr(&cpu_throttle), READ_ONCE(jiffies), budget());
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
		may = perfctr_throttle_may_arm(throttle, READ_ONCE(jiffies), budget());
		if (!may && !held) {
			perfctr_throttle_hold(throttle);
			held = true;
		}
		preempt_enable();
		if (may)
			return 0;
		/* A quarter of a jiffy at a time: a module has no ktime for
		 * the next jiffy's start, and a timeout of one jiffy sleeps
		 * two (the timer wheel never fires early: seen in the lab, a
		 * window lost at each hold). At most four wake-ups a jiffy
		 * while held. Killable only: any other signal must not turn
		 * IRESUME into an error the perfctr 2.6 callers never saw. */
		quarter = ns_to_ktime(TICK_NSEC / 4);
		set_current_state(TASK_KILLABLE);
		schedule_hrtimeout_range(&quarter, TICK_NSEC / 16, HRTIMER_MODE_REL);
		if (fatal_signal_pending(current))
			return -EINTR;
	}
}
