// SPDX-License-Identifier: BSD-3-Clause
/* The counter and timer reads pe_userpage_read() is inlined with, from the
 * architecture layer (src/arch/arch.h, which holds the instructions). The
 * perf page's index is the counter + 1 (0: the event is on no counter now).
 *
 *   x86-64   rdpmc with ecx = index - 1, except Intel's topdown metrics
 *            (ecx bit 29), which hold fractions, not a count; rdtsc
 *   arm64    PMEVCNTR<index-1>_EL0 for index 1..31, PMCCNTR_EL0 for 32;
 *            the timer is CNTVCT_EL0
 *   RISC-V   CSR 0xC00 + index - 1 (cycle, time, instret, hpmcounter3..31);
 *            the timer is the time CSR
 *
 * Elsewhere (POWER's kernel gives no user access: cap_user_rdpmc stays 0)
 * nothing reads, and PE_ARCH_USER_READ is 0. */
#ifndef PAPILLON_PE_COUNTER_ARCH_H
#define PAPILLON_PE_COUNTER_ARCH_H

#include <stdbool.h>
#include <stdint.h>

#include "arch/arch.h"

/* Where Linux's perf_event lets user space read counters it maps. */
#define PE_ARCH_USER_READ                                                                          \
	(ARCH_THIS == ARCH_X86_64 || ARCH_THIS == ARCH_AARCH64 || ARCH_THIS == ARCH_RISCV64)

/* ecx bit 29 (Intel's topdown metrics register) holds fractions, not a
 * count: only read() gives those events. */
#define PE_X86_RDPMC_METRICS (UINT32_C(1) << 29)

static inline __attribute__((always_inline)) bool pe_arch_counter(uint32_t index, uint64_t *value)
{
	/* Index 0 is no counter: index - 1 wraps to a number no register has
	 * (and that has x86's bit 29 set). */
	if (!PE_ARCH_USER_READ ||
	    (ARCH_THIS == ARCH_X86_64 && ((index - 1) & PE_X86_RDPMC_METRICS)))
		return false;
	return arch_counter_read(index - 1, value);
}

static inline __attribute__((always_inline)) uint64_t pe_arch_timer(void)
{
	return PE_ARCH_USER_READ ? arch_timestamp_read() : 0;
}

#endif
