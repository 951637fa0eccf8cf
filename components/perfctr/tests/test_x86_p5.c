// SPDX-License-Identifier: BSD-3-Clause
/* Intel P5/P5MMX and the P5 clones (Cyrix, Centaur WinChip). */
#include "x86_test.h"

/* Event 0x16 (instructions) at CPL 3 on counter 0, event 0x12 at all
 * levels on counter 1. */
static const struct perfctr_cpu_control p5_two = {
    .tsc_on = 1, .nractrs = 2, .pmc_map = {0, 1}, .evntsel = {0x0096, 0x00D2}};

static void test_p5_detected(void)
{
	sim_cpu_p5(&fx.sim, false);
	fixture_detect();
	CU_ASSERT_EQUAL(fx.cpu.family_id, PERFCTR_FAMILY_P5);
	CU_ASSERT_EQUAL(fx.cpu.cpu_type, PERFCTR_X86_INTEL_P5);
	CU_ASSERT_FALSE(fx.cpu.features & PERFCTR_FEATURE_RDPMC);
	sim_cpu_p5(&fx.sim, true);
	fixture_detect();
	CU_ASSERT_EQUAL(fx.cpu.cpu_type, PERFCTR_X86_INTEL_P5MMX);
	CU_ASSERT_TRUE(fx.cpu.features & PERFCTR_FEATURE_RDPMC);
}

/* "evntsel values are limited to 16 bits each, and are combined by the
 * low-level driver to form the value for the CESR" */
static void test_p5_cesr_combines_both_controls(void)
{
	struct perfctr_cpu_control swapped = p5_two;
	sim_cpu_p5(&fx.sim, true);
	fixture_detect();
	ACCEPTS(p5_two);
	CU_ASSERT_EQUAL(perfctr_x86_resume(&fx.cpu, &fx.cache, &fx.state, 0), 0);
	ASSERT_WRITES({MSR_P5_CESR, 0x00D20096});
	/* Counter order in the control does not matter, pmc_map does. */
	swapped.pmc_map[0] = 1;
	swapped.pmc_map[1] = 0;
	fixture_detect();
	ACCEPTS(swapped);
	CU_ASSERT_EQUAL(perfctr_x86_resume(&fx.cpu, &fx.cache, &fx.state, 0), 0);
	ASSERT_WRITES({MSR_P5_CESR, 0x009600D2});
	/* Above 16 bits would spill into the other counter's half. */
	swapped.evntsel[0] = 0x10096;
	REJECTS(swapped);
}

/* "Bits 0xFE00 in an evntsel value are reserved." */
static void test_p5_reserved_bits(void)
{
	struct perfctr_cpu_control control = p5_two;
	sim_cpu_p5(&fx.sim, true);
	fixture_detect();
	for (uint32_t bit = 0x0200; bit <= 0x8000; bit <<= 1) {
		control.evntsel[1] = p5_two.evntsel[1] | bit;
		REJECTS(control);
	}
	control.evntsel[1] = p5_two.evntsel[1] | 0x0100; /* PC: not reserved */
	ACCEPTS(control);
}

/* "At least one evntsel CPL bit (0x00C0) must be set." */
static void test_p5_cpl_required(void)
{
	struct perfctr_cpu_control control = p5_two;
	sim_cpu_p5(&fx.sim, true);
	fixture_detect();
	control.evntsel[0] = 0x0016;
	REJECTS(control);
	control.evntsel[0] = 0x0056;
	ACCEPTS(control);
}

/* No local APIC counter interrupt on the P5: no i-mode counters. */
static void test_p5_has_no_imode(void)
{
	struct perfctr_cpu_control control = {.nractrs = 1,
	                                      .nrictrs = 1,
	                                      .pmc_map = {0, 1},
	                                      .evntsel = {0x96, 0xD2},
	                                      .ireset = {0, -100}};
	sim_cpu_p5(&fx.sim, true);
	fixture_detect();
	CU_ASSERT_FALSE(fx.cpu.features & PERFCTR_FEATURE_PCINT);
	REJECTS(control);
}

/* The classic P5 has no rdpmc: its counters are read through their MSRs. */
static void test_p5_reads_without_rdpmc(void)
{
	sim_cpu_p5(&fx.sim, false);
	fixture_detect();
	ACCEPTS(p5_two);
	sim_set(&fx.sim, MSR_P5_CTR0, 100);
	CU_ASSERT_EQUAL(perfctr_x86_resume(&fx.cpu, &fx.cache, &fx.state, 0), 0);
	sim_set(&fx.sim, MSR_P5_CTR0, 142);
	perfctr_x86_sample(&fx.cpu, &fx.state);
	CU_ASSERT_EQUAL(fx.state.user.pmc[0].sum, 42);
	CU_ASSERT_EQUAL(fx.sim.rdpmcs, 0);
	CU_ASSERT_EQUAL(fx.sim.faults, 0);
}

/* "For Cyrix' P5 clones, evntsel bits 0xFA00 are reserved." */
static void test_cyrix_reserved_bits(void)
{
	struct perfctr_cpu_control control = p5_two;
	sim_cpu_cyrix(&fx.sim);
	fixture_detect();
	CU_ASSERT_EQUAL(fx.cpu.cpu_type, PERFCTR_X86_CYRIX_MII);
	control.evntsel[0] = p5_two.evntsel[0] | 0x0400; /* Cyrix's extra event bit */
	ACCEPTS(control);
	CU_ASSERT_EQUAL(perfctr_x86_resume(&fx.cpu, &fx.cache, &fx.state, 0), 0);
	ASSERT_WRITES({MSR_P5_CESR, 0x00D20496});
	control.evntsel[0] = p5_two.evntsel[0] | 0x0800;
	REJECTS(control);
	/* The P5 itself reserves 0x0400. */
	sim_cpu_p5(&fx.sim, true);
	fixture_detect();
	control.evntsel[0] = p5_two.evntsel[0] | 0x0400;
	REJECTS(control);
}

/* Cyrix: still a P5 for the CPL rule. */
static void test_cyrix_cpl_required(void)
{
	struct perfctr_cpu_control control = p5_two;
	sim_cpu_cyrix(&fx.sim);
	fixture_detect();
	control.evntsel[0] = 0x16;
	REJECTS(control);
}

/* "For Centaur's P5 clones, evntsel bits 0xFF00 are reserved." */
static void test_winchip_reserved_bits(void)
{
	struct perfctr_cpu_control control = {.nractrs = 1, .pmc_map = {0}, .evntsel = {0x16}};
	sim_cpu_winchip(&fx.sim);
	fixture_detect();
	CU_ASSERT_EQUAL(fx.cpu.family_id, PERFCTR_FAMILY_WINCHIP);
	ACCEPTS(control);
	control.evntsel[0] = 0x0116;
	REJECTS(control);
}

/* "It has no CPL bits to set." */
static void test_winchip_needs_no_cpl(void)
{
	struct perfctr_cpu_control control = {
	    .nractrs = 2, .pmc_map = {0, 1}, .evntsel = {0x02, 0x16}};
	sim_cpu_winchip(&fx.sim);
	fixture_detect();
	ACCEPTS(control);
	CU_ASSERT_EQUAL(perfctr_x86_resume(&fx.cpu, &fx.cache, &fx.state, 0), 0);
	ASSERT_WRITES({MSR_P5_CESR, 0x00160002});
}

/* "The TSC is broken and cannot be used." */
static void test_winchip_tsc_unusable(void)
{
	struct perfctr_cpu_control control = {
	    .tsc_on = 1, .nractrs = 1, .pmc_map = {0}, .evntsel = {0x16}};
	sim_cpu_winchip(&fx.sim);
	fixture_detect();
	CU_ASSERT_FALSE(fx.cpu.features & PERFCTR_FEATURE_RDTSC);
	REJECTS(control);
	control.tsc_on = 0;
	ACCEPTS(control);
}

/* "Only permits TSC sampling, with tsc_on == 1 and nractrs == nrictrs == 0" */
static void test_generic_tsc_only(void)
{
	struct perfctr_cpu_control control = {.tsc_on = 1};
	sim_cpu_generic(&fx.sim);
	fixture_detect();
	CU_ASSERT_EQUAL(fx.cpu.family_id, PERFCTR_FAMILY_GENERIC);
	CU_ASSERT_EQUAL(fx.cpu.features, PERFCTR_FEATURE_RDTSC);
	ACCEPTS(control);
	fx.sim.tsc = 5000;
	CU_ASSERT_EQUAL(perfctr_x86_resume(&fx.cpu, &fx.cache, &fx.state, 0), 0);
	fx.sim.tsc = 5123;
	perfctr_x86_sample(&fx.cpu, &fx.state);
	CU_ASSERT_EQUAL(fx.state.user.tsc_sum, 123);
	ASSERT_WRITES(); /* no register at all */
	control.tsc_on = 0;
	REJECTS(control);
	control = (struct perfctr_cpu_control){.tsc_on = 1, .nractrs = 1};
	REJECTS(control);
	control = (struct perfctr_cpu_control){.tsc_on = 1, .nrictrs = 1, .ireset = {-1}};
	REJECTS(control);
}

/* Without a TSC there is nothing to drive. */
static void test_no_tsc_no_driver(void)
{
	sim_cpu_no_tsc(&fx.sim);
	CU_ASSERT_EQUAL(perfctr_x86_detect(&fx.cpu, &fx.sim.regs), -ENODEV);
}

void add_p5_suite(void)
{
	static const struct test_case cases[] = {
	    TEST(test_p5_detected),           TEST(test_p5_cesr_combines_both_controls),
	    TEST(test_p5_reserved_bits),      TEST(test_p5_cpl_required),
	    TEST(test_p5_has_no_imode),       TEST(test_p5_reads_without_rdpmc),
	    TEST(test_cyrix_reserved_bits),   TEST(test_cyrix_cpl_required),
	    TEST(test_winchip_reserved_bits), TEST(test_winchip_needs_no_cpl),
	    TEST(test_winchip_tsc_unusable),  TEST(test_generic_tsc_only),
	    TEST(test_no_tsc_no_driver),
	};
	ADD_SUITE("p5 and clones, generic", cases);
}
