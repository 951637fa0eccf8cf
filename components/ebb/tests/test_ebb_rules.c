// SPDX-License-Identifier: BSD-3-Clause
/* The ebb component's pure rules, on any host: where EBB is available and
 * why not, the event tables, the group rules, the perf_event_attr the
 * kernel's EBB contract asks for, and the PMC accounting. Each test names
 * the rule it pins down, and fails when that rule is taken out. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "../../../tests/unit/unit_assert.h"
#include "ebb_account.h"
#include "ebb_attr.h"
#include "ebb_detect.h"
#include "ebb_events.h"
#include "ebb_group.h"
#include "error_recorder.h"

/* ---- availability -------------------------------------------------------- */

static struct ebb_host_facts power9_host(void)
{
	return (struct ebb_host_facts){
	    .machine = "ppc64le",
	    .power_build = true,
	    .elfv2_build = true,
	    .hwcap2 = EBB_HWCAP2_EBB | 0x80000000UL,
	    .platform = "power9",
	    .core_pmu = true,
	};
}

static void assert_reason_has(const char *needle)
{
	char text[1200];
	snprintf(text, sizeof(text), "reason \"%s\" mentions \"%s\"", recorded_reason(), needle);
	CU_assertImplementation(strstr(recorded_reason(), needle) != NULL, __LINE__, text, __FILE__,
	                        "", CU_FALSE);
}

static void test_power9_with_ebb_is_available(void)
{
	struct ebb_host_facts facts = power9_host();
	enum ebb_pmu_model model = EBB_PMU_UNKNOWN;
	UNIT_ASSERT_OK(ebb_availability(&facts, &model));
	CU_ASSERT_EQUAL(model, EBB_PMU_POWER9);
}

static void test_each_power_platform_has_its_table(void)
{
	const char *words[] = {"power8", "power9", "power10"};
	enum ebb_pmu_model models[] = {EBB_PMU_POWER8, EBB_PMU_POWER9, EBB_PMU_POWER10};
	for (int i = 0; i < 3; i++) {
		CU_ASSERT_EQUAL(ebb_model_of_platform(words[i]), models[i]);
		const struct ebb_pmu_table *table = ebb_pmu_table_of(models[i]);
		CU_ASSERT_PTR_NOT_NULL_FATAL(table);
		CU_ASSERT_STRING_EQUAL(table->name, words[i]);
	}
	CU_ASSERT_EQUAL(ebb_model_of_platform("power7"), EBB_PMU_UNKNOWN);
	CU_ASSERT_EQUAL(ebb_model_of_platform(NULL), EBB_PMU_UNKNOWN);
}

static void test_wrong_architecture_is_disabled_with_its_name(void)
{
	struct ebb_host_facts facts = power9_host();
	enum ebb_pmu_model model;
	facts.machine = "x86_64";
	facts.power_build = false;
	facts.elfv2_build = false;
	facts.hwcap2 = 0;
	facts.platform = "x86_64";
	UNIT_ASSERT_STATUS(ebb_availability(&facts, &model), PAPI_ECMP);
	assert_reason_has("wrong architecture");
	assert_reason_has("x86_64");
}

static void test_big_endian_power_is_disabled(void)
{
	struct ebb_host_facts facts = power9_host();
	enum ebb_pmu_model model;
	facts.machine = "ppc64";
	facts.elfv2_build = false;
	UNIT_ASSERT_STATUS(ebb_availability(&facts, &model), PAPI_ECMP);
	assert_reason_has("ELFv2");
}

static void test_no_ebb_bit_in_hwcap2_is_disabled(void)
{
	struct ebb_host_facts facts = power9_host();
	enum ebb_pmu_model model;
	facts.hwcap2 = 0x80000000UL;
	UNIT_ASSERT_STATUS(ebb_availability(&facts, &model), PAPI_ECMP);
	assert_reason_has("AT_HWCAP2");
}

static void test_unknown_pmu_is_disabled(void)
{
	struct ebb_host_facts facts = power9_host();
	enum ebb_pmu_model model;
	facts.platform = "power11";
	UNIT_ASSERT_STATUS(ebb_availability(&facts, &model), PAPI_ECMP);
	assert_reason_has("unknown PMU 'power11'");
}

static void test_no_core_pmu_is_disabled(void)
{
	struct ebb_host_facts facts = power9_host();
	enum ebb_pmu_model model;
	facts.core_pmu = false;
	UNIT_ASSERT_STATUS(ebb_availability(&facts, &model), PAPI_ECMP);
	assert_reason_has("core PMU");
}

/* ---- the tables ---------------------------------------------------------- */

/* Every event of every table: a unique name, a PMC field of 0-6, the fixed
 * PMCs only with their own selector, nothing in bit 63 (the EBB flag is
 * the attribute builder's), and each alone fits a group. */
static void test_every_table_entry_is_well_formed(void)
{
	const enum ebb_pmu_model models[] = {EBB_PMU_POWER8, EBB_PMU_POWER9, EBB_PMU_POWER10};
	for (int m = 0; m < 3; m++) {
		const struct ebb_pmu_table *table = ebb_pmu_table_of(models[m]);
		CU_ASSERT_TRUE_FATAL(table && table->count > 10);
		for (size_t i = 0; i < table->count; i++) {
			const struct ebb_event *event = &table->events[i];
			const struct ebb_event *alone[1] = {event};
			struct ebb_group_plan plan;
			CU_ASSERT_PTR_NOT_NULL(event->description);
			CU_ASSERT_EQUAL(strncmp(event->name, "PM_", 3), 0);
			CU_ASSERT_PTR_EQUAL(ebb_event_find(table, event->name), event);
			CU_ASSERT_EQUAL(event->code & EBB_CONFIG_FLAG, 0);
			CU_ASSERT_TRUE(ebb_code_pmc(event->code) <= EBB_PMC_COUNT);
			UNIT_ASSERT_OK(ebb_group_place(alone, 1, &plan));
		}
		/* Cycles are on every PMU: the lab's EBB tests count them. */
		CU_ASSERT_PTR_NOT_NULL(ebb_event_find(table, "PM_CYC"));
		CU_ASSERT_PTR_NOT_NULL(ebb_event_find(table, "PM_RUN_CYC"));
	}
}

static void test_known_encodings(void)
{
	/* Spot checks against libpfm4's tables. */
	CU_ASSERT_EQUAL(ebb_event_find(&ebb_power9_table, "PM_CYC")->code, 0x1001e);
	CU_ASSERT_EQUAL(ebb_event_find(&ebb_power9_table, "PM_INST_CMPL")->code, 0x10002);
	CU_ASSERT_EQUAL(ebb_event_find(&ebb_power8_table, "PM_RUN_INST_CMPL")->code, 0x500fa);
	CU_ASSERT_EQUAL(ebb_event_find(&ebb_power10_table, "PM_CYC")->code, 0x100f0);
	CU_ASSERT_EQUAL(ebb_code_pmc(0x600f4), 6);
	CU_ASSERT_EQUAL(ebb_code_pmc(0x40b4), 0);
}

/* The code of a model's event, or an impossible value when it is missing. */
static uint64_t code_of(const struct ebb_pmu_table *table, const char *name)
{
	const struct ebb_event *event = ebb_event_find(table, name);
	return event ? event->code : UINT64_MAX;
}

/* The tables are libpfm4 4.13's whole power8/9/10 tables (events/powerN.events),
 * with the fixed counters as the project defines them and the libpfm4
 * events they displaced renamed _ALT. */
static void test_tables_are_libpfm4s_whole_tables(void)
{
	CU_ASSERT_EQUAL(ebb_power8_table.count, 1063);
	CU_ASSERT_EQUAL(ebb_power9_table.count, 960);
	CU_ASSERT_EQUAL(ebb_power10_table.count, 952);
	/* Events the first, curated tables did not have. */
	CU_ASSERT_EQUAL(code_of(&ebb_power8_table, "PM_INST_CMPL"), 0x2);
	CU_ASSERT_EQUAL(code_of(&ebb_power8_table, "PM_CYC"), 0x1e);
	CU_ASSERT_EQUAL(code_of(&ebb_power9_table, "PM_CYC_ALT2"), 0x3001e);
	CU_ASSERT_EQUAL(code_of(&ebb_power9_table, "PM_1FLOP_CMPL"), 0x45050);
	CU_ASSERT_EQUAL(code_of(&ebb_power10_table, "PM_INST_CMPL_ALT3"), 0x30002);
	/* Fixed PMC5/PMC6 events, and libpfm4's event of the same name. */
	CU_ASSERT_EQUAL(code_of(&ebb_power9_table, "PM_RUN_CYC"), 0x600f4);
	CU_ASSERT_EQUAL(code_of(&ebb_power9_table, "PM_RUN_CYC_ALT"), 0x200f4);
	CU_ASSERT_EQUAL(code_of(&ebb_power9_table, "PM_RUN_INST_CMPL"), 0x500fa);
	CU_ASSERT_EQUAL(code_of(&ebb_power9_table, "PM_RUN_INST_CMPL_ALT"), 0x400fa);
	CU_ASSERT_EQUAL(code_of(&ebb_power10_table, "PM_RUN_INST_CMPL"), 0x500fa);
	CU_ASSERT_EQUAL(code_of(&ebb_power10_table, "PM_RUN_INST_CMPL_ALT"), 0x400fa);
	CU_ASSERT_EQUAL(code_of(&ebb_power8_table, "PM_RUN_CYC"), 0x600f4);
	CU_ASSERT_EQUAL(code_of(&ebb_power8_table, "PM_RUN_CYC_ALT"), UINT64_MAX);
	/* Descriptions: ours where written, else the facts of the code. */
	const struct ebb_event *flop = ebb_event_find(&ebb_power9_table, "PM_1FLOP_CMPL");
	CU_ASSERT_STRING_EQUAL(flop->description, "POWER9 event 0x45050 on PMC4");
	const struct ebb_event *cyc = ebb_event_find(&ebb_power8_table, "PM_CYC");
	CU_ASSERT_STRING_EQUAL(cyc->description, "Processor cycles (0x1e, any of PMC1-4)");
}

/* The first event of table that names pmc, for building groups. */
static const struct ebb_event *first_on(const struct ebb_pmu_table *table, unsigned pmc)
{
	for (size_t i = 0; i < table->count; i++)
		if (ebb_code_pmc(table->events[i].code) == pmc)
			return &table->events[i];
	return NULL;
}

/* Every event of the whole tables in a full group: one naming each other
 * programmable PMC plus both fixed ones, so it must land on its own PMC
 * with its code unchanged; an event naming none lands on PMC1 beside the
 * fixed ones, and on PMC4 when PMC1-3 are named, its code given that PMC. */
static void test_every_table_event_places_in_a_full_group(void)
{
	const enum ebb_pmu_model models[] = {EBB_PMU_POWER8, EBB_PMU_POWER9, EBB_PMU_POWER10};
	for (int m = 0; m < 3; m++) {
		const struct ebb_pmu_table *table = ebb_pmu_table_of(models[m]);
		const struct ebb_event *on[EBB_PMC_COUNT + 1] = {NULL};
		for (unsigned pmc = 1; pmc <= EBB_PMC_COUNT; pmc++) {
			on[pmc] = first_on(table, pmc);
			CU_ASSERT_PTR_NOT_NULL_FATAL(on[pmc]);
		}
		for (size_t i = 0; i < table->count; i++) {
			const struct ebb_event *event = &table->events[i];
			unsigned pmc = ebb_code_pmc(event->code);
			struct ebb_group_plan plan;
			if (pmc >= 5)
				continue;
			if (pmc == 0) {
				const struct ebb_event *beside_fixed[] = {on[6], event, on[5]};
				UNIT_ASSERT_OK(ebb_group_place(beside_fixed, 3, &plan));
				CU_ASSERT_EQUAL(plan.pmc[1], 1);
				CU_ASSERT_EQUAL(plan.code[1],
				                event->code | (UINT64_C(1) << EBB_CODE_PMC_SHIFT));
				const struct ebb_event *last_free[] = {event, on[1], on[2], on[3]};
				UNIT_ASSERT_OK(ebb_group_place(last_free, 4, &plan));
				CU_ASSERT_EQUAL(plan.pmc[0], 4);
				continue;
			}
			const struct ebb_event *group[EBB_PMC_COUNT] = {event};
			int count = 1;
			for (unsigned other = 1; other <= EBB_PMC_COUNT; other++)
				if (other != pmc)
					group[count++] = on[other];
			UNIT_ASSERT_OK(ebb_group_place(group, count, &plan));
			CU_ASSERT_EQUAL(plan.pmc[0], pmc);
			CU_ASSERT_EQUAL(plan.code[0], event->code);
			/* And it conflicts with the first event naming the same PMC. */
			if (event != on[pmc]) {
				const struct ebb_event *twice[] = {on[pmc], event};
				UNIT_ASSERT_STATUS(ebb_group_place(twice, 2, &plan), PAPI_ECNFLCT);
			}
		}
	}
}

/* ---- group rules --------------------------------------------------------- */

static const struct ebb_event cyc_pmc1 = {"PM_CYC", 0x1001e, "cycles"};
static const struct ebb_event cyc_pmc2 = {"PM_CYC_ALT2", 0x2001e, "cycles"};
static const struct ebb_event other_pmc1 = {"PM_BR_CMPL", 0x10012, "branches"};
static const struct ebb_event run_inst_pmc5 = {"PM_RUN_INST_CMPL", 0x500fa, "instructions"};
static const struct ebb_event run_cyc_pmc6 = {"PM_RUN_CYC", 0x600f4, "cycles"};
static const struct ebb_event not_pmc6 = {"PM_FAKE_ON_PMC6", 0x600f2, "not PMC6's"};
static const struct ebb_event no_such_pmc = {"PM_FAKE_ON_PMC7", 0x7001e, "PMC7"};
static const struct ebb_event any_a = {"PM_ANY_A", 0x40b0, "any PMC"};
static const struct ebb_event any_b = {"PM_ANY_B", 0x50a0, "any PMC"};

static void test_group_keeps_the_pmc_an_event_names(void)
{
	const struct ebb_event *events[] = {&cyc_pmc2, &run_cyc_pmc6, &run_inst_pmc5};
	struct ebb_group_plan plan;
	UNIT_ASSERT_OK_FATAL(ebb_group_place(events, 3, &plan));
	CU_ASSERT_EQUAL(plan.count, 3);
	CU_ASSERT_EQUAL(plan.pmc[0], 2);
	CU_ASSERT_EQUAL(plan.pmc[1], 6);
	CU_ASSERT_EQUAL(plan.pmc[2], 5);
	CU_ASSERT_EQUAL(plan.code[0], 0x2001e);
}

static void test_group_refuses_two_events_on_one_pmc(void)
{
	const struct ebb_event *events[] = {&cyc_pmc1, &other_pmc1};
	struct ebb_group_plan plan = {.count = -1};
	UNIT_ASSERT_STATUS(ebb_group_place(events, 2, &plan), PAPI_ECNFLCT);
	assert_reason_has("PM_BR_CMPL needs PMC1, which PM_CYC already holds");
	CU_ASSERT_EQUAL(plan.count, -1); /* untouched on failure */
}

static void test_fixed_pmcs_count_only_their_own_event(void)
{
	const struct ebb_event *events[] = {&not_pmc6};
	struct ebb_group_plan plan;
	UNIT_ASSERT_STATUS(ebb_group_place(events, 1, &plan), PAPI_ENOEVNT);
	assert_reason_has("PMC6, a fixed counter");
}

static void test_pmcs_beyond_six_are_refused(void)
{
	const struct ebb_event *events[] = {&no_such_pmc};
	struct ebb_group_plan plan;
	UNIT_ASSERT_STATUS(ebb_group_place(events, 1, &plan), PAPI_ENOEVNT);
	assert_reason_has("POWER has PMC1-6");
}

/* An event that names no PMC gets the lowest free one of 1-4, with the PMC
 * field of its code filled in (an EBB event must name its PMC), after the
 * events that name theirs, whatever the order of adding. */
static void test_any_pmc_events_take_the_lowest_free_programmable_pmc(void)
{
	const struct ebb_event *events[] = {&any_a, &cyc_pmc1, &any_b};
	struct ebb_group_plan plan;
	UNIT_ASSERT_OK_FATAL(ebb_group_place(events, 3, &plan));
	CU_ASSERT_EQUAL(plan.pmc[0], 2);
	CU_ASSERT_EQUAL(plan.pmc[1], 1);
	CU_ASSERT_EQUAL(plan.pmc[2], 3);
	CU_ASSERT_EQUAL(plan.code[0], 0x240b0);
	CU_ASSERT_EQUAL(plan.code[2], 0x350a0);
	CU_ASSERT_EQUAL(ebb_code_pmc(plan.code[0]), 2);
}

static void test_any_pmc_events_never_take_the_fixed_pmcs(void)
{
	static const struct ebb_event p3 = {"PM_P3", 0x3001e, ""}, p4 = {"PM_P4", 0x4001e, ""};
	const struct ebb_event *events[] = {&cyc_pmc1, &cyc_pmc2, &p3, &p4, &any_a};
	struct ebb_group_plan plan;
	UNIT_ASSERT_STATUS(ebb_group_place(events, 5, &plan), PAPI_ECNFLCT);
	assert_reason_has("PMC1-4 only, and all four are taken");
}

static void test_group_holds_at_most_six_events(void)
{
	static const struct ebb_event p3 = {"PM_P3", 0x3001e, ""}, p4 = {"PM_P4", 0x4001e, ""};
	const struct ebb_event *six[] = {&cyc_pmc1, &cyc_pmc2,      &p3,
	                                 &p4,       &run_inst_pmc5, &run_cyc_pmc6};
	const struct ebb_event *seven[] = {&cyc_pmc1,      &cyc_pmc2,     &p3,   &p4,
	                                   &run_inst_pmc5, &run_cyc_pmc6, &any_a};
	struct ebb_group_plan plan;
	UNIT_ASSERT_OK(ebb_group_place(six, 6, &plan));
	UNIT_ASSERT_STATUS(ebb_group_place(seven, 7, &plan), PAPI_ECNFLCT);
	assert_reason_has("cannot be multiplexed");
	UNIT_ASSERT_STATUS(ebb_group_place(six, 0, &plan), PAPI_EINVAL);
}

/* ---- perf_event_attr ----------------------------------------------------- */

static void test_leader_attr_follows_the_contract(void)
{
	struct perf_event_attr attr;
	ebb_attr_build(0x1001e, true, &attr);
	CU_ASSERT_EQUAL(attr.type, PERF_TYPE_RAW);
	CU_ASSERT_EQUAL(attr.size, sizeof(attr));
	CU_ASSERT_EQUAL(attr.config, UINT64_C(0x800000000001001e)); /* bit 63, PMC1 */
	CU_ASSERT_EQUAL((attr.config >> 16) & 0xf, 1);
	CU_ASSERT_TRUE(attr.pinned);
	CU_ASSERT_TRUE(attr.exclusive);
	CU_ASSERT_TRUE(attr.disabled);
	CU_ASSERT_FALSE(attr.inherit);
	CU_ASSERT_FALSE(attr.freq);
	CU_ASSERT_EQUAL(attr.sample_period, 0);
	CU_ASSERT_FALSE(attr.enable_on_exec);
	UNIT_ASSERT_OK(ebb_attr_check(&attr, true, 0, -1));
}

static void test_member_attr_is_neither_pinned_nor_exclusive(void)
{
	struct perf_event_attr attr;
	ebb_attr_build(0x600f4, false, &attr);
	CU_ASSERT_EQUAL(attr.config, UINT64_C(0x80000000000600f4));
	CU_ASSERT_FALSE(attr.pinned);
	CU_ASSERT_FALSE(attr.exclusive);
	CU_ASSERT_FALSE(attr.disabled); /* follows its leader */
	UNIT_ASSERT_OK(ebb_attr_check(&attr, false, 0, -1));
}

/* ebb_attr_check refuses attr, as a leader or as a member, with a reason
 * that mentions reason. */
static void assert_attr_refused(const struct perf_event_attr *attr, bool leader, const char *reason)
{
	UNIT_ASSERT_STATUS(ebb_attr_check(attr, leader, 0, -1), PAPI_EINVAL);
	assert_reason_has(reason);
}

/* Each attribute the contract forbids, one at a time on a good leader or
 * member, is refused with its own reason. */
static void test_bad_attributes_are_refused_each_with_its_reason(void)
{
	struct perf_event_attr good_leader, good_member, attr;
	ebb_attr_build(0x1001e, true, &good_leader);
	ebb_attr_build(0x2001e, false, &good_member);

	attr = good_leader;
	attr.config &= ~EBB_CONFIG_FLAG;
	assert_attr_refused(&attr, true, "lacks bit 63");

	attr = good_member;
	attr.config &= ~EBB_CONFIG_FLAG;
	assert_attr_refused(&attr, false, "every member of an EBB group must ask for EBB");

	attr = good_leader;
	attr.config &= ~EBB_CODE_PMC_MASK;
	assert_attr_refused(&attr, true, "names no PMC");

	attr = good_leader;
	attr.pinned = 0;
	assert_attr_refused(&attr, true, "pinned and exclusive");

	attr = good_leader;
	attr.exclusive = 0;
	assert_attr_refused(&attr, true, "pinned and exclusive");

	attr = good_member;
	attr.pinned = 1;
	assert_attr_refused(&attr, false, "only the leader");

	attr = good_leader;
	attr.inherit = 1;
	assert_attr_refused(&attr, true, "inherit");

	attr = good_leader;
	attr.sample_period = 100000;
	assert_attr_refused(&attr, true, "sample_period");

	attr = good_leader;
	attr.freq = 1;
	assert_attr_refused(&attr, true, "freq");

	attr = good_leader;
	attr.enable_on_exec = 1;
	assert_attr_refused(&attr, true, "enable_on_exec");

	attr = good_leader;
	attr.type = PERF_TYPE_HARDWARE;
	assert_attr_refused(&attr, true, "raw event");

	UNIT_ASSERT_STATUS(ebb_attr_check(&good_leader, true, -1, 0), PAPI_EINVAL);
	assert_reason_has("not a whole CPU");
}

/* ---- PMC accounting ------------------------------------------------------ */

static void test_threshold_loads_the_pmc_that_many_events_before_the_alert(void)
{
	struct ebb_pmc_account account;
	ebb_account_start(&account, 100000);
	CU_ASSERT_EQUAL(account.reload, 0x80000000u - 100000u);
	CU_ASSERT_FALSE(ebb_pmc_alerted(account.reload + 99999u));
	CU_ASSERT_TRUE(ebb_pmc_alerted(account.reload + 100000u));
	CU_ASSERT_EQUAL(ebb_account_count(&account, account.reload + 1234u), 1234);
	CU_ASSERT_TRUE(ebb_threshold_valid(1));
	CU_ASSERT_TRUE(ebb_threshold_valid(1LL << 31));
	CU_ASSERT_FALSE(ebb_threshold_valid((1LL << 31) + 1));
	CU_ASSERT_FALSE(ebb_threshold_valid(-1));
}

/* Alerts fold the PMC into a 64-bit total: three alerts 7 events past a
 * threshold of 1000 and 10 more events count 3 * 1007 + 10, three
 * overflows, and the PMC is reloaded each time. */
static void test_alerts_accumulate_64_bit_counts(void)
{
	struct ebb_pmc_account account;
	ebb_account_start(&account, 1000);
	for (int i = 0; i < 3; i++) {
		uint32_t pmc = account.reload + 1007u;
		CU_ASSERT_TRUE(ebb_pmc_alerted(pmc));
		CU_ASSERT_EQUAL(ebb_account_alert(&account, pmc), 0x80000000u - 1000u);
	}
	CU_ASSERT_EQUAL(account.overflows, 3);
	CU_ASSERT_EQUAL(ebb_account_count(&account, account.reload + 10u), 3 * 1007 + 10);
}

/* Without a threshold the PMC starts at 0 and alerts every 2^31 events:
 * counts go past 32 bits without overflows being reported. */
static void test_counting_without_threshold_goes_past_32_bits(void)
{
	struct ebb_pmc_account account;
	ebb_account_start(&account, 0);
	CU_ASSERT_EQUAL(account.reload, 0);
	for (int i = 0; i < 4; i++)
		ebb_account_alert(&account, 0x80000000u);
	CU_ASSERT_EQUAL(account.overflows, 0);
	CU_ASSERT_EQUAL(ebb_account_count(&account, 5), (UINT64_C(4) << 31) + 5);
}

/* ---- presets/ebb.presets --------------------------------------------------- */

/* Every native of the ebb preset tables is an event of its model's table,
 * and every table is a model's ("match ebb powerN"); each model has a
 * PAPI_TOT_CYC. */
static void test_preset_natives_are_events_of_their_model(void)
{
	FILE *file = fopen(EBB_PRESETS_FILE, "re");
	CU_ASSERT_PTR_NOT_NULL_FATAL(file);
	const struct ebb_pmu_table *table = NULL;
	bool has_cycles[3] = {false, false, false};
	int natives = 0;
	char line[512];
	while (fgets(line, sizeof(line), file)) {
		char model[32];
		char name[64];
		if (sscanf(line, "match ebb %31s", model) == 1) {
			table = NULL;
			for (enum ebb_pmu_model m = EBB_PMU_POWER8; m <= EBB_PMU_POWER10; m++)
				if (strcmp(ebb_pmu_table_of(m)->name, model) == 0)
					table = ebb_pmu_table_of(m);
			CU_ASSERT_PTR_NOT_NULL_FATAL(table);
			continue;
		}
		const char *native = strstr(line, "ebb::");
		if (line[0] == '#' || !native)
			continue;
		CU_ASSERT_PTR_NOT_NULL_FATAL(table);
		CU_ASSERT_EQUAL_FATAL(sscanf(native, "ebb::%63[A-Z0-9_]", name), 1);
		char text[128];
		snprintf(text, sizeof(text), "%s is an event of %s", name, table->name);
		CU_assertImplementation(ebb_event_find(table, name) != NULL, __LINE__, text,
		                        __FILE__, "", CU_FALSE);
		if (strncmp(line, "PAPI_TOT_CYC,", 13) == 0)
			has_cycles[table->model - EBB_PMU_POWER8] = true;
		natives++;
	}
	fclose(file);
	CU_ASSERT(natives >= 15);
	CU_ASSERT(has_cycles[0] && has_cycles[1] && has_cycles[2]);
}

/* ---- presets/power.presets ------------------------------------------------ */

/* perf_event's POWER presets (presets/power.presets, not the EBB ones): a
 * preset is one event set's worth, its natives opened as one group, so
 * they must fit the PMCs together. Their codes are libpfm4's, the ones
 * these tables hold, and the PMC a code names is the one the kernel must
 * give it (its constraint is the rule ebb_group_place applies): two natives
 * naming one PMC can never count together, and a preset made of them is
 * refused with PAPI_ECNFLCT wherever it is added (POWER9's PAPI_FP_OPS,
 * four PMC4 events, did so in the lab's hw_rates). Every POWERn native of
 * a table must also be an event of POWERn's table. */
static void test_power_presets_fit_one_group(void)
{
	FILE *file = fopen(POWER_PRESETS_FILE, "re");
	CU_ASSERT_PTR_NOT_NULL_FATAL(file);
	const struct ebb_pmu_table *table = NULL;
	int presets = 0;
	char line[1024];
	while (fgets(line, sizeof(line), file)) {
		char model[32];
		if (strncmp(line, "table ", 6) == 0)
			table = NULL;
		if (sscanf(line, "match pfm %31s", model) == 1) {
			for (enum ebb_pmu_model m = EBB_PMU_POWER8; m <= EBB_PMU_POWER10; m++)
				if (strcmp(ebb_pmu_table_of(m)->name, model) == 0)
					table = ebb_pmu_table_of(m);
			CU_ASSERT_PTR_NOT_NULL_FATAL(table);
			continue;
		}
		if (!table || strncmp(line, "PAPI_", 5) != 0)
			continue;
		char prefix[40];
		snprintf(prefix, sizeof(prefix), "%s::", table->name);
		const struct ebb_event *events[EBB_PMC_COUNT + 1];
		int count = 0;
		for (const char *native = strstr(line, prefix); native;
		     native = strstr(native + 1, prefix)) {
			char name[64];
			char text[256];
			CU_ASSERT_EQUAL_FATAL(sscanf(native + strlen(prefix), "%63[A-Z0-9_]", name),
			                      1);
			const struct ebb_event *event = ebb_event_find(table, name);
			snprintf(text, sizeof(text), "%s is an event of %s", name, table->name);
			CU_assertImplementation(event != NULL, __LINE__, text, __FILE__, "",
			                        CU_FALSE);
			if (event && count <= EBB_PMC_COUNT)
				events[count++] = event;
		}
		if (count == 0)
			continue;
		struct ebb_group_plan plan;
		recorded_reason_clear();
		int status = ebb_group_place(events, count, &plan);
		char text[1400];
		snprintf(text, sizeof(text), "%s's natives fit one group of %s (%s)",
		         strtok(line, ","), table->name, recorded_reason());
		CU_assertImplementation(status == PAPI_OK, __LINE__, text, __FILE__, "", CU_FALSE);
		presets++;
	}
	fclose(file);
	CU_ASSERT(presets >= 60);
}

int main(void)
{
	if (CU_initialize_registry() != CUE_SUCCESS)
		return 2;
	CU_pSuite suite = CU_add_suite("ebb rules", NULL, NULL);
	CU_add_test(suite, "power9 with EBB is available", test_power9_with_ebb_is_available);
	CU_add_test(suite, "each POWER platform has its table",
	            test_each_power_platform_has_its_table);
	CU_add_test(suite, "wrong architecture", test_wrong_architecture_is_disabled_with_its_name);
	CU_add_test(suite, "big-endian POWER", test_big_endian_power_is_disabled);
	CU_add_test(suite, "no EBB bit in AT_HWCAP2", test_no_ebb_bit_in_hwcap2_is_disabled);
	CU_add_test(suite, "unknown PMU", test_unknown_pmu_is_disabled);
	CU_add_test(suite, "no core PMU", test_no_core_pmu_is_disabled);
	CU_add_test(suite, "tables well formed", test_every_table_entry_is_well_formed);
	CU_add_test(suite, "libpfm4's whole tables", test_tables_are_libpfm4s_whole_tables);
	CU_add_test(suite, "every table event in a full group",
	            test_every_table_event_places_in_a_full_group);
	CU_add_test(suite, "known encodings", test_known_encodings);
	CU_add_test(suite, "group keeps named PMCs", test_group_keeps_the_pmc_an_event_names);
	CU_add_test(suite, "one event per PMC", test_group_refuses_two_events_on_one_pmc);
	CU_add_test(suite, "fixed PMC5/PMC6", test_fixed_pmcs_count_only_their_own_event);
	CU_add_test(suite, "PMC1-6 only", test_pmcs_beyond_six_are_refused);
	CU_add_test(suite, "any-PMC events placed",
	            test_any_pmc_events_take_the_lowest_free_programmable_pmc);
	CU_add_test(suite, "any-PMC events never on PMC5/6",
	            test_any_pmc_events_never_take_the_fixed_pmcs);
	CU_add_test(suite, "at most six events", test_group_holds_at_most_six_events);
	CU_add_test(suite, "leader attr", test_leader_attr_follows_the_contract);
	CU_add_test(suite, "member attr", test_member_attr_is_neither_pinned_nor_exclusive);
	CU_add_test(suite, "bad attributes refused",
	            test_bad_attributes_are_refused_each_with_its_reason);
	CU_add_test(suite, "threshold reload",
	            test_threshold_loads_the_pmc_that_many_events_before_the_alert);
	CU_add_test(suite, "64-bit accumulation", test_alerts_accumulate_64_bit_counts);
	CU_add_test(suite, "no threshold past 32 bits",
	            test_counting_without_threshold_goes_past_32_bits);
	CU_add_test(suite, "preset natives are events of their model",
	            test_preset_natives_are_events_of_their_model);
	CU_add_test(suite, "POWER presets fit one group", test_power_presets_fit_one_group);
	return unit_run_all();
}
