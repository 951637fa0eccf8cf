// SPDX-License-Identifier: BSD-3-Clause
/* Unit tests of the paths the core takes for each component capability
 * (src/component.h), run against the fake components of fake_component.c:
 * snapshots of free-running counters, user-space reads, native writes,
 * overflow delivered by a component's user-mode handler, the core's own
 * software overflow for components that deliver none, overflow delivered
 * by a component's signal handler, kernel multiplexing against the core's
 * software multiplexer, and the targets (another task, a CPU, inheritance)
 * only some components count. Event <fake>::Ek counts k per fake tick, so
 * every count is known exactly. */
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <CUnit/Basic.h>

#include "papi.h"
#include "core/counter.h"
#include "fake_component.h"
#include "fake_fixture.h"
#include "natives/table.h"
#include "services/signal_routes.h"
#include "util/error.h"
#include "unit_assert.h"

/* ---- CAP_FREE_RUNNING: snapshots ------------------------------------------ */

/* The same call on two sets, which must then read the same values. */
struct twin_sets {
	int stoppable; /* fake, no capability */
	int free;      /* fakefree, CAP_FREE_RUNNING */
};

static void twin_values(const struct twin_sets *twins, const long long *expected, int count,
                        unsigned line)
{
	long long stoppable[4], free[4];
	UNIT_ASSERT_OK(PAPI_read(twins->stoppable, stoppable));
	UNIT_ASSERT_OK(PAPI_read(twins->free, free));
	for (int i = 0; i < count; i++) {
		char text[160];
		snprintf(text, sizeof(text),
		         "line %u: event %d reads %lld (stoppable) and %lld (free-running), "
		         "expected %lld",
		         line, i, stoppable[i], free[i], expected[i]);
		CU_assertImplementation(stoppable[i] == expected[i] && free[i] == expected[i],
		                        __LINE__, text, __FILE__, "", CU_FALSE);
	}
}

#define TWINS_READ(twins, ...)                                                                     \
	twin_values((twins), (const long long[]){__VA_ARGS__},                                     \
	            (int)(sizeof((const long long[]){__VA_ARGS__}) / sizeof(long long)), __LINE__)

/* start, read, reset, accum, stop, read while stopped, restart: both sets
 * read the same exact counts at every step. */
static void run_twin_sequence(const struct twin_sets *twins)
{
	UNIT_ASSERT_OK(PAPI_start(twins->stoppable));
	UNIT_ASSERT_OK(PAPI_start(twins->free));
	TWINS_READ(twins, 0, 0);
	fake_advance(5);
	TWINS_READ(twins, 5, 15);

	UNIT_ASSERT_OK(PAPI_reset(twins->stoppable));
	UNIT_ASSERT_OK(PAPI_reset(twins->free));
	TWINS_READ(twins, 0, 0);
	fake_advance(2);
	TWINS_READ(twins, 2, 6);

	long long sums_stoppable[2] = {100, 1000}, sums_free[2] = {100, 1000};
	UNIT_ASSERT_OK(PAPI_accum(twins->stoppable, sums_stoppable));
	UNIT_ASSERT_OK(PAPI_accum(twins->free, sums_free));
	UNIT_ASSERT_VALUES(sums_stoppable, 102, 1006);
	UNIT_ASSERT_VALUES(sums_free, 102, 1006);
	fake_advance(3);
	TWINS_READ(twins, 3, 9);

	long long stopped_stoppable[2], stopped_free[2];
	UNIT_ASSERT_OK(PAPI_stop(twins->stoppable, stopped_stoppable));
	UNIT_ASSERT_OK(PAPI_stop(twins->free, stopped_free));
	UNIT_ASSERT_VALUES(stopped_stoppable, 3, 9);
	UNIT_ASSERT_VALUES(stopped_free, 3, 9);
	/* The free-running counters go on; the stopped set does not. */
	fake_advance(10);
	TWINS_READ(twins, 3, 9);

	UNIT_ASSERT_OK(PAPI_start(twins->stoppable));
	UNIT_ASSERT_OK(PAPI_start(twins->free));
	fake_advance(4);
	TWINS_READ(twins, 4, 12);
	UNIT_ASSERT_OK(PAPI_stop(twins->stoppable, stopped_stoppable));
	UNIT_ASSERT_OK(PAPI_stop(twins->free, stopped_free));
	UNIT_ASSERT_VALUES(stopped_stoppable, 4, 12);
	UNIT_ASSERT_VALUES(stopped_free, 4, 12);
}

static void test_free_running_counts_as_stoppable(void)
{
	/* Free-running counters start where they stand, not at zero. */
	fake_advance(7);
	struct twin_sets twins = {fake_new_set(FAKE_PLAIN, 2, 1, 3),
	                          fake_new_set(FAKE_FREE_RUNNING, 2, 1, 3)};
	run_twin_sequence(&twins);
	/* Only reads reached the free-running component. */
	CU_ASSERT_EQUAL(fake_states[FAKE_FREE_RUNNING].calls.start, 0);
	CU_ASSERT_EQUAL(fake_states[FAKE_FREE_RUNNING].calls.stop, 0);
	CU_ASSERT_EQUAL(fake_states[FAKE_FREE_RUNNING].calls.reset, 0);
	CU_ASSERT_EQUAL(fake_states[FAKE_FREE_RUNNING].calls.accum, 0);
	CU_ASSERT(fake_states[FAKE_FREE_RUNNING].calls.read > 0);
	fake_destroy_set(&twins.stoppable);
	fake_destroy_set(&twins.free);
}

/* The software multiplexer's slices take the same snapshots. */
static void test_free_running_under_the_software_multiplexer(void)
{
	struct twin_sets twins = {fake_new_set(FAKE_PLAIN, 2, 1, 3),
	                          fake_new_set(FAKE_FREE_RUNNING, 2, 1, 3)};
	UNIT_ASSERT_OK(PAPI_set_multiplex(twins.stoppable));
	UNIT_ASSERT_OK(PAPI_set_multiplex(twins.free));
	run_twin_sequence(&twins);
	CU_ASSERT_EQUAL(fake_states[FAKE_FREE_RUNNING].calls.start, 0);
	fake_destroy_set(&twins.stoppable);
	fake_destroy_set(&twins.free);
}

/* PAPI_write of free-running counters moves the snapshot's base. */
static void test_free_running_write_moves_the_base(void)
{
	int set = fake_new_set(FAKE_FREE_RUNNING, 2, 1, 2);
	long long values[2];
	UNIT_ASSERT_OK(PAPI_start(set));
	fake_advance(10);
	UNIT_ASSERT_OK(PAPI_write(set, (long long[]){100, 1000}));
	UNIT_ASSERT_OK(PAPI_read(set, values));
	UNIT_ASSERT_VALUES(values, 100, 1000);
	fake_advance(2);
	UNIT_ASSERT_OK(PAPI_read(set, values));
	UNIT_ASSERT_VALUES(values, 102, 1004);
	long long sums[2] = {0, 0};
	UNIT_ASSERT_OK(PAPI_accum(set, sums));
	UNIT_ASSERT_VALUES(sums, 102, 1004);
	fake_advance(1);
	UNIT_ASSERT_OK(PAPI_stop(set, values));
	UNIT_ASSERT_VALUES(values, 1, 2);
	/* The base moved: the component's write op was not needed. */
	CU_ASSERT_EQUAL(fake_states[FAKE_FREE_RUNNING].calls.write, 0);
	/* The core keeps no times for snapshots. */
	long long enabled, running;
	UNIT_ASSERT_STATUS(PAPI_event_times(set, 0, &enabled, &running), PAPI_ENOSUPP);
	fake_destroy_set(&set);
}

/* The same at the counter (src/core/counter.c): a write of free-running
 * counters moves the base, and takes no offsets in the dispatcher (which
 * would give the same values, but take PAPI_read off its direct path). */
static void test_counter_write_of_free_running_moves_the_base(void)
{
	struct component_event events[2];
	memset(events, 0, sizeof(events));
	for (int i = 0; i < 2; i++) {
		events[i].native_code = fake_event_code(FAKE_FREE_RUNNING, i + 1);
		UNIT_ASSERT_OK_FATAL(
		    native_table_encoding(events[i].native_code, &events[i].encoding));
	}
	struct counting_options options = {.cpu = -1};
	struct counter counter;
	UNIT_ASSERT_OK_FATAL(counter_init(&counter, FAKE_FREE_RUNNING));
	UNIT_ASSERT_OK(counter_update(&counter, events, 2, &options));
	CU_ASSERT(counter_can_write(&counter));
	UNIT_ASSERT_OK(counter_start(&counter));
	fake_advance(10);
	UNIT_ASSERT_OK(counter_write(&counter, (long long[]){100, 1000}));
	long long values[2];
	UNIT_ASSERT_OK(counter_read(&counter, values));
	UNIT_ASSERT_VALUES(values, 100, 1000);
	/* base = raw - written, raw = k * (clock + origin) */
	long long clock_plus_origin = counter.raw[0];
	UNIT_ASSERT_VALUES(counter.base, clock_plus_origin - 100, 2 * clock_plus_origin - 1000);
	CU_ASSERT_EQUAL(fake_states[FAKE_FREE_RUNNING].calls.write, 0);
	counter_cleanup(&counter);

	/* A counter of a component without CAP_WRITE cannot be written. */
	UNIT_ASSERT_OK_FATAL(counter_init(&counter, FAKE_PLAIN));
	CU_ASSERT_FALSE(counter_can_write(&counter));
	UNIT_ASSERT_STATUS(counter_write(&counter, values), PAPI_ECMP);
	counter_cleanup(&counter);
}

/* ---- CAP_FREE_RUNNING with kinds of value and read_base ------------------- */

/* A double as PAPI carries it in a long long (its bits), and back. */
static long long fp(double value)
{
	long long bits;
	memcpy(&bits, &value, sizeof(bits));
	return bits;
}

static double as_fp(long long bits)
{
	double value;
	memcpy(&value, &bits, sizeof(value));
	return value;
}

/* fakekinds' E1 (integer sum, k * c), E3 (sum of doubles, 3c/4) and E5 (a
 * value of the moment, 5000 + clock): values[] against the integer, the
 * double and the instant value expected. */
static void kinds_expect(const long long *values, long long integer, double floating, unsigned line)
{
	long long instant = 5000 + fake_now();
	char text[200];
	snprintf(text, sizeof(text), "line %u: E1 E3 E5 read %lld %g %lld, expected %lld %g %lld",
	         line, values[0], as_fp(values[1]), values[2], integer, floating, instant);
	CU_assertImplementation(values[0] == integer && as_fp(values[1]) == floating &&
	                            values[2] == instant,
	                        __LINE__, text, __FILE__, "", CU_FALSE);
}

#define KINDS_EXPECT(values, integer, floating) kinds_expect(values, integer, floating, __LINE__)

/* Integer sums subtract, sums of doubles subtract as doubles, values of the
 * moment are the reading itself; an accum adds the sums each its way and
 * gives the latest value of the moment. */
static void test_value_kinds_count_each_their_way(void)
{
	fake_advance(7); /* the counters start where they stand */
	int set = fake_new_set(FAKE_VALUE_KINDS, 3, 1, 3, 5);
	long long values[3];
	UNIT_ASSERT_OK(PAPI_start(set));
	UNIT_ASSERT_OK(PAPI_read(set, values));
	KINDS_EXPECT(values, 0, 0.0);
	fake_advance(4);
	UNIT_ASSERT_OK(PAPI_read(set, values));
	KINDS_EXPECT(values, 4, 3.0);

	UNIT_ASSERT_OK(PAPI_reset(set));
	fake_advance(2);
	UNIT_ASSERT_OK(PAPI_read(set, values));
	KINDS_EXPECT(values, 2, 1.5);

	long long sums[3] = {100, fp(10.0), 12345};
	UNIT_ASSERT_OK(PAPI_accum(set, sums));
	KINDS_EXPECT(sums, 102, 11.5);
	fake_advance(8);
	UNIT_ASSERT_OK(PAPI_read(set, values));
	KINDS_EXPECT(values, 8, 6.0);

	UNIT_ASSERT_OK(PAPI_stop(set, values));
	KINDS_EXPECT(values, 8, 6.0);
	long long stopped_at = values[2];
	fake_advance(5);
	UNIT_ASSERT_OK(PAPI_read(set, values));
	CU_ASSERT_EQUAL(values[0], 8);
	CU_ASSERT_EQUAL(values[2], stopped_at);

	UNIT_ASSERT_OK(PAPI_start(set));
	fake_advance(1);
	UNIT_ASSERT_OK(PAPI_stop(set, values));
	KINDS_EXPECT(values, 1, 0.75);
	fake_destroy_set(&set);
}

/* A start and a reset take their base with read_base, which hands nothing
 * out; reads, an accum (one read: counts and new base) and a stop read. */
static void test_read_base_gives_the_bases(void)
{
	int set = fake_new_set(FAKE_VALUE_KINDS, 3, 1, 3, 5);
	const struct fake_calls *calls = &fake_states[FAKE_VALUE_KINDS].calls;
	const int *copies = &fake_states[FAKE_VALUE_KINDS].copies_handed_out;
	long long values[3];
	UNIT_ASSERT_OK(PAPI_start(set));
	CU_ASSERT_EQUAL(calls->read_base, 1);
	CU_ASSERT_EQUAL(calls->read, 0);
	fake_advance(3);
	UNIT_ASSERT_OK(PAPI_read(set, values));
	KINDS_EXPECT(values, 3, 2.25);
	CU_ASSERT_EQUAL(calls->read_base, 1);
	CU_ASSERT_EQUAL(calls->read, 1);
	UNIT_ASSERT_OK(PAPI_reset(set));
	CU_ASSERT_EQUAL(calls->read_base, 2);
	CU_ASSERT_EQUAL(calls->read, 1);
	fake_advance(2);
	long long sums[3] = {0, fp(0.0), 0};
	UNIT_ASSERT_OK(PAPI_accum(set, sums));
	KINDS_EXPECT(sums, 2, 1.5);
	CU_ASSERT_EQUAL(calls->read_base, 2);
	CU_ASSERT_EQUAL(calls->read, 2);
	fake_advance(1);
	UNIT_ASSERT_OK(PAPI_stop(set, values));
	KINDS_EXPECT(values, 1, 0.75);
	CU_ASSERT_EQUAL(calls->read_base, 2);
	CU_ASSERT_EQUAL(calls->read, 3);
	/* Every copy went to the caller: one per read of E5. */
	CU_ASSERT_EQUAL(*copies, 3);
	fake_destroy_set(&set);

	/* At the counter: the instant native's base is read_base's 0, the
	 * sums' what read would give. */
	struct component_event events[2];
	memset(events, 0, sizeof(events));
	const int kinds[2] = {2, 6};
	for (int i = 0; i < 2; i++) {
		events[i].native_code = fake_event_code(FAKE_VALUE_KINDS, kinds[i]);
		UNIT_ASSERT_OK_FATAL(
		    native_table_encoding(events[i].native_code, &events[i].encoding));
	}
	struct counting_options options = {.cpu = -1};
	struct counter counter;
	UNIT_ASSERT_OK_FATAL(counter_init(&counter, FAKE_VALUE_KINDS));
	UNIT_ASSERT_OK(counter_update(&counter, events, 2, &options));
	CU_ASSERT_FALSE(counter_integer_sums(&counter));
	UNIT_ASSERT_OK(counter_start(&counter));
	UNIT_ASSERT_VALUES(counter.base, 2 * (fake_now() + FAKE_FREE_ORIGIN), 0);
	counter_cleanup(&counter);
	/* A free-running component without value_kind counts integer sums. */
	UNIT_ASSERT_OK_FATAL(counter_init(&counter, FAKE_FREE_RUNNING));
	CU_ASSERT(counter_integer_sums(&counter));
	counter_cleanup(&counter);
}

/* PAPI_write moves the base of integer sums and of sums of doubles; a set
 * with a value of the moment refuses it (nothing counts on from it). */
static void test_value_kinds_write(void)
{
	int set = fake_new_set(FAKE_VALUE_KINDS, 2, 1, 3);
	long long values[2];
	UNIT_ASSERT_OK(PAPI_start(set));
	fake_advance(10);
	UNIT_ASSERT_OK(PAPI_write(set, (long long[]){100, fp(2.5)}));
	UNIT_ASSERT_OK(PAPI_read(set, values));
	CU_ASSERT_EQUAL(values[0], 100);
	CU_ASSERT_EQUAL(as_fp(values[1]), 2.5);
	fake_advance(4);
	UNIT_ASSERT_OK(PAPI_read(set, values));
	CU_ASSERT_EQUAL(values[0], 104);
	CU_ASSERT_EQUAL(as_fp(values[1]), 5.5);
	UNIT_ASSERT_OK(PAPI_stop(set, values));
	CU_ASSERT_EQUAL(as_fp(values[1]), 5.5);
	fake_destroy_set(&set);

	set = fake_new_set(FAKE_VALUE_KINDS, 2, 1, 5);
	UNIT_ASSERT_OK(PAPI_start(set));
	UNIT_ASSERT_STATUS(PAPI_write(set, (long long[]){1, 2}), PAPI_ENOSUPP);
	fake_advance(2);
	UNIT_ASSERT_OK(PAPI_read(set, values));
	CU_ASSERT_EQUAL(values[0], 2); /* the refused write changed nothing */
	UNIT_ASSERT_OK(PAPI_stop(set, NULL));
	fake_destroy_set(&set);
}

static void ignore_overflow(int set, void *address, long long vector, void *context)
{
	(void)set;
	(void)address;
	(void)vector;
	(void)context;
}

/* Off the direct path (here: the core's software overflow watches the set),
 * an accum still adds each native its way. */
static void test_value_kinds_accum_off_the_direct_path(void)
{
	int set = fake_new_set(FAKE_VALUE_KINDS, 3, 1, 3, 5);
	UNIT_ASSERT_OK(
	    PAPI_overflow(set, fake_event_code(FAKE_VALUE_KINDS, 1), 1 << 30, 0, ignore_overflow));
	UNIT_ASSERT_OK(PAPI_start(set));
	fake_advance(4);
	long long sums[3] = {100, fp(10.0), 7};
	UNIT_ASSERT_OK(PAPI_accum(set, sums));
	KINDS_EXPECT(sums, 104, 13.0);
	UNIT_ASSERT_OK(PAPI_stop(set, NULL));
	UNIT_ASSERT_OK(PAPI_overflow(set, fake_event_code(FAKE_VALUE_KINDS, 1), 0, 0, NULL));
	fake_destroy_set(&set);
}

/* The software multiplexer adds and scales integers: it refuses the other
 * kinds, and takes integer sums of the same component. */
static void test_value_kinds_refuse_the_software_multiplexer(void)
{
	int set = fake_new_set(FAKE_VALUE_KINDS, 2, 1, 3);
	UNIT_ASSERT_STATUS(PAPI_set_multiplex(set), PAPI_ECNFLCT);
	fake_destroy_set(&set);
	set = fake_new_set(FAKE_VALUE_KINDS, 2, 1, 2);
	UNIT_ASSERT_OK(PAPI_set_multiplex(set));
	long long values[2];
	UNIT_ASSERT_OK(PAPI_start(set));
	fake_advance(3);
	UNIT_ASSERT_OK(PAPI_stop(set, values));
	UNIT_ASSERT_VALUES(values, 3, 6);
	fake_destroy_set(&set);
}

/* ---- CAP_USER_READ: reads without the component's kernel read ------------- */

static void test_user_read_skips_the_kernel_read(void)
{
	int set = fake_new_set(FAKE_USER_READ, 2, 2, 5);
	long long values[2];
	char reason[PAPI_HUGE_STR_LEN];
	UNIT_ASSERT_OK(PAPI_start(set));
	fake_advance(3);
	for (int i = 0; i < 4; i++) {
		UNIT_ASSERT_OK(PAPI_read(set, values));
		UNIT_ASSERT_VALUES(values, 6, 15);
	}
	CU_ASSERT_EQUAL(fake_states[FAKE_USER_READ].calls.user_read, 4);
	CU_ASSERT_EQUAL(fake_states[FAKE_USER_READ].calls.read, 0);
	UNIT_ASSERT_STATUS(PAPI_event_read_path(set, 1, reason, sizeof(reason)),
	                   PAPI_READ_PATH_USER);
	CU_ASSERT_EQUAL(strncmp(reason, "user: ", 6), 0);

	/* PAPI_USER_READ_OFF: the component's read from the next read on. */
	UNIT_ASSERT_OK(PAPI_set_user_read(set, PAPI_USER_READ_OFF));
	fake_advance(1);
	UNIT_ASSERT_OK(PAPI_read(set, values));
	UNIT_ASSERT_VALUES(values, 8, 20);
	CU_ASSERT_EQUAL(fake_states[FAKE_USER_READ].calls.user_read, 4);
	CU_ASSERT_EQUAL(fake_states[FAKE_USER_READ].calls.read, 1);
	UNIT_ASSERT_STATUS(PAPI_event_read_path(set, 1, reason, sizeof(reason)),
	                   PAPI_READ_PATH_SYSCALL);
	UNIT_ASSERT_OK(PAPI_set_user_read(set, PAPI_USER_READ_AUTO));
	UNIT_ASSERT_OK(PAPI_read(set, values));
	CU_ASSERT_EQUAL(fake_states[FAKE_USER_READ].calls.user_read, 5);
	UNIT_ASSERT_OK(PAPI_stop(set, values));
	UNIT_ASSERT_VALUES(values, 8, 20);

	/* The component can; a component without the capability cannot. */
	CU_ASSERT_EQUAL(PAPI_user_read_status(FAKE_USER_READ, reason, sizeof(reason)), 1);
	CU_ASSERT_EQUAL(PAPI_user_read_status(FAKE_PLAIN, reason, sizeof(reason)), 0);
	fake_destroy_set(&set);

	/* A component without CAP_USER_READ is never asked for user_read. */
	set = fake_new_set(FAKE_PLAIN, 1, 1);
	UNIT_ASSERT_OK(PAPI_start(set));
	UNIT_ASSERT_OK(PAPI_read(set, values));
	UNIT_ASSERT_OK(PAPI_stop(set, NULL));
	CU_ASSERT_EQUAL(fake_states[FAKE_PLAIN].calls.user_read, 0);
	CU_ASSERT_EQUAL(fake_states[FAKE_PLAIN].calls.read, 1);
	fake_destroy_set(&set);
}

/* ---- CAP_WRITE: PAPI_write goes to the component -------------------------- */

static void test_write_goes_to_the_component(void)
{
	int set = fake_new_set(FAKE_WRITE, 2, 1, 2);
	long long values[2];
	UNIT_ASSERT_OK(PAPI_start(set));
	fake_advance(10);
	UNIT_ASSERT_OK(PAPI_write(set, (long long[]){100, 1000}));
	CU_ASSERT_EQUAL(fake_states[FAKE_WRITE].calls.write, 1);
	UNIT_ASSERT_OK(PAPI_read(set, values));
	UNIT_ASSERT_VALUES(values, 100, 1000);
	fake_advance(2);
	UNIT_ASSERT_OK(PAPI_read(set, values));
	UNIT_ASSERT_VALUES(values, 102, 1004);
	/* The reads went straight to the component: no core offsets. */
	CU_ASSERT_EQUAL(fake_states[FAKE_WRITE].calls.read, 2);
	long long sums[2] = {0, 0};
	UNIT_ASSERT_OK(PAPI_accum(set, sums));
	UNIT_ASSERT_VALUES(sums, 102, 1004);
	fake_advance(1);
	UNIT_ASSERT_OK(PAPI_stop(set, values));
	UNIT_ASSERT_VALUES(values, 1, 2);
	fake_destroy_set(&set);
}

/* ---- CAP_USER_OVERFLOW: a user-mode handler calls the core ---------------- */

static struct overflow_call {
	int count;
	int set;
	void *address;
	long long vector;
} overflow_calls;

static void overflow_handler(int set, void *address, long long vector, void *context)
{
	(void)context;
	overflow_calls.count++;
	overflow_calls.set = set;
	overflow_calls.address = address;
	overflow_calls.vector = vector;
}

static void test_user_overflow_is_delivered_by_a_plain_call(void)
{
	int set = fake_new_set(FAKE_USER_OVERFLOW, 2, 1, 2);
	int code = fake_event_code(FAKE_USER_OVERFLOW, 2);
	memset(&overflow_calls, 0, sizeof(overflow_calls));
	/* The component delivers overflows: PAPI_OVERFLOW_HARDWARE is its. */
	UNIT_ASSERT_OK(PAPI_overflow(set, code, 100, PAPI_OVERFLOW_HARDWARE, overflow_handler));
	int state = 0;
	UNIT_ASSERT_OK(PAPI_state(set, &state));
	CU_ASSERT(state & PAPI_OVERFLOWING);
	UNIT_ASSERT_OK(PAPI_start(set));
	/* The handler the component runs in user mode: no signal. */
	CU_ASSERT_FATAL(fake_fire(1, (void *)(uintptr_t)0x1234));
	CU_ASSERT_EQUAL(overflow_calls.count, 1);
	CU_ASSERT_EQUAL(overflow_calls.set, set);
	CU_ASSERT_PTR_EQUAL(overflow_calls.address, (void *)(uintptr_t)0x1234);
	CU_ASSERT_EQUAL(overflow_calls.vector, 1LL << 1);
	int indexes[2], number = 2;
	UNIT_ASSERT_OK(PAPI_get_overflow_event_index(set, overflow_calls.vector, indexes, &number));
	CU_ASSERT_EQUAL(number, 1);
	CU_ASSERT_EQUAL(indexes[0], 1);
	/* E1 has no threshold: the component has nothing to deliver for it. */
	CU_ASSERT_FALSE(fake_fire(0, NULL));
	UNIT_ASSERT_OK(PAPI_stop(set, NULL));
	/* Turned off, the route is gone. */
	UNIT_ASSERT_OK(PAPI_overflow(set, code, 0, 0, NULL));
	CU_ASSERT_FALSE(fake_fire(1, NULL));
	CU_ASSERT_EQUAL(overflow_calls.count, 1);
	fake_destroy_set(&set);

	/* The component info says overflows need no emulation, and no signal. */
	const PAPI_component_info_t *info = PAPI_get_component_info(FAKE_USER_OVERFLOW);
	CU_ASSERT_FATAL(info != NULL);
	CU_ASSERT_EQUAL(info->hardware_intr, 1);
	CU_ASSERT_EQUAL(info->hardware_intr_sig, 0);
	CU_ASSERT_EQUAL(PAPI_get_component_info(FAKE_PLAIN)->hardware_intr, 0);

	/* A component that delivers nothing refuses PAPI_OVERFLOW_HARDWARE. */
	set = fake_new_set(FAKE_PLAIN, 1, 1);
	UNIT_ASSERT_STATUS(PAPI_overflow(set, fake_event_code(FAKE_PLAIN, 1), 100,
	                                 PAPI_OVERFLOW_HARDWARE, overflow_handler),
	                   PAPI_ECMP);
	fake_destroy_set(&set);
}

/* ---- no overflow in the component: the core's timer ----------------------- */

static atomic_int software_calls;
static atomic_llong software_vector;
static atomic_int software_set;

static void software_handler(int set, void *address, long long vector, void *context)
{
	(void)address;
	(void)context;
	atomic_store(&software_set, set);
	atomic_store(&software_vector, vector);
	atomic_fetch_add(&software_calls, 1);
}

static double seconds_now(void)
{
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

/* Burns CPU (the timer counts the thread's CPU time) until the handler has
 * run calls times, or the component was read ticks more times (a tick
 * reads it once): at most 10 s. */
static void spin_until(int calls, int ticks)
{
	int reads = fake_states[FAKE_PLAIN].calls.read + ticks;
	double deadline = seconds_now() + 10.0;
	volatile unsigned long work = 0;
	while (atomic_load(&software_calls) < calls && fake_states[FAKE_PLAIN].calls.read < reads &&
	       seconds_now() < deadline)
		for (int i = 0; i < 100000; i++)
			work += (unsigned long)i;
}

static void test_software_overflow_without_interrupts(void)
{
	int set = fake_new_set(FAKE_PLAIN, 2, 1, 2);
	atomic_store(&software_calls, 0);
	UNIT_ASSERT_OK(
	    PAPI_overflow(set, fake_event_code(FAKE_PLAIN, 1), 100, 0, software_handler));
	UNIT_ASSERT_OK(PAPI_start(set));
	fake_advance(1000); /* E1: 1000, past the threshold */
	spin_until(1, 1000000);
	CU_ASSERT_EQUAL_FATAL(atomic_load(&software_calls), 1);
	CU_ASSERT_EQUAL(atomic_load(&software_set), set);
	CU_ASSERT_EQUAL(atomic_load(&software_vector), 1LL << 0);
	/* The next deadline is 1000 + 100: ticks that see 1050 do nothing. */
	fake_advance(50);
	spin_until(2, 3);
	CU_ASSERT_EQUAL(atomic_load(&software_calls), 1);
	fake_advance(100);
	spin_until(2, 1000000);
	CU_ASSERT_EQUAL(atomic_load(&software_calls), 2);
	long long values[2];
	UNIT_ASSERT_OK(PAPI_stop(set, values));
	UNIT_ASSERT_VALUES(values, 1150, 2300);
	fake_destroy_set(&set);
}

/* ---- CAP_HW_OVERFLOW: the component interrupts, its signal delivers ------- */

static struct interrupt_call {
	int count;
	int set;
	void *address;
	long long vector;
	void *context;
} interrupt_calls;

/* Runs in the overflow signal's handler. */
static void interrupt_handler(int set, void *address, long long vector, void *context)
{
	interrupt_calls.count++;
	interrupt_calls.set = set;
	interrupt_calls.address = address;
	interrupt_calls.vector = vector;
	interrupt_calls.context = context;
}

static double thread_cpu_seconds(void)
{
	struct timespec now;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
	return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

/* Burns periods of the library's timer on this thread's CPU clock, the
 * clock the core's software overflow and multiplexer timers count. */
static void burn_timer_periods(int periods)
{
	PAPI_option_t option;
	memset(&option, 0, sizeof(option));
	UNIT_ASSERT_OK(PAPI_get_opt(PAPI_DEF_ITIMER_NS, &option));
	double until = thread_cpu_seconds() + periods * (double)option.itimer.ns / 1e9;
	volatile unsigned long work = 0;
	while (thread_cpu_seconds() < until)
		for (int i = 0; i < 10000; i++)
			work += (unsigned long)i;
}

static void test_hw_overflow_is_delivered_by_the_components_signal(void)
{
	struct fake_state *fake = &fake_states[FAKE_HW_OVERFLOW];
	int set = fake_new_set(FAKE_HW_OVERFLOW, 3, 1, 2, 3);
	int code = fake_event_code(FAKE_HW_OVERFLOW, 3);
	memset(&interrupt_calls, 0, sizeof(interrupt_calls));
	/* No flag: a component that interrupts gets the overflow. */
	UNIT_ASSERT_OK(PAPI_overflow(set, code, 250, 0, interrupt_handler));
	/* The threshold reached the component with E3, and the route with it:
	 * the function to call and the thread to signal, this one. */
	CU_ASSERT_EQUAL(fake->installed_count, 3);
	UNIT_ASSERT_VALUES(fake->installed_thresholds, 0, 0, 250);
	CU_ASSERT(fake->updated_options.overflow_fire != NULL);
	CU_ASSERT_EQUAL(fake->updated_options.signal_tid, (pid_t)syscall(SYS_gettid));
	int state = 0;
	UNIT_ASSERT_OK(PAPI_state(set, &state));
	CU_ASSERT(state & PAPI_OVERFLOWING);

	UNIT_ASSERT_OK(PAPI_start(set));
	/* Far past the threshold, and no core timer runs: the software
	 * overflow's ticks would read the component and call the handler. */
	fake_advance(1000);
	int reads = fake->calls.read;
	burn_timer_periods(5);
	CU_ASSERT_EQUAL(fake->calls.read, reads);
	CU_ASSERT_EQUAL(interrupt_calls.count, 0);

	/* The counter's interrupt: the kernel signals this thread, the core's
	 * handler routes the signal to the component's, which calls
	 * overflow_fire, which calls the user's handler. */
	CU_ASSERT_FATAL(fake_fire_signal(2, (void *)(uintptr_t)0x4321));
	CU_ASSERT_EQUAL(fake->calls.overflow_signals, 1);
	CU_ASSERT_EQUAL(interrupt_calls.count, 1);
	CU_ASSERT_EQUAL(interrupt_calls.set, set);
	CU_ASSERT_PTR_EQUAL(interrupt_calls.address, (void *)(uintptr_t)0x4321);
	CU_ASSERT_EQUAL(interrupt_calls.vector, 1LL << 2);
	CU_ASSERT(interrupt_calls.context != NULL); /* the signal's ucontext */
	int indexes[3], number = 3;
	UNIT_ASSERT_OK(
	    PAPI_get_overflow_event_index(set, interrupt_calls.vector, indexes, &number));
	CU_ASSERT_EQUAL(number, 1);
	CU_ASSERT_EQUAL(indexes[0], 2);
	/* E1 has no threshold: nothing to interrupt for. */
	CU_ASSERT_FALSE(fake_fire_signal(0, NULL));
	long long values[3];
	UNIT_ASSERT_OK(PAPI_stop(set, values));
	UNIT_ASSERT_VALUES(values, 1000, 2000, 3000);

	/* Turned off, the component's interrupt is gone. */
	UNIT_ASSERT_OK(PAPI_overflow(set, code, 0, 0, NULL));
	CU_ASSERT_EQUAL(fake->installed_thresholds[2], 0);
	CU_ASSERT_FALSE(fake_fire_signal(2, NULL));
	/* PAPI_OVERFLOW_FORCE_SW: the core's timer even so; the component
	 * sees no threshold. */
	UNIT_ASSERT_OK(PAPI_overflow(set, code, 250, PAPI_OVERFLOW_FORCE_SW, interrupt_handler));
	UNIT_ASSERT_VALUES(fake->installed_thresholds, 0, 0, 0);
	CU_ASSERT(fake->updated_options.overflow_fire == NULL);
	CU_ASSERT_EQUAL(interrupt_calls.count, 1);
	fake_destroy_set(&set);

	/* The component info names the signal. */
	const PAPI_component_info_t *info = PAPI_get_component_info(FAKE_HW_OVERFLOW);
	CU_ASSERT_FATAL(info != NULL);
	CU_ASSERT_EQUAL(info->hardware_intr, 1);
	CU_ASSERT_EQUAL(info->hardware_intr_sig, SIGRTMIN + 2);

	/* Without the capability the threshold never reaches the component:
	 * the core's timer does the work, which
	 * test_software_overflow_without_interrupts follows to the handler. */
	set = fake_new_set(FAKE_PLAIN, 1, 1);
	UNIT_ASSERT_OK(
	    PAPI_overflow(set, fake_event_code(FAKE_PLAIN, 1), 250, 0, interrupt_handler));
	CU_ASSERT_EQUAL(fake_states[FAKE_PLAIN].installed_thresholds[0], 0);
	CU_ASSERT(fake_states[FAKE_PLAIN].updated_options.overflow_fire == NULL);
	fake_destroy_set(&set);
}

/* ---- CAP_KERNEL_MULTIPLEX: the component multiplexes ---------------------- */

/* Controls of component that exist now (made since fake_reset_state). */
static int live_controls(int component)
{
	return fake_states[component].calls.control_init -
	       fake_states[component].calls.control_cleanup;
}

/* A set of component's E1, E2, E3 multiplexed with flags
 * (PAPI_MULTIPLEX_*) before its events are added, as PAPI's examples do,
 * on a component that counts one event at a time without multiplexing. */
static int new_multiplexed_set(int component, int flags)
{
	fake_states[component].max_events = 1;
	int set = PAPI_NULL;
	UNIT_ASSERT_OK_FATAL(PAPI_create_eventset(&set));
	UNIT_ASSERT_OK_FATAL(PAPI_assign_eventset_component(set, component));
	PAPI_option_t option;
	memset(&option, 0, sizeof(option));
	option.multiplex.eventset = set;
	option.multiplex.flags = flags;
	UNIT_ASSERT_OK_FATAL(PAPI_set_opt(PAPI_MULTIPLEX, &option));
	for (int kind = 1; kind <= 3; kind++)
		UNIT_ASSERT_OK_FATAL(PAPI_add_event(set, fake_event_code(component, kind)));
	return set;
}

/* The set's PAPI_MULTIPLEX flags: PAPI_MULTIPLEX_FORCE_SW when the core's
 * software multiplexer serves it. */
static int multiplex_flags(int set)
{
	PAPI_option_t option;
	memset(&option, 0, sizeof(option));
	option.multiplex.eventset = set;
	CU_ASSERT_EQUAL(PAPI_get_opt(PAPI_MULTIPLEX, &option), 1);
	return option.multiplex.flags;
}

/* A component with CAP_HW_OVERFLOW whose overflow_interrupts hook says
 * this machine lacks the interrupt (the riscv component's module mode on
 * a hart without Sscofpmf): PAPI_overflow falls back to the core's
 * software overflow, and only PAPI_OVERFLOW_HARDWARE is refused. */
static void test_hw_overflow_falls_back_to_software_without_the_interrupt(void)
{
	struct fake_state *fake = &fake_states[FAKE_HW_OVERFLOW];
	fake_overflow_interrupts_on = false;
	int set = fake_new_set(FAKE_HW_OVERFLOW, 1, 1);
	int code = fake_event_code(FAKE_HW_OVERFLOW, 1);
	UNIT_ASSERT_STATUS(PAPI_overflow(set, code, 100, PAPI_OVERFLOW_HARDWARE, software_handler),
	                   PAPI_ECMP);
	atomic_store(&software_calls, 0);
	UNIT_ASSERT_OK(PAPI_overflow(set, code, 100, 0, software_handler));
	/* Nothing reached the component: no threshold, no route. */
	UNIT_ASSERT_VALUES(fake->installed_thresholds, 0);
	CU_ASSERT(fake->updated_options.overflow_fire == NULL);

	UNIT_ASSERT_OK(PAPI_start(set));
	fake_advance(1000);
	double deadline = seconds_now() + 10.0;
	while (atomic_load(&software_calls) < 1 && seconds_now() < deadline)
		burn_timer_periods(1);
	CU_ASSERT_EQUAL(atomic_load(&software_calls), 1);
	CU_ASSERT_EQUAL(atomic_load(&software_set), set);
	CU_ASSERT_EQUAL(atomic_load(&software_vector), 1LL << 0);
	long long values[1];
	UNIT_ASSERT_OK(PAPI_stop(set, values));
	UNIT_ASSERT_VALUES(values, 1000);
	fake_destroy_set(&set);
	fake_overflow_interrupts_on = true;
}

/* A component that interrupts, but not for every event (perfctr's TSC):
 * its overflow_event_interrupts hook says no for E2, which then overflows
 * in the core's software, alone in its set; PAPI_OVERFLOW_HARDWARE on it is
 * refused with the hook's reason, and a set keeps one kind of overflow:
 * E1 by interrupt beside E2 in software is PAPI_ECNFLCT, either order. */
static void test_hw_overflow_falls_back_to_software_per_event(void)
{
	struct fake_state *fake = &fake_states[FAKE_HW_OVERFLOW];
	fake_no_interrupt_kind = 2;
	int set = fake_new_set(FAKE_HW_OVERFLOW, 2, 1, 2);
	int e1 = fake_event_code(FAKE_HW_OVERFLOW, 1), e2 = fake_event_code(FAKE_HW_OVERFLOW, 2);
	UNIT_ASSERT_STATUS(PAPI_overflow(set, e2, 100, PAPI_OVERFLOW_HARDWARE, software_handler),
	                   PAPI_ECMP);
	CU_ASSERT_PTR_NOT_NULL(strstr(papi_error_reason(), "E2's counter has no interrupt"));
	atomic_store(&software_calls, 0);
	UNIT_ASSERT_OK(PAPI_overflow(set, e2, 100, 0, software_handler));
	/* Nothing reached the component: the core's timer serves E2. */
	UNIT_ASSERT_VALUES(fake->installed_thresholds, 0, 0);
	CU_ASSERT(fake->updated_options.overflow_fire == NULL);
	/* E1 could interrupt, but the set overflows in software already. */
	UNIT_ASSERT_STATUS(PAPI_overflow(set, e1, 100, 0, software_handler), PAPI_ECNFLCT);
	CU_ASSERT_PTR_NOT_NULL(strstr(papi_error_reason(), "already overflows in software"));

	UNIT_ASSERT_OK(PAPI_start(set));
	fake_advance(100); /* E2 at 200: two thresholds' worth, one callback */
	double deadline = seconds_now() + 10.0;
	while (atomic_load(&software_calls) < 1 && seconds_now() < deadline)
		burn_timer_periods(1);
	CU_ASSERT_EQUAL(atomic_load(&software_calls), 1);
	CU_ASSERT_EQUAL(atomic_load(&software_set), set);
	CU_ASSERT_EQUAL(atomic_load(&software_vector), 1LL << 1);
	long long values[2];
	UNIT_ASSERT_OK(PAPI_stop(set, values));
	UNIT_ASSERT_VALUES(values, 100, 200);
	UNIT_ASSERT_OK(PAPI_overflow(set, e2, 0, 0, NULL));

	/* The other order: E1 by interrupt, then E2 cannot join it. */
	UNIT_ASSERT_OK(PAPI_overflow(set, e1, 100, 0, software_handler));
	UNIT_ASSERT_VALUES(fake->installed_thresholds, 100, 0);
	UNIT_ASSERT_STATUS(PAPI_overflow(set, e2, 100, 0, software_handler), PAPI_ECNFLCT);
	CU_ASSERT_PTR_NOT_NULL(strstr(papi_error_reason(), "E2's counter has no interrupt"));
	CU_ASSERT_PTR_NOT_NULL(strstr(papi_error_reason(), "already overflows in hardware"));
	UNIT_ASSERT_VALUES(fake->installed_thresholds, 100, 0);
	fake_destroy_set(&set);
	fake_no_interrupt_kind = 0;
}

static void test_kernel_multiplex_goes_to_the_component(void)
{
	struct fake_state *fake = &fake_states[FAKE_KERNEL_MULTIPLEX];
	int set = new_multiplexed_set(FAKE_KERNEL_MULTIPLEX, PAPI_MULTIPLEX_DEFAULT);
	/* One control, asked to multiplex, holds the three natives: no
	 * slices. */
	CU_ASSERT_EQUAL(fake->updated_options.multiplex, 1);
	CU_ASSERT_EQUAL(fake->installed_count, 3);
	CU_ASSERT_EQUAL(live_controls(FAKE_KERNEL_MULTIPLEX), 1);
	CU_ASSERT_EQUAL(PAPI_get_multiplex(set), 1);
	CU_ASSERT_EQUAL(multiplex_flags(set), PAPI_MULTIPLEX_DEFAULT);

	/* The counts come straight from the component: exact, from one
	 * start and one read, with no rotation in between. */
	long long values[3];
	UNIT_ASSERT_OK(PAPI_start(set));
	fake_advance(4);
	burn_timer_periods(3); /* the software multiplexer would rotate here */
	UNIT_ASSERT_OK(PAPI_read(set, values));
	UNIT_ASSERT_VALUES(values, 4, 8, 12);
	UNIT_ASSERT_OK(PAPI_stop(set, values));
	UNIT_ASSERT_VALUES(values, 4, 8, 12);
	CU_ASSERT_EQUAL(fake->calls.start, 1);
	CU_ASSERT_EQUAL(fake->calls.read, 1);
	CU_ASSERT_EQUAL(fake->calls.stop, 1);
	fake_destroy_set(&set);

	/* PAPI_MULTIPLEX_FORCE_SW: the core's multiplexer even so, a slice
	 * per event, none asked to multiplex. */
	fake_reset_state();
	set = new_multiplexed_set(FAKE_KERNEL_MULTIPLEX, PAPI_MULTIPLEX_FORCE_SW);
	CU_ASSERT_EQUAL(fake->calls.multiplexed_updates, 0);
	CU_ASSERT_EQUAL(fake->installed_count, 1);
	CU_ASSERT_EQUAL(live_controls(FAKE_KERNEL_MULTIPLEX), 1 + 3);
	CU_ASSERT_EQUAL(multiplex_flags(set), PAPI_MULTIPLEX_FORCE_SW);
	fake_destroy_set(&set);

	const PAPI_component_info_t *info = PAPI_get_component_info(FAKE_KERNEL_MULTIPLEX);
	CU_ASSERT_FATAL(info != NULL);
	CU_ASSERT_EQUAL(info->kernel_multiplex, 1);
	CU_ASSERT_EQUAL(PAPI_get_component_info(FAKE_PLAIN)->kernel_multiplex, 0);
}

/* ---- CAP_NO_MULTIPLEX: counters that cannot be time-shared --------------- */

static void test_no_multiplex_refuses_both_multiplexers(void)
{
	const int flags[] = {PAPI_MULTIPLEX_DEFAULT, PAPI_MULTIPLEX_FORCE_SW};
	for (size_t f = 0; f < sizeof(flags) / sizeof(flags[0]); f++) {
		int set = PAPI_NULL;
		UNIT_ASSERT_OK_FATAL(PAPI_create_eventset(&set));
		UNIT_ASSERT_OK_FATAL(PAPI_add_event(set, fake_event_code(FAKE_NO_MULTIPLEX, 1)));
		int controls = live_controls(FAKE_NO_MULTIPLEX);
		PAPI_option_t option;
		memset(&option, 0, sizeof(option));
		option.multiplex.eventset = set;
		option.multiplex.flags = flags[f];
		CU_ASSERT_EQUAL(PAPI_set_opt(PAPI_MULTIPLEX, &option), PAPI_ECMP);
		CU_ASSERT_PTR_NOT_NULL(strstr(PAPI_strreason(), "fakenompx"));
		CU_ASSERT_PTR_NOT_NULL(strstr(PAPI_strreason(), "cannot be shared in time"));
		/* Refused before anything changed: no slices made, the set not
		 * multiplexed, still counting its event. */
		CU_ASSERT_EQUAL(live_controls(FAKE_NO_MULTIPLEX), controls);
		CU_ASSERT_EQUAL(PAPI_get_multiplex(set), 0);
		long long value;
		UNIT_ASSERT_OK(PAPI_start(set));
		fake_advance(5);
		UNIT_ASSERT_OK(PAPI_stop(set, &value));
		CU_ASSERT_EQUAL(value, 5);
		fake_destroy_set(&set);
	}
	/* A component without the flag is multiplexed by the core. */
	int set = new_multiplexed_set(FAKE_PLAIN, PAPI_MULTIPLEX_DEFAULT);
	CU_ASSERT_EQUAL(PAPI_get_multiplex(set), 1);
	fake_destroy_set(&set);
}

/* Burns CPU until component was started starts times, at most 10 s. */
static void spin_until_started(int component, int starts)
{
	double deadline = seconds_now() + 10.0;
	while (fake_states[component].calls.start < starts && seconds_now() < deadline)
		burn_timer_periods(1);
}

static void test_software_multiplexer_without_kernel_multiplexing(void)
{
	struct fake_state *fake = &fake_states[FAKE_PLAIN];
	int set = new_multiplexed_set(FAKE_PLAIN, PAPI_MULTIPLEX_DEFAULT);
	/* The component was never asked to multiplex: the core built a
	 * slice of its own for each event it counts one at a time (next to
	 * the set's own control, now empty). */
	CU_ASSERT_EQUAL(fake->calls.multiplexed_updates, 0);
	CU_ASSERT_EQUAL(fake->updated_options.multiplex, 0);
	CU_ASSERT_EQUAL(fake->installed_count, 1);
	CU_ASSERT_EQUAL(live_controls(FAKE_PLAIN), 1 + 3);
	CU_ASSERT_EQUAL(PAPI_get_multiplex(set), 1);
	CU_ASSERT_EQUAL(multiplex_flags(set), PAPI_MULTIPLEX_FORCE_SW);

	/* The core's timer rotates the slices: every one gets its turn, one
	 * at a time. */
	UNIT_ASSERT_OK(PAPI_start(set));
	spin_until_started(FAKE_PLAIN, 3);
	CU_ASSERT(fake->calls.start >= 3);
	CU_ASSERT_EQUAL(fake->calls.start - fake->calls.stop, 1);
	UNIT_ASSERT_OK(PAPI_stop(set, NULL));
	CU_ASSERT_EQUAL(fake->calls.start, fake->calls.stop);
	fake_destroy_set(&set);
}

/* A slice the kernel kept off its counters for part of its turn (perf's
 * running time short of its enabled time: another user of the PMU held
 * them) is no error for the component, which the core tells by
 * caller_scales: its counts are scaled up like the turns it did not have.
 * One slice here (E1 and E2 fit together), so that the figures are exact:
 * counted for half its time, the slice's counts read double. */
static void test_software_multiplexer_scales_a_slice_kept_off(void)
{
	struct fake_state *fake = &fake_states[FAKE_PLAIN];
	int set = fake_new_set(FAKE_PLAIN, 2, 1, 2);
	CU_ASSERT_EQUAL(fake->calls.caller_scales_updates, 0);
	PAPI_option_t option;
	memset(&option, 0, sizeof(option));
	option.multiplex.eventset = set;
	option.multiplex.flags = PAPI_MULTIPLEX_FORCE_SW;
	UNIT_ASSERT_OK_FATAL(PAPI_set_opt(PAPI_MULTIPLEX, &option));
	CU_ASSERT(fake->calls.caller_scales_updates > 0);
	CU_ASSERT_EQUAL(fake->calls.multiplexed_updates, 0);

	long long values[2], enabled, running;
	for (int percent = 100; percent >= 25; percent /= 2) {
		fake->running_percent = percent;
		UNIT_ASSERT_OK(PAPI_start(set));
		fake_advance(1000);
		burn_timer_periods(1); /* CPU time for the core's clock to see */
		UNIT_ASSERT_OK(PAPI_read(set, values));
		UNIT_ASSERT_VALUES(values, 1000 * 100 / percent, 2000 * 100 / percent);
		UNIT_ASSERT_OK(PAPI_event_times(set, 1, &enabled, &running));
		CU_ASSERT(enabled > 0);
		CU_ASSERT(llabs(running - enabled * percent / 100) <= 1);
		UNIT_ASSERT_OK(PAPI_stop(set, values));
		UNIT_ASSERT_VALUES(values, 1000 * 100 / percent, 2000 * 100 / percent);
	}
	fake->running_percent = 0;
	fake_destroy_set(&set);
}

/* ---- CAP_ATTACH, CAP_CPU, CAP_INHERIT: what the component can count ------- */

/* status is PAPI_ECMP, and the reason names option and the component. */
static void assert_refused(int status, const char *option, int component, const char *expression,
                           unsigned line)
{
	unit_assert_status(status, PAPI_ECMP, expression, line, __FILE__, CU_FALSE);
	const char *reason = PAPI_strreason();
	char name[64], text[512];
	snprintf(name, sizeof(name), "%s ", fake_names[component]);
	snprintf(text, sizeof(text), "line %u: the reason \"%s\" names %s and %s", line, reason,
	         option, fake_names[component]);
	CU_assertImplementation(strstr(reason, option) && strstr(reason, name), __LINE__, text,
	                        __FILE__, "", CU_FALSE);
}

#define ASSERT_REFUSED(expression, option, component)                                              \
	assert_refused((expression), (option), (component), #expression, __LINE__)

/* An empty set of component: nothing to reopen, the component is asked. */
static int new_empty_set(int component)
{
	int set = PAPI_NULL;
	UNIT_ASSERT_OK_FATAL(PAPI_create_eventset(&set));
	UNIT_ASSERT_OK_FATAL(PAPI_assign_eventset_component(set, component));
	return set;
}

static int set_state(int set)
{
	int state = 0;
	UNIT_ASSERT_OK(PAPI_state(set, &state));
	return state;
}

/* A component without the capability refuses request, with a reason that
 * names option, on a set with events (no control_update: nothing
 * reopens, the set's state has no state_flag) and on an empty set (the
 * component never sees it: no check_target). */
static void assert_unable(int component, int (*request)(int set), const char *option,
                          int state_flag)
{
	int set = fake_new_set(component, 1, 1);
	int updates = fake_states[component].calls.control_update;
	ASSERT_REFUSED(request(set), option, component);
	CU_ASSERT_EQUAL(fake_states[component].calls.control_update, updates);
	if (state_flag)
		CU_ASSERT_FALSE(set_state(set) & state_flag);
	fake_destroy_set(&set);
	set = new_empty_set(component);
	ASSERT_REFUSED(request(set), option, component);
	CU_ASSERT_EQUAL(fake_states[component].calls.check_target, 0);
	fake_destroy_set(&set);
}

static int attach_self(int set)
{
	return PAPI_attach(set, (unsigned long)getpid());
}

static int attach_self_by_set_opt(int set)
{
	PAPI_option_t option;
	memset(&option, 0, sizeof(option));
	option.attach.eventset = set;
	option.attach.tid = (unsigned long)getpid();
	return PAPI_set_opt(PAPI_ATTACH, &option);
}

static void test_attach_reaches_the_component(void)
{
	struct fake_state *fake = &fake_states[FAKE_ATTACH];
	pid_t task = getpid();
	int set = new_empty_set(FAKE_ATTACH);
	UNIT_ASSERT_OK(PAPI_attach(set, (unsigned long)task));
	CU_ASSERT_EQUAL(fake->calls.check_target, 1);
	CU_ASSERT_EQUAL(fake->checked_options.tid, task);
	CU_ASSERT(set_state(set) & PAPI_ATTACHED);
	/* The events open for that task. */
	UNIT_ASSERT_OK(PAPI_add_event(set, fake_event_code(FAKE_ATTACH, 1)));
	CU_ASSERT_EQUAL(fake->updated_options.tid, task);
	PAPI_option_t option;
	memset(&option, 0, sizeof(option));
	option.attach.eventset = set;
	CU_ASSERT_EQUAL(PAPI_get_opt(PAPI_ATTACH, &option), 1);
	CU_ASSERT_EQUAL(option.attach.tid, (unsigned long)task);
	/* Detached, they open for the owner again. */
	UNIT_ASSERT_OK(PAPI_detach(set));
	CU_ASSERT_EQUAL(fake->updated_options.tid, 0);
	CU_ASSERT_FALSE(set_state(set) & PAPI_ATTACHED);
	/* PAPI_set_opt(PAPI_ATTACH) takes the same path. */
	option.attach.tid = (unsigned long)task;
	UNIT_ASSERT_OK(PAPI_set_opt(PAPI_ATTACH, &option));
	CU_ASSERT_EQUAL(fake->updated_options.tid, task);
	fake_destroy_set(&set);
	CU_ASSERT_EQUAL(PAPI_get_component_info(FAKE_ATTACH)->attach, 1);

	/* Components without CAP_ATTACH (whatever else they can) refuse, and
	 * never see the request. */
	const int unable[] = {FAKE_PLAIN, FAKE_CPU, FAKE_INHERIT};
	for (size_t u = 0; u < sizeof(unable) / sizeof(unable[0]); u++) {
		int component = unable[u];
		assert_unable(component, attach_self, "PAPI_ATTACH", PAPI_ATTACHED);
		assert_unable(component, attach_self_by_set_opt, "PAPI_ATTACH", PAPI_ATTACHED);
		CU_ASSERT_EQUAL(PAPI_get_component_info(component)->attach, 0);
	}
}

static int cpu_attach(int set, unsigned cpu)
{
	PAPI_option_t option;
	memset(&option, 0, sizeof(option));
	option.cpu.eventset = set;
	option.cpu.cpu_num = cpu;
	return PAPI_set_opt(PAPI_CPU_ATTACH, &option);
}

static int set_granularity(int set, int granularity)
{
	PAPI_option_t option;
	memset(&option, 0, sizeof(option));
	option.granularity.eventset = set;
	option.granularity.granularity = granularity;
	return PAPI_set_opt(PAPI_GRANUL, &option);
}

static int attach_cpu_0(int set)
{
	return cpu_attach(set, 0);
}

static int system_granularity(int set)
{
	return set_granularity(set, PAPI_GRN_SYS);
}

static void test_cpu_reaches_the_component(void)
{
	struct fake_state *fake = &fake_states[FAKE_CPU];
	int set = new_empty_set(FAKE_CPU);
	UNIT_ASSERT_OK(cpu_attach(set, 0));
	CU_ASSERT_EQUAL(fake->calls.check_target, 1);
	CU_ASSERT_EQUAL(fake->checked_options.cpu, 0);
	CU_ASSERT(set_state(set) & PAPI_CPU_ATTACHED);
	/* The events open for that CPU, not for a task. */
	UNIT_ASSERT_OK(PAPI_add_event(set, fake_event_code(FAKE_CPU, 1)));
	CU_ASSERT_EQUAL(fake->updated_options.cpu, 0);
	CU_ASSERT_EQUAL(fake->updated_options.tid, 0);
	PAPI_option_t option;
	memset(&option, 0, sizeof(option));
	option.cpu.eventset = set;
	CU_ASSERT_EQUAL(PAPI_get_opt(PAPI_CPU_ATTACH, &option), 1);
	fake_destroy_set(&set);

	/* PAPI_GRN_SYS: the CPU the thread runs on. */
	set = fake_new_set(FAKE_CPU, 1, 1);
	UNIT_ASSERT_OK(set_granularity(set, PAPI_GRN_SYS));
	CU_ASSERT_EQUAL(fake->updated_options.granularity, PAPI_GRN_SYS);
	CU_ASSERT(fake->updated_options.cpu >= 0);
	fake_destroy_set(&set);
	CU_ASSERT_EQUAL(PAPI_get_component_info(FAKE_CPU)->cpu, 1);

	const int unable[] = {FAKE_PLAIN, FAKE_ATTACH, FAKE_INHERIT};
	for (size_t u = 0; u < sizeof(unable) / sizeof(unable[0]); u++) {
		int component = unable[u];
		assert_unable(component, attach_cpu_0, "PAPI_CPU_ATTACH", PAPI_CPU_ATTACHED);
		assert_unable(component, system_granularity, "whole CPU", PAPI_CPU_ATTACHED);
		CU_ASSERT_EQUAL(PAPI_get_component_info(component)->cpu, 0);
	}
}

static int set_inherit(int set, int inherit)
{
	PAPI_option_t option;
	memset(&option, 0, sizeof(option));
	option.inherit.eventset = set;
	option.inherit.inherit = inherit;
	return PAPI_set_opt(PAPI_INHERIT, &option);
}

static int inherit_all(int set)
{
	return set_inherit(set, PAPI_INHERIT_ALL);
}

static void test_inherit_reaches_the_component(void)
{
	struct fake_state *fake = &fake_states[FAKE_INHERIT];
	int set = new_empty_set(FAKE_INHERIT);
	UNIT_ASSERT_OK(set_inherit(set, PAPI_INHERIT_ALL));
	CU_ASSERT_EQUAL(fake->calls.check_target, 1);
	CU_ASSERT_EQUAL(fake->checked_options.inherit, 1);
	UNIT_ASSERT_OK(PAPI_add_event(set, fake_event_code(FAKE_INHERIT, 1)));
	CU_ASSERT_EQUAL(fake->updated_options.inherit, 1);
	PAPI_option_t option;
	memset(&option, 0, sizeof(option));
	option.inherit.eventset = set;
	CU_ASSERT_EQUAL(PAPI_get_opt(PAPI_INHERIT, &option), 1);
	UNIT_ASSERT_OK(set_inherit(set, PAPI_INHERIT_NONE));
	CU_ASSERT_EQUAL(fake->updated_options.inherit, 0);
	fake_destroy_set(&set);
	CU_ASSERT_EQUAL(PAPI_get_component_info(FAKE_INHERIT)->inherit, 1);

	const int unable[] = {FAKE_PLAIN, FAKE_ATTACH, FAKE_CPU};
	for (size_t u = 0; u < sizeof(unable) / sizeof(unable[0]); u++) {
		int component = unable[u];
		assert_unable(component, inherit_all, "PAPI_INHERIT", 0);
		CU_ASSERT_EQUAL(PAPI_get_component_info(component)->inherit, 0);
	}
}

/* ---- registration ------------------------------------------------------- */

/* A module's overflow signal with its own si_code and no si_fd (perfctr's
 * SI_PMC_OVF, 'P', the mask in the first word of the pad) reaches the
 * route of that code, once per signal, with the mask. Sent to this thread
 * by rt_tgsigqueueinfo, which takes any si_code to the caller's own
 * process. */
static atomic_int code_fires, code_mask;

static void code_fire(void *arg, const siginfo_t *info, void *ucontext)
{
	(void)ucontext;
	CU_ASSERT_PTR_EQUAL(arg, &code_fires);
	atomic_store(&code_mask, info->_sifields._pad[0]);
	atomic_fetch_add(&code_fires, 1);
}

static void test_overflow_signal_routed_by_code(void)
{
	static struct signal_route route = {.fire = code_fire, .arg = &code_fires};
	siginfo_t info;

	CU_ASSERT_EQUAL_FATAL(signals_route_code('P', &route), PAPI_OK);
	CU_ASSERT_EQUAL(signals_route_code(POLL_IN, &route), PAPI_EBUG);
	for (int i = 1; i <= 3; i++) {
		memset(&info, 0, sizeof(info));
		info.si_signo = signals_overflow_signal();
		info.si_code = 'P';
		info._sifields._pad[0] = 1 << i;
		CU_ASSERT_EQUAL(syscall(SYS_rt_tgsigqueueinfo, getpid(), (pid_t)syscall(SYS_gettid),
		                        signals_overflow_signal(), &info),
		                0);
		/* Natively the signal comes before the system call returns;
		 * under Valgrind, at its next scheduling point: up to 1 s. */
		for (int ms = 0; ms < 1000 && atomic_load(&code_fires) < i; ms++)
			nanosleep(&(struct timespec){0, 1000000}, NULL);
		CU_ASSERT_EQUAL(atomic_load(&code_fires), i);
		CU_ASSERT_EQUAL(atomic_load(&code_mask), 1 << i);
	}
}

int main(void)
{
	static const struct unit_test tests[] = {
	    TEST(test_free_running_counts_as_stoppable),
	    TEST(test_free_running_under_the_software_multiplexer),
	    TEST(test_free_running_write_moves_the_base),
	    TEST(test_counter_write_of_free_running_moves_the_base),
	    TEST(test_value_kinds_count_each_their_way),
	    TEST(test_read_base_gives_the_bases),
	    TEST(test_value_kinds_write),
	    TEST(test_value_kinds_accum_off_the_direct_path),
	    TEST(test_value_kinds_refuse_the_software_multiplexer),
	    TEST(test_user_read_skips_the_kernel_read),
	    TEST(test_write_goes_to_the_component),
	    TEST(test_user_overflow_is_delivered_by_a_plain_call),
	    TEST(test_software_overflow_without_interrupts),
	    TEST(test_hw_overflow_is_delivered_by_the_components_signal),
	    TEST(test_hw_overflow_falls_back_to_software_without_the_interrupt),
	    TEST(test_hw_overflow_falls_back_to_software_per_event),
	    TEST(test_kernel_multiplex_goes_to_the_component),
	    TEST(test_software_multiplexer_without_kernel_multiplexing),
	    TEST(test_software_multiplexer_scales_a_slice_kept_off),
	    TEST(test_attach_reaches_the_component),
	    TEST(test_cpu_reaches_the_component),
	    TEST(test_inherit_reaches_the_component),
	    TEST(test_no_multiplex_refuses_both_multiplexers),
	    TEST(test_overflow_signal_routed_by_code),
	};
	if (CU_initialize_registry() != CUE_SUCCESS)
		return 2;
	fake_add_tests(fake_suite("capabilities"), FAKE_TESTS(tests));
	return unit_run_all();
}
