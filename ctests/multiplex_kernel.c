// SPDX-License-Identifier: BSD-3-Clause
/* Kernel multiplexing (perf_event's default): PAPI_multiplex_init, then
 * PAPI_set_multiplex on a set bound to perf_event (PAPI_ENOCMP before a
 * component is known, PAPI_EINVAL the second time); each event opens on its
 * own and is scaled by time_enabled/time_running. Here software events are
 * never descheduled, so the values are exact: TASK-CLOCK and CPU-CLOCK agree
 * with the thread's CPU time, PAGE-FAULTS with the pages touched; read,
 * accum and reset work; PAPI_cleanup_eventset turns multiplexing off. A
 * second set holds 64 events (the spellings of perf's two software clocks)
 * and each is within 5% of the thread's CPU time. */
#include "ctest_util.h"

#include <stdio.h>
#include <string.h>

#define PAGES 500

static void check_close(const char *name, long long counted, long long expected)
{
	FAIL_IF(counted < expected * 0.95 || counted > expected * 1.05,
	        "%s counted %lld, expected about %lld", name, counted, expected);
}

static void sixty_four_clocks(void)
{
	long long values[64], cpu0, cpu1;
	int eventset = PAPI_NULL;

	CHECK_OK(PAPI_create_eventset(&eventset));
	CHECK_OK(PAPI_assign_eventset_component(eventset, ctest_perf_event_cidx()));
	CHECK_OK(PAPI_set_multiplex(eventset));
	for (int v = 0; v < CTEST_CLOCK_VARIANTS; v++) {
		char name[128];
		ctest_clock_variant(v, name, sizeof(name));
		CHECK_OK(PAPI_add_named_event(eventset, name));
	}
	cpu0 = ctest_thread_cpu_ns();
	CHECK_OK(PAPI_start(eventset));
	ctest_busy_cpu_ns(100000000);
	CHECK_OK(PAPI_stop(eventset, values));
	cpu1 = ctest_thread_cpu_ns();
	for (int i = 0; i < 64; i++)
		check_close("one of 64 clocks", values[i], cpu1 - cpu0);
	ctest_eventset_free(&eventset);
}

int main(int argc, char **argv)
{
	const char *const names[] = {"perf::TASK-CLOCK", "perf::PAGE-FAULTS", "perf::CPU-CLOCK",
	                             "perf::CONTEXT-SWITCHES"};
	long long values[4], sum[4] = {0}, cpu0, cpu1;
	PAPI_option_t option;
	int eventset = PAPI_NULL, state;
	char *pages;

	ctest_init(argc, argv);
	ctest_library_init();
	ctest_require_perf_events();
	CHECK_OK(PAPI_multiplex_init());
	CHECK_OK(PAPI_create_eventset(&eventset));
	EXPECT_RC(PAPI_set_multiplex(eventset), PAPI_ENOCMP);
	FAIL_IF(PAPI_get_multiplex(eventset) != 0, "a new set is multiplexed");
	CHECK_OK(PAPI_assign_eventset_component(eventset, ctest_perf_event_cidx()));
	CHECK_OK(PAPI_set_multiplex(eventset));
	FAIL_IF(PAPI_get_multiplex(eventset) != 1, "PAPI_get_multiplex after set: %d",
	        PAPI_get_multiplex(eventset));
	EXPECT_RC(PAPI_set_multiplex(eventset), PAPI_EINVAL);
	EXPECT_RC(PAPI_set_multiplex(4242), PAPI_ENOEVST);
	memset(&option, 0, sizeof(option));
	option.multiplex.eventset = eventset;
	FAIL_IF(PAPI_get_opt(PAPI_MULTIPLEX, &option) != 1,
	        "PAPI_get_opt(PAPI_MULTIPLEX) is not 1");
	FAIL_IF(option.multiplex.flags & PAPI_MULTIPLEX_FORCE_SW,
	        "perf_event multiplexes in the kernel, but the set reports software");
	for (int i = 0; i < 4; i++)
		CHECK_OK(PAPI_add_named_event(eventset, names[i]));
	CHECK_OK(PAPI_state(eventset, &state));
	FAIL_IF(!(state & PAPI_MULTIPLEXING), "state %#x lacks PAPI_MULTIPLEXING", state);

	pages = ctest_fresh_pages(PAGES);
	cpu0 = ctest_thread_cpu_ns();
	CHECK_OK(PAPI_start(eventset));
	EXPECT_RC(PAPI_set_multiplex(eventset), PAPI_EISRUN);
	ctest_busy_cpu_ns(50000000);
	CHECK_OK(PAPI_read(eventset, values));
	FAIL_IF(values[0] < 40000000, "TASK-CLOCK read %lld ns after 50 ms", values[0]);
	ctest_touch_pages(pages, PAGES);
	CHECK_OK(PAPI_accum(eventset, sum));
	ctest_busy_cpu_ns(50000000);
	CHECK_OK(PAPI_stop(eventset, values));
	cpu1 = ctest_thread_cpu_ns();
	for (int i = 0; i < 4; i++)
		values[i] += sum[i];
	ctest_note("TASK-CLOCK %lld, PAGE-FAULTS %lld, CPU-CLOCK %lld, CS %lld; CPU %lld ns",
	           values[0], values[1], values[2], values[3], cpu1 - cpu0);
	check_close(names[0], values[0], cpu1 - cpu0);
	check_close(names[2], values[2], cpu1 - cpu0);
	FAIL_IF(values[1] < PAGES || values[1] > PAGES + 100, "PAGE-FAULTS %lld for %d pages",
	        values[1], PAGES);
	ctest_free_pages(pages, PAGES);

	/* reset while running starts over */
	CHECK_OK(PAPI_start(eventset));
	ctest_busy_cpu_ns(30000000);
	CHECK_OK(PAPI_reset(eventset));
	ctest_busy_cpu_ns(10000000);
	CHECK_OK(PAPI_stop(eventset, values));
	FAIL_IF(values[0] < 9000000 || values[0] > 20000000,
	        "after a reset, 10 ms of work read %lld ns", values[0]);

	CHECK_OK(PAPI_cleanup_eventset(eventset));
	FAIL_IF(PAPI_get_multiplex(eventset) != 0, "still multiplexed after cleanup");
	CHECK_OK(PAPI_destroy_eventset(&eventset));
	sixty_four_clocks();
	ctest_pass();
}
