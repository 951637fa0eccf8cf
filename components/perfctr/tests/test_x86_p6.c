// SPDX-License-Identifier: BSD-3-Clause
/* Intel P6, AMD K7/K8, VIA C3: one EVNTSEL per counter. */
#include "x86_test.h"

#define USR EVNTSEL_USR
#define OS  EVNTSEL_OS
#define INT EVNTSEL_INT
#define EN  EVNTSEL_EN

/* INST_RETIRED (0xC0) at CPL 3 on counter 0; a-mode on counter 1. */
static const struct perfctr_cpu_control p6_two = {
    .tsc_on = 1, .nractrs = 2, .pmc_map = {0, 1}, .evntsel = {0xC0 | USR | EN, 0xC4 | USR | OS}};

static void p6(void)
{
	sim_cpu_p6(&fx.sim);
	fixture_detect();
}

static void test_p6_detected(void)
{
	p6();
	CU_ASSERT_EQUAL(fx.cpu.family_id, PERFCTR_FAMILY_P6);
	CU_ASSERT_EQUAL(fx.cpu.cpu_type, PERFCTR_X86_INTEL_PIII);
	CU_ASSERT_EQUAL(fx.cpu.features,
	                PERFCTR_FEATURE_RDPMC | PERFCTR_FEATURE_RDTSC | PERFCTR_FEATURE_PCINT);
}

/* "The evntsel values are mapped directly onto the counters' EVNTSEL
 * control registers." EVNTSEL0, whose EN enables both, is written last. */
static void test_p6_write_sequence(void)
{
	p6();
	ACCEPTS(p6_two);
	CU_ASSERT_EQUAL(perfctr_x86_resume(&fx.cpu, &fx.cache, &fx.state, 0), 0);
	ASSERT_WRITES({0x187, 0xC4 | USR | OS}, {0x186, 0xC0 | USR | EN});
}

/* "The global enable bit (22) in EVNTSEL0 must be set." */
static void test_p6_evntsel0_needs_enable(void)
{
	struct perfctr_cpu_control control = p6_two;
	p6();
	control.evntsel[0] &= ~EN;
	REJECTS(control);
	/* Counter 1 alone could never be enabled. */
	control =
	    (struct perfctr_cpu_control){.nractrs = 1, .pmc_map = {1}, .evntsel = {0xC4 | USR}};
	REJECTS(control);
}

/* "That bit is reserved in EVNTSEL1." */
static void test_p6_enable_reserved_in_evntsel1(void)
{
	struct perfctr_cpu_control control = p6_two;
	p6();
	control.evntsel[1] |= EN;
	REJECTS(control);
}

/* "Bits 21 and 19 (0x00280000) in each evntsel are reserved." */
static void test_p6_reserved_bits(void)
{
	struct perfctr_cpu_control control = p6_two;
	p6();
	control.evntsel[0] |= 1u << 21;
	REJECTS(control);
	control = p6_two;
	control.evntsel[1] |= 1u << 19;
	REJECTS(control);
	control = p6_two;
	control.evntsel[1] |= 1u << 18; /* edge detect: allowed */
	ACCEPTS(control);
}

/* "For an i-mode counter, bit 20 (0x00100000) of its evntsel must be set." */
static void test_p6_imode_needs_int(void)
{
	struct perfctr_cpu_control control = {.nractrs = 1,
	                                      .nrictrs = 1,
	                                      .pmc_map = {0, 1},
	                                      .evntsel = {0xC0 | USR | EN, 0xC4 | USR | INT},
	                                      .ireset = {0, -1000}};
	p6();
	ACCEPTS(control);
	control.evntsel[1] &= ~INT;
	REJECTS(control);
}

/* "For a-mode counters, that bit must not be set." */
static void test_p6_amode_forbids_int(void)
{
	struct perfctr_cpu_control control = p6_two;
	p6();
	control.evntsel[1] |= INT;
	REJECTS(control);
}

/* "writing to a counter only writes the low 32 bits: remaining bits are
 * sign-extended from bit 31": an i-mode reload writes -N as 32 bits. */
static void test_p6_counter_write_sign_extends(void)
{
	struct perfctr_cpu_control control = {
	    .nrictrs = 1, .pmc_map = {0}, .evntsel = {0xC0 | USR | EN | INT}, .ireset = {-256}};
	p6();
	ACCEPTS(control);
	CU_ASSERT_EQUAL(perfctr_x86_resume(&fx.cpu, &fx.cache, &fx.state, 0), 0);
	CU_ASSERT_EQUAL(sim_writes_to(&fx.sim, 0xC1), 1);
	CU_ASSERT_EQUAL(sim_get(&fx.sim, 0xC1), 0xFFFFFFFF00ull);
	CU_ASSERT_EQUAL(fx.sim.faults, 0);
}

/* "pmc_map[] contains a counter number, as used by the RDPMC
 * instruction. It never contains an MSR number." */
static void test_pmc_map_is_a_counter_number(void)
{
	struct perfctr_cpu_control control = p6_two;
	p6();
	control.pmc_map[0] = MSR_P6_PERFCTR0;
	REJECTS(control);
	control.pmc_map[0] = 2; /* the P6 has two counters */
	REJECTS(control);
	control.pmc_map[0] = 1; /* both on counter 1 */
	REJECTS(control);
}

/* is_global matters on HT P4s only: "On other processors the parameter is
 * ignored." */
static void test_is_global_ignored_off_p4(void)
{
	struct perfctr_cpu_control control = p6_two;
	p6();
	ACCEPTS_GLOBAL(control);
	control.evntsel[0] |= 1u << 21;
	REJECTS_GLOBAL(control);
}

static const struct perfctr_cpu_control k7_two = {
    .nractrs = 2, .pmc_map = {0, 3}, .evntsel = {0xC0 | USR | EN, 0x76 | OS | USR | EN}};

/* "each evntsel has its own enable bit, which must be set" */
static void test_k7_each_needs_enable(void)
{
	struct perfctr_cpu_control control = k7_two;
	sim_cpu_k7(&fx.sim, false);
	fixture_detect();
	CU_ASSERT_EQUAL(fx.cpu.cpu_type, PERFCTR_X86_AMD_K7);
	ACCEPTS(control);
	control.evntsel[1] &= ~EN;
	REJECTS(control);
}

/* K7/K8: "Similar to Intel P6": the same reserved bits and INT rule. */
static void test_k8_p6_rules(void)
{
	struct perfctr_cpu_control control = k7_two;
	sim_cpu_k7(&fx.sim, true);
	fixture_detect();
	CU_ASSERT_EQUAL(fx.cpu.cpu_type, PERFCTR_X86_AMD_K8);
	control.evntsel[0] |= 1u << 19;
	REJECTS(control);
	control = k7_two;
	control.evntsel[0] |= INT;
	REJECTS(control);
	control = k7_two;
	control.nractrs = 5;
	REJECTS(control);
	control = k7_two;
	control.pmc_map[1] = 0; /* two controls on counter 0 */
	REJECTS(control);
}

static void test_k7_write_sequence(void)
{
	sim_cpu_k7(&fx.sim, true);
	fixture_detect();
	ACCEPTS(k7_two);
	CU_ASSERT_EQUAL(perfctr_x86_resume(&fx.cpu, &fx.cache, &fx.state, 0), 0);
	ASSERT_WRITES({0xC0010000u, 0xC0 | USR | EN}, {0xC0010003u, 0x76 | OS | USR | EN});
}

/* "only PERFCTR1/EVNTSEL1 are programmable" */
static void test_via_c3_one_counter(void)
{
	struct perfctr_cpu_control control = {.nractrs = 1, .pmc_map = {1}, .evntsel = {0xC0}};
	sim_cpu_via_c3(&fx.sim);
	fixture_detect();
	CU_ASSERT_EQUAL(fx.cpu.cpu_type, PERFCTR_X86_VIA_C3);
	ACCEPTS(control);
	CU_ASSERT_EQUAL(perfctr_x86_resume(&fx.cpu, &fx.cache, &fx.state, 0), 0);
	ASSERT_WRITES({0x187, 0xC0});
	control =
	    (struct perfctr_cpu_control){.nractrs = 2, .pmc_map = {1, 0}, .evntsel = {0xC0, 0xC0}};
	REJECTS(control);
}

/* "pmc_map[0] must be 1, if nractrs == 1." */
static void test_via_c3_map_is_counter_1(void)
{
	struct perfctr_cpu_control control = {.nractrs = 1, .pmc_map = {0}, .evntsel = {0xC0}};
	sim_cpu_via_c3(&fx.sim);
	fixture_detect();
	REJECTS(control);
}

/* "Bits 0xFFFFFE00 in the evntsel are reserved." */
static void test_via_c3_reserved_bits(void)
{
	struct perfctr_cpu_control control = {.nractrs = 1, .pmc_map = {1}, .evntsel = {0x1C0}};
	sim_cpu_via_c3(&fx.sim);
	fixture_detect();
	ACCEPTS(control);
	control.evntsel[0] = 0x2C0;
	REJECTS(control);
	control.evntsel[0] = 0xC0 | EN;
	REJECTS(control);
}

/* "There are no auxiliary control bits to set." (no enable, no CPL) */
static void test_via_c3_no_auxiliary_bits(void)
{
	struct perfctr_cpu_control control = {.nractrs = 1, .pmc_map = {1}, .evntsel = {0x00}};
	sim_cpu_via_c3(&fx.sim);
	fixture_detect();
	ACCEPTS(control);
}

void add_p6_suite(void)
{
	static const struct test_case cases[] = {
	    TEST(test_p6_detected),
	    TEST(test_p6_write_sequence),
	    TEST(test_p6_evntsel0_needs_enable),
	    TEST(test_p6_enable_reserved_in_evntsel1),
	    TEST(test_p6_reserved_bits),
	    TEST(test_p6_imode_needs_int),
	    TEST(test_p6_amode_forbids_int),
	    TEST(test_p6_counter_write_sign_extends),
	    TEST(test_pmc_map_is_a_counter_number),
	    TEST(test_is_global_ignored_off_p4),
	    TEST(test_k7_each_needs_enable),
	    TEST(test_k8_p6_rules),
	    TEST(test_k7_write_sequence),
	    TEST(test_via_c3_one_counter),
	    TEST(test_via_c3_map_is_counter_1),
	    TEST(test_via_c3_reserved_bits),
	    TEST(test_via_c3_no_auxiliary_bits),
	};
	ADD_SUITE("p6, k7/k8, via c3", cases);
}
