// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/* Which counter hardware this CPU has, from CPUID alone, then a probe of
 * its first control register: a CPU that claims a PMU it does not have (a
 * hypervisor's or an emulator's) falls back to the TSC-only driver. */
#include "x86_driver.h"
#include "x86_msr.h"

#define CPUID1_EDX_TSC              (1u << 4)
#define CPUID1_EDX_APIC             (1u << 9)
#define CPUID1_EDX_MMX              (1u << 23)
#define CPUID1_EDX_HTT              (1u << 28)
#define AMD_ECX_PERFCTR_EXT_CORE    (1u << 23)
#define INTEL_ANY_THREAD_DEPRECATED (1u << 15)

struct cpuid_identity {
	char vendor[13];
	uint32_t family, model;
	uint32_t leaf1[4];
	uint32_t max_leaf, max_ext_leaf;
};

static void read_identity(const struct perfctr_x86_regs *regs, struct cpuid_identity *id)
{
	uint32_t out[4];

	regs->cpuid(regs->cpu, 0, 0, out);
	id->max_leaf = out[REG_EAX];
	memcpy(id->vendor, &out[REG_EBX], 4);
	memcpy(id->vendor + 4, &out[REG_EDX], 4);
	memcpy(id->vendor + 8, &out[REG_ECX], 4);
	id->vendor[12] = '\0';
	regs->cpuid(regs->cpu, 1, 0, id->leaf1);
	id->family = (id->leaf1[REG_EAX] >> 8) & 0xF;
	id->model = (id->leaf1[REG_EAX] >> 4) & 0xF;
	if (id->family == 0xF)
		id->family += (id->leaf1[REG_EAX] >> 20) & 0xFF;
	if (id->family == 6 || id->family >= 0xF)
		id->model |= ((id->leaf1[REG_EAX] >> 16) & 0xF) << 4;
	regs->cpuid(regs->cpu, 0x80000000u, 0, out);
	id->max_ext_leaf = out[REG_EAX];
}

static void detect_arch_perfmon(struct perfctr_x86_cpu *cpu, const uint32_t leaf_a[4])
{
	uint32_t gp = (leaf_a[REG_EAX] >> 8) & 0xFF;

	cpu->family_id = PERFCTR_FAMILY_ARCH_PERFMON;
	cpu->cpu_type = PERFCTR_X86_INTEL_ARCH_PERFMON;
	cpu->perfmon_version = leaf_a[REG_EAX] & 0xFF;
	cpu->nr_counters = gp < ARCH_MAX_GP ? gp : ARCH_MAX_GP;
	cpu->counter_bits = (leaf_a[REG_EAX] >> 16) & 0xFF;
	if (cpu->perfmon_version >= 2) {
		uint32_t fixed = leaf_a[REG_EDX] & 0x1F;
		uint32_t present = (1u << (fixed < ARCH_MAX_FIXED ? fixed : ARCH_MAX_FIXED)) - 1;
		/* Version 5 lists fixed counters beyond the first N by bitmap. */
		if (cpu->perfmon_version >= 5)
			present |= leaf_a[REG_ECX];
		cpu->fixed_present = present & ((1u << ARCH_MAX_FIXED) - 1);
		for (uint32_t n = 0; n < ARCH_MAX_FIXED; n++)
			cpu->nr_fixed += cpu->fixed_present >> n & 1;
	}
	cpu->any_thread =
	    cpu->perfmon_version >= 3 && !(leaf_a[REG_EDX] & INTEL_ANY_THREAD_DEPRECATED);
}

static uint32_t p6_cpu_type(uint32_t model)
{
	switch (model) {
	case 3:
	case 5:
	case 6:
		return PERFCTR_X86_INTEL_PII;
	case 7:
	case 8:
	case 10:
	case 11:
		return PERFCTR_X86_INTEL_PIII;
	case 9:
	case 13:
		return PERFCTR_X86_INTEL_PENTM;
	default:
		return PERFCTR_X86_INTEL_P6;
	}
}

static void detect_intel(struct perfctr_x86_cpu *cpu, const struct perfctr_x86_regs *regs,
                         const struct cpuid_identity *id)
{
	uint32_t leaf_a[4] = {0};

	if (id->max_leaf >= 0xA)
		regs->cpuid(regs->cpu, 0xA, 0, leaf_a);
	if ((leaf_a[REG_EAX] & 0xFF) >= 1) {
		detect_arch_perfmon(cpu, leaf_a);
	} else if (id->family == 5) {
		bool mmx = id->leaf1[REG_EDX] & CPUID1_EDX_MMX;
		cpu->family_id = PERFCTR_FAMILY_P5;
		cpu->cpu_type = mmx ? PERFCTR_X86_INTEL_P5MMX : PERFCTR_X86_INTEL_P5;
	} else if (id->family == 6) {
		cpu->family_id = PERFCTR_FAMILY_P6;
		cpu->cpu_type = p6_cpu_type(id->model);
		cpu->nr_counters = 2;
		cpu->counter_bits = 40;
	} else if (id->family == 0xF) {
		uint32_t logical = (id->leaf1[REG_EBX] >> 16) & 0xFF;
		cpu->family_id = PERFCTR_FAMILY_P4;
		cpu->cpu_type = id->model < 2    ? PERFCTR_X86_INTEL_P4
		                : id->model == 2 ? PERFCTR_X86_INTEL_P4M2
		                                 : PERFCTR_X86_INTEL_P4M3;
		cpu->hyperthreaded = (id->leaf1[REG_EDX] & CPUID1_EDX_HTT) && logical > 1;
		cpu->nr_counters = 18;
		cpu->counter_bits = 40;
	}
}

static void detect_amd(struct perfctr_x86_cpu *cpu, const struct perfctr_x86_regs *regs,
                       const struct cpuid_identity *id)
{
	uint32_t out[4];

	cpu->counter_bits = 48;
	if (id->family == 6 || id->family == 0xF) {
		cpu->family_id = PERFCTR_FAMILY_K7;
		cpu->cpu_type = id->family == 6 ? PERFCTR_X86_AMD_K7 : PERFCTR_X86_AMD_K8;
		cpu->nr_counters = 4;
		return;
	}
	if (id->family < 0x10 || id->family > 0x1A)
		return;
	cpu->family_id = PERFCTR_FAMILY_AMD_FAM10H;
	cpu->cpu_type = PERFCTR_X86_AMD_FAM10H_PLUS;
	cpu->nr_counters = 4;
	if (id->max_ext_leaf >= 0x80000001u) {
		regs->cpuid(regs->cpu, 0x80000001u, 0, out);
		if (out[REG_ECX] & AMD_ECX_PERFCTR_EXT_CORE) {
			cpu->amd_ext_core = true;
			cpu->nr_counters = 6;
		}
	}
	if (cpu->amd_ext_core && id->max_ext_leaf >= 0x80000022u) {
		regs->cpuid(regs->cpu, 0x80000022u, 0, out);
		/* PerfMonV2: a global enable, and the counters counted. */
		if (out[REG_EAX] & 1) {
			uint32_t n = out[REG_EBX] & 0xF;
			cpu->perfmon_version = 2;
			cpu->nr_counters = n > 6 && n <= 16 ? n : cpu->nr_counters;
		}
	}
}

static void detect_family(struct perfctr_x86_cpu *cpu, const struct perfctr_x86_regs *regs,
                          const struct cpuid_identity *id)
{
	if (!strcmp(id->vendor, "GenuineIntel")) {
		detect_intel(cpu, regs, id);
	} else if (!strcmp(id->vendor, "AuthenticAMD")) {
		detect_amd(cpu, regs, id);
	} else if (!strcmp(id->vendor, "CyrixInstead")) {
		cpu->family_id = PERFCTR_FAMILY_CYRIX;
		cpu->cpu_type = PERFCTR_X86_CYRIX_MII;
	} else if (!strcmp(id->vendor, "CentaurHauls") && id->family == 5) {
		cpu->family_id = PERFCTR_FAMILY_WINCHIP;
		cpu->cpu_type = id->model == 4 ? PERFCTR_X86_WINCHIP_C6 : PERFCTR_X86_WINCHIP_2;
	} else if (!strcmp(id->vendor, "CentaurHauls") && id->family == 6) {
		cpu->family_id = PERFCTR_FAMILY_VIA_C3;
		cpu->cpu_type = PERFCTR_X86_VIA_C3;
		cpu->nr_counters = 1;
		cpu->counter_bits = 40;
	}
	if (cpu->family_id == PERFCTR_FAMILY_P5 || cpu->family_id == PERFCTR_FAMILY_CYRIX ||
	    cpu->family_id == PERFCTR_FAMILY_WINCHIP) {
		cpu->nr_counters = 2;
		cpu->counter_bits = 40;
	}
}

static uint32_t features_of(const struct perfctr_x86_cpu *cpu, const struct cpuid_identity *id)
{
	uint32_t features = 0;

	if (cpu->family_id != PERFCTR_FAMILY_WINCHIP)
		features |= PERFCTR_FEATURE_RDTSC;
	if (cpu->family_id != PERFCTR_FAMILY_GENERIC && cpu->cpu_type != PERFCTR_X86_INTEL_P5)
		features |= PERFCTR_FEATURE_RDPMC;
	/* Overflow interrupts go through the local APIC's LVTPC entry, which
	 * only the P6, K7/K8, P4 and their successors have. */
	switch (cpu->family_id) {
	case PERFCTR_FAMILY_P6:
	case PERFCTR_FAMILY_K7:
	case PERFCTR_FAMILY_P4:
	case PERFCTR_FAMILY_ARCH_PERFMON:
	case PERFCTR_FAMILY_AMD_FAM10H:
		if (id->leaf1[REG_EDX] & CPUID1_EDX_APIC)
			features |= PERFCTR_FEATURE_PCINT;
		break;
	default:
		break;
	}
	return features;
}

int perfctr_x86_detect(struct perfctr_x86_cpu *cpu, const struct perfctr_x86_regs *regs)
{
	struct cpuid_identity id;
	uint64_t probe;

	memset(cpu, 0, sizeof(*cpu));
	cpu->regs = regs;
	read_identity(regs, &id);
	if (!(id.leaf1[REG_EDX] & CPUID1_EDX_TSC))
		return -ENODEV;
	cpu->x86_model = id.model;
	cpu->family_id = PERFCTR_FAMILY_GENERIC;
	cpu->cpu_type = PERFCTR_X86_GENERIC;
	detect_family(cpu, regs, &id);
	perfctr_x86_list_control_msrs(cpu);
	if (cpu->nr_control_msrs && regs->rdmsr(regs->cpu, cpu->control_msrs[0], &probe)) {
		/* The registers CPUID promised are not there. */
		memset(cpu, 0, sizeof(*cpu));
		cpu->regs = regs;
		cpu->x86_model = id.model;
		cpu->family_id = PERFCTR_FAMILY_GENERIC;
		cpu->cpu_type = PERFCTR_X86_GENERIC;
	}
	cpu->features = features_of(cpu, &id);
	/* The first counter's rdpmc selector: the VIA C3 has only counter 1. */
	if ((cpu->features & PERFCTR_FEATURE_RDPMC) && regs->rdpmc_faults &&
	    regs->rdpmc_faults(regs->cpu, cpu->family_id == PERFCTR_FAMILY_VIA_C3 ? 1 : 0)) {
		/* The counters read through rdpmc are not there either. */
		memset(cpu, 0, sizeof(*cpu));
		cpu->regs = regs;
		cpu->x86_model = id.model;
		cpu->family_id = PERFCTR_FAMILY_GENERIC;
		cpu->cpu_type = PERFCTR_X86_GENERIC;
		cpu->features = features_of(cpu, &id);
	}
	cpu->family = perfctr_x86_family_of(cpu->family_id);
	return 0;
}
