// SPDX-License-Identifier: BSD-3-Clause
/* The native event tables: every event of a family, as a one-counter
 * control on each counter it may use, is a control the driver accepts on
 * that family's simulated CPU; names are unique. */
#include <string.h>

#include "x86_test.h"
#include "perfctr_events.h"

static void build(enum perfctr_x86_family_id family)
{
	switch (family) {
	case PERFCTR_FAMILY_P5:
		sim_cpu_p5(&fx.sim, true);
		break;
	case PERFCTR_FAMILY_VIA_C3:
		sim_cpu_via_c3(&fx.sim);
		break;
	case PERFCTR_FAMILY_P4:
		sim_cpu_p4(&fx.sim, 3, false);
		break;
	case PERFCTR_FAMILY_P6:
		sim_cpu_p6(&fx.sim);
		break;
	case PERFCTR_FAMILY_K7:
		sim_cpu_k7(&fx.sim, true);
		break;
	case PERFCTR_FAMILY_AMD_FAM10H:
		sim_cpu_amd(&fx.sim, 0x19, true, false);
		break;
	default:
		sim_cpu_arch_perfmon(&fx.sim, 4, 4, 3);
		break;
	}
	fixture_detect();
	CU_ASSERT_EQUAL(fx.cpu.family_id, family);
}

/* The control counting event on counter (general n, or fixed n at
 * 16 + n): USR, the enable where the family has one per counter. P6's
 * counter 1 needs counter 0 enabled beside it. */
static struct perfctr_cpu_control control_of(enum perfctr_x86_family_id family,
                                             const struct perfctr_event *event, unsigned counter)
{
	struct perfctr_cpu_control control = {.tsc_on = 1, .nractrs = 1};
	uint32_t evntsel = event->event | (uint32_t)event->umask << 8 | EVNTSEL_USR;

	if (family == PERFCTR_FAMILY_P4) {
		/* The CCCR: enable, the ESCR's select, any thread; the ESCR:
		 * event select, mask, thread 0's USR bit. */
		control.pmc_map[0] = counter;
		control.evntsel[0] = 1u << 12 | (uint32_t)event->escr_select << 13 | 3u << 16;
		control.p4.escr[0] =
		    (uint32_t)event->event << 25 | (uint32_t)event->escr_mask << 9 | 4u;
		return control;
	}
	if (family == PERFCTR_FAMILY_VIA_C3) {
		/* The 9-bit event select alone. */
		control.pmc_map[0] = counter;
		control.evntsel[0] = event->event | (uint32_t)event->umask << 8;
		return control;
	}
	if (family == PERFCTR_FAMILY_P5) {
		/* One CESR half: the event and the CC field's CPL 3 bit. */
		control.pmc_map[0] = counter;
		control.evntsel[0] = event->event | 0x80u;
		return control;
	}
	if (counter >= 16) {
		control.pmc_map[0] = ARCH_RDPMC_FIXED | (counter - 16);
		control.evntsel[0] = ARCH_FIXED_USR;
		return control;
	}
	control.pmc_map[0] = counter;
	control.evntsel[0] =
	    evntsel | (family != PERFCTR_FAMILY_P6 || counter == 0 ? EVNTSEL_EN : 0);
	if (family == PERFCTR_FAMILY_P6 && counter == 1) {
		control.nractrs = 2;
		control.pmc_map[1] = 0;
		control.evntsel[1] = 0xC0 | EVNTSEL_USR | EVNTSEL_EN;
	}
	return control;
}

static void test_every_event_is_a_valid_control(void)
{
	static const enum perfctr_x86_family_id families[] = {
	    PERFCTR_FAMILY_P5, PERFCTR_FAMILY_VIA_C3,     PERFCTR_FAMILY_P6,
	    PERFCTR_FAMILY_K7, PERFCTR_FAMILY_AMD_FAM10H, PERFCTR_FAMILY_ARCH_PERFMON};
	for (unsigned f = 0; f < sizeof(families) / sizeof(families[0]); f++) {
		const struct perfctr_event_table *table = perfctr_events_of(families[f]);
		CU_ASSERT_PTR_NOT_NULL_FATAL(table);
		CU_ASSERT_TRUE(table->count > 0);
		build(families[f]);
		for (size_t e = 0; e < table->count; e++) {
			const struct perfctr_event *event = &table->events[e];
			uint32_t counters =
			    event->counters ? event->counters : (1u << fx.cpu.nr_counters) - 1;
			CU_ASSERT_TRUE(event->name && event->name[0] && event->description);
			for (size_t other = 0; other < e; other++)
				CU_ASSERT_NOT_EQUAL(strcmp(event->name, table->events[other].name),
				                    0);
			for (unsigned counter = 0; counter < 32; counter++) {
				struct perfctr_cpu_control control;
				if (!(counters >> counter & 1))
					continue;
				control = control_of(families[f], event, counter);
				CU_ASSERT_EQUAL(fixture_update(&control, false), 0);
			}
		}
	}
	/* No table for these: the component offers their TSC only. */
	CU_ASSERT_PTR_NULL(perfctr_events_of(PERFCTR_FAMILY_CYRIX));
	CU_ASSERT_PTR_NULL(perfctr_events_of(PERFCTR_FAMILY_WINCHIP));
	CU_ASSERT_PTR_NULL(perfctr_events_of(PERFCTR_FAMILY_GENERIC));
}

/* The tables keep the manuals' counter restrictions (the driver cannot
 * know them: the component places events by them): FLOPS on P6 counter 0,
 * MUL and DIV on counter 1; Intel's fixed-counter events on theirs. */
static void test_counter_restrictions_kept(void)
{
	const struct perfctr_event_table *table = perfctr_events_of(PERFCTR_FAMILY_P6);
	unsigned restricted = 0;
	for (size_t e = 0; e < table->count; e++)
		restricted += table->events[e].counters != 0;
	CU_ASSERT_EQUAL(restricted, 3);
	CU_ASSERT_EQUAL(perfctr_events_of(PERFCTR_FAMILY_ARCH_PERFMON)->events[7].counters,
	                PERFCTR_EVENT_FIXED(0));
}

void add_events_suite(void)
{
	static const struct test_case cases[] = {
	    TEST(test_every_event_is_a_valid_control),
	    TEST(test_counter_restrictions_kept),
	};
	ADD_SUITE("native event tables", cases);
}
