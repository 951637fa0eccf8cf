// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/* The rate limit's module parameters, the same in both modules
 * (kthrottle_param.h): checked before they are taken, at load (insmod
 * fails with EINVAL) as in sysfs, where the old value stays on a refusal. */
#include <linux/kernel.h>
#include <linux/moduleparam.h>
#include <linux/percpu.h>
#include <linux/sysfs.h>

#include "kthrottle_param.h"

static unsigned int max_interrupt_rate = KTHROTTLE_RATE_DEFAULT;

static int set_max_interrupt_rate(const char *val, const struct kernel_param *kp)
{
	unsigned long long rate;
	int rc = kstrtoull(val, 0, &rate);

	(void)kp;
	if (rc)
		return rc;
	if (!kthrottle_rate_valid(rate))
		return -EINVAL;
	WRITE_ONCE(max_interrupt_rate, (unsigned int)rate);
	return 0;
}

/* Each CPU's count is written on its CPU only (kthrottle_hold): read
 * whole, with no lock, from here. */
static int show_throttled(char *buf, const struct kernel_param *kp)
{
	struct kthrottle __percpu *each = kthrottle_per_cpu();
	unsigned long throttled = 0;
	int cpu;

	(void)kp;
	for_each_possible_cpu(cpu)
	{
		throttled += READ_ONCE(per_cpu_ptr(each, cpu)->throttled);
	}
	return sysfs_emit(buf, "%lu\n", throttled);
}

static const struct kernel_param_ops max_interrupt_rate_ops = {.set = set_max_interrupt_rate,
                                                               .get = param_get_uint};
static const struct kernel_param_ops throttled_ops = {.get = show_throttled};
module_param_cb(max_interrupt_rate, &max_interrupt_rate_ops, &max_interrupt_rate, 0644);
MODULE_PARM_DESC(max_interrupt_rate,
                 "overflow interrupts a second per CPU, at most (0: no limit; default 100000)");
module_param_cb(throttled, &throttled_ops, NULL, 0444);
MODULE_PARM_DESC(throttled,
                 "overflows held back by the budget, all CPUs (perfctr: i-mode re-arms put off "
                 "to a later jiffy; riscv: counters held)");

u32 kthrottle_budget_now(void)
{
	return kthrottle_budget(READ_ONCE(max_interrupt_rate), HZ);
}
