// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/* The i-mode counters' overflow (vperfctr.c's opening comment): the
 * module's handler on the NMI chain, the take of an overflow (counted in
 * the CPU's throttle budget, vperfctr_throttle.c) and the owner's signal,
 * SI_PMC_OVF with the overflowed counters' mask. */
#include <linux/irq_work.h>
#include <linux/percpu.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/signal.h>
#include <linux/string.h>
#include <asm/apic.h>
#include <asm/nmi.h>

#include "perfctr_module.h"
#include "vperfctr.h"
#include "vperfctr_state.h"
#include "vperfctr_throttle.h"

DEFINE_PER_CPU(struct vperfctr *, vperfctr_imode_here);
static bool nmi_handler_registered;

void vperfctr_queue_signal(struct vperfctr *v, u32 mask)
{
	WRITE_ONCE(v->pending_mask, READ_ONCE(v->pending_mask) | mask);
	irq_work_queue(&v->signal_work);
}

/* Preemption (or interrupts) off, on the CPU v runs on: an i-mode counter
 * that overflowed is taken, and its signal queued. */
bool vperfctr_take_overflow(struct vperfctr *v)
{
	u32 mask = perfctr_x86_imode_overflow(&perfctr_cpu, perfctr_this_cpu_cache(), v->state,
	                                      &v->iresume_cstatus);

	if (!mask)
		return false;
	vperfctr_throttle_overflow();
	vperfctr_queue_signal(v, mask);
	return true;
}

static int vperfctr_nmi(unsigned int type, struct pt_regs *regs)
{
	struct vperfctr *v = this_cpu_read(vperfctr_imode_here);

	if (!v || !vperfctr_take_overflow(v))
		return NMI_DONE;
	this_cpu_write(vperfctr_imode_here, NULL); /* suspended: the TSC alone runs */
	/* The interrupt masked the entry: let the next overflow in. */
	apic_write(APIC_LVTPC, APIC_DM_NMI);
	return NMI_HANDLED;
}

/* In interrupt context, after the NMI (or the injection, or a take at a
 * switch-out): si_pmc_ovf_mask is the first word of the siginfo's fields
 * (_sifields._pad[0] in user space). Sent only from the owner's own
 * context: the kernel clears si_pid, the same word, when the sender has no
 * pid in the target's namespace, as the idle task that runs this after a
 * switch-out (seen in the lab: the mask arrived as 0). Elsewhere the mask
 * stays pending and the owner's next sched_in queues this again. */
void vperfctr_send_signal(struct irq_work *work)
{
	struct vperfctr *v = container_of(work, struct vperfctr, signal_work);
	struct kernel_siginfo info;
	u32 mask;

	if (current != v->owner)
		return;
	mask = xchg(&v->pending_mask, 0);
	if (!mask || !v->si_signo)
		return;
	clear_siginfo(&info);
	info.si_signo = v->si_signo;
	info.si_code = SI_PMC_OVF;
	memcpy(&info._sifields, &mask, sizeof(mask));
	send_sig_info(v->si_signo, &info, v->owner);
}

/* Whether this CPU's counter overflows arrive as NMIs (perf programs the
 * LVTPC so where it drives the PMU). */
bool vperfctr_overflow_interrupt_here(void)
{
	return nmi_handler_registered && boot_cpu_has(X86_FEATURE_APIC) &&
	       (apic_read(APIC_LVTPC) & APIC_MODE_MASK) == APIC_DM_NMI;
}

int vperfctr_init(void)
{
	int err;

	if (!(perfctr_cpu.features & PERFCTR_FEATURE_PCINT))
		return 0; /* no overflow interrupt: i-mode is refused */
	err = register_nmi_handler(NMI_LOCAL, vperfctr_nmi, 0, "papillon_perfctr");
	nmi_handler_registered = err == 0;
	return err;
}

void vperfctr_exit(void)
{
	if (nmi_handler_registered)
		unregister_nmi_handler(NMI_LOCAL, "papillon_perfctr");
	nmi_handler_registered = false;
}
