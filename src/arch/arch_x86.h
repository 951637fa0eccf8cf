// SPDX-License-Identifier: BSD-3-Clause
/* x86-64 and i386 (included by arch.h only). rdpmc takes the counter
 * selector in ecx (bit 30: the fixed-function counters, bit 29: Intel's
 * topdown metrics register) and returns edx:eax; rdtsc returns the time
 * stamp counter in edx:eax. Neither is serializing: the perf page's
 * sequence protocol, not the instruction, orders a read. */
#ifndef PAPILLON_ARCH_X86_H
#define PAPILLON_ARCH_X86_H

static inline __attribute__((always_inline)) bool arch_counter_read(uint32_t counter,
                                                                    uint64_t *value)
{
	uint32_t low, high;
	__asm__ volatile("rdpmc" : "=a"(low), "=d"(high) : "c"(counter));
	*value = (uint64_t)high << 32 | low;
	return true;
}

static inline __attribute__((always_inline)) uint64_t arch_timestamp_read(void)
{
	uint32_t low, high;
	__asm__ volatile("rdtsc" : "=a"(low), "=d"(high));
	return (uint64_t)high << 32 | low;
}

static inline uint64_t arch_timestamp_register_hz(void)
{
	return 0; /* the TSC's rate is in no register user space reads */
}

#endif
