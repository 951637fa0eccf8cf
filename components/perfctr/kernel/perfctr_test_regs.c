// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/* The register layer of the module's test_inject=1 on the generic driver:
 * the CPU's own, plus the driver's two test counters, which no CPU has.
 * Each test counter is the TSC's low 32 bits plus a per-CPU offset: a
 * write sets the offset (the counter then reads the value written and goes
 * on from there), a read gives the TSC-driven value. They never stop (like
 * the Centaur and VIA counters the seed names), so a suspended i-mode
 * counter is one the driver no longer reads. Only for the lab's test of
 * the i-mode path under QEMU's TCG, which has no PMU at all. */
#include <asm/msr.h>
#include <linux/percpu.h>

#include "x86_regs.h"

struct test_counters {
	u32 offset[PERFCTR_TEST_COUNTERS];
};
static DEFINE_PER_CPU(struct test_counters, test_counters);

static bool is_test_counter(uint32_t msr)
{
	return msr - PERFCTR_TEST_COUNTER_MSR0 < PERFCTR_TEST_COUNTERS;
}

/* Callers run with preemption off (the driver's switch operations). The
 * parentheses keep <asm/msr.h>'s function-like macros off the members. */
static int test_rdmsr(void *cpu, uint32_t msr, uint64_t *value)
{
	if (!is_test_counter(msr))
		return (perfctr_x86_native_regs.rdmsr)(cpu, msr, value);
	*value = (u32)((u32)rdtsc() +
	               this_cpu_ptr(&test_counters)->offset[msr - PERFCTR_TEST_COUNTER_MSR0]);
	return 0;
}

static int test_wrmsr(void *cpu, uint32_t msr, uint64_t value)
{
	if (!is_test_counter(msr))
		return (perfctr_x86_native_regs.wrmsr)(cpu, msr, value);
	this_cpu_ptr(&test_counters)->offset[msr - PERFCTR_TEST_COUNTER_MSR0] =
	    (u32)value - (u32)rdtsc();
	return 0;
}

static uint64_t test_rdtsc(void *cpu)
{
	return (perfctr_x86_native_regs.rdtsc)(cpu);
}

static void test_cpuid(void *cpu, uint32_t leaf, uint32_t subleaf, uint32_t out[4])
{
	(perfctr_x86_native_regs.cpuid)(cpu, leaf, subleaf, out);
}

static int test_cpu_number(void *cpu)
{
	return (perfctr_x86_native_regs.cpu_number)(cpu);
}

static uint64_t test_rdpmc(void *cpu, uint32_t selector)
{
	/* The generic driver has no RDPMC feature: never called. */
	return 0;
}

const struct perfctr_x86_regs perfctr_x86_test_regs = {
    .cpu = NULL,
    .rdmsr = test_rdmsr,
    .wrmsr = test_wrmsr,
    .rdpmc = test_rdpmc,
    .rdtsc = test_rdtsc,
    .cpuid = test_cpuid,
    .cpu_number = test_cpu_number,
};
