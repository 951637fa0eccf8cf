// SPDX-License-Identifier: BSD-3-Clause
/* Kernel multiplexing (perf_event's default): PAPI_multiplex_init, then
 * PAPI_set_multiplex on a set bound to perf_event (PAPI_ENOCMP before a
 * component is known, PAPI_EINVAL the second time); each event opens on its
 * own and is scaled by time_enabled/time_running. Here software events are
 * never descheduled, so the values are exact: TASK-CLOCK and CPU-CLOCK agree
 * with the thread's CPU time, PAGE-FAULTS with the pages touched; read,
 * accum and reset work; PAPI_cleanup_eventset turns multiplexing off. A
 * second set holds 64 events (the spellings of perf's two software clocks)
 * and each is within the same bounds. The clocks' bounds are relations
 * between measures of the same interval: at least the thread's CPU time
 * between PAPI_start's return and PAPI_stop's call, less the time of the
 * PAPI_accum in between (what runs between its read and its reset is
 * counted by no one), at most the CPU time around both calls plus the
 * machine's interrupt and steal time. A constant 5% failed under Memcheck,
 * where the calls around the interval take milliseconds (CPU-CLOCK
 * 113,284,667 ns for 119,312,534 of CPU time). */
#include "ctest_util.h"

#include <stdio.h>
#include <string.h>

#define PAGES 500

/* The thread's CPU time and context switches around and inside a counted
 * interval, and the machine's interrupt and steal time since it began. */
struct bracket {
	long long outer0, inner0, inner1, outer1, lost, irq_steal;
	long switches0, switches1;
};

static void bracket_before_start(struct bracket *b)
{
	memset(b, 0, sizeof(*b));
	b->irq_steal = ctest_irq_steal_ns();
	b->switches0 = ctest_thread_switches();
	b->outer0 = ctest_thread_cpu_ns();
}

static void check_clock(const char *name, long long counted, const struct bracket *b)
{
	long long floor =
	    ctest_clock_floor_ns(b->inner1 - b->inner0 - b->lost, b->switches1 - b->switches0);
	long long ceiling = ctest_clock_ceiling_ns(b->outer1 - b->outer0, b->irq_steal);
	FAIL_IF(counted < floor || counted > ceiling,
	        "%s counted %lld, expected %lld to %lld (CPU time inside %lld, around %lld)", name,
	        counted, floor, ceiling, b->inner1 - b->inner0, b->outer1 - b->outer0);
}

static void sixty_four_clocks(void)
{
	long long values[64];
	struct bracket b;
	int eventset = PAPI_NULL;

	CHECK_OK(PAPI_create_eventset(&eventset));
	CHECK_OK(PAPI_assign_eventset_component(eventset, ctest_perf_event_cidx()));
	CHECK_OK(PAPI_set_multiplex(eventset));
	for (int v = 0; v < CTEST_CLOCK_VARIANTS; v++) {
		char name[128];
		ctest_clock_variant(v, name, sizeof(name));
		CHECK_OK(PAPI_add_named_event(eventset, name));
	}
	bracket_before_start(&b);
	CHECK_OK(PAPI_start(eventset));
	b.inner0 = ctest_thread_cpu_ns();
	ctest_busy_cpu_ns(100000000);
	b.inner1 = ctest_thread_cpu_ns();
	b.switches1 = ctest_thread_switches();
	CHECK_OK(PAPI_stop(eventset, values));
	b.outer1 = ctest_thread_cpu_ns();
	for (int i = 0; i < 64; i++)
		check_clock("one of 64 clocks", values[i], &b);
	ctest_eventset_free(&eventset);
}

int main(int argc, char **argv)
{
	const char *const names[] = {"perf::TASK-CLOCK", "perf::PAGE-FAULTS", "perf::CPU-CLOCK",
	                             "perf::CONTEXT-SWITCHES"};
	long long values[4], sum[4] = {0}, accum0;
	struct bracket b;
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
	bracket_before_start(&b);
	CHECK_OK(PAPI_start(eventset));
	b.inner0 = ctest_thread_cpu_ns();
	EXPECT_RC(PAPI_set_multiplex(eventset), PAPI_EISRUN);
	ctest_busy_cpu_ns(50000000);
	CHECK_OK(PAPI_read(eventset, values));
	FAIL_IF(values[0] < 40000000, "TASK-CLOCK read %lld ns after 50 ms", values[0]);
	ctest_touch_pages(pages, PAGES);
	accum0 = ctest_thread_cpu_ns();
	CHECK_OK(PAPI_accum(eventset, sum));
	b.lost = ctest_thread_cpu_ns() - accum0;
	ctest_busy_cpu_ns(50000000);
	b.inner1 = ctest_thread_cpu_ns();
	b.switches1 = ctest_thread_switches();
	CHECK_OK(PAPI_stop(eventset, values));
	b.outer1 = ctest_thread_cpu_ns();
	for (int i = 0; i < 4; i++)
		values[i] += sum[i];
	ctest_note(
	    "TASK-CLOCK %lld, PAGE-FAULTS %lld, CPU-CLOCK %lld, CS %lld; CPU %lld ns inside, "
	    "%lld around",
	    values[0], values[1], values[2], values[3], b.inner1 - b.inner0, b.outer1 - b.outer0);
	check_clock(names[0], values[0], &b);
	check_clock(names[2], values[2], &b);
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
