// SPDX-License-Identifier: BSD-3-Clause
/* POWER, 64-bit (included by arch.h only). The problem-state SPRs 771..776
 * read PMC1..PMC6 when the kernel allows it (MMCR0[PMCC], as for EBB);
 * Linux's perf_event does not (cap_user_rdpmc stays 0). mfspr names its SPR
 * in the instruction, hence the switch. The time base (mftb) runs at
 * /proc/cpuinfo's "timebase" ticks per second. */
#ifndef PAPILLON_ARCH_PPC64_H
#define PAPILLON_ARCH_PPC64_H

#define ARCH_PPC64_SPR_UPMC1 771

#define ARCH_READ_UPMC(n)                                                                          \
	case (n) + 1:                                                                              \
		__asm__ volatile("mfspr %0, %1" : "=r"(*value) : "i"(ARCH_PPC64_SPR_UPMC1 + (n))); \
		return true;

static inline __attribute__((always_inline)) bool arch_counter_read(uint32_t counter,
                                                                    uint64_t *value)
{
	/* On counter + 1 (wrapping to 0, no register, for UINT32_MAX): a
	 * caller numbering from 1, as the perf page's index does, passes its
	 * number - 1, and the compiler indexes the jump table with the
	 * caller's number as it is, no subtraction, no widening. */
	switch (counter + 1) {
		ARCH_READ_UPMC(0)
		ARCH_READ_UPMC(1)
		ARCH_READ_UPMC(2)
		ARCH_READ_UPMC(3)
		ARCH_READ_UPMC(4)
		ARCH_READ_UPMC(5)
	default:
		return false;
	}
}

#undef ARCH_READ_UPMC

static inline __attribute__((always_inline)) uint64_t arch_timestamp_read(void)
{
	uint64_t value;
	__asm__ volatile("mftb %0" : "=r"(value));
	return value;
}

static inline uint64_t arch_timestamp_register_hz(void)
{
	return 0; /* the time base's rate is the firmware's to tell */
}

#endif
