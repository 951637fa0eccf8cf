// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/* The families with one EVNTSEL control register per counter: Intel P6,
 * AMD K7/K8 and families 10h-1Ah, and VIA C3 (only its counter 1). */
#include "x86_families.h"
#include "x86_msr.h"

static uint32_t identity_index(uint32_t pmc_map)
{
	return pmc_map;
}

/* The INT bit says which mode a counter is in; it must agree with the
 * control's split into a-mode and i-mode counters. */
static bool int_bit_matches_mode(const struct perfctr_cpu_control *control, uint32_t i,
                                 uint32_t int_bit)
{
	bool imode = i >= control->nractrs;
	return !!(control->evntsel[i] & int_bit) == imode;
}

static int check_counts_and_map(const struct perfctr_x86_cpu *cpu,
                                const struct perfctr_cpu_control *control, uint32_t nr_counters)
{
	int err =
	    perfctr_x86_check_counts(control, nr_counters, cpu->features & PERFCTR_FEATURE_PCINT);
	if (!err)
		err = perfctr_x86_check_ireset(control);
	if (!err)
		err = perfctr_x86_check_map(control, identity_index, nr_counters);
	return err;
}

int perfctr_x86_check_p6_control(const struct perfctr_x86_cpu *cpu,
                                 const struct perfctr_cpu_control *control, bool is_global,
                                 struct perfctr_x86_program *program)
{
	uint32_t nrctrs = control->nractrs + control->nrictrs;
	bool uses_counter0 = false, uses_counter1 = false;
	int err = check_counts_and_map(cpu, control, 2);

	if (err)
		return err;
	for (uint32_t i = 0; i < nrctrs; i++) {
		uint32_t evntsel = control->evntsel[i];
		bool counter0 = control->pmc_map[i] == 0;
		if (evntsel & P6_RESERVED)
			return -EINVAL;
		/* EN in EVNTSEL0 enables both counters; in EVNTSEL1 it is
		 * reserved. */
		if (counter0 != !!(evntsel & EVNTSEL_EN))
			return -EINVAL;
		if (!int_bit_matches_mode(control, i, EVNTSEL_INT))
			return -EINVAL;
		uses_counter0 |= counter0;
		uses_counter1 |= !counter0;
	}
	/* Counter 1 counts only while EVNTSEL0's EN is set, which only a
	 * control of counter 0 can ask for. */
	if (uses_counter1 && !uses_counter0)
		return -EINVAL;
	memset(program, 0, sizeof(*program));
	for (uint32_t i = 0; i < nrctrs; i++) {
		uint32_t pmc = control->pmc_map[i];
		/* Written in the order EVNTSEL1, EVNTSEL0: the enable last. */
		program->control_index[i] = (uint8_t)(1 - pmc);
		program->image[1 - pmc] = control->evntsel[i];
		/* Stopping counter 0 keeps the enable that counter 1 needs. */
		program->control_bits[i] = pmc == 0 ? 0xFFFFFFFFull & ~EVNTSEL_EN : 0xFFFFFFFFull;
		program->counter_msr[i] = MSR_P6_PERFCTR0 + pmc;
	}
	return 0;
}

/* AMD: every control register has its own enable, which must be set. */
static int check_amd_evntsel(const struct perfctr_cpu_control *control, uint32_t i)
{
	uint32_t evntsel = control->evntsel[i];
	if (evntsel & P6_RESERVED)
		return -EINVAL;
	if (!(evntsel & EVNTSEL_EN))
		return -EINVAL;
	if (!int_bit_matches_mode(control, i, EVNTSEL_INT))
		return -EINVAL;
	return 0;
}

static void program_amd(const struct perfctr_x86_cpu *cpu,
                        const struct perfctr_cpu_control *control,
                        struct perfctr_x86_program *program, bool with_high)
{
	uint32_t nrctrs = control->nractrs + control->nrictrs;
	bool extended = cpu->amd_ext_core;
	uint64_t global = 0;

	memset(program, 0, sizeof(*program));
	for (uint32_t i = 0; i < nrctrs; i++) {
		uint32_t pmc = control->pmc_map[i];
		uint64_t high = with_high ? (uint64_t)control->p4.escr[i] << 32 : 0;
		program->image[pmc] = high | control->evntsel[i];
		program->control_index[i] = (uint8_t)pmc;
		program->control_bits[i] = ~0ull;
		program->counter_msr[i] =
		    extended ? MSR_AMD_EXT_CTL0 + 2 * pmc + 1 : MSR_K7_PERFCTR0 + pmc;
		global |= 1ull << pmc;
	}
	/* PerfMonV2: the global control, last in the list, enables them. */
	if (cpu->perfmon_version >= 2)
		program->image[cpu->nr_counters] = global;
}

int perfctr_x86_check_k7_control(const struct perfctr_x86_cpu *cpu,
                                 const struct perfctr_cpu_control *control, bool is_global,
                                 struct perfctr_x86_program *program)
{
	int err = check_counts_and_map(cpu, control, 4);

	for (uint32_t i = 0; !err && i < control->nractrs + control->nrictrs; i++)
		err = check_amd_evntsel(control, i);
	if (err)
		return err;
	program_amd(cpu, control, program, false);
	return 0;
}

int perfctr_x86_check_amd_fam10h_control(const struct perfctr_x86_cpu *cpu,
                                         const struct perfctr_cpu_control *control, bool is_global,
                                         struct perfctr_x86_program *program)
{
	int err = check_counts_and_map(cpu, control, cpu->nr_counters);

	for (uint32_t i = 0; !err && i < control->nractrs + control->nrictrs; i++) {
		err = check_amd_evntsel(control, i);
		/* p4.escr[] carries the upper half of PERF_CTL here. */
		if (!err && (control->p4.escr[i] & ~AMD_CTL_HIGH_ALLOWED))
			err = -EINVAL;
	}
	if (err)
		return err;
	program_amd(cpu, control, program, true);
	return 0;
}

int perfctr_x86_check_via_c3_control(const struct perfctr_x86_cpu *cpu,
                                     const struct perfctr_cpu_control *control, bool is_global,
                                     struct perfctr_x86_program *program)
{
	/* Only PERFCTR1/EVNTSEL1 can be programmed, without interrupts. */
	int err = perfctr_x86_check_counts(control, 1, false);

	if (err)
		return err;
	if (control->nractrs == 1 && control->pmc_map[0] != 1)
		return -EINVAL;
	if (control->nractrs == 1 && (control->evntsel[0] & VIA_C3_RESERVED))
		return -EINVAL;
	memset(program, 0, sizeof(*program));
	if (control->nractrs == 1) {
		program->image[0] = control->evntsel[0];
		program->control_bits[0] = 0xFFFFFFFFull;
		program->counter_msr[0] = MSR_P6_PERFCTR0 + 1;
	}
	return 0;
}
