// SPDX-License-Identifier: BSD-3-Clause
/* The perfctr component on its TSC (issue 15): where /dev/perfctr answers
 * (the papillon perfctr module; the x86_64 lab guest loads it), the
 * virtual TSC of this thread counts while it runs and hardly while it
 * sleeps, reads from the state page (user space) and through the ioctl
 * agree in order, the read path says which one ran, PAPI_REF_CYC comes
 * from it, and 1,000 start/stop cycles work. Elsewhere it skips. */
#include <string.h>

#include "ctest_util.h"

static void require_perfctr(void)
{
	int cidx = PAPI_get_component_index("perfctr");
	const PAPI_component_info_t *info = cidx >= 0 ? PAPI_get_component_info(cidx) : NULL;

	SKIP_IF(!info, "no perfctr component in this build (x86-64 only)");
	SKIP_IF(info->disabled, "perfctr inactive: %s", info->disabled_reason);
}

static long long read_with(int eventset, int mode)
{
	long long value = -1;

	CHECK_OK(PAPI_set_user_read(eventset, mode));
	CHECK_OK(PAPI_read(eventset, &value));
	return value;
}

static void check_reads(int eventset)
{
	char reason[PAPI_MAX_STR_LEN];
	long long last = 0;

	CHECK_OK(PAPI_start(eventset));
	for (int i = 0; i < 200; i++) {
		ctest_busy_cpu_ns(20000);
		long long user = read_with(eventset, PAPI_USER_READ_AUTO);
		long long sys = read_with(eventset, PAPI_USER_READ_OFF);
		long long user2 = read_with(eventset, PAPI_USER_READ_AUTO);
		FAIL_IF(!(last <= user && user <= sys && sys <= user2),
		        "reads out of order: %lld, page %lld, ioctl %lld, page %lld", last, user,
		        sys, user2);
		last = user2;
	}
	FAIL_IF(last <= 0, "the TSC did not count (%lld)", last);
	FAIL_IF(PAPI_event_read_path(eventset, 0, reason, sizeof reason) != PAPI_READ_PATH_USER,
	        "the read path is not the state page: %s", reason);
	ctest_note("read path: %s", reason);

	long long before = read_with(eventset, PAPI_USER_READ_AUTO), t0 = ctest_monotonic_ns();
	ctest_sleep_ns(100000000);
	long long slept = read_with(eventset, PAPI_USER_READ_AUTO) - before;
	long long wall = ctest_monotonic_ns() - t0;
	ctest_note("100 ms asleep: %lld virtual TSC ticks over %lld ns", slept, wall);
	/* The TSC runs at least at 100 MHz: a running sum would pass wall/10. */
	FAIL_IF(slept > wall / 40, "the sum ran while the thread slept: %lld ticks", slept);
	CHECK_OK(PAPI_stop(eventset, &last));
}

int main(int argc, char **argv)
{
	const char *const tsc[] = {"perfctr:::TSC"};
	int eventset, code = 0;
	long long value;

	ctest_init(argc, argv);
	ctest_library_init();
	require_perfctr();
	eventset = ctest_eventset_of(tsc, 1);
	check_reads(eventset);

	for (int i = 0; i < 1000; i++) {
		CHECK_OK(PAPI_start(eventset));
		CHECK_OK(PAPI_stop(eventset, &value));
		FAIL_IF(value <= 0, "cycle %d counted %lld", i, value);
	}
	ctest_eventset_free(&eventset);

	CHECK_OK(PAPI_event_name_to_code("PAPI_REF_CYC", &code));
	PAPI_event_info_t info;
	CHECK_OK(PAPI_get_event_info(code, &info));
	FAIL_IF(info.count != 1 || strcmp(info.name[0], "perfctr:::TSC") != 0,
	        "PAPI_REF_CYC is not perfctr:::TSC here (%u natives, %s)", info.count,
	        info.count ? info.name[0] : "none");
	ctest_pass();
}
