// SPDX-License-Identifier: BSD-3-Clause
/* The native event tables: every event of a family, as a one-counter
 * control on each counter it may use, is a control the driver accepts on
 * that family's simulated CPU; names are unique. */
#include <stdio.h>
#include <string.h>

#include "x86_test.h"
#include "perfctr_events.h"

static void build(enum perfctr_x86_family_id family)
{
	switch (family) {
	case PERFCTR_FAMILY_P5:
		sim_cpu_p5(&fx.sim, true);
		break;
	case PERFCTR_FAMILY_CYRIX:
		sim_cpu_cyrix(&fx.sim);
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
		if (event->tagging) {
			control.p4.pebs_enable = event->tagging->pebs_enable;
			control.p4.pebs_matrix_vert = event->tagging->pebs_matrix_vert;
		}
		return control;
	}
	if (family == PERFCTR_FAMILY_VIA_C3) {
		/* The 9-bit event select alone. */
		control.pmc_map[0] = counter;
		control.evntsel[0] = event->event | (uint32_t)event->umask << 8;
		return control;
	}
	if (family == PERFCTR_FAMILY_P5 || family == PERFCTR_FAMILY_CYRIX) {
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
	    PERFCTR_FAMILY_P5,           PERFCTR_FAMILY_CYRIX, PERFCTR_FAMILY_VIA_C3,
	    PERFCTR_FAMILY_P6,           PERFCTR_FAMILY_K7,    PERFCTR_FAMILY_AMD_FAM10H,
	    PERFCTR_FAMILY_ARCH_PERFMON, PERFCTR_FAMILY_P4};
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
	/* No table for these: the generic driver's TSC only; the WinChip's
	 * events are not written (no vendor list found). */
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

/* The P5 before MMX has the P5MMX table's first events, those of event
 * select 0x00-0x27 that both counters count; the P5MMX all, 0x2A and up
 * one thing per counter: each such select twice, once on counter 0 and
 * once on counter 1 (0x39 on counter 0 only), 0x2A-0x3B. */
static void test_p5_tables_per_model_and_counter(void)
{
	const struct perfctr_event_table *mmx = perfctr_events_of_cpu_type(PERFCTR_X86_INTEL_P5MMX,
	                                                                   PERFCTR_FAMILY_P5),
	                                 *classic = perfctr_events_of_cpu_type(PERFCTR_X86_INTEL_P5,
	                                                                       PERFCTR_FAMILY_P5);
	unsigned on0[0x40] = {0}, on1[0x40] = {0};

	CU_ASSERT_PTR_EQUAL_FATAL(classic->events, mmx->events);
	CU_ASSERT_EQUAL(classic->count, 35);
	CU_ASSERT_EQUAL(mmx->count,
	                72); /* 35 + 0x28, 0x29 + 18 selects on two counters, less 0x39 on 1 */
	CU_ASSERT_STRING_EQUAL(classic->key, "p5");
	CU_ASSERT_STRING_EQUAL(mmx->key, "p5mmx");
	for (size_t e = 0; e < classic->count; e++) {
		CU_ASSERT_TRUE(classic->events[e].event <= 0x27);
		CU_ASSERT_EQUAL(classic->events[e].counters, 0);
	}
	for (size_t e = classic->count; e < mmx->count; e++) {
		const struct perfctr_event *event = &mmx->events[e];
		CU_ASSERT_TRUE(event->event >= 0x28 && event->event <= 0x3B);
		if (event->event < 0x2A) {
			CU_ASSERT_EQUAL(event->counters, 0);
			continue;
		}
		CU_ASSERT_TRUE(event->counters == 1u || event->counters == 2u);
		on0[event->event] += event->counters == 1u;
		on1[event->event] += event->counters == 2u;
	}
	for (unsigned select = 0x2A; select <= 0x3B; select++) {
		CU_ASSERT_EQUAL(on0[select], 1);
		CU_ASSERT_EQUAL(on1[select], select == 0x39 ? 0u : 1u);
	}
	/* Other models keep their family's table. */
	CU_ASSERT_PTR_EQUAL(perfctr_events_of_cpu_type(PERFCTR_X86_CYRIX_MII, PERFCTR_FAMILY_CYRIX),
	                    perfctr_events_of(PERFCTR_FAMILY_CYRIX));
}

/* Whether the tables with this preset key (a trailing '*' a prefix) all
 * have the event; "tsc" has the TSC only. */
static bool key_has_event(const char *key, const char *name)
{
	static const enum perfctr_x86_family_id families[] = {
	    PERFCTR_FAMILY_P5, PERFCTR_FAMILY_CYRIX,       PERFCTR_FAMILY_VIA_C3,
	    PERFCTR_FAMILY_P6, PERFCTR_FAMILY_K7,          PERFCTR_FAMILY_AMD_FAM10H,
	    PERFCTR_FAMILY_P4, PERFCTR_FAMILY_ARCH_PERFMON};
	size_t prefix = strcspn(key, "*");
	unsigned tables = 0;

	if (strcmp(key, "tsc") == 0)
		return strcmp(name, "TSC") == 0;
	for (unsigned f = 0; f < sizeof(families) / sizeof(families[0]); f++)
		for (int model = 0; model < 2; model++) {
			const struct perfctr_event_table *table =
			    model ? perfctr_events_of_cpu_type(PERFCTR_X86_INTEL_P5, families[f])
			          : perfctr_events_of(families[f]);
			bool found = false;
			if (model && families[f] != PERFCTR_FAMILY_P5)
				continue;
			if (key[prefix] == '*' ? strncmp(table->key, key, prefix) != 0
			                       : strcmp(table->key, key) != 0)
				continue;
			tables++;
			for (size_t e = 0; e < table->count; e++)
				found |= strcmp(table->events[e].name, name) == 0;
			if (!found)
				return false;
		}
	return tables > 0;
}

/* presets/perfctr.presets names, per table, natives that every event
 * table its "match perfctr KEY" lines select has (p5* the P5's with and
 * without MMX). */
static void test_presets_name_events_of_their_tables(void)
{
	FILE *file = fopen(PERFCTR_PRESETS_FILE, "r");
	char line[512], keys[4][32];
	unsigned nkeys = 0, checked = 0;

	CU_ASSERT_PTR_NOT_NULL_FATAL(file);
	while (fgets(line, sizeof(line), file)) {
		char key[32];
		const char *native = line;
		if (strncmp(line, "table ", 6) == 0)
			nkeys = 0;
		if (sscanf(line, "match perfctr %31s", key) == 1 && nkeys < 4)
			snprintf(keys[nkeys++], sizeof(keys[0]), "%s", key);
		while ((native = strstr(native, "perfctr:::")) != NULL) {
			char name[128];
			native += strlen("perfctr:::");
			if (sscanf(native, "%127[A-Za-z0-9_.]", name) != 1)
				continue;
			CU_ASSERT_TRUE(nkeys > 0);
			for (unsigned k = 0; k < nkeys; k++) {
				if (!key_has_event(keys[k], name))
					fprintf(stderr, "perfctr.presets: %s not in table %s\n",
					        name, keys[k]);
				CU_ASSERT_TRUE(key_has_event(keys[k], name));
				checked++;
			}
		}
	}
	fclose(file);
	CU_ASSERT_TRUE(checked >= 40);
}

void add_events_suite(void)
{
	static const struct test_case cases[] = {
	    TEST(test_every_event_is_a_valid_control),
	    TEST(test_counter_restrictions_kept),
	    TEST(test_p5_tables_per_model_and_counter),
	    TEST(test_presets_name_events_of_their_tables),
	};
	ADD_SUITE("native event tables", cases);
}
