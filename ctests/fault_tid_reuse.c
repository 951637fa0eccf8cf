// SPDX-License-Identifier: BSD-3-Clause
/* A set attached to a task that exited, whose id the kernel then gives to a
 * new task: kill(TID, 0) succeeds and /proc/TID shows a live task, yet the
 * set's events are the old task's, in the kernel's exit state, and would
 * count nothing. PAPI_start must refuse with PAPI_EINVAL and the reason
 * (the perf_event component polls its events for POLLHUP), the set's
 * counts so far stay readable, it can be detached and destroyed, and a new
 * set attached to the new task counts it.
 *
 * The id is reused on purpose: /proc/sys/kernel/ns_last_pid set to TID - 1
 * makes the next fork get TID (root only: skips otherwise, with the
 * reason; another process forking in between takes the id, so it tries a
 * few times). */
#include "ctest_util.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#define SPIN_NS     20000000LL
#define REUSE_TRIES 50

static const char ns_last_pid[] = "/proc/sys/kernel/ns_last_pid";

/* A child that waits for a byte on go, spins, and exits. */
static pid_t spinner(int go[2])
{
	char byte;
	FAIL_IF(pipe(go) != 0, "pipe: %s", strerror(errno));
	pid_t child = fork();
	FAIL_IF(child < 0, "fork: %s", strerror(errno));
	if (child == 0) {
		close(go[1]);
		if (read(go[0], &byte, 1) != 1)
			_exit(2);
		ctest_busy_cpu_ns(SPIN_NS);
		_exit(0);
	}
	close(go[0]);
	return child;
}

static void release_and_reap(int go[2], pid_t child, struct rusage *usage)
{
	int status = 0;
	FAIL_IF(write(go[1], "x", 1) != 1, "write: %s", strerror(errno));
	close(go[1]);
	FAIL_IF(wait4(child, &status, 0, usage) != child, "wait4: %s", strerror(errno));
	FAIL_IF(!WIFEXITED(status) || WEXITSTATUS(status) != 0, "child %d failed (status %#x)",
	        (int)child, (unsigned)status);
}

static bool set_last_pid(pid_t pid)
{
	FILE *file = fopen(ns_last_pid, "w");
	if (!file)
		return false;
	bool done = fprintf(file, "%d", (int)pid) > 0;
	return fclose(file) == 0 && done;
}

/* A new spinner with id tid, or -1 when other forks kept taking it. */
static pid_t spinner_with_id(pid_t tid, int go[2])
{
	for (int i = 0; i < REUSE_TRIES; i++) {
		FAIL_IF(!set_last_pid(tid - 1), "cannot write %s: %s", ns_last_pid,
		        strerror(errno));
		pid_t child = spinner(go);
		if (child == tid)
			return child;
		kill(child, SIGKILL);
		close(go[1]);
		waitpid(child, NULL, 0);
	}
	return -1;
}

static int attached_set(pid_t tid)
{
	int set = PAPI_NULL;
	CHECK_OK(PAPI_create_eventset(&set));
	CHECK_OK(PAPI_assign_eventset_component(set, ctest_perf_event_cidx()));
	CHECK_OK(PAPI_attach(set, (unsigned long)tid));
	CHECK_OK(PAPI_add_named_event(set, "perf::TASK-CLOCK"));
	return set;
}

static void check_cpu_time(long long count, const struct rusage *usage, long long steal,
                           const char *what)
{
	long long cpu = (usage->ru_utime.tv_sec + usage->ru_stime.tv_sec) * 1000000000LL +
	                (usage->ru_utime.tv_usec + usage->ru_stime.tv_usec) * 1000LL;
	long long floor = ctest_clock_floor_ns(SPIN_NS, usage->ru_nvcsw + usage->ru_nivcsw);
	long long ceiling = ctest_clock_ceiling_ns(cpu + 2000, steal);
	FAIL_IF(count < floor || count > ceiling,
	        "%s counted %lld ns; it spun %lld ns and used %lld (bounds %lld..%lld)", what,
	        count, SPIN_NS, cpu, floor, ceiling);
}

int main(int argc, char **argv)
{
	int go[2], set, again_set;
	long long stopped = 0, after = 0, fresh = 0;
	struct rusage usage;

	ctest_init(argc, argv);
	ctest_library_init();
	ctest_require_perf_events();
	SKIP_IF(access(ns_last_pid, W_OK) != 0,
	        "%s is not writable here (root in the initial pid namespace is needed to give "
	        "a new task an exited one's id)",
	        ns_last_pid);

	/* The first task: counted to its exit, then reaped. */
	long long steal = ctest_irq_steal_ns();
	pid_t tid = spinner(go);
	set = attached_set(tid);
	CHECK_OK(PAPI_start(set));
	release_and_reap(go, tid, &usage);
	CHECK_OK(PAPI_stop(set, &stopped));
	check_cpu_time(stopped, &usage, steal, "the first task");

	/* Its id given to a new, live task. */
	pid_t reused = spinner_with_id(tid, go);
	if (reused < 0)
		ctest_skip("other processes took task id %d in each of %d tries", (int)tid,
		           REUSE_TRIES);
	FAIL_IF(kill(tid, 0) != 0 || ctest_task_state(tid) == 'Z' || ctest_task_state(tid) == '?',
	        "task %d is not a live task again (state %c)", (int)tid, ctest_task_state(tid));
	EXPECT_RC(PAPI_start(set), PAPI_EINVAL);
	FAIL_IF(!strstr(PAPI_strreason(), "has exited"),
	        "the reason does not say the task exited: %s", PAPI_strreason());
	CHECK_OK(PAPI_read(set, &after));
	FAIL_IF(after != stopped, "the stopped count changed from %lld to %lld", stopped, after);

	/* A set attached now counts the new task. */
	steal = ctest_irq_steal_ns();
	again_set = attached_set(reused);
	CHECK_OK(PAPI_start(again_set));
	release_and_reap(go, reused, &usage);
	CHECK_OK(PAPI_stop(again_set, &fresh));
	check_cpu_time(fresh, &usage, steal, "the task with the reused id");
	ctest_note("task %d: %lld ns to its exit; the same id again: start refused (%s), a new "
	           "set counted %lld ns",
	           (int)tid, stopped, PAPI_strreason(), fresh);

	for (int *each = &set; each; each = each == &set ? &again_set : NULL) {
		CHECK_OK(PAPI_detach(*each));
		CHECK_OK(PAPI_cleanup_eventset(*each));
		CHECK_OK(PAPI_destroy_eventset(each));
	}
	ctest_pass();
}
