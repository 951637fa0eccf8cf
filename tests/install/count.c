// SPDX-License-Identifier: BSD-3-Clause
/* An installed-library client (scripts/test-install): built with nothing but
 * `pkg-config --cflags --libs papi` (or CMake's PAPI::PAPI), it counts
 * perf::TASK-CLOCK over 20 ms of this process's CPU time (so that other
 * loads on the machine do not matter) and says which libpapi it ran on,
 * so the test can tell the installed library from the build tree's. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <papi.h>
#include <stdbool.h>
#include <stdio.h>

int main(void)
{
	int set = PAPI_NULL, status;
	long long count = 0, start;
	Dl_info where;

	if (PAPI_library_init(PAPI_VER_CURRENT) != PAPI_VER_CURRENT) {
		printf("FAILED: PAPI_library_init\n");
		return 1;
	}
	if (dladdr((void *)PAPI_start, &where) && where.dli_fname)
		printf("libpapi: %s\n", where.dli_fname);
	status = PAPI_create_eventset(&set);
	if (status == PAPI_OK)
		status = PAPI_add_named_event(set, "perf::TASK-CLOCK");
	if (status == PAPI_OK)
		status = PAPI_start(set);
	start = PAPI_get_virt_nsec();
	while (status == PAPI_OK && PAPI_get_virt_nsec() - start < 20000000)
		;
	if (status == PAPI_OK)
		status = PAPI_stop(set, &count);
	if (status != PAPI_OK) {
		printf("FAILED: counting perf::TASK-CLOCK: %s\n", PAPI_strerror(status));
		return 1;
	}
	printf("perf::TASK-CLOCK: %lld ns\n", count);
	/* 20 ms of this thread's CPU time: the task clock saw them all, less
	 * what ran before start and after stop. */
	bool enough = count >= 18000000;
	printf("%s\n", enough ? "PASSED" : "FAILED: under 18 ms counted");
	PAPI_shutdown();
	return enough ? 0 : 1;
}
