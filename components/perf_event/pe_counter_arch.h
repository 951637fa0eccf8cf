/* The instructions that read a hardware counter and the timer the perf
 * page's time scale applies to, per architecture, as always-inlined
 * functions for pe_userpage_read(). The page's index is the counter + 1.
 *
 *   x86-64   rdpmc with ecx = index - 1 (bit 30 set: a fixed counter; bit 29:
 *            the topdown metrics, which are no count); rdtsc
 *   arm64    mrs PMEVCNTR<index-1>_EL0 for index 1..31, PMCCNTR_EL0 for
 *            index 32; the timer is CNTVCT_EL0
 *   RISC-V   csrr of CSR 0xC00 + index - 1 (cycle, time, instret,
 *            hpmcounter3..31); the timer is the time CSR
 *
 * arm64 and RISC-V name the register in the instruction itself, so a read
 * is a switch over every register (a jump table). Elsewhere (POWER's
 * kernel gives no user access: cap_user_rdpmc stays 0) nothing reads, and
 * PE_ARCH_USER_READ is 0. */
#ifndef PAPILLON_PE_COUNTER_ARCH_H
#define PAPILLON_PE_COUNTER_ARCH_H

#include <stdbool.h>
#include <stdint.h>

#if defined(__x86_64__)

#define PE_ARCH_USER_READ 1

/* ecx bit 29 (Intel's topdown metrics register) holds fractions, not a
 * count: only read() gives those events. */
#define PE_X86_RDPMC_METRICS (UINT32_C(1) << 29)

static inline __attribute__((always_inline)) bool pe_arch_counter(uint32_t index, uint64_t *value)
{
	uint32_t low, high;
	if ((index - 1) & PE_X86_RDPMC_METRICS)
		return false;
	__asm__ volatile("rdpmc" : "=a"(low), "=d"(high) : "c"(index - 1));
	*value = (uint64_t)high << 32 | low;
	return true;
}

static inline __attribute__((always_inline)) uint64_t pe_arch_timer(void)
{
	uint32_t low, high;
	__asm__ volatile("rdtsc" : "=a"(low), "=d"(high));
	return (uint64_t)high << 32 | low;
}

#elif defined(__aarch64__)

#define PE_ARCH_USER_READ 1

#define PE_READ_PMEVCNTR(n)                                                                        \
	case (n) + 1:                                                                              \
		__asm__ volatile("mrs %0, pmevcntr" #n "_el0" : "=r"(*value));                     \
		return true;

static inline __attribute__((always_inline)) bool pe_arch_counter(uint32_t index, uint64_t *value)
{
	switch (index) {
		PE_READ_PMEVCNTR(0)
		PE_READ_PMEVCNTR(1)
		PE_READ_PMEVCNTR(2)
		PE_READ_PMEVCNTR(3)
		PE_READ_PMEVCNTR(4)
		PE_READ_PMEVCNTR(5)
		PE_READ_PMEVCNTR(6)
		PE_READ_PMEVCNTR(7)
		PE_READ_PMEVCNTR(8)
		PE_READ_PMEVCNTR(9)
		PE_READ_PMEVCNTR(10)
		PE_READ_PMEVCNTR(11)
		PE_READ_PMEVCNTR(12)
		PE_READ_PMEVCNTR(13)
		PE_READ_PMEVCNTR(14)
		PE_READ_PMEVCNTR(15)
		PE_READ_PMEVCNTR(16)
		PE_READ_PMEVCNTR(17)
		PE_READ_PMEVCNTR(18)
		PE_READ_PMEVCNTR(19)
		PE_READ_PMEVCNTR(20)
		PE_READ_PMEVCNTR(21)
		PE_READ_PMEVCNTR(22)
		PE_READ_PMEVCNTR(23)
		PE_READ_PMEVCNTR(24)
		PE_READ_PMEVCNTR(25)
		PE_READ_PMEVCNTR(26)
		PE_READ_PMEVCNTR(27)
		PE_READ_PMEVCNTR(28)
		PE_READ_PMEVCNTR(29)
		PE_READ_PMEVCNTR(30)
	case 32:
		__asm__ volatile("mrs %0, pmccntr_el0" : "=r"(*value));
		return true;
	default:
		return false;
	}
}

#undef PE_READ_PMEVCNTR

static inline __attribute__((always_inline)) uint64_t pe_arch_timer(void)
{
	uint64_t value;
	/* isb: not read ahead of the page fields it is scaled with. */
	__asm__ volatile("isb\n\tmrs %0, cntvct_el0" : "=r"(value)::"memory");
	return value;
}

#elif defined(__riscv) && __riscv_xlen == 64

#define PE_ARCH_USER_READ 1

#define PE_READ_CSR(n)                                                                             \
	case (n) + 1:                                                                              \
		__asm__ volatile("csrr %0, %1" : "=r"(*value) : "i"(0xc00 + (n)));                 \
		return true;

static inline __attribute__((always_inline)) bool pe_arch_counter(uint32_t index, uint64_t *value)
{
	switch (index) {
		PE_READ_CSR(0)
		PE_READ_CSR(1)
		PE_READ_CSR(2)
		PE_READ_CSR(3)
		PE_READ_CSR(4)
		PE_READ_CSR(5)
		PE_READ_CSR(6)
		PE_READ_CSR(7)
		PE_READ_CSR(8)
		PE_READ_CSR(9)
		PE_READ_CSR(10)
		PE_READ_CSR(11)
		PE_READ_CSR(12)
		PE_READ_CSR(13)
		PE_READ_CSR(14)
		PE_READ_CSR(15)
		PE_READ_CSR(16)
		PE_READ_CSR(17)
		PE_READ_CSR(18)
		PE_READ_CSR(19)
		PE_READ_CSR(20)
		PE_READ_CSR(21)
		PE_READ_CSR(22)
		PE_READ_CSR(23)
		PE_READ_CSR(24)
		PE_READ_CSR(25)
		PE_READ_CSR(26)
		PE_READ_CSR(27)
		PE_READ_CSR(28)
		PE_READ_CSR(29)
		PE_READ_CSR(30)
		PE_READ_CSR(31)
	default:
		return false;
	}
}

#undef PE_READ_CSR

static inline __attribute__((always_inline)) uint64_t pe_arch_timer(void)
{
	uint64_t value;
	__asm__ volatile("csrr %0, time" : "=r"(value));
	return value;
}

#else

#define PE_ARCH_USER_READ 0

static inline bool pe_arch_counter(uint32_t index, uint64_t *value)
{
	(void)index;
	*value = 0;
	return false;
}

static inline uint64_t pe_arch_timer(void)
{
	return 0;
}

#endif

#endif
