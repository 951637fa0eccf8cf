// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/* papillon_perfctr: the perfctr 2.6 ABI on /dev/perfctr for current Linux.
 *
 * This is the module's skeleton: it detects the counter hardware with the
 * x86 low-level driver (the same source the user-space tests run on a
 * simulated CPU) and answers PERFCTR_ABI, PERFCTR_CPUS and
 * PERFCTR_CPUS_FORBIDDEN. The virtual and global counters
 * are to come (doc/perfctr.md, "Left to do"); until then every other
 * command is refused with -ENOTTY. Loading writes no register: the
 * counters may belong to perf. */
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/module.h>
#include <linux/uaccess.h>

#include <linux/cpumask.h>
#include <linux/topology.h>

#include "perfctr_abi.h"
#include "perfctr_cpumask.h"
#include "x86_driver.h"

static struct perfctr_x86_cpu perfctr_cpu;
/* HT P4: every CPU that is not the first thread of its core; they share
 * the first thread's counter registers, which only it may touch. */
static struct cpumask perfctr_cpus_forbidden;

static void perfctr_compute_forbidden(void)
{
	unsigned int cpu;

	cpumask_clear(&perfctr_cpus_forbidden);
	if (perfctr_cpu.family_id != PERFCTR_FAMILY_P4 || !perfctr_cpu.hyperthreaded)
		return;
	for_each_possible_cpu(cpu) if (cpumask_first(topology_sibling_cpumask(cpu)) != cpu)
	    cpumask_set_cpu(cpu, &perfctr_cpus_forbidden);
}

/* Always tells the words needed; -EOVERFLOW when user space gave fewer. */
static long perfctr_copy_cpumask(const struct cpumask *mask, struct perfctr_cpu_mask __user *arg)
{
	u32 needed = perfctr_cpumask_nrwords(nr_cpu_ids), given;

	if (get_user(given, &arg->nrwords) || put_user(needed, &arg->nrwords))
		return -EFAULT;
	if (given < needed)
		return -EOVERFLOW;
	for (u32 i = 0; i < needed; i++)
		if (put_user(perfctr_cpumask_word(cpumask_bits(mask), i), &arg->mask[i]))
			return -EFAULT;
	return 0;
}

static long perfctr_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	switch (cmd) {
	case PERFCTR_ABI:
		return put_user((unsigned int)PERFCTR_ABI_VERSION, (unsigned int __user *)arg);
	case PERFCTR_CPUS:
		return perfctr_copy_cpumask(cpu_online_mask, (struct perfctr_cpu_mask __user *)arg);
	case PERFCTR_CPUS_FORBIDDEN:
		return perfctr_copy_cpumask(&perfctr_cpus_forbidden,
		                            (struct perfctr_cpu_mask __user *)arg);
	default:
		return -ENOTTY;
	}
}

static const struct file_operations perfctr_fops = {
    .owner = THIS_MODULE,
    .unlocked_ioctl = perfctr_ioctl,
    .compat_ioctl = compat_ptr_ioctl,
    .llseek = noop_llseek,
};

static struct miscdevice perfctr_device = {
    .minor = MISC_DYNAMIC_MINOR,
    .name = "perfctr",
    .fops = &perfctr_fops,
    .mode = 0666, /* virtual counters are per process; global ones check root */
};

static int __init perfctr_module_init(void)
{
	int err = perfctr_x86_detect(&perfctr_cpu, &perfctr_x86_native_regs);

	if (err) {
		pr_info("papillon_perfctr: no time-stamp counter: nothing to drive\n");
		return err;
	}
	perfctr_compute_forbidden();
	err = misc_register(&perfctr_device);
	if (err)
		return err;
	pr_info("papillon_perfctr: %s driver (cpu_type %u, %u counters, features %#x)\n",
	        perfctr_cpu.family->name, perfctr_cpu.cpu_type,
	        perfctr_cpu.nr_counters + perfctr_cpu.nr_fixed, perfctr_cpu.features);
	return 0;
}

static void __exit perfctr_module_exit(void)
{
	misc_deregister(&perfctr_device);
}

module_init(perfctr_module_init);
module_exit(perfctr_module_exit);
MODULE_LICENSE("Dual BSD/GPL");
MODULE_DESCRIPTION("Papillon: the perfctr 2.6 x86 counter ABI on /dev/perfctr");
