// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/* The global (system-wide, per CPU) counters of the perfctr 2.6 ABI, as
 * bookkeeping over the x86 low-level driver: one counter state per CPU,
 * the GPERFCTR_* rules, and the per-CPU steps (resume, sample, suspend)
 * that the module runs on each CPU (gperfctr.c, by IPI). No kernel call
 * here, so the user-space tests run the same rules on the simulated CPU. */
#ifndef PAPILLON_PERFCTR_GLOBAL_H
#define PAPILLON_PERFCTR_GLOBAL_H

#include "x86_driver.h"

/* GPERFCTR_START: a sampling interval below this many microseconds is
 * refused (perfctr 2.6's limit); 0 asks for no sampling at all. */
#define PERFCTR_GLOBAL_MIN_INTERVAL_USEC 10000u

struct perfctr_global_cpu {
	struct perfctr_x86_state state;
	bool has_control; /* set by GPERFCTR_CONTROL since the last stop */
	bool running;     /* resumed on its CPU */
};

struct perfctr_global {
	const struct perfctr_x86_cpu *cpu;
	struct perfctr_global_cpu *cpus; /* nr_cpus of them */
	uint32_t nr_cpus;
	uint32_t nr_active; /* CPUs with a control */
	bool started;
};

/* GPERFCTR_CONTROL for control->cpu, which the caller says is online or
 * not and forbidden or not. -EINVAL: no such CPU, offline, forbidden,
 * reserved words set, or a control the driver refuses; -EPERM: i-mode
 * counters (no overflow interrupt in global mode); -EBUSY: the counters
 * are started (stop them first). Else the CPU's sums restart from zero
 * and the result is the number of CPUs with a control. */
int perfctr_global_control(struct perfctr_global *g, const struct gperfctr_cpu_control *control,
                           bool online, bool forbidden, struct perfctr_x86_program *scratch);

/* GPERFCTR_START's checks: -EINVAL for an interval in (0, the minimum),
 * -EBUSY when started already; else the number of CPUs with a control
 * (0: nothing to start). */
int perfctr_global_check_start(const struct perfctr_global *g, uint32_t interval_usec);

/* Whether CPU n's control uses a counter (else the TSC alone, which needs
 * no register, no reservation and no cache). */
bool perfctr_global_cpu_has_counters(const struct perfctr_global *g, uint32_t n);

/* On CPU n itself, preemption and interrupts off: start its counters,
 * bring its sums up to date, stop them (the sums stay readable). cache is
 * the CPU's own; it may be NULL when the CPU has no counter. */
void perfctr_global_resume_cpu(struct perfctr_global *g, uint32_t n,
                               struct perfctr_x86_cache *cache, uint64_t forbidden_mask);
void perfctr_global_sample_cpu(struct perfctr_global *g, uint32_t n);
void perfctr_global_suspend_cpu(struct perfctr_global *g, uint32_t n,
                                struct perfctr_x86_cache *cache);

/* CPU hotplug, on CPU n itself (the module's cpuhp callbacks), interrupts
 * off. Going offline: its counters are suspended (their sums final until
 * it comes back) and, if it had any, its control registers cleared, so
 * that nothing of the global counters counts on a CPU that is gone; cache
 * is its own. Coming back while started: it counts again from those sums,
 * through cache, which the caller has emptied (the registers may have been
 * reset meanwhile), so every control register it needs is written. */
void perfctr_global_cpu_offline(struct perfctr_global *g, uint32_t n,
                                struct perfctr_x86_cache *cache);
void perfctr_global_cpu_online(struct perfctr_global *g, uint32_t n,
                               struct perfctr_x86_cache *cache, uint64_t forbidden_mask);

/* After every CPU was suspended: the controls are forgotten (a new start
 * needs new controls), the sums and controls stay readable. */
void perfctr_global_forget(struct perfctr_global *g);

/* GPERFCTR_READ of CPU n: its control and sums (as last sampled).
 * -EINVAL for no such CPU or an offline one. */
int perfctr_global_read(const struct perfctr_global *g, uint32_t n, bool online,
                        struct gperfctr_cpu_state *out);

#endif
