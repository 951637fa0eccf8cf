// SPDX-License-Identifier: BSD-3-Clause
/* Reading a virtual counter's sums from its mapped state page, without a
 * system call (perfctr_state_read.c). */
#ifndef PAPILLON_PERFCTR_STATE_READ_H
#define PAPILLON_PERFCTR_STATE_READ_H

#include <stdbool.h>
#include <stdint.h>

#include "kernel/perfctr_abi.h"

/* The two instructions a read needs: the component passes src/arch/'s
 * rdpmc and rdtsc, the tests a simulated CPU. rdpmc is NULL on a CPU
 * without the instruction (the P5 before MMX: perfctr_info.cpu_features
 * lacks PERFCTR_FEATURE_RDPMC): only a TSC-only control reads the page
 * there. */
struct perfctr_read_ops {
	void *cpu;
	uint64_t (*rdpmc)(void *cpu, uint32_t selector);
	uint64_t (*rdtsc)(void *cpu);
};

/* Fills sums (tsc and the nrctrs counters of the state's control) from the
 * page. false when the page cannot be read in user space: the control has
 * no TSC (its tsc_start is what tells a read that the kernel switched the
 * counters meanwhile), it has counters and the CPU no rdpmc, or the
 * kernel kept switching for max_tries tries: then the caller reads with
 * VPERFCTR_READ_SUM. */
bool perfctr_state_read(const volatile struct perfctr_cpu_state *state,
                        const struct perfctr_read_ops *ops, unsigned max_tries,
                        struct perfctr_sum_ctrs *sums);

#endif
