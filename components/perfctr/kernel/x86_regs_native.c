// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/* The register layer on the CPU itself: the MSR accesses are the kernel's
 * fault-catching ones, so that a register a hypervisor or an emulator does
 * not implement is an error, not an oops. */
#include <asm/asm.h>
#include <asm/msr.h>
#include <asm/processor.h>
#include <linux/smp.h>

#include "x86_regs.h"

static int regs_rdmsr(void *cpu, uint32_t msr, uint64_t *value)
{
	u64 read;
	int err = rdmsrl_safe(msr, &read);

	*value = err ? 0 : read;
	return err ? -EIO : 0;
}

static int regs_wrmsr(void *cpu, uint32_t msr, uint64_t value)
{
	return wrmsrl_safe(msr, value) ? -EIO : 0;
}

static uint64_t regs_rdpmc_read(void *cpu, uint32_t selector)
{
	u64 value;

	rdpmcl(selector, value);
	return value;
}

/* rdpmc under an exception-table fixup: a #GP or #UD (QEMU's TCG has no
 * rdpmc) resumes after it with faulted still set, instead of an oops. */
static bool regs_rdpmc_faults(void *cpu, uint32_t selector)
{
	int faulted = 1;
	u32 low, high;

	asm volatile("1: rdpmc\n"
	             "   xorl %[faulted], %[faulted]\n"
	             "2:\n" _ASM_EXTABLE(1b, 2b)
	             : [faulted] "+r"(faulted), "=a"(low), "=d"(high)
	             : "c"(selector));
	return faulted != 0;
}

static uint64_t regs_rdtsc(void *cpu)
{
	return rdtsc();
}

static void regs_cpuid(void *cpu, uint32_t leaf, uint32_t subleaf, uint32_t out[4])
{
	cpuid_count(leaf, subleaf, &out[REG_EAX], &out[REG_EBX], &out[REG_ECX], &out[REG_EDX]);
}

static int regs_cpu_number(void *cpu)
{
	/* Callers run with preemption off (context switch, IPIs). */
	return raw_smp_processor_id();
}

const struct perfctr_x86_regs perfctr_x86_native_regs = {
    .cpu = NULL,
    .rdmsr = regs_rdmsr,
    .wrmsr = regs_wrmsr,
    .rdpmc = regs_rdpmc_read,
    .rdpmc_faults = regs_rdpmc_faults,
    .rdtsc = regs_rdtsc,
    .cpuid = regs_cpuid,
    .cpu_number = regs_cpu_number,
};
