// SPDX-License-Identifier: BSD-3-Clause
/* Unit tests of the high-level layer's choice of events (src/hl/events.c)
 * against the fake components: PAPI_EVENTS parsed (spaces, =instant, bad
 * names and duplicates skipped), events grouped per component, and the set
 * multiplexed when its events do not fit the counters together (the plain
 * fake refuses more natives than max_events with PAPI_ECNFLCT, as a PMU
 * with too few counters does) or when PAPI_MULTIPLEX asks. */
#include <stdlib.h>
#include <string.h>

#include <CUnit/Basic.h>

#include "papi.h"
#include "fake_component.h"
#include "fake_fixture.h"
#include "hl/hl.h"
#include "unit_assert.h"

static struct hl_config config;

static void choose(const char *events)
{
	free(config.events);
	memset(&config, 0, sizeof(config));
	setenv("PAPI_EVENTS", events, 1);
	UNIT_ASSERT_OK_FATAL(hl_config_select(&config));
}

static void assert_event(int index, const char *name, bool instant)
{
	CU_ASSERT_FATAL(index < config.event_count);
	CU_ASSERT_STRING_EQUAL(config.events[index].name, name);
	CU_ASSERT_EQUAL(config.events[index].instant, instant);
}

static void test_events_that_do_not_fit_are_multiplexed(void)
{
	fake_states[FAKE_PLAIN].max_events = 2;
	choose("fake::E1,fake::E2,fake::E3");
	CU_ASSERT_EQUAL(config.event_count, 3);
	CU_ASSERT_EQUAL(config.group_count, 1);
	CU_ASSERT_TRUE(config.groups[0].multiplex);
	CU_ASSERT_STRING_EQUAL(config.events[2].component, "fake");
	/* Two fit: no multiplexing. */
	choose("fake::E1,fake::E2");
	CU_ASSERT_EQUAL(config.event_count, 2);
	CU_ASSERT_FALSE(config.groups[0].multiplex);
}

static void test_multiplex_on_request(void)
{
	setenv("PAPI_MULTIPLEX", "1", 1);
	choose("fake::E1");
	unsetenv("PAPI_MULTIPLEX");
	CU_ASSERT_EQUAL(config.event_count, 1);
	CU_ASSERT_TRUE(config.groups[0].multiplex);
}

static void test_events_are_grouped_per_component(void)
{
	choose("fake::E1,fake2::E4,fake::E2");
	CU_ASSERT_EQUAL_FATAL(config.group_count, 2);
	assert_event(0, "fake::E1", false);
	assert_event(1, "fake::E2", false);
	assert_event(2, "fake2::E4", false);
	CU_ASSERT_EQUAL(config.groups[0].first, 0);
	CU_ASSERT_EQUAL(config.groups[0].count, 2);
	CU_ASSERT_EQUAL(config.groups[1].first, 2);
	CU_ASSERT_EQUAL(config.groups[1].count, 1);
}

static void test_list_syntax(void)
{
	choose(" fake::E3 = instant, fake::E9 ,,fake::E3=delta, no::such, fake::E5=delta ");
	CU_ASSERT_EQUAL(config.event_count, 2);
	assert_event(0, "fake::E3", true);
	assert_event(1, "fake::E5", false);
}

/* Nothing usable, and the defaults (perf::..., presets) do not exist among
 * the fakes: only cycles and real time are left, never a failure. */
static void test_nothing_usable_is_not_fatal(void)
{
	choose("no::such,fake::E0");
	CU_ASSERT_EQUAL(config.event_count, 0);
	CU_ASSERT_EQUAL(config.group_count, 0);
}

static int shutdown_library(void)
{
	free(config.events);
	return fake_suite_cleanup();
}

static void after_test(void)
{
	/* The probes are gone: no event set is left behind. */
	for (int id = 0; id < 64; id++) {
		int state;
		CU_ASSERT_NOT_EQUAL(PAPI_state(id, &state), PAPI_OK);
	}
}

int main(void)
{
	static const struct unit_test tests[] = {
	    TEST(test_events_that_do_not_fit_are_multiplexed),
	    TEST(test_multiplex_on_request),
	    TEST(test_events_are_grouped_per_component),
	    TEST(test_list_syntax),
	    TEST(test_nothing_usable_is_not_fatal),
	};
	if (CU_initialize_registry() != CUE_SUCCESS)
		return 2;
	/* Its own clean-up and tear-down: the configuration to free, and no
	 * event set may be left behind by the probes. */
	CU_pSuite suite = CU_add_suite_with_setup_and_teardown(
	    "hl_events", fake_suite_init, shutdown_library, fake_before_test, after_test);
	fake_add_tests(suite, FAKE_TESTS(tests));
	return unit_run_all();
}
