// SPDX-License-Identifier: BSD-3-Clause
/* The global counters (GPERFCTR_*, kernel/perfctr_global.c) on simulated
 * CPUs: the command's rules, each CPU counting with its own control and
 * its own control-register cache, sums exact across 32-bit wraps, and the
 * TSC alone touching no register. */
#include "perfctr_global.h"
#include "x86_test.h"

#define USR         EVNTSEL_USR
#define EN          EVNTSEL_EN
#define NR_SIM_CPUS 3

static struct perfctr_global_cpu cpus[NR_SIM_CPUS];
static struct perfctr_global global;
static struct perfctr_x86_cache caches[NR_SIM_CPUS];

static const struct perfctr_cpu_control p6_two = {
    .tsc_on = 1, .nractrs = 2, .pmc_map = {0, 1}, .evntsel = {0xC0 | USR | EN, 0xC4 | USR}};
static const struct perfctr_cpu_control tsc_only = {.tsc_on = 1};

static void setup(void (*make_cpu)(struct sim_cpu *))
{
	make_cpu(&fx.sim);
	fixture_detect();
	memset(cpus, 0, sizeof(cpus));
	memset(&global, 0, sizeof(global));
	global.cpu = &fx.cpu;
	global.cpus = cpus;
	global.nr_cpus = NR_SIM_CPUS;
	for (unsigned n = 0; n < NR_SIM_CPUS; n++)
		perfctr_x86_cache_init(&fx.cpu, &caches[n]);
	sim_clear_log(&fx.sim);
}

static void k8(struct sim_cpu *sim)
{
	sim_cpu_k7(sim, true);
}

static void ht_p4(struct sim_cpu *sim)
{
	sim_cpu_p4(sim, 3, true);
}

static int control(uint32_t cpu, const struct perfctr_cpu_control *cc)
{
	struct gperfctr_cpu_control c = {.cpu = cpu, .cpu_control = *cc};

	return perfctr_global_control(&global, &c, true, false, &fx.scratch);
}

/* The steps the module runs on each CPU by IPI. */
static void on_cpu(unsigned n, void (*step)(unsigned))
{
	fx.sim.cpu_number = (int)n;
	step(n);
}
static void resume_step(unsigned n)
{
	perfctr_global_resume_cpu(&global, n, &caches[n], 0);
}
static void sample_step(unsigned n)
{
	perfctr_global_sample_cpu(&global, n);
}
static void suspend_step(unsigned n)
{
	perfctr_global_suspend_cpu(&global, n, &caches[n]);
}

/* GPERFCTR_CONTROL: -EINVAL for a CPU that does not exist, is offline or
 * forbidden, or a reserved word set; -EPERM for i-mode counters; -EBUSY
 * once started; a control the driver refuses stays refused. A refusal
 * changes nothing; an accepted one answers the CPUs with a control. */
static void test_global_control_rules(void)
{
	struct gperfctr_cpu_control c = {.cpu = 0, .cpu_control = p6_two};
	struct perfctr_cpu_control imode = p6_two, bad = p6_two;

	setup(sim_cpu_p6);
	c.cpu = NR_SIM_CPUS;
	CU_ASSERT_EQUAL(perfctr_global_control(&global, &c, true, false, &fx.scratch), -EINVAL);
	c.cpu = 1;
	CU_ASSERT_EQUAL(perfctr_global_control(&global, &c, false, false, &fx.scratch), -EINVAL);
	CU_ASSERT_EQUAL(perfctr_global_control(&global, &c, true, true, &fx.scratch), -EINVAL);
	c._reserved3 = 1;
	CU_ASSERT_EQUAL(perfctr_global_control(&global, &c, true, false, &fx.scratch), -EINVAL);
	c._reserved3 = 0;
	c.cpu_control._reserved1 = 1;
	CU_ASSERT_EQUAL(perfctr_global_control(&global, &c, true, false, &fx.scratch), -EINVAL);
	imode.nractrs = 1;
	imode.nrictrs = 1;
	imode.evntsel[1] |= EVNTSEL_INT;
	imode.ireset[1] = -100;
	CU_ASSERT_EQUAL(control(1, &imode), -EPERM);
	bad.evntsel[0] &= ~EN; /* the P6's enable bit is in EVNTSEL0 */
	CU_ASSERT_EQUAL(control(1, &bad), -EINVAL);
	CU_ASSERT_EQUAL(global.nr_active, 0);
	CU_ASSERT_EQUAL(cpus[1].state.user.cstatus, 0);
	CU_ASSERT_EQUAL(fx.sim.nr_writes, 0);

	CU_ASSERT_EQUAL(control(1, &p6_two), 1);
	CU_ASSERT_EQUAL(control(0, &tsc_only), 2);
	CU_ASSERT_EQUAL(control(1, &p6_two), 2); /* the same CPU again */
	CU_ASSERT_EQUAL(fx.sim.nr_writes, 0);    /* nothing written before start */
	global.started = true;
	CU_ASSERT_EQUAL(control(2, &p6_two), -EBUSY);
	CU_ASSERT_EQUAL(cpus[2].state.user.cstatus, 0);
}

/* A control that counts nothing (no TSC, no counter) leaves its CPU out. */
static void test_global_empty_control_not_active(void)
{
	static const struct perfctr_cpu_control nothing;

	setup(sim_cpu_p6);
	CU_ASSERT_EQUAL(control(0, &tsc_only), 1);
	CU_ASSERT_EQUAL(control(0, &nothing), 0);
	CU_ASSERT_EQUAL(perfctr_global_check_start(&global, 0), 0);
}

/* GPERFCTR_START: an interval of 1 to 9,999 us is refused, 0 (no sampling)
 * and 10,000 are not; the answer is the CPUs that will count; a second
 * start is busy. */
static void test_global_start_rules(void)
{
	setup(sim_cpu_p6);
	CU_ASSERT_EQUAL(perfctr_global_check_start(&global, 0), 0);
	CU_ASSERT_EQUAL(control(0, &p6_two), 1);
	CU_ASSERT_EQUAL(control(2, &tsc_only), 2);
	CU_ASSERT_EQUAL(perfctr_global_check_start(&global, 1), -EINVAL);
	CU_ASSERT_EQUAL(perfctr_global_check_start(&global, 9999), -EINVAL);
	CU_ASSERT_EQUAL(perfctr_global_check_start(&global, 10000), 2);
	CU_ASSERT_EQUAL(perfctr_global_check_start(&global, 0), 2);
	global.started = true;
	CU_ASSERT_EQUAL(perfctr_global_check_start(&global, 0), -EBUSY);
}

/* Each CPU runs its own control: its registers written on its CPU through
 * its own cache, its sums read back per CPU, exact across the 32-bit wrap
 * of a counter (the sampling keeps each difference below 2^32). Stopping
 * forgets the controls; the sums stay readable. */
static void test_global_counts_each_cpu(void)
{
	struct perfctr_cpu_control other = p6_two;
	struct gperfctr_cpu_state out;

	setup(sim_cpu_p6);
	other.nractrs = 1;
	other.evntsel[0] = 0x79 | USR | EVNTSEL_OS | EN;
	CU_ASSERT_EQUAL(control(0, &p6_two), 1);
	CU_ASSERT_EQUAL(control(1, &other), 2);
	sim_set(&fx.sim, 0xC1, 0xFFFFFF00);
	sim_set(&fx.sim, 0xC2, 5);
	fx.sim.tsc = 1000;
	sim_clear_log(&fx.sim);
	global.started = true;
	on_cpu(0, resume_step);
	ASSERT_WRITES({0x187, 0xC4 | USR}, {0x186, 0xC0 | USR | EN});
	CU_ASSERT_EQUAL(caches[0].id, cpus[0].state.user.k1.id);
	sim_clear_log(&fx.sim);
	on_cpu(1, resume_step);
	ASSERT_WRITES({0x186, 0x79 | USR | EVNTSEL_OS | EN});
	CU_ASSERT_EQUAL(caches[1].id, cpus[1].state.user.k1.id);
	on_cpu(2, resume_step); /* no control: nothing */
	CU_ASSERT_FALSE(cpus[2].running);

	/* 0x300 events on counter 0 (across 2^32), 7 on counter 1. */
	sim_set(&fx.sim, 0xC1, 0x100000200);
	sim_set(&fx.sim, 0xC2, 12);
	fx.sim.tsc = 1000 + 0xF0000000u;
	on_cpu(0, sample_step);
	on_cpu(1, sample_step);
	fx.sim.tsc += 0xF0000000u; /* two samples, more than 2^32 in all */
	on_cpu(0, sample_step);
	on_cpu(1, sample_step);
	CU_ASSERT_EQUAL(perfctr_global_read(&global, 0, true, &out), 0);
	CU_ASSERT_EQUAL(out.cpu, 0);
	CU_ASSERT_EQUAL(out.sum.tsc, 2ull * 0xF0000000u);
	CU_ASSERT_EQUAL(out.sum.pmc[0], 0x300);
	CU_ASSERT_EQUAL(out.sum.pmc[1], 7);
	CU_ASSERT_EQUAL(out.cpu_control.nractrs, 2);
	CU_ASSERT_EQUAL(out.cpu_control.evntsel[1], 0xC4 | USR);

	on_cpu(0, suspend_step);
	on_cpu(1, suspend_step);
	on_cpu(2, suspend_step);
	perfctr_global_forget(&global);
	CU_ASSERT_FALSE(global.started);
	CU_ASSERT_EQUAL(perfctr_global_check_start(&global, 0), 0);
	CU_ASSERT_EQUAL(perfctr_global_read(&global, 0, true, &out), 0);
	CU_ASSERT_EQUAL(out.sum.pmc[0], 0x300);
	CU_ASSERT_EQUAL(perfctr_global_read(&global, 1, true, &out), 0);
	CU_ASSERT_EQUAL(out.sum.tsc, 2ull * 0xF0000000u);
	CU_ASSERT_EQUAL(out.sum.pmc[0], 0x300); /* the same counter, read at its resume */
	CU_ASSERT_EQUAL(perfctr_global_read(&global, NR_SIM_CPUS, true, &out), -EINVAL);
	CU_ASSERT_EQUAL(perfctr_global_read(&global, 1, false, &out), -EINVAL);
}

/* The TSC alone: no MSR written, none even read, at start, sample and stop
 * (the counters may be perf's); the sum is the TSC's ticks. */
static void test_global_tsc_touches_no_register(void)
{
	struct gperfctr_cpu_state out;

	setup(k8);
	CU_ASSERT_EQUAL(control(0, &tsc_only), 1);
	CU_ASSERT_EQUAL(control(1, &tsc_only), 2);
	fx.sim.tsc = 500;
	global.started = true;
	/* No cache, as the module passes for a CPU without counters. */
	fx.sim.cpu_number = 0;
	perfctr_global_resume_cpu(&global, 0, NULL, 0);
	fx.sim.tsc = 800;
	fx.sim.cpu_number = 1;
	perfctr_global_resume_cpu(&global, 1, NULL, 0);
	fx.sim.tsc = 2500;
	on_cpu(0, sample_step);
	fx.sim.cpu_number = 1;
	perfctr_global_suspend_cpu(&global, 1, NULL);
	fx.sim.tsc = 4000;
	fx.sim.cpu_number = 0;
	perfctr_global_suspend_cpu(&global, 0, NULL);
	ASSERT_WRITES();
	CU_ASSERT_EQUAL(fx.sim.rdpmcs, 0);
	CU_ASSERT_EQUAL(perfctr_global_read(&global, 0, true, &out), 0);
	CU_ASSERT_EQUAL(out.sum.tsc, 3500);
	CU_ASSERT_EQUAL(perfctr_global_read(&global, 1, true, &out), 0);
	CU_ASSERT_EQUAL(out.sum.tsc, 1700);
}

/* CPU hotplug while started: the CPU that leaves stops its counters (its
 * sums final, its control register cleared, no sampling of it), the others
 * go on; when it comes back (its cache emptied) its control is written
 * again and its sums go on from where they stopped. A CPU that comes back
 * while nothing is started is left alone. */
static void test_global_cpu_offline_and_back(void)
{
	struct gperfctr_cpu_state out;

	setup(sim_cpu_p6);
	CU_ASSERT_EQUAL(control(0, &p6_two), 1);
	CU_ASSERT_EQUAL(control(1, &p6_two), 2);
	CU_ASSERT_EQUAL(control(2, &tsc_only), 3);
	sim_set(&fx.sim, 0xC1, 100);
	fx.sim.tsc = 1000;
	global.started = true;
	for (unsigned n = 0; n < NR_SIM_CPUS; n++)
		on_cpu(n, resume_step);
	sim_set(&fx.sim, 0xC1, 150);
	fx.sim.tsc = 1400;
	fx.sim.cpu_number = 1;
	sim_clear_log(&fx.sim);
	perfctr_global_cpu_offline(&global, 1, &caches[1]);
	CU_ASSERT_FALSE(cpus[1].running);
	ASSERT_WRITES({0x187, 0}, {0x186, 0}); /* stopped there */
	CU_ASSERT_EQUAL(caches[1].image[0], 0);
	CU_ASSERT_EQUAL(cpus[1].state.user.pmc[0].sum, 50);
	CU_ASSERT_EQUAL(cpus[1].state.user.tsc_sum, 400);
	fx.sim.cpu_number = 2;
	sim_clear_log(&fx.sim);
	perfctr_global_cpu_offline(&global, 2, NULL); /* the TSC alone */
	ASSERT_WRITES();
	CU_ASSERT_EQUAL(cpus[2].state.user.tsc_sum, 400);
	/* Offline: nothing moves its sums. */
	sim_set(&fx.sim, 0xC1, 900);
	fx.sim.tsc = 5000;
	on_cpu(0, sample_step);
	on_cpu(1, sample_step);
	CU_ASSERT_EQUAL(cpus[1].state.user.pmc[0].sum, 50);
	CU_ASSERT_EQUAL(cpus[0].state.user.pmc[0].sum, 800);
	/* Back: a fresh cache, the control written, the sums going on. */
	fx.sim.cpu_number = 1;
	memset(&caches[1], 0, sizeof(caches[1]));
	sim_clear_log(&fx.sim);
	perfctr_global_cpu_online(&global, 1, &caches[1], 0);
	CU_ASSERT_TRUE(cpus[1].running);
	ASSERT_WRITES({0x187, 0xC4 | USR}, {0x186, 0xC0 | USR | EN});
	sim_set(&fx.sim, 0xC1, 930);
	fx.sim.tsc = 5600;
	on_cpu(1, sample_step);
	CU_ASSERT_EQUAL(perfctr_global_read(&global, 1, true, &out), 0);
	CU_ASSERT_EQUAL(out.sum.pmc[0], 50 + 30);
	CU_ASSERT_EQUAL(out.sum.tsc, 400 + 600);
	fx.sim.cpu_number = 2;
	perfctr_global_cpu_online(&global, 2, NULL, 0);
	CU_ASSERT_TRUE(cpus[2].running);
	/* Stopped, then a CPU comes back: nothing written, nothing runs. */
	for (unsigned n = 0; n < NR_SIM_CPUS; n++)
		on_cpu(n, suspend_step);
	perfctr_global_forget(&global);
	fx.sim.cpu_number = 1;
	perfctr_global_cpu_offline(&global, 1, &caches[1]);
	sim_clear_log(&fx.sim);
	perfctr_global_cpu_online(&global, 1, &caches[1], 0);
	ASSERT_WRITES();
	CU_ASSERT_FALSE(cpus[1].running);
	CU_ASSERT_EQUAL(control(1, &p6_two), 1); /* usable again */
}

/* is_global is passed to the driver: on an HT P4 the T1 CPL bits of an
 * ESCR, refused to a virtual counter, are accepted in global mode. */
static void test_global_is_global_on_ht_p4(void)
{
	static const struct perfctr_cpu_control t1 = {
	    .tsc_on = 1,
	    .nractrs = 1,
	    .pmc_map = {12 | (1u << 31)},
	    .evntsel = {(3u << 16) | (4u << 13) | (1u << 12)},
	    .p4 = {.escr = {(2u << 25) | (1u << 9) | (1u << 2) | 1u}}};

	setup(ht_p4);
	CU_ASSERT_EQUAL(perfctr_x86_update_control(&fx.cpu, &fx.state, &t1, false, &fx.scratch),
	                -EINVAL);
	CU_ASSERT_EQUAL(control(0, &t1), 1);
}

void add_global_suite(void)
{
	static const struct test_case cases[] = {
	    TEST(test_global_control_rules),
	    TEST(test_global_empty_control_not_active),
	    TEST(test_global_start_rules),
	    TEST(test_global_counts_each_cpu),
	    TEST(test_global_tsc_touches_no_register),
	    TEST(test_global_cpu_offline_and_back),
	    TEST(test_global_is_global_on_ht_p4),
	};
	ADD_SUITE("global counters", cases);
}
