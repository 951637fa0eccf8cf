// SPDX-License-Identifier: BSD-3-Clause
/* The riscv component's names (rv_events.c) and mode choice (rv_mode.c),
 * on any host: every listed name resolves to its own cursor and SBI event
 * index; perf's names map onto the SBI codes; raw selectors round-trip;
 * each perf_user_access value gives its mode and says why. */
#include <stdio.h>
#include <string.h>

#include <CUnit/Basic.h>

#include "unit_assert.h"

#include "rv_events.h"
#include "rv_mode.h"
#include "rv_sbi.h"
#include "rv_user_read.h"

static void test_every_listed_name_resolves_to_itself(void)
{
	uint64_t cursor = rv_event_first();
	unsigned listed = 0;
	do {
		char name[128], canonical[128], reason[256];
		struct rv_event event, parsed;
		uint64_t parsed_cursor = ~0ull;
		CU_ASSERT_FATAL(rv_event_of_cursor(cursor, name, sizeof(name), &event));
		CU_ASSERT_TRUE(rv_event_parse(name, &parsed, &parsed_cursor, canonical,
		                              sizeof(canonical), reason, sizeof(reason)));
		CU_ASSERT_EQUAL(parsed_cursor, cursor);
		CU_ASSERT_STRING_EQUAL(canonical, name);
		CU_ASSERT_EQUAL(parsed.event_index, event.event_index);
		listed++;
	} while (rv_event_next(cursor, &cursor));
	/* time, 10 general, 7 caches x 3 operations x 2 results, 22 firmware */
	CU_ASSERT_EQUAL(listed, 1 + 10 + 42 + 22);
	CU_ASSERT_EQUAL(listed, rv_event_count());
}

static void test_perf_names_map_to_sbi_codes(void)
{
	static const struct {
		const char *name;
		unsigned long event_index;
		uint32_t fixed_counter;
	} cases[] = {
	    {"riscv:::cpu-cycles", RV_SBI_EVENT_INDEX(RV_SBI_TYPE_HARDWARE, 1), 0},
	    {"instructions", RV_SBI_EVENT_INDEX(RV_SBI_TYPE_HARDWARE, 2), 2},
	    {"ref-cycles", RV_SBI_EVENT_INDEX(RV_SBI_TYPE_HARDWARE, 10), RV_EVENT_NO_FIXED_COUNTER},
	    {"L1-dcache-loads", RV_SBI_EVENT_INDEX(RV_SBI_TYPE_CACHE, 0),
	     RV_EVENT_NO_FIXED_COUNTER},
	    /* cache 0, op write 1, result miss 1: 0 << 3 | 1 << 1 | 1 */
	    {"L1-dcache-store-misses", RV_SBI_EVENT_INDEX(RV_SBI_TYPE_CACHE, 3),
	     RV_EVENT_NO_FIXED_COUNTER},
	    /* LLC 2, prefetch 2, miss: 2 << 3 | 2 << 1 | 1 */
	    {"LLC-prefetch-misses", RV_SBI_EVENT_INDEX(RV_SBI_TYPE_CACHE, 21),
	     RV_EVENT_NO_FIXED_COUNTER},
	    {"riscv:::node-load-misses", RV_SBI_EVENT_INDEX(RV_SBI_TYPE_CACHE, 6 << 3 | 1),
	     RV_EVENT_NO_FIXED_COUNTER},
	    {"FW_MISALIGNED_LOAD", RV_SBI_EVENT_INDEX(RV_SBI_TYPE_FIRMWARE, 0),
	     RV_EVENT_NO_FIXED_COUNTER},
	    {"fw_set_timer", RV_SBI_EVENT_INDEX(RV_SBI_TYPE_FIRMWARE, 5),
	     RV_EVENT_NO_FIXED_COUNTER},
	    {"FW_HFENCE_VVMA_ASID_RECEIVED", RV_SBI_EVENT_INDEX(RV_SBI_TYPE_FIRMWARE, 21),
	     RV_EVENT_NO_FIXED_COUNTER},
	    {"time", 0, 1},
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char canonical[128], reason[256];
		struct rv_event event;
		uint64_t cursor;
		bool parsed = rv_event_parse(cases[i].name, &event, &cursor, canonical,
		                             sizeof(canonical), reason, sizeof(reason));
		char text[256];
		snprintf(text, sizeof(text),
		         "%s: parsed %d, index %#lx (expected %#lx), counter %u", cases[i].name,
		         parsed, parsed ? event.event_index : 0, cases[i].event_index,
		         parsed ? event.fixed_counter : 0);
		CU_assertImplementation(parsed && event.event_index == cases[i].event_index &&
		                            event.fixed_counter == cases[i].fixed_counter,
		                        __LINE__, text, __FILE__, "", CU_FALSE);
	}
}

static void test_raw_selectors(void)
{
	char canonical[128], reason[256];
	struct rv_event event;
	uint64_t cursor;
	CU_ASSERT_TRUE(rv_event_parse("riscv:::r1B", &event, &cursor, canonical, sizeof(canonical),
	                              reason, sizeof(reason)));
	CU_ASSERT_STRING_EQUAL(canonical, "riscv:::r1b");
	CU_ASSERT_EQUAL(event.event_index, RV_SBI_EVENT_INDEX(RV_SBI_TYPE_RAW, 0));
	CU_ASSERT_EQUAL(event.event_data, 0x1b);
	CU_ASSERT_TRUE(rv_event_parse("rffffffffffff", &event, &cursor, canonical,
	                              sizeof(canonical), reason, sizeof(reason)));
	CU_ASSERT_EQUAL(event.event_data, RV_EVENT_RAW_MAX);
	/* 49 bits, no digits, not hex: no event, and the reason says what is. */
	CU_ASSERT_FALSE(rv_event_parse("r1000000000000", &event, &cursor, canonical,
	                               sizeof(canonical), reason, sizeof(reason)));
	CU_ASSERT_FALSE(rv_event_parse("r", &event, &cursor, canonical, sizeof(canonical), reason,
	                               sizeof(reason)));
	CU_ASSERT_FALSE(rv_event_parse("rxyz", &event, &cursor, canonical, sizeof(canonical),
	                               reason, sizeof(reason)));
	CU_ASSERT_PTR_NOT_NULL(strstr(reason, "r<hex>"));
}

/* The component's overflow_interrupts hook: false sends PAPI_overflow to
 * the core's software overflow (src/core/overflow.c). A module without
 * the overflow interrupt (no Sscofpmf) must not claim it: PAPI_overflow
 * failed with PAPI_ECMP there before. Nor may the perf-managed mode where
 * perf does not sample; where it does, perf's sampling delivers it. */
static void test_overflow_by_interrupt_only_where_the_hart_has_it(void)
{
	CU_ASSERT_TRUE(rv_overflow_by_interrupt(RV_MODE_MODULE, true, false));
	CU_ASSERT_FALSE(rv_overflow_by_interrupt(RV_MODE_MODULE, false, true));
	CU_ASSERT_TRUE(rv_overflow_by_interrupt(RV_MODE_PERF, false, true));
	CU_ASSERT_FALSE(rv_overflow_by_interrupt(RV_MODE_PERF, true, false));
	CU_ASSERT_FALSE(rv_overflow_by_interrupt(RV_MODE_LEGACY, true, true));
	CU_ASSERT_FALSE(rv_overflow_by_interrupt(RV_MODE_TIME_ONLY, true, true));
	CU_ASSERT_FALSE(rv_overflow_by_interrupt(RV_MODE_INACTIVE, true, true));
}

static void test_modes_of_perf_user_access(void)
{
	char why[256];
	CU_ASSERT_EQUAL(rv_mode_of(true, 2, why, sizeof(why)), RV_MODE_LEGACY);
	CU_ASSERT_PTR_NOT_NULL(strstr(why, "perf_user_access=2"));
	CU_ASSERT_EQUAL(rv_mode_of(true, -1, why, sizeof(why)), RV_MODE_LEGACY);
	CU_ASSERT_EQUAL(rv_mode_of(true, 1, why, sizeof(why)), RV_MODE_PERF);
	CU_ASSERT_PTR_NOT_NULL(strstr(why, "perf-managed"));
	CU_ASSERT_EQUAL(rv_mode_of(true, 0, why, sizeof(why)), RV_MODE_TIME_ONLY);
	CU_ASSERT_EQUAL(rv_mode_of(false, 2, why, sizeof(why)), RV_MODE_INACTIVE);
	CU_ASSERT_PTR_NOT_NULL(strstr(why, "riscv64 Linux only"));

	CU_ASSERT_TRUE(rv_mode_reads(RV_MODE_LEGACY, 0));
	CU_ASSERT_TRUE(rv_mode_reads(RV_MODE_LEGACY, 2));
	CU_ASSERT_FALSE(rv_mode_reads(RV_MODE_LEGACY, 3));
	CU_ASSERT_TRUE(rv_mode_reads(RV_MODE_TIME_ONLY, 1));
	CU_ASSERT_FALSE(rv_mode_reads(RV_MODE_TIME_ONLY, 0));
	CU_ASSERT_FALSE(rv_mode_reads(RV_MODE_INACTIVE, 1));
	CU_ASSERT_TRUE(rv_mode_reads(RV_MODE_PERF, 1));
	CU_ASSERT_FALSE(rv_mode_reads(RV_MODE_PERF, 2));
	CU_ASSERT_STRING_EQUAL(rv_mode_name(RV_MODE_PERF), "perf-managed");
	CU_ASSERT_STRING_EQUAL(rv_mode_name(RV_MODE_LEGACY), "legacy");
	CU_ASSERT_STRING_EQUAL(rv_mode_name(RV_MODE_TIME_ONLY), "time only");
}

/* This build: inactive anywhere but riscv64, whatever the kernel says. */
static void test_this_machine(void)
{
	char why[256];
	enum rv_mode mode = rv_mode_detect("/nonexistent/perf_user_access", why, sizeof(why));
#if defined(__riscv) && __riscv_xlen == 64
	CU_ASSERT_TRUE(rv_user_read_built);
	CU_ASSERT_EQUAL(mode, RV_MODE_LEGACY);
	uint64_t first = 0, second = 0;
	CU_ASSERT_TRUE(rv_user_counter_read(1, &first)); /* time */
	CU_ASSERT_TRUE(rv_user_counter_read(1, &second));
	CU_ASSERT_TRUE(second >= first);
#else
	uint64_t value = 0;
	CU_ASSERT_FALSE(rv_user_read_built);
	CU_ASSERT_EQUAL(mode, RV_MODE_INACTIVE);
	CU_ASSERT_FALSE(rv_user_counter_read(1, &value));
#endif
	CU_ASSERT_FALSE(rv_user_counter_read(32, &(uint64_t){0}));
}

int main(void)
{
	if (CU_initialize_registry() != CUE_SUCCESS)
		return 1;
	CU_pSuite suite = CU_add_suite("riscv_events", NULL, NULL);
	CU_add_test(suite, "every listed name resolves to itself",
	            test_every_listed_name_resolves_to_itself);
	CU_add_test(suite, "perf names map to SBI codes", test_perf_names_map_to_sbi_codes);
	CU_add_test(suite, "raw selectors", test_raw_selectors);
	CU_add_test(suite, "modes of perf_user_access", test_modes_of_perf_user_access);
	CU_add_test(suite, "overflow by interrupt only where the hart has it",
	            test_overflow_by_interrupt_only_where_the_hart_has_it);
	CU_add_test(suite, "this machine", test_this_machine);
	return unit_run_all();
}
