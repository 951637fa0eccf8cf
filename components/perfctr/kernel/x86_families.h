/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/* Each family's validator (see struct perfctr_x86_family): checks every
 * rule of the family and only then fills the program. */
#ifndef PAPILLON_PERFCTR_X86_FAMILIES_H
#define PAPILLON_PERFCTR_X86_FAMILIES_H

#include "x86_driver.h"

#define PERFCTR_X86_CHECK(name)                                                                    \
	int perfctr_x86_check_##name##_control(                                                    \
	    const struct perfctr_x86_cpu *cpu, const struct perfctr_cpu_control *control,          \
	    bool is_global, struct perfctr_x86_program *program)

PERFCTR_X86_CHECK(generic);
PERFCTR_X86_CHECK(p5);
PERFCTR_X86_CHECK(cyrix);
PERFCTR_X86_CHECK(winchip);
PERFCTR_X86_CHECK(p6);
PERFCTR_X86_CHECK(k7);
PERFCTR_X86_CHECK(via_c3);
PERFCTR_X86_CHECK(p4);
PERFCTR_X86_CHECK(arch_perfmon);
PERFCTR_X86_CHECK(amd_fam10h);

#endif
