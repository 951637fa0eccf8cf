// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/* Intel architectural perfmon, versions 1 to 5 (CPUID leaf 0xA): general
 * counters with P6-style EVNTSELs (each with its own enable), and from
 * version 2 fixed counters (4 control bits each in FIXED_CTR_CTRL) and a
 * global enable register. pmc_map[] holds rdpmc selectors: n for general
 * counter n, bit 30 | n for fixed counter n. */
#include "x86_families.h"
#include "x86_msr.h"

/* Indices: general counters 0..ARCH_MAX_GP-1, fixed ones after them. */
static uint32_t arch_counter_index(uint32_t pmc_map)
{
	if (pmc_map & ARCH_RDPMC_FIXED) {
		uint32_t fixed = pmc_map & ~ARCH_RDPMC_FIXED;
		return fixed < ARCH_MAX_FIXED ? ARCH_MAX_GP + fixed : UINT32_MAX;
	}
	return pmc_map < ARCH_MAX_GP ? pmc_map : UINT32_MAX;
}

static bool counter_present(const struct perfctr_x86_cpu *cpu, uint32_t index)
{
	if (index < ARCH_MAX_GP)
		return index < cpu->nr_counters;
	return cpu->fixed_present >> (index - ARCH_MAX_GP) & 1;
}

static int check_general(const struct perfctr_x86_cpu *cpu, uint32_t evntsel, bool imode)
{
	uint32_t reserved = P6_RESERVED;

	if (cpu->any_thread)
		reserved &= ~EVNTSEL_ANY;
	if (evntsel & reserved)
		return -EINVAL;
	if (!(evntsel & EVNTSEL_EN))
		return -EINVAL;
	if (!!(evntsel & EVNTSEL_INT) != imode)
		return -EINVAL;
	return 0;
}

static int check_fixed(const struct perfctr_x86_cpu *cpu, uint32_t evntsel, bool imode)
{
	uint32_t allowed = ARCH_FIXED_OS | ARCH_FIXED_USR | ARCH_FIXED_PMI;

	if (cpu->any_thread)
		allowed |= ARCH_FIXED_ANY;
	if (evntsel & ~allowed)
		return -EINVAL;
	/* A fixed counter has no enable but its privilege levels. */
	if (!(evntsel & (ARCH_FIXED_OS | ARCH_FIXED_USR)))
		return -EINVAL;
	if (!!(evntsel & ARCH_FIXED_PMI) != imode)
		return -EINVAL;
	return 0;
}

int perfctr_x86_check_arch_perfmon_control(const struct perfctr_x86_cpu *cpu,
                                           const struct perfctr_cpu_control *control,
                                           bool is_global, struct perfctr_x86_program *program)
{
	uint32_t nrctrs = control->nractrs + control->nrictrs;
	uint32_t fixed_ctrl_index = cpu->nr_counters;
	uint32_t global_index = cpu->nr_counters + (cpu->nr_fixed ? 1 : 0);
	uint64_t global = 0;
	int err;

	err = perfctr_x86_check_counts(control, cpu->nr_counters + cpu->nr_fixed,
	                               cpu->features & PERFCTR_FEATURE_PCINT);
	if (!err)
		err = perfctr_x86_check_ireset(control);
	if (!err)
		err = perfctr_x86_check_map(control, arch_counter_index,
		                            ARCH_MAX_GP + ARCH_MAX_FIXED);
	for (uint32_t i = 0; !err && i < nrctrs; i++) {
		uint32_t index = arch_counter_index(control->pmc_map[i]);
		bool imode = i >= control->nractrs;
		if (!counter_present(cpu, index))
			err = -EINVAL;
		else if (index < ARCH_MAX_GP)
			err = check_general(cpu, control->evntsel[i], imode);
		else
			err = check_fixed(cpu, control->evntsel[i], imode);
	}
	if (err)
		return err;

	memset(program, 0, sizeof(*program));
	for (uint32_t i = 0; i < nrctrs; i++) {
		uint32_t index = arch_counter_index(control->pmc_map[i]);
		if (index < ARCH_MAX_GP) {
			program->image[index] = control->evntsel[i];
			program->control_index[i] = (uint8_t)index;
			program->control_bits[i] = 0xFFFFFFFFull;
			program->counter_msr[i] = MSR_P6_PERFCTR0 + index;
			global |= 1ull << index;
		} else {
			uint32_t fixed = index - ARCH_MAX_GP;
			program->image[fixed_ctrl_index] |= (uint64_t)control->evntsel[i]
			                                    << (4 * fixed);
			program->control_index[i] = (uint8_t)fixed_ctrl_index;
			program->control_bits[i] = 0xFull << (4 * fixed);
			program->counter_msr[i] = MSR_ARCH_FIXED_CTR0 + fixed;
			global |= 1ull << (32 + fixed);
		}
	}
	if (cpu->perfmon_version >= 2)
		program->image[global_index] = global;
	return 0;
}
