/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/* What the module's two files share: rv_kmod.c (the device, its files and
 * slots, the driver calls on each hart, the owner's switches) and
 * rv_kmod_overflow.c (the overflow interrupt and its throttling). */
#ifndef PAPILLON_RV_KMOD_H
#define PAPILLON_RV_KMOD_H

#include <linux/atomic.h>
#include <linux/cpumask.h>
#include <linux/fs.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/percpu.h>
#include <linux/preempt.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/spinlock.h>
#include <linux/types.h>

#include "rv_abi.h"
#include "rv_pmu.h"
#include "rv_throttle.h"

struct rv_file;

struct slot {
	bool used;
	int cpu;
	struct rv_counter counter;
	/* Overflow: armed.threshold > 0 while armed; armed.overflows and
	 * armed.before (the count when armed) make its count
	 * (../rv_throttle.h). Changed on its hart with interrupts off, like
	 * the table below. */
	struct rv_armed armed;
	struct rv_file *file;
	unsigned long bit; /* 1 << its index in the file, for the masks below */
	/* For the owner's switches, changed on the counter's hart with
	 * interrupts off: started by the owner and not stopped (only such a
	 * counter is paused: a fixed counter held but not started may run
	 * for others), and paused: stopped while the owner is away from the
	 * hart (the switch in resumes it). */
	bool started;
	bool paused;
	/* Across harts (doc/riscv.md, "Many harts"): the slot holds the
	 * counter of the same index on each hart of harts (every online one
	 * at obtain, and each that comes online after), cpu is the hart
	 * where its count lives (where the owner runs, or last ran), count
	 * the count saved when the owner left it, carried whether the owner
	 * started it (only then is the count carried to the next hart),
	 * lost whether the owner ran on a hart without the counter (a hart
	 * that came online with that index taken): its reads then fail. The
	 * request is kept for a hart that comes online. Changed under the
	 * owner's lock (cpu, count, paused, lost) or the file's lock with
	 * the CPUs held (harts). */
	cpumask_t harts;
	u64 count;
	bool carried;
	bool lost;
	/* Its count's hart went offline (cpu names it still): the owner's
	 * next hart gets the count, even if it is that one back. */
	bool stranded;
	struct rv_counter_request request;
};

struct rv_owner;

struct rv_file {
	struct mutex lock; /* the slots */
	struct slot slots[RV_ABI_SLOTS];
	unsigned long overflowed; /* bit i: slot i overflowed (atomic bitops) */
	struct fasync_struct *fasync;
	/* For the owner's context switches (bit i: slot i): the slots that
	 * hold a counter (held), and those the owner opened to its csrr
	 * (user_read). Atomic: two slots may be on two harts. */
	atomic_long_t held;
	atomic_long_t user_read;
	/* The owner, NULL once the file is closed or the owner has gone
	 * (owner: freed after an RCU grace period; owner_task: only
	 * compared with current). */
	struct rv_owner *owner;
	struct task_struct *owner_task;
	struct list_head link; /* on the module's list, for CPU hotplug */
};

/* The task a file's counters belong to, the one that opened it, and its
 * preempt notifier. Apart from the file: the notifier is on the owner's
 * list, which only the owner may change, so when another task closes the
 * file it stays there until the owner takes it off itself (task work),
 * or until the owner's last switch. Each holds a reference to the module
 * (its notifier calls the module's code). */
struct rv_owner {
	struct preempt_notifier notifier;
	raw_spinlock_t lock;  /* file, against the notifier and the close */
	struct rv_file *file; /* NULL once detached */
	struct task_struct *task;
	struct callback_head unregister_work;
	struct rcu_head rcu;
};

/* Each hart's driver state (rv_kmod.c probes it at load). */
DECLARE_PER_CPU(struct rv_pmu, hart_pmu);
/* The counters the module's files hold, per hart (bit i: SBI counter i). */
DECLARE_PER_CPU(u64, hart_counters_held);

/* This hart's armed counters, by SBI counter index (NULL: not armed);
 * changed on the hart with interrupts off. */
struct slot **rv_kmod_armed_here(void);
/* The counter of that index on this hart is re-armed, disarmed or
 * released: no longer held by the throttle. Interrupts off. */
void rv_kmod_unhold(unsigned index);
/* At load: the harts' unthrottle timers, then the module's handler in
 * front of perf's on LCOFI (where there is one). */
void rv_kmod_overflow_start(void);
/* At unload (or a failed load): the handler taken off, then the timers
 * cancelled (no interrupt starts one any more). */
void rv_kmod_overflow_stop(void);
/* Whether overflows can be taken (LCOFI hooked: Sscofpmf). */
bool rv_kmod_overflow_hooked(void);

#endif
