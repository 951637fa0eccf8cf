// SPDX-License-Identifier: BSD-3-Clause
/* Each sleep gives up the CPU: K short sleeps count at least K
 * perf::CONTEXT-SWITCHES, not wildly more, and pinned busy work on one CPU
 * counts no perf::CPU-MIGRATIONS beyond a few. The kernel counts these
 * scheduler events in kernel mode, so the set counts in PAPI_DOM_ALL (in
 * PAPI's default PAPI_DOM_USER they read 0, as with `perf stat -e cs:u`). */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "ctest_util.h"

#include <sched.h>
#include <string.h>

#define SLEEPS 50

int main(int argc, char **argv)
{
	const char *const names[] = {"perf::CONTEXT-SWITCHES", "perf::CPU-MIGRATIONS"};
	long long values[2];
	PAPI_option_t option;
	cpu_set_t original, one;
	int eventset, cpu;

	ctest_init(argc, argv);
	ctest_library_init();
	ctest_require_perf_events();
	SKIP_IF(!ctest_kernel_domain_allowed(),
	        "perf_event_paranoid forbids counting kernel-mode events for this user");
	eventset = ctest_eventset_of(names, 2);
	memset(&option, 0, sizeof(option));
	option.domain.eventset = eventset;
	option.domain.domain = PAPI_DOM_ALL;
	CHECK_OK(PAPI_set_opt(PAPI_DOMAIN, &option));

	CHECK_OK(PAPI_start(eventset));
	for (int i = 0; i < SLEEPS; i++)
		ctest_sleep_ns(1000000);
	CHECK_OK(PAPI_stop(eventset, values));
	ctest_note("%d sleeps: %lld context switches, %lld migrations", SLEEPS, values[0],
	           values[1]);
	FAIL_IF(values[0] < SLEEPS || values[0] > 4 * SLEEPS + 100,
	        "CONTEXT-SWITCHES counted %lld for %d sleeps", values[0], SLEEPS);
	FAIL_IF(values[1] < 0 || values[1] > values[0],
	        "CPU-MIGRATIONS counted %lld with %lld context switches", values[1], values[0]);

	/* Pinned to the CPU we are on, the thread cannot migrate. */
	FAIL_IF(sched_getaffinity(0, sizeof(original), &original) != 0, "sched_getaffinity");
	cpu = sched_getcpu();
	FAIL_IF(cpu < 0, "sched_getcpu");
	CPU_ZERO(&one);
	CPU_SET(cpu, &one);
	if (sched_setaffinity(0, sizeof(one), &one) == 0) {
		CHECK_OK(PAPI_start(eventset));
		for (int i = 0; i < 10; i++)
			ctest_sleep_ns(1000000);
		CHECK_OK(PAPI_stop(eventset, values));
		sched_setaffinity(0, sizeof(original), &original);
		FAIL_IF(values[0] < 10, "10 sleeps counted %lld context switches", values[0]);
		FAIL_IF(values[1] > 2, "a thread pinned to CPU %d counted %lld migrations", cpu,
		        values[1]);
	}

	ctest_eventset_free(&eventset);
	ctest_pass();
}
