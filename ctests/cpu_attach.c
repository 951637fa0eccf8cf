// SPDX-License-Identifier: BSD-3-Clause
/* Per-CPU counting: PAPI_CPU_ATTACH on CPU 0 with perf::CPU-CLOCK counts that
 * CPU's time (about the wall time, idle or not) and PAPI_get_opt reads the
 * CPU back; PAPI_GRN_SYS counts the CPU the thread runs on. A CPU that does
 * not exist is PAPI_EINVAL; without privileges perf_event_paranoid forbids
 * it, which the library reports as PAPI_EPERM naming the setting. Skipped
 * where this process itself may not count CPUs. */
#include "ctest_util.h"

#include <string.h>
#include <unistd.h>

/* Counting CPU 0: refused to unprivileged users when perf_event_paranoid > 0. */
static int attach_to_cpu0(int eventset)
{
	PAPI_option_t option;
	memset(&option, 0, sizeof(option));
	option.cpu.eventset = eventset;
	option.cpu.cpu_num = 0;
	return PAPI_set_opt(PAPI_CPU_ATTACH, &option);
}

int main(int argc, char **argv)
{
	const char *const names[] = {"perf::CPU-CLOCK"};
	PAPI_option_t option;
	long long value, t0, t1;
	int eventset, state, rc;
	long paranoid = 2;

	ctest_init(argc, argv);
	ctest_library_init();
	ctest_require_perf_events();
	ctest_read_long("/proc/sys/kernel/perf_event_paranoid", &paranoid);
	eventset = ctest_eventset_of(names, 1);
	memset(&option, 0, sizeof(option));
	option.cpu.eventset = eventset;
	option.cpu.cpu_num = 100000;
	EXPECT_RC(PAPI_set_opt(PAPI_CPU_ATTACH, &option), PAPI_EINVAL);
	option.cpu.cpu_num = 0;
	rc = PAPI_set_opt(PAPI_CPU_ATTACH, &option);
	if (rc == PAPI_EPERM)
		ctest_skip("this process may not count a whole CPU (perf_event_paranoid %ld): %s",
		           paranoid, ctest_reason());
	FAIL_IF(rc != PAPI_OK, "PAPI_CPU_ATTACH returned %s%s", ctest_errname(rc), ctest_reason());
	CHECK_OK(PAPI_state(eventset, &state));
	FAIL_IF(!(state & PAPI_CPU_ATTACHED), "state %#x lacks PAPI_CPU_ATTACHED", state);
	memset(&option, 0, sizeof(option));
	option.cpu.eventset = eventset;
	option.cpu.cpu_num = 7;
	FAIL_IF(PAPI_get_opt(PAPI_CPU_ATTACH, &option) != 1 || option.cpu.cpu_num != 0,
	        "PAPI_get_opt(PAPI_CPU_ATTACH) says CPU %u", option.cpu.cpu_num);
	EXPECT_RC(PAPI_attach(eventset, (unsigned long)getpid()), PAPI_EINVAL);
	t0 = ctest_monotonic_ns();
	CHECK_OK(PAPI_start(eventset));
	ctest_sleep_ns(100000000);
	CHECK_OK(PAPI_stop(eventset, &value));
	t1 = ctest_monotonic_ns();
	ctest_note("CPU 0's clock: %lld ns in %lld ns", value, t1 - t0);
	FAIL_IF(value < (t1 - t0) / 2 || value > (t1 - t0) * 11 / 10,
	        "CPU 0 counted %lld ns in %lld ns", value, t1 - t0);
	ctest_eventset_free(&eventset);

	/* PAPI_GRN_SYS: the CPU this thread runs on. */
	eventset = ctest_eventset_of(names, 1);
	memset(&option, 0, sizeof(option));
	option.granularity.eventset = eventset;
	option.granularity.granularity = PAPI_GRN_SYS;
	CHECK_OK(PAPI_set_opt(PAPI_GRANUL, &option));
	memset(&option, 0, sizeof(option));
	option.granularity.eventset = eventset;
	CHECK_OK(PAPI_get_opt(PAPI_GRANUL, &option));
	FAIL_IF(option.granularity.granularity != PAPI_GRN_SYS, "granularity reads back %#x",
	        option.granularity.granularity);
	t0 = ctest_monotonic_ns();
	CHECK_OK(PAPI_start(eventset));
	ctest_sleep_ns(50000000);
	CHECK_OK(PAPI_stop(eventset, &value));
	t1 = ctest_monotonic_ns();
	FAIL_IF(value < (t1 - t0) / 2, "PAPI_GRN_SYS counted %lld ns in %lld ns", value, t1 - t0);
	ctest_eventset_free(&eventset);

	if (geteuid() == 0 && paranoid > 0) {
		ctest_expect_refused_as_nobody(attach_to_cpu0, "perf_event_paranoid",
		                               "PAPI_CPU_ATTACH on CPU 0");
	} else {
		ctest_note("not root or paranoid <= 0: the refusal case is not tried");
	}
	ctest_pass();
}
