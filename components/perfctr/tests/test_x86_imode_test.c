// SPDX-License-Identifier: BSD-3-Clause
/* The i-mode path the lab runs under QEMU's TCG (no PMU): the generic
 * driver's test counters of the module's test_inject=1, the overflow
 * handling with a given mask (the injection's), and a control installed
 * with preserve while the previous one is suspended by an overflow. */
#include "x86_test.h"

#define USR EVNTSEL_USR
#define INT EVNTSEL_INT
#define EN  EVNTSEL_EN

#define TEST0 PERFCTR_TEST_COUNTER_MSR0
#define TEST1 (PERFCTR_TEST_COUNTER_MSR0 + 1)

/* The lab's control: the TSC and two i-mode test counters. */
static const struct perfctr_cpu_control two_test_counters = {
    .tsc_on = 1, .nrictrs = 2, .pmc_map = {0, 1}, .ireset = {-1000, -50}};

static void generic_with_test_counters(void)
{
	sim_cpu_generic_test_counters(&fx.sim);
	fixture_detect();
	CU_ASSERT_EQUAL(fx.cpu.family_id, PERFCTR_FAMILY_GENERIC);
	/* Detection never sets it: the module does, under test_inject=1. */
	CU_ASSERT_FALSE(fx.cpu.test_counters);
	fx.cpu.test_counters = true;
}

static int resume(void)
{
	return perfctr_x86_resume(&fx.cpu, &fx.cache, &fx.state, 0);
}

/* Generic: "Only permits TSC sampling" unless the module's test_inject
 * gave it the test counters, and then only i-mode ones: no a-mode counter
 * (user space has no rdpmc to read it), evntsel 0, ireset negative, maps
 * 0 and 1 once each, the TSC on, not global. */
static void test_generic_imode_only_on_test_counters(void)
{
	struct perfctr_cpu_control c = two_test_counters;

	sim_cpu_generic_test_counters(&fx.sim);
	fixture_detect();
	REJECTS(c); /* the seed's rule, as loaded without test_inject */
	fx.cpu.test_counters = true;
	ACCEPTS(c);
	CU_ASSERT_EQUAL(fx.state.program.counter_msr[0], TEST0);
	CU_ASSERT_EQUAL(fx.state.program.counter_msr[1], TEST1);
	REJECTS_GLOBAL(c);
	c.nractrs = 1;
	c.nrictrs = 1;
	REJECTS(c);
	c = two_test_counters;
	c.evntsel[1] = 1;
	REJECTS(c);
	c = two_test_counters;
	c.ireset[0] = 0;
	REJECTS(c);
	c = two_test_counters;
	c.pmc_map[1] = 0;
	REJECTS(c);
	c = two_test_counters;
	c.pmc_map[1] = 2;
	REJECTS(c);
	c = two_test_counters;
	c.nrictrs = 3;
	REJECTS(c);
	c = two_test_counters;
	c.tsc_on = 0;
	REJECTS(c);
	c = two_test_counters;
	c.nrictrs = 0; /* the TSC alone, as always */
	ACCEPTS(c);
}

/* The lab's sequence on the simulated registers: resume loads the test
 * counters with ireset; the injection's mask must name a running i-mode
 * counter; taken, every counter is suspended (the page's cstatus keeps the
 * TSC alone, the sums stand still), IRESUME brings the cstatus back and
 * the resume writes the overflowed counter with its ireset, the other
 * with where it stopped. */
static void test_injected_overflow_on_test_counters(void)
{
	uint32_t iresume = 0, cstatus;
	struct perfctr_x86_state before;

	generic_with_test_counters();
	ACCEPTS(two_test_counters);
	cstatus = fx.state.user.cstatus;
	CU_ASSERT_EQUAL(cstatus, perfctr_mk_cstatus(1, 1, 2, 0));
	fx.sim.tsc = 100;
	CU_ASSERT_EQUAL(resume(), 0);
	ASSERT_WRITES({TEST0, (uint64_t)-1000}, {TEST1, (uint64_t)-50});
	sim_set(&fx.sim, TEST0, (uint64_t)-400); /* 600 events */
	sim_set(&fx.sim, TEST1, (uint64_t)-20);  /* 30 events */
	fx.sim.tsc = 700;

	/* Refused masks change nothing. */
	before = fx.state;
	sim_clear_log(&fx.sim);
	CU_ASSERT_EQUAL(perfctr_x86_imode_take(&fx.cpu, &fx.cache, &fx.state, 0, &iresume),
	                -EINVAL);
	CU_ASSERT_EQUAL(perfctr_x86_imode_take(&fx.cpu, &fx.cache, &fx.state, 1u << 2, &iresume),
	                -EINVAL);
	CU_ASSERT_EQUAL(memcmp(&before, &fx.state, sizeof(before)), 0);
	CU_ASSERT_EQUAL(iresume, 0);
	ASSERT_WRITES();

	CU_ASSERT_EQUAL(perfctr_x86_imode_take(&fx.cpu, &fx.cache, &fx.state, 1u << 1, &iresume),
	                0);
	CU_ASSERT_EQUAL(iresume, cstatus);
	CU_ASSERT_EQUAL(fx.state.user.cstatus, perfctr_mk_cstatus(1, 0, 0, 0));
	CU_ASSERT_EQUAL(fx.state.user.k1.isuspend_cpu, -1);
	CU_ASSERT_EQUAL(fx.state.user.tsc_sum, 600);
	CU_ASSERT_EQUAL(fx.state.user.pmc[0].sum, 600);
	CU_ASSERT_EQUAL(fx.state.user.pmc[1].sum, 30);
	CU_ASSERT_EQUAL(fx.state.user.pmc[1].start, (uint32_t)-50);
	/* Suspended: a second injection has no i-mode counter to take. */
	CU_ASSERT_EQUAL(perfctr_x86_imode_take(&fx.cpu, &fx.cache, &fx.state, 1u << 1, &iresume),
	                -EINVAL);
	CU_ASSERT_EQUAL(iresume, cstatus);
	/* The counters run on (test counters never stop); the sums do not. */
	sim_set(&fx.sim, TEST0, (uint64_t)-100);
	fx.sim.tsc = 900;
	perfctr_x86_sample(&fx.cpu, &fx.state);
	CU_ASSERT_EQUAL(fx.state.user.tsc_sum, 800);
	CU_ASSERT_EQUAL(fx.state.user.pmc[0].sum, 600);
	CU_ASSERT_EQUAL(fx.state.user.pmc[1].sum, 30);

	CU_ASSERT_EQUAL(perfctr_x86_iresume(&fx.state, &iresume), 0);
	CU_ASSERT_EQUAL(fx.state.user.cstatus, cstatus);
	sim_clear_log(&fx.sim);
	CU_ASSERT_EQUAL(resume(), 0);
	ASSERT_WRITES({TEST0, (uint64_t)-400}, {TEST1, (uint64_t)-50});
	sim_set(&fx.sim, TEST0, (uint64_t)-390);
	sim_set(&fx.sim, TEST1, 5); /* 55 since -50: overflowed for real */
	CU_ASSERT_EQUAL(perfctr_x86_imode_overflow(&fx.cpu, &fx.cache, &fx.state, &iresume),
	                1u << 1);
	CU_ASSERT_EQUAL(fx.state.user.pmc[0].sum, 610);
	CU_ASSERT_EQUAL(fx.state.user.pmc[1].sum, 85);
}

/* The per-CPU cache and isuspend_cpu on the test counters, as the lab's
 * sleep exercises them: a switch-out records the CPU; back on it, the
 * counters are not written (still valid); on another CPU they are. */
static void test_test_counters_follow_the_cache_rules(void)
{
	generic_with_test_counters();
	fx.sim.cpu_number = 0;
	ACCEPTS(two_test_counters);
	CU_ASSERT_EQUAL(resume(), 0);
	perfctr_x86_suspend(&fx.cpu, &fx.cache, &fx.state);
	CU_ASSERT_EQUAL(fx.state.user.k1.isuspend_cpu, 0);
	sim_clear_log(&fx.sim);
	CU_ASSERT_EQUAL(resume(), 0);
	ASSERT_WRITES();
	perfctr_x86_suspend(&fx.cpu, &fx.cache, &fx.state);
	fx.sim.cpu_number = 1;
	sim_clear_log(&fx.sim);
	CU_ASSERT_EQUAL(resume(), 0);
	ASSERT_WRITES({TEST0, (uint64_t)-1000}, {TEST1, (uint64_t)-50});
}

/* VPERFCTR_CONTROL with preserve while the previous control is suspended
 * by an overflow: the sums of every counter it kept at the same index and
 * map stay, not only the TSC's (the page's cstatus keeps the TSC alone
 * then: the old control's own cstatus says which counters it had). */
static void test_preserve_after_overflow_keeps_every_sum(void)
{
	static const struct perfctr_cpu_control k8 = {
	    .tsc_on = 1,
	    .nractrs = 1,
	    .nrictrs = 2,
	    .pmc_map = {0, 1, 3},
	    .evntsel = {0xC0 | USR | EN, 0x76 | USR | INT | EN, 0xC2 | USR | INT | EN},
	    .ireset = {0, -1000, -50}};
	struct perfctr_cpu_control moved = k8;
	static struct perfctr_x86_state next;
	uint32_t iresume = 0;

	sim_cpu_k7(&fx.sim, true);
	fixture_detect();
	ACCEPTS(k8);
	fx.sim.tsc = 100;
	CU_ASSERT_EQUAL(resume(), 0);
	sim_set(&fx.sim, 0xC0010004, 500);
	sim_set(&fx.sim, 0xC0010005, 7);                 /* 1007 */
	sim_set(&fx.sim, 0xC0010007, 0xFFFFFFFFFFE2ull); /* 20 */
	fx.sim.tsc = 400;
	CU_ASSERT_EQUAL(perfctr_x86_imode_overflow(&fx.cpu, &fx.cache, &fx.state, &iresume),
	                1u << 1);
	CU_ASSERT_EQUAL(fx.state.user.cstatus, perfctr_mk_cstatus(1, 0, 0, 0));

	CU_ASSERT_EQUAL(perfctr_x86_update_control(&fx.cpu, &next, &k8, false, &fx.scratch), 0);
	perfctr_x86_carry_sums(&fx.state, iresume, &next);
	CU_ASSERT_EQUAL(next.user.tsc_sum, 300);
	CU_ASSERT_EQUAL(next.user.pmc[0].sum, 500);
	CU_ASSERT_EQUAL(next.user.pmc[1].sum, 1007);
	CU_ASSERT_EQUAL(next.user.pmc[2].sum, 20);

	/* A counter at another map starts from zero; the others keep theirs. */
	moved.pmc_map[2] = 2;
	CU_ASSERT_EQUAL(perfctr_x86_update_control(&fx.cpu, &next, &moved, false, &fx.scratch), 0);
	perfctr_x86_carry_sums(&fx.state, iresume, &next);
	CU_ASSERT_EQUAL(next.user.pmc[1].sum, 1007);
	CU_ASSERT_EQUAL(next.user.pmc[2].sum, 0);

	/* With the page's cstatus (the TSC alone), only the TSC's would stay:
	 * what the module did before. */
	CU_ASSERT_EQUAL(perfctr_x86_update_control(&fx.cpu, &next, &k8, false, &fx.scratch), 0);
	perfctr_x86_carry_sums(&fx.state, fx.state.user.cstatus, &next);
	CU_ASSERT_EQUAL(next.user.tsc_sum, 300);
	CU_ASSERT_EQUAL(next.user.pmc[0].sum, 0);
}

void add_imode_test_suite(void)
{
	static const struct test_case cases[] = {
	    TEST(test_generic_imode_only_on_test_counters),
	    TEST(test_injected_overflow_on_test_counters),
	    TEST(test_test_counters_follow_the_cache_rules),
	    TEST(test_preserve_after_overflow_keeps_every_sum),
	};
	ADD_SUITE("i-mode under test_inject, preserve after an overflow", cases);
}
