// SPDX-License-Identifier: BSD-3-Clause
/* Rules every family shares: counts, maps, reload values, the id of a
 * validated control, and validation before any register is written. */
#include "perfctr_imode_floor.h"
#include "x86_test.h"

#define USR EVNTSEL_USR
#define INT EVNTSEL_INT
#define EN  EVNTSEL_EN

static const struct perfctr_cpu_control p6_mixed = {.tsc_on = 1,
                                                    .nractrs = 1,
                                                    .nrictrs = 1,
                                                    .pmc_map = {0, 1},
                                                    .evntsel = {0xC0 | USR | EN, 0xC4 | USR | INT},
                                                    .ireset = {0, -1000}};

/* "ireset[] values must be negative, since overflow occurs on the
 * negative-to-non-negative transition." */
static void test_ireset_must_be_negative(void)
{
	struct perfctr_cpu_control control = p6_mixed;
	sim_cpu_p6(&fx.sim);
	fixture_detect();
	control.ireset[1] = 0;
	REJECTS(control);
	control.ireset[1] = 5;
	REJECTS(control);
	control.ireset[1] = -1;
	ACCEPTS(control);
}

/* No more counters than the CPU has; the sum may not wrap round. */
static void test_counter_counts(void)
{
	struct perfctr_cpu_control control = p6_mixed;
	sim_cpu_p6(&fx.sim);
	fixture_detect();
	control.nractrs = 2;
	REJECTS(control);
	control.nractrs = 0xFFFFFFFFu;
	control.nrictrs = 2;
	REJECTS(control);
	control = p6_mixed;
	control.nrictrs = 19;
	REJECTS(control);
	/* The sum, on its own (the maps would catch it too). */
	control = p6_mixed;
	control.nractrs = 2;
	CU_ASSERT_EQUAL(perfctr_x86_check_counts(&control, 2, true), -EINVAL);
	control.nractrs = 1;
	CU_ASSERT_EQUAL(perfctr_x86_check_counts(&control, 2, true), 0);
}

/* tsc_on is 0 or 1. */
static void test_tsc_on_is_a_flag(void)
{
	struct perfctr_cpu_control control = p6_mixed;
	sim_cpu_p6(&fx.sim);
	fixture_detect();
	control.tsc_on = 2;
	REJECTS(control);
}

/* cstatus: TSC, i-mode present, all counters, a-mode counters. */
static void test_cstatus_encoding(void)
{
	sim_cpu_p6(&fx.sim);
	fixture_detect();
	ACCEPTS(p6_mixed);
	CU_ASSERT_EQUAL(fx.state.user.cstatus, 0x80010201u);
	CU_ASSERT_TRUE(perfctr_cstatus_has_tsc(fx.state.user.cstatus));
	CU_ASSERT_EQUAL(perfctr_cstatus_nrctrs(fx.state.user.cstatus), 2);
	CU_ASSERT_EQUAL(perfctr_cstatus_nractrs(fx.state.user.cstatus), 1);
	CU_ASSERT_TRUE(perfctr_cstatus_has_ictrs(fx.state.user.cstatus));
	CU_ASSERT_EQUAL(fx.state.user.pmc[1].start, (uint32_t)-1000);
}

/* "When perfctr_cpu_update_control() has validated the new control data,
 * it also updates the id field." A refused control keeps the old one. */
static void test_update_sets_new_id(void)
{
	struct perfctr_cpu_control bad = p6_mixed;
	uint32_t first;
	sim_cpu_p6(&fx.sim);
	fixture_detect();
	ACCEPTS(p6_mixed);
	first = fx.state.user.k1.id;
	CU_ASSERT_NOT_EQUAL(first, 0);
	ACCEPTS(p6_mixed);
	CU_ASSERT_NOT_EQUAL(fx.state.user.k1.id, first);
	first = fx.state.user.k1.id;
	bad.evntsel[0] |= 1u << 19;
	REJECTS(bad);
	CU_ASSERT_EQUAL(fx.state.user.k1.id, first);
}

/* Every control is validated before a single MSR is written: a refused
 * control leaves the running one and the registers alone. */
static void test_refused_control_touches_nothing(void)
{
	struct perfctr_cpu_control bad = p6_mixed;
	sim_cpu_p6(&fx.sim);
	fixture_detect();
	ACCEPTS(p6_mixed);
	CU_ASSERT_EQUAL(perfctr_x86_resume(&fx.cpu, &fx.cache, &fx.state, 0), 0);
	sim_clear_log(&fx.sim);
	bad.evntsel[1] = 0xC4 | USR; /* i-mode without INT */
	REJECTS(bad);
	CU_ASSERT_EQUAL(fx.sim.nr_writes, 0);
	/* A state that never had a valid control cannot be resumed. */
	memset(&fx.state, 0, sizeof(fx.state));
	CU_ASSERT_EQUAL(fixture_update(&bad, false), -EINVAL);
	CU_ASSERT_EQUAL(perfctr_x86_resume(&fx.cpu, &fx.cache, &fx.state, 0), -EINVAL);
	CU_ASSERT_EQUAL(fx.sim.nr_writes, 0);
}

/* "The driver always only reads the low 32 bits." A sum crosses the
 * 32-bit wrap of the counter. */
static void test_reads_low_32_bits(void)
{
	struct perfctr_cpu_control control = {
	    .nractrs = 1, .pmc_map = {0}, .evntsel = {0xC0 | USR | EN}};
	sim_cpu_k7(&fx.sim, true);
	fixture_detect();
	control.evntsel[0] = 0xC0 | USR | EN;
	ACCEPTS(control);
	sim_set(&fx.sim, 0xC0010004u, 0x12FFFFFFF0ull);
	CU_ASSERT_EQUAL(perfctr_x86_resume(&fx.cpu, &fx.cache, &fx.state, 0), 0);
	CU_ASSERT_EQUAL(fx.state.user.pmc[0].start, 0xFFFFFFF0u);
	sim_set(&fx.sim, 0xC0010004u, 0x1300000010ull);
	perfctr_x86_sample(&fx.cpu, &fx.state);
	CU_ASSERT_EQUAL(fx.state.user.pmc[0].sum, 0x20);
}

/* The overflow floor (perfctr_imode_floor.h): an i-mode counter whose
 * threshold (-ireset) is below 10,000 events is refused, with a bad
 * control's errno, to a caller without CAP_PERFMON or CAP_SYS_ADMIN;
 * with the right, the family's validator alone decides. Every reload
 * value from -20,000 to 1 and the extremes, on the i-mode counter of a
 * P6 control (the a-mode one's ireset is no threshold). */
static void test_ireset_floor(void)
{
	struct perfctr_cpu_control control = p6_mixed;
	int wrong = 0;

	sim_cpu_p6(&fx.sim);
	fixture_detect();
	for (int32_t ireset = -20000; ireset <= 1; ireset++) {
		bool below = ireset < 0 && ireset > -10000;
		control.ireset[1] = ireset;
		wrong += perfctr_imode_threshold_below_floor(&control) !=
		         (below ? (uint32_t)-ireset : 0u);
		wrong += perfctr_x86_check_ireset_floor(&control, false) != (below ? -EINVAL : 0);
		wrong += perfctr_x86_check_ireset_floor(&control, true) != 0;
	}
	CU_ASSERT_EQUAL(wrong, 0);
	control.ireset[1] = INT32_MIN; /* 2^31 events */
	CU_ASSERT_EQUAL(perfctr_x86_check_ireset_floor(&control, false), 0);
	/* At the floor and above it anyone's control goes to the validator. */
	control.ireset[1] = -10000;
	CU_ASSERT_EQUAL(perfctr_x86_check_ireset_floor(&control, false), 0);
	ACCEPTS(control);
	/* An interrupt at every event: refused without the right, then the
	 * validator's with it (it takes it). */
	control.ireset[1] = -1;
	CU_ASSERT_EQUAL(perfctr_x86_check_ireset_floor(&control, false), -EINVAL);
	CU_ASSERT_EQUAL(perfctr_x86_check_ireset_floor(&control, true), 0);
	ACCEPTS(control);
	/* The a-mode counter's slot is not a threshold. */
	control.ireset[0] = -1;
	control.ireset[1] = -10000;
	CU_ASSERT_EQUAL(perfctr_x86_check_ireset_floor(&control, false), 0);
	/* Counts the validator refuses later: no slot past the arrays is
	 * read and nractrs + nrictrs does not wrap. */
	for (int i = 0; i < PERFCTR_MAX_COUNTERS; i++)
		control.ireset[i] = -1;
	control.nractrs = 0xFFFFFFFFu;
	control.nrictrs = 2;
	CU_ASSERT_EQUAL(perfctr_imode_threshold_below_floor(&control), 0);
	control.nractrs = PERFCTR_MAX_COUNTERS - 1;
	control.nrictrs = 0xFFFFFFFFu;
	control.ireset[PERFCTR_MAX_COUNTERS - 2] = -1;
	control.ireset[PERFCTR_MAX_COUNTERS - 1] = -5;
	CU_ASSERT_EQUAL(perfctr_imode_threshold_below_floor(&control), 5);
	control.nrictrs = 0;
	CU_ASSERT_EQUAL(perfctr_imode_threshold_below_floor(&control), 0);
}

void add_common_suite(void)
{
	static const struct test_case cases[] = {
	    TEST(test_ireset_must_be_negative), TEST(test_counter_counts),
	    TEST(test_tsc_on_is_a_flag),        TEST(test_cstatus_encoding),
	    TEST(test_update_sets_new_id),      TEST(test_refused_control_touches_nothing),
	    TEST(test_reads_low_32_bits),       TEST(test_ireset_floor),
	};
	ADD_SUITE("common rules", cases);
}
