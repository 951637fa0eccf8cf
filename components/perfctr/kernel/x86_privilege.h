/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/* What a control counts, in the terms of the privilege rule both modules
 * share (components/kernel-common/kpriv.h): from each counter's privilege
 * filter as its family encodes it. */
#ifndef PAPILLON_PERFCTR_X86_PRIVILEGE_H
#define PAPILLON_PERFCTR_X86_PRIVILEGE_H

#include "x86_driver.h"

/* The KPRIV_* needs of a control on this CPU: 0 for the TSC alone,
 * KPRIV_USER for counters that count user mode only, KPRIV_KERNEL too
 * when one counts ring 0 (its OS bit set, or a family with no privilege
 * filter). Runs before the family's validator, on an untrusted control:
 * only the arrays' slots of its counters are read, and a malformed
 * control gets the answer for what it asks. */
unsigned perfctr_x86_control_needs(const struct perfctr_x86_cpu *cpu,
                                   const struct perfctr_cpu_control *control);

#endif
