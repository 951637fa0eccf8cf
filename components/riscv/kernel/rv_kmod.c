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
 * (../rv_switch.h; doc/riscv.md, "Per-task counters"). Each counter is
 * obtained with the same index on every online hart, and its count moves
 * with the owner: saved when it leaves a hart, written into the next
 * hart's counter (doc/riscv.md, "Many harts"). A hart that goes offline
 * gives its counters back; one that comes online gets them (CPU hotplug
 * callbacks). The overflow interrupt and its throttling are
 * rv_kmod_overflow.c. */
#include <linux/capability.h>
#include <linux/cpu.h>
#include <linux/cpuhotplug.h>
#include <linux/list.h>
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
/* The open files, for the hotplug callbacks (lock order: the CPUs, then
 * files_lock, then a file's lock, then held_lock). */
static LIST_HEAD(files);
static DEFINE_MUTEX(files_lock);
static enum cpuhp_state hotplug_state;

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
	/* A slot holds its counter on every hart: the most any hart holds
	 * (0 only when no hart holds any). */
	mutex_lock(&held_lock);
	for_each_possible_cpu(cpu)
	{
		held = max(held, (int)hweight64(per_cpu(hart_counters_held, cpu)));
	}
	mutex_unlock(&held_lock);
	return sysfs_emit(buf, "%d\n", held);
}

static const struct kernel_param_ops files_ops = {.get = show_files};
static const struct kernel_param_ops counters_held_ops = {.get = show_counters_held};
module_param_cb(files, &files_ops, NULL, 0444);
MODULE_PARM_DESC(files, "open files of /dev/papillon_riscv (the module's allocations)");
module_param_cb(counters_held, &counters_held_ops, NULL, 0444);
MODULE_PARM_DESC(counters_held, "SBI counters held by open files, on the hart that holds most");

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
	CALL_ARM,
	CALL_OBTAIN_SAME
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
	case CALL_OBTAIN_SAME:
		c->status = rv_counter_obtain_same(pmu, c->request, (unsigned)c->value, c->counter);
		break;
	case CALL_START: {
		struct slot *s = c->slot;
		int status = rv_counter_start(pmu, c->counter, c->value);
		s->started = status == RV_PMU_OK;
		s->carried = s->carried || s->started;
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
			c->slot->carried = false;
		}
		/* Every hart's table may name the slot (it was armed where
		 * its owner ran): each release clears its own hart's. */
		if (c->slot && rv_kmod_armed_here()[c->counter->index] == c->slot) {
			rv_kmod_armed_here()[c->counter->index] = NULL;
			rv_kmod_unhold(c->counter->index);
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

/* The owner comes in on a hart other than the one its slot's count lives
 * on: the count goes to this hart's counter (started if it ran when the
 * owner left), which becomes the slot's; a hart without the counter
 * (it came online with that index taken) counts nothing: lost. */
static void arrive(struct rv_pmu *pmu, struct slot *s, bool user_read, int cpu)
{
	if (!cpumask_test_cpu(cpu, &s->harts)) {
		s->lost = s->lost || s->carried;
		return;
	}
	if (s->carried)
		rv_task_arrive(pmu, &s->counter, s->count, user_read, s->paused);
	else if (user_read)
		rv_counter_user_access(pmu, &s->counter, true);
	/* Its overflow interrupt is now this hart's to take, or no one's
	 * (disarmed on another hart since it was here). The index is the
	 * slot's on every hart: no other slot's entry is touched. */
	rv_kmod_armed_here()[s->counter.index] = s->armed.threshold ? s : NULL;
	s->paused = false;
	WRITE_ONCE(s->stranded, false);
	WRITE_ONCE(s->cpu, cpu);
}

/* Per-task counters: the owner's context switches. The notifiers run on
 * the owner's hart with preemption off; sched_out with interrupts off too,
 * sched_in with them on (they are turned off here: the driver reads,
 * changes and writes back siselect and scountinhibit, as the overflow
 * interrupt does). Out saves the count of a counter the owner started, in
 * on another hart carries it there (arrive). */
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
		if (in && (s->cpu != cpu || s->stranded)) {
			arrive(pmu, s, user_read & s->bit, cpu);
		} else if (s->cpu != cpu || !cpumask_test_cpu(cpu, &s->harts)) {
			continue; /* not counting here (lost) */
		} else if (in) {
			rv_task_switch_in(pmu, &s->counter, user_read & s->bit, s->paused);
			s->paused = false;
		} else {
			rv_task_switch_out(pmu, &s->counter, s->started, user_read & s->bit,
			                   &s->paused);
			if (s->carried)
				rv_task_save(pmu, &s->counter, &s->count);
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

/* The counter of the same index as counter on every other online hart
 * (the CPUs held, held_lock taken): 0, or -ENOENT with those obtained
 * left in the slot's harts for give_back_held. The kind must match: the
 * owner's csrr and the driver's calls treat it the same everywhere. */
static long obtain_on_others(struct slot *s, const struct rv_counter *counter)
{
	struct call c = {.kind = CALL_OBTAIN_SAME, .request = &s->request, .value = counter->index};
	struct rv_counter other;
	int cpu;
	for_each_online_cpu(cpu)
	{
		if (cpu == s->cpu)
			continue;
		if (per_cpu(hart_counters_held, cpu) >> counter->index & 1u)
			return -ENOENT;
		other = (struct rv_counter){0};
		c.counter = &other;
		if (call_on(cpu, &c))
			return -ENOENT;
		cpumask_set_cpu(cpu, &s->harts);
		per_cpu(hart_counters_held, cpu) |= 1ull << counter->index;
		if (other.delegated != counter->delegated || other.firmware != counter->firmware)
			return -ENOENT;
	}
	return 0;
}

/* Gives counter back on each hart of the slot's harts (held_lock taken). */
static void give_back_held(struct slot *s, struct rv_counter *counter)
{
	struct call c = {.kind = CALL_RELEASE, .counter = counter};
	int cpu;
	for_each_cpu(cpu, &s->harts)
	{
		call_on(cpu, &c);
		per_cpu(hart_counters_held, cpu) &= ~(1ull << counter->index);
	}
	cpumask_clear(&s->harts);
}

static long do_obtain(struct rv_file *f, void __user *arg)
{
	struct rv_abi_obtain o;
	struct rv_counter_request request;
	struct call c = {.kind = CALL_OBTAIN};
	struct rv_counter counter = {0};
	struct slot *s;
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
	cpus_read_lock();
	mutex_lock(&f->lock);
	for (slot = 0; slot < RV_ABI_SLOTS && f->slots[slot].used; slot++)
		;
	if (slot == RV_ABI_SLOTS) {
		rc = -ENOSPC;
		goto out;
	}
	s = &f->slots[slot];
	mutex_lock(&held_lock);
	s->cpu = get_cpu();
	held = per_cpu(hart_counters_held, s->cpu);
	allowed = (o.counters ? o.counters : ~0ull) & ~held;
	s->request = (struct rv_counter_request){.event_index = (unsigned long)o.event_index,
	                                         .event_data = (unsigned long)o.event_data,
	                                         .inhibit_flags = (unsigned long)o.inhibit_flags,
	                                         .counters = (unsigned long)o.counters};
	request = s->request;
	request.counters = (unsigned long)allowed;
	c.request = &request;
	c.counter = &counter;
	rc = -ENOENT;
	/* An index free on every online hart: each index this hart's
	 * firmware offers is asked of the others, until one has it on all. */
	while (allowed) {
		request.counters = (unsigned long)allowed;
		c.kind = CALL_OBTAIN;
		rc = call_on(s->cpu, &c);
		if (rc)
			break;
		cpumask_clear(&s->harts);
		cpumask_set_cpu(s->cpu, &s->harts);
		per_cpu(hart_counters_held, s->cpu) |= 1ull << counter.index;
		rc = obtain_on_others(s, &counter);
		if (rc == 0)
			break;
		give_back_held(s, &counter);
		allowed &= ~(1ull << counter.index);
		rc = -ENOENT;
	}
	put_cpu();
	mutex_unlock(&held_lock);
	if (rc)
		goto out;
	/* Asked for SBI: the same counter, driven as if not delegated (M-mode
	 * may always program it); the benchmark's other half. */
	if (o.flags & RV_ABI_SBI_ONLY)
		counter.delegated = false;
	s->used = true;
	s->counter = counter;
	s->started = false;
	s->paused = false;
	s->carried = false;
	s->lost = false;
	s->stranded = false;
	s->count = 0;
	/* Seen by the owner's switches once its counter is written. */
	smp_mb__before_atomic();
	ask(&f->held, s, true);
	o.slot = slot;
	o.counter = counter.index;
	o.delegated = counter.delegated;
	o.firmware = counter.firmware;
	rc = copy_to_user(arg, &o, sizeof o) ? -EFAULT : 0;
out:
	mutex_unlock(&f->lock);
	cpus_read_unlock();
	return rc;
}

/* Closes the slot's counter to user reads, then gives it back to the SBI
 * PMU: scounteren is the hart's, and a bit left set would let every
 * process read the counter's next holder. */
static int give_back(struct slot *s)
{
	struct call c = {.slot = s, .counter = &s->counter, .value = 0};
	int cpu, rc = 0;
	for_each_cpu(cpu, &s->harts)
	{
		c.kind = CALL_USER;
		if (!s->counter.firmware)
			call_on(cpu, &c);
		c.kind = CALL_RELEASE;
		rc = call_on(cpu, &c) ?: rc;
	}
	return rc;
}

/* The slot's counter is no longer held, on any hart. */
static void forget(struct slot *s)
{
	int cpu;
	mutex_lock(&held_lock);
	for_each_cpu(cpu, &s->harts)
	{
		per_cpu(hart_counters_held, cpu) &= ~(1ull << s->counter.index);
	}
	cpumask_clear(&s->harts);
	mutex_unlock(&held_lock);
	s->used = false;
}

/* The owner's calls run on its own hart, where its slots' counts live
 * (its switch in put them there; it cannot leave while preemption is
 * off). Another task's read goes to the hart the count lives on; if that
 * hart went offline, the count saved when the owner left it is the
 * count. A count that missed the owner's time on a hart without the
 * counter is refused (EIO), never given short. */
static long call_here_or_where_counting(struct slot *s, struct call *c)
{
	long rc;
	int cpu;
	if (READ_ONCE(s->lost) && c->kind == CALL_READ)
		return -EIO;
	if (!owner_here(s->file)) {
		cpu = READ_ONCE(s->cpu);
		if (c->kind == CALL_READ && READ_ONCE(s->stranded)) {
			c->value = READ_ONCE(s->count);
			return 0;
		}
		return call_on(cpu, c);
	}
	cpu = get_cpu();
	/* A slot obtained as the owner moved, before its switches saw it:
	 * nothing to carry yet (never started), it is this hart's now. */
	if (s->cpu != cpu && !s->carried)
		WRITE_ONCE(s->cpu, cpu);
	rc = cpumask_test_cpu(cpu, &s->harts) ? call_on(cpu, c) : -EIO;
	put_cpu();
	return rc;
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
	cpus_read_lock();
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
	if (c.kind == CALL_RELEASE)
		rc = give_back(s);
	else
		rc = call_here_or_where_counting(s, &c);
	if (rc == 0 && c.kind == CALL_RELEASE)
		forget(s);
	if (rc == 0 && c.kind == CALL_READ) {
		a.value = c.value;
		rc = copy_to_user(arg, &a, sizeof a) ? -EFAULT : 0;
	}
out:
	mutex_unlock(&f->lock);
	cpus_read_unlock();
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
	mutex_lock(&files_lock);
	list_add(&f->link, &files);
	mutex_unlock(&files_lock);
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
	cpus_read_lock();
	mutex_lock(&files_lock);
	list_del(&f->link);
	mutex_unlock(&files_lock);
	for (i = 0; i < RV_ABI_SLOTS; i++) {
		if (!f->slots[i].used)
			continue;
		give_back(&f->slots[i]);
		forget(&f->slots[i]);
	}
	cpus_read_unlock();
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

/* CPU hotplug, on the hart itself (CPUHP_AP_ONLINE_DYN), with the CPUs
 * held. Online: the hart is probed, and every open file's slot gets its
 * counter of the same index there (a slot whose index firmware does not
 * give there goes without: its owner's count is lost if it runs there).
 * The driver's calls with interrupts off, as everywhere. */
static int hart_online(unsigned int cpu)
{
	struct rv_pmu *pmu = this_cpu_ptr(&hart_pmu);
	struct rv_file *f;
	unsigned long flags;
	unsigned i;
	local_irq_save(flags);
	probe_hart(NULL);
	local_irq_restore(flags);
	if (per_cpu(hart_probe_status, cpu) != RV_PMU_OK) {
		pr_info("papillon_riscv: hart %u online: no SBI PMU (error %ld)\n", cpu,
		        pmu->sbi_error);
		return 0;
	}
	mutex_lock(&files_lock);
	list_for_each_entry(f, &files, link)
	{
		mutex_lock(&f->lock);
		mutex_lock(&held_lock);
		for (i = 0; i < RV_ABI_SLOTS; i++) {
			struct slot *s = &f->slots[i];
			struct rv_counter counter = {0};
			int status;
			if (!s->used || cpumask_test_cpu(cpu, &s->harts) ||
			    (per_cpu(hart_counters_held, cpu) >> s->counter.index & 1u))
				continue;
			local_irq_save(flags);
			status =
			    rv_counter_obtain_same(pmu, &s->request, s->counter.index, &counter);
			local_irq_restore(flags);
			if (status != RV_PMU_OK)
				continue;
			cpumask_set_cpu(cpu, &s->harts);
			per_cpu(hart_counters_held, cpu) |= 1ull << counter.index;
		}
		mutex_unlock(&held_lock);
		mutex_unlock(&f->lock);
	}
	mutex_unlock(&files_lock);
	return 0;
}

/* A slot whose count lives on a hart going offline: the count saved at
 * the owner's switch out is all of it, and wherever the owner runs next
 * (this hart too, once back) gets it (arrive). Under the owner's lock,
 * against its switches. */
static void strand(struct rv_file *f, struct slot *s, int cpu)
{
	struct rv_owner *o;
	unsigned long flags;
	rcu_read_lock();
	o = READ_ONCE(f->owner);
	if (o)
		raw_spin_lock_irqsave(&o->lock, flags);
	if (s->cpu == cpu)
		WRITE_ONCE(s->stranded, true);
	if (o)
		raw_spin_unlock_irqrestore(&o->lock, flags);
	rcu_read_unlock();
}

/* Offline: the scheduler has moved every task off the hart (its owner's
 * switch out saved each count), so each counter it holds for a file is
 * closed and given back; the owners count on wherever they run next. */
static int hart_offline(unsigned int cpu)
{
	struct rv_pmu *pmu = this_cpu_ptr(&hart_pmu);
	struct rv_file *f;
	unsigned long flags;
	unsigned i;
	mutex_lock(&files_lock);
	list_for_each_entry(f, &files, link)
	{
		mutex_lock(&f->lock);
		mutex_lock(&held_lock);
		for (i = 0; i < RV_ABI_SLOTS; i++) {
			struct slot *s = &f->slots[i];
			if (!s->used || !cpumask_test_cpu(cpu, &s->harts))
				continue;
			strand(f, s, cpu);
			local_irq_save(flags);
			if (rv_kmod_armed_here()[s->counter.index] == s) {
				rv_kmod_armed_here()[s->counter.index] = NULL;
				rv_kmod_unhold(s->counter.index);
			}
			rv_task_hart_leaving(pmu, &s->counter);
			local_irq_restore(flags);
			cpumask_clear_cpu(cpu, &s->harts);
			per_cpu(hart_counters_held, cpu) &= ~(1ull << s->counter.index);
		}
		mutex_unlock(&held_lock);
		mutex_unlock(&f->lock);
	}
	mutex_unlock(&files_lock);
	return 0;
}

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
	/* Before the CPUs are let go: no hart comes or goes unseen. */
	rc = cpuhp_setup_state_nocalls_cpuslocked(CPUHP_AP_ONLINE_DYN, "papillon_riscv:online",
	                                          hart_online, hart_offline);
	cpus_read_unlock();
	if (rc < 0)
		return rc;
	hotplug_state = rc;
	rv_kmod_overflow_start();
	preempt_notifier_inc();
	rc = misc_register(&rv_device);
	if (rc) {
		preempt_notifier_dec();
		rv_kmod_overflow_stop();
		cpuhp_remove_state_nocalls(hotplug_state);
	}
	return rc;
}

static void __exit rv_exit(void)
{
	misc_deregister(&rv_device);
	cpuhp_remove_state_nocalls(hotplug_state);
	preempt_notifier_dec();
	rv_kmod_overflow_stop();
}

module_init(rv_init);
module_exit(rv_exit);
MODULE_LICENSE("Dual BSD/GPL");
MODULE_DESCRIPTION("Papillon: RISC-V counters through counter delegation (Smcdeleg/Ssccfg) or SBI");
