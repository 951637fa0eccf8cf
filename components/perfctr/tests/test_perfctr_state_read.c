// SPDX-License-Identifier: BSD-3-Clause
/* The state page's read protocol (perfctr_state_read.c) against the
 * driver's own state: the sums a user-space read computes equal what the
 * kernel side would report, and a switch in the middle of a read is seen
 * and the read done again. */
#include "x86_test.h"
#include "perfctr_state_read.h"

#define USR EVNTSEL_USR
#define EN  EVNTSEL_EN

static const struct perfctr_cpu_control two = {
    .tsc_on = 1, .nractrs = 2, .pmc_map = {0, 3}, .evntsel = {0xC0 | USR | EN, 0x76 | USR | EN}};

/* Reads through the simulated CPU; a hook may run at the first rdtsc, as
 * if the kernel switched the counters while the read was under way. */
static void (*during_read)(void);

static uint64_t sim_read_pmc(void *cpu, uint32_t selector)
{
	return fx.sim.regs.rdpmc(cpu, selector);
}

static uint64_t sim_read_tsc(void *cpu)
{
	void (*hook)(void) = during_read;
	during_read = NULL;
	if (hook)
		hook();
	return fx.sim.regs.rdtsc(cpu);
}

static const struct perfctr_read_ops ops = {&fx.sim, sim_read_pmc, sim_read_tsc};

static void k8_running(void)
{
	sim_cpu_k7(&fx.sim, true);
	fixture_detect();
	CU_ASSERT_EQUAL_FATAL(fixture_update(&two, false), 0);
	sim_set(&fx.sim, 0xC0010004u, 0x7FFFFFF0ull);
	sim_set(&fx.sim, 0xC0010007u, 5);
	fx.sim.tsc = 100000;
	CU_ASSERT_EQUAL_FATAL(perfctr_x86_resume(&fx.cpu, &fx.cache, &fx.state, 0), 0);
	during_read = NULL;
}

/* The user-space read and the kernel's sample agree. */
static void test_page_read_matches_sample(void)
{
	struct perfctr_sum_ctrs sums;
	k8_running();
	sim_set(&fx.sim, 0xC0010004u, 0x80000010ull);
	sim_set(&fx.sim, 0xC0010007u, 905);
	fx.sim.tsc = 100750;
	CU_ASSERT_TRUE(perfctr_state_read(&fx.state.user, &ops, 4, &sums));
	perfctr_x86_sample(&fx.cpu, &fx.state);
	CU_ASSERT_EQUAL(sums.pmc[0], 0x20);
	CU_ASSERT_EQUAL(sums.pmc[1], 900);
	CU_ASSERT_EQUAL(sums.tsc, 750);
	CU_ASSERT_EQUAL(sums.pmc[0], fx.state.user.pmc[0].sum);
	CU_ASSERT_EQUAL(sums.pmc[1], fx.state.user.pmc[1].sum);
	CU_ASSERT_EQUAL(sums.tsc, fx.state.user.tsc_sum);
}

/* A context switch during the read: the counters move to another state,
 * then back; the read must not mix the two. */
static void switch_away_and_back(void)
{
	perfctr_x86_suspend(&fx.cpu, &fx.cache, &fx.state);
	sim_set(&fx.sim, 0xC0010004u, 0x90000000ull); /* someone else counted */
	fx.sim.tsc += 5000;
	CU_ASSERT_EQUAL(perfctr_x86_resume(&fx.cpu, &fx.cache, &fx.state, 0), 0);
}

static void test_switch_during_read_retries(void)
{
	struct perfctr_sum_ctrs sums;
	k8_running();
	sim_set(&fx.sim, 0xC0010004u, 0x80000010ull);
	fx.sim.tsc = 100750;
	during_read = switch_away_and_back;
	CU_ASSERT_TRUE(perfctr_state_read(&fx.state.user, &ops, 4, &sums));
	CU_ASSERT_PTR_NULL(during_read); /* the switch happened */
	/* The suspend counted 0x20 events and 750 cycles; nothing since. */
	CU_ASSERT_EQUAL(sums.pmc[0], 0x20);
	CU_ASSERT_EQUAL(sums.tsc, 750);
	/* With one try only, the switch makes the read give up rather than
	 * return the first pass's mix of old starts and new counts. */
	during_read = switch_away_and_back;
	CU_ASSERT_FALSE(perfctr_state_read(&fx.state.user, &ops, 1, &sums));
}

/* Without the TSC nothing tells a read about a switch: not in user space. */
static void test_no_tsc_no_user_read(void)
{
	struct perfctr_cpu_control control = two;
	struct perfctr_sum_ctrs sums;
	sim_cpu_k7(&fx.sim, true);
	fixture_detect();
	control.tsc_on = 0;
	CU_ASSERT_EQUAL_FATAL(fixture_update(&control, false), 0);
	CU_ASSERT_EQUAL(perfctr_x86_resume(&fx.cpu, &fx.cache, &fx.state, 0), 0);
	CU_ASSERT_FALSE(perfctr_state_read(&fx.state.user, &ops, 4, &sums));
}

/* The P5 before MMX has no rdpmc (its INFO lacks PERFCTR_FEATURE_RDPMC):
 * the component passes no rdpmc, and a control with counters is read by
 * VPERFCTR_READ_SUM (the page read refuses without executing a single
 * rdpmc); a TSC-only control still reads its page (rdtsc). */
static void test_no_rdpmc_reads_by_ioctl(void)
{
	static const struct perfctr_cpu_control p5_counter = {
	    .tsc_on = 1, .nractrs = 1, .pmc_map = {0}, .evntsel = {0x16 | 0x80}};
	static const struct perfctr_cpu_control tsc_only = {.tsc_on = 1};
	const struct perfctr_read_ops no_rdpmc = {&fx.sim, NULL, sim_read_tsc};
	struct perfctr_sum_ctrs sums;

	sim_cpu_p5(&fx.sim, false);
	fixture_detect();
	CU_ASSERT_FALSE(fx.cpu.features & PERFCTR_FEATURE_RDPMC);
	CU_ASSERT_EQUAL_FATAL(fixture_update(&p5_counter, false), 0);
	CU_ASSERT_EQUAL(perfctr_x86_resume(&fx.cpu, &fx.cache, &fx.state, 0), 0);
	CU_ASSERT_FALSE(perfctr_state_read(&fx.state.user, &no_rdpmc, 4, &sums));
	CU_ASSERT_EQUAL(fx.sim.rdpmcs, 0);

	CU_ASSERT_EQUAL_FATAL(fixture_update(&tsc_only, false), 0);
	CU_ASSERT_EQUAL(perfctr_x86_resume(&fx.cpu, &fx.cache, &fx.state, 0), 0);
	fx.sim.tsc += 1000;
	CU_ASSERT_TRUE(perfctr_state_read(&fx.state.user, &no_rdpmc, 4, &sums));
	CU_ASSERT_EQUAL(sums.tsc, 1000);
	CU_ASSERT_EQUAL(fx.sim.rdpmcs, 0);
}

void add_state_read_suite(void)
{
	static const struct test_case cases[] = {
	    TEST(test_page_read_matches_sample),
	    TEST(test_switch_during_read_retries),
	    TEST(test_no_tsc_no_user_read),
	    TEST(test_no_rdpmc_reads_by_ioctl),
	};
	ADD_SUITE("state page reads", cases);
}
