// SPDX-License-Identifier: BSD-3-Clause
/* Software-defined events count like any native event: a library (the
 * Simple test library) registers a variable, a callback, a created counter
 * and a group, and PAPI reads them as sde:::Simple::<name> with exact
 * counts across start, read, reset, accum, stop, restart and write. The
 * library registers before PAPI_library_init and has counted before the
 * start: what a tool sees is only what was counted since. */
#include "ctest_util.h"
#include "sde_simple_lib.h"

#define EVENTS 4

/* operations, tripled (3 per operation), items (2 per operation), total
 * (operations + items): what n operations add to each. */
static void expect_counts(const long long *values, long long n, const char *when)
{
	const long long expected[EVENTS] = {n, 3 * n, 2 * n, 3 * n};
	for (int i = 0; i < EVENTS; i++)
		FAIL_IF(values[i] != expected[i], "%s: event %d reads %lld, expected %lld", when, i,
		        values[i], expected[i]);
}

int main(int argc, char **argv)
{
	const char *const names[EVENTS] = {"sde:::Simple::operations", "sde:::Simple::tripled",
	                                   "sde:::Simple::items", "sde:::Simple::total"};
	long long values[EVENTS];
	int eventset;

	ctest_init(argc, argv);
	simple_init();
	simple_work(5); /* counted before PAPI existed: never seen below */
	ctest_library_init();
	eventset = ctest_eventset_of(names, EVENTS);

	CHECK_OK(PAPI_start(eventset));
	CHECK_OK(PAPI_read(eventset, values));
	expect_counts(values, 0, "read right after start");
	/* Reads are loads from the library's memory: never a system call. */
	char reason[PAPI_HUGE_STR_LEN];
	for (int i = 0; i < EVENTS; i++)
		FAIL_IF(PAPI_event_read_path(eventset, i, reason, sizeof(reason)) !=
		            PAPI_READ_PATH_USER,
		        "event %d: read path is not user space: %s", i, reason);
	int sde = PAPI_get_eventset_component(eventset);
	FAIL_IF(sde < 0, "the set has no component: %s", PAPI_strerror(sde));
	FAIL_IF(PAPI_user_read_status(sde, reason, sizeof(reason)) != 1,
	        "the sde component says it cannot read in user space: %s", reason);
	simple_work(10);
	CHECK_OK(PAPI_read(eventset, values));
	expect_counts(values, 10, "read after 10 operations");

	CHECK_OK(PAPI_reset(eventset));
	CHECK_OK(PAPI_read(eventset, values));
	expect_counts(values, 0, "read right after reset");
	simple_work(4);
	CHECK_OK(PAPI_read(eventset, values));
	expect_counts(values, 4, "read after reset and 4 operations");

	/* accum adds what was counted and starts again from zero. */
	simple_work(1);
	for (int i = 0; i < EVENTS; i++)
		values[i] = 100;
	CHECK_OK(PAPI_accum(eventset, values));
	const long long accumulated[EVENTS] = {105, 115, 110, 115};
	for (int i = 0; i < EVENTS; i++)
		FAIL_IF(values[i] != accumulated[i], "accum: event %d holds %lld, expected %lld", i,
		        values[i], accumulated[i]);
	simple_work(2);
	CHECK_OK(PAPI_stop(eventset, values));
	expect_counts(values, 2, "stop after accum and 2 operations");

	/* Stopped, nothing counts for the tool; a read gives the stop's values. */
	simple_work(6);
	CHECK_OK(PAPI_read(eventset, values));
	expect_counts(values, 2, "read of the stopped set");

	CHECK_OK(PAPI_start(eventset));
	simple_work(3);
	CHECK_OK(PAPI_read(eventset, values));
	expect_counts(values, 3, "read after a restart and 3 operations");

	/* PAPI_write sets what the tool reads, never the library's variable. */
	long long written[EVENTS] = {1000, 2000, 3000, 4000};
	long long before = simple_operations();
	CHECK_OK(PAPI_write(eventset, written));
	simple_work(2);
	CHECK_OK(PAPI_stop(eventset, values));
	const long long after_write[EVENTS] = {1002, 2006, 3004, 4006};
	for (int i = 0; i < EVENTS; i++)
		FAIL_IF(values[i] != after_write[i],
		        "write then 2 operations: event %d reads %lld, "
		        "expected %lld",
		        i, values[i], after_write[i]);
	FAIL_IF(simple_operations() != before + 2,
	        "the library's variable went from %lld to %lld over 2 operations", before,
	        simple_operations());
	FAIL_IF(simple_operations() != 5 + 10 + 4 + 1 + 2 + 6 + 3 + 2,
	        "the library counted %lld operations in all", simple_operations());

	ctest_eventset_free(&eventset);
	ctest_pass();
}
