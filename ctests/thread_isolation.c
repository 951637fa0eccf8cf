// SPDX-License-Identifier: BSD-3-Clause
/* 32 threads each count perf::TASK-CLOCK in their own set while every one
 * of them makes failing calls with bad arguments of its own (a set id no
 * other thread uses, an unknown name) in the middle of its count, and a
 * 33rd thread attaches a set of its own to one of the workers and detaches
 * it again and again. At the end each worker's reason still names its own
 * last failure, its set is still running and its count matches its own CPU
 * time: one thread's failing call never changes another thread's reason
 * or counts. Run by scripts/tsan-check under ThreadSanitizer and Helgrind. */
#include "ctest_util.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#define WORKERS       32
#define ATTACH_CYCLES 10
#define WORK_NS       20000000LL
#define FIRST_BAD_SET 70000

struct worker {
	int index;
	const char *failure;
	char reason[PAPI_HUGE_STR_LEN];
	long long value, floor, ceiling;
};

static struct worker workers[WORKERS];
static pthread_barrier_t failed_once, attacher_done;
static atomic_int attached_tid;
static const char *attacher_failure;
static long long attached_total;

static void *worker_thread(void *arg)
{
	struct worker *w = arg;
	int set = PAPI_NULL, state = 0, code = 0;
	char expected[64];

	if (w->index == 0)
		atomic_store(&attached_tid, (int)syscall(SYS_gettid));
	if (PAPI_register_thread() != PAPI_OK || PAPI_create_eventset(&set) != PAPI_OK ||
	    PAPI_add_named_event(set, "perf::TASK-CLOCK") != PAPI_OK) {
		w->failure = "could not make its set";
		pthread_barrier_wait(&failed_once);
		pthread_barrier_wait(&attacher_done);
		return NULL;
	}
	long switches = ctest_thread_switches();
	long long steal = ctest_irq_steal_ns();
	long long cpu = ctest_thread_cpu_ns();
	if (PAPI_start(set) != PAPI_OK)
		w->failure = "could not start its set";
	ctest_busy_cpu_ns(WORK_NS / 2);

	/* Failing calls of its own, while the others count and fail too. */
	if (PAPI_event_name_to_code("perf::NO_SUCH_EVENT_IN_THIS_TEST", &code) != PAPI_ENOEVNT)
		w->failure = "an unknown name did not give PAPI_ENOEVNT";
	if (PAPI_start(FIRST_BAD_SET + w->index) != PAPI_ENOEVST)
		w->failure = "a bad set id did not give PAPI_ENOEVST";
	if (PAPI_start(set) != PAPI_EISRUN)
		w->failure = "starting its running set again did not give PAPI_EISRUN";
	if (PAPI_read(FIRST_BAD_SET + w->index, NULL) != PAPI_ENOEVST)
		w->failure = "a read of a bad set id did not give PAPI_ENOEVST";
	pthread_barrier_wait(&failed_once);

	ctest_busy_cpu_ns(WORK_NS / 2);
	pthread_barrier_wait(&attacher_done);
	snprintf(w->reason, sizeof w->reason, "%s", PAPI_strreason());
	snprintf(expected, sizeof expected, "event set %d does not exist",
	         FIRST_BAD_SET + w->index);
	if (!w->failure && !strstr(w->reason, expected))
		w->failure = "its reason is not its own last failure";
	if (!w->failure && (PAPI_state(set, &state) != PAPI_OK || !(state & PAPI_RUNNING)))
		w->failure = "its set is no longer running";
	if (!w->failure && PAPI_stop(set, &w->value) != PAPI_OK)
		w->failure = "could not stop its set";
	long long used = ctest_thread_cpu_ns() - cpu;
	w->floor = ctest_clock_floor_ns(used, ctest_thread_switches() - switches);
	/* 34 threads on a loaded VM's CPUs: the hypervisor may take a CPU
	 * from one of them (52 ms counted for 22 ms of CPU time, once). */
	w->ceiling = ctest_clock_ceiling_ns(used, steal);
	PAPI_cleanup_eventset(set);
	PAPI_destroy_eventset(&set);
	PAPI_unregister_thread();
	return NULL;
}

/* Attaches its own set to worker 0 and detaches it, again and again, while
 * the workers count and fail. */
static void *attacher_thread(void *unused)
{
	int set = PAPI_NULL;
	(void)unused;
	if (PAPI_register_thread() != PAPI_OK || PAPI_create_eventset(&set) != PAPI_OK ||
	    PAPI_add_named_event(set, "perf::TASK-CLOCK") != PAPI_OK) {
		attacher_failure = "could not make its set";
		pthread_barrier_wait(&attacher_done);
		return NULL;
	}
	for (int i = 0; i < ATTACH_CYCLES && !attacher_failure; i++) {
		long long value = 0;
		if (PAPI_attach(set, (unsigned long)atomic_load(&attached_tid)) != PAPI_OK ||
		    PAPI_start(set) != PAPI_OK) {
			attacher_failure = "could not attach to worker 0 and start";
			break;
		}
		ctest_sleep_ns(2000000);
		if (PAPI_stop(set, &value) != PAPI_OK || PAPI_detach(set) != PAPI_OK)
			attacher_failure = "could not stop and detach";
		if (value < 0)
			attacher_failure = "an attached count was negative";
		attached_total += value;
	}
	PAPI_cleanup_eventset(set);
	PAPI_destroy_eventset(&set);
	PAPI_unregister_thread();
	pthread_barrier_wait(&attacher_done);
	return NULL;
}

int main(int argc, char **argv)
{
	pthread_t ids[WORKERS], attacher;

	ctest_init(argc, argv);
	ctest_library_init();
	ctest_require_perf_events();
	CHECK_OK(PAPI_thread_init((unsigned long (*)(void))pthread_self));
	FAIL_IF(pthread_barrier_init(&failed_once, NULL, WORKERS + 1) != 0, "barrier");
	FAIL_IF(pthread_barrier_init(&attacher_done, NULL, WORKERS + 1) != 0, "barrier");

	for (int i = 0; i < WORKERS; i++) {
		workers[i].index = i;
		FAIL_IF(pthread_create(&ids[i], NULL, worker_thread, &workers[i]) != 0,
		        "pthread_create");
	}
	/* The main thread fails too, with a reason of its own. */
	EXPECT_RC(PAPI_start(FIRST_BAD_SET - 1), PAPI_ENOEVST);
	pthread_barrier_wait(&failed_once);
	FAIL_IF(pthread_create(&attacher, NULL, attacher_thread, NULL) != 0, "pthread_create");
	pthread_join(attacher, NULL);
	for (int i = 0; i < WORKERS; i++)
		pthread_join(ids[i], NULL);

	FAIL_IF(attacher_failure, "the attaching thread: %s (%s)", attacher_failure,
	        PAPI_strreason());
	for (int i = 0; i < WORKERS; i++) {
		struct worker *w = &workers[i];
		FAIL_IF(w->failure, "worker %d: %s (reason: '%s')", i, w->failure, w->reason);
		FAIL_IF(w->value < w->floor || w->value > w->ceiling,
		        "worker %d counted %lld ns of task clock, its CPU time allows %lld..%lld",
		        i, w->value, w->floor, w->ceiling);
	}
	FAIL_IF(!strstr(PAPI_strreason(), "event set 69999 does not exist"),
	        "the main thread's reason is '%s', not its own last failure", PAPI_strreason());
	ctest_note("%d workers counted within their CPU time; %d attach cycles counted %lld ns of "
	           "worker 0",
	           WORKERS, ATTACH_CYCLES, attached_total);
	ctest_pass();
}
