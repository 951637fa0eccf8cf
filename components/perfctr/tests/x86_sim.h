// SPDX-License-Identifier: BSD-3-Clause
/* A simulated x86 CPU for the low-level driver's tests: CPUID leaves,
 * MSRs with the bits each may hold (a write of any other bit faults, as a
 * #GP would), counters readable by rdpmc, a TSC, and a log of every MSR
 * write in order. One constructor per family builds its register file
 * from the manuals' facts, independently of the driver's tables. */
#ifndef PAPILLON_PERFCTR_X86_SIM_H
#define PAPILLON_PERFCTR_X86_SIM_H

#include "x86_regs.h"

#define SIM_MAX_MSRS   160
#define SIM_MAX_CPUID  16
#define SIM_MAX_WRITES 512

struct sim_msr {
	uint32_t msr;
	uint64_t value;
	uint64_t writable;         /* a write with any other bit set faults */
	unsigned sign_extend_from; /* nonzero: a write keeps the low 32 bits
	                            * and sign-extends them to this width (P6) */
	int rdpmc;                 /* the rdpmc selector reading it, or -1 */
};

struct sim_write {
	uint32_t msr;
	uint64_t value;
};

struct sim_cpu {
	struct perfctr_x86_regs regs;
	struct {
		uint32_t leaf, subleaf, out[4];
	} cpuid[SIM_MAX_CPUID];
	unsigned nr_cpuid;
	struct sim_msr msrs[SIM_MAX_MSRS];
	unsigned nr_msrs;
	struct sim_write writes[SIM_MAX_WRITES];
	unsigned nr_writes;
	unsigned faults; /* MSR accesses that would #GP */
	unsigned rdpmcs;
	uint64_t tsc;
	int cpu_number;
};

/* The families. */
void sim_cpu_generic(struct sim_cpu *sim);
/* The generic CPU plus the two test counters of the module's test_inject
 * (PERFCTR_TEST_COUNTER_MSR0...); the driver uses them only when the
 * test sets cpu.test_counters, as the module does. */
void sim_cpu_generic_test_counters(struct sim_cpu *sim);
void sim_cpu_no_tsc(struct sim_cpu *sim);
void sim_cpu_p5(struct sim_cpu *sim, bool mmx);
void sim_cpu_cyrix(struct sim_cpu *sim);
void sim_cpu_winchip(struct sim_cpu *sim);
void sim_cpu_p6(struct sim_cpu *sim);
void sim_cpu_k7(struct sim_cpu *sim, bool k8);
void sim_cpu_via_c3(struct sim_cpu *sim);
void sim_cpu_p4(struct sim_cpu *sim, uint32_t model, bool hyperthreaded);
void sim_cpu_arch_perfmon(struct sim_cpu *sim, uint32_t version, uint32_t gp, uint32_t fixed);
void sim_cpu_amd(struct sim_cpu *sim, uint32_t family, bool ext_core, bool perfmon_v2);

/* Test helpers. */
struct sim_msr *sim_find(struct sim_cpu *sim, uint32_t msr);
void sim_set(struct sim_cpu *sim, uint32_t msr, uint64_t value);
uint64_t sim_get(struct sim_cpu *sim, uint32_t msr);
void sim_clear_log(struct sim_cpu *sim);
/* How many logged writes went to msr. */
unsigned sim_writes_to(const struct sim_cpu *sim, uint32_t msr);

#endif
