// SPDX-License-Identifier: BSD-3-Clause
/* What user-space counter reads look like on each architecture, as data:
 * the kernel's switch, which sysfs PMUs hold the CPU's counters, and what
 * the counter behind a perf page's index is called. Every architecture's
 * table is compiled everywhere, so that the unit tests check them all on
 * any host; pe_arch_current() picks the one of the running build. The
 * counters' registers and their names are the architecture layer's
 * (src/arch/). */
#include <stdio.h>
#include <string.h>

#include "arch/arch.h"
#include "pe_counter_arch.h"
#include "pe_user.h"

static const char *const x86_core_pmus[] = {"cpu", "cpu_core", "cpu_atom", NULL};
/* Device-tree kernels name the PMU after the core (armv8_cortex_a57), ACPI
 * ones armv8_pmuv3_0; Arm's newer cores are armv9_*. */
static const char *const arm64_core_pmus[] = {"armv8*", "armv9*", NULL};
static const char *const riscv_core_pmus[] = {"cpu", NULL};
static const char *const no_core_pmus[] = {NULL};

static const struct pe_arch_facts facts[] = {
    [PE_ARCH_X86_64] =
        {
            .mechanism = "x86 rdpmc",
            /* In the core PMU's sysfs directory (cpu, or cpu_core on hybrid
             * CPUs): 0 never, 1 for tasks with a mapped event, 2 always. */
            .switch_pmu_file = "rdpmc",
            .switch_name = "sysfs rdpmc",
            .lowest_on = 1,
            .enable_hint = "echo 1 > /sys/bus/event_source/devices/cpu/rdpmc",
            .core_pmus = x86_core_pmus,
        },
    [PE_ARCH_ARM64] =
        {
            .mechanism = "arm64 mrs",
            /* Linux 5.17+: 0 off (the default), 1 on for events that ask. */
            .switch_path = "/proc/sys/kernel/perf_user_access",
            .switch_name = "perf_user_access",
            .lowest_on = 1,
            .enable_hint = "sysctl kernel.perf_user_access=1",
            .core_pmus = arm64_core_pmus,
            .config1_rdpmc = true,
            /* CPU_CYCLES, the only event the kernel puts on PMCCNTR_EL0. */
            .long_cycles_event = 0x11,
        },
    [PE_ARCH_RISCV64] =
        {
            .mechanism = "riscv csrr",
            /* 0 off, 1 on for mapped events (the default), 2 legacy. */
            .switch_path = "/proc/sys/kernel/perf_user_access",
            .switch_name = "perf_user_access",
            .lowest_on = 1,
            .enable_hint = "sysctl kernel.perf_user_access=1",
            .core_pmus = riscv_core_pmus,
        },
    [PE_ARCH_OTHER] =
        {
            .mechanism = "none",
            .core_pmus = no_core_pmus,
            .unsupported = "no user-space counter reads on this architecture: the kernel "
                           "sets cap_user_rdpmc=0",
        },
};

/* The architecture layer's name for each of perf_event's architectures. */
static const enum arch_id arch_of[] = {
    [PE_ARCH_X86_64] = ARCH_X86_64,
    [PE_ARCH_ARM64] = ARCH_AARCH64,
    [PE_ARCH_RISCV64] = ARCH_RISCV64,
    [PE_ARCH_OTHER] = ARCH_OTHER,
};

enum pe_arch pe_arch_current(void)
{
	switch (ARCH_THIS) {
	case ARCH_X86_64:
		return PE_ARCH_X86_64;
	case ARCH_AARCH64:
		return PE_ARCH_ARM64;
	case ARCH_RISCV64:
		return PE_ARCH_RISCV64;
	default:
		return PE_ARCH_OTHER;
	}
}

const struct pe_arch_facts *pe_arch_facts(enum pe_arch arch)
{
	if ((unsigned)arch > PE_ARCH_OTHER)
		arch = PE_ARCH_OTHER;
	return &facts[arch];
}

bool pe_arch_core_pmu(enum pe_arch arch, const char *pmu)
{
	for (const char *const *name = pe_arch_facts(arch)->core_pmus; *name; name++) {
		size_t length = strlen(*name);
		if (length > 0 && (*name)[length - 1] == '*') {
			if (strncmp(pmu, *name, length - 1) == 0)
				return true;
		} else if (strcmp(pmu, *name) == 0) {
			return true;
		}
	}
	return false;
}

bool pe_arch_index_readable(enum pe_arch arch, uint32_t index)
{
	if ((unsigned)arch > PE_ARCH_OTHER || arch == PE_ARCH_OTHER || index == 0)
		return false;
	/* x86: not ecx bit 29, the topdown metrics register (fractions). */
	if (arch == PE_ARCH_X86_64)
		return !((index - 1) & PE_X86_RDPMC_METRICS);
	return index <= arch_facts_of(arch_of[arch])->counters;
}

/* The event number field of arm64's PMU (PMEVTYPER.evtCount, 16 bits from
 * PMUv3 for v8.1; the kernel's raw event mask). */
#define ARM64_EVENT_NUMBER_MASK UINT64_C(0xffff)

bool pe_arch_long_cycles_event(enum pe_arch arch, const struct perf_event_attr *attr, bool own_pmu)
{
	uint32_t cycles = pe_arch_facts(arch)->long_cycles_event;
	if (cycles == 0)
		return false;
	/* Generic events keep a PMU type in config's upper half on hybrid
	 * systems (Linux 6.3+); the event is the lower half. */
	if (attr->type == PERF_TYPE_HARDWARE)
		return (attr->config & UINT32_MAX) == PERF_COUNT_HW_CPU_CYCLES;
	if (attr->type == PERF_TYPE_RAW || own_pmu)
		return (attr->config & ARM64_EVENT_NUMBER_MASK) == cycles;
	return false;
}

void pe_arch_counter_name(enum pe_arch arch, uint32_t index, char *name, size_t name_len)
{
	if ((unsigned)arch > PE_ARCH_OTHER)
		arch = PE_ARCH_OTHER;
	/* Index 0 (no counter) wraps to a number no register has; x86's
	 * selector is free-form, so it is named as rdpmc would take it. */
	if (arch != PE_ARCH_OTHER && arch_counter_name(arch_of[arch], index - 1, name, name_len))
		return;
	switch (arch) {
	case PE_ARCH_ARM64:
		snprintf(name, name_len, "arm64 counter index %u (no register)", index);
		break;
	case PE_ARCH_RISCV64:
		snprintf(name, name_len, "riscv counter index %u (no CSR)", index);
		break;
	default:
		snprintf(name, name_len, "counter index %u", index);
		break;
	}
}
