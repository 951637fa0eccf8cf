// SPDX-License-Identifier: BSD-3-Clause
/* The state page's read protocol. The kernel updates a running counter's
 * start values (and tsc_start) whenever it suspends, resumes or samples
 * it: a read computes sum + (now - start) over the low 32 bits, as the
 * kernel does, and is consistent if tsc_start did not change while it
 * ran; else the counters moved under it (a context switch, a migration)
 * and it starts again. No lock, no system call. */
#include "perfctr_state_read.h"

bool perfctr_state_read(const volatile struct perfctr_cpu_state *state,
                        const struct perfctr_read_ops *ops, unsigned max_tries,
                        struct perfctr_sum_ctrs *sums)
{
	for (unsigned try = 0; try < max_tries; try++) {
		uint32_t cstatus = state->cstatus;
		uint32_t tsc_start = state->tsc_start;
		uint32_t nrctrs = perfctr_cstatus_nrctrs(cstatus);

		if (!perfctr_cstatus_has_tsc(cstatus) || nrctrs > PERFCTR_MAX_COUNTERS ||
		    (nrctrs && !ops->rdpmc))
			return false;
		/* The compiler may not move the page's loads across the
		 * instructions, nor the final check before them. */
		__atomic_signal_fence(__ATOMIC_SEQ_CST);
		sums->tsc = state->tsc_sum + (uint32_t)((uint32_t)ops->rdtsc(ops->cpu) - tsc_start);
		for (uint32_t i = 0; i < nrctrs; i++) {
			uint32_t now = (uint32_t)ops->rdpmc(ops->cpu, state->pmc[i].map);
			sums->pmc[i] = state->pmc[i].sum + (uint32_t)(now - state->pmc[i].start);
		}
		__atomic_signal_fence(__ATOMIC_SEQ_CST);
		if (state->tsc_start == tsc_start && state->cstatus == cstatus)
			return true;
	}
	return false;
}
