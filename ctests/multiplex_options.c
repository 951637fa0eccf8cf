// SPDX-License-Identifier: BSD-3-Clause
/* Multiplexing and timer options: PAPI_DEF_MPX_NS and PAPI_DEF_ITIMER_NS are
 * one setting (10 ms by default), PAPI_DEF_ITIMER reads back what it set;
 * non-positive intervals, unknown itimers and unusable signals are refused.
 * PAPI_set_opt(PAPI_MULTIPLEX) refuses unknown flags, PAPI_MAX_MPX_CTRS is
 * at least 64, and a software-multiplexed set holds two clocks that both
 * estimate the thread's CPU time. */
#include "ctest_util.h"

#include <signal.h>
#include <string.h>
#include <sys/time.h>

int main(int argc, char **argv)
{
	PAPI_option_t option;
	long long values[2], cpu0, cpu1;
	int eventset = PAPI_NULL;

	ctest_init(argc, argv);
	ctest_library_init();
	ctest_require_perf_events();
	memset(&option, 0, sizeof(option));
	CHECK_OK(PAPI_get_opt(PAPI_DEF_MPX_NS, &option));
	FAIL_IF(option.multiplex.ns != 10000000, "default PAPI_DEF_MPX_NS is %d",
	        option.multiplex.ns);
	option.multiplex.ns = 5000000;
	CHECK_OK(PAPI_set_opt(PAPI_DEF_MPX_NS, &option));
	memset(&option, 0, sizeof(option));
	CHECK_OK(PAPI_get_opt(PAPI_DEF_ITIMER_NS, &option));
	FAIL_IF(option.itimer.ns != 5000000,
	        "PAPI_DEF_ITIMER_NS is %d after setting "
	        "PAPI_DEF_MPX_NS to 5 ms",
	        option.itimer.ns);
	option.multiplex.ns = 0;
	EXPECT_RC(PAPI_set_opt(PAPI_DEF_MPX_NS, &option), PAPI_EINVAL);
	option.multiplex.ns = -5;
	EXPECT_RC(PAPI_set_opt(PAPI_DEF_MPX_NS, &option), PAPI_EINVAL);

	memset(&option, 0, sizeof(option));
	CHECK_OK(PAPI_get_opt(PAPI_DEF_ITIMER, &option));
	FAIL_IF(option.itimer.itimer_num != ITIMER_PROF || option.itimer.itimer_sig != SIGPROF,
	        "default itimer %d signal %d, expected ITIMER_PROF and SIGPROF",
	        option.itimer.itimer_num, option.itimer.itimer_sig);
	option.itimer.itimer_num = 7;
	EXPECT_RC(PAPI_set_opt(PAPI_DEF_ITIMER, &option), PAPI_EINVAL);
	option.itimer.itimer_num = ITIMER_PROF;
	option.itimer.itimer_sig = SIGKILL;
	EXPECT_RC(PAPI_set_opt(PAPI_DEF_ITIMER, &option), PAPI_EINVAL);
	option.itimer.itimer_sig = SIGPROF;
	option.itimer.ns = 2000000;
	CHECK_OK(PAPI_set_opt(PAPI_DEF_ITIMER, &option));
	memset(&option, 0, sizeof(option));
	CHECK_OK(PAPI_get_opt(PAPI_DEF_MPX_NS, &option));
	FAIL_IF(option.multiplex.ns != 2000000, "PAPI_DEF_MPX_NS is %d after PAPI_DEF_ITIMER",
	        option.multiplex.ns);

	FAIL_IF(PAPI_get_opt(PAPI_MAX_MPX_CTRS, NULL) < 64, "PAPI_MAX_MPX_CTRS is %d",
	        PAPI_get_opt(PAPI_MAX_MPX_CTRS, NULL));

	CHECK_OK(PAPI_create_eventset(&eventset));
	CHECK_OK(PAPI_add_named_event(eventset, "perf::TASK-CLOCK"));
	memset(&option, 0, sizeof(option));
	option.multiplex.eventset = eventset;
	option.multiplex.flags = 0x100;
	EXPECT_RC(PAPI_set_opt(PAPI_MULTIPLEX, &option), PAPI_EINVAL);
	option.multiplex.flags = PAPI_MULTIPLEX_FORCE_SW;
	option.multiplex.ns = -1;
	EXPECT_RC(PAPI_set_opt(PAPI_MULTIPLEX, &option), PAPI_EINVAL);
	option.multiplex.ns = 0;
	CHECK_OK(PAPI_set_opt(PAPI_MULTIPLEX, &option));
	CHECK_OK(PAPI_add_named_event(eventset, "perf::CPU-CLOCK"));
	cpu0 = ctest_thread_cpu_ns();
	CHECK_OK(PAPI_start(eventset));
	ctest_busy_cpu_ns(300000000);
	CHECK_OK(PAPI_stop(eventset, values));
	cpu1 = ctest_thread_cpu_ns();
	ctest_note("TASK-CLOCK %lld, CPU-CLOCK %lld for %lld ns of CPU", values[0], values[1],
	           cpu1 - cpu0);
	for (int i = 0; i < 2; i++)
		FAIL_IF(values[i] < (cpu1 - cpu0) * 0.8 || values[i] > (cpu1 - cpu0) * 1.2,
		        "event %d estimated %lld ns for %lld ns", i, values[i], cpu1 - cpu0);
	ctest_eventset_free(&eventset);
	ctest_pass();
}
