// SPDX-License-Identifier: BSD-3-Clause
/* PAPI_INHERIT: a set with inherit on counts the children forked while it
 * runs (their counts join the parent's when they exit), and threads too; a
 * set without it counts the parent only. PAPI_get_opt reads the setting;
 * a running set and values other than PAPI_INHERIT_ALL/NONE are refused. */
#include "ctest_util.h"

#include <pthread.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static void *busy_thread(void *arg)
{
	(void)arg;
	ctest_busy_cpu_ns(100000000);
	return NULL;
}

/* A set counting perf::TASK-CLOCK, with inherit as given, while a child
 * works 200 ms and a thread 100 ms; the parent only waits. */
static long long measure(int inherit)
{
	PAPI_option_t option;
	int eventset = PAPI_NULL, status;
	long long value;
	pthread_t thread;

	CHECK_OK(PAPI_create_eventset(&eventset));
	CHECK_OK(PAPI_assign_eventset_component(eventset, ctest_perf_event_cidx()));
	memset(&option, 0, sizeof(option));
	option.inherit.eventset = eventset;
	option.inherit.inherit = inherit ? PAPI_INHERIT_ALL : PAPI_INHERIT_NONE;
	CHECK_OK(PAPI_set_opt(PAPI_INHERIT, &option));
	memset(&option, 0, sizeof(option));
	option.inherit.eventset = eventset;
	FAIL_IF(PAPI_get_opt(PAPI_INHERIT, &option) != inherit || option.inherit.inherit != inherit,
	        "PAPI_get_opt(PAPI_INHERIT) does not read back %d", inherit);
	CHECK_OK(PAPI_add_named_event(eventset, "perf::TASK-CLOCK"));
	CHECK_OK(PAPI_start(eventset));
	option.inherit.inherit = PAPI_INHERIT_NONE;
	EXPECT_RC(PAPI_set_opt(PAPI_INHERIT, &option), PAPI_EISRUN);
	pid_t child = fork();
	FAIL_IF(child < 0, "fork failed");
	if (child == 0) {
		ctest_busy_cpu_ns(200000000);
		_exit(0);
	}
	FAIL_IF(pthread_create(&thread, NULL, busy_thread, NULL) != 0, "pthread_create failed");
	pthread_join(thread, NULL);
	waitpid(child, &status, 0);
	CHECK_OK(PAPI_stop(eventset, &value));
	ctest_eventset_free(&eventset);
	return value;
}

int main(int argc, char **argv)
{
	PAPI_option_t option;
	int eventset = PAPI_NULL;
	long long with, without;

	ctest_init(argc, argv);
	ctest_library_init();
	ctest_require_perf_events();
	with = measure(1);
	without = measure(0);
	ctest_note("child 200 ms + thread 100 ms: %lld ns with inherit, %lld ns without", with,
	           without);
	FAIL_IF(with < 270000000, "with inherit, only %lld ns counted", with);
	FAIL_IF(without > 30000000, "without inherit, %lld ns counted", without);

	CHECK_OK(PAPI_create_eventset(&eventset));
	memset(&option, 0, sizeof(option));
	option.inherit.eventset = eventset;
	option.inherit.inherit = PAPI_INHERIT_ALL;
	EXPECT_RC(PAPI_set_opt(PAPI_INHERIT, &option), PAPI_ENOCMP);
	CHECK_OK(PAPI_assign_eventset_component(eventset, ctest_perf_event_cidx()));
	option.inherit.inherit = 5;
	EXPECT_RC(PAPI_set_opt(PAPI_INHERIT, &option), PAPI_EINVAL);
	option.inherit.eventset = 4242;
	EXPECT_RC(PAPI_set_opt(PAPI_INHERIT, &option), PAPI_ENOEVST);
	CHECK_OK(PAPI_destroy_eventset(&eventset));
	ctest_pass();
}
