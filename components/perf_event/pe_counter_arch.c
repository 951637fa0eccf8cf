/* What user-space counter reads look like on each architecture, as data:
 * the kernel's switch, which sysfs PMUs hold the CPU's counters, and what
 * the counter behind a perf page's index is called. Every architecture's
 * table is compiled everywhere, so that the unit tests check them all on
 * any host; pe_arch_current() picks the one of the running build. */
#include <stdio.h>
#include <string.h>

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

enum pe_arch pe_arch_current(void)
{
#if defined(__x86_64__)
	return PE_ARCH_X86_64;
#elif defined(__aarch64__)
	return PE_ARCH_ARM64;
#elif defined(__riscv) && __riscv_xlen == 64
	return PE_ARCH_RISCV64;
#else
	return PE_ARCH_OTHER;
#endif
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
	switch (arch) {
	case PE_ARCH_X86_64:
		/* Not ecx bit 29: the topdown metrics register (fractions). */
		return index != 0 && !((index - 1) & (UINT32_C(1) << 29));
	case PE_ARCH_ARM64:
	case PE_ARCH_RISCV64:
		return index >= 1 && index <= 32;
	default:
		return false;
	}
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

/* RISC-V's user counter CSRs from 0xC00: the first three have names of
 * their own, then hpmcounter3..31. */
static const char *const riscv_named_csrs[] = {"cycle", "time", "instret"};

void pe_arch_counter_name(enum pe_arch arch, uint32_t index, char *name, size_t name_len)
{
	uint32_t counter = index - 1;
	switch (arch) {
	case PE_ARCH_X86_64:
		snprintf(name, name_len, "x86 rdpmc ecx=%#x", counter);
		break;
	case PE_ARCH_ARM64:
		if (index == 32)
			snprintf(name, name_len, "arm64 PMCCNTR_EL0");
		else if (index >= 1 && index <= 31)
			snprintf(name, name_len, "arm64 PMEVCNTR%u_EL0", counter);
		else
			snprintf(name, name_len, "arm64 counter index %u (no register)", index);
		break;
	case PE_ARCH_RISCV64:
		if (index >= 1 && index <= 3)
			snprintf(name, name_len, "riscv csrr %s", riscv_named_csrs[counter]);
		else if (index >= 4 && index <= 32)
			snprintf(name, name_len, "riscv csrr hpmcounter%u", counter);
		else
			snprintf(name, name_len, "riscv counter index %u (no CSR)", index);
		break;
	default:
		snprintf(name, name_len, "counter index %u", index);
		break;
	}
}
