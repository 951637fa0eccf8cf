// SPDX-License-Identifier: BSD-3-Clause
/* Overflow signals go to the thread that owns the event set: four threads,
 * each with its own set overflowing on perf::TASK-CLOCK every 1 ms, each
 * working a different time; every handler call runs in the set's own thread,
 * each set counts its own thread's CPU time (not less than the work, less
 * switch-ins, not more than the thread's CPU clock saw while it ran), and
 * each thread sees about as many calls as that count allows. */
#include "ctest_util.h"

#include <pthread.h>
#include <stdatomic.h>
#include <sys/syscall.h>
#include <unistd.h>

#define THREADS      4
#define THRESHOLD_NS 1000000

struct worker {
	pthread_t thread;
	pid_t tid;
	int eventset;
	long long work_ns;
	long long counted;
	long long cpu_ns; /* the thread's CPU time from PAPI_start to PAPI_stop */
	long long steal;  /* ctest_irq_steal_ns before the start */
	long switches;    /* its switch-ins meanwhile */
	atomic_int calls;
	atomic_int wrong_thread;
	int status;
};

static struct worker workers[THREADS];
static _Thread_local struct worker *self;
static atomic_int foreign_calls;

/* Each thread knows its own worker; a call for another thread's set, or in
 * a thread that owns no set, is counted against the test. */
static void handler(int eventset, void *address, long long vector, void *context)
{
	(void)address;
	(void)vector;
	(void)context;
	if (!self) {
		atomic_fetch_add(&foreign_calls, 1);
		return;
	}
	atomic_fetch_add(&self->calls, 1);
	if (eventset != self->eventset || (pid_t)syscall(SYS_gettid) != self->tid)
		atomic_fetch_add(&self->wrong_thread, 1);
}

static void *work(void *arg)
{
	struct worker *worker = arg;
	int code;

	worker->tid = (pid_t)syscall(SYS_gettid);
	self = worker;
	worker->status = PAPI_create_eventset(&worker->eventset);
	if (worker->status == PAPI_OK)
		worker->status = PAPI_event_name_to_code("perf::TASK-CLOCK", &code);
	if (worker->status == PAPI_OK)
		worker->status = PAPI_add_event(worker->eventset, code);
	if (worker->status == PAPI_OK)
		worker->status = PAPI_overflow(worker->eventset, code, THRESHOLD_NS, 0, handler);
	worker->steal = ctest_irq_steal_ns();
	if (worker->status == PAPI_OK)
		worker->status = PAPI_start(worker->eventset);
	if (worker->status != PAPI_OK)
		return NULL;
	long long cpu0 = ctest_thread_cpu_ns();
	long switches0 = ctest_thread_switches();
	ctest_busy_cpu_ns(worker->work_ns);
	worker->status = PAPI_stop(worker->eventset, &worker->counted);
	worker->cpu_ns = ctest_thread_cpu_ns() - cpu0;
	worker->switches = ctest_thread_switches() - switches0;
	if (worker->status == PAPI_OK)
		worker->status = PAPI_overflow(worker->eventset, code, 0, 0, handler);
	if (worker->status == PAPI_OK)
		worker->status = PAPI_cleanup_eventset(worker->eventset);
	if (worker->status == PAPI_OK)
		worker->status = PAPI_destroy_eventset(&worker->eventset);
	worker->eventset = -2;
	return NULL;
}

int main(int argc, char **argv)
{
	ctest_init(argc, argv);
	ctest_library_init();
	ctest_require_perf_events();
	CHECK_OK(PAPI_thread_init((unsigned long (*)(void))pthread_self));
	for (int w = 0; w < THREADS; w++) {
		workers[w].eventset = PAPI_NULL;
		workers[w].work_ns = 50000000LL * (w + 1);
		FAIL_IF(pthread_create(&workers[w].thread, NULL, work, &workers[w]) != 0,
		        "pthread_create failed");
	}
	for (int w = 0; w < THREADS; w++)
		pthread_join(workers[w].thread, NULL);
	for (int w = 0; w < THREADS; w++) {
		struct worker *worker = &workers[w];
		long long expected = worker->counted / THRESHOLD_NS;
		int calls = atomic_load(&worker->calls);

		FAIL_IF(worker->status != PAPI_OK, "thread %d failed with %s", w,
		        ctest_errname(worker->status));
		ctest_note("thread %d: %lld ns counted, %d overflows", w, worker->counted, calls);
		/* The count is the thread's own: at least its work (perf's clock
		 * misses a little at each switch-in), at most its CPU time from
		 * start to stop with the handlers'. */
		FAIL_IF(worker->counted < ctest_clock_floor_ns(worker->work_ns, worker->switches) ||
		            worker->counted > ctest_clock_ceiling_ns(worker->cpu_ns, worker->steal),
		        "thread %d: TASK-CLOCK counted %lld ns for %lld ns of work (%lld ns of its "
		        "CPU time from start to stop, %ld switch-ins)",
		        w, worker->counted, worker->work_ns, worker->cpu_ns, worker->switches);
		FAIL_IF(atomic_load(&worker->wrong_thread) != 0,
		        "thread %d: %d handler calls ran in another thread", w,
		        atomic_load(&worker->wrong_thread));
		FAIL_IF(calls < expected * 7 / 10 || calls > expected + 2,
		        "thread %d: %d overflows for %lld ns at %d ns", w, calls, worker->counted,
		        THRESHOLD_NS);
	}
	FAIL_IF(atomic_load(&foreign_calls) != 0, "%d handler calls in a thread owning no set",
	        atomic_load(&foreign_calls));
	ctest_pass();
}
