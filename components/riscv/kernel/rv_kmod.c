// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/* papillon_riscv: the riscv component's kernel side. It probes each hart
 * for counter delegation at load (rv_pmu_probe), then serves
 * /dev/papillon_riscv (rv_abi.h): a file obtains counters from the SBI PMU
 * and drives them through the driver (../rv_pmu.c), with no ecall on
 * start, stop or read of a delegated counter. Every request is checked
 * before anything touches a CSR. Each driver call runs on the counter's
 * hart with interrupts off (smp_call_function_single), since the driver
 * reads, changes and writes back siselect and scountinhibit.
 *
 * A file's counters are the task's that opened it (its owner): a preempt
 * notifier on the owner stops them and closes them to user reads when the
 * owner leaves its hart, and resumes and reopens them when it comes back
 * (../rv_switch.h; doc/riscv.md, "Per-task counters"). The overflow
 * interrupt and its throttling are rv_kmod_overflow.c. */
#include <linux/capability.h>
#include <linux/cpu.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/mutex.h>
#include <linux/percpu.h>
#include <linux/perf_event.h>
#include <linux/preempt.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/sysfs.h>
#include <linux/smp.h>
#include <linux/spinlock.h>
#include <linux/task_work.h>
#include <linux/uaccess.h>

#include <asm/csr.h>

#include "kpriv_check.h"
#include "rv_abi.h"
#include "rv_kmod.h"
#include "rv_pmu.h"
#include "rv_sbi.h"
#include "rv_switch.h"
#include "rv_validate.h"

DEFINE_PER_CPU(struct rv_pmu, hart_pmu);
static DEFINE_PER_CPU(int, hart_probe_status);
/* The counters the module's files hold, per hart (bit i: SBI counter i).
 * OpenSBI hands out a fixed counter (cycle, instret) to every request that
 * finds no free programmable one, and config_matching would clear it under
 * its holder: requests leave out the counters held. */
DEFINE_PER_CPU(u64, hart_counters_held);
static DEFINE_MUTEX(held_lock);

/* For the leak checks (lab/tests/riscv_module_robust.c), read-only in
 * /sys/module/papillon_riscv/parameters/: files is the module's only
 * allocation (one struct rv_file per open file), counters_held the SBI
 * counters its files hold on every hart. Both are 0 once every file is
 * closed. */
static atomic_t live_files = ATOMIC_INIT(0);

static int show_files(char *buf, const struct kernel_param *kp)
{
	(void)kp;
	return sysfs_emit(buf, "%d\n", atomic_read(&live_files));
}

static int show_counters_held(char *buf, const struct kernel_param *kp)
{
	int cpu, held = 0;
	(void)kp;
	mutex_lock(&held_lock);
	for_each_possible_cpu(cpu)
	{
		held += hweight64(per_cpu(hart_counters_held, cpu));
	}
	mutex_unlock(&held_lock);
	return sysfs_emit(buf, "%d\n", held);
}

static const struct kernel_param_ops files_ops = {.get = show_files};
static const struct kernel_param_ops counters_held_ops = {.get = show_counters_held};
module_param_cb(files, &files_ops, NULL, 0444);
MODULE_PARM_DESC(files, "open files of /dev/papillon_riscv (the module's allocations)");
module_param_cb(counters_held, &counters_held_ops, NULL, 0444);
MODULE_PARM_DESC(counters_held, "SBI counters held by open files, all harts");

/* Whether the file's owner is the task running here. */
static bool owner_here(const struct rv_file *f)
{
	return READ_ONCE(f->owner_task) == current;
}

static void ask(atomic_long_t *mask, const struct slot *s, bool on)
{
	if (on)
		atomic_long_or((long)s->bit, mask);
	else
		atomic_long_andnot((long)s->bit, mask);
}

/* One driver call, run on the counter's hart. */
enum call_kind {
	CALL_OBTAIN,
	CALL_START,
	CALL_STOP,
	CALL_READ,
	CALL_RELEASE,
	CALL_USER,
	CALL_NOP,
	CALL_ARM
};

struct call {
	enum call_kind kind;
	struct slot *slot; /* CALL_READ, CALL_RELEASE, CALL_ARM */
	struct rv_counter *counter;
	const struct rv_counter_request *request;
	uint64_t value;
	int status;
};

/* Arms (c->value: the threshold) or disarms (0) the slot's counter; a
 * disarmed counter goes on from its whole count. */
static int arm(struct rv_pmu *pmu, struct call *c)
{
	struct slot *s = c->slot, **armed = rv_kmod_armed_here();
	u64 raw = 0;
	int status = rv_counter_read(pmu, &s->counter, &raw);
	if (status != RV_PMU_OK)
		return status;
	if (s->armed.threshold)
		raw = rv_armed_count(&s->armed, raw);
	/* A held counter is re-armed here or disarmed: no longer held. */
	rv_kmod_unhold(s->counter.index);
	if (c->value == 0) {
		armed[s->counter.index] = NULL;
		s->armed.threshold = 0;
		return rv_counter_reload(pmu, &s->counter, raw);
	}
	s->armed.before = raw;
	s->armed.overflows = 0;
	s->armed.threshold = c->value;
	armed[s->counter.index] = s;
	return rv_counter_rearm(pmu, &s->counter, -c->value);
}

static void run_call(void *arg)
{
	struct call *c = arg;
	struct rv_pmu *pmu = this_cpu_ptr(&hart_pmu);
	switch (c->kind) {
	case CALL_OBTAIN:
		c->status = rv_counter_obtain(pmu, c->request, c->counter);
		break;
	case CALL_START: {
		struct slot *s = c->slot;
		int status = rv_counter_start(pmu, c->counter, c->value);
		s->started = status == RV_PMU_OK;
		/* Asked from another hart: the count waits for the owner. */
		if (unlikely(status == RV_PMU_OK && !owner_here(s->file))) {
			status = rv_counter_stop(pmu, c->counter);
			s->paused = status == RV_PMU_OK;
		}
		c->status = status;
		break;
	}
	case CALL_STOP:
		c->slot->started = false;
		c->slot->paused = false;
		c->status = rv_counter_stop(pmu, c->counter);
		break;
	case CALL_READ:
		c->status = rv_counter_read(pmu, c->counter, &c->value);
		if (c->status == RV_PMU_OK && c->slot && c->slot->armed.threshold)
			c->value = rv_armed_count(&c->slot->armed, c->value);
		break;
	case CALL_RELEASE:
		if (c->slot) {
			ask(&c->slot->file->held, c->slot, false);
			ask(&c->slot->file->user_read, c->slot, false);
			c->slot->started = false;
			c->slot->paused = false;
		}
		if (c->slot && c->slot->armed.threshold) {
			rv_kmod_armed_here()[c->counter->index] = NULL;
			rv_kmod_unhold(c->counter->index);
			c->slot->armed.threshold = 0;
		}
		c->status = rv_counter_release(pmu, c->counter);
		break;
	case CALL_ARM:
		c->status = arm(pmu, c);
		break;
	case CALL_USER:
		/* Open only while the owner runs here (the switch in opens it). */
		c->status = rv_counter_user_access(pmu, c->counter,
		                                   c->value != 0 && owner_here(c->slot->file));
		ask(&c->slot->file->user_read, c->slot, c->status == RV_PMU_OK && c->value);
		break;
	case CALL_NOP:
		c->status = RV_PMU_OK;
		break;
	}
}

/* Runs the call on cpu with interrupts off (locally too: that is what
 * smp_call_function_single does for the calling CPU). */
static int call_on(int cpu, struct call *c)
{
	int rc = smp_call_function_single(cpu, run_call, c, 1);
	if (rc)
		return rc;
	switch (c->status) {
	case RV_PMU_OK:
		return 0;
	case RV_PMU_NO_COUNTER:
		return -ENOENT;
	case RV_PMU_UNREADABLE:
		return -EACCES;
	default:
		return -EIO;
	}
}

/* Per-task counters: the owner's context switches. The notifiers run on
 * the owner's hart with preemption off; sched_out with interrupts off too,
 * sched_in with them on (they are turned off here: the driver reads,
 * changes and writes back siselect and scountinhibit, as the overflow
 * interrupt does). Only the slots of this hart switch: a counter of
 * another hart stays stopped while the owner runs here (doc/riscv.md). */
static void switch_slots(struct rv_file *f, bool in)
{
	struct rv_pmu *pmu = this_cpu_ptr(&hart_pmu);
	unsigned long held = (unsigned long)atomic_long_read(&f->held);
	unsigned long user_read = (unsigned long)atomic_long_read(&f->user_read);
	int cpu = smp_processor_id();
	unsigned i;
	for_each_set_bit(i, &held, RV_ABI_SLOTS)
	{
		struct slot *s = &f->slots[i];
		if (s->cpu != cpu)
			continue;
		if (in) {
			rv_task_switch_in(pmu, &s->counter, user_read & s->bit, s->paused);
			s->paused = false;
		} else {
			rv_task_switch_out(pmu, &s->counter, s->started, user_read & s->bit,
			                   &s->paused);
		}
	}
}

static void owner_in(struct preempt_notifier *notifier, int cpu)
{
	struct rv_owner *o = container_of(notifier, struct rv_owner, notifier);
	unsigned long flags;
	(void)cpu;
	raw_spin_lock_irqsave(&o->lock, flags);
	if (o->file)
		switch_slots(o->file, true);
	raw_spin_unlock_irqrestore(&o->lock, flags);
}

static void owner_out(struct preempt_notifier *notifier, struct task_struct *next)
{
	struct rv_owner *o = container_of(notifier, struct rv_owner, notifier);
	struct rv_file *f;
	(void)next;
	raw_spin_lock(&o->lock);
	f = o->file;
	if (f)
		switch_slots(f, false);
	if (READ_ONCE(current->__state) != TASK_DEAD) {
		raw_spin_unlock(&o->lock);
		return;
	}
	/* The owner's last switch (it exited with the file open elsewhere,
	 * a fork child's): its counters stay stopped and closed, and whoever
	 * holds the file may read their counts but no longer change them. */
	if (f) {
		WRITE_ONCE(f->owner, NULL);
		WRITE_ONCE(f->owner_task, NULL);
		o->file = NULL;
	}
	raw_spin_unlock(&o->lock);
	/* Off the list the scheduler is walking: __hlist_del leaves this
	 * node's next, which the walk reads after this call, and the node is
	 * freed only after an RCU grace period, which cannot end before this
	 * switch (interrupts off) has. */
	__hlist_del(&notifier->link);
	kfree_rcu(o, rcu);
	module_put(THIS_MODULE);
}

static struct preempt_ops owner_ops = {.sched_in = owner_in, .sched_out = owner_out};

/* Task work of an owner whose file another task closed. */
static void unregister_owner(struct callback_head *work)
{
	struct rv_owner *o = container_of(work, struct rv_owner, unregister_work);
	preempt_notifier_unregister(&o->notifier);
	kfree_rcu(o, rcu);
	module_put(THIS_MODULE);
}

/* At open: the opener owns the file's counters. */
static int own(struct rv_file *f)
{
	struct rv_owner *o = kzalloc(sizeof *o, GFP_KERNEL);
	if (!o)
		return -ENOMEM;
	raw_spin_lock_init(&o->lock);
	o->file = f;
	o->task = current;
	init_task_work(&o->unregister_work, unregister_owner);
	preempt_notifier_init(&o->notifier, &owner_ops);
	__module_get(THIS_MODULE);
	f->owner = o;
	f->owner_task = current;
	preempt_disable();
	preempt_notifier_register(&o->notifier);
	preempt_enable();
	return 0;
}

/* At close: the notifier no longer sees the file. The owner takes its
 * notifier off its own list: here when it is the one closing, else by task
 * work on its way back to user mode (if it is past running task work, it
 * is exiting: its last switch does it). */
static void disown(struct rv_file *f)
{
	struct rv_owner *o;
	unsigned long flags;
	bool mine = false;
	rcu_read_lock();
	o = READ_ONCE(f->owner);
	if (o) {
		raw_spin_lock_irqsave(&o->lock, flags);
		if (o->file == f) {
			o->file = NULL;
			WRITE_ONCE(f->owner, NULL);
			WRITE_ONCE(f->owner_task, NULL);
			mine = o->task == current;
			if (!mine)
				task_work_add(o->task, &o->unregister_work, TWA_RESUME);
		}
		raw_spin_unlock_irqrestore(&o->lock, flags);
	}
	rcu_read_unlock();
	if (!mine)
		return;
	preempt_disable();
	preempt_notifier_unregister(&o->notifier);
	preempt_enable();
	kfree_rcu(o, rcu);
	module_put(THIS_MODULE);
}

static void probe_hart(void *unused)
{
	/* RV_CSR_NATIVE: the layer is the hart's own instructions, no ops. */
	static const struct rv_hart hart = {.ops = NULL, .context = NULL, .xlen = 64};
	(void)unused;
	*this_cpu_ptr(&hart_probe_status) = rv_pmu_probe(this_cpu_ptr(&hart_pmu), &hart);
}

static long do_obtain(struct rv_file *f, void __user *arg)
{
	struct rv_abi_obtain o;
	struct rv_counter_request request;
	struct call c = {.kind = CALL_OBTAIN};
	struct rv_counter counter = {0};
	unsigned slot;
	u64 held, allowed;
	long rc;
	if (!owner_here(f))
		return -EPERM; /* the counters are the owner's (rv_abi.h) */
	if (copy_from_user(&o, arg, sizeof o))
		return -EFAULT;
	/* The right to what the request counts: perf's rule, shared with the
	 * perfctr module (kpriv.h). */
	rc = rv_obtain_refusal(&o, kpriv_check);
	if (rc)
		return rc;
	mutex_lock(&f->lock);
	for (slot = 0; slot < RV_ABI_SLOTS && f->slots[slot].used; slot++)
		;
	if (slot == RV_ABI_SLOTS) {
		rc = -ENOSPC;
		goto out;
	}
	mutex_lock(&held_lock);
	f->slots[slot].cpu = get_cpu();
	held = per_cpu(hart_counters_held, f->slots[slot].cpu);
	allowed = (o.counters ? o.counters : ~0ull) & ~held;
	request = (struct rv_counter_request){.event_index = (unsigned long)o.event_index,
	                                      .event_data = (unsigned long)o.event_data,
	                                      .inhibit_flags = (unsigned long)o.inhibit_flags,
	                                      .counters = (unsigned long)allowed};
	c.request = &request;
	c.counter = &counter;
	rc = allowed ? call_on(f->slots[slot].cpu, &c) : -ENOENT;
	if (rc == 0)
		per_cpu(hart_counters_held, f->slots[slot].cpu) |= 1ull << counter.index;
	put_cpu();
	mutex_unlock(&held_lock);
	if (rc)
		goto out;
	/* Asked for SBI: the same counter, driven as if not delegated (M-mode
	 * may always program it); the benchmark's other half. */
	if (o.flags & RV_ABI_SBI_ONLY)
		counter.delegated = false;
	f->slots[slot].used = true;
	f->slots[slot].counter = counter;
	f->slots[slot].started = false;
	f->slots[slot].paused = false;
	/* Seen by the owner's switches once its counter is written. */
	smp_mb__before_atomic();
	ask(&f->held, &f->slots[slot], true);
	o.slot = slot;
	o.counter = counter.index;
	o.delegated = counter.delegated;
	o.firmware = counter.firmware;
	rc = copy_to_user(arg, &o, sizeof o) ? -EFAULT : 0;
out:
	mutex_unlock(&f->lock);
	return rc;
}

/* Closes the slot's counter to user reads, then gives it back to the SBI
 * PMU: scounteren is the hart's, and a bit left set would let every
 * process read the counter's next holder. */
static int give_back(struct slot *s)
{
	struct call c = {.kind = CALL_USER, .slot = s, .counter = &s->counter, .value = 0};
	if (!s->counter.firmware)
		call_on(s->cpu, &c);
	c.kind = CALL_RELEASE;
	return call_on(s->cpu, &c);
}

/* The slot's counter is no longer held. */
static void forget(struct slot *s)
{
	mutex_lock(&held_lock);
	per_cpu(hart_counters_held, s->cpu) &= ~(1ull << s->counter.index);
	mutex_unlock(&held_lock);
	s->used = false;
}

static long do_counter(struct rv_file *f, unsigned cmd, void __user *arg)
{
	struct rv_abi_counter a;
	struct call c = {0};
	struct slot *s;
	long rc;
	if (copy_from_user(&a, arg, sizeof a))
		return -EFAULT;
	/* As for the kernel: the right is asked only of thresholds below
	 * the floor (capable() audits its refusals). */
	rc = rv_counter_refusal(cmd, &a, !rv_counter_overflows_often(cmd, &a) || perfmon_capable());
	if (rc)
		return rc;
	/* Others may read the owner's counts, not change them (nor time the
	 * path: RV_IOC_NOP is the others' path, with this check). */
	if (cmd != RV_IOC_READ && !owner_here(f))
		return -EPERM;
	switch (cmd) {
	case RV_IOC_START:
		c.kind = CALL_START;
		break;
	case RV_IOC_STOP:
		c.kind = CALL_STOP;
		break;
	case RV_IOC_READ:
		c.kind = CALL_READ;
		break;
	case RV_IOC_RELEASE:
		c.kind = CALL_RELEASE;
		break;
	case RV_IOC_USER_ACCESS:
		c.kind = CALL_USER;
		break;
	case RV_IOC_OVERFLOW:
		if (!rv_kmod_overflow_hooked())
			return -EOPNOTSUPP;
		c.kind = CALL_ARM;
		break;
	default:
		c.kind = CALL_NOP;
		break;
	}
	mutex_lock(&f->lock);
	s = &f->slots[a.slot];
	if (!s->used) {
		rc = -EBADSLT;
		goto out;
	}
	if (c.kind == CALL_ARM && (s->counter.firmware || s->counter.index <= 2)) {
		rc = -EOPNOTSUPP; /* no OF bit: firmware, or cycle/instret without Smcntrpmf */
		goto out;
	}
	c.slot = s;
	c.counter = &s->counter;
	c.value = a.value;
	rc = c.kind == CALL_RELEASE ? give_back(s) : call_on(s->cpu, &c);
	if (rc == 0 && c.kind == CALL_RELEASE)
		forget(s);
	if (rc == 0 && c.kind == CALL_READ) {
		a.value = c.value;
		rc = copy_to_user(arg, &a, sizeof a) ? -EFAULT : 0;
	}
out:
	mutex_unlock(&f->lock);
	return rc;
}

static long rv_ioctl(struct file *file, unsigned cmd, unsigned long arg)
{
	struct rv_file *f = file->private_data;
	void __user *uarg = (void __user *)arg;
	switch (cmd) {
	case RV_IOC_INFO: {
		int cpu = get_cpu();
		const struct rv_pmu *pmu = per_cpu_ptr(&hart_pmu, cpu);
		struct rv_abi_info info = {.abi_version = RV_ABI_VERSION,
		                           .delegation = pmu->delegation,
		                           .delegated = pmu->delegated,
		                           .sbi_counters = (__u32)pmu->sbi_counters,
		                           .overflow = rv_kmod_overflow_hooked()};
		put_cpu();
		return copy_to_user(uarg, &info, sizeof info) ? -EFAULT : 0;
	}
	case RV_IOC_OBTAIN:
		return do_obtain(f, uarg);
	case RV_IOC_START:
	case RV_IOC_STOP:
	case RV_IOC_READ:
	case RV_IOC_RELEASE:
	case RV_IOC_USER_ACCESS:
	case RV_IOC_NOP:
	case RV_IOC_OVERFLOW:
		return do_counter(f, cmd, uarg);
	case RV_IOC_OVERFLOWED: {
		struct rv_abi_counter a = {.value = xchg(&f->overflowed, 0)};
		return copy_to_user(uarg, &a, sizeof a) ? -EFAULT : 0;
	}
	default:
		return -ENOTTY;
	}
}

static int rv_open(struct inode *inode, struct file *file)
{
	struct rv_file *f = kzalloc(sizeof *f, GFP_KERNEL);
	(void)inode;
	if (!f)
		return -ENOMEM;
	mutex_init(&f->lock);
	for (unsigned i = 0; i < RV_ABI_SLOTS; i++) {
		f->slots[i].file = f;
		f->slots[i].bit = 1ul << i;
	}
	if (own(f)) {
		kfree(f);
		return -ENOMEM;
	}
	file->private_data = f;
	atomic_inc(&live_files);
	return 0;
}

/* The last close gives every counter still held back to the SBI PMU and
 * closes it to user reads. */
static int rv_release(struct inode *inode, struct file *file)
{
	struct rv_file *f = file->private_data;
	unsigned i;
	(void)inode;
	disown(f);
	for (i = 0; i < RV_ABI_SLOTS; i++) {
		if (!f->slots[i].used)
			continue;
		give_back(&f->slots[i]);
		forget(&f->slots[i]);
	}
	fasync_helper(-1, file, 0, &f->fasync);
	mutex_destroy(&f->lock);
	kfree(f);
	atomic_dec(&live_files);
	return 0;
}

/* O_ASYNC: the overflow signal (rv_abi.h). */
static int rv_fasync(int fd, struct file *file, int on)
{
	struct rv_file *f = file->private_data;
	return fasync_helper(fd, file, on, &f->fasync);
}

static const struct file_operations rv_fops = {
    .owner = THIS_MODULE,
    .open = rv_open,
    .release = rv_release,
    .fasync = rv_fasync,
    .unlocked_ioctl = rv_ioctl,
    .compat_ioctl = compat_ptr_ioctl,
};

static struct miscdevice rv_device = {
    .minor = MISC_DYNAMIC_MINOR,
    .name = "papillon_riscv",
    .fops = &rv_fops,
    .mode = 0666,
};

static int __init rv_init(void)
{
	int cpu, rc;
	cpus_read_lock();
	on_each_cpu(probe_hart, NULL, 1);
	for_each_online_cpu(cpu)
	{
		const struct rv_pmu *pmu = per_cpu_ptr(&hart_pmu, cpu);
		if (per_cpu(hart_probe_status, cpu) != RV_PMU_OK) {
			cpus_read_unlock();
			pr_info("papillon_riscv: hart %d: no SBI PMU (error %ld)\n", cpu,
			        pmu->sbi_error);
			return -ENODEV;
		}
		pr_info(
		    "papillon_riscv: hart %d: %lu SBI counters, delegation %s (counters 0x%08x)\n",
		    cpu, pmu->sbi_counters, pmu->delegation ? "on" : "off", pmu->delegated);
	}
	cpus_read_unlock();
	rv_kmod_overflow_start();
	preempt_notifier_inc();
	rc = misc_register(&rv_device);
	if (rc) {
		preempt_notifier_dec();
		rv_kmod_overflow_stop();
	}
	return rc;
}

static void __exit rv_exit(void)
{
	misc_deregister(&rv_device);
	preempt_notifier_dec();
	rv_kmod_overflow_stop();
}

module_init(rv_init);
module_exit(rv_exit);
MODULE_LICENSE("Dual BSD/GPL");
MODULE_DESCRIPTION("Papillon: RISC-V counters through counter delegation (Smcdeleg/Ssccfg) or SBI");
