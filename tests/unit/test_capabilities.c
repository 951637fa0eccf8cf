/* Unit tests of the paths the core takes for each component capability
 * (src/component.h), run against the fake components of fake_component.c:
 * snapshots of free-running counters, user-space reads, native writes,
 * overflow delivered by a component's user-mode handler, and the core's own
 * software overflow for components that deliver none. Event <fake>::Ek
 * counts k per fake tick, so every count is known exactly. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include <CUnit/Basic.h>

#include "papi.h"
#include "counter.h"
#include "fake_component.h"
#include "native_table.h"
#include "unit_assert.h"

/* ---- helpers ------------------------------------------------------------ */

static int event_code(int component, int kind)
{
	char name[64];
	snprintf(name, sizeof(name), "%s::E%d", fake_names[component], kind);
	int code = PAPI_NULL;
	UNIT_ASSERT_OK_FATAL(PAPI_event_name_to_code(name, &code));
	return code;
}

/* A new event set of component's events E<kind>, in the order given. */
static int new_set(int component, int count, ...)
{
	int set = PAPI_NULL;
	UNIT_ASSERT_OK_FATAL(PAPI_create_eventset(&set));
	va_list kinds;
	va_start(kinds, count);
	for (int i = 0; i < count; i++)
		UNIT_ASSERT_OK_FATAL(
		    PAPI_add_event(set, event_code(component, va_arg(kinds, int))));
	va_end(kinds);
	return set;
}

static void destroy_set(int *set)
{
	UNIT_ASSERT_OK(PAPI_cleanup_eventset(*set));
	UNIT_ASSERT_OK(PAPI_destroy_eventset(set));
}

static int init_library(void)
{
	fake_reset_state();
	return PAPI_library_init(PAPI_VER_CURRENT) == PAPI_VER_CURRENT ? 0 : -1;
}

static int shutdown_library(void)
{
	PAPI_shutdown();
	return 0;
}

static void before_test(void)
{
	fake_reset_state();
}

/* Whatever a test left behind is removed; no fake may have been called in
 * a state where the core must not call it (a free-running one: started,
 * stopped, reset or accumulated at all). */
static void after_test(void)
{
	for (int id = 0; id < 64; id++) {
		int state;
		if (PAPI_state(id, &state) != PAPI_OK)
			continue;
		if (state & PAPI_RUNNING)
			PAPI_stop(id, NULL);
		PAPI_cleanup_eventset(id);
		int doomed = id;
		PAPI_destroy_eventset(&doomed);
	}
	for (int c = 0; c < FAKE_COMPONENTS; c++) {
		char text[128];
		snprintf(text, sizeof(text), "%s was called in a wrong state %d times",
		         fake_names[c], fake_states[c].misuse);
		CU_assertImplementation(fake_states[c].misuse == 0, __LINE__, text, __FILE__, "",
		                        CU_FALSE);
	}
}

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
	struct twin_sets twins = {new_set(FAKE_PLAIN, 2, 1, 3),
	                          new_set(FAKE_FREE_RUNNING, 2, 1, 3)};
	run_twin_sequence(&twins);
	/* Only reads reached the free-running component. */
	CU_ASSERT_EQUAL(fake_states[FAKE_FREE_RUNNING].calls.start, 0);
	CU_ASSERT_EQUAL(fake_states[FAKE_FREE_RUNNING].calls.stop, 0);
	CU_ASSERT_EQUAL(fake_states[FAKE_FREE_RUNNING].calls.reset, 0);
	CU_ASSERT_EQUAL(fake_states[FAKE_FREE_RUNNING].calls.accum, 0);
	CU_ASSERT(fake_states[FAKE_FREE_RUNNING].calls.read > 0);
	destroy_set(&twins.stoppable);
	destroy_set(&twins.free);
}

/* The software multiplexer's slices take the same snapshots. */
static void test_free_running_under_the_software_multiplexer(void)
{
	struct twin_sets twins = {new_set(FAKE_PLAIN, 2, 1, 3),
	                          new_set(FAKE_FREE_RUNNING, 2, 1, 3)};
	UNIT_ASSERT_OK(PAPI_set_multiplex(twins.stoppable));
	UNIT_ASSERT_OK(PAPI_set_multiplex(twins.free));
	run_twin_sequence(&twins);
	CU_ASSERT_EQUAL(fake_states[FAKE_FREE_RUNNING].calls.start, 0);
	destroy_set(&twins.stoppable);
	destroy_set(&twins.free);
}

/* PAPI_write of free-running counters moves the snapshot's base. */
static void test_free_running_write_moves_the_base(void)
{
	int set = new_set(FAKE_FREE_RUNNING, 2, 1, 2);
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
	destroy_set(&set);
}

/* The same at the counter (src/counter.c): a write of free-running
 * counters moves the base, and takes no offsets in the dispatcher (which
 * would give the same values, but take PAPI_read off its direct path). */
static void test_counter_write_of_free_running_moves_the_base(void)
{
	struct component_event events[2];
	memset(events, 0, sizeof(events));
	for (int i = 0; i < 2; i++) {
		events[i].native_code = event_code(FAKE_FREE_RUNNING, i + 1);
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
	int set = new_set(FAKE_VALUE_KINDS, 3, 1, 3, 5);
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
	destroy_set(&set);
}

/* A start and a reset take their base with read_base, which hands nothing
 * out; reads, an accum (one read: counts and new base) and a stop read. */
static void test_read_base_gives_the_bases(void)
{
	int set = new_set(FAKE_VALUE_KINDS, 3, 1, 3, 5);
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
	destroy_set(&set);

	/* At the counter: the instant native's base is read_base's 0, the
	 * sums' what read would give. */
	struct component_event events[2];
	memset(events, 0, sizeof(events));
	const int kinds[2] = {2, 6};
	for (int i = 0; i < 2; i++) {
		events[i].native_code = event_code(FAKE_VALUE_KINDS, kinds[i]);
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
	int set = new_set(FAKE_VALUE_KINDS, 2, 1, 3);
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
	destroy_set(&set);

	set = new_set(FAKE_VALUE_KINDS, 2, 1, 5);
	UNIT_ASSERT_OK(PAPI_start(set));
	UNIT_ASSERT_STATUS(PAPI_write(set, (long long[]){1, 2}), PAPI_ENOSUPP);
	fake_advance(2);
	UNIT_ASSERT_OK(PAPI_read(set, values));
	CU_ASSERT_EQUAL(values[0], 2); /* the refused write changed nothing */
	UNIT_ASSERT_OK(PAPI_stop(set, NULL));
	destroy_set(&set);
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
	int set = new_set(FAKE_VALUE_KINDS, 3, 1, 3, 5);
	UNIT_ASSERT_OK(
	    PAPI_overflow(set, event_code(FAKE_VALUE_KINDS, 1), 1 << 30, 0, ignore_overflow));
	UNIT_ASSERT_OK(PAPI_start(set));
	fake_advance(4);
	long long sums[3] = {100, fp(10.0), 7};
	UNIT_ASSERT_OK(PAPI_accum(set, sums));
	KINDS_EXPECT(sums, 104, 13.0);
	UNIT_ASSERT_OK(PAPI_stop(set, NULL));
	UNIT_ASSERT_OK(PAPI_overflow(set, event_code(FAKE_VALUE_KINDS, 1), 0, 0, NULL));
	destroy_set(&set);
}

/* The software multiplexer adds and scales integers: it refuses the other
 * kinds, and takes integer sums of the same component. */
static void test_value_kinds_refuse_the_software_multiplexer(void)
{
	int set = new_set(FAKE_VALUE_KINDS, 2, 1, 3);
	UNIT_ASSERT_STATUS(PAPI_set_multiplex(set), PAPI_ECNFLCT);
	destroy_set(&set);
	set = new_set(FAKE_VALUE_KINDS, 2, 1, 2);
	UNIT_ASSERT_OK(PAPI_set_multiplex(set));
	long long values[2];
	UNIT_ASSERT_OK(PAPI_start(set));
	fake_advance(3);
	UNIT_ASSERT_OK(PAPI_stop(set, values));
	UNIT_ASSERT_VALUES(values, 3, 6);
	destroy_set(&set);
}

/* ---- CAP_USER_READ: reads without the component's kernel read ------------- */

static void test_user_read_skips_the_kernel_read(void)
{
	int set = new_set(FAKE_USER_READ, 2, 2, 5);
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
	destroy_set(&set);

	/* A component without CAP_USER_READ is never asked for user_read. */
	set = new_set(FAKE_PLAIN, 1, 1);
	UNIT_ASSERT_OK(PAPI_start(set));
	UNIT_ASSERT_OK(PAPI_read(set, values));
	UNIT_ASSERT_OK(PAPI_stop(set, NULL));
	CU_ASSERT_EQUAL(fake_states[FAKE_PLAIN].calls.user_read, 0);
	CU_ASSERT_EQUAL(fake_states[FAKE_PLAIN].calls.read, 1);
	destroy_set(&set);
}

/* ---- CAP_WRITE: PAPI_write goes to the component -------------------------- */

static void test_write_goes_to_the_component(void)
{
	int set = new_set(FAKE_WRITE, 2, 1, 2);
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
	destroy_set(&set);
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
	int set = new_set(FAKE_USER_OVERFLOW, 2, 1, 2);
	int code = event_code(FAKE_USER_OVERFLOW, 2);
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
	destroy_set(&set);

	/* The component info says overflows need no emulation, and no signal. */
	const PAPI_component_info_t *info = PAPI_get_component_info(FAKE_USER_OVERFLOW);
	CU_ASSERT_FATAL(info != NULL);
	CU_ASSERT_EQUAL(info->hardware_intr, 1);
	CU_ASSERT_EQUAL(info->hardware_intr_sig, 0);
	CU_ASSERT_EQUAL(PAPI_get_component_info(FAKE_PLAIN)->hardware_intr, 0);

	/* A component that delivers nothing refuses PAPI_OVERFLOW_HARDWARE. */
	set = new_set(FAKE_PLAIN, 1, 1);
	UNIT_ASSERT_STATUS(PAPI_overflow(set, event_code(FAKE_PLAIN, 1), 100,
	                                 PAPI_OVERFLOW_HARDWARE, overflow_handler),
	                   PAPI_ECMP);
	destroy_set(&set);
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
	int set = new_set(FAKE_PLAIN, 2, 1, 2);
	atomic_store(&software_calls, 0);
	UNIT_ASSERT_OK(PAPI_overflow(set, event_code(FAKE_PLAIN, 1), 100, 0, software_handler));
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
	destroy_set(&set);
}

/* ---- registration ------------------------------------------------------- */

struct unit_test {
	const char *name;
	CU_TestFunc function;
};

#define TEST(function)                                                                             \
	{                                                                                          \
#function, function                                                                \
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
	};
	if (CU_initialize_registry() != CUE_SUCCESS)
		return 2;
	CU_pSuite suite = CU_add_suite_with_setup_and_teardown(
	    "capabilities", init_library, shutdown_library, before_test, after_test);
	for (size_t i = 0; suite && i < sizeof(tests) / sizeof(tests[0]); i++)
		if (!CU_add_test(suite, tests[i].name, tests[i].function))
			suite = NULL;
	if (!suite)
		fprintf(stderr, "cannot register the tests: %s\n", CU_get_error_msg());
	return unit_run_all();
}
