// SPDX-License-Identifier: BSD-3-Clause
/* Unit tests of the event-set state machine (src/core/eventset.c and the API
 * entry points in src/api/eventset.c and src/api/counting.c), run against
 * the fake components of fake_component.c: every count is known exactly and
 * nothing depends on the kernel. Event fake::Ek counts k per fake tick. */
#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <CUnit/Basic.h>

#include "papi.h"
#include "core/derived.h"
#include "core/dispatch.h"
#include "core/library.h"
#include "presets/presets.h"
#include "fake_component.h"
#include "fake_fixture.h"
#include "unit_assert.h"

#define FAKE  0
#define FAKE2 1

/* ---- helpers ------------------------------------------------------------ */

static int state_of(int set)
{
	int state = -1;
	UNIT_ASSERT_OK(PAPI_state(set, &state));
	return state;
}

/* The set lists exactly the events fake::E<kind> given, in this order. */
static void assert_kinds(int set, int count, ...)
{
	int codes[FAKE_MAX_SLOTS];
	int number = FAKE_MAX_SLOTS;
	UNIT_ASSERT_OK(PAPI_list_events(set, codes, &number));
	CU_ASSERT_EQUAL(number, count);
	va_list kinds;
	va_start(kinds, count);
	for (int i = 0; i < count && i < number; i++)
		CU_ASSERT_EQUAL(codes[i], fake_event_code(FAKE, va_arg(kinds, int)));
	va_end(kinds);
}

/* ---- the normal life cycle ---------------------------------------------- */

static void test_lifecycle(void)
{
	int set = PAPI_NULL;
	UNIT_ASSERT_OK_FATAL(PAPI_create_eventset(&set));
	CU_ASSERT(set >= 0);
	CU_ASSERT_EQUAL(state_of(set), PAPI_STOPPED);
	CU_ASSERT_EQUAL(PAPI_num_events(set), 0);
	UNIT_ASSERT_STATUS(PAPI_get_eventset_component(set), PAPI_ENOCMP);

	UNIT_ASSERT_OK(PAPI_add_event(set, fake_event_code(FAKE, 1)));
	UNIT_ASSERT_OK(PAPI_add_named_event(set, "fake::E2"));
	CU_ASSERT_EQUAL(PAPI_num_events(set), 2);
	CU_ASSERT_EQUAL(PAPI_get_eventset_component(set), FAKE);
	assert_kinds(set, 2, 1, 2);
	CU_ASSERT_EQUAL(fake_states[FAKE].calls.control_init, 1);

	UNIT_ASSERT_OK(PAPI_start(set));
	CU_ASSERT_EQUAL(state_of(set), PAPI_RUNNING);
	CU_ASSERT_EQUAL(fake_states[FAKE].calls.start, 1);

	long long values[2] = {-1, -1};
	fake_advance(10);
	UNIT_ASSERT_OK(PAPI_read(set, values));
	UNIT_ASSERT_VALUES(values, 10, 20);
	fake_advance(5);
	UNIT_ASSERT_OK(PAPI_stop(set, values));
	UNIT_ASSERT_VALUES(values, 15, 30);
	CU_ASSERT_EQUAL(state_of(set), PAPI_STOPPED);
	CU_ASSERT_EQUAL(fake_states[FAKE].calls.stop, 1);

	UNIT_ASSERT_OK(PAPI_cleanup_eventset(set));
	CU_ASSERT_EQUAL(PAPI_num_events(set), 0);
	CU_ASSERT_EQUAL(fake_states[FAKE].installed_count, 0);

	int id = set;
	UNIT_ASSERT_OK(PAPI_destroy_eventset(&set));
	CU_ASSERT_EQUAL(set, PAPI_NULL);
	CU_ASSERT_EQUAL(fake_states[FAKE].calls.control_cleanup, 1);
	int state;
	UNIT_ASSERT_STATUS(PAPI_state(id, &state), PAPI_ENOEVST);
}

static void test_start_stop_repeatedly_restarts_from_zero(void)
{
	int set = fake_new_set(FAKE, 1, 3);
	long long value = -1;
	for (int round = 1; round <= 3; round++) {
		UNIT_ASSERT_OK(PAPI_start(set));
		fake_advance(round);
		UNIT_ASSERT_OK(PAPI_stop(set, &value));
		CU_ASSERT_EQUAL(value, 3 * round);
	}
	CU_ASSERT_EQUAL(fake_states[FAKE].calls.start, 3);
	CU_ASSERT_EQUAL(fake_states[FAKE].calls.stop, 3);
	fake_destroy_set(&set);
}

/* ---- wrong transitions -------------------------------------------------- */

static void test_create_needs_papi_null(void)
{
	UNIT_ASSERT_STATUS(PAPI_create_eventset(NULL), PAPI_EINVAL);
	int set = 5;
	UNIT_ASSERT_STATUS(PAPI_create_eventset(&set), PAPI_EINVAL);
	CU_ASSERT_EQUAL(set, 5);
	set = 0;
	UNIT_ASSERT_STATUS(PAPI_create_eventset(&set), PAPI_EINVAL);
	set = PAPI_NULL;
	UNIT_ASSERT_OK(PAPI_create_eventset(&set));
	UNIT_ASSERT_OK(PAPI_destroy_eventset(&set));
}

static void test_invalid_ids(void)
{
	int destroyed = PAPI_NULL;
	UNIT_ASSERT_OK_FATAL(PAPI_create_eventset(&destroyed));
	int gone = destroyed;
	UNIT_ASSERT_OK_FATAL(PAPI_destroy_eventset(&destroyed));

	const int ids[] = {PAPI_NULL, -2, gone, 4096, 65535, 65536, INT_MAX, INT_MIN};
	int code = fake_event_code(FAKE, 1);
	for (size_t i = 0; i < sizeof(ids) / sizeof(ids[0]); i++) {
		int id = ids[i];
		long long values[4] = {0};
		long long cycles;
		int codes[4] = {code};
		int number = 4;
		int state;
		UNIT_ASSERT_STATUS(PAPI_start(id), PAPI_ENOEVST);
		UNIT_ASSERT_STATUS(PAPI_stop(id, values), PAPI_ENOEVST);
		UNIT_ASSERT_STATUS(PAPI_read(id, values), PAPI_ENOEVST);
		UNIT_ASSERT_STATUS(PAPI_read_ts(id, values, &cycles), PAPI_ENOEVST);
		UNIT_ASSERT_STATUS(PAPI_accum(id, values), PAPI_ENOEVST);
		UNIT_ASSERT_STATUS(PAPI_reset(id), PAPI_ENOEVST);
		UNIT_ASSERT_STATUS(PAPI_write(id, values), PAPI_ENOEVST);
		UNIT_ASSERT_STATUS(PAPI_add_event(id, code), PAPI_ENOEVST);
		UNIT_ASSERT_STATUS(PAPI_add_named_event(id, "fake::E1"), PAPI_ENOEVST);
		UNIT_ASSERT_STATUS(PAPI_add_events(id, codes, 1), PAPI_ENOEVST);
		UNIT_ASSERT_STATUS(PAPI_remove_event(id, code), PAPI_ENOEVST);
		UNIT_ASSERT_STATUS(PAPI_remove_named_event(id, "fake::E1"), PAPI_ENOEVST);
		UNIT_ASSERT_STATUS(PAPI_remove_events(id, codes, 1), PAPI_ENOEVST);
		UNIT_ASSERT_STATUS(PAPI_list_events(id, codes, &number), PAPI_ENOEVST);
		UNIT_ASSERT_STATUS(PAPI_num_events(id), PAPI_ENOEVST);
		UNIT_ASSERT_STATUS(PAPI_state(id, &state), PAPI_ENOEVST);
		UNIT_ASSERT_STATUS(PAPI_cleanup_eventset(id), PAPI_ENOEVST);
		UNIT_ASSERT_STATUS(PAPI_assign_eventset_component(id, FAKE), PAPI_ENOEVST);
		UNIT_ASSERT_STATUS(PAPI_get_eventset_component(id), PAPI_ENOEVST);
		int doomed = id;
		UNIT_ASSERT_STATUS(PAPI_destroy_eventset(&doomed), PAPI_ENOEVST);
		CU_ASSERT_EQUAL(doomed, id);
		CU_ASSERT_STRING_NOT_EQUAL(PAPI_strreason(), "");
	}
	CU_ASSERT_EQUAL(fake_states[FAKE].calls.start, 0);
	CU_ASSERT_EQUAL(fake_states[FAKE].calls.read, 0);
}

static void test_start_twice_is_eisrun(void)
{
	int set = fake_new_set(FAKE, 1, 1);
	UNIT_ASSERT_OK(PAPI_start(set));
	UNIT_ASSERT_STATUS(PAPI_start(set), PAPI_EISRUN);
	CU_ASSERT_EQUAL(fake_states[FAKE].calls.start, 1);
	CU_ASSERT_EQUAL(state_of(set), PAPI_RUNNING);
	fake_advance(4);
	long long value = -1;
	UNIT_ASSERT_OK(PAPI_stop(set, &value));
	CU_ASSERT_EQUAL(value, 4);
	fake_destroy_set(&set);
}

static void test_stop_when_stopped_is_enotrun(void)
{
	int set = fake_new_set(FAKE, 1, 1);
	long long value = -1;
	UNIT_ASSERT_STATUS(PAPI_stop(set, &value), PAPI_ENOTRUN);
	UNIT_ASSERT_OK(PAPI_start(set));
	UNIT_ASSERT_OK(PAPI_stop(set, &value));
	UNIT_ASSERT_STATUS(PAPI_stop(set, &value), PAPI_ENOTRUN);
	UNIT_ASSERT_STATUS(PAPI_stop(set, NULL), PAPI_ENOTRUN);
	CU_ASSERT_EQUAL(fake_states[FAKE].calls.stop, 1);
	CU_ASSERT_EQUAL(state_of(set), PAPI_STOPPED);
	fake_destroy_set(&set);
}

static void test_accum_when_stopped_is_enotrun(void)
{
	int set = fake_new_set(FAKE, 1, 1);
	long long value = 7;
	UNIT_ASSERT_STATUS(PAPI_accum(set, &value), PAPI_ENOTRUN);
	CU_ASSERT_EQUAL(value, 7);
	CU_ASSERT_EQUAL(fake_states[FAKE].calls.accum, 0);
	fake_destroy_set(&set);
}

static void test_start_of_empty_set_is_einval(void)
{
	int set = PAPI_NULL;
	UNIT_ASSERT_OK_FATAL(PAPI_create_eventset(&set));
	UNIT_ASSERT_STATUS(PAPI_start(set), PAPI_EINVAL);
	CU_ASSERT_EQUAL(state_of(set), PAPI_STOPPED);
	/* Emptied again after holding events: the same. */
	UNIT_ASSERT_OK(PAPI_add_event(set, fake_event_code(FAKE, 1)));
	UNIT_ASSERT_OK(PAPI_remove_event(set, fake_event_code(FAKE, 1)));
	UNIT_ASSERT_STATUS(PAPI_start(set), PAPI_EINVAL);
	CU_ASSERT_EQUAL(fake_states[FAKE].calls.start, 0);
	UNIT_ASSERT_OK(PAPI_destroy_eventset(&set));
}

static void test_changes_while_running_are_eisrun(void)
{
	int set = fake_new_set(FAKE, 2, 1, 2);
	UNIT_ASSERT_OK(PAPI_start(set));
	int updates = fake_states[FAKE].calls.control_update;
	int codes[1] = {fake_event_code(FAKE, 3)};

	UNIT_ASSERT_STATUS(PAPI_add_event(set, fake_event_code(FAKE, 3)), PAPI_EISRUN);
	UNIT_ASSERT_STATUS(PAPI_add_named_event(set, "fake::E3"), PAPI_EISRUN);
	UNIT_ASSERT_STATUS(PAPI_add_events(set, codes, 1), PAPI_EISRUN);
	UNIT_ASSERT_STATUS(PAPI_remove_event(set, fake_event_code(FAKE, 1)), PAPI_EISRUN);
	UNIT_ASSERT_STATUS(PAPI_remove_named_event(set, "fake::E1"), PAPI_EISRUN);
	UNIT_ASSERT_STATUS(PAPI_cleanup_eventset(set), PAPI_EISRUN);
	int id = set;
	UNIT_ASSERT_STATUS(PAPI_destroy_eventset(&id), PAPI_EISRUN);
	CU_ASSERT_EQUAL(id, set);

	/* Nothing changed: same events, still running, still counting. */
	CU_ASSERT_EQUAL(fake_states[FAKE].calls.control_update, updates);
	CU_ASSERT_EQUAL(state_of(set), PAPI_RUNNING);
	assert_kinds(set, 2, 1, 2);
	long long values[2];
	fake_advance(3);
	UNIT_ASSERT_OK(PAPI_read(set, values));
	UNIT_ASSERT_VALUES(values, 3, 6);
	UNIT_ASSERT_OK(PAPI_stop(set, values));
	fake_destroy_set(&set);
}

static void test_destroy_of_non_empty_set_is_einval(void)
{
	int set = fake_new_set(FAKE, 1, 1);
	int id = set;
	UNIT_ASSERT_STATUS(PAPI_destroy_eventset(&id), PAPI_EINVAL);
	CU_ASSERT_EQUAL(id, set);
	CU_ASSERT_EQUAL(PAPI_num_events(set), 1);
	UNIT_ASSERT_OK(PAPI_start(set));
	UNIT_ASSERT_OK(PAPI_stop(set, NULL));
	UNIT_ASSERT_STATUS(PAPI_destroy_eventset(NULL), PAPI_EINVAL);
	fake_destroy_set(&set);
}

static void test_duplicate_add_is_ecnflct(void)
{
	int set = fake_new_set(FAKE, 2, 1, 2);
	int updates = fake_states[FAKE].calls.control_update;
	UNIT_ASSERT_STATUS(PAPI_add_event(set, fake_event_code(FAKE, 2)), PAPI_ECNFLCT);
	UNIT_ASSERT_STATUS(PAPI_add_named_event(set, "fake::E1"), PAPI_ECNFLCT);
	CU_ASSERT_EQUAL(fake_states[FAKE].calls.control_update, updates);
	assert_kinds(set, 2, 1, 2);
	fake_destroy_set(&set);
}

static void test_remove_of_missing_event_is_einval(void)
{
	int set = fake_new_set(FAKE, 2, 1, 2);
	UNIT_ASSERT_STATUS(PAPI_remove_event(set, fake_event_code(FAKE, 3)), PAPI_EINVAL);
	UNIT_ASSERT_STATUS(PAPI_remove_event(set, PAPI_NATIVE_MASK | 0xabcde), PAPI_EINVAL);
	UNIT_ASSERT_STATUS(PAPI_remove_named_event(set, "fake::E4"), PAPI_EINVAL);
	UNIT_ASSERT_OK(PAPI_remove_event(set, fake_event_code(FAKE, 1)));
	UNIT_ASSERT_STATUS(PAPI_remove_event(set, fake_event_code(FAKE, 1)), PAPI_EINVAL);
	assert_kinds(set, 1, 2);
	fake_destroy_set(&set);
}

static void test_add_of_unknown_or_foreign_event_fails(void)
{
	int set = fake_new_set(FAKE, 1, 1);
	int updates = fake_states[FAKE].calls.control_update;
	UNIT_ASSERT_STATUS(PAPI_add_event(set, PAPI_NATIVE_MASK | 0xabcde), PAPI_ENOEVNT);
	UNIT_ASSERT_STATUS(PAPI_add_named_event(set, "fake::E9"), PAPI_ENOEVNT);
	UNIT_ASSERT_STATUS(PAPI_add_named_event(set, NULL), PAPI_EINVAL);
	/* A preset with no definition here (the fakes define none). */
	UNIT_ASSERT_STATUS(PAPI_add_event(set, PAPI_TOT_CYC), PAPI_ENOEVNT);
	/* An event of another component than the set's. */
	UNIT_ASSERT_STATUS(PAPI_add_event(set, fake_event_code(FAKE2, 1)), PAPI_EINVAL);
	CU_ASSERT_EQUAL(fake_states[FAKE].calls.control_update, updates);
	CU_ASSERT_EQUAL(fake_states[FAKE2].calls.control_init, 0);
	assert_kinds(set, 1, 1);
	fake_destroy_set(&set);
}

/* ---- failures leave the set as it was ------------------------------------ */

static void test_failed_add_leaves_set_unchanged(void)
{
	fake_states[FAKE].max_events = 3;
	int set = fake_new_set(FAKE, 3, 1, 2, 3);
	UNIT_ASSERT_OK(PAPI_start(set));
	fake_advance(4);
	long long values[4] = {0};
	UNIT_ASSERT_OK(PAPI_stop(set, values));
	UNIT_ASSERT_VALUES(values, 4, 8, 12);

	UNIT_ASSERT_STATUS(PAPI_add_event(set, fake_event_code(FAKE, 4)), PAPI_ECNFLCT);
	CU_ASSERT_STRING_NOT_EQUAL(PAPI_strreason(), "");

	CU_ASSERT_EQUAL(PAPI_num_events(set), 3);
	assert_kinds(set, 3, 1, 2, 3);
	CU_ASSERT_EQUAL(fake_states[FAKE].installed_count, 3);
	memset(values, 0, sizeof(values));
	UNIT_ASSERT_OK(PAPI_read(set, values));
	UNIT_ASSERT_VALUES(values, 4, 8, 12);
	CU_ASSERT_EQUAL(state_of(set), PAPI_STOPPED);

	/* Still startable, and still counting the same three events. */
	UNIT_ASSERT_OK(PAPI_start(set));
	fake_advance(2);
	UNIT_ASSERT_OK(PAPI_read(set, values));
	UNIT_ASSERT_VALUES(values, 2, 4, 6);
	UNIT_ASSERT_OK(PAPI_stop(set, values));
	fake_destroy_set(&set);
}

static void test_bulk_add_reports_how_many_were_added(void)
{
	fake_states[FAKE].max_events = 3;
	int set = fake_new_set(FAKE, 1, 1);
	int codes[3] = {fake_event_code(FAKE, 2), fake_event_code(FAKE, 3),
	                fake_event_code(FAKE, 4)};
	/* Two fit, the third is refused: PAPI returns the count added. */
	CU_ASSERT_EQUAL(PAPI_add_events(set, codes, 3), 2);
	assert_kinds(set, 3, 1, 2, 3);
	UNIT_ASSERT_STATUS(PAPI_add_events(set, codes + 2, 1), PAPI_ECNFLCT);
	UNIT_ASSERT_STATUS(PAPI_add_events(set, NULL, 1), PAPI_EINVAL);
	UNIT_ASSERT_STATUS(PAPI_add_events(set, codes, 0), PAPI_EINVAL);
	CU_ASSERT_EQUAL(PAPI_remove_events(set, codes, 2), PAPI_OK);
	assert_kinds(set, 1, 1);
	fake_destroy_set(&set);
}

static void test_failed_start_leaves_set_stopped(void)
{
	int set = fake_new_set(FAKE, 1, 2);
	fake_states[FAKE].fail_next_start = PAPI_ESYS;
	UNIT_ASSERT_STATUS(PAPI_start(set), PAPI_ESYS);
	CU_ASSERT_EQUAL(state_of(set), PAPI_STOPPED);
	UNIT_ASSERT_STATUS(PAPI_stop(set, NULL), PAPI_ENOTRUN);

	/* It did not count as this thread's running set of the component. */
	int other = fake_new_set(FAKE, 1, 1);
	UNIT_ASSERT_OK(PAPI_start(other));
	UNIT_ASSERT_OK(PAPI_stop(other, NULL));

	UNIT_ASSERT_OK(PAPI_start(set));
	fake_advance(5);
	long long value = -1;
	UNIT_ASSERT_OK(PAPI_stop(set, &value));
	CU_ASSERT_EQUAL(value, 10);
	fake_destroy_set(&other);
	fake_destroy_set(&set);
}

/* ---- removal ------------------------------------------------------------ */

static void test_remove_keeps_order_and_values_of_the_others(void)
{
	int set = fake_new_set(FAKE, 4, 1, 2, 3, 4);
	UNIT_ASSERT_OK(PAPI_start(set));
	fake_advance(3);
	long long values[4] = {0};
	UNIT_ASSERT_OK(PAPI_stop(set, values));
	UNIT_ASSERT_VALUES(values, 3, 6, 9, 12);

	UNIT_ASSERT_OK(PAPI_remove_event(set, fake_event_code(FAKE, 2)));
	assert_kinds(set, 3, 1, 3, 4);
	CU_ASSERT_EQUAL(fake_states[FAKE].installed_count, 3);
	CU_ASSERT_EQUAL(fake_states[FAKE].installed_kinds[0], 1);
	CU_ASSERT_EQUAL(fake_states[FAKE].installed_kinds[1], 3);
	CU_ASSERT_EQUAL(fake_states[FAKE].installed_kinds[2], 4);
	/* What the remaining events counted up to the stop stays theirs. */
	memset(values, 0, sizeof(values));
	UNIT_ASSERT_OK(PAPI_read(set, values));
	UNIT_ASSERT_VALUES(values, 3, 9, 12);

	/* And they count as themselves afterwards. */
	UNIT_ASSERT_OK(PAPI_start(set));
	fake_advance(10);
	UNIT_ASSERT_OK(PAPI_read(set, values));
	UNIT_ASSERT_VALUES(values, 10, 30, 40);
	UNIT_ASSERT_OK(PAPI_stop(set, values));
	UNIT_ASSERT_VALUES(values, 10, 30, 40);

	/* Removing the first and the last keeps the middle one. */
	UNIT_ASSERT_OK(PAPI_remove_event(set, fake_event_code(FAKE, 1)));
	UNIT_ASSERT_OK(PAPI_remove_named_event(set, "fake::E4"));
	assert_kinds(set, 1, 3);
	UNIT_ASSERT_OK(PAPI_read(set, values));
	UNIT_ASSERT_VALUES(values, 30);
	UNIT_ASSERT_OK(PAPI_start(set));
	fake_advance(1);
	UNIT_ASSERT_OK(PAPI_stop(set, values));
	UNIT_ASSERT_VALUES(values, 3);
	fake_destroy_set(&set);
}

/* ---- reading, accumulating, resetting, writing --------------------------- */

static void test_read_before_start_is_zero(void)
{
	int set = fake_new_set(FAKE, 2, 1, 2);
	long long values[2] = {-1, -1};
	UNIT_ASSERT_OK(PAPI_read(set, values));
	UNIT_ASSERT_VALUES(values, 0, 0);
	UNIT_ASSERT_STATUS(PAPI_read(set, NULL), PAPI_EINVAL);
	CU_ASSERT_EQUAL(fake_states[FAKE].calls.read, 0);
	fake_destroy_set(&set);
}

static void test_read_of_stopped_set_gives_values_at_stop(void)
{
	int set = fake_new_set(FAKE, 2, 1, 2);
	UNIT_ASSERT_OK(PAPI_start(set));
	fake_advance(7);
	long long at_stop[2], values[2];
	UNIT_ASSERT_OK(PAPI_stop(set, at_stop));
	UNIT_ASSERT_VALUES(at_stop, 7, 14);
	fake_advance(100);
	int reads = fake_states[FAKE].calls.read;
	for (int i = 0; i < 2; i++) {
		memset(values, 0, sizeof(values));
		UNIT_ASSERT_OK(PAPI_read(set, values));
		UNIT_ASSERT_VALUES(values, 7, 14);
	}
	long long cycles = 0;
	UNIT_ASSERT_OK(PAPI_read_ts(set, values, &cycles));
	UNIT_ASSERT_VALUES(values, 7, 14);
	CU_ASSERT(cycles > 0);
	CU_ASSERT_EQUAL(fake_states[FAKE].calls.read, reads);
	/* Stopping without an array keeps the values for a later read. */
	UNIT_ASSERT_OK(PAPI_start(set));
	fake_advance(2);
	UNIT_ASSERT_OK(PAPI_stop(set, NULL));
	UNIT_ASSERT_OK(PAPI_read(set, values));
	UNIT_ASSERT_VALUES(values, 2, 4);
	fake_destroy_set(&set);
}

static void test_accum_adds_and_restarts(void)
{
	int set = fake_new_set(FAKE, 2, 1, 2);
	long long sums[2] = {1000, 2000};
	long long values[2];
	UNIT_ASSERT_OK(PAPI_start(set));
	fake_advance(10);
	UNIT_ASSERT_OK(PAPI_accum(set, sums));
	UNIT_ASSERT_VALUES(sums, 1010, 2020);
	UNIT_ASSERT_OK(PAPI_read(set, values));
	UNIT_ASSERT_VALUES(values, 0, 0);
	fake_advance(3);
	UNIT_ASSERT_OK(PAPI_accum(set, sums));
	UNIT_ASSERT_VALUES(sums, 1013, 2026);
	UNIT_ASSERT_STATUS(PAPI_accum(set, NULL), PAPI_EINVAL);
	fake_advance(1);
	UNIT_ASSERT_OK(PAPI_stop(set, values));
	UNIT_ASSERT_VALUES(values, 1, 2);
	CU_ASSERT_EQUAL(fake_states[FAKE].calls.accum, 2);
	fake_destroy_set(&set);
}

static void test_reset_zeroes(void)
{
	int set = fake_new_set(FAKE, 2, 1, 2);
	long long values[2];
	UNIT_ASSERT_OK(PAPI_start(set));
	fake_advance(10);
	UNIT_ASSERT_OK(PAPI_reset(set));
	UNIT_ASSERT_OK(PAPI_read(set, values));
	UNIT_ASSERT_VALUES(values, 0, 0);
	fake_advance(4);
	UNIT_ASSERT_OK(PAPI_read(set, values));
	UNIT_ASSERT_VALUES(values, 4, 8);
	UNIT_ASSERT_OK(PAPI_stop(set, values));
	CU_ASSERT_EQUAL(fake_states[FAKE].calls.reset, 1);

	/* A stopped set: the values kept from the stop become zero. */
	UNIT_ASSERT_OK(PAPI_reset(set));
	values[0] = values[1] = -1;
	UNIT_ASSERT_OK(PAPI_read(set, values));
	UNIT_ASSERT_VALUES(values, 0, 0);
	CU_ASSERT_EQUAL(fake_states[FAKE].calls.reset, 1);
	fake_destroy_set(&set);
}

static void test_write_sets_values_to_count_from(void)
{
	int set = fake_new_set(FAKE, 2, 1, 2);
	long long values[2];
	UNIT_ASSERT_STATUS(PAPI_write(set, NULL), PAPI_EINVAL);

	/* Running: reads continue from the written values. */
	UNIT_ASSERT_OK(PAPI_start(set));
	fake_advance(10);
	UNIT_ASSERT_OK(PAPI_write(set, (long long[]){100, 1000}));
	UNIT_ASSERT_OK(PAPI_read(set, values));
	UNIT_ASSERT_VALUES(values, 100, 1000);
	fake_advance(2);
	UNIT_ASSERT_OK(PAPI_read(set, values));
	UNIT_ASSERT_VALUES(values, 102, 1004);
	UNIT_ASSERT_OK(PAPI_write(set, (long long[]){5, 6}));
	fake_advance(1);
	UNIT_ASSERT_OK(PAPI_stop(set, values));
	UNIT_ASSERT_VALUES(values, 6, 8);
	UNIT_ASSERT_OK(PAPI_read(set, values));
	UNIT_ASSERT_VALUES(values, 6, 8);

	/* Stopped: the written values are what a read gives... */
	UNIT_ASSERT_OK(PAPI_write(set, (long long[]){-7, 70}));
	UNIT_ASSERT_OK(PAPI_read(set, values));
	UNIT_ASSERT_VALUES(values, -7, 70);
	/* ...and a start counts from zero again. */
	UNIT_ASSERT_OK(PAPI_start(set));
	fake_advance(1);
	UNIT_ASSERT_OK(PAPI_read(set, values));
	UNIT_ASSERT_VALUES(values, 1, 2);

	/* accum takes the written values too, then restarts from zero. */
	UNIT_ASSERT_OK(PAPI_write(set, (long long[]){50, 60}));
	fake_advance(1);
	long long sums[2] = {0, 0};
	UNIT_ASSERT_OK(PAPI_accum(set, sums));
	UNIT_ASSERT_VALUES(sums, 51, 62);
	UNIT_ASSERT_OK(PAPI_read(set, values));
	UNIT_ASSERT_VALUES(values, 0, 0);

	/* reset drops the written values. */
	UNIT_ASSERT_OK(PAPI_write(set, (long long[]){500, 600}));
	UNIT_ASSERT_OK(PAPI_reset(set));
	fake_advance(3);
	UNIT_ASSERT_OK(PAPI_stop(set, values));
	UNIT_ASSERT_VALUES(values, 3, 6);
	/* The core keeps the offsets itself: the component is never asked. */
	CU_ASSERT_EQUAL(fake_states[FAKE].calls.write, 0);
	fake_destroy_set(&set);
}

/* ---- one running set per component and thread ---------------------------- */

struct other_thread {
	int start_status;
	int stop_status;
	long long value;
};

static void *start_a_set_in_another_thread(void *argument)
{
	struct other_thread *result = argument;
	int set = PAPI_NULL;
	if (PAPI_create_eventset(&set) != PAPI_OK ||
	    PAPI_add_named_event(set, "fake::E5") != PAPI_OK)
		return NULL;
	result->start_status = PAPI_start(set);
	fake_advance(1);
	result->stop_status = PAPI_stop(set, &result->value);
	PAPI_cleanup_eventset(set);
	PAPI_destroy_eventset(&set);
	return NULL;
}

static void test_one_running_set_per_component_and_thread(void)
{
	int first = fake_new_set(FAKE, 1, 1);
	int second = fake_new_set(FAKE, 1, 2);
	int other_component = PAPI_NULL;
	UNIT_ASSERT_OK_FATAL(PAPI_create_eventset(&other_component));
	UNIT_ASSERT_OK_FATAL(PAPI_add_named_event(other_component, "fake2::E3"));

	UNIT_ASSERT_OK(PAPI_start(first));
	UNIT_ASSERT_STATUS(PAPI_start(second), PAPI_EISRUN);
	CU_ASSERT_EQUAL(state_of(second), PAPI_STOPPED);
	CU_ASSERT_EQUAL(fake_states[FAKE].calls.start, 1);

	/* Another component's set may run beside it. */
	UNIT_ASSERT_OK(PAPI_start(other_component));

	/* So may a set of the same component in another thread. */
	struct other_thread result = {-1, -1, -1};
	pthread_t thread;
	CU_ASSERT_EQUAL_FATAL(pthread_create(&thread, NULL, start_a_set_in_another_thread, &result),
	                      0);
	pthread_join(thread, NULL);
	UNIT_ASSERT_OK(result.start_status);
	UNIT_ASSERT_OK(result.stop_status);
	CU_ASSERT_EQUAL(result.value, 5);

	/* Once the first stops, the second may start. */
	long long value;
	UNIT_ASSERT_OK(PAPI_stop(first, &value));
	CU_ASSERT_EQUAL(value, 1);
	UNIT_ASSERT_OK(PAPI_start(second));
	UNIT_ASSERT_STATUS(PAPI_start(first), PAPI_EISRUN);
	fake_advance(2);
	UNIT_ASSERT_OK(PAPI_stop(second, &value));
	CU_ASSERT_EQUAL(value, 4);
	UNIT_ASSERT_OK(PAPI_stop(other_component, &value));
	CU_ASSERT_EQUAL(value, 9);
	fake_destroy_set(&first);
	fake_destroy_set(&second);
	fake_destroy_set(&other_component);
}

/* ---- shutdown ----------------------------------------------------------- */

static void test_shutdown_with_a_running_set(void)
{
	int set = fake_new_set(FAKE, 1, 1);
	UNIT_ASSERT_OK(PAPI_start(set));
	PAPI_shutdown();
	/* Stopped, its control released, every encoding given back. */
	CU_ASSERT_EQUAL(fake_states[FAKE].calls.stop, 1);
	CU_ASSERT_EQUAL(fake_states[FAKE].calls.control_cleanup,
	                fake_states[FAKE].calls.control_init);
	CU_ASSERT_EQUAL(fake_states[FAKE].live_encodings, 0);
	CU_ASSERT_EQUAL(fake_states[FAKE2].live_encodings, 0);

	/* After a new init, a new set of the component starts: the set that
	 * was running before the shutdown is gone. */
	CU_ASSERT_EQUAL_FATAL(PAPI_library_init(PAPI_VER_CURRENT), PAPI_VER_CURRENT);
	int again = fake_new_set(FAKE, 1, 2);
	UNIT_ASSERT_OK(PAPI_start(again));
	fake_advance(1);
	long long value = -1;
	UNIT_ASSERT_OK(PAPI_stop(again, &value));
	CU_ASSERT_EQUAL(value, 2);
	fake_destroy_set(&again);
}

/* ---- derived arithmetic ------------------------------------------------- */

static long long postfix(const char *expression, int count, ...)
{
	long long terms[PAPI_MAX_INFO_TERMS];
	va_list values;
	va_start(values, count);
	for (int i = 0; i < count; i++)
		terms[i] = va_arg(values, long long);
	va_end(values);
	return derived_evaluate(DERIVED_POSTFIX, expression, terms, count);
}

static void test_derived_add_and_sub(void)
{
	const long long three[] = {10, 3, 2};
	CU_ASSERT_EQUAL(derived_evaluate(DERIVED_ADD, "", three, 3), 15);
	CU_ASSERT_EQUAL(derived_evaluate(DERIVED_ADD, "", three, 1), 10);
	CU_ASSERT_EQUAL(derived_evaluate(DERIVED_SUB, "", three, 3), 5);
	CU_ASSERT_EQUAL(derived_evaluate(DERIVED_SUB, "", three, 2), 7);
	CU_ASSERT_EQUAL(derived_evaluate(DERIVED_SUB, "", three, 1), 10);
	CU_ASSERT_EQUAL(derived_evaluate(NOT_DERIVED, "", three, 3), 10);
	const long long negative[] = {-5, 5};
	CU_ASSERT_EQUAL(derived_evaluate(DERIVED_ADD, "", negative, 2), 0);
	CU_ASSERT_EQUAL(derived_evaluate(DERIVED_SUB, "", negative, 2), -10);
}

static void test_derived_postfix(void)
{
	CU_ASSERT_EQUAL(postfix("N0|N1|+|", 2, 4LL, 5LL), 9);
	CU_ASSERT_EQUAL(postfix("N0|N1|-|", 2, 4LL, 5LL), -1);
	CU_ASSERT_EQUAL(postfix("N1|N0|-|", 2, 4LL, 5LL), 1);
	CU_ASSERT_EQUAL(postfix("N0|2|*|", 1, 21LL), 42);
	CU_ASSERT_EQUAL(postfix("N0|N1|/|", 2, 10LL, 4LL), 2);
	CU_ASSERT_EQUAL(postfix("N0|0.5|*|", 1, 10LL), 5);
	CU_ASSERT_EQUAL(postfix("N0|N1|N2|*|+|", 3, 1LL, 2LL, 3LL), 7);
	CU_ASSERT_EQUAL(postfix("N0|N1|+|N2|*|", 3, 1LL, 2LL, 3LL), 9);
	CU_ASSERT_EQUAL(postfix("N2|", 3, 1LL, 2LL, 3LL), 3);
	/* The last separator is optional. */
	CU_ASSERT_EQUAL(postfix("N0|N1|+", 2, 4LL, 5LL), 9);
	/* Counts beyond what a double holds exactly are not what presets see;
	 * 2^40 is. */
	CU_ASSERT_EQUAL(postfix("N0|N1|+|", 2, 1LL << 40, 1LL), (1LL << 40) + 1);

	/* MHZ is the CPU clock the library measured. */
	int saved = papillon_library.hardware.cpu_max_mhz;
	papillon_library.hardware.cpu_max_mhz = 2000;
	CU_ASSERT_EQUAL(postfix("N0|MHZ|/|", 1, 4000LL), 2);
	papillon_library.hardware.cpu_max_mhz = saved;
}

static void test_derived_division_by_zero_is_zero(void)
{
	CU_ASSERT_EQUAL(postfix("N0|N1|/|", 2, 10LL, 0LL), 0);
	CU_ASSERT_EQUAL(postfix("N0|0|/|", 1, 10LL), 0);
	CU_ASSERT_EQUAL(postfix("0|0|/|", 0), 0);
	CU_ASSERT_EQUAL(postfix("N0|N1|/|N2|+|", 3, 10LL, 0LL, 7LL), 7);
}

static void test_derived_malformed_postfix_is_zero(void)
{
	const char *const malformed[] = {
	    "",           /* nothing */
	    "|",          /* empty tokens only */
	    "+|",         /* operator without operands */
	    "N0|+|",      /* one operand short */
	    "N0|N1|",     /* two values left */
	    "N2|",        /* term past the last */
	    "N-1|",       /* negative term */
	    "N|",         /* term without index */
	    "Nx|",        /* term with a bad index */
	    "N0|abc|+|",  /* not a number */
	    "N0|3x|+|",   /* trailing garbage */
	    "N0|N1|%|",   /* unknown operator */
	    "N0|N1|++|",  /* unknown operator */
	    "N0|MHZZ|*|", /* unknown name */
	};
	for (size_t i = 0; i < sizeof(malformed) / sizeof(malformed[0]); i++) {
		long long value = postfix(malformed[i], 2, 6LL, 7LL);
		char text[128];
		snprintf(text, sizeof(text), "postfix \"%s\" gives %lld, expected 0", malformed[i],
		         value);
		CU_assertImplementation(value == 0, __LINE__, text, __FILE__, "", CU_FALSE);
	}

	/* A token longer than any real one, and more operands than the stack
	 * holds: 0, and no overflow (AddressSanitizer checks in CI). */
	char expression[1024];
	memset(expression, '7', 200);
	strcpy(expression + 200, "|N0|+|");
	CU_ASSERT_EQUAL(postfix(expression, 1, 1LL), 0);
	expression[0] = '\0';
	for (int i = 0; i < 100; i++)
		strcat(expression, "1|");
	for (int i = 0; i < 99; i++)
		strcat(expression, "+|");
	CU_ASSERT_EQUAL(postfix(expression, 0), 0);
}

/* events_compute: events made of several natives, plus written offsets. */
static void test_compute_maps_natives_to_events(void)
{
	struct eventset_event events[3];
	memset(events, 0, sizeof(events));
	events[0].derived = NOT_DERIVED;
	events[0].term_count = 1;
	events[0].terms[0] = 2;
	events[1].derived = DERIVED_SUB;
	events[1].term_count = 2;
	events[1].terms[0] = 1;
	events[1].terms[1] = 0;
	events[2].derived = DERIVED_POSTFIX;
	events[2].term_count = 2;
	events[2].terms[0] = 2;
	events[2].terms[1] = 1;
	snprintf(events[2].postfix, sizeof(events[2].postfix), "N0|N1|*|");

	const long long natives[3] = {10, 25, 7};
	long long values[3];
	events_compute(events, 3, natives, NULL, values);
	UNIT_ASSERT_VALUES(values, 7, 15, 175);

	const long long offsets[3] = {1, -2, 3};
	events_compute(events, 3, natives, offsets, values);
	UNIT_ASSERT_VALUES(values, 8, 13, 178);
}

/* ---- registration ------------------------------------------------------- */

int main(void)
{
	static const struct unit_test lifecycle[] = {
	    TEST(test_lifecycle),
	    TEST(test_start_stop_repeatedly_restarts_from_zero),
	};
	static const struct unit_test transitions[] = {
	    TEST(test_create_needs_papi_null),
	    TEST(test_invalid_ids),
	    TEST(test_start_twice_is_eisrun),
	    TEST(test_stop_when_stopped_is_enotrun),
	    TEST(test_accum_when_stopped_is_enotrun),
	    TEST(test_start_of_empty_set_is_einval),
	    TEST(test_changes_while_running_are_eisrun),
	    TEST(test_destroy_of_non_empty_set_is_einval),
	    TEST(test_duplicate_add_is_ecnflct),
	    TEST(test_remove_of_missing_event_is_einval),
	    TEST(test_add_of_unknown_or_foreign_event_fails),
	};
	static const struct unit_test failures[] = {
	    TEST(test_failed_add_leaves_set_unchanged),
	    TEST(test_bulk_add_reports_how_many_were_added),
	    TEST(test_failed_start_leaves_set_stopped),
	};
	static const struct unit_test counting[] = {
	    TEST(test_remove_keeps_order_and_values_of_the_others),
	    TEST(test_read_before_start_is_zero),
	    TEST(test_read_of_stopped_set_gives_values_at_stop),
	    TEST(test_accum_adds_and_restarts),
	    TEST(test_reset_zeroes),
	    TEST(test_write_sets_values_to_count_from),
	    TEST(test_one_running_set_per_component_and_thread),
	    TEST(test_shutdown_with_a_running_set),
	};
	static const struct unit_test derived[] = {
	    TEST(test_derived_add_and_sub),
	    TEST(test_derived_postfix),
	    TEST(test_derived_division_by_zero_is_zero),
	    TEST(test_derived_malformed_postfix_is_zero),
	    TEST(test_compute_maps_natives_to_events),
	};
	if (CU_initialize_registry() != CUE_SUCCESS)
		return 2;
	/* Registration stops at the first suite CUnit cannot take: its error
	 * stays for unit_run_all to report. */
	if (fake_add_tests(fake_suite("life cycle"), FAKE_TESTS(lifecycle)) &&
	    fake_add_tests(fake_suite("wrong transitions"), FAKE_TESTS(transitions)) &&
	    fake_add_tests(fake_suite("failures"), FAKE_TESTS(failures)) &&
	    fake_add_tests(fake_suite("counting"), FAKE_TESTS(counting)))
		fake_add_tests(fake_suite("derived"), FAKE_TESTS(derived));
	return unit_run_all();
}
