// SPDX-License-Identifier: BSD-3-Clause
/* Faults a long job meets:
 *  - the task a set is attached to exits while it counts: the counts read
 *    before and at the exit stay (the final count is the child's CPU time),
 *    and a later PAPI_start is refused with PAPI_EINVAL and the reason,
 *    whether the task is a zombie or reaped, instead of counting nothing;
 *  - the process execs while a set runs: the new program holds no fd of
 *    the library (perf fds are close-on-exec), finds it uninitialized, and
 *    initializes and counts as any program.
 * (fork is fork_child_start's.) */
#include "ctest_util.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#define CHILD_SPIN_NS 30000000LL

static void attached_task_exits(void)
{
	int go[2], set = PAPI_NULL;
	long long during = 0, at_exit = 0, stopped = 0, again = 0;
	char byte = 0;

	FAIL_IF(pipe(go) != 0, "pipe");
	pid_t child = fork();
	FAIL_IF(child < 0, "fork");
	if (child == 0) {
		close(go[1]);
		if (read(go[0], &byte, 1) != 1)
			_exit(2);
		ctest_busy_cpu_ns(CHILD_SPIN_NS);
		_exit(0);
	}
	close(go[0]);
	long long steal = ctest_irq_steal_ns();
	CHECK_OK(PAPI_create_eventset(&set));
	CHECK_OK(PAPI_assign_eventset_component(set, ctest_perf_event_cidx()));
	CHECK_OK(PAPI_attach(set, (unsigned long)child));
	CHECK_OK(PAPI_add_named_event(set, "perf::TASK-CLOCK"));
	CHECK_OK(PAPI_start(set));
	FAIL_IF(write(go[1], "x", 1) != 1, "write");
	close(go[1]);
	ctest_sleep_ns(5000000);
	CHECK_OK(PAPI_read(set, &during));

	/* A zombie: exited, not yet reaped. */
	for (int i = 0; i < 2000 && ctest_task_state(child) != 'Z'; i++)
		ctest_sleep_ns(1000000);
	FAIL_IF(ctest_task_state(child) != 'Z', "the child did not exit (state %c)",
	        ctest_task_state(child));
	CHECK_OK(PAPI_read(set, &at_exit));
	FAIL_IF(at_exit < during, "the count went back from %lld to %lld at the task's exit",
	        during, at_exit);
	CHECK_OK(PAPI_stop(set, &stopped));
	FAIL_IF(stopped != at_exit, "stopped at %lld after reading the exited task's %lld", stopped,
	        at_exit);
	EXPECT_RC(PAPI_start(set), PAPI_EINVAL);
	FAIL_IF(!strstr(PAPI_strreason(), "has exited"),
	        "the reason does not say the task exited: %s", PAPI_strreason());

	/* Reaped: the same, and the child's own CPU time bounds the count. */
	int status = 0;
	struct rusage usage;
	FAIL_IF(wait4(child, &status, 0, &usage) != child, "wait4");
	FAIL_IF(!WIFEXITED(status) || WEXITSTATUS(status) != 0, "the child failed (status %#x)",
	        (unsigned)status);
	EXPECT_RC(PAPI_start(set), PAPI_EINVAL);
	CHECK_OK(PAPI_read(set, &again));
	FAIL_IF(again != stopped, "the stopped count changed from %lld to %lld", stopped, again);
	long long child_cpu = (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1000000000LL +
	                      (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) * 1000LL;
	long long floor = ctest_clock_floor_ns(CHILD_SPIN_NS, usage.ru_nvcsw + usage.ru_nivcsw);
	/* rusage's times are in microseconds: one more of each. */
	long long ceiling = ctest_clock_ceiling_ns(child_cpu + 2000, steal);
	FAIL_IF(stopped < floor || stopped > ceiling,
	        "the exited child's count is %lld ns; it spun %lld ns and used %lld (bounds "
	        "%lld..%lld)",
	        stopped, CHILD_SPIN_NS, child_cpu, floor, ceiling);
	ctest_note(
	    "attached child: %lld ns while it ran, %lld ns at its exit (its CPU time %lld ns)",
	    during, stopped, child_cpu);
	CHECK_OK(PAPI_detach(set));
	CHECK_OK(PAPI_cleanup_eventset(set));
	CHECK_OK(PAPI_destroy_eventset(&set));
}

/* The fds of this process that are perf events. */
static int perf_fds(void)
{
	int count = 0;
	DIR *dir = opendir("/proc/self/fd");
	struct dirent *entry;
	if (!dir)
		return -1;
	while ((entry = readdir(dir))) {
		char path[300], target[256];
		snprintf(path, sizeof path, "/proc/self/fd/%s", entry->d_name);
		ssize_t n = readlink(path, target, sizeof target - 1);
		if (n > 0) {
			target[n] = '\0';
			count += strstr(target, "perf_event") != NULL;
		}
	}
	closedir(dir);
	return count;
}

/* The program after the exec: a clean library. */
static _Noreturn void after_exec(void)
{
	const char *const names[] = {"perf::TASK-CLOCK"};
	long long value = 0;
	FAIL_IF(perf_fds() != 0, "%d perf event fds survived the exec", perf_fds());
	FAIL_IF(PAPI_is_initialized() != PAPI_NOT_INITED,
	        "PAPI_is_initialized() is %d after the exec", PAPI_is_initialized());
	ctest_library_init();
	int set = ctest_eventset_of(names, 1);
	CHECK_OK(PAPI_start(set));
	ctest_busy_cpu_ns(2000000);
	CHECK_OK(PAPI_stop(set, &value));
	FAIL_IF(value <= 0, "the exec'd program counted %lld ns of task clock", value);
	ctest_eventset_free(&set);
	ctest_note("after the exec: no perf fd, uninitialized, then counted %lld ns", value);
	ctest_pass();
}

int main(int argc, char **argv)
{
	const char *const names[] = {"perf::TASK-CLOCK"};

	ctest_init(argc, argv);
	if (argc > 1 && strcmp(argv[argc - 1], "--after-exec") == 0)
		after_exec();
	ctest_library_init();
	ctest_require_perf_events();
	attached_task_exits();

	/* Exec with a set running: argv with "--after-exec" appended. */
	int set = ctest_eventset_of(names, 1);
	CHECK_OK(PAPI_start(set));
	FAIL_IF(perf_fds() < 1, "no perf event fd open while a set runs");
	char *args[argc + 2];
	for (int i = 0; i < argc; i++)
		args[i] = argv[i];
	args[argc] = "--after-exec";
	args[argc + 1] = NULL;
	fflush(stdout);
	/* The program's own path where it has one: under Valgrind,
	 * /proc/self/exe is Valgrind. */
	execv(strchr(argv[0], '/') ? argv[0] : "/proc/self/exe", args);
	FAIL_IF(1, "execv: %s", strerror(errno));
}
