// SPDX-License-Identifier: BSD-3-Clause
/* The perfctr component's PAPI_GRN_SYS (issue 15): where /dev/perfctr
 * answers (the papillon perfctr module; the x86_64 lab guest loads it) and
 * the caller is root, an event set of PAPI_GRN_SYS granularity counts its
 * CPU through the global counters: perfctr:::TSC keeps counting while
 * this thread sleeps, within 10% of the TSC's own ticks over the same
 * time; its read path is the GPERFCTR_READ ioctl; PAPI_reset restarts it;
 * and a process that is not root is refused with PAPI_EPERM and the
 * reason. Elsewhere it skips. */
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#if defined(__x86_64__)
#include <x86intrin.h>
#endif

#include "ctest_util.h"

static void require_perfctr(void)
{
	int cidx = PAPI_get_component_index("perfctr");
	const PAPI_component_info_t *info = cidx >= 0 ? PAPI_get_component_info(cidx) : NULL;

	SKIP_IF(!info, "no perfctr component in this build (x86-64 only)");
	SKIP_IF(info->disabled, "perfctr inactive: %s", info->disabled_reason);
	SKIP_IF(geteuid() != 0, "the global counters are for root only");
}

static int system_wide_tsc(void)
{
	const char *const tsc[] = {"perfctr:::TSC"};
	int eventset = ctest_eventset_of(tsc, 1);
	PAPI_option_t option;

	memset(&option, 0, sizeof option);
	option.granularity.eventset = eventset;
	option.granularity.granularity = PAPI_GRN_SYS;
	CHECK_OK(PAPI_set_opt(PAPI_GRANUL, &option));
	return eventset;
}

/* In a child turned nobody, with a set of its own: 0 when PAPI_start is
 * refused with PAPI_EPERM and a reason naming the right a whole CPU takes
 * (the modules' privilege rule, components/kernel-common/kpriv.h; the
 * lab runs it at paranoid 2). */
static int start_as_nobody(void)
{
	int eventset = PAPI_NULL;
	PAPI_option_t option;

	if (setgid(65534) != 0 || setuid(65534) != 0)
		return 3;
	memset(&option, 0, sizeof option);
	if (PAPI_create_eventset(&eventset) != PAPI_OK ||
	    PAPI_add_named_event(eventset, "perfctr:::TSC") != PAPI_OK)
		return 4;
	option.granularity.eventset = eventset;
	option.granularity.granularity = PAPI_GRN_SYS;
	if (PAPI_set_opt(PAPI_GRANUL, &option) != PAPI_OK)
		return 5;
	if (PAPI_start(eventset) != PAPI_EPERM)
		return 6;
	return strstr(PAPI_strreason(), "perf_event_paranoid <= 0, or CAP_PERFMON") ? 0 : 7;
}

int main(int argc, char **argv)
{
	char reason[PAPI_MAX_STR_LEN];
	long long value = 0, after_reset = 0;
	int status = 0;

	ctest_init(argc, argv);
	ctest_library_init();
#if !defined(__x86_64__)
	SKIP_IF(1, "perfctr is an x86 interface");
#else
	require_perfctr();
	int eventset = system_wide_tsc();

	pid_t child = fork();
	FAIL_IF(child < 0, "fork failed");
	if (child == 0)
		_exit(start_as_nobody());
	FAIL_IF(waitpid(child, &status, 0) != child, "waitpid failed");
	FAIL_IF(!WIFEXITED(status) || WEXITSTATUS(status) != 0,
	        "as nobody, PAPI_start of a PAPI_GRN_SYS set was not refused with PAPI_EPERM "
	        "naming perf_event_paranoid <= 0 (child status %d)",
	        WIFEXITED(status) ? WEXITSTATUS(status) : -1);

	unsigned long long t0 = __rdtsc();
	CHECK_OK(PAPI_start(eventset));
	unsigned long long t1 = __rdtsc();
	ctest_sleep_ns(100000000);
	unsigned long long t2 = __rdtsc();
	CHECK_OK(PAPI_read(eventset, &value));
	unsigned long long t3 = __rdtsc();
	ctest_note("100 ms asleep: the global TSC counted %lld; the TSC went %llu to %llu", value,
	           t2 - t1, t3 - t0);
	FAIL_IF(value < 0.9 * (double)(t2 - t1) || value > 1.1 * (double)(t3 - t0),
	        "the global TSC %lld is not within 10%% of the TSC's %llu..%llu ticks", value,
	        t2 - t1, t3 - t0);
	FAIL_IF(PAPI_event_read_path(eventset, 0, reason, sizeof reason) != PAPI_READ_PATH_SYSCALL,
	        "the read path is not the ioctl: %s", reason);
	ctest_note("read path: %s", reason);

	unsigned long long r0 = __rdtsc();
	CHECK_OK(PAPI_reset(eventset));
	CHECK_OK(PAPI_read(eventset, &after_reset));
	unsigned long long r1 = __rdtsc();
	FAIL_IF(after_reset < 0 || after_reset > 1.1 * (double)(r1 - r0),
	        "after PAPI_reset the global TSC reads %lld (the reset and read took %llu ticks)",
	        after_reset, r1 - r0);
	CHECK_OK(PAPI_stop(eventset, &value));
	FAIL_IF(value < after_reset, "the stop read %lld, below %lld", value, after_reset);
	/* The global counters are free again: a second start works. */
	CHECK_OK(PAPI_start(eventset));
	CHECK_OK(PAPI_stop(eventset, &value));
	ctest_eventset_free(&eventset);
	ctest_pass();
#endif
}
