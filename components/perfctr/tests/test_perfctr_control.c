// SPDX-License-Identifier: BSD-3-Clause
/* The component's controls (perfctr_control.c): every set it builds from
 * a family's table is a control the driver accepts on that family's
 * simulated CPU, the natives' counts are found where the layout says, and
 * sets that do not fit are refused with PAPI_ECNFLCT. */
#include "x86_test.h"
#include "papi.h"
#include "perfctr_control.h"

static const struct perfctr_native tsc = {NULL};

static void build_cpu(enum perfctr_x86_family_id family)
{
	if (family == PERFCTR_FAMILY_P6)
		sim_cpu_p6(&fx.sim);
	else if (family == PERFCTR_FAMILY_K7)
		sim_cpu_k7(&fx.sim, true);
	else if (family == PERFCTR_FAMILY_AMD_FAM10H)
		sim_cpu_amd(&fx.sim, 0x19, true, false);
	else
		sim_cpu_arch_perfmon(&fx.sim, 4, 4, 3);
	fixture_detect();
}

/* From each event of the table on, the TSC and as many following events
 * as fit: each set that builds is accepted by the driver, slots in order. */
static void test_sets_from_the_tables_are_valid_controls(void)
{
	static const enum perfctr_x86_family_id families[] = {PERFCTR_FAMILY_P6, PERFCTR_FAMILY_K7,
	                                                      PERFCTR_FAMILY_AMD_FAM10H,
	                                                      PERFCTR_FAMILY_ARCH_PERFMON};
	unsigned built = 0;

	for (unsigned f = 0; f < sizeof(families) / sizeof(families[0]); f++) {
		const struct perfctr_event_table *table = perfctr_events_of(families[f]);
		struct perfctr_native natives[PERFCTR_MAX_COUNTERS];
		const struct perfctr_native *set[PERFCTR_MAX_COUNTERS + 1];

		build_cpu(families[f]);
		for (size_t e = 0; e < table->count; e++) {
			int count = 1;
			set[0] = &tsc;
			for (size_t k = e; k < table->count && count <= PERFCTR_MAX_COUNTERS; k++) {
				struct perfctr_layout layout;
				natives[count - 1].event = &table->events[k];
				set[count] = &natives[count - 1];
				if (perfctr_control_build(families[f], fx.cpu.nr_counters,
				                          PAPI_DOM_USER, set, count + 1,
				                          &layout) != PAPI_OK)
					break;
				count++;
				built++;
				CU_ASSERT_EQUAL(layout.slot[0], PERFCTR_SLOT_TSC);
				CU_ASSERT_EQUAL(layout.control.nractrs, (uint32_t)count - 1);
				for (int i = 1; i < count; i++)
					CU_ASSERT_EQUAL(layout.slot[i], i - 1);
				CU_ASSERT_EQUAL(fixture_update(&layout.control, false), 0);
			}
		}
	}
	CU_ASSERT_TRUE(built > 20);
}

/* AMD with PerfCtrExtCore: six events on counters 0-5 (rdpmc 0-5), a
 * control the driver accepts; a seventh conflicts. */
static void test_amd_ext_core_six_counters(void)
{
	const struct perfctr_event_table *amd = perfctr_events_of(PERFCTR_FAMILY_AMD_FAM10H);
	struct perfctr_native any = {&amd->events[1]};
	const struct perfctr_native *seven[] = {&any, &any, &any, &any, &any, &any, &any};
	struct perfctr_layout layout;

	build_cpu(PERFCTR_FAMILY_AMD_FAM10H);
	CU_ASSERT_EQUAL_FATAL(fx.cpu.nr_counters, 6);
	CU_ASSERT_EQUAL(
	    perfctr_control_build(PERFCTR_FAMILY_AMD_FAM10H, 6, PAPI_DOM_USER, seven, 6, &layout),
	    PAPI_OK);
	for (unsigned i = 0; i < 6; i++)
		CU_ASSERT_EQUAL(layout.control.pmc_map[i], i);
	CU_ASSERT_EQUAL(fixture_update(&layout.control, false), 0);
	CU_ASSERT_EQUAL(fx.state.program.counter_msr[5], 0xC001020Bu); /* PERF_CTR5 */
	CU_ASSERT_EQUAL(
	    perfctr_control_build(PERFCTR_FAMILY_AMD_FAM10H, 6, PAPI_DOM_USER, seven, 7, &layout),
	    PAPI_ECNFLCT);
}

static void test_sets_that_do_not_fit_conflict(void)
{
	const struct perfctr_event_table *p6 = perfctr_events_of(PERFCTR_FAMILY_P6);
	struct perfctr_native flops = {NULL}, any = {&p6->events[0]};
	const struct perfctr_native *two_flops[] = {&flops, &flops};
	const struct perfctr_native *three[] = {&any, &any, &any};
	struct perfctr_layout layout;

	for (size_t e = 0; e < p6->count; e++)
		if (p6->events[e].counters == 1u)
			flops.event = &p6->events[e];
	CU_ASSERT_PTR_NOT_NULL_FATAL(flops.event);
	/* Both want counter 0 only. */
	CU_ASSERT_EQUAL(
	    perfctr_control_build(PERFCTR_FAMILY_P6, 2, PAPI_DOM_USER, two_flops, 2, &layout),
	    PAPI_ECNFLCT);
	/* Two counters, three events. */
	CU_ASSERT_EQUAL(
	    perfctr_control_build(PERFCTR_FAMILY_P6, 2, PAPI_DOM_USER, three, 3, &layout),
	    PAPI_ECNFLCT);
	CU_ASSERT_EQUAL(
	    perfctr_control_build(PERFCTR_FAMILY_P6, 2, PAPI_DOM_USER, three, 2, &layout), PAPI_OK);
}

/* The TSC-only set is the generic driver's one control: tsc_on, no counter. */
static void test_tsc_only_set_is_the_generic_control(void)
{
	const struct perfctr_native *set[] = {&tsc};
	struct perfctr_layout layout;

	sim_cpu_generic(&fx.sim);
	fixture_detect();
	CU_ASSERT_EQUAL(
	    perfctr_control_build(PERFCTR_FAMILY_GENERIC, 0, PAPI_DOM_USER, set, 1, &layout),
	    PAPI_OK);
	CU_ASSERT_EQUAL(layout.control.tsc_on, 1);
	CU_ASSERT_EQUAL(layout.control.nractrs, 0);
	CU_ASSERT_EQUAL(fixture_update(&layout.control, false), 0);
}

/* The domain picks the evntsel's USR and OS bits. */
static void test_domain_sets_cpl_bits(void)
{
	const struct perfctr_event_table *k7 = perfctr_events_of(PERFCTR_FAMILY_K7);
	struct perfctr_native event = {&k7->events[0]};
	const struct perfctr_native *set[] = {&event};
	struct perfctr_layout layout;

	perfctr_control_build(PERFCTR_FAMILY_K7, 4, PAPI_DOM_KERNEL, set, 1, &layout);
	CU_ASSERT_EQUAL(layout.control.evntsel[0] & (3u << 16), 1u << 17);
	perfctr_control_build(PERFCTR_FAMILY_K7, 4, PAPI_DOM_USER | PAPI_DOM_KERNEL, set, 1,
	                      &layout);
	CU_ASSERT_EQUAL(layout.control.evntsel[0] & (3u << 16), 3u << 16);
}

/* P6: counter 1 alone can never count (EVNTSEL0 holds the one enable bit):
 * refused as a conflict, where the driver would refuse it at start. */
static void test_p6_counter_1_alone_conflicts(void)
{
	const struct perfctr_event_table *p6 = perfctr_events_of(PERFCTR_FAMILY_P6);
	struct perfctr_native mul = {NULL}, any = {&p6->events[0]};
	const struct perfctr_native *alone[] = {&tsc, &mul};
	const struct perfctr_native *beside[] = {&any, &mul};
	struct perfctr_layout layout;

	for (size_t e = 0; e < p6->count; e++)
		if (p6->events[e].counters == 2u)
			mul.event = &p6->events[e];
	CU_ASSERT_PTR_NOT_NULL_FATAL(mul.event);
	sim_cpu_p6(&fx.sim);
	fixture_detect();
	CU_ASSERT_EQUAL(
	    perfctr_control_build(PERFCTR_FAMILY_P6, 2, PAPI_DOM_USER, alone, 2, &layout),
	    PAPI_ECNFLCT);
	CU_ASSERT_EQUAL(
	    perfctr_control_build(PERFCTR_FAMILY_P6, 2, PAPI_DOM_USER, beside, 2, &layout),
	    PAPI_OK);
	CU_ASSERT_EQUAL(fixture_update(&layout.control, false), 0);
}

void add_control_suite(void)
{
	static const struct test_case cases[] = {
	    TEST(test_sets_from_the_tables_are_valid_controls),
	    TEST(test_sets_that_do_not_fit_conflict),
	    TEST(test_amd_ext_core_six_counters),
	    TEST(test_p6_counter_1_alone_conflicts),
	    TEST(test_tsc_only_set_is_the_generic_control),
	    TEST(test_domain_sets_cpl_bits),
	};
	ADD_SUITE("component controls", cases);
}
