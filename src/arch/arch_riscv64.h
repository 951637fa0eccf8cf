// SPDX-License-Identifier: BSD-3-Clause
/* RISC-V, 64-bit (included by arch.h only). The unprivileged counters are
 * CSRs 0xC00 + n: cycle, time, instret (rdcycle, rdtime, rdinstret), then
 * hpmcounter3..31; each traps unless the kernel set its scounteren bit.
 * csrr names its CSR in the instruction, hence the switch. time runs at
 * the device tree's timebase-frequency. */
#ifndef PAPILLON_ARCH_RISCV64_H
#define PAPILLON_ARCH_RISCV64_H

#define ARCH_RISCV_CSR_CYCLE 0xc00

#define ARCH_READ_HPMCOUNTER(n)                                                                    \
	case (n) + 1:                                                                              \
		__asm__ volatile("csrr %0, %1" : "=r"(*value) : "i"(ARCH_RISCV_CSR_CYCLE + (n)));  \
		return true;

static inline __attribute__((always_inline)) bool arch_counter_read(uint32_t counter,
                                                                    uint64_t *value)
{
	/* On counter + 1 (wrapping to 0, no register, for UINT32_MAX): a
	 * caller numbering from 1, as the perf page's index does, passes its
	 * number - 1, and the compiler indexes the jump table with the
	 * caller's number as it is, no subtraction, no widening. */
	switch (counter + 1) {
	case 0 + 1:
		__asm__ volatile("rdcycle %0" : "=r"(*value));
		return true;
	case 1 + 1:
		__asm__ volatile("rdtime %0" : "=r"(*value));
		return true;
	case 2 + 1:
		__asm__ volatile("rdinstret %0" : "=r"(*value));
		return true;
		ARCH_READ_HPMCOUNTER(3)
		ARCH_READ_HPMCOUNTER(4)
		ARCH_READ_HPMCOUNTER(5)
		ARCH_READ_HPMCOUNTER(6)
		ARCH_READ_HPMCOUNTER(7)
		ARCH_READ_HPMCOUNTER(8)
		ARCH_READ_HPMCOUNTER(9)
		ARCH_READ_HPMCOUNTER(10)
		ARCH_READ_HPMCOUNTER(11)
		ARCH_READ_HPMCOUNTER(12)
		ARCH_READ_HPMCOUNTER(13)
		ARCH_READ_HPMCOUNTER(14)
		ARCH_READ_HPMCOUNTER(15)
		ARCH_READ_HPMCOUNTER(16)
		ARCH_READ_HPMCOUNTER(17)
		ARCH_READ_HPMCOUNTER(18)
		ARCH_READ_HPMCOUNTER(19)
		ARCH_READ_HPMCOUNTER(20)
		ARCH_READ_HPMCOUNTER(21)
		ARCH_READ_HPMCOUNTER(22)
		ARCH_READ_HPMCOUNTER(23)
		ARCH_READ_HPMCOUNTER(24)
		ARCH_READ_HPMCOUNTER(25)
		ARCH_READ_HPMCOUNTER(26)
		ARCH_READ_HPMCOUNTER(27)
		ARCH_READ_HPMCOUNTER(28)
		ARCH_READ_HPMCOUNTER(29)
		ARCH_READ_HPMCOUNTER(30)
		ARCH_READ_HPMCOUNTER(31)
	default:
		return false;
	}
}

#undef ARCH_READ_HPMCOUNTER

static inline __attribute__((always_inline)) uint64_t arch_timestamp_read(void)
{
	uint64_t value;
	__asm__ volatile("rdtime %0" : "=r"(value));
	return value;
}

static inline uint64_t arch_timestamp_register_hz(void)
{
	return 0; /* the device tree says */
}

#endif
