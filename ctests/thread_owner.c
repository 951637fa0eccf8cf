// SPDX-License-Identifier: BSD-3-Clause
/* Event sets belong to the thread that created them and count that thread.
 * Another thread may read a running set, but PAPI_start, PAPI_stop,
 * PAPI_reset, PAPI_accum, PAPI_add_event and PAPI_remove_event from it fail
 * with PAPI_EINVAL. Two threads counting at once, both busy, each see their
 * own CPU time only (at least their own work, at most their own CPU time
 * from start to stop); a thread runs one set per component at a time
 * (PAPI_EISRUN for a second one), while other threads run theirs. */
#include "ctest_util.h"

#include <pthread.h>

static int main_set;
static int rc_start, rc_stop, rc_reset, rc_accum, rc_add, rc_remove, rc_read;
static long long foreign_read;
#define OWN_WORK_NS 30000000LL

static int own_rc;
static long long own_value, own_cpu_ns, own_steal;
static long own_switches;
static pthread_barrier_t phase;

static void *intruder(void *arg)
{
	long long value[1] = {0};
	int code;

	(void)arg;
	PAPI_event_name_to_code("perf::CPU-CLOCK", &code);
	rc_start = PAPI_start(main_set);
	rc_add = PAPI_add_event(main_set, code);
	PAPI_event_name_to_code("perf::TASK-CLOCK", &code);
	rc_remove = PAPI_remove_event(main_set, code);
	pthread_barrier_wait(&phase); /* main starts its set */
	pthread_barrier_wait(&phase);
	rc_read = PAPI_read(main_set, value);
	foreign_read = value[0];
	rc_stop = PAPI_stop(main_set, value);
	rc_reset = PAPI_reset(main_set);
	rc_accum = PAPI_accum(main_set, value);

	/* This thread's own set runs while main's does, and counts this
	 * thread's own work, done while main works too. */
	{
		int mine = PAPI_NULL;
		long long cpu0 = 0;
		long switches0 = 0;
		own_rc = PAPI_create_eventset(&mine);
		if (own_rc == PAPI_OK)
			own_rc = PAPI_add_event(mine, code);
		if (own_rc == PAPI_OK) {
			own_steal = ctest_irq_steal_ns();
			cpu0 = ctest_thread_cpu_ns();
			switches0 = ctest_thread_switches();
			own_rc = PAPI_start(mine);
		}
		pthread_barrier_wait(&phase); /* main works */
		ctest_busy_cpu_ns(OWN_WORK_NS);
		pthread_barrier_wait(&phase);
		if (own_rc == PAPI_OK)
			own_rc = PAPI_stop(mine, &own_value);
		own_cpu_ns = ctest_thread_cpu_ns() - cpu0;
		own_switches = ctest_thread_switches() - switches0;
		if (own_rc == PAPI_OK)
			own_rc = PAPI_cleanup_eventset(mine);
		if (own_rc == PAPI_OK)
			own_rc = PAPI_destroy_eventset(&mine);
	}
	return NULL;
}

int main(int argc, char **argv)
{
	const char *const names[] = {"perf::TASK-CLOCK"};
	pthread_t thread;
	long long value, other_value, cpu0, main_cpu_ns;
	int other_set;
	long switches, first_switches;

	ctest_init(argc, argv);
	ctest_library_init();
	ctest_require_perf_events();
	CHECK_OK(PAPI_thread_init((unsigned long (*)(void))pthread_self));
	main_set = ctest_eventset_of(names, 1);
	pthread_barrier_init(&phase, NULL, 2);
	FAIL_IF(pthread_create(&thread, NULL, intruder, NULL) != 0, "pthread_create failed");
	pthread_barrier_wait(&phase);
	switches = ctest_thread_switches();
	long long steal = ctest_irq_steal_ns();
	cpu0 = ctest_thread_cpu_ns();
	CHECK_OK(PAPI_start(main_set));
	ctest_busy_cpu_ns(20000000);
	/* The intruder reads after this barrier: main's count then holds the
	 * 20 ms and this many switch-ins. */
	first_switches = ctest_thread_switches() - switches;
	pthread_barrier_wait(&phase);
	pthread_barrier_wait(&phase); /* the intruder's set is running */
	ctest_busy_cpu_ns(100000000);
	pthread_barrier_wait(&phase);
	pthread_join(thread, NULL);
	CHECK_OK(PAPI_stop(main_set, &value));
	main_cpu_ns = ctest_thread_cpu_ns() - cpu0;
	switches = ctest_thread_switches() - switches;

	FAIL_IF(rc_start != PAPI_EINVAL, "PAPI_start from another thread returned %s",
	        ctest_errname(rc_start));
	FAIL_IF(rc_add != PAPI_EINVAL, "PAPI_add_event from another thread returned %s",
	        ctest_errname(rc_add));
	FAIL_IF(rc_read != PAPI_OK || foreign_read < ctest_clock_floor_ns(20000000, first_switches),
	        "PAPI_read from another thread returned %s, %lld ns for 20 ms of work (%ld context "
	        "switches)",
	        ctest_errname(rc_read), foreign_read, first_switches);
	FAIL_IF(rc_stop != PAPI_EINVAL, "PAPI_stop from another thread returned %s",
	        ctest_errname(rc_stop));
	FAIL_IF(rc_reset != PAPI_EINVAL, "PAPI_reset from another thread returned %s",
	        ctest_errname(rc_reset));
	FAIL_IF(rc_accum != PAPI_EINVAL, "PAPI_accum from another thread returned %s",
	        ctest_errname(rc_accum));
	FAIL_IF(rc_remove != PAPI_EINVAL, "PAPI_remove_event from another thread returned %s",
	        ctest_errname(rc_remove));
	FAIL_IF(own_rc != PAPI_OK, "the other thread's own set failed: %s%s", ctest_errname(own_rc),
	        ctest_reason());
	ctest_note("main counted %lld ns (%lld ns of its CPU, %ld switches), the other thread "
	           "%lld ns (%lld ns of its CPU, %ld switches)",
	           value, main_cpu_ns, switches, own_value, own_cpu_ns, own_switches);
	/* Upper bounds from each thread's own CPU time from start to stop: a
	 * set that counted the other thread's work too would exceed them. */
	FAIL_IF(value < ctest_clock_floor_ns(120000000, switches) ||
	            value > ctest_clock_ceiling_ns(main_cpu_ns, steal),
	        "main's set counted %lld ns for 120 ms of work (%lld ns of main's CPU time from "
	        "start to stop, %ld context switches)",
	        value, main_cpu_ns, switches);
	FAIL_IF(
	    own_value < ctest_clock_floor_ns(OWN_WORK_NS, own_switches) ||
	        own_value > ctest_clock_ceiling_ns(own_cpu_ns, own_steal),
	    "the other thread's set counted %lld ns for %lld ns of its work (%lld ns of its CPU "
	    "time from start to stop, %ld context switches)",
	    own_value, OWN_WORK_NS, own_cpu_ns, own_switches);

	/* One running set per component per thread. */
	other_set = ctest_eventset_of(names, 1);
	CHECK_OK(PAPI_start(main_set));
	EXPECT_RC(PAPI_start(other_set), PAPI_EISRUN);
	CHECK_OK(PAPI_stop(main_set, &value));
	CHECK_OK(PAPI_start(other_set));
	CHECK_OK(PAPI_stop(other_set, &other_value));
	ctest_eventset_free(&other_set);
	ctest_eventset_free(&main_set);
	ctest_pass();
}
