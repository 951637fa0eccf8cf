// SPDX-License-Identifier: BSD-3-Clause
/* What perfctr 2.6 predates: Intel architectural perfmon v1-v5 and AMD
 * families 10h-1Ah. Their rules follow the manuals; doc/perfctr.md lists
 * them beside the seed's. */
#include "x86_test.h"

#define USR      EVNTSEL_USR
#define OS       EVNTSEL_OS
#define INT      EVNTSEL_INT
#define EN       EVNTSEL_EN
#define FIXED(n) (ARCH_RDPMC_FIXED | (n))

/* Instructions on general counter 1, and fixed counter 1 (core cycles) at
 * CPL 3. */
static const struct perfctr_cpu_control arch_two = {.tsc_on = 1,
                                                    .nractrs = 2,
                                                    .pmc_map = {1, FIXED(1)},
                                                    .evntsel = {0xC0 | USR | EN, ARCH_FIXED_USR}};

static void arch(uint32_t version, uint32_t gp, uint32_t fixed)
{
	sim_cpu_arch_perfmon(&fx.sim, version, gp, fixed);
	fixture_detect();
}

static void test_arch_detected(void)
{
	arch(4, 4, 3);
	CU_ASSERT_EQUAL(fx.cpu.family_id, PERFCTR_FAMILY_ARCH_PERFMON);
	CU_ASSERT_EQUAL(fx.cpu.perfmon_version, 4);
	CU_ASSERT_EQUAL(fx.cpu.nr_counters, 4);
	CU_ASSERT_EQUAL(fx.cpu.nr_fixed, 3);
	CU_ASSERT_EQUAL(fx.cpu.counter_bits, 48);
	CU_ASSERT_TRUE(fx.cpu.any_thread);
}

/* General counters, then the fixed counters' control, then the global
 * enable, which starts them all. */
static void test_arch_write_sequence(void)
{
	arch(4, 4, 3);
	ACCEPTS(arch_two);
	CU_ASSERT_EQUAL(perfctr_x86_resume(&fx.cpu, &fx.cache, &fx.state, 0), 0);
	ASSERT_WRITES({0x187, 0xC0 | USR | EN}, {MSR_ARCH_FIXED_CTR_CTRL, ARCH_FIXED_USR << 4},
	              {MSR_ARCH_GLOBAL_CTRL, (1ull << 33) | (1ull << 1)});
}

/* Version 1: no fixed counters, no global enable. */
static void test_arch_v1(void)
{
	struct perfctr_cpu_control control = {
	    .nractrs = 1, .pmc_map = {0}, .evntsel = {0xC0 | USR | EN}};
	arch(1, 2, 0);
	ACCEPTS(control);
	CU_ASSERT_EQUAL(perfctr_x86_resume(&fx.cpu, &fx.cache, &fx.state, 0), 0);
	ASSERT_WRITES({0x186, 0xC0 | USR | EN});
	REJECTS(arch_two);
}

/* Each general counter has its own enable; bits 19 and 21 as on the P6
 * (21 is AnyThread from version 3). */
static void test_arch_general_rules(void)
{
	struct perfctr_cpu_control control = arch_two;
	arch(2, 4, 3);
	control.evntsel[0] &= ~EN;
	REJECTS(control);
	control = arch_two;
	control.evntsel[0] |= 1u << 19;
	REJECTS(control);
	control = arch_two;
	control.evntsel[0] |= EVNTSEL_ANY;
	REJECTS(control); /* version 2 */
	arch(3, 4, 3);
	ACCEPTS(control);
	control.evntsel[0] |= INT;
	REJECTS(control); /* a-mode */
	control = arch_two;
	control.pmc_map[0] = 4; /* counters 0-3 */
	REJECTS(control);
}

/* A fixed counter: OS/USR (at least one), AnyThread from v3, PMI for
 * i-mode; only the counters CPUID lists. */
static void test_arch_fixed_rules(void)
{
	struct perfctr_cpu_control control = arch_two;
	arch(2, 4, 3);
	control.evntsel[1] = 0;
	REJECTS(control);
	control.evntsel[1] = ARCH_FIXED_USR | ARCH_FIXED_ANY;
	REJECTS(control);
	control.evntsel[1] = ARCH_FIXED_USR | 0x10;
	REJECTS(control);
	control.evntsel[1] = ARCH_FIXED_USR | ARCH_FIXED_PMI;
	REJECTS(control);
	control = arch_two;
	control.pmc_map[1] = FIXED(3);
	REJECTS(control);
	control.pmc_map[1] = FIXED(2);
	ACCEPTS(control);
	arch(3, 4, 3); /* AnyThread from version 3 */
	control.evntsel[1] = ARCH_FIXED_USR | ARCH_FIXED_ANY;
	ACCEPTS(control);
}

static void test_arch_imode_fixed(void)
{
	struct perfctr_cpu_control control = {.nrictrs = 1,
	                                      .pmc_map = {FIXED(0)},
	                                      .evntsel = {ARCH_FIXED_USR | ARCH_FIXED_PMI},
	                                      .ireset = {-100}};
	arch(4, 4, 3);
	ACCEPTS(control);
	CU_ASSERT_EQUAL(perfctr_x86_resume(&fx.cpu, &fx.cache, &fx.state, 0), 0);
	ASSERT_WRITES({0x309, 0xFFFFFFFFFF9Cull}, {MSR_ARCH_FIXED_CTR_CTRL, 0xA},
	              {MSR_ARCH_GLOBAL_CTRL, 1ull << 32});
}

/* Version 5 with AnyThread deprecated (CPUID.0AH:EDX[15]). */
static void test_arch_v5_any_thread_deprecated(void)
{
	struct perfctr_cpu_control control = arch_two;
	sim_cpu_arch_perfmon(&fx.sim, 5, 8, 4);
	for (unsigned i = 0; i < fx.sim.nr_cpuid; i++)
		if (fx.sim.cpuid[i].leaf == 0xA)
			fx.sim.cpuid[i].out[REG_EDX] |= 1u << 15;
	fixture_detect();
	CU_ASSERT_FALSE(fx.cpu.any_thread);
	CU_ASSERT_EQUAL(fx.cpu.nr_fixed, 4);
	control.evntsel[0] |= EVNTSEL_ANY;
	REJECTS(control);
}

/* AMD families 10h-1Ah. */
static const struct perfctr_cpu_control amd_two = {
    .nractrs = 2, .pmc_map = {0, 5}, .evntsel = {0xC0 | USR | EN, 0x76 | OS | USR | EN}};

static void test_amd_fam17h_extended_msrs(void)
{
	sim_cpu_amd(&fx.sim, 0x17, true, false);
	fixture_detect();
	CU_ASSERT_EQUAL(fx.cpu.family_id, PERFCTR_FAMILY_AMD_FAM10H);
	CU_ASSERT_EQUAL(fx.cpu.nr_counters, 6);
	ACCEPTS(amd_two);
	CU_ASSERT_EQUAL(perfctr_x86_resume(&fx.cpu, &fx.cache, &fx.state, 0), 0);
	ASSERT_WRITES({0xC0010200u, 0xC0 | USR | EN}, {0xC001020Au, 0x76 | OS | USR | EN});
}

static void test_amd_fam10h_legacy_msrs(void)
{
	struct perfctr_cpu_control control = amd_two;
	sim_cpu_amd(&fx.sim, 0x10, false, false);
	fixture_detect();
	CU_ASSERT_EQUAL(fx.cpu.nr_counters, 4);
	REJECTS(control); /* counter 5 */
	control.pmc_map[1] = 3;
	ACCEPTS(control);
	CU_ASSERT_EQUAL(perfctr_x86_resume(&fx.cpu, &fx.cache, &fx.state, 0), 0);
	ASSERT_WRITES({0xC0010000u, 0xC0 | USR | EN}, {0xC0010003u, 0x76 | OS | USR | EN});
}

/* The upper half of PERF_CTL travels in p4.escr[]: EventSelect[11:8] and
 * Host/GuestOnly; nothing else. Each counter needs its enable. */
static void test_amd_control_rules(void)
{
	struct perfctr_cpu_control control = amd_two;
	sim_cpu_amd(&fx.sim, 0x19, true, false);
	fixture_detect();
	control.p4.escr[0] = 0x1;
	ACCEPTS(control);
	CU_ASSERT_EQUAL(perfctr_x86_resume(&fx.cpu, &fx.cache, &fx.state, 0), 0);
	ASSERT_WRITES({0xC0010200u, 1ull << 32 | 0xC0 | USR | EN},
	              {0xC001020Au, 0x76 | OS | USR | EN});
	control.p4.escr[0] = 0x10;
	REJECTS(control);
	control = amd_two;
	control.evntsel[1] &= ~EN;
	REJECTS(control);
	control = amd_two;
	control.evntsel[1] |= 1u << 21;
	REJECTS(control);
}

/* PerfMonV2 (family 19h on, 1Ah): the global control enables them, last. */
static void test_amd_fam1ah_perfmon_v2(void)
{
	sim_cpu_amd(&fx.sim, 0x1A, true, true);
	fixture_detect();
	CU_ASSERT_EQUAL(fx.cpu.perfmon_version, 2);
	ACCEPTS(amd_two);
	CU_ASSERT_EQUAL(perfctr_x86_resume(&fx.cpu, &fx.cache, &fx.state, 0), 0);
	ASSERT_WRITES({0xC0010200u, 0xC0 | USR | EN}, {0xC001020Au, 0x76 | OS | USR | EN},
	              {MSR_AMD_GLOBAL_CTL, 0x21});
}

/* A CPU whose CPUID promises counters it lacks (an emulator): the TSC
 * driver. */
static void test_missing_registers_fall_back_to_generic(void)
{
	sim_cpu_arch_perfmon(&fx.sim, 2, 4, 3);
	fx.sim.nr_msrs = 0;
	fixture_detect();
	CU_ASSERT_EQUAL(fx.cpu.family_id, PERFCTR_FAMILY_GENERIC);
	CU_ASSERT_EQUAL(fx.cpu.nr_control_msrs, 0);
}

/* rdpmc as the simulated CPU answers it: a fault where no counter has the
 * selector. */
static bool sim_rdpmc_faults(void *cpu, uint32_t selector)
{
	const struct sim_cpu *sim = cpu;

	for (unsigned i = 0; i < sim->nr_msrs; i++)
		if (sim->msrs[i].rdpmc == (int)selector)
			return false;
	return true;
}

static bool rdpmc_always_faults(void *cpu, uint32_t selector)
{
	(void)cpu;
	(void)selector;
	return true;
}

/* An emulator whose control registers read but whose rdpmc faults (QEMU's
 * TCG: #UD) gets the generic driver; where rdpmc reads the first counter
 * (the VIA C3's is counter 1), the family stays. */
static void test_rdpmc_fault_falls_back_to_generic(void)
{
	sim_cpu_k7(&fx.sim, true);
	fx.sim.regs.rdpmc_faults = rdpmc_always_faults;
	fixture_detect();
	CU_ASSERT_EQUAL(fx.cpu.family_id, PERFCTR_FAMILY_GENERIC);
	CU_ASSERT_EQUAL(fx.cpu.cpu_type, PERFCTR_X86_GENERIC);
	CU_ASSERT_EQUAL(fx.cpu.nr_control_msrs, 0);
	CU_ASSERT_EQUAL(fx.cpu.features, PERFCTR_FEATURE_RDTSC);

	sim_cpu_k7(&fx.sim, true);
	fx.sim.regs.rdpmc_faults = sim_rdpmc_faults;
	fixture_detect();
	CU_ASSERT_EQUAL(fx.cpu.cpu_type, PERFCTR_X86_AMD_K8);
	sim_cpu_via_c3(&fx.sim);
	fx.sim.regs.rdpmc_faults = sim_rdpmc_faults;
	fixture_detect();
	CU_ASSERT_EQUAL(fx.cpu.cpu_type, PERFCTR_X86_VIA_C3);
	sim_cpu_p5(&fx.sim, false); /* no rdpmc at all: not probed */
	fx.sim.regs.rdpmc_faults = rdpmc_always_faults;
	fixture_detect();
	CU_ASSERT_EQUAL(fx.cpu.cpu_type, PERFCTR_X86_INTEL_P5);
}

void add_modern_suite(void)
{
	static const struct test_case cases[] = {
	    TEST(test_arch_detected),
	    TEST(test_arch_write_sequence),
	    TEST(test_arch_v1),
	    TEST(test_arch_general_rules),
	    TEST(test_arch_fixed_rules),
	    TEST(test_arch_imode_fixed),
	    TEST(test_arch_v5_any_thread_deprecated),
	    TEST(test_amd_fam17h_extended_msrs),
	    TEST(test_amd_fam10h_legacy_msrs),
	    TEST(test_amd_control_rules),
	    TEST(test_amd_fam1ah_perfmon_v2),
	    TEST(test_missing_registers_fall_back_to_generic),
	    TEST(test_rdpmc_fault_falls_back_to_generic),
	};
	ADD_SUITE("arch perfmon, amd 10h-1ah", cases);
}
