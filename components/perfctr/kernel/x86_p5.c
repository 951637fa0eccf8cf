// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/* Intel P5 and P5MMX, and the P5 clones: Cyrix 6x86MX/MII/III and Centaur
 * WinChip. Two counters whose 16-bit controls share the CESR register;
 * none can interrupt on overflow. */
#include "x86_families.h"
#include "x86_msr.h"

static uint32_t p5_counter_index(uint32_t pmc_map)
{
	return pmc_map;
}

static int p5_like_check(const struct perfctr_x86_cpu *cpu,
                         const struct perfctr_cpu_control *control,
                         struct perfctr_x86_program *program, uint32_t reserved, bool cpl_required)
{
	uint32_t nrctrs = control->nractrs + control->nrictrs;
	uint64_t cesr = 0;
	int err;

	err = perfctr_x86_check_counts(control, 2, false);
	if (!err)
		err = perfctr_x86_check_map(control, p5_counter_index, 2);
	if (err)
		return err;
	for (uint32_t i = 0; i < nrctrs; i++) {
		uint32_t evntsel = control->evntsel[i];
		/* Each control is one 16-bit half of the CESR. */
		if (evntsel & (reserved | 0xFFFF0000u))
			return -EINVAL;
		if (cpl_required && !(evntsel & P5_CPL_BITS))
			return -EINVAL;
	}
	memset(program, 0, sizeof(*program));
	for (uint32_t i = 0; i < nrctrs; i++) {
		uint32_t shift = 16 * control->pmc_map[i];
		cesr |= (uint64_t)control->evntsel[i] << shift;
		program->control_index[i] = 0;
		program->control_bits[i] = 0xFFFFull << shift;
		program->counter_msr[i] = MSR_P5_CTR0 + control->pmc_map[i];
	}
	program->image[0] = cesr;
	return 0;
}

int perfctr_x86_check_p5_control(const struct perfctr_x86_cpu *cpu,
                                 const struct perfctr_cpu_control *control, bool is_global,
                                 struct perfctr_x86_program *program)
{
	return p5_like_check(cpu, control, program, P5_RESERVED, true);
}

int perfctr_x86_check_cyrix_control(const struct perfctr_x86_cpu *cpu,
                                    const struct perfctr_cpu_control *control, bool is_global,
                                    struct perfctr_x86_program *program)
{
	return p5_like_check(cpu, control, program, CYRIX_RESERVED, true);
}

int perfctr_x86_check_winchip_control(const struct perfctr_x86_cpu *cpu,
                                      const struct perfctr_cpu_control *control, bool is_global,
                                      struct perfctr_x86_program *program)
{
	/* The WinChip's TSC is broken: a control may not ask for it. */
	if (control->tsc_on)
		return -EINVAL;
	/* Centaur's controls have no CPL bits to require. */
	return p5_like_check(cpu, control, program, WINCHIP_RESERVED, false);
}

static uint32_t test_counter_index(uint32_t pmc_map)
{
	return pmc_map;
}

/* Under the module's test_inject only: i-mode counters on the test
 * counters (no a-mode ones: user space could not read them, there is no
 * rdpmc), evntsel 0 (there is no control register), ireset negative. */
static int check_test_counters(const struct perfctr_cpu_control *control,
                               struct perfctr_x86_program *program)
{
	uint32_t nrctrs = control->nractrs + control->nrictrs;

	if (control->nractrs || perfctr_x86_check_counts(control, PERFCTR_TEST_COUNTERS, true) ||
	    perfctr_x86_check_map(control, test_counter_index, PERFCTR_TEST_COUNTERS) ||
	    perfctr_x86_check_ireset(control))
		return -EINVAL;
	for (uint32_t i = 0; i < nrctrs; i++)
		if (control->evntsel[i])
			return -EINVAL;
	memset(program, 0, sizeof(*program));
	for (uint32_t i = 0; i < nrctrs; i++)
		program->counter_msr[i] = PERFCTR_TEST_COUNTER_MSR0 + control->pmc_map[i];
	return 0;
}

int perfctr_x86_check_generic_control(const struct perfctr_x86_cpu *cpu,
                                      const struct perfctr_cpu_control *control, bool is_global,
                                      struct perfctr_x86_program *program)
{
	/* A TSC and nothing else ("tsc_on == 1 and nractrs == nrictrs == 0"),
	 * but for the test counters of the module's test_inject. */
	if (control->tsc_on != 1)
		return -EINVAL;
	if (cpu->test_counters && !is_global && control->nrictrs)
		return check_test_counters(control, program);
	if (control->nractrs || control->nrictrs)
		return -EINVAL;
	memset(program, 0, sizeof(*program));
	return 0;
}
