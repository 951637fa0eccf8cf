// SPDX-License-Identifier: BSD-3-Clause
/* What a tool reads for each kind of software-defined event: an INSTANT int
 * gives its value now (not a difference), a DELTA double the difference as
 * a double (GET_DOUBLE_SDE), a float the value as a double; a recorder the
 * address of a copy of its records, :CNT their number, :MIN/:MED/:MAX a
 * copy of that record; a counting set a list of its distinct elements with
 * their counts. */
#include <stdlib.h>

#include "ctest_util.h"
#include "sde_lib.h"
#include "sde_simple_lib.h"

enum { IN_FLIGHT, BUSY, LOAD, CNT, MIN, MED, MAX, RECORDS, TAGS, EVENTS };

static void free_address(long long value)
{
	free((void *)(intptr_t)value);
}

static long long record_at(long long address)
{
	FAIL_IF(address == 0, "a recorder statistic read 0 (no record)");
	return *(long long *)(intptr_t)address;
}

int main(int argc, char **argv)
{
	const char *const names[EVENTS] = {
	    "sde:::Simple::in_flight",   "sde:::Simple::busy_seconds", "sde:::Simple::load_factor",
	    "sde:::Simple::latency:CNT", "sde:::Simple::latency:MIN",  "sde:::Simple::latency:MED",
	    "sde:::Simple::latency:MAX", "sde:::Simple::latency",      "sde:::Simple::tags"};
	long long values[EVENTS];
	int eventset;

	ctest_init(argc, argv);
	ctest_library_init();
	simple_init();
	simple_set_in_flight(7);
	simple_set_load_factor(0.25f);
	simple_work(2); /* records 0 and 1, tags 0 and 1, 1.0 busy second */
	eventset = ctest_eventset_of(names, EVENTS);

	CHECK_OK(PAPI_start(eventset));
	simple_set_in_flight(3);
	simple_work(9); /* records 0..8, tags 0 1 2 three times each */
	CHECK_OK(PAPI_stop(eventset, values));

	FAIL_IF(values[IN_FLIGHT] != 3, "in_flight (INSTANT) reads %lld, expected its value 3",
	        values[IN_FLIGHT]);
	double busy = GET_DOUBLE_SDE(values[BUSY]);
	FAIL_IF(busy != 4.5, "busy_seconds (DELTA double) reads %g, expected 4.5 (9 x 0.5)", busy);
	double load = GET_DOUBLE_SDE(values[LOAD]);
	FAIL_IF(load != 0.25, "load_factor (INSTANT float) reads %g, expected 0.25", load);

	/* The recorder holds all 11 records, in order: 0 1 0 1 2 ... 8. */
	FAIL_IF(values[CNT] != 11, "latency:CNT reads %lld, expected 11 records", values[CNT]);
	FAIL_IF(record_at(values[MIN]) != 0, "latency:MIN is %lld", record_at(values[MIN]));
	FAIL_IF(record_at(values[MED]) != 3, "latency:MED is %lld, expected 3 (sorted index 5)",
	        record_at(values[MED]));
	FAIL_IF(record_at(values[MAX]) != 8, "latency:MAX is %lld", record_at(values[MAX]));
	const long long *records = GET_SDE_RECORDER_ADDRESS(values[RECORDS], long long);
	FAIL_IF(!records, "latency read no records");
	const long long expected_records[11] = {0, 1, 0, 1, 2, 3, 4, 5, 6, 7, 8};
	for (int i = 0; i < 11; i++)
		FAIL_IF(records[i] != expected_records[i], "record %d is %lld, expected %lld", i,
		        records[i], expected_records[i]);

	/* tags: 0 four times, 1 four times, 2 three times. */
	long long seen[3] = {0, 0, 0};
	int distinct = 0;
	for (const cset_list_object_t *node = (cset_list_object_t *)(intptr_t)values[TAGS]; node;
	     node = node->next, distinct++) {
		long long tag = *(const long long *)node->ptr;
		FAIL_IF(tag < 0 || tag > 2 || node->type_id != 7 || node->type_size != sizeof(tag),
		        "tags holds element %lld of type %u and %zu bytes", tag, node->type_id,
		        node->type_size);
		seen[tag] = node->count;
	}
	FAIL_IF(distinct != 3 || seen[0] != 4 || seen[1] != 4 || seen[2] != 3,
	        "tags holds %d elements, counts %lld %lld %lld; expected 3: 4 4 3", distinct,
	        seen[0], seen[1], seen[2]);

	for (int i = MIN; i <= TAGS; i++)
		if (i != CNT)
			free_address(values[i]);
	ctest_eventset_free(&eventset);
	ctest_pass();
}
