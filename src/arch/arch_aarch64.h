// SPDX-License-Identifier: BSD-3-Clause
/* arm64 (included by arch.h only). The register is part of the mrs
 * instruction, so a counter read is a switch over every register (the
 * compiler makes it a jump table): PMEVCNTR0..30_EL0, and PMCCNTR_EL0 as
 * counter 31 (the bit the PMU's enable and overflow registers give the
 * cycle counter). The timestamp is the virtual count CNTVCT_EL0 at
 * CNTFRQ_EL0 ticks per second. */
#ifndef PAPILLON_ARCH_AARCH64_H
#define PAPILLON_ARCH_AARCH64_H

#define ARCH_AARCH64_CYCLE_COUNTER 31

#define ARCH_READ_PMEVCNTR(n)                                                                      \
	case (n) + 1:                                                                              \
		__asm__ volatile("mrs %0, pmevcntr" #n "_el0" : "=r"(*value));                     \
		return true;

static inline __attribute__((always_inline)) bool arch_counter_read(uint32_t counter,
                                                                    uint64_t *value)
{
	/* On counter + 1 (wrapping to 0, no register, for UINT32_MAX): a
	 * caller numbering from 1, as the perf page's index does, passes its
	 * number - 1, and the compiler indexes the jump table with the
	 * caller's number as it is, no subtraction, no widening. */
	switch (counter + 1) {
		ARCH_READ_PMEVCNTR(0)
		ARCH_READ_PMEVCNTR(1)
		ARCH_READ_PMEVCNTR(2)
		ARCH_READ_PMEVCNTR(3)
		ARCH_READ_PMEVCNTR(4)
		ARCH_READ_PMEVCNTR(5)
		ARCH_READ_PMEVCNTR(6)
		ARCH_READ_PMEVCNTR(7)
		ARCH_READ_PMEVCNTR(8)
		ARCH_READ_PMEVCNTR(9)
		ARCH_READ_PMEVCNTR(10)
		ARCH_READ_PMEVCNTR(11)
		ARCH_READ_PMEVCNTR(12)
		ARCH_READ_PMEVCNTR(13)
		ARCH_READ_PMEVCNTR(14)
		ARCH_READ_PMEVCNTR(15)
		ARCH_READ_PMEVCNTR(16)
		ARCH_READ_PMEVCNTR(17)
		ARCH_READ_PMEVCNTR(18)
		ARCH_READ_PMEVCNTR(19)
		ARCH_READ_PMEVCNTR(20)
		ARCH_READ_PMEVCNTR(21)
		ARCH_READ_PMEVCNTR(22)
		ARCH_READ_PMEVCNTR(23)
		ARCH_READ_PMEVCNTR(24)
		ARCH_READ_PMEVCNTR(25)
		ARCH_READ_PMEVCNTR(26)
		ARCH_READ_PMEVCNTR(27)
		ARCH_READ_PMEVCNTR(28)
		ARCH_READ_PMEVCNTR(29)
		ARCH_READ_PMEVCNTR(30)
	case ARCH_AARCH64_CYCLE_COUNTER + 1:
		__asm__ volatile("mrs %0, pmccntr_el0" : "=r"(*value));
		return true;
	default:
		return false;
	}
}

#undef ARCH_READ_PMEVCNTR

static inline __attribute__((always_inline)) uint64_t arch_timestamp_read(void)
{
	uint64_t value;
	/* isb: the read is not hoisted above earlier instructions (the perf
	 * page fields it is scaled with, the start of a timed interval). */
	__asm__ volatile("isb\n\tmrs %0, cntvct_el0" : "=r"(value)::"memory");
	return value;
}

static inline uint64_t arch_timestamp_register_hz(void)
{
	uint64_t hz;
	__asm__ volatile("mrs %0, cntfrq_el0" : "=r"(hz));
	return hz;
}

#endif
