// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/* papillon_perfctr: the perfctr 2.6 ABI on /dev/perfctr for current Linux.
 *
 * It detects the counter hardware with the x86 low-level driver (the same
 * source the user-space tests run on a simulated CPU), answers the device's
 * queries (PERFCTR_ABI, PERFCTR_INFO, PERFCTR_CPUS, PERFCTR_CPUS_FORBIDDEN)
 * creates virtual counters (vperfctr.c) and runs the global counters
 * (gperfctr.c, root only). Loading writes no register: the counters may
 * belong to perf. */
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/uaccess.h>

#include <linux/cpu.h>
#include <linux/cpuhotplug.h>
#include <linux/cpumask.h>
#include <linux/percpu.h>
#include <linux/topology.h>
#include <asm/tsc.h>

#include "gperfctr.h"
#include "perfctr_abi.h"
#include "perfctr_cpumask.h"
#include "perfctr_inject.h"
#include "perfctr_module.h"
#include "perfctr_reserve.h"
#include "perfctr_structbuf.h"
#include "vperfctr.h"

/* perfctr_info.driver_version: which module answered. */
#define PERFCTR_DRIVER_VERSION "0.1"

struct perfctr_x86_cpu perfctr_cpu;

/* For the lab only: an overflow injection through debugfs, and on the
 * generic driver two test counters for i-mode (perfctr_inject.c). */
static int test_inject;
module_param(test_inject, int, 0444);
MODULE_PARM_DESC(test_inject, "1: tests only: i-mode overflow injection (debugfs) and, on the "
                              "generic driver, TSC-driven test counters");
/* HT P4: every CPU that is not the first thread of its core; they share
 * the first thread's counter registers, which only it may touch. */
struct cpumask perfctr_cpus_forbidden;

struct perfctr_cpu_cache {
	struct perfctr_x86_cache cache;
	unsigned int epoch; /* perfctr_reserve_epoch() when filled; 0: never */
};
static DEFINE_PER_CPU(struct perfctr_cpu_cache, perfctr_cpu_caches);

u64 perfctr_forbidden_mask64(void)
{
	return (u64)cpumask_bits(&perfctr_cpus_forbidden)[0];
}

struct perfctr_x86_cache *perfctr_this_cpu_cache(void)
{
	struct perfctr_cpu_cache *c = this_cpu_ptr(&perfctr_cpu_caches);
	unsigned int epoch = perfctr_reserve_epoch();

	/* perf may have programmed the registers since: clear them and the
	 * cache, so that a resume writes every register it needs. */
	if (c->epoch != epoch) {
		perfctr_x86_cache_init(&perfctr_cpu, &c->cache);
		c->epoch = epoch;
	}
	return &c->cache;
}

/* CPU hotplug (cpuhp's dynamic online state: on the CPU itself). A CPU
 * that comes back may have had its registers reset or used by another
 * owner meanwhile: its cache is forgotten, so the next resume there
 * clears and writes them (perfctr_this_cpu_cache). Virtual counters need
 * nothing more: the scheduler switches their owners out of a CPU that
 * leaves (the notifier suspends them) and in elsewhere (it resumes them).
 * The global counters of a CPU stop as it leaves and resume as it comes
 * back (gperfctr.c). */
static enum cpuhp_state perfctr_hotplug_state;

static int perfctr_cpu_online(unsigned int cpu)
{
	per_cpu_ptr(&perfctr_cpu_caches, cpu)->epoch = 0;
	gperfctr_cpu_online(cpu);
	return 0;
}

static int perfctr_cpu_offline(unsigned int cpu)
{
	gperfctr_cpu_offline(cpu);
	return 0;
}

static long perfctr_info(struct perfctr_struct_buf __user *arg)
{
	struct perfctr_info info = {
	    .abi_version = PERFCTR_ABI_VERSION,
	    .cpu_type = perfctr_cpu.cpu_type,
	    .cpu_features = perfctr_cpu.features,
	    .cpu_khz = tsc_khz,
	    .tsc_to_cpu_mult = 1, /* the TSC counts core cycles' nominal rate */
	};

	strscpy(info.driver_version, "papillon-" PERFCTR_DRIVER_VERSION,
	        sizeof(info.driver_version));
	return perfctr_structbuf_out(arg, &info, &perfctr_info_layout);
}

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
	case PERFCTR_INFO:
		return perfctr_info((struct perfctr_struct_buf __user *)arg);
	case VPERFCTR_CREAT:
		return vperfctr_create(arg);
	case VPERFCTR_OPEN:
		return vperfctr_open(arg);
	case PERFCTR_CPUS:
		return perfctr_copy_cpumask(cpu_online_mask, (struct perfctr_cpu_mask __user *)arg);
	case PERFCTR_CPUS_FORBIDDEN:
		return perfctr_copy_cpumask(&perfctr_cpus_forbidden,
		                            (struct perfctr_cpu_mask __user *)arg);
	case GPERFCTR_CONTROL:
	case GPERFCTR_READ:
	case GPERFCTR_STOP:
	case GPERFCTR_START:
		return gperfctr_ioctl(cmd, arg);
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
	if (test_inject && perfctr_cpu.family_id == PERFCTR_FAMILY_GENERIC) {
		perfctr_cpu.test_counters = true;
		perfctr_cpu.regs = &perfctr_x86_test_regs;
	}
	err = gperfctr_init();
	if (err)
		return err;
	err = vperfctr_init();
	if (err) {
		gperfctr_exit();
		return err;
	}
	/* Runs the online callback on every CPU online now (which forgets
	 * no cache that was ever filled: none was). */
	err = cpuhp_setup_state(CPUHP_AP_ONLINE_DYN, "papillon/perfctr:online", perfctr_cpu_online,
	                        perfctr_cpu_offline);
	if (err < 0) {
		vperfctr_exit();
		gperfctr_exit();
		return err;
	}
	perfctr_hotplug_state = err;
	err = misc_register(&perfctr_device);
	if (err) {
		cpuhp_remove_state_nocalls(perfctr_hotplug_state);
		vperfctr_exit();
		gperfctr_exit();
		return err;
	}
	if (test_inject) {
		perfctr_inject_init();
		pr_info("papillon_perfctr: test_inject=1: overflow injection%s (tests only)\n",
		        perfctr_cpu.test_counters ? ", test counters" : "");
	}
	pr_info("papillon_perfctr: %s driver (cpu_type %u, %u counters, features %#x)\n",
	        perfctr_cpu.family->name, perfctr_cpu.cpu_type,
	        perfctr_cpu.nr_counters + perfctr_cpu.nr_fixed, perfctr_cpu.features);
	return 0;
}

static void __exit perfctr_module_exit(void)
{
	if (test_inject)
		perfctr_inject_exit();
	misc_deregister(&perfctr_device);
	/* No global counters run (started ones hold a module reference):
	 * nothing for the offline callback to stop. */
	cpuhp_remove_state_nocalls(perfctr_hotplug_state);
	vperfctr_exit();
	gperfctr_exit();
}

module_init(perfctr_module_init);
module_exit(perfctr_module_exit);
MODULE_LICENSE("Dual BSD/GPL");
MODULE_DESCRIPTION("Papillon: the perfctr 2.6 x86 counter ABI on /dev/perfctr");
