// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/* i-mode overflow and VPERFCTR_IRESUME as perfctr 2.6 ran them, over the
 * driver's switch operations (x86_switch.c): on the overflow interrupt of
 * the state running here, every counter is suspended and only the TSC
 * goes on; the overflowed i-mode counters restart from ireset at the
 * resume IRESUME asks for. No kernel call: the module's interrupt path
 * and the user-space tests run the same code. */
#include "x86_driver.h"
#include "x86_msr.h"

/* Where the CPU keeps a status bit per overflowed counter (Intel
 * architectural perfmon v2+, AMD PerfMonV2), the bits of the counters
 * taken are cleared: a bit left set would stay behind them. */
static void clear_overflow_status(const struct perfctr_x86_cpu *cpu,
                                  const struct perfctr_x86_state *state, uint32_t mask)
{
	uint64_t bits = 0;
	uint32_t msr;

	if (cpu->family_id == PERFCTR_FAMILY_ARCH_PERFMON && cpu->perfmon_version >= 2)
		msr = MSR_ARCH_GLOBAL_OVF_CTRL;
	else if (cpu->family_id == PERFCTR_FAMILY_AMD_FAM10H && cpu->perfmon_version >= 2)
		msr = MSR_AMD_GLOBAL_STATUS_CLR;
	else
		return;
	for (uint32_t i = 0; i < PERFCTR_MAX_COUNTERS; i++) {
		uint32_t map = state->control.pmc_map[i];

		if (!(mask >> i & 1))
			continue;
		/* General counter n at bit n, Intel fixed counter n at 32 + n. */
		if (map & ARCH_RDPMC_FIXED)
			bits |= 1ull << (32 + (map & ~ARCH_RDPMC_FIXED));
		else
			bits |= 1ull << map;
	}
	cpu->regs->wrmsr(cpu->regs->cpu, msr, bits);
}

uint32_t perfctr_x86_imode_overflow(const struct perfctr_x86_cpu *cpu,
                                    struct perfctr_x86_cache *cache,
                                    struct perfctr_x86_state *state, uint32_t *iresume_cstatus)
{
	uint32_t mask;

	if (!perfctr_cstatus_has_ictrs(state->user.cstatus))
		return 0;
	mask = perfctr_x86_overflowed(cpu, state);
	if (!mask)
		return 0; /* not this state's interrupt: it goes on counting */
	perfctr_x86_imode_take(cpu, cache, state, mask, iresume_cstatus);
	return mask;
}

int perfctr_x86_imode_take(const struct perfctr_x86_cpu *cpu, struct perfctr_x86_cache *cache,
                           struct perfctr_x86_state *state, uint32_t mask,
                           uint32_t *iresume_cstatus)
{
	uint32_t cstatus = state->user.cstatus;
	uint32_t nractrs = state->control.nractrs;
	uint32_t imode_bits =
	    ((1u << perfctr_cstatus_nrctrs(cstatus)) - 1) & ~((1u << nractrs) - 1);

	/* Only the running state's own i-mode counters can overflow. */
	if (!perfctr_cstatus_has_ictrs(cstatus) || !mask || (mask & ~imode_bits))
		return -EINVAL;
	/* Stops the i-mode counters and takes every sum up to now. */
	perfctr_x86_suspend(cpu, cache, state);
	clear_overflow_status(cpu, state, mask);
	for (uint32_t i = 0; i < PERFCTR_MAX_COUNTERS; i++)
		if (mask >> i & 1)
			state->user.pmc[i].start = (uint32_t)state->control.ireset[i];
	/* The counter registers no longer hold what the resume must load. */
	state->user.k1.isuspend_cpu = -1;
	*iresume_cstatus = cstatus;
	/* Suspended until IRESUME; the TSC alone goes on (from the suspend's
	 * sample), so a page read still works. */
	state->user.cstatus = perfctr_cstatus_has_tsc(cstatus) ? perfctr_mk_cstatus(1, 0, 0, 0) : 0;
	return 0;
}

int perfctr_x86_iresume(struct perfctr_x86_state *state, uint32_t *iresume_cstatus)
{
	if (!perfctr_cstatus_has_ictrs(*iresume_cstatus))
		return -EPERM; /* no overflow to resume from */
	state->user.cstatus = *iresume_cstatus;
	*iresume_cstatus = 0;
	state->user.k1.isuspend_cpu = -1;
	return 0;
}

void perfctr_x86_carry_sums(const struct perfctr_x86_state *old, uint32_t old_cstatus,
                            struct perfctr_x86_state *new)
{
	uint32_t old_n = perfctr_cstatus_nrctrs(old_cstatus);

	new->user.tsc_sum = old->user.tsc_sum;
	for (uint32_t i = 0; i < perfctr_cstatus_nrctrs(new->user.cstatus) && i < old_n; i++)
		if (old->user.pmc[i].map == new->user.pmc[i].map)
			new->user.pmc[i].sum = old->user.pmc[i].sum;
}
