// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/* A virtual counter belongs to one thread, its owner. Its state (the
 * driver's struct perfctr_x86_state) lives at the start of one page, which
 * the owner maps read-only to read its sums with rdtsc/rdpmc. The owner's
 * preempt notifier suspends the counters when the thread is switched out
 * and resumes them when it comes back, on whichever CPU.
 *
 * Only the owner changes the counters (CONTROL, UNLINK, IRESUME), with
 * preemption off so that no switch comes in the middle; any holder of the
 * file may read the sums and the control. The notifier can only be taken
 * off by the owner itself (the kernel walks that list unlocked): when the
 * last file goes away elsewhere, the owner is asked to do it on its way
 * back to user space, or, if it is exiting, its end is waited for.
 *
 * i-mode counters: their overflow interrupt is the local APIC's LVTPC
 * entry, which perf programs to deliver an NMI; the module's handler on
 * the NMI chain (beside perf's, which ignores it while perf has no event)
 * takes the overflow of the state running on its CPU (x86_imode.c: every
 * counter suspended, the TSC alone going on) and queues an irq_work that
 * sends the owner the control's signal with si_code SI_PMC_OVF and the
 * overflowed counters' mask (vperfctr_overflow.c; the state both files
 * see: vperfctr_state.h). VPERFCTR_IRESUME restarts them. Under the
 * module's test_inject=1, a root-only debugfs file runs the same handling
 * with a chosen mask on the writer's counters (perfctr_inject.c). Each
 * overflow taken counts in its CPU's budget; once a window's budget is
 * spent, the owner's re-arm waits for a later window (vperfctr_throttle.c).
 *
 * UNLINK stops counting for good: by the owner, or by its ptracer while it
 * is stopped (perfctr 2.6's rule). An exec keeps the counters counting
 * unless the control has VPERFCTR_CONTROL_CLOEXEC (perfctr 2.6): the
 * owner's files are close-on-exec, and the close after an exec (in the
 * owner's context, self_exec_id changed) applies the rule; counters that
 * survive hold a reference of their own until the new program unlinks
 * them or the owner's last switch (TASK_DEAD), when a work frees them. */
#include <linux/anon_inodes.h>
#include <linux/capability.h>
#include <linux/irq_work.h>
#include <linux/percpu.h>
#include <linux/sched/signal.h>
#include <linux/signal.h>
#include <linux/delay.h>
#include <linux/file.h>
#include <linux/fs.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/preempt.h>
#include <linux/sched.h>
#include <linux/sched/task.h>
#include <linux/slab.h>
#include <linux/task_work.h>
#include <linux/uaccess.h>
#include <linux/version.h>
#include <linux/workqueue.h>
#include <asm/apic.h>
#include <asm/nmi.h>
#include <asm/tlbflush.h>

#include "kpriv_check.h"
#include "perfctr_imode_floor.h"
#include "perfctr_module.h"
#include "perfctr_reserve.h"
#include "perfctr_structbuf.h"
#include "vperfctr.h"
#include "vperfctr_state.h"
#include "vperfctr_throttle.h"
#include "x86_privilege.h"

/* The attached virtual counters, one per thread at most. */
static DEFINE_MUTEX(vperfctr_list_lock);
static LIST_HEAD(vperfctr_list);

/* perfctr 2.6's rule for another thread's counters: the caller ptraces it
 * and it is stopped in a ptrace stop (so it is switched out, its counters
 * suspended). */
static bool monitors_stopped(struct task_struct *task)
{
	bool ok;

	rcu_read_lock();
	ok = task->ptrace && rcu_dereference(task->parent) == current && task_is_traced(task);
	rcu_read_unlock();
	return ok;
}

/* A thread that has just entered a ptrace stop may still be on its way off
 * its CPU (its tracer, woken by the stop, runs on another CPU): its
 * counters are suspended, their sums final, only once its switch-out has
 * run. Its tracer waits for that before it reads or changes them. */
static void wait_stopped_switched_out(struct vperfctr *v)
{
	while (smp_load_acquire(&v->running) && monitors_stopped(v->owner))
		usleep_range(20, 100);
}

static u32 nrctrs_of(const struct vperfctr *v)
{
	return perfctr_cstatus_nrctrs(v->state->user.cstatus);
}

/* The counters its control holds (reserved), suspended after an overflow
 * or not. */
static u32 control_ctrs_of(const struct vperfctr *v)
{
	return v->state->user.cstatus || v->iresume_cstatus
	           ? v->state->control.nractrs + v->state->control.nrictrs
	           : 0;
}

/* rdpmc from user space needs CR4.PCE; perf sets it per mm at each mm
 * switch, so it is set here after the switch and cleared when leaving. */
static void set_user_rdpmc(bool allowed)
{
	unsigned long flags;

	if (!(perfctr_cpu.features & PERFCTR_FEATURE_RDPMC))
		return;
	local_irq_save(flags);
	if (allowed)
		cr4_update_irqsoff(X86_CR4_PCE, 0);
	else
		cr4_update_irqsoff(0, X86_CR4_PCE);
	local_irq_restore(flags);
}

/* Preemption off. A control with no counter touches no register (its
 * counters may be perf's): only the TSC's start is taken. */
static void vperfctr_resume_here(struct vperfctr *v)
{
	struct perfctr_x86_state *state = v->state;

	/* An overflow taken while switching out: its signal goes now. */
	if (unlikely(READ_ONCE(v->pending_mask)))
		irq_work_queue(&v->signal_work);
	if (!state->user.cstatus || v->unlinked)
		return;
	if (nrctrs_of(v) == 0) {
		state->user.tsc_start = (u32)rdtsc();
		v->running = true;
		return;
	}
	if (perfctr_x86_resume(&perfctr_cpu, perfctr_this_cpu_cache(), state,
	                       perfctr_forbidden_mask64()) == 0) {
		v->running = true;
		v->user_rdpmc = true;
		set_user_rdpmc(true);
		if (perfctr_cstatus_has_ictrs(state->user.cstatus))
			this_cpu_write(vperfctr_imode_here, v);
	}
}

static void vperfctr_suspend_here(struct vperfctr *v)
{
	if (!v->running)
		return;
	/* No NMI takes the state while it changes here. */
	this_cpu_write(vperfctr_imode_here, NULL);
	barrier();
	/* An overflow whose interrupt has not come yet is taken here. */
	if (nrctrs_of(v) == 0 || !vperfctr_take_overflow(v)) {
		if (nrctrs_of(v) == 0)
			perfctr_x86_sample(&perfctr_cpu, v->state);
		else
			perfctr_x86_suspend(&perfctr_cpu, perfctr_this_cpu_cache(), v->state);
	}
	if (v->user_rdpmc) {
		set_user_rdpmc(false);
		v->user_rdpmc = false;
	}
	/* The sums are final before a tracer on another CPU sees this. */
	smp_store_release(&v->running, false);
}

static void vperfctr_sched_in(struct preempt_notifier *notifier, int cpu)
{
	vperfctr_resume_here(container_of(notifier, struct vperfctr, notifier));
}

static void vperfctr_sched_out(struct preempt_notifier *notifier, struct task_struct *next)
{
	struct vperfctr *v = container_of(notifier, struct vperfctr, notifier);

	vperfctr_suspend_here(v);
	/* Counters that survived an exec have no file the owner's exit would
	 * close: its last switch frees them (irq_work: the runqueue is locked
	 * here). */
	if (unlikely(READ_ONCE(v->survivor)) && READ_ONCE(current->__state) == TASK_DEAD)
		irq_work_queue(&v->reap_irq);
}

static struct preempt_ops vperfctr_preempt_ops = {
    .sched_in = vperfctr_sched_in,
    .sched_out = vperfctr_sched_out,
};

/* By the owner only: stops counting for good (the sums stay readable). */
static void vperfctr_detach_self(struct vperfctr *v)
{
	if (!v->attached)
		return;
	preempt_disable();
	vperfctr_suspend_here(v);
	preempt_notifier_unregister(&v->notifier);
	preempt_enable();
	preempt_notifier_dec();
	v->attached = false;
	mutex_lock(&vperfctr_list_lock);
	list_del_init(&v->link);
	mutex_unlock(&vperfctr_list_lock);
}

static void vperfctr_free(struct vperfctr *v)
{
	irq_work_sync(&v->signal_work);
	irq_work_sync(&v->reap_irq);
	if (v->reserved)
		perfctr_unreserve(&v->state->program, control_ctrs_of(v), false);
	put_page(v->page); /* a mapping keeps its own reference */
	put_task_struct(v->owner);
	kfree(v);
}

static void vperfctr_detach_work(struct callback_head *work)
{
	struct vperfctr *v = container_of(work, struct vperfctr, detach_work);

	vperfctr_detach_self(v);
	vperfctr_free(v);
	/* Taken when this work was queued: the code here must stay. */
	module_put(THIS_MODULE);
}

/* The owner is past running task work: it only has its last switches to
 * make. Wait until it has made them, then nobody walks its notifiers. */
static void vperfctr_wait_owner_dead(struct vperfctr *v)
{
	while (READ_ONCE(v->owner->__state) != TASK_DEAD || READ_ONCE(v->owner->on_cpu))
		msleep(1);
	preempt_notifier_dec();
	v->attached = false;
	mutex_lock(&vperfctr_list_lock);
	list_del_init(&v->link);
	mutex_unlock(&vperfctr_list_lock);
}

static void vperfctr_put(struct vperfctr *v)
{
	if (!refcount_dec_and_test(&v->files))
		return;
	if (v->attached && current != v->owner) {
		init_task_work(&v->detach_work, vperfctr_detach_work);
		__module_get(THIS_MODULE);
		if (task_work_add(v->owner, &v->detach_work, TWA_RESUME) == 0)
			return;
		module_put(THIS_MODULE);
		vperfctr_wait_owner_dead(v);
	}
	vperfctr_detach_self(v);
	vperfctr_free(v);
}

/* The survivor's references, given back by an unlink (the caller holds a
 * file: not the last reference). */
static void vperfctr_drop_survivor(struct vperfctr *v)
{
	if (!xchg(&v->survivor, false))
		return;
	refcount_dec(&v->files);
	module_put(THIS_MODULE);
}

static void vperfctr_reap(struct work_struct *work)
{
	struct vperfctr *v = container_of(work, struct vperfctr, reap_work);

	if (v->attached)
		vperfctr_wait_owner_dead(v);
	WRITE_ONCE(v->survivor, false);
	if (refcount_dec_and_test(&v->files))
		vperfctr_free(v);
	/* Taken when the counters survived the exec: the code here must stay. */
	module_put(THIS_MODULE);
}

static void vperfctr_reap_irq(struct irq_work *work)
{
	schedule_work(&container_of(work, struct vperfctr, reap_irq)->reap_work);
}

/* By the owner, v->lock held: stops counting for good. */
static void vperfctr_unlink_self(struct vperfctr *v)
{
	vperfctr_detach_self(v);
	v->unlinked = true;
}

/* perfctr 2.6 kept the counters across an exec unless the control had
 * VPERFCTR_CONTROL_CLOEXEC; without a control there is nothing to keep. */
static bool survives_exec(const struct vperfctr *v)
{
	return v->attached && !v->unlinked && !(v->flags & VPERFCTR_CONTROL_CLOEXEC) &&
	       (v->state->user.cstatus || v->iresume_cstatus);
}

/* The owner closes one of the counters' files. They are close-on-exec, so
 * an exec closes them, and that close runs after the exec, here, in the
 * owner's context: the first one after an exec applies the rule. */
static void vperfctr_note_exec(struct vperfctr *v)
{
	u64 exec_id = READ_ONCE(current->self_exec_id);

	if (exec_id == v->exec_id)
		return;
	mutex_lock(&v->lock);
	v->exec_id = exec_id;
	if (survives_exec(v)) {
		if (!v->survivor) {
			refcount_inc(&v->files);
			__module_get(THIS_MODULE);
			WRITE_ONCE(v->survivor, true);
		}
		mutex_unlock(&v->lock);
		return;
	}
	vperfctr_unlink_self(v);
	mutex_unlock(&v->lock);
	vperfctr_drop_survivor(v);
}

static int vperfctr_release(struct inode *inode, struct file *file)
{
	struct vperfctr *v = file->private_data;

	if (current == v->owner)
		vperfctr_note_exec(v);
	vperfctr_put(v);
	return 0;
}

static int vperfctr_mmap(struct file *file, struct vm_area_struct *vma)
{
	struct vperfctr *v = file->private_data;

	if (vma->vm_pgoff != 0 || vma->vm_end - vma->vm_start != PAGE_SIZE)
		return -EINVAL;
	/* The kernel's bookkeeping: user space may only read it. */
	if (vma->vm_flags & VM_WRITE)
		return -EPERM;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 3, 0)
	vm_flags_mod(vma, VM_DONTEXPAND | VM_DONTDUMP, VM_MAYWRITE);
#else
	vma->vm_flags &= ~VM_MAYWRITE;
	vma->vm_flags |= VM_DONTEXPAND | VM_DONTDUMP;
#endif
	return vm_insert_page(vma, vma->vm_start, v->page);
}

static bool control_reserved_zero(const struct vperfctr_control *c)
{
	const struct perfctr_cpu_control *cc = &c->cpu_control;

	return !c->_reserved2 && !c->_reserved3 && !c->_reserved4 && !cc->_reserved1 &&
	       !cc->_reserved2 && !cc->_reserved3 && !cc->_reserved4;
}

struct control_scratch {
	struct perfctr_x86_state state;
	struct perfctr_x86_program program;
	struct vperfctr_control control;
};

/* Validates everything (the driver's rules included) and reserves the
 * counters before the running state is touched: a refused control leaves
 * the counters counting as they were. */
static long vperfctr_control(struct vperfctr *v, const struct perfctr_struct_buf __user *arg)
{
	struct control_scratch *s;
	struct perfctr_cpu_control *cc;
	bool had_reservation = v->reserved;
	bool local = current == v->owner && v->attached;
	u32 old_n = control_ctrs_of(v);
	long err;

	/* Another thread's counters only from its ptracer while it is stopped
	 * (then they are suspended: the new control takes effect when it runs). */
	if (v->unlinked || (!local && !monitors_stopped(v->owner)))
		return -EPERM;
	if (!local)
		wait_stopped_switched_out(v);
	s = kzalloc(sizeof(*s), GFP_KERNEL);
	if (!s)
		return -ENOMEM;
	err = perfctr_structbuf_in(&s->control, &vperfctr_control_layout, arg);
	if (err)
		goto out;
	cc = &s->control.cpu_control;
	err = -EINVAL;
	if (!control_reserved_zero(&s->control) || (s->control.flags & ~VPERFCTR_CONTROL_CLOEXEC) ||
	    s->control.preserve > 1)
		goto out;
	/* Counting the kernel (an OS bit, or a counter with no privilege
	 * filter) needs what perf asks of an event that does not exclude it
	 * (kpriv.h): before the family's rules, so that every way of asking
	 * for it is EACCES, whatever else is wrong with the control. */
	err = kpriv_check(perfctr_x86_control_needs(&perfctr_cpu, cc));
	if (err)
		goto out;
	err = -EINVAL;
	/* i-mode needs the overflow interrupt as an NMI (or, for the lab's
	 * test, the test counters, whose overflows the injection or a switch
	 * takes) and a signal to send. */
	if (cc->nrictrs && (!s->control.si_signo || !valid_signal(s->control.si_signo)))
		goto out;
	err = -EOPNOTSUPP;
	if (cc->nrictrs && !vperfctr_overflow_interrupt_here() && !perfctr_cpu.test_counters)
		goto out;
	/* An interrupt every few events only for those perf would let sample
	 * that fast (perfctr_imode_floor.h); capable() is asked only then,
	 * since it audits its refusals. */
	err = perfctr_x86_check_ireset_floor(cc, !perfctr_imode_threshold_below_floor(cc) ||
	                                             perfmon_capable());
	if (err)
		goto out;
	err = perfctr_x86_update_control(&perfctr_cpu, &s->state, cc, false, &s->program);
	if (err)
		goto out;
	/* A new i-mode control arms counters as IRESUME does: not on a CPU
	 * whose window's budget is spent (the owner's own; a ptracer's needs
	 * a ptrace stop and continue for each). */
	if (cc->nrictrs && local) {
		err = vperfctr_throttle_wait();
		if (err)
			goto out;
	}
	err = perfctr_reserve(&s->state.program, cc->nractrs + cc->nrictrs, false);
	if (err)
		goto out;

	mutex_lock(&v->lock);
	preempt_disable();
	if (local)
		vperfctr_suspend_here(v);
	if (v->running) { /* the owner runs after all: not stopped */
		preempt_enable();
		mutex_unlock(&v->lock);
		perfctr_unreserve(&s->state.program, cc->nractrs + cc->nrictrs, false);
		err = -EBUSY;
		goto out;
	}
	/* Suspended by an overflow, the old control's counters are those
	 * IRESUME would restore, not the page's TSC alone. */
	if (s->control.preserve)
		perfctr_x86_carry_sums(
		    v->state, v->iresume_cstatus ? v->iresume_cstatus : v->state->user.cstatus,
		    &s->state);
	memcpy(&s->program, &v->state->program, sizeof(s->program)); /* the old one */
	*v->state = s->state;
	v->iresume_cstatus = 0; /* an old control's overflow is not resumed */
	WRITE_ONCE(v->pending_mask, 0);
	v->reserved = cc->nractrs + cc->nrictrs != 0;
	v->si_signo = s->control.si_signo;
	v->flags = s->control.flags;
	if (local)
		vperfctr_resume_here(v);
	preempt_enable();
	mutex_unlock(&v->lock);
	if (had_reservation)
		perfctr_unreserve(&s->program, old_n, false);
	err = 0;
out:
	kfree(s);
	return err;
}

static long vperfctr_read_sum(struct vperfctr *v, struct perfctr_struct_buf __user *arg)
{
	/* Only the sums below the prefix are set and read: no zeroing. */
	struct perfctr_sum_ctrs sums __uninitialized;
	const struct perfctr_cpu_state *user = &v->state->user;
	u32 nrctrs;

	if (current != v->owner)
		wait_stopped_switched_out(v);
	mutex_lock(&v->lock);
	preempt_disable();
	/* The owner's counters run on this CPU: bring the sums up to now. */
	if (current == v->owner && v->running)
		perfctr_x86_sample(&perfctr_cpu, v->state);
	sums.tsc = user->tsc_sum;
	/* Suspended by an overflow, the control's counters still have sums. */
	nrctrs = perfctr_cstatus_nrctrs(v->iresume_cstatus ? v->iresume_cstatus : user->cstatus);
	for (u32 i = 0; i < nrctrs; i++)
		sums.pmc[i] = user->pmc[i].sum;
	preempt_enable();
	mutex_unlock(&v->lock);
	/* The sums past the counters in use (zero) are neither set nor read. */
	return perfctr_structbuf_out_prefix(
	    arg, &sums, offsetof(struct perfctr_sum_ctrs, pmc) + nrctrs * sizeof(sums.pmc[0]),
	    &perfctr_sum_ctrs_layout);
}

static long vperfctr_read_control(struct vperfctr *v, struct perfctr_struct_buf __user *arg)
{
	struct vperfctr_control control = {0};

	mutex_lock(&v->lock);
	control.si_signo = v->si_signo;
	control.flags = v->flags;
	if (v->state->user.cstatus)
		control.cpu_control = v->state->control;
	mutex_unlock(&v->lock);
	return perfctr_structbuf_out(arg, &control, &vperfctr_control_layout);
}

/* After an overflow: the counters restart (the overflowed ones from
 * ireset). -EPERM without one, or for a caller that is neither the owner
 * nor its ptracer while it is stopped. */
static long vperfctr_iresume(struct vperfctr *v)
{
	bool local = current == v->owner && v->attached;
	long err;

	if (v->unlinked || (!local && !monitors_stopped(v->owner)))
		return -EPERM;
	if (!local)
		wait_stopped_switched_out(v);
	/* The owner re-arms only where the window's budget is not spent:
	 * it sleeps meanwhile, its counters suspended by the overflow, so
	 * they miss none of its events (doc/perfctr.md, "Throttling"). */
	if (local && perfctr_cstatus_has_ictrs(READ_ONCE(v->iresume_cstatus))) {
		err = vperfctr_throttle_wait();
		if (err)
			return err;
	}
	mutex_lock(&v->lock);
	preempt_disable();
	if (local)
		vperfctr_suspend_here(v);
	err = v->running ? -EBUSY : perfctr_x86_iresume(v->state, &v->iresume_cstatus);
	if (local)
		vperfctr_resume_here(v);
	preempt_enable();
	mutex_unlock(&v->lock);
	return err;
}

/* Stops counting for good (the sums stay readable): by the owner, or by
 * its ptracer while it is in a ptrace stop (perfctr 2.6), its counters then
 * suspended. Only the owner can take its notifier off: after the
 * ptracer's unlink the notifier stays, inert (unlinked counters are never
 * resumed), until the owner's detach (its last close, or the task work of
 * another's). Either way the thread has no counters any more: a new CREAT
 * for it succeeds. */
static long vperfctr_unlink(struct vperfctr *v)
{
	bool local = current == v->owner;
	long err = 0;

	if (!local && !monitors_stopped(v->owner))
		return -EPERM;
	if (!local)
		wait_stopped_switched_out(v);
	mutex_lock(&v->lock);
	if (local)
		vperfctr_unlink_self(v);
	else if (v->running) /* the owner runs after all: not stopped */
		err = -EBUSY;
	else
		v->unlinked = true;
	mutex_unlock(&v->lock);
	if (err)
		return err;
	mutex_lock(&vperfctr_list_lock);
	list_del_init(&v->link);
	mutex_unlock(&vperfctr_list_lock);
	vperfctr_drop_survivor(v);
	return 0;
}

static long vperfctr_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct vperfctr *v = file->private_data;
	void __user *uarg = (void __user *)arg;

	switch (cmd) {
	case VPERFCTR_CONTROL:
		return vperfctr_control(v, uarg);
	case VPERFCTR_READ_SUM:
		return vperfctr_read_sum(v, uarg);
	case VPERFCTR_READ_CONTROL:
		return vperfctr_read_control(v, uarg);
	case VPERFCTR_UNLINK:
		return vperfctr_unlink(v);
	case VPERFCTR_IRESUME:
		return vperfctr_iresume(v);
	default:
		return -ENOTTY;
	}
}

static const struct file_operations vperfctr_fops = {
    .owner = THIS_MODULE,
    .release = vperfctr_release,
    .mmap = vperfctr_mmap,
    .unlocked_ioctl = vperfctr_ioctl,
    .compat_ioctl = compat_ptr_ioctl,
    .llseek = noop_llseek,
};

static struct vperfctr *vperfctr_find(const struct task_struct *task)
{
	struct vperfctr *v;

	list_for_each_entry(v, &vperfctr_list, link) if (v->owner == task) return v;
	return NULL;
}

static long vperfctr_new_fd(struct vperfctr *v)
{
	return anon_inode_getfd("[vperfctr]", &vperfctr_fops, v, O_RDWR | O_CLOEXEC);
}

/* The thread whose counters tid names, with a reference: the caller, or
 * (perfctr 2.6's rule) a thread the caller ptraces that is stopped in a
 * ptrace stop; ERR_PTR(-ESRCH) for no such thread, -EPERM for another. */
static struct task_struct *target_of(unsigned long tid)
{
	struct task_struct *task;

	if (tid == 0 || tid == (unsigned long)task_pid_vnr(current))
		return get_task_struct(current);
	if (tid > INT_MAX)
		return ERR_PTR(-ESRCH);
	rcu_read_lock();
	task = get_pid_task(find_vpid((int)tid), PIDTYPE_PID);
	rcu_read_unlock();
	if (!task)
		return ERR_PTR(-ESRCH);
	if (!monitors_stopped(task)) {
		put_task_struct(task);
		return ERR_PTR(-EPERM);
	}
	return task;
}

/* In the new owner's own context, before it returns to user space: its
 * counters follow it from now on (only it may register its notifier). */
static void vperfctr_attach_work(struct callback_head *work)
{
	struct vperfctr *v = container_of(work, struct vperfctr, attach_work);

	if ((current->flags & PF_EXITING) || READ_ONCE(v->unlinked)) {
		mutex_lock(&vperfctr_list_lock);
		list_del_init(&v->link);
		mutex_unlock(&vperfctr_list_lock);
	} else {
		preempt_notifier_inc();
		preempt_notifier_init(&v->notifier, &vperfctr_preempt_ops);
		mutex_lock(&v->lock);
		preempt_disable();
		preempt_notifier_register(&v->notifier);
		v->attached = true;
		vperfctr_resume_here(v);
		preempt_enable();
		mutex_unlock(&v->lock);
	}
	vperfctr_put(v); /* the reference the work held */
	module_put(THIS_MODULE);
}

long vperfctr_create(unsigned long tid)
{
	struct vperfctr *v;
	long fd;

	struct task_struct *owner;

	BUILD_BUG_ON(sizeof(struct perfctr_x86_state) > PAGE_SIZE);
	owner = target_of(tid);
	if (IS_ERR(owner))
		return PTR_ERR(owner);
	v = kzalloc(sizeof(*v), GFP_KERNEL);
	if (!v) {
		put_task_struct(owner);
		return -ENOMEM;
	}
	v->page = alloc_page(GFP_KERNEL | __GFP_ZERO);
	if (!v->page) {
		put_task_struct(owner);
		kfree(v);
		return -ENOMEM;
	}
	v->state = page_address(v->page);
	refcount_set(&v->files, 1);
	mutex_init(&v->lock);
	init_irq_work(&v->signal_work, vperfctr_send_signal);
	init_irq_work(&v->reap_irq, vperfctr_reap_irq);
	INIT_WORK(&v->reap_work, vperfctr_reap);
	INIT_LIST_HEAD(&v->link);
	v->owner = owner;
	v->exec_id = READ_ONCE(owner->self_exec_id);

	mutex_lock(&vperfctr_list_lock);
	if (vperfctr_find(owner)) {
		mutex_unlock(&vperfctr_list_lock);
		vperfctr_free(v);
		return -EEXIST;
	}
	if (owner != current) {
		/* Listed now (a second CREAT is -EEXIST); the owner registers its
		 * notifier itself, when it next returns to user space. The work
		 * holds a reference to v and one to the module. */
		list_add(&v->link, &vperfctr_list);
		refcount_inc(&v->files);
		__module_get(THIS_MODULE);
		init_task_work(&v->attach_work, vperfctr_attach_work);
		if (task_work_add(owner, &v->attach_work, TWA_RESUME)) {
			list_del_init(&v->link);
			mutex_unlock(&vperfctr_list_lock);
			module_put(THIS_MODULE);
			vperfctr_free(v);
			return -ESRCH; /* exiting */
		}
		mutex_unlock(&vperfctr_list_lock);
		fd = vperfctr_new_fd(v);
		if (fd < 0)
			vperfctr_put(v);
		return fd;
	}
	/* Attached before the file exists: once it has a descriptor, another
	 * thread may close it at once. */
	list_add(&v->link, &vperfctr_list);
	preempt_notifier_inc();
	preempt_notifier_init(&v->notifier, &vperfctr_preempt_ops);
	preempt_disable();
	preempt_notifier_register(&v->notifier);
	preempt_enable();
	v->attached = true;
	mutex_unlock(&vperfctr_list_lock);
	fd = vperfctr_new_fd(v);
	if (fd < 0)
		vperfctr_put(v);
	return fd;
}

long vperfctr_open(unsigned long tid)
{
	struct task_struct *owner = target_of(tid);
	struct vperfctr *v;
	long fd;

	if (IS_ERR(owner))
		return PTR_ERR(owner);
	mutex_lock(&vperfctr_list_lock);
	v = vperfctr_find(owner);
	put_task_struct(owner);
	if (!v) {
		mutex_unlock(&vperfctr_list_lock);
		return -ENOENT;
	}
	refcount_inc(&v->files);
	fd = vperfctr_new_fd(v);
	mutex_unlock(&vperfctr_list_lock);
	if (fd < 0)
		vperfctr_put(v);
	return fd;
}

long vperfctr_inject_overflow(u32 mask)
{
	struct vperfctr *v;
	long err = -EINVAL;

	/* The caller's own counters: only its own exit or detach work (which
	 * cannot run during this call) frees them. */
	mutex_lock(&vperfctr_list_lock);
	v = vperfctr_find(current);
	mutex_unlock(&vperfctr_list_lock);
	if (!v)
		return -ENOENT;
	mutex_lock(&v->lock);
	preempt_disable();
	if (v->running) {
		/* As the NMI handler: no interrupt may take the state meanwhile. */
		this_cpu_write(vperfctr_imode_here, NULL);
		barrier();
		err = perfctr_x86_imode_take(&perfctr_cpu, perfctr_this_cpu_cache(), v->state, mask,
		                             &v->iresume_cstatus);
		if (!err) {
			vperfctr_throttle_overflow();
			vperfctr_queue_signal(v, mask);
		} else if (perfctr_cstatus_has_ictrs(v->state->user.cstatus))
			this_cpu_write(vperfctr_imode_here, v);
	}
	preempt_enable();
	mutex_unlock(&v->lock);
	return err;
}
