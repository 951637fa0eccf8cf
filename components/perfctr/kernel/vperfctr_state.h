/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/* A thread's virtual counters, as vperfctr.c (the file, its ioctls, the
 * owner's switches) and vperfctr_overflow.c (the i-mode overflow and its
 * signal) both see them. Private to those two files. */
#ifndef PAPILLON_PERFCTR_VPERFCTR_STATE_H
#define PAPILLON_PERFCTR_VPERFCTR_STATE_H

#include <linux/irq_work.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/percpu.h>
#include <linux/preempt.h>
#include <linux/refcount.h>
#include <linux/sched.h>
#include <linux/task_work.h>
#include <linux/types.h>
#include <linux/workqueue.h>

#include "x86_driver.h"

struct vperfctr {
	refcount_t files;
	struct task_struct *owner;
	struct preempt_notifier notifier;
	bool attached;     /* notifier registered: the counters follow the owner */
	bool running;      /* resumed on the owner's CPU right now */
	bool reserved;     /* holds the counters of its control */
	struct mutex lock; /* one ioctl changing the state at a time */
	struct page *page;
	struct perfctr_x86_state *state; /* at the start of page */
	s32 si_signo;
	u32 flags;
	bool user_rdpmc;     /* CR4.PCE set for it on this CPU */
	u32 iresume_cstatus; /* after an overflow: the cstatus IRESUME restores */
	u32 pending_mask;    /* overflowed counters the signal has not told yet */
	struct irq_work signal_work;
	struct list_head link; /* in vperfctr_list while attached */
	struct callback_head detach_work;
	struct callback_head attach_work; /* created by another thread */
	bool unlinked;            /* UNLINK (or an exec with CLOEXEC): never resumed again */
	bool survivor;            /* survived an exec: holds a files reference and a module one */
	u64 exec_id;              /* the owner's self_exec_id when last seen */
	struct irq_work reap_irq; /* the owner's last switch, for a survivor */
	struct work_struct reap_work;
};

/* The state whose i-mode counters run on this CPU: the NMI handler's
 * (NULL while a path of the CPU changes it). */
DECLARE_PER_CPU(struct vperfctr *, vperfctr_imode_here);

/* The overflowed counters' mask added to what the owner's signal tells,
 * the signal queued (irq_work: sent from the owner's context). */
void vperfctr_queue_signal(struct vperfctr *v, u32 mask);
/* Preemption (or interrupts) off, on the CPU v runs on: an i-mode counter
 * that overflowed is taken and its signal queued; false if none did. */
bool vperfctr_take_overflow(struct vperfctr *v);
/* v->signal_work's function: the owner's signal, from its own context. */
void vperfctr_send_signal(struct irq_work *work);
/* Whether this CPU's counter overflows arrive as NMIs the module takes. */
bool vperfctr_overflow_interrupt_here(void);

#endif
