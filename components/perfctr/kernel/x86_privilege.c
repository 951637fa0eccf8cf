// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/* The privilege each counter of a control asks for (x86_privilege.h). */
#include "kpriv.h"
#include "x86_msr.h"
#include "x86_privilege.h"

/* Whether counter i of the control counts ring 0 on this family. */
static bool counts_ring0(const struct perfctr_x86_cpu *cpu,
                         const struct perfctr_cpu_control *control, unsigned i)
{
	uint32_t evntsel = control->evntsel[i];

	switch (cpu->family_id) {
	case PERFCTR_FAMILY_P5:
	case PERFCTR_FAMILY_CYRIX:
		return evntsel & P5_CPL_OS;
	case PERFCTR_FAMILY_P6:
	case PERFCTR_FAMILY_K7:
	case PERFCTR_FAMILY_AMD_FAM10H:
		return evntsel & EVNTSEL_OS;
	case PERFCTR_FAMILY_ARCH_PERFMON:
		/* A fixed counter's field of FIXED_CTR_CTRL has its own OS bit. */
		if (control->pmc_map[i] & ARCH_RDPMC_FIXED)
			return evntsel & ARCH_FIXED_OS;
		return evntsel & EVNTSEL_OS;
	case PERFCTR_FAMILY_P4:
		/* The privilege filter is the ESCR's, for either thread. */
		return control->p4.escr[i] & P4_ESCR_OS;
	default:
		/* The WinChip and the VIA C3 count at every privilege level;
		 * the generic driver's test counters count time, the
		 * kernel's included. */
		return true;
	}
}

unsigned perfctr_x86_control_needs(const struct perfctr_x86_cpu *cpu,
                                   const struct perfctr_cpu_control *control)
{
	unsigned needs = 0;

	for (unsigned i = 0; i < PERFCTR_MAX_COUNTERS; i++) {
		/* Counter i is used when it is one of the nractrs a-mode ones
		 * or of the nrictrs i-mode ones after them (no sum: it could
		 * wrap). */
		if (i >= control->nractrs && i - control->nractrs >= control->nrictrs)
			continue;
		needs |= KPRIV_USER;
		if (counts_ring0(cpu, control, i))
			needs |= KPRIV_KERNEL;
	}
	return needs;
}
