// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/* The families as data: each one's name and validator, and the control
 * registers each CPU of the family has, in the order a resume writes them
 * (a register that enables counting comes after those it enables). */
#include "x86_driver.h"
#include "x86_msr.h"
#include "x86_p4.h"
#include "x86_families.h"

static const struct perfctr_x86_family families[PERFCTR_FAMILY_COUNT] = {
    [PERFCTR_FAMILY_GENERIC] = {"generic", perfctr_x86_check_generic_control},
    [PERFCTR_FAMILY_P5] = {"p5", perfctr_x86_check_p5_control},
    [PERFCTR_FAMILY_CYRIX] = {"cyrix", perfctr_x86_check_cyrix_control},
    [PERFCTR_FAMILY_WINCHIP] = {"winchip", perfctr_x86_check_winchip_control},
    [PERFCTR_FAMILY_P6] = {"p6", perfctr_x86_check_p6_control},
    [PERFCTR_FAMILY_K7] = {"k7", perfctr_x86_check_k7_control},
    [PERFCTR_FAMILY_VIA_C3] = {"via_c3", perfctr_x86_check_via_c3_control},
    [PERFCTR_FAMILY_P4] = {"p4", perfctr_x86_check_p4_control},
    [PERFCTR_FAMILY_ARCH_PERFMON] = {"arch_perfmon", perfctr_x86_check_arch_perfmon_control},
    [PERFCTR_FAMILY_AMD_FAM10H] = {"amd_fam10h", perfctr_x86_check_amd_fam10h_control},
};

const struct perfctr_x86_family *perfctr_x86_family_of(enum perfctr_x86_family_id id)
{
	return id < PERFCTR_FAMILY_COUNT ? &families[id] : NULL;
}

static void add(struct perfctr_x86_cpu *cpu, uint32_t msr)
{
	cpu->control_msrs[cpu->nr_control_msrs++] = msr;
}

void perfctr_x86_list_control_msrs(struct perfctr_x86_cpu *cpu)
{
	cpu->nr_control_msrs = 0;
	switch (cpu->family_id) {
	case PERFCTR_FAMILY_P5:
	case PERFCTR_FAMILY_CYRIX:
	case PERFCTR_FAMILY_WINCHIP:
		add(cpu, MSR_P5_CESR);
		break;
	case PERFCTR_FAMILY_P6:
		add(cpu, MSR_P6_EVNTSEL0 + 1);
		add(cpu, MSR_P6_EVNTSEL0); /* its EN enables both */
		break;
	case PERFCTR_FAMILY_VIA_C3:
		add(cpu, MSR_P6_EVNTSEL0 + 1);
		break;
	case PERFCTR_FAMILY_K7:
		for (uint32_t i = 0; i < 4; i++)
			add(cpu, MSR_K7_EVNTSEL0 + i);
		break;
	case PERFCTR_FAMILY_AMD_FAM10H:
		for (uint32_t i = 0; i < cpu->nr_counters; i++)
			add(cpu,
			    cpu->amd_ext_core ? MSR_AMD_EXT_CTL0 + 2 * i : MSR_K7_EVNTSEL0 + i);
		if (cpu->perfmon_version >= 2)
			add(cpu, MSR_AMD_GLOBAL_CTL);
		break;
	case PERFCTR_FAMILY_ARCH_PERFMON:
		for (uint32_t i = 0; i < cpu->nr_counters; i++)
			add(cpu, MSR_P6_EVNTSEL0 + i);
		if (cpu->nr_fixed)
			add(cpu, MSR_ARCH_FIXED_CTR_CTRL);
		if (cpu->perfmon_version >= 2)
			add(cpu, MSR_ARCH_GLOBAL_CTRL);
		break;
	case PERFCTR_FAMILY_P4:
		cpu->nr_control_msrs = perfctr_x86_p4_list_escrs(cpu->control_msrs);
		add(cpu, MSR_P4_PEBS_MATRIX_VERT);
		add(cpu, MSR_P4_PEBS_ENABLE);
		for (uint32_t i = 0; i < P4_NR_COUNTERS; i++)
			add(cpu, MSR_P4_CCCR0 + i);
		break;
	default:
		break;
	}
}
