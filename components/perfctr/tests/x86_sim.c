// SPDX-License-Identifier: BSD-3-Clause
/* The simulated CPU (x86_sim.h). */
#include <stdio.h>

#include "x86_sim.h"

static void add_cpuid(struct sim_cpu *sim, uint32_t leaf, uint32_t a, uint32_t b, uint32_t c,
                      uint32_t d)
{
	if (sim->nr_cpuid < SIM_MAX_CPUID)
		sim->cpuid[sim->nr_cpuid++] = (typeof(sim->cpuid[0])){leaf, 0, {a, b, c, d}};
}

static void add_msr(struct sim_cpu *sim, uint32_t msr, uint64_t writable, int rdpmc)
{
	if (sim->nr_msrs < SIM_MAX_MSRS)
		sim->msrs[sim->nr_msrs++] = (struct sim_msr){msr, 0, writable, 0, rdpmc};
}

struct sim_msr *sim_find(struct sim_cpu *sim, uint32_t msr)
{
	for (unsigned i = 0; i < sim->nr_msrs; i++)
		if (sim->msrs[i].msr == msr)
			return &sim->msrs[i];
	return NULL;
}

static int sim_rdmsr(void *cpu, uint32_t msr, uint64_t *value)
{
	struct sim_cpu *sim = cpu;
	struct sim_msr *reg = sim_find(sim, msr);
	if (!reg) {
		sim->faults++;
		return -EIO;
	}
	*value = reg->value;
	return 0;
}

static int sim_wrmsr(void *cpu, uint32_t msr, uint64_t value)
{
	struct sim_cpu *sim = cpu;
	struct sim_msr *reg = sim_find(sim, msr);
	if (!reg || (value & ~reg->writable)) {
		sim->faults++;
		return -EIO;
	}
	if (sim->nr_writes < SIM_MAX_WRITES)
		sim->writes[sim->nr_writes++] = (struct sim_write){msr, value};
	if (reg->sign_extend_from)
		value = (uint64_t)(int64_t)(int32_t)value & ((1ull << reg->sign_extend_from) - 1);
	reg->value = value;
	return 0;
}

static uint64_t sim_rdpmc(void *cpu, uint32_t selector)
{
	struct sim_cpu *sim = cpu;
	/* P4: bit 31 asks for the fast read, the low 32 bits only. */
	bool fast = sim_find(sim, 0x360) && (selector >> 31);
	uint32_t counter = fast ? selector & 0x7FFFFFFFu : selector;

	sim->rdpmcs++;
	for (unsigned i = 0; i < sim->nr_msrs; i++)
		if (sim->msrs[i].rdpmc == (int)counter)
			return fast ? (uint32_t)sim->msrs[i].value : sim->msrs[i].value;
	sim->faults++;
	return 0;
}

static uint64_t sim_rdtsc(void *cpu)
{
	return ((struct sim_cpu *)cpu)->tsc;
}

static void sim_cpuid(void *cpu, uint32_t leaf, uint32_t subleaf, uint32_t out[4])
{
	struct sim_cpu *sim = cpu;
	memset(out, 0, 4 * sizeof(out[0]));
	for (unsigned i = 0; i < sim->nr_cpuid; i++)
		if (sim->cpuid[i].leaf == leaf)
			memcpy(out, sim->cpuid[i].out, 4 * sizeof(out[0]));
}

static int sim_cpu_number(void *cpu)
{
	return ((struct sim_cpu *)cpu)->cpu_number;
}

static void vendor_words(const char *vendor, uint32_t *b, uint32_t *d, uint32_t *c)
{
	memcpy(b, vendor, 4);
	memcpy(d, vendor + 4, 4);
	memcpy(c, vendor + 8, 4);
}

/* Leaves 0 and 1: vendor, family/model (extended fields as CPUID encodes
 * them), feature flags: TSC, MSR, APIC, MMX as asked. */
static void base(struct sim_cpu *sim, const char *vendor, uint32_t max_leaf, uint32_t family,
                 uint32_t model, uint32_t edx1, uint32_t ebx1)
{
	uint32_t b, c, d, eax1;

	memset(sim, 0, sizeof(*sim));
	/* rdpmc_faults NULL: the model's rdpmc works (a test may set it). */
	sim->regs = (struct perfctr_x86_regs){sim,       sim_rdmsr, sim_wrmsr,      sim_rdpmc,
	                                      sim_rdtsc, sim_cpuid, sim_cpu_number, NULL};
	vendor_words(vendor, &b, &d, &c);
	add_cpuid(sim, 0, max_leaf, b, c, d);
	eax1 = (family >= 0xF ? 0xF : family) << 8 | (model & 0xF) << 4;
	if (family >= 0xF)
		eax1 |= (family - 0xF) << 20;
	eax1 |= (model >> 4) << 16;
	add_cpuid(sim, 1, eax1, ebx1, 0, edx1);
	sim->tsc = 1000;
}

#define EDX_TSC  (1u << 4)
#define EDX_MSR  (1u << 5)
#define EDX_APIC (1u << 9)
#define EDX_MMX  (1u << 23)
#define EDX_HTT  (1u << 28)
#define BITS(n)  ((1ull << (n)) - 1)

void sim_cpu_generic(struct sim_cpu *sim)
{
	base(sim, "GenuineTMx86", 1, 5, 4, EDX_TSC, 0);
}

void sim_cpu_generic_test_counters(struct sim_cpu *sim)
{
	sim_cpu_generic(sim);
	/* As the module's test register layer: plain registers, any value. */
	for (uint32_t i = 0; i < PERFCTR_TEST_COUNTERS; i++)
		add_msr(sim, PERFCTR_TEST_COUNTER_MSR0 + i, ~0ull, -1);
}

void sim_cpu_no_tsc(struct sim_cpu *sim)
{
	base(sim, "GenuineIntel", 1, 4, 1, 0, 0);
}

/* P5 and clones: the CESR (two 16-bit halves, reserved bits per maker),
 * two 40-bit counters. */
static void p5_like(struct sim_cpu *sim, uint32_t reserved_half, bool rdpmc)
{
	add_msr(sim, 0x11, 0xFFFFFFFFull & ~(reserved_half | (uint64_t)reserved_half << 16), -1);
	add_msr(sim, 0x12, BITS(40), rdpmc ? 0 : -1);
	add_msr(sim, 0x13, BITS(40), rdpmc ? 1 : -1);
}

void sim_cpu_p5(struct sim_cpu *sim, bool mmx)
{
	base(sim, "GenuineIntel", 1, 5, mmx ? 4 : 2, EDX_TSC | EDX_MSR | (mmx ? EDX_MMX : 0), 0);
	p5_like(sim, 0xFE00, mmx);
}

void sim_cpu_cyrix(struct sim_cpu *sim)
{
	base(sim, "CyrixInstead", 1, 6, 0, EDX_TSC | EDX_MSR | EDX_MMX, 0);
	p5_like(sim, 0xFA00, true);
}

void sim_cpu_winchip(struct sim_cpu *sim)
{
	base(sim, "CentaurHauls", 1, 5, 8, EDX_TSC | EDX_MSR | EDX_MMX, 0);
	p5_like(sim, 0xFF00, true);
}

void sim_cpu_p6(struct sim_cpu *sim)
{
	base(sim, "GenuineIntel", 2, 6, 8, EDX_TSC | EDX_MSR | EDX_APIC | EDX_MMX, 0);
	add_msr(sim, 0x186, 0xFFFFFFFFull & ~0x00280000ull, -1);
	add_msr(sim, 0x187, 0xFFFFFFFFull & ~0x00680000ull, -1); /* EN reserved here */
	add_msr(sim, 0xC1, BITS(40), 0);
	add_msr(sim, 0xC2, BITS(40), 1);
	/* Only the low 32 bits are written, sign-extended to 40. */
	sim_find(sim, 0xC1)->sign_extend_from = 40;
	sim_find(sim, 0xC2)->sign_extend_from = 40;
}

void sim_cpu_k7(struct sim_cpu *sim, bool k8)
{
	base(sim, "AuthenticAMD", 1, k8 ? 0xF : 6, k8 ? 5 : 2, EDX_TSC | EDX_MSR | EDX_APIC, 0);
	for (uint32_t i = 0; i < 4; i++) {
		add_msr(sim, 0xC0010000u + i, 0xFFFFFFFFull & ~0x00280000ull, -1);
		add_msr(sim, 0xC0010004u + i, BITS(48), (int)i);
	}
}

void sim_cpu_via_c3(struct sim_cpu *sim)
{
	base(sim, "CentaurHauls", 1, 6, 7, EDX_TSC | EDX_MSR | EDX_MMX, 0);
	add_msr(sim, 0x187, 0x1FF, -1);
	add_msr(sim, 0xC2, BITS(40), 1);
}

void sim_cpu_p4(struct sim_cpu *sim, uint32_t model, bool hyperthreaded)
{
	static const uint16_t escrs[] = {
	    0x3A0, 0x3A1, 0x3A2, 0x3A3, 0x3A4, 0x3A5, 0x3A6, 0x3A7, 0x3A8, 0x3A9, 0x3AA,
	    0x3AB, 0x3AC, 0x3AD, 0x3AE, 0x3AF, 0x3B0, 0x3B1, 0x3B2, 0x3B3, 0x3B4, 0x3B5,
	    0x3B6, 0x3B7, 0x3B8, 0x3B9, 0x3BA, 0x3BB, 0x3BC, 0x3BD, 0x3BE, 0x3C0, 0x3C1,
	    0x3C2, 0x3C3, 0x3C4, 0x3C5, 0x3C8, 0x3C9, 0x3CA, 0x3CB, 0x3CC, 0x3CD,
	};
	base(sim, "GenuineIntel", 2, 0xF, model,
	     EDX_TSC | EDX_MSR | EDX_APIC | EDX_MMX | (hyperthreaded ? EDX_HTT : 0),
	     hyperthreaded ? 2u << 16 : 1u << 16);
	for (unsigned i = 0; i < sizeof(escrs) / sizeof(escrs[0]); i++) {
		/* Models 3 and later dropped IQ_ESCR0/1. */
		if (model > 2 && (escrs[i] == 0x3BA || escrs[i] == 0x3BB))
			continue;
		add_msr(sim, escrs[i], 0x7FFFFFFF, -1);
	}
	for (uint32_t n = 0; n < 18; n++) {
		bool cascade = model >= 2 && (n == 12 || n >= 15);
		uint64_t cccr = 0xFFFFFFFFull & ~0xB80007FFull;
		add_msr(sim, 0x360 + n, cccr | (cascade ? 1u << 11 : 0), -1);
		add_msr(sim, 0x300 + n, BITS(40), (int)n);
	}
	add_msr(sim, 0x3F1, 0x03000607, -1); /* the hardware has bit 25 too */
	add_msr(sim, 0x3F2, 0x3, -1);
}

void sim_cpu_arch_perfmon(struct sim_cpu *sim, uint32_t version, uint32_t gp, uint32_t fixed)
{
	uint64_t evntsel = 0xFFFFFFFFull & ~0x00280000ull;
	uint64_t fixed_ctrl = 0, global = BITS(gp);

	base(sim, "GenuineIntel", 0xA, 6, 0x55, EDX_TSC | EDX_MSR | EDX_APIC | EDX_MMX, 0);
	add_cpuid(sim, 0xA, version | gp << 8 | 48u << 16, 0, 0,
	          version >= 2 ? fixed | 48u << 5 : 0);
	if (version >= 3)
		evntsel |= 1u << 21; /* AnyThread */
	for (uint32_t i = 0; i < gp; i++) {
		add_msr(sim, 0x186 + i, evntsel, -1);
		add_msr(sim, 0xC1 + i, BITS(48), (int)i);
		sim_find(sim, 0xC1 + i)->sign_extend_from = 48;
	}
	if (version >= 2) {
		for (uint32_t n = 0; n < fixed; n++) {
			fixed_ctrl |= (uint64_t)(version >= 3 ? 0xF : 0xB) << (4 * n);
			add_msr(sim, 0x309 + n, BITS(48), (int)((1u << 30) | n));
			global |= 1ull << (32 + n);
		}
		if (fixed)
			add_msr(sim, 0x38D, fixed_ctrl, -1);
		add_msr(sim, 0x38F, global, -1);
		/* Write-only in the hardware: the model keeps the last write. */
		add_msr(sim, 0x390, global | BITS(gp), -1);
	}
}

void sim_cpu_amd(struct sim_cpu *sim, uint32_t family, bool ext_core, bool perfmon_v2)
{
	uint32_t counters = ext_core ? 6 : 4;
	uint64_t ctl = (0xFFFFFFFFull & ~0x00280000ull) | 0x30Full << 32;

	base(sim, "AuthenticAMD", 0xD, family, 1, EDX_TSC | EDX_MSR | EDX_APIC | EDX_MMX, 0);
	add_cpuid(sim, 0x80000000u, perfmon_v2 ? 0x80000022u : 0x80000008u, 0, 0, 0);
	add_cpuid(sim, 0x80000001u, 0, 0, ext_core ? 1u << 23 : 0, 0);
	if (perfmon_v2)
		add_cpuid(sim, 0x80000022u, 1, 6, 0, 0);
	for (uint32_t i = 0; i < counters; i++) {
		uint32_t ctl_msr = ext_core ? 0xC0010200u + 2 * i : 0xC0010000u + i;
		uint32_t ctr_msr = ext_core ? 0xC0010201u + 2 * i : 0xC0010004u + i;
		add_msr(sim, ctl_msr, ctl, -1);
		add_msr(sim, ctr_msr, BITS(48), (int)i);
	}
	if (perfmon_v2) {
		add_msr(sim, 0xC0000301u, BITS(counters), -1);
		add_msr(sim, 0xC0000302u, BITS(counters), -1); /* status clear */
	}
}

void sim_set(struct sim_cpu *sim, uint32_t msr, uint64_t value)
{
	struct sim_msr *reg = sim_find(sim, msr);
	if (reg)
		reg->value = value;
	else
		fprintf(stderr, "sim_set: no MSR %#x in this model\n", msr);
}

uint64_t sim_get(struct sim_cpu *sim, uint32_t msr)
{
	struct sim_msr *reg = sim_find(sim, msr);
	return reg ? reg->value : 0;
}

void sim_clear_log(struct sim_cpu *sim)
{
	sim->nr_writes = 0;
	sim->faults = 0;
	sim->rdpmcs = 0;
}

unsigned sim_writes_to(const struct sim_cpu *sim, uint32_t msr)
{
	unsigned count = 0;
	for (unsigned i = 0; i < sim->nr_writes; i++)
		count += sim->writes[i].msr == msr;
	return count;
}
