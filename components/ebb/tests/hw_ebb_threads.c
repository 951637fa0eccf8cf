// SPDX-License-Identifier: BSD-3-Clause
/* EBB state is per thread: three threads each open their own EBB set
 * (PM_RUN_CYC, PMC6) with an overflow threshold and loop a different
 * number of cycles, at the same time (one guest CPU: they take turns, and
 * the kernel switches each thread's PMU state with it). Each thread's
 * callbacks run in that thread, on its own set, and its N callbacks agree
 * with its own count as in hw_ebb_overflow: N T <= count < (N + 1) T + N
 * slack. */
#include "hw_common.c"
#include "hw_ebb_common.c"

#include <pthread.h>
#include <stdatomic.h>

#define THREADS           3
#define EBB_THRESHOLD     1000000LL
#define EBB_SLACK_PER_EBB 4096LL

struct worker {
	pthread_t thread;
	pid_t tid;
	int eventset;
	uint64_t iterations;
	int status;
	long long counted;
	atomic_long calls;
	atomic_long wrong;
};

static struct worker workers[THREADS];
static _Thread_local struct worker *self;
static atomic_long foreign;

static void count_overflow(int eventset, void *address, long long vector, void *context)
{
	(void)address;
	(void)vector;
	(void)context;
	if (!self) {
		atomic_fetch_add(&foreign, 1);
		return;
	}
	atomic_fetch_add(&self->calls, 1);
	if (eventset != self->eventset || (pid_t)syscall(SYS_gettid) != self->tid)
		atomic_fetch_add(&self->wrong, 1);
}

static void *work(void *arg)
{
	struct worker *worker = arg;
	int code = 0;
	worker->tid = (pid_t)syscall(SYS_gettid);
	self = worker;
	worker->status = PAPI_create_eventset(&worker->eventset);
	if (worker->status == PAPI_OK)
		worker->status = PAPI_event_name_to_code("ebb::PM_RUN_CYC", &code);
	if (worker->status == PAPI_OK)
		worker->status = PAPI_add_event(worker->eventset, code);
	if (worker->status == PAPI_OK)
		worker->status =
		    PAPI_overflow(worker->eventset, code, (int)EBB_THRESHOLD, 0, count_overflow);
	if (worker->status == PAPI_OK)
		worker->status = PAPI_start(worker->eventset);
	if (worker->status != PAPI_OK)
		return NULL;
	hw_loop(worker->iterations);
	worker->status = PAPI_stop(worker->eventset, &worker->counted);
	if (worker->status == PAPI_OK)
		worker->status = PAPI_cleanup_eventset(worker->eventset);
	if (worker->status == PAPI_OK)
		worker->status = PAPI_destroy_eventset(&worker->eventset);
	return NULL;
}

int main(int argc, char **argv)
{
	ctest_init(argc, argv);
	ctest_library_init();
	hw_ebb_cidx();
	CHECK_OK(PAPI_thread_init((unsigned long (*)(void))pthread_self));
	for (int w = 0; w < THREADS; w++) {
		workers[w].eventset = PAPI_NULL;
		workers[w].iterations = (uint64_t)((w + 1) * 20 * EBB_THRESHOLD / 2);
		FAIL_IF(pthread_create(&workers[w].thread, NULL, work, &workers[w]) != 0,
		        "pthread_create failed");
	}
	for (int w = 0; w < THREADS; w++)
		pthread_join(workers[w].thread, NULL);
	FAIL_IF(atomic_load(&foreign) != 0, "%ld callbacks ran outside the counting threads",
	        atomic_load(&foreign));
	for (int w = 0; w < THREADS; w++) {
		struct worker *worker = &workers[w];
		long n = atomic_load(&worker->calls);
		FAIL_IF(worker->status != PAPI_OK, "thread %d failed with %s", w,
		        ctest_errname(worker->status));
		ctest_note("thread %d: loop of %llu cycles, %ld EBBs, count %lld", w,
		           (unsigned long long)(2 * worker->iterations), n, worker->counted);
		FAIL_IF(atomic_load(&worker->wrong) != 0,
		        "thread %d: %ld callbacks ran in another thread or for another set", w,
		        atomic_load(&worker->wrong));
		FAIL_IF(worker->counted < (long long)(2 * worker->iterations),
		        "thread %d counted %lld cycles for a %llu-cycle loop", w, worker->counted,
		        (unsigned long long)(2 * worker->iterations));
		FAIL_IF(worker->counted < n * EBB_THRESHOLD ||
		            worker->counted >= (n + 1) * EBB_THRESHOLD + n * EBB_SLACK_PER_EBB,
		        "thread %d: %ld callbacks for %lld cycles at threshold %lld", w, n,
		        worker->counted, EBB_THRESHOLD);
	}
	ctest_pass();
}
