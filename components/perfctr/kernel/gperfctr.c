// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/* The GPERFCTR_* commands of /dev/perfctr: global (system-wide) counters,
 * one control per CPU, for root only (CAP_PERFMON or CAP_SYS_ADMIN; others
 * get -EPERM). The rules are perfctr_global.c's; this file runs each CPU's
 * step on that CPU (an IPI), samples every CPU periodically from a work
 * item (32-bit differences must not wrap between two samples) and takes
 * the counters from perf and from virtual counters while started. A CPU
 * that goes offline while they are started stops its counters there, and
 * one that comes back resumes them (gperfctr_cpu_offline/online, the
 * module's hotplug callbacks). Lock order: the CPU hotplug lock, then
 * gperfctr_lock (a hotplug callback runs with the first held and takes the
 * second). */
#include <linux/capability.h>
#include <linux/cpu.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/uaccess.h>
#include <linux/workqueue.h>

#include "gperfctr.h"
#include "kpriv_check.h"
#include "perfctr_global.h"
#include "perfctr_module.h"
#include "perfctr_reserve.h"
#include "perfctr_structbuf.h"
#include "x86_privilege.h"

static DEFINE_MUTEX(gperfctr_lock); /* every command, and the sampling work */
static struct perfctr_global global;
static unsigned long sampling_jiffies; /* 0: no periodic sampling */
static void gperfctr_sample_work(struct work_struct *work);
static DECLARE_DELAYED_WORK(sampling_work, gperfctr_sample_work);

static bool cpu_forbidden(unsigned int cpu)
{
	return cpumask_test_cpu(cpu, &perfctr_cpus_forbidden);
}

/* The per-CPU steps, by IPI on the CPU itself (interrupts off). */
static struct perfctr_x86_cache *cache_if_needed(unsigned int cpu)
{
	return perfctr_global_cpu_has_counters(&global, cpu) ? perfctr_this_cpu_cache() : NULL;
}

static void resume_here(void *unused)
{
	unsigned int cpu = smp_processor_id();

	perfctr_global_resume_cpu(&global, cpu, cache_if_needed(cpu), perfctr_forbidden_mask64());
}

static void sample_here(void *unused)
{
	perfctr_global_sample_cpu(&global, smp_processor_id());
}

static void suspend_here(void *unused)
{
	unsigned int cpu = smp_processor_id();

	perfctr_global_suspend_cpu(&global, cpu, cache_if_needed(cpu));
}

static void gperfctr_sample_work(struct work_struct *work)
{
	mutex_lock(&gperfctr_lock);
	if (global.started) {
		on_each_cpu(sample_here, NULL, 1);
		schedule_delayed_work(&sampling_work, sampling_jiffies);
	}
	mutex_unlock(&gperfctr_lock);
}

static u32 counters_of(u32 n)
{
	return global.cpus[n].has_control
	           ? perfctr_cstatus_nrctrs(global.cpus[n].state.user.cstatus)
	           : 0;
}

/* Gives back the counters of CPUs 0 to end - 1. */
static void unreserve_cpus(u32 end)
{
	for (u32 n = 0; n < end; n++)
		if (counters_of(n))
			perfctr_unreserve(&global.cpus[n].state.program, counters_of(n), true);
}

/* Takes the counters of every CPU's control, or none. */
static int reserve_cpus(void)
{
	for (u32 n = 0; n < global.nr_cpus; n++) {
		int err = counters_of(n)
		              ? perfctr_reserve(&global.cpus[n].state.program, counters_of(n), true)
		              : 0;
		if (err) {
			unreserve_cpus(n);
			return err;
		}
	}
	return 0;
}

static long gperfctr_control(const struct perfctr_struct_buf __user *arg)
{
	struct gperfctr_cpu_control *control;
	struct perfctr_x86_program *scratch;
	long err = -ENOMEM;

	control = kzalloc(sizeof(*control), GFP_KERNEL);
	scratch = kzalloc(sizeof(*scratch), GFP_KERNEL);
	if (!control || !scratch)
		goto out;
	err = perfctr_structbuf_in(control, &gperfctr_cpu_control_layout, arg);
	if (err)
		goto out;
	/* A CPU's counters count every task on it, and the kernel where a
	 * counter asks (kpriv.h); before the control's rules, as for the
	 * virtual counters. */
	err =
	    kpriv_check(KPRIV_CPU | perfctr_x86_control_needs(&perfctr_cpu, &control->cpu_control));
	if (err)
		goto out;
	cpus_read_lock();
	mutex_lock(&gperfctr_lock);
	err = perfctr_global_control(
	    &global, control, control->cpu < nr_cpu_ids && cpu_online(control->cpu),
	    control->cpu < nr_cpu_ids && cpu_forbidden(control->cpu), scratch);
	mutex_unlock(&gperfctr_lock);
	cpus_read_unlock();
out:
	kfree(scratch);
	kfree(control);
	return err;
}

static long gperfctr_start(unsigned long interval_usec)
{
	long ret;

	if (interval_usec > U32_MAX)
		return -EINVAL;
	/* The CPUs online now start here, the others when they come back. */
	cpus_read_lock();
	mutex_lock(&gperfctr_lock);
	ret = perfctr_global_check_start(&global, (u32)interval_usec);
	if (ret <= 0)
		goto out;
	if (reserve_cpus()) {
		ret = -EBUSY;
		goto out;
	}
	global.started = true;
	__module_get(THIS_MODULE); /* no unload while the CPUs count */
	on_each_cpu(resume_here, NULL, 1);
	sampling_jiffies = interval_usec ? usecs_to_jiffies(interval_usec) : 0;
	if (sampling_jiffies)
		schedule_delayed_work(&sampling_work, sampling_jiffies);
out:
	mutex_unlock(&gperfctr_lock);
	cpus_read_unlock();
	return ret;
}

static void gperfctr_stop_locked(void)
{
	if (global.started) {
		on_each_cpu(suspend_here, NULL, 1);
		unreserve_cpus(global.nr_cpus);
		module_put(THIS_MODULE);
	}
	perfctr_global_forget(&global);
}

static long gperfctr_stop(void)
{
	/* First, so that a START right after this STOP has its own work. */
	cancel_delayed_work_sync(&sampling_work);
	cpus_read_lock();
	mutex_lock(&gperfctr_lock);
	gperfctr_stop_locked();
	mutex_unlock(&gperfctr_lock);
	cpus_read_unlock();
	return 0;
}

static long gperfctr_read(struct perfctr_struct_buf __user *arg)
{
	struct gperfctr_cpu_state *state;
	u32 cpu;
	long err;

	state = kzalloc(sizeof(*state), GFP_KERNEL);
	if (!state)
		return -ENOMEM;
	/* Only the cpu (and reserved) words come in; the whole state goes out. */
	err = perfctr_structbuf_in(state, &gperfctr_cpu_state_only_cpu_layout, arg);
	if (err)
		goto out;
	cpu = state->cpu;
	cpus_read_lock();
	mutex_lock(&gperfctr_lock);
	/* Up to now, not to the last periodic sample (perfctr 2.6 sampled
	 * only without the timer: its sums were up to an interval old). */
	if (cpu < nr_cpu_ids && cpu_online(cpu) && global.started)
		smp_call_function_single(cpu, sample_here, NULL, 1);
	err = perfctr_global_read(&global, cpu, cpu < nr_cpu_ids && cpu_online(cpu), state);
	mutex_unlock(&gperfctr_lock);
	cpus_read_unlock();
	if (!err)
		err = perfctr_structbuf_out(arg, state, &gperfctr_cpu_state_layout);
out:
	kfree(state);
	return err;
}

long gperfctr_ioctl(unsigned int cmd, unsigned long arg)
{
	/* The global counters count whole CPUs: perf's rule for a CPU-wide
	 * event (kpriv.h), for reading and starting them as for their
	 * controls. */
	long err = kpriv_check(KPRIV_CPU);

	if (err)
		return err;
	switch (cmd) {
	case GPERFCTR_CONTROL:
		return gperfctr_control((const struct perfctr_struct_buf __user *)arg);
	case GPERFCTR_READ:
		return gperfctr_read((struct perfctr_struct_buf __user *)arg);
	case GPERFCTR_STOP:
		return gperfctr_stop();
	case GPERFCTR_START:
		return gperfctr_start(arg);
	default:
		return -ENOTTY;
	}
}

/* The hotplug callbacks run on the CPU itself (cpuhp's thread, bound to
 * it), the hotplug lock held: the steps want interrupts off, as by IPI. */
void gperfctr_cpu_offline(unsigned int cpu)
{
	unsigned long flags;

	mutex_lock(&gperfctr_lock);
	local_irq_save(flags);
	perfctr_global_cpu_offline(&global, cpu, cache_if_needed(cpu));
	local_irq_restore(flags);
	mutex_unlock(&gperfctr_lock);
}

void gperfctr_cpu_online(unsigned int cpu)
{
	unsigned long flags;

	mutex_lock(&gperfctr_lock);
	local_irq_save(flags);
	perfctr_global_cpu_online(&global, cpu, global.started ? cache_if_needed(cpu) : NULL,
	                          perfctr_forbidden_mask64());
	local_irq_restore(flags);
	mutex_unlock(&gperfctr_lock);
}

int gperfctr_init(void)
{
	global.cpu = &perfctr_cpu;
	global.nr_cpus = nr_cpu_ids;
	global.cpus = kvcalloc(nr_cpu_ids, sizeof(*global.cpus), GFP_KERNEL);
	return global.cpus ? 0 : -ENOMEM;
}

void gperfctr_exit(void)
{
	/* Started counters hold a module reference: none are left here. */
	kvfree(global.cpus);
	global.cpus = NULL;
}
