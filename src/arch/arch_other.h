// SPDX-License-Identifier: BSD-3-Clause
/* An architecture the layer has no instructions for (included by arch.h
 * only): nothing reads, and the facts say so (ARCH_TIMESTAMP_NONE, no
 * counter read), so callers never rely on these. */
#ifndef PAPILLON_ARCH_OTHER_H
#define PAPILLON_ARCH_OTHER_H

static inline bool arch_counter_read(uint32_t counter, uint64_t *value)
{
	(void)counter;
	*value = 0;
	return false;
}

static inline uint64_t arch_timestamp_read(void)
{
	return 0;
}

static inline uint64_t arch_timestamp_register_hz(void)
{
	return 0;
}

#endif
