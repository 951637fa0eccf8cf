// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/* Intel P4: each counter has a CCCR (its evntsel[]) and uses one ESCR (its
 * p4.escr[]), chosen by the CCCR's ESCR_SELECT within the counter's group.
 * Replay tagging uses PEBS_ENABLE and PEBS_MATRIX_VERT; PEBS itself is not
 * supported. */
#include "x86_families.h"
#include "x86_msr.h"
#include "x86_p4.h"

/* pmc_map[] is the rdpmc selector: the counter, and perhaps bit 31 (fast
 * rdpmc, the low 32 bits only). */
static uint32_t p4_counter_index(uint32_t pmc_map)
{
	return pmc_map & ~P4_FAST_RDPMC;
}

static bool extended_cascade_allowed(const struct perfctr_x86_cpu *cpu, uint32_t counter)
{
	return cpu->x86_model >= 2 && (counter == 12 || counter >= 15);
}

static int check_cccr(const struct perfctr_x86_cpu *cpu, const struct perfctr_cpu_control *control,
                      uint32_t i, uint32_t counter)
{
	uint32_t cccr = control->evntsel[i];
	bool imode = i >= control->nractrs;

	if (cccr & P4_CCCR_RESERVED)
		return -EINVAL;
	if ((cccr & P4_CCCR_EXTENDED_CASCADE) && !extended_cascade_allowed(cpu, counter))
		return -EINVAL;
	if (!cpu->hyperthreaded && (cccr & P4_CCCR_ACTIVE_THREAD) != P4_CCCR_ACTIVE_THREAD)
		return -EINVAL;
	if (!(cccr & (P4_CCCR_ENABLE | P4_CCCR_CASCADE | P4_CCCR_EXTENDED_CASCADE)))
		return -EINVAL;
	if (!!(cccr & P4_CCCR_OVF_PMI_T0) != imode)
		return -EINVAL;
	/* A forced overflow fires on every event: the counter must sit at
	 * -1 so that each event is exactly one overflow. */
	if (imode && (cccr & P4_CCCR_FORCE_OVF) && control->ireset[i] != -1)
		return -EINVAL;
	return 0;
}

static int check_escr(const struct perfctr_x86_cpu *cpu, uint32_t escr, uint32_t escr_msr,
                      bool is_global)
{
	if (escr & P4_ESCR_RESERVED)
		return -EINVAL;
	/* Thread 1's privilege levels: only global counters of an HT P4
	 * may watch the other thread. */
	if ((escr & P4_ESCR_CPL_T1) && !(cpu->hyperthreaded && is_global))
		return -EINVAL;
	/* Models 3 and later have no IQ_ESCR0/1. */
	if ((escr_msr == P4_IQ_ESCR0 || escr_msr == P4_IQ_ESCR1) && cpu->x86_model > 2)
		return -EINVAL;
	return 0;
}

static int check_pebs(const struct perfctr_cpu_control *control)
{
	uint32_t enable = control->p4.pebs_enable, matrix = control->p4.pebs_matrix_vert;

	if (!enable)
		return matrix ? -EINVAL : 0;
	if (enable & ~P4_PEBS_ALLOWED)
		return -EINVAL;
	if (!(enable & P4_PEBS_UOP_TAG) || !(enable & P4_PEBS_METRICS))
		return -EINVAL;
	if ((matrix & ~P4_MATRIX_ALLOWED) || !(matrix & P4_MATRIX_ALLOWED))
		return -EINVAL;
	return 0;
}

static uint32_t escr_index(const struct perfctr_x86_cpu *cpu, uint32_t escr_msr)
{
	for (uint32_t k = 0; k < P4_NR_ESCRS; k++)
		if (cpu->control_msrs[k] == escr_msr)
			return k;
	return UINT32_MAX;
}

int perfctr_x86_check_p4_control(const struct perfctr_x86_cpu *cpu,
                                 const struct perfctr_cpu_control *control, bool is_global,
                                 struct perfctr_x86_program *program)
{
	uint32_t nrctrs = control->nractrs + control->nrictrs;
	uint32_t escr_msrs[PERFCTR_MAX_COUNTERS];
	uint64_t escrs_used = 0;
	int err;

	err = perfctr_x86_check_counts(control, P4_NR_COUNTERS,
	                               cpu->features & PERFCTR_FEATURE_PCINT);
	if (!err)
		err = perfctr_x86_check_ireset(control);
	if (!err)
		err = perfctr_x86_check_map(control, p4_counter_index, P4_NR_COUNTERS);
	if (!err)
		err = check_pebs(control);
	for (uint32_t i = 0; !err && i < nrctrs; i++) {
		uint32_t counter = p4_counter_index(control->pmc_map[i]);
		uint32_t msr =
		    perfctr_x86_p4_escr_msr(counter, P4_CCCR_ESCR_SELECT(control->evntsel[i]));
		uint32_t k = msr ? escr_index(cpu, msr) : UINT32_MAX;
		err = check_cccr(cpu, control, i, counter);
		if (!err)
			err = check_escr(cpu, control->p4.escr[i], msr, is_global);
		/* No ESCR behind that select, or one another counter has. */
		if (!err && (k == UINT32_MAX || (escrs_used >> k & 1)))
			err = -EINVAL;
		if (!err) {
			escrs_used |= 1ull << k;
			escr_msrs[i] = msr;
		}
	}
	if (err)
		return err;

	memset(program, 0, sizeof(*program));
	for (uint32_t i = 0; i < nrctrs; i++) {
		uint32_t counter = p4_counter_index(control->pmc_map[i]);
		program->image[escr_index(cpu, escr_msrs[i])] = control->p4.escr[i];
		program->image[P4_INDEX_CCCR0 + counter] = control->evntsel[i];
		program->control_index[i] = (uint8_t)(P4_INDEX_CCCR0 + counter);
		program->control_bits[i] = 0xFFFFFFFFull;
		program->counter_msr[i] = MSR_P4_COUNTER0 + counter;
		program->p4_escr_map[i] = escr_msrs[i];
	}
	program->image[P4_INDEX_MATRIX_VERT] = control->p4.pebs_matrix_vert;
	program->image[P4_INDEX_PEBS_ENABLE] = control->p4.pebs_enable;
	return 0;
}

bool perfctr_x86_p4_thread_forbidden(uint32_t apic_id, uint32_t threads_per_core)
{
	/* The thread number is the low bits of the initial APIC id. */
	if (threads_per_core <= 1)
		return false;
	return (apic_id & (threads_per_core - 1)) != 0;
}
