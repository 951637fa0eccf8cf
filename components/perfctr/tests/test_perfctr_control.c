// SPDX-License-Identifier: BSD-3-Clause
/* The component's controls (perfctr_control.c): every set it builds from
 * a family's table is a control the driver accepts on that family's
 * simulated CPU, the natives' counts are found where the layout says, and
 * sets that do not fit are refused with PAPI_ECNFLCT. */
#include <string.h>

#include "x86_test.h"
#include "x86_p4.h"
#include "papi.h"
#include "perfctr_control.h"

static const struct perfctr_native tsc = {NULL};

static void build_cpu(enum perfctr_x86_family_id family)
{
	if (family == PERFCTR_FAMILY_P5)
		sim_cpu_p5(&fx.sim, true);
	else if (family == PERFCTR_FAMILY_CYRIX)
		sim_cpu_cyrix(&fx.sim);
	else if (family == PERFCTR_FAMILY_WINCHIP)
		sim_cpu_winchip(&fx.sim);
	else if (family == PERFCTR_FAMILY_VIA_C3)
		sim_cpu_via_c3(&fx.sim);
	else if (family == PERFCTR_FAMILY_P4)
		sim_cpu_p4(&fx.sim, 3, false);
	else if (family == PERFCTR_FAMILY_P6)
		sim_cpu_p6(&fx.sim);
	else if (family == PERFCTR_FAMILY_K7)
		sim_cpu_k7(&fx.sim, true);
	else if (family == PERFCTR_FAMILY_AMD_FAM10H)
		sim_cpu_amd(&fx.sim, 0x19, true, false);
	else
		sim_cpu_arch_perfmon(&fx.sim, 4, 4, 3);
	fixture_detect();
}

/* The driver takes control, and a resume of the CPU then writes it. */
static void update_and_resume(const struct perfctr_cpu_control *control)
{
	CU_ASSERT_EQUAL_FATAL(fixture_update(control, false), 0);
	CU_ASSERT_EQUAL(perfctr_x86_resume(&fx.cpu, &fx.cache, &fx.state, 0), 0);
}

/* From each event of the table on, the TSC and as many following events
 * as fit: each set that builds is accepted by the driver, slots in order. */
static void test_sets_from_the_tables_are_valid_controls(void)
{
	static const enum perfctr_x86_family_id families[] = {
	    PERFCTR_FAMILY_P5,          PERFCTR_FAMILY_CYRIX, PERFCTR_FAMILY_VIA_C3,
	    PERFCTR_FAMILY_P6,          PERFCTR_FAMILY_K7,    PERFCTR_FAMILY_AMD_FAM10H,
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

/* The P5's controls as the CESR gets them: INSTRUCTIONS_EXECUTED (0x16)
 * at every CPL on counter 0 is 0xD6, FLOPS (0x22) at CPL 3 on counter 1
 * is 0xA2; the driver accepts them and a resume writes 0x00A200D6. */
static const struct perfctr_native *p5_native(const char *name, struct perfctr_native *native)
{
	const struct perfctr_event_table *p5 = perfctr_events_of(PERFCTR_FAMILY_P5);
	native->event = NULL;
	for (size_t e = 0; e < p5->count; e++)
		if (strcmp(p5->events[e].name, name) == 0)
			native->event = &p5->events[e];
	CU_ASSERT_PTR_NOT_NULL(native->event);
	return native;
}

static void test_p5_controls_exact_cesr(void)
{
	struct perfctr_native instructions, flops;
	const struct perfctr_native *both[] = {&tsc,
	                                       p5_native("INSTRUCTIONS_EXECUTED", &instructions)};
	const struct perfctr_native *user[] = {p5_native("FLOPS", &flops)};
	struct perfctr_layout layout, second;

	build_cpu(PERFCTR_FAMILY_P5);
	CU_ASSERT_EQUAL_FATAL(fx.cpu.family_id, PERFCTR_FAMILY_P5);
	CU_ASSERT_EQUAL_FATAL(perfctr_control_build(PERFCTR_FAMILY_P5, 2,
	                                            PAPI_DOM_USER | PAPI_DOM_KERNEL, both, 2,
	                                            &layout),
	                      PAPI_OK);
	CU_ASSERT_EQUAL(layout.control.evntsel[0], 0xD6u);
	CU_ASSERT_EQUAL(layout.control.pmc_map[0], 0u);
	CU_ASSERT_EQUAL(
	    perfctr_control_build(PERFCTR_FAMILY_P5, 2, PAPI_DOM_USER, user, 1, &second), PAPI_OK);
	CU_ASSERT_EQUAL(second.control.evntsel[0], 0xA2u);
	/* The two in one control, FLOPS on counter 1. */
	layout.control.nractrs = 2;
	layout.control.pmc_map[1] = 1;
	layout.control.evntsel[1] = second.control.evntsel[0];
	update_and_resume(&layout.control);
	ASSERT_WRITES({MSR_P5_CESR, 0x00A200D6});
	/* A third event has no counter. */
	const struct perfctr_native *three[] = {&instructions, &flops, &flops};
	CU_ASSERT_EQUAL(
	    perfctr_control_build(PERFCTR_FAMILY_P5, 2, PAPI_DOM_USER, three, 3, &second),
	    PAPI_ECNFLCT);
}

/* The VIA C3: counter 1 only, the 9-bit select as EVNTSEL1 gets it
 * (0x1C0 for the string-iteration count); a resume writes it there. A
 * second event has no counter. */
static void test_via_c3_control_exact_evntsel1(void)
{
	const struct perfctr_event_table *c3 = perfctr_events_of(PERFCTR_FAMILY_VIA_C3);
	struct perfctr_native strings = {&c3->events[2]}, clocks = {&c3->events[0]};
	const struct perfctr_native *one[] = {&tsc, &strings}, *two[] = {&strings, &clocks};
	struct perfctr_layout layout;

	build_cpu(PERFCTR_FAMILY_VIA_C3);
	CU_ASSERT_EQUAL_FATAL(fx.cpu.family_id, PERFCTR_FAMILY_VIA_C3);
	CU_ASSERT_EQUAL_FATAL(
	    perfctr_control_build(PERFCTR_FAMILY_VIA_C3, 2, PAPI_DOM_USER, one, 2, &layout),
	    PAPI_OK);
	CU_ASSERT_EQUAL(layout.control.pmc_map[0], 1u);
	CU_ASSERT_EQUAL(layout.control.evntsel[0], 0x1C0u);
	update_and_resume(&layout.control);
	ASSERT_WRITES({MSR_P6_EVNTSEL0 + 1, 0x1C0});
	CU_ASSERT_EQUAL(
	    perfctr_control_build(PERFCTR_FAMILY_VIA_C3, 2, PAPI_DOM_USER, two, 2, &layout),
	    PAPI_ECNFLCT);
}

static const struct perfctr_event *event_named(enum perfctr_x86_family_id family, const char *name)
{
	const struct perfctr_event_table *table = perfctr_events_of(family);
	for (size_t e = 0; e < table->count; e++)
		if (strcmp(table->events[e].name, name) == 0)
			return &table->events[e];
	CU_FAIL("no such event");
	return &table->events[0];
}

/* The P4: INSTR_RETIRED (CRU_ESCR0, select 4, event 0x02, mask
 * NBOGUSNTAG) at USR on counter 12 is CCCR 0x39000 and ESCR 0x04000204
 * in MSR 0x3B8; the driver programs them there. */
static void test_p4_control_exact_cccr_and_escr(void)
{
	struct perfctr_native retired = {event_named(PERFCTR_FAMILY_P4, "INSTR_RETIRED")};
	const struct perfctr_native *set[] = {&tsc, &retired};
	struct perfctr_layout layout;

	build_cpu(PERFCTR_FAMILY_P4);
	CU_ASSERT_EQUAL_FATAL(fx.cpu.family_id, PERFCTR_FAMILY_P4);
	CU_ASSERT_EQUAL_FATAL(
	    perfctr_control_build(PERFCTR_FAMILY_P4, 18, PAPI_DOM_USER, set, 2, &layout), PAPI_OK);
	CU_ASSERT_EQUAL(layout.control.pmc_map[0], 12u);
	CU_ASSERT_EQUAL(layout.control.evntsel[0], 0x39000u);
	CU_ASSERT_EQUAL(layout.control.p4.escr[0], 0x04000204u);
	CU_ASSERT_EQUAL_FATAL(fixture_update(&layout.control, false), 0);
	CU_ASSERT_EQUAL(fx.state.program.p4_escr_map[0], 0x3B8u);
	CU_ASSERT_EQUAL(fx.state.program.counter_msr[0], 0x300u + 12);
	CU_ASSERT_EQUAL(fx.state.program.image[P4_INDEX_CCCR0 + 12], 0x39000u);
	/* Kernel and user: thread 0's OS and USR bits. */
	CU_ASSERT_EQUAL(perfctr_control_build(PERFCTR_FAMILY_P4, 18,
	                                      PAPI_DOM_USER | PAPI_DOM_KERNEL, set, 2, &layout),
	                PAPI_OK);
	CU_ASSERT_EQUAL(layout.control.p4.escr[0], 0x0400020Cu);
}

/* Two counters of a group share its ESCRs: a second GLOBAL_POWER_EVENTS
 * (FSB_ESCR0 for counters 0-1, FSB_ESCR1 for 2-3) goes to counter 2, a
 * third has no ESCR left. */
static void test_p4_escr_conflicts(void)
{
	struct perfctr_native power = {event_named(PERFCTR_FAMILY_P4, "GLOBAL_POWER_EVENTS")};
	const struct perfctr_native *three[] = {&power, &power, &power};
	struct perfctr_layout layout;

	build_cpu(PERFCTR_FAMILY_P4);
	CU_ASSERT_EQUAL_FATAL(
	    perfctr_control_build(PERFCTR_FAMILY_P4, 18, PAPI_DOM_USER, three, 2, &layout),
	    PAPI_OK);
	CU_ASSERT_EQUAL(layout.control.pmc_map[0], 0u);
	CU_ASSERT_EQUAL(layout.control.pmc_map[1], 2u);
	CU_ASSERT_EQUAL(fixture_update(&layout.control, false), 0);
	CU_ASSERT_EQUAL(fx.state.program.p4_escr_map[0], 0x3A2u);
	CU_ASSERT_EQUAL(fx.state.program.p4_escr_map[1], 0x3A3u);
	CU_ASSERT_EQUAL(
	    perfctr_control_build(PERFCTR_FAMILY_P4, 18, PAPI_DOM_USER, three, 3, &layout),
	    PAPI_ECNFLCT);
	/* The same control with both on counters 0 and 1: the driver too
	 * refuses one ESCR for two counters. */
	layout.control.nractrs = 2;
	layout.control.pmc_map[0] = 0;
	layout.control.pmc_map[1] = 1;
	CU_ASSERT_TRUE(fixture_rejects(&layout.control, false));
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

/* The P5MMX's events of one select per counter, whatever the set's
 * order: INSTRUCTIONS_EXECUTED (any counter) first, then
 * BUS_OWNERSHIP_LATENCY (0x2A, counter 0 only) and BUS_OWNERSHIP_TRANSFERS
 * (0x2A, counter 1 only): the latter two take their counters, the first
 * has none left; the pair alone is CESR 0x00AA00AA at CPL 3. */
static void test_p5_per_counter_events_exact(void)
{
	struct perfctr_native latency, transfers, instructions;
	const struct perfctr_native *pair[] = {p5_native("BUS_OWNERSHIP_TRANSFERS", &transfers),
	                                       p5_native("BUS_OWNERSHIP_LATENCY", &latency)};
	const struct perfctr_native *three[] = {p5_native("INSTRUCTIONS_EXECUTED", &instructions),
	                                        &latency, &transfers};
	const struct perfctr_native *any_then_one[] = {&instructions, &latency};
	const struct perfctr_native *twice[] = {&latency, &latency};
	struct perfctr_layout layout;

	build_cpu(PERFCTR_FAMILY_P5);
	CU_ASSERT_EQUAL_FATAL(
	    perfctr_control_build(PERFCTR_FAMILY_P5, 2, PAPI_DOM_USER, pair, 2, &layout), PAPI_OK);
	CU_ASSERT_EQUAL(layout.control.pmc_map[0], 1u);
	CU_ASSERT_EQUAL(layout.control.pmc_map[1], 0u);
	CU_ASSERT_EQUAL(layout.control.evntsel[0], 0xAAu);
	CU_ASSERT_EQUAL(layout.control.evntsel[1], 0xAAu);
	update_and_resume(&layout.control);
	ASSERT_WRITES({MSR_P5_CESR, 0x00AA00AA});
	/* The one-counter event first, whatever the order: INSTRUCTIONS
	 * on counter 1 (0x96), LATENCY on counter 0 (0xAA). */
	CU_ASSERT_EQUAL_FATAL(
	    perfctr_control_build(PERFCTR_FAMILY_P5, 2, PAPI_DOM_USER, any_then_one, 2, &layout),
	    PAPI_OK);
	CU_ASSERT_EQUAL(layout.control.pmc_map[0], 1u);
	CU_ASSERT_EQUAL(layout.control.evntsel[0], 0x96u);
	CU_ASSERT_EQUAL(layout.control.pmc_map[1], 0u);
	CU_ASSERT_EQUAL(layout.slot[0], 0);
	CU_ASSERT_EQUAL(layout.slot[1], 1);
	CU_ASSERT_EQUAL(fixture_update(&layout.control, false), 0);
	CU_ASSERT_EQUAL(
	    perfctr_control_build(PERFCTR_FAMILY_P5, 2, PAPI_DOM_USER, three, 3, &layout),
	    PAPI_ECNFLCT);
	CU_ASSERT_EQUAL(
	    perfctr_control_build(PERFCTR_FAMILY_P5, 2, PAPI_DOM_USER, twice, 2, &layout),
	    PAPI_ECNFLCT);
}

/* The Cyrix MII: the P5's CESR half with its own events, CPL bits as on
 * the P5 (INSTRUCTIONS_EXECUTED_Y_PIPE 0x17 at every CPL: 0xD7); an event
 * select with bit 6 set goes to bit 10 (0x41 at CPL 3: 0x481), which only
 * the Cyrix's CESR has. */
static void test_cyrix_control_exact(void)
{
	struct perfctr_native y_pipe = {
	    event_named(PERFCTR_FAMILY_CYRIX, "INSTRUCTIONS_EXECUTED_Y_PIPE")};
	static const struct perfctr_event high = {"SELECT_0x41",         0x41, 0, 0,
	                                          "bit 6 of the select", 0,    0, NULL};
	struct perfctr_native high_native = {&high};
	const struct perfctr_native *one[] = {&tsc, &y_pipe}, *two[] = {&y_pipe, &high_native};
	struct perfctr_layout layout;

	build_cpu(PERFCTR_FAMILY_CYRIX);
	CU_ASSERT_EQUAL_FATAL(fx.cpu.family_id, PERFCTR_FAMILY_CYRIX);
	CU_ASSERT_EQUAL_FATAL(perfctr_control_build(PERFCTR_FAMILY_CYRIX, 2,
	                                            PAPI_DOM_USER | PAPI_DOM_KERNEL, one, 2,
	                                            &layout),
	                      PAPI_OK);
	CU_ASSERT_EQUAL(layout.control.tsc_on, 1);
	CU_ASSERT_EQUAL(layout.control.evntsel[0], 0xD7u);
	update_and_resume(&layout.control);
	ASSERT_WRITES({MSR_P5_CESR, 0x000000D7});
	CU_ASSERT_EQUAL_FATAL(
	    perfctr_control_build(PERFCTR_FAMILY_CYRIX, 2, PAPI_DOM_USER, two, 2, &layout),
	    PAPI_OK);
	CU_ASSERT_EQUAL(layout.control.evntsel[1], 0x481u);
	CU_ASSERT_EQUAL(fixture_update(&layout.control, false), 0);
	/* The P5 has no such bit: its driver refuses it. */
	sim_cpu_p5(&fx.sim, true);
	fixture_detect();
	CU_ASSERT_TRUE(fixture_rejects(&layout.control, false));
}

/* The WinChip: its controls leave the TSC off (broken there; the driver
 * refuses tsc_on), the event select alone in the CESR half (no CPL
 * field): select 0x02 on counter 0 is written as CESR 0x00000002 and the
 * TSC is never a native of a set. No WinChip table is written (no vendor
 * list found): the event here is a value of the field, not a name. */
static void test_winchip_control_leaves_tsc_off(void)
{
	static const struct perfctr_event select_2 = {"SELECT_0x02",    0x02, 0, 0,
	                                              "a select value", 0,    0, NULL};
	struct perfctr_native event = {&select_2};
	const struct perfctr_native *one[] = {&event}, *with_tsc[] = {&event, &tsc};
	struct perfctr_layout layout;

	build_cpu(PERFCTR_FAMILY_WINCHIP);
	CU_ASSERT_EQUAL_FATAL(fx.cpu.family_id, PERFCTR_FAMILY_WINCHIP);
	CU_ASSERT_EQUAL_FATAL(perfctr_control_build(PERFCTR_FAMILY_WINCHIP, 2,
	                                            PAPI_DOM_USER | PAPI_DOM_KERNEL, one, 1,
	                                            &layout),
	                      PAPI_OK);
	CU_ASSERT_EQUAL(layout.control.tsc_on, 0);
	CU_ASSERT_EQUAL(layout.control.evntsel[0], 0x02u);
	update_and_resume(&layout.control);
	ASSERT_WRITES({MSR_P5_CESR, 0x00000002});
	CU_ASSERT_FALSE(perfctr_cstatus_has_tsc(fx.state.user.cstatus));
	CU_ASSERT_EQUAL(
	    perfctr_control_build(PERFCTR_FAMILY_WINCHIP, 2, PAPI_DOM_USER, with_tsc, 2, &layout),
	    PAPI_ENOEVNT);
	/* The same control with the TSC on: the driver refuses it. */
	layout.control.tsc_on = 1;
	CU_ASSERT_TRUE(fixture_rejects(&layout.control, false));
}

/* P4 replay tagging: 1STL_CACHE_LOAD_MISS_RETIRED is REPLAY_EVENT (event
 * 0x09, NBOGUS) in CRU_ESCR2 (0x3CC) on counter 12, CCCR ESCR_SELECT 5:
 * CCCR 0x3B000, ESCR 0x12000204, PEBS_ENABLE 0x01000001 (UOP_TAG and the
 * first-level miss), PEBS_MATRIX_VERT 1; a resume writes exactly these.
 * A second metric in the set conflicts; the same one or plain
 * REPLAY_EVENT beside it does not. */
static void test_p4_replay_tagging_exact(void)
{
	struct perfctr_native l1 = {event_named(PERFCTR_FAMILY_P4, "1STL_CACHE_LOAD_MISS_RETIRED")},
	                      dtlb = {event_named(PERFCTR_FAMILY_P4, "DTLB_LOAD_MISS_RETIRED")},
	                      replay = {event_named(PERFCTR_FAMILY_P4, "REPLAY_EVENT")};
	const struct perfctr_native *one[] = {&l1}, *two_metrics[] = {&l1, &dtlb},
	                            *with_plain[] = {&l1, &replay};
	struct perfctr_layout layout;

	build_cpu(PERFCTR_FAMILY_P4);
	CU_ASSERT_EQUAL_FATAL(
	    perfctr_control_build(PERFCTR_FAMILY_P4, 18, PAPI_DOM_USER, one, 1, &layout), PAPI_OK);
	CU_ASSERT_EQUAL(layout.control.pmc_map[0], 12u);
	CU_ASSERT_EQUAL(layout.control.evntsel[0], 0x3B000u);
	CU_ASSERT_EQUAL(layout.control.p4.escr[0], 0x12000204u);
	CU_ASSERT_EQUAL(layout.control.p4.pebs_enable, 0x01000001u);
	CU_ASSERT_EQUAL(layout.control.p4.pebs_matrix_vert, 1u);
	CU_ASSERT_EQUAL_FATAL(fixture_update(&layout.control, false), 0);
	CU_ASSERT_EQUAL(fx.state.program.p4_escr_map[0], 0x3CCu);
	CU_ASSERT_EQUAL(perfctr_x86_resume(&fx.cpu, &fx.cache, &fx.state, 0), 0);
	ASSERT_WRITES({0x3CC, 0x12000204}, {MSR_P4_PEBS_MATRIX_VERT, 1},
	              {MSR_P4_PEBS_ENABLE, 0x01000001}, {MSR_P4_CCCR0 + 12, 0x3B000});
	CU_ASSERT_EQUAL(
	    perfctr_control_build(PERFCTR_FAMILY_P4, 18, PAPI_DOM_USER, two_metrics, 2, &layout),
	    PAPI_ECNFLCT);
	CU_ASSERT_EQUAL_FATAL(
	    perfctr_control_build(PERFCTR_FAMILY_P4, 18, PAPI_DOM_USER, with_plain, 2, &layout),
	    PAPI_OK);
	CU_ASSERT_EQUAL(layout.control.pmc_map[1], 14u); /* CRU_ESCR3 */
	CU_ASSERT_EQUAL(fixture_update(&layout.control, false), 0);
}

void add_control_suite(void)
{
	static const struct test_case cases[] = {
	    TEST(test_sets_from_the_tables_are_valid_controls),
	    TEST(test_sets_that_do_not_fit_conflict),
	    TEST(test_amd_ext_core_six_counters),
	    TEST(test_p5_controls_exact_cesr),
	    TEST(test_via_c3_control_exact_evntsel1),
	    TEST(test_p4_control_exact_cccr_and_escr),
	    TEST(test_p4_escr_conflicts),
	    TEST(test_p6_counter_1_alone_conflicts),
	    TEST(test_tsc_only_set_is_the_generic_control),
	    TEST(test_domain_sets_cpl_bits),
	    TEST(test_p5_per_counter_events_exact),
	    TEST(test_cyrix_control_exact),
	    TEST(test_winchip_control_leaves_tsc_off),
	    TEST(test_p4_replay_tagging_exact),
	};
	ADD_SUITE("component controls", cases);
}
