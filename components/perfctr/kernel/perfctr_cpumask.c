// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/* The ABI's CPU mask words (perfctr_cpumask.h). */
#include "perfctr_cpumask.h"

#define WORDS_PER_LONG (sizeof(unsigned long) / sizeof(uint32_t))
#define BITS_IN_LONG   (8 * sizeof(unsigned long))

uint32_t perfctr_cpumask_nrwords(unsigned int nr_cpus)
{
	uint32_t longs = (nr_cpus + BITS_IN_LONG - 1) / BITS_IN_LONG;
	return longs * WORDS_PER_LONG;
}

uint32_t perfctr_cpumask_word(const unsigned long *bits, uint32_t index)
{
	unsigned long value = bits[index / WORDS_PER_LONG];
	unsigned int shift = 32 * (index % WORDS_PER_LONG);

	/* Two steps: a shift by the whole width of a long is undefined. */
	return (uint32_t)((value >> shift / 2) >> (shift - shift / 2));
}
