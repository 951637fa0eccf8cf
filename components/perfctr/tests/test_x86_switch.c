// SPDX-License-Identifier: BSD-3-Clause
/* Context switches: the per-CPU control cache, accumulation of
 * differences, and the suspend/resume of i-mode counters. */
#include "x86_test.h"

#define USR EVNTSEL_USR
#define INT EVNTSEL_INT
#define EN  EVNTSEL_EN

static const struct perfctr_cpu_control amode = {
    .tsc_on = 1, .nractrs = 2, .pmc_map = {0, 1}, .evntsel = {0xC0 | USR | EN, 0xC4 | USR}};
static const struct perfctr_cpu_control mixed = {.nractrs = 1,
                                                 .nrictrs = 1,
                                                 .pmc_map = {0, 1},
                                                 .evntsel = {0xC0 | USR | EN, 0xC4 | USR | INT},
                                                 .ireset = {0, -1000}};

static struct perfctr_x86_cache other_cache;
static struct perfctr_x86_state other_state;

static void p6(void)
{
	sim_cpu_p6(&fx.sim);
	fixture_detect();
	memset(&other_cache, 0, sizeof(other_cache));
	memset(&other_state, 0, sizeof(other_state));
}

static int resume(struct perfctr_x86_cache *cache, struct perfctr_x86_state *state)
{
	return perfctr_x86_resume(&fx.cpu, cache, state, 0);
}

/* "a-mode counters only use read operations on the counter registers" */
static void test_amode_only_reads_counters(void)
{
	p6();
	ACCEPTS(amode);
	CU_ASSERT_EQUAL(resume(&fx.cache, &fx.state), 0);
	perfctr_x86_suspend(&fx.cpu, &fx.cache, &fx.state);
	fx.sim.cpu_number = 1;
	CU_ASSERT_EQUAL(resume(&other_cache, &fx.state), 0);
	perfctr_x86_suspend(&fx.cpu, &other_cache, &fx.state);
	CU_ASSERT_EQUAL(sim_writes_to(&fx.sim, 0xC1) + sim_writes_to(&fx.sim, 0xC2), 0);
	CU_ASSERT_TRUE(fx.sim.rdpmcs > 0);
}

/* write_control "first checks if the state's id matches that of the CPU's
 * cache, and if so, returns" */
static void test_same_id_writes_nothing(void)
{
	p6();
	ACCEPTS(amode);
	CU_ASSERT_EQUAL(resume(&fx.cache, &fx.state), 0);
	CU_ASSERT_EQUAL(fx.cache.id, fx.state.user.k1.id); /* "writes the state's id" */
	perfctr_x86_suspend(&fx.cpu, &fx.cache, &fx.state);
	sim_clear_log(&fx.sim);
	/* The cache's image is forged: trusting the id, the resume does not
	 * even compare the registers. */
	fx.cache.image[1] = 0;
	CU_ASSERT_EQUAL(resume(&fx.cache, &fx.state), 0);
	ASSERT_WRITES();
}

/* "checks each control register in the state and updates those that do
 * not match the cache" */
static void test_only_differing_registers_written(void)
{
	struct perfctr_cpu_control second = amode;
	p6();
	ACCEPTS(amode);
	CU_ASSERT_EQUAL(resume(&fx.cache, &fx.state), 0);
	perfctr_x86_suspend(&fx.cpu, &fx.cache, &fx.state);
	second.evntsel[1] = 0xC5 | USR;
	CU_ASSERT_EQUAL(
	    perfctr_x86_update_control(&fx.cpu, &other_state, &second, false, &fx.scratch), 0);
	sim_clear_log(&fx.sim);
	CU_ASSERT_EQUAL(resume(&fx.cache, &other_state), 0);
	ASSERT_WRITES({0x187, 0xC5 | USR});
	CU_ASSERT_EQUAL(fx.cache.id, other_state.user.k1.id);
}

/* "the accumulate-differences method": events while another state owns
 * the CPU are not counted. */
static void test_accumulates_differences(void)
{
	p6();
	ACCEPTS(amode);
	sim_set(&fx.sim, 0xC1, 1000);
	fx.sim.tsc = 10000;
	CU_ASSERT_EQUAL(resume(&fx.cache, &fx.state), 0);
	sim_set(&fx.sim, 0xC1, 1300);
	fx.sim.tsc = 10500;
	perfctr_x86_suspend(&fx.cpu, &fx.cache, &fx.state);
	sim_set(&fx.sim, 0xC1, 9000); /* someone else's time */
	fx.sim.tsc = 20000;
	CU_ASSERT_EQUAL(resume(&fx.cache, &fx.state), 0);
	sim_set(&fx.sim, 0xC1, 9042);
	fx.sim.tsc = 20100;
	perfctr_x86_sample(&fx.cpu, &fx.state);
	CU_ASSERT_EQUAL(fx.state.user.pmc[0].sum, 342);
	CU_ASSERT_EQUAL(fx.state.user.tsc_sum, 600);
}

/* A thread that migrates: suspended on one CPU, resumed on the next, each
 * CPU's counters at values of their own. The sums are exactly the
 * differences seen on each CPU (one of them across a 32-bit wrap); a CPU
 * the state never ran on gets its control written, one whose cache still
 * holds it gets nothing; a CPU that went offline and came back (its cache
 * emptied by the module's hotplug callback) gets every control again. */
static struct perfctr_x86_cache cpu_caches[3];

static void run_on(int cpu, uint64_t ctr0_in, uint64_t ctr0_out, uint64_t tsc_in, uint64_t tsc_out)
{
	fx.sim.cpu_number = cpu;
	sim_set(&fx.sim, 0xC1, ctr0_in);
	fx.sim.tsc = tsc_in;
	CU_ASSERT_EQUAL(resume(&cpu_caches[cpu], &fx.state), 0);
	sim_set(&fx.sim, 0xC1, ctr0_out);
	fx.sim.tsc = tsc_out;
	perfctr_x86_suspend(&fx.cpu, &cpu_caches[cpu], &fx.state);
}

static void test_migration_sums_exact(void)
{
	p6();
	for (unsigned n = 0; n < 3; n++)
		perfctr_x86_cache_init(&fx.cpu, &cpu_caches[n]);
	ACCEPTS(amode);
	sim_clear_log(&fx.sim);
	run_on(0, 100, 400, 1000, 2000); /* 300 events, 1000 ticks */
	ASSERT_WRITES({0x187, 0xC4 | USR}, {0x186, 0xC0 | USR | EN});
	sim_clear_log(&fx.sim);
	run_on(1, 0xFFFFFFF0u, 0x100000010u, 5000, 5500); /* 0x20 across the wrap */
	ASSERT_WRITES({0x187, 0xC4 | USR}, {0x186, 0xC0 | USR | EN});
	sim_clear_log(&fx.sim);
	run_on(2, 7, 8, 9000, 9001);
	ASSERT_WRITES({0x187, 0xC4 | USR}, {0x186, 0xC0 | USR | EN});
	sim_clear_log(&fx.sim);
	run_on(0, 50000, 50005, 12000, 12100); /* its cache still holds the state */
	ASSERT_WRITES();
	CU_ASSERT_EQUAL(fx.state.user.pmc[0].sum, 300 + 0x20 + 1 + 5);
	CU_ASSERT_EQUAL(fx.state.user.tsc_sum, 1000 + 500 + 1 + 100);
	/* CPU 1 goes offline and comes back: its registers may hold anything
	 * (here another owner's control), its cache is emptied. */
	sim_set(&fx.sim, 0x186, 0x3C | USR | EN);
	fx.sim.cpu_number = 1;
	sim_clear_log(&fx.sim);
	perfctr_x86_cache_init(&fx.cpu, &cpu_caches[1]);
	ASSERT_WRITES({0x187, 0}, {0x186, 0});
	sim_clear_log(&fx.sim);
	run_on(1, 10, 20, 20000, 20050);
	ASSERT_WRITES({0x187, 0xC4 | USR}, {0x186, 0xC0 | USR | EN});
	CU_ASSERT_EQUAL(fx.state.user.pmc[0].sum, 300 + 0x20 + 1 + 5 + 10);
	CU_ASSERT_EQUAL(fx.state.user.tsc_sum, 1000 + 500 + 1 + 100 + 50);
	CU_ASSERT_EQUAL(sim_writes_to(&fx.sim, 0xC1) + sim_writes_to(&fx.sim, 0xC2), 0);
}

/* Suspending i-mode counters "records the CPU identity", "stops each
 * interrupt-mode counter by disabling its control register" and "lets the
 * cache and state id values remain the same". */
static void test_isuspend_stops_imode_counters(void)
{
	p6();
	fx.sim.cpu_number = 3;
	ACCEPTS(mixed);
	CU_ASSERT_EQUAL(resume(&fx.cache, &fx.state), 0);
	sim_clear_log(&fx.sim);
	perfctr_x86_suspend(&fx.cpu, &fx.cache, &fx.state);
	CU_ASSERT_EQUAL(fx.state.user.k1.isuspend_cpu, 3);
	ASSERT_WRITES({0x187, 0}); /* counter 1 stopped, counter 0 runs on */
	CU_ASSERT_EQUAL(fx.cache.id, fx.state.user.k1.id);
}

/* Resume, same CPU: "the cache id is cleared, to force a reload of the
 * control registers stopped at suspend"; "if the state's suspend CPU
 * matches the current CPU, the counter registers are still valid". */
static void test_iresume_same_cpu_keeps_counters(void)
{
	p6();
	ACCEPTS(mixed);
	CU_ASSERT_EQUAL(resume(&fx.cache, &fx.state), 0);
	perfctr_x86_suspend(&fx.cpu, &fx.cache, &fx.state);
	sim_clear_log(&fx.sim);
	CU_ASSERT_EQUAL(resume(&fx.cache, &fx.state), 0);
	ASSERT_WRITES({0x187, 0xC4 | USR | INT});
	CU_ASSERT_EQUAL(sim_writes_to(&fx.sim, 0xC2), 0);
}

/* Resume elsewhere: each i-mode counter's control "is physically
 * disabled, unless the cache indicates that it already is disabled",
 * "then the counter register itself is restored"; write_control then
 * reloads the control. */
static void test_iresume_other_cpu_restores_counters(void)
{
	p6();
	ACCEPTS(mixed);
	CU_ASSERT_EQUAL(resume(&fx.cache, &fx.state), 0);
	sim_set(&fx.sim, 0xC2, 0xFFFFFFFE70ull); /* -400: 600 events since -1000 */
	perfctr_x86_suspend(&fx.cpu, &fx.cache, &fx.state);
	CU_ASSERT_EQUAL(fx.state.user.pmc[1].sum, 600);

	/* CPU 1 holds another state's i-mode control on counter 1. */
	fx.sim.cpu_number = 1;
	CU_ASSERT_EQUAL(
	    perfctr_x86_update_control(&fx.cpu, &other_state, &mixed, false, &fx.scratch), 0);
	CU_ASSERT_EQUAL(resume(&other_cache, &other_state), 0);
	sim_clear_log(&fx.sim);
	CU_ASSERT_EQUAL(resume(&other_cache, &fx.state), 0);
	ASSERT_WRITES({0x187, 0}, {0xC2, 0xFFFFFFFE70ull}, {0x187, 0xC4 | USR | INT});

	/* Its cache says counter 1's control is off: no disabling write. */
	perfctr_x86_suspend(&fx.cpu, &other_cache, &fx.state);
	fx.sim.cpu_number = 2;
	memset(&other_cache, 0, sizeof(other_cache));
	other_cache.image[1] = mixed.evntsel[0]; /* EVNTSEL0 as ours */
	sim_set(&fx.sim, 0x186, mixed.evntsel[0]);
	sim_clear_log(&fx.sim);
	CU_ASSERT_EQUAL(resume(&other_cache, &fx.state), 0);
	ASSERT_WRITES({0xC2, 0xFFFFFFFE70ull}, {0x187, 0xC4 | USR | INT});
}

/* Overflow: a counter that reached zero or more overflowed; the reload
 * puts it back at ireset and forces the counter write at resume. */
static void test_overflow_and_reload(void)
{
	p6();
	ACCEPTS(mixed);
	CU_ASSERT_EQUAL(resume(&fx.cache, &fx.state), 0);
	CU_ASSERT_EQUAL(perfctr_x86_overflowed(&fx.cpu, &fx.state), 0);
	sim_set(&fx.sim, 0xC2, 3);
	CU_ASSERT_EQUAL(perfctr_x86_overflowed(&fx.cpu, &fx.state), 1u << 1);
	perfctr_x86_suspend(&fx.cpu, &fx.cache, &fx.state);
	CU_ASSERT_EQUAL(fx.state.user.pmc[1].sum, 1003);
	perfctr_x86_ireload(&fx.state);
	sim_clear_log(&fx.sim);
	CU_ASSERT_EQUAL(resume(&fx.cache, &fx.state), 0);
	ASSERT_WRITES({0xC2, 0xFFFFFFFC18ull}, {0x187, 0xC4 | USR | INT});
}

/* Two i-mode counters (1 and 3) beside an a-mode one on a K8: the mask
 * names only the one that overflowed, and only it restarts from ireset. */
static const struct perfctr_cpu_control k8_two_imode = {
    .tsc_on = 1,
    .nractrs = 1,
    .nrictrs = 2,
    .pmc_map = {0, 1, 3},
    .evntsel = {0xC0 | USR | EN, 0x76 | USR | INT | EN, 0xC2 | USR | INT | EN},
    .ireset = {0, -1000, -50}};

/* The overflow interrupt (perfctr 2.6's handling): the overflowed
 * counters' mask; every counter suspended, the i-mode ones stopped in
 * their control register; only the TSC goes on; sums exact. */
static void test_imode_overflow_suspends(void)
{
	uint32_t iresume = 0, cstatus;

	sim_cpu_k7(&fx.sim, true);
	fixture_detect();
	ACCEPTS(k8_two_imode);
	cstatus = fx.state.user.cstatus;
	sim_set(&fx.sim, 0xC0010004, 10);
	fx.sim.tsc = 100;
	CU_ASSERT_EQUAL(resume(&fx.cache, &fx.state), 0);
	/* Not yet: nothing changes, nothing is written. */
	sim_clear_log(&fx.sim);
	sim_set(&fx.sim, 0xC0010005, 0xFFFFFFFFFFF0ull); /* -16 */
	CU_ASSERT_EQUAL(perfctr_x86_imode_overflow(&fx.cpu, &fx.cache, &fx.state, &iresume), 0);
	ASSERT_WRITES();
	CU_ASSERT_EQUAL(fx.state.user.cstatus, cstatus);
	CU_ASSERT_EQUAL(iresume, 0);

	sim_set(&fx.sim, 0xC0010004, 510);
	sim_set(&fx.sim, 0xC0010005, 7);                 /* 1007 since -1000 */
	sim_set(&fx.sim, 0xC0010007, 0xFFFFFFFFFFE2ull); /* -30: 20 since -50 */
	fx.sim.tsc = 400;
	sim_clear_log(&fx.sim);
	CU_ASSERT_EQUAL(perfctr_x86_imode_overflow(&fx.cpu, &fx.cache, &fx.state, &iresume),
	                1u << 1);
	ASSERT_WRITES({0xC0010001, 0}, {0xC0010003, 0});
	CU_ASSERT_EQUAL(iresume, cstatus);
	CU_ASSERT_EQUAL(fx.state.user.cstatus, perfctr_mk_cstatus(1, 0, 0, 0));
	CU_ASSERT_EQUAL(fx.state.user.tsc_sum, 300);
	CU_ASSERT_EQUAL(fx.state.user.pmc[0].sum, 500);
	CU_ASSERT_EQUAL(fx.state.user.pmc[1].sum, 1007);
	CU_ASSERT_EQUAL(fx.state.user.pmc[2].sum, 20);
	CU_ASSERT_EQUAL(fx.state.user.pmc[1].start, (uint32_t)-1000);
	CU_ASSERT_EQUAL(fx.state.user.pmc[2].start, (uint32_t)-30); /* not reloaded */
	/* Suspended, the TSC alone goes on. */
	fx.sim.tsc = 450;
	perfctr_x86_sample(&fx.cpu, &fx.state);
	CU_ASSERT_EQUAL(fx.state.user.tsc_sum, 350);
	CU_ASSERT_EQUAL(fx.state.user.pmc[0].sum, 500);
}

/* VPERFCTR_IRESUME: refused without an overflow; then the counters come
 * back: the overflowed one written with its ireset, the other i-mode one
 * with where it stopped, their controls enabled again. */
static void test_iresume_rearms_from_ireset(void)
{
	uint32_t iresume = 0;

	sim_cpu_k7(&fx.sim, true);
	fixture_detect();
	ACCEPTS(k8_two_imode);
	CU_ASSERT_EQUAL(perfctr_x86_iresume(&fx.state, &iresume), -EPERM);
	CU_ASSERT_EQUAL(resume(&fx.cache, &fx.state), 0);
	sim_set(&fx.sim, 0xC0010005, 2);
	sim_set(&fx.sim, 0xC0010007, 0xFFFFFFFFFFE2ull);
	CU_ASSERT_EQUAL(perfctr_x86_imode_overflow(&fx.cpu, &fx.cache, &fx.state, &iresume),
	                1u << 1);
	perfctr_x86_sample(&fx.cpu, &fx.state); /* the TSC-only state, before the resume */
	CU_ASSERT_EQUAL(perfctr_x86_iresume(&fx.state, &iresume), 0);
	CU_ASSERT_EQUAL(iresume, 0);
	CU_ASSERT_TRUE(perfctr_cstatus_has_ictrs(fx.state.user.cstatus));
	sim_clear_log(&fx.sim);
	CU_ASSERT_EQUAL(resume(&fx.cache, &fx.state), 0);
	ASSERT_WRITES({0xC0010005, 0xFFFFFFFFFC18ull}, {0xC0010007, 0xFFFFFFFFFFE2ull},
	              {0xC0010001, 0x76 | USR | INT | EN}, {0xC0010003, 0xC2 | USR | INT | EN});
	CU_ASSERT_EQUAL(perfctr_x86_iresume(&fx.state, &iresume), -EPERM); /* once only */
}

/* Intel architectural perfmon v2+: the overflowed counter's bit of
 * IA32_PERF_GLOBAL_STATUS is cleared through IA32_PERF_GLOBAL_OVF_CTRL
 * (fixed counter n at bit 32 + n), after its control is stopped. */
static void test_imode_overflow_clears_arch_status(void)
{
	static const struct perfctr_cpu_control fixed_imode = {
	    .nrictrs = 2,
	    .pmc_map = {1, (1u << 30) | 1},
	    .evntsel = {0xC0 | USR | INT | EN, 0x2 | 0x8},
	    .ireset = {-10, -100}};
	uint32_t iresume = 0;

	sim_cpu_arch_perfmon(&fx.sim, 4, 4, 3);
	fixture_detect();
	ACCEPTS(fixed_imode);
	CU_ASSERT_EQUAL(resume(&fx.cache, &fx.state), 0);
	sim_set(&fx.sim, 0x30A, 4); /* fixed counter 1: 104 since -100 */
	sim_clear_log(&fx.sim);
	CU_ASSERT_EQUAL(perfctr_x86_imode_overflow(&fx.cpu, &fx.cache, &fx.state, &iresume),
	                1u << 1);
	ASSERT_WRITES({0x187, 0}, {0x38D, 0}, {0x390, 1ull << 33});
	CU_ASSERT_EQUAL(fx.state.user.pmc[1].sum, 104);
}

/* AMD PerfMonV2: PerfCntrGlobalStatusClr (0xC0000302), counter n at bit n. */
static void test_imode_overflow_clears_amd_status(void)
{
	static const struct perfctr_cpu_control amd_imode = {
	    .nrictrs = 1, .pmc_map = {4}, .evntsel = {0x76 | USR | INT | EN}, .ireset = {-50}};
	uint32_t iresume = 0;

	sim_cpu_amd(&fx.sim, 0x1A, true, true);
	fixture_detect();
	ACCEPTS(amd_imode);
	CU_ASSERT_EQUAL(resume(&fx.cache, &fx.state), 0);
	sim_set(&fx.sim, 0xC0010209, 0);
	sim_clear_log(&fx.sim);
	CU_ASSERT_EQUAL(perfctr_x86_imode_overflow(&fx.cpu, &fx.cache, &fx.state, &iresume), 1u);
	ASSERT_WRITES({0xC0010208, 0}, {0xC0000302u, 1u << 4});
	CU_ASSERT_EQUAL(fx.state.user.pmc[0].sum, 50);
}

void add_switch_suite(void)
{
	static const struct test_case cases[] = {
	    TEST(test_amode_only_reads_counters),
	    TEST(test_same_id_writes_nothing),
	    TEST(test_only_differing_registers_written),
	    TEST(test_accumulates_differences),
	    TEST(test_migration_sums_exact),
	    TEST(test_isuspend_stops_imode_counters),
	    TEST(test_iresume_same_cpu_keeps_counters),
	    TEST(test_iresume_other_cpu_restores_counters),
	    TEST(test_overflow_and_reload),
	    TEST(test_imode_overflow_suspends),
	    TEST(test_iresume_rearms_from_ireset),
	    TEST(test_imode_overflow_clears_arch_status),
	    TEST(test_imode_overflow_clears_amd_status),
	};
	ADD_SUITE("suspend and resume", cases);
}
