// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/* papillon_riscv's overflow interrupt (LCOFI) and its throttling: the
 * counters each hart armed, the handler the module puts in front of
 * perf's, the per-hart budget (../rv_throttle.h, the window and the
 * parameters shared with the perfctr module: kthrottle_param.h) and the
 * unthrottle timers. The device and its calls are rv_kmod.c. */
#include <linux/hrtimer.h>
#include <linux/irq.h>
#include <linux/irqdesc.h>
#include <linux/irqdomain.h>
#include <linux/jiffies.h>
#include <linux/percpu.h>
#include <linux/signal.h>

#include <asm/csr.h>
#include <asm/irq.h>

#include "kthrottle_param.h"
#include "rv_kmod.h"
#include "rv_pmu.h"
#include "rv_throttle.h"

/* The armed counters of each hart, by SBI counter index, for the
 * interrupt handler. */
#define COUNTERS 64
static DEFINE_PER_CPU(struct slot *[COUNTERS], hart_armed);

struct slot **rv_kmod_armed_here(void)
{
	return *this_cpu_ptr(&hart_armed);
}

/* Throttling (../rv_throttle.h; doc/riscv.md, "Throttling"): each hart
 * takes at most max_interrupt_rate overflow interrupts a second, counted
 * per jiffy (the parameter and the budget are the perfctr module's too:
 * kthrottle_param.h). A counter past the budget is held, counting, with
 * its OF bit set; the hart's unthrottle timer re-arms it at the next
 * jiffy. The per-hart state is changed on its hart with interrupts off
 * (the interrupt, the timer, the driver calls). */
static DEFINE_PER_CPU(struct rv_throttle, hart_throttle);
static DEFINE_PER_CPU(struct hrtimer, hart_unthrottle);

/* The throttled parameter (kthrottle_param.c) sums the harts' holds: the
 * counters held so far (each hold is one). */
struct kthrottle __percpu *kthrottle_per_cpu(void)
{
	return &hart_throttle.shared;
}

/* The hart's unthrottle timer (hard: run in interrupt context with
 * interrupts off, on the hart it was started on): re-arms the held
 * counters once the window is a later one. It looks every quarter of a
 * jiffy while a counter is held (KTHROTTLE_POLL_NS): a held counter
 * resumes within a quarter of a jiffy of its next window, not a whole
 * jiffy after it was held. */

static enum hrtimer_restart unthrottle(struct hrtimer *timer)
{
	struct rv_throttle *throttle = this_cpu_ptr(&hart_throttle);
	struct rv_pmu *pmu = this_cpu_ptr(&hart_pmu);
	struct slot **armed = rv_kmod_armed_here();
	u32 due = rv_throttle_due(throttle, jiffies);
	unsigned i;
	if (!due) {
		if (!throttle->held)
			return HRTIMER_NORESTART;
		hrtimer_forward_now(timer, ns_to_ktime(KTHROTTLE_POLL_NS));
		return HRTIMER_RESTART;
	}
	for (i = 0; i < 32; i++)
		if ((due >> i & 1) && armed[i])
			rv_throttle_resume(pmu, &armed[i]->counter, &armed[i]->armed);
	return HRTIMER_NORESTART;
}

static void throttle_timers(bool on)
{
	int cpu;
	for_each_possible_cpu(cpu)
	{
		struct hrtimer *timer = per_cpu_ptr(&hart_unthrottle, cpu);
		if (on) {
			hrtimer_init(timer, CLOCK_MONOTONIC, HRTIMER_MODE_REL_PINNED_HARD);
			timer->function = unthrottle;
		} else {
			hrtimer_cancel(timer);
		}
	}
}

void rv_kmod_unhold(unsigned index)
{
	rv_throttle_forget(this_cpu_ptr(&hart_throttle), index);
}

/* The overflow interrupt. Linux's perf (riscv_pmu_sbi, built in) maps
 * LCOFI and owns its per-CPU handler, which cannot be shared: the module
 * puts its own flow handler in front of perf's (the IRQ's descriptor
 * keeps perf's action), takes the overflows of the counters it armed and
 * hands the interrupt on to perf when any other counter's OF bit is set.
 * 0: no LCOFI on this machine (no Sscofpmf): no overflow. */
static unsigned int lcofi_irq;
static irq_flow_handler_t kernel_flow;

static void overflow_interrupt(struct irq_desc *desc)
{
	struct rv_pmu *pmu = this_cpu_ptr(&hart_pmu);
	struct rv_throttle *throttle = this_cpu_ptr(&hart_throttle);
	struct slot **armed = rv_kmod_armed_here();
	uint32_t bits = 0, ours = 0;
	uint32_t budget = kthrottle_budget_now();
	unsigned i;
	/* A held counter's OF bit stays set: not a new overflow. */
	if (rv_pmu_overflowed(pmu, &bits) == RV_PMU_OK)
		for (i = 0; i < 32; i++)
			if ((rv_throttle_pending(throttle, bits) >> i & 1) && armed[i])
				ours |= 1u << i;
	if (!ours) {
		kernel_flow(desc);
		return;
	}
	/* Cleared before the re-arms: an overflow after one sets it again. */
	csr_clear(CSR_SIP, SIP_LCOFIP);
	for (i = 0; i < 32; i++) {
		struct slot *s = armed[i];
		struct hrtimer *timer = this_cpu_ptr(&hart_unthrottle);
		bool delivered;
		if (!(ours >> i & 1))
			continue;
		rv_throttle_overflow(pmu, throttle, &s->counter, &s->armed, jiffies, budget,
		                     &delivered);
		if (!delivered) {
			if (!hrtimer_is_queued(timer))
				hrtimer_start(timer, ns_to_ktime(KTHROTTLE_POLL_NS),
				              HRTIMER_MODE_REL_PINNED_HARD);
			continue;
		}
		set_bit(s - s->file->slots, &s->file->overflowed);
		kill_fasync(&s->file->fasync, SIGIO, POLL_IN);
	}
	/* Counters perf holds (none of the module's files). */
	if (bits & ~(uint32_t)READ_ONCE(*this_cpu_ptr(&hart_counters_held)))
		kernel_flow(desc);
}

static void hook_overflow_interrupt(void)
{
	struct irq_domain *domain =
	    irq_find_matching_fwnode(riscv_get_intc_hwnode(), DOMAIN_BUS_ANY);
	unsigned int irq = domain ? irq_find_mapping(domain, RV_IRQ_PMU) : 0;
	struct irq_data *data = irq ? irq_get_irq_data(irq) : NULL;
	if (!data || !irq_data_to_desc(data)->action) {
		pr_info("papillon_riscv: no overflow interrupt (LCOFI not mapped): no overflow\n");
		return;
	}
	kernel_flow = irq_data_to_desc(data)->handle_irq;
	irq_set_handler(irq, overflow_interrupt);
	lcofi_irq = irq;
}

static void unhook_overflow_interrupt(void)
{
	if (!lcofi_irq)
		return;
	irq_set_handler(lcofi_irq, kernel_flow);
	/* A handler still running on another hart ends before the module's
	 * text goes (interrupt handlers are RCU read-side sections). */
	synchronize_rcu();
}

void rv_kmod_overflow_start(void)
{
	throttle_timers(true);
	hook_overflow_interrupt();
}

void rv_kmod_overflow_stop(void)
{
	unhook_overflow_interrupt();
	/* No interrupt starts one any more: the last ones end here. */
	throttle_timers(false);
}

bool rv_kmod_overflow_hooked(void)
{
	return lcofi_irq != 0;
}
