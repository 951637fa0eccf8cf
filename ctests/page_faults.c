// SPDX-License-Identifier: BSD-3-Clause
/* Touching N fresh pages takes N page faults: perf::PAGE-FAULTS and
 * perf::MINOR-FAULTS count at least N and at most N plus a small slack,
 * perf::MAJOR-FAULTS stays near zero, and faults = minor + major up to the
 * kernel's retried faults (counted once as minor, twice as faults). */
#include "ctest_util.h"

#define SLACK 64

int main(int argc, char **argv)
{
	static const size_t sizes[] = {16, 1024, 4096};
	const char *const names[] = {"perf::PAGE-FAULTS", "perf::MINOR-FAULTS",
	                             "perf::MAJOR-FAULTS"};
	long long values[3];
	int eventset;

	ctest_init(argc, argv);
	ctest_library_init();
	ctest_require_perf_events();
	eventset = ctest_eventset_of(names, 3);

	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		long long n = (long long)sizes[i];
		char *memory = ctest_fresh_pages(sizes[i]);

		CHECK_OK(PAPI_start(eventset));
		ctest_touch_pages(memory, sizes[i]);
		CHECK_OK(PAPI_stop(eventset, values));
		ctest_free_pages(memory, sizes[i]);
		ctest_note("%lld pages: faults %lld minor %lld major %lld", n, values[0], values[1],
		           values[2]);

		FAIL_IF(values[0] < n || values[0] > n + SLACK,
		        "PAGE-FAULTS counted %lld for %lld fresh pages", values[0], n);
		FAIL_IF(values[1] < n || values[1] > n + SLACK,
		        "MINOR-FAULTS counted %lld for %lld fresh pages", values[1], n);
		FAIL_IF(values[2] < 0 || values[2] > SLACK,
		        "MAJOR-FAULTS counted %lld for anonymous memory", values[2]);
		FAIL_IF(values[0] < values[1] + values[2],
		        "PAGE-FAULTS %lld < MINOR %lld + MAJOR %lld", values[0], values[1],
		        values[2]);
	}

	/* Pages already touched fault no more. */
	{
		char *memory = ctest_fresh_pages(1024);

		ctest_touch_pages(memory, 1024);
		CHECK_OK(PAPI_start(eventset));
		ctest_touch_pages(memory, 1024);
		CHECK_OK(PAPI_stop(eventset, values));
		ctest_free_pages(memory, 1024);
		FAIL_IF(values[0] > SLACK, "touching 1024 resident pages counted %lld faults",
		        values[0]);
	}

	ctest_eventset_free(&eventset);
	ctest_pass();
}
