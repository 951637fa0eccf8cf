/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/* The register layer of the x86 low-level driver: the only way it touches
 * the hardware. In the module the operations are the CPU's instructions
 * (x86_regs_native.c); in user space they are a model of a CPU family that
 * records every MSR write (tests/x86_sim.c), so the same driver source is
 * unit-tested on hosts with none of these processors. */
#ifndef PAPILLON_PERFCTR_X86_REGS_H
#define PAPILLON_PERFCTR_X86_REGS_H

#ifdef __KERNEL__
#include <linux/errno.h>
#include <linux/limits.h>
#include <linux/string.h>
#include <linux/types.h>
#ifndef UINT32_MAX
#define UINT32_MAX U32_MAX
#endif
#else
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#endif

struct perfctr_x86_regs {
	void *cpu; /* the model in user space; unused by the native layer */
	/* 0, or -EIO where the MSR faults (absent, or a reserved bit set):
	 * detection probes with them, and a fault is never silent. */
	int (*rdmsr)(void *cpu, uint32_t msr, uint64_t *value);
	int (*wrmsr)(void *cpu, uint32_t msr, uint64_t value);
	uint64_t (*rdpmc)(void *cpu, uint32_t selector);
	uint64_t (*rdtsc)(void *cpu);
	void (*cpuid)(void *cpu, uint32_t leaf, uint32_t subleaf, uint32_t out[4]);
	int (*cpu_number)(void *cpu); /* the CPU the caller runs on */
	/* Optional: whether rdpmc of selector faults (an emulator that claims
	 * counters it does not have: QEMU's TCG raises #UD). NULL: it works. */
	bool (*rdpmc_faults)(void *cpu, uint32_t selector);
};

/* The generic driver's test counters (the module's test_inject=1 only):
 * MSR numbers no CPU has, which only the module's test register layer
 * (perfctr_test_regs.c) and the simulated CPU answer. */
#define PERFCTR_TEST_COUNTER_MSR0 0x50A90000u
#define PERFCTR_TEST_COUNTERS     2

/* Where cpuid puts each output register. */
enum { REG_EAX, REG_EBX, REG_ECX, REG_EDX };

#ifdef __KERNEL__
/* The CPU's own instructions (x86_regs_native.c). */
extern const struct perfctr_x86_regs perfctr_x86_native_regs;
/* The same plus the generic driver's test counters (perfctr_test_regs.c),
 * for the module's test_inject=1 only. */
extern const struct perfctr_x86_regs perfctr_x86_test_regs;
#endif

#endif
