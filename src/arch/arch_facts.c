// SPDX-License-Identifier: BSD-3-Clause
/* The facts of every architecture, as data, and the names of their counter
 * registers for messages. Compiled on every host (no instruction here), so
 * the unit tests check every architecture's facts anywhere. */
#include <stdio.h>

#include "arch.h"

const struct arch_facts arch_facts_table[ARCH_COUNT] = {
    [ARCH_X86_64] =
        {
            .name = "x86_64",
            .counter_read = "x86 rdpmc",
            .timestamp_read = "x86 rdtsc",
            .timestamp_rate = ARCH_TIMESTAMP_CPU_CYCLES,
        },
    [ARCH_I386] =
        {
            .name = "i386",
            .counter_read = "x86 rdpmc",
            .timestamp_read = "x86 rdtsc",
            .timestamp_rate = ARCH_TIMESTAMP_CPU_CYCLES,
        },
    [ARCH_AARCH64] =
        {
            .name = "aarch64",
            .counter_read = "arm64 mrs",
            .counters = 32, /* PMEVCNTR0..30_EL0, PMCCNTR_EL0 */
            .timestamp_read = "arm64 mrs cntvct_el0",
            .timestamp_rate = ARCH_TIMESTAMP_REGISTER_HZ,
        },
    [ARCH_PPC64] =
        {
            .name = "ppc64",
            .counter_read = "ppc64 mfspr",
            .counters = 6, /* PMC1..6 */
            .timestamp_read = "ppc64 mftb",
            .timestamp_rate = ARCH_TIMESTAMP_CPUINFO_HZ,
        },
    [ARCH_RISCV64] =
        {
            .name = "riscv64",
            .counter_read = "riscv csrr",
            .counters = 32, /* cycle, time, instret, hpmcounter3..31 */
            .timestamp_read = "riscv rdtime",
            .timestamp_rate = ARCH_TIMESTAMP_DEVICE_TREE_HZ,
        },
    [ARCH_OTHER] =
        {
            .name = "other",
            .timestamp_rate = ARCH_TIMESTAMP_NONE,
        },
};

/* RISC-V's first three counter CSRs have names of their own. */
static const char *const riscv_named_counters[] = {"cycle", "time", "instret"};

bool arch_counter_name(enum arch_id arch, uint32_t counter, char *name, size_t name_len)
{
	const struct arch_facts *facts = arch_facts_of(arch);
	if (!facts->counter_read || (facts->counters && counter >= facts->counters))
		return false;
	switch (arch) {
	case ARCH_X86_64:
	case ARCH_I386:
		snprintf(name, name_len, "x86 rdpmc ecx=%#x", counter);
		return true;
	case ARCH_AARCH64:
		if (counter == 31)
			snprintf(name, name_len, "arm64 PMCCNTR_EL0");
		else
			snprintf(name, name_len, "arm64 PMEVCNTR%u_EL0", counter);
		return true;
	case ARCH_PPC64:
		snprintf(name, name_len, "ppc64 mfspr PMC%u", counter + 1);
		return true;
	case ARCH_RISCV64:
		if (counter < 3)
			snprintf(name, name_len, "riscv csrr %s", riscv_named_counters[counter]);
		else
			snprintf(name, name_len, "riscv csrr hpmcounter%u", counter);
		return true;
	default:
		return false;
	}
}
