/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/* CPU masks as PERFCTR_CPUS and PERFCTR_CPUS_FORBIDDEN hand them to user
 * space: 32-bit words, each of the kernel's longs split least significant
 * word first, so that user space needs to know neither the word size nor
 * the kernel's CPU limit. The caller tells the needed count first (in
 * nrwords) and fills the words only if user space gave room for them. */
#ifndef PAPILLON_PERFCTR_CPUMASK_H
#define PAPILLON_PERFCTR_CPUMASK_H

#include "x86_regs.h"

/* Words needed for a mask of nr_cpus CPUs kept in longs. */
uint32_t perfctr_cpumask_nrwords(unsigned int nr_cpus);
/* Word index of the mask whose longs are bits. */
uint32_t perfctr_cpumask_word(const unsigned long *bits, uint32_t index);

#endif
