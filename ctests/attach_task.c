// SPDX-License-Identifier: BSD-3-Clause
/* PAPI_attach/PAPI_detach: a set attached to a busy child process counts the
 * child's CPU time as its own CPU clock tells it, not ours (we sleep); attached to another thread
 * of this process it counts that thread. PAPI_ATTACH reads back the tid. Attaching twice, detaching
 * what is not attached, attaching a running set, a set without component, and a process that does
 * not exist fail precisely; as an unprivileged user, attaching to init is PAPI_EPERM with a reason
 * that names ptrace. */
#include "ctest_util.h"

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static atomic_int stop_worker;
static atomic_int worker_tid;

static void *busy_thread(void *arg)
{
	(void)arg;
	atomic_store(&worker_tid, (int)syscall(SYS_gettid));
	while (!atomic_load(&stop_worker))
		ctest_busy_cpu_ns(1000000);
	return NULL;
}

/* An unused pid: beyond pid_max, or the first free one above ours. */
static pid_t missing_pid(void)
{
	long max = 4194304;
	ctest_read_long("/proc/sys/kernel/pid_max", &max);
	for (pid_t pid = (pid_t)max - 1; pid > 1; pid--) {
		char path[64];
		snprintf(path, sizeof(path), "/proc/%d", (int)pid);
		if (!ctest_path_exists(path))
			return pid;
	}
	return (pid_t)max + 1;
}

/* Counts an attached busy task until it has run want_ns of CPU time by its
 * own clock, and checks the count against that clock. Waiting for CPU time
 * rather than sleeping a fixed wall time: on a loaded machine the task may
 * get little of the CPU in a given wall time, and that is no fault. */
static void count_busy_task(int eventset, pid_t tid, clockid_t clock, long long want_ns,
                            const char *what)
{
	long long value, before, started, stopped, after;
	long switches = ctest_task_switches(tid);
	long long deadline = ctest_monotonic_ns() + 20000000000LL;

	long long irq_steal = ctest_irq_steal_ns();
	before = ctest_clock_ns(clock);
	CHECK_OK(PAPI_start(eventset));
	started = ctest_clock_ns(clock);
	while ((stopped = ctest_clock_ns(clock)) - started < want_ns &&
	       ctest_monotonic_ns() < deadline)
		ctest_sleep_ns(2000000);
	CHECK_OK(PAPI_stop(eventset, &value));
	after = ctest_clock_ns(clock);
	switches = ctest_task_switches(tid) - switches;
	ctest_note("attached to %s: %lld ns counted; it ran %lld ns of CPU while counted "
	           "(%lld with start and stop), switched in %ld times",
	           what, value, stopped - started, after - before, switches);
	FAIL_IF(stopped - started < want_ns, "%s ran only %lld ns of CPU in 20 s", what,
	        stopped - started);
	FAIL_IF(value < ctest_clock_floor_ns(stopped - started, switches),
	        "%s counted %lld ns while it ran %lld ns of CPU (%ld switches)", what, value,
	        stopped - started, switches);
	/* Above: perf's task clock runs on sched_clock while the task is on a
	 * CPU; its CPU clock leaves out the interrupt and steal time the
	 * scheduler takes off (rq_clock_task): 0.35% more seen on a loaded VM. */
	FAIL_IF(value > ctest_clock_ceiling_ns(after - before, irq_steal),
	        "%s counted %lld ns, more than the %lld ns of CPU it ran (ceiling %lld)", what,
	        value, after - before, ctest_clock_ceiling_ns(after - before, irq_steal));
}

/* Attaching to init (pid 1): refused unless privileged. */
static int attach_to_init(int eventset)
{
	return PAPI_attach(eventset, 1);
}

int main(int argc, char **argv)
{
	const char *const names[] = {"perf::TASK-CLOCK"};
	int eventset, empty = PAPI_NULL, state, status;
	long long value;
	PAPI_option_t option;
	clockid_t task_clock;
	pid_t child;
	pthread_t thread;

	ctest_init(argc, argv);
	ctest_library_init();
	ctest_require_perf_events();

	child = fork();
	FAIL_IF(child < 0, "fork failed");
	if (child == 0) {
		ctest_busy_cpu_ns(5000000000LL);
		_exit(0);
	}
	eventset = ctest_eventset_of(names, 1);
	CHECK_OK(PAPI_attach(eventset, (unsigned long)child));
	CHECK_OK(PAPI_state(eventset, &state));
	FAIL_IF(!(state & PAPI_ATTACHED), "state %#x lacks PAPI_ATTACHED", state);
	memset(&option, 0, sizeof(option));
	option.attach.eventset = eventset;
	FAIL_IF(PAPI_get_opt(PAPI_ATTACH, &option) != 1 ||
	            option.attach.tid != (unsigned long)child,
	        "PAPI_get_opt(PAPI_ATTACH) says tid %lu", option.attach.tid);
	EXPECT_RC(PAPI_attach(eventset, (unsigned long)child), PAPI_EINVAL);
	CHECK_OK(PAPI_start(eventset));
	EXPECT_RC(PAPI_detach(eventset), PAPI_EISRUN);
	CHECK_OK(PAPI_stop(eventset, &value));
	FAIL_IF(clock_getcpuclockid(child, &task_clock) != 0, "no CPU clock for child %d",
	        (int)child);
	count_busy_task(eventset, child, task_clock, 100000000, "the busy child");
	kill(child, SIGKILL);
	waitpid(child, &status, 0);
	CHECK_OK(PAPI_detach(eventset));
	EXPECT_RC(PAPI_detach(eventset), PAPI_EINVAL);
	CHECK_OK(PAPI_start(eventset));
	ctest_sleep_ns(50000000);
	CHECK_OK(PAPI_stop(eventset, &value));
	FAIL_IF(value > 20000000, "detached, our sleep counted %lld ns", value);

	/* Another thread of this process. */
	FAIL_IF(pthread_create(&thread, NULL, busy_thread, NULL) != 0, "pthread_create failed");
	while (!atomic_load(&worker_tid))
		ctest_sleep_ns(1000000);
	CHECK_OK(PAPI_attach(eventset, (unsigned long)atomic_load(&worker_tid)));
	FAIL_IF(pthread_getcpuclockid(thread, &task_clock) != 0, "no CPU clock for the thread");
	count_busy_task(eventset, (pid_t)atomic_load(&worker_tid), task_clock, 50000000,
	                "the busy thread");
	atomic_store(&stop_worker, 1);
	pthread_join(thread, NULL);
	CHECK_OK(PAPI_detach(eventset));

	/* Refusals. */
	{
		pid_t nobody = missing_pid();
		int rc = PAPI_attach(eventset, (unsigned long)nobody);
		FAIL_IF(rc != PAPI_EINVAL, "attach to missing pid %d returned %s", (int)nobody,
		        ctest_errname(rc));
		CHECK_OK(PAPI_create_eventset(&empty));
		EXPECT_RC(PAPI_attach(empty, (unsigned long)getpid()), PAPI_ENOCMP);
		CHECK_OK(PAPI_assign_eventset_component(empty, ctest_perf_event_cidx()));
		EXPECT_RC(PAPI_attach(empty, (unsigned long)nobody), PAPI_EINVAL);
		EXPECT_RC(PAPI_attach(4242, (unsigned long)getpid()), PAPI_ENOEVST);
		CHECK_OK(PAPI_destroy_eventset(&empty));
	}
	if (geteuid() == 0) {
		ctest_expect_refused_as_nobody(attach_to_init, "ptrace", "attaching to init");
	} else {
		ctest_note("not root: the unprivileged attach case is not tried");
	}
	ctest_eventset_free(&eventset);
	ctest_pass();
}
