// SPDX-License-Identifier: BSD-3-Clause
/* Counting basics: reads of a running set never go down, stop returns at
 * least the last read, a stopped set reads what stop returned, and a new
 * start begins again from zero. */
#include "ctest_util.h"

#define ROUNDS          50
#define PAGES_PER_ROUND 8

int main(int argc, char **argv)
{
	const char *const names[] = {"perf::TASK-CLOCK", "perf::PAGE-FAULTS"};
	long long last[2] = {0, 0}, values[2], stopped[2], reread[2], restarted[2];
	char *memory;
	int eventset;

	ctest_init(argc, argv);
	ctest_library_init();
	ctest_require_perf_events();
	eventset = ctest_eventset_of(names, 2);
	memory = ctest_fresh_pages(ROUNDS * PAGES_PER_ROUND);

	CHECK_OK(PAPI_start(eventset));
	for (int i = 0; i < ROUNDS; i++) {
		ctest_busy_cpu_ns(500000);
		ctest_touch_pages(memory + (size_t)i * PAGES_PER_ROUND * ctest_page_size(),
		                  PAGES_PER_ROUND);
		CHECK_OK(PAPI_read(eventset, values));
		FAIL_IF(values[0] <= last[0], "read %d: TASK-CLOCK went from %lld to %lld", i,
		        last[0], values[0]);
		FAIL_IF(values[1] < last[1] + PAGES_PER_ROUND,
		        "read %d: PAGE-FAULTS went from %lld to %lld over %d fresh pages", i,
		        last[1], values[1], PAGES_PER_ROUND);
		last[0] = values[0];
		last[1] = values[1];
	}
	CHECK_OK(PAPI_stop(eventset, stopped));
	FAIL_IF(stopped[0] < last[0] || stopped[1] < last[1],
	        "stop returned %lld, %lld below the last read %lld, %lld", stopped[0], stopped[1],
	        last[0], last[1]);

	ctest_busy_cpu_ns(10000000);
	CHECK_OK(PAPI_read(eventset, reread));
	FAIL_IF(reread[0] != stopped[0] || reread[1] != stopped[1],
	        "a stopped set reads %lld, %lld but stop returned %lld, %lld", reread[0], reread[1],
	        stopped[0], stopped[1]);

	CHECK_OK(PAPI_start(eventset));
	CHECK_OK(PAPI_stop(eventset, restarted));
	FAIL_IF(restarted[0] > stopped[0] / 10 || restarted[1] > 16,
	        "a start/stop with no work in between counted %lld ns, %lld faults (the previous "
	        "run %lld, %lld)",
	        restarted[0], restarted[1], stopped[0], stopped[1]);

	ctest_free_pages(memory, ROUNDS * PAGES_PER_ROUND);
	ctest_eventset_free(&eventset);
	ctest_pass();
}
