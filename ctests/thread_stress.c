// SPDX-License-Identifier: BSD-3-Clause
/* 32 threads at once, each 20 times: register, create an event set, add
 * perf::TASK-CLOCK and perf::PAGE-FAULTS, start, work, read twice (counts
 * grow), stop, check the counts, clean up and destroy, then unregister;
 * meanwhile the main thread lists threads. Nothing fails, nothing leaks
 * (the library frees what PAPI_shutdown must), and ThreadSanitizer builds
 * (scripts/tsan-check) report no race. */
#include "ctest_util.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

#define THREADS 32
#define ROUNDS  20

static atomic_int failures;
static atomic_int finished;
static char failure_text[256];
static pthread_mutex_t text_lock = PTHREAD_MUTEX_INITIALIZER;

static void fail(const char *what, int rc)
{
	pthread_mutex_lock(&text_lock);
	if (atomic_fetch_add(&failures, 1) == 0)
		snprintf(failure_text, sizeof(failure_text), "%s: %s", what, ctest_errname(rc));
	pthread_mutex_unlock(&text_lock);
}

#define TRY(call)                                                                                  \
	do {                                                                                       \
		int rc_ = (call);                                                                  \
		if (rc_ != PAPI_OK) {                                                              \
			fail(#call, rc_);                                                          \
			return NULL;                                                               \
		}                                                                                  \
	} while (0)

static void *worker(void *arg)
{
	char *page = arg;

	TRY(PAPI_register_thread());
	for (int round = 0; round < ROUNDS; round++) {
		int eventset = PAPI_NULL;
		long long first[2], second[2], last[2];

		TRY(PAPI_create_eventset(&eventset));
		TRY(PAPI_add_named_event(eventset, "perf::TASK-CLOCK"));
		TRY(PAPI_add_named_event(eventset, "perf::PAGE-FAULTS"));
		TRY(PAPI_set_thr_specific(PAPI_USR1_TLS, &eventset));
		TRY(PAPI_start(eventset));
		ctest_busy_cpu_ns(500000);
		TRY(PAPI_read(eventset, first));
		page[(size_t)round * ctest_page_size()] = 1; /* one fault */
		ctest_busy_cpu_ns(500000);
		TRY(PAPI_read(eventset, second));
		TRY(PAPI_stop(eventset, last));
		if (first[0] <= 0 || second[0] <= first[0] || last[0] < second[0] || last[1] < 1)
			fail("counts did not grow", (int)last[1]);
		TRY(PAPI_cleanup_eventset(eventset));
		TRY(PAPI_destroy_eventset(&eventset));
	}
	TRY(PAPI_unregister_thread());
	atomic_fetch_add(&finished, 1);
	return NULL;
}

int main(int argc, char **argv)
{
	pthread_t threads[THREADS];
	char *pages[THREADS];

	ctest_init(argc, argv);
	ctest_library_init();
	ctest_require_perf_events();
	CHECK_OK(PAPI_thread_init((unsigned long (*)(void))pthread_self));
	for (int t = 0; t < THREADS; t++) {
		pages[t] = ctest_fresh_pages(ROUNDS);
		FAIL_IF(pthread_create(&threads[t], NULL, worker, pages[t]) != 0,
		        "pthread_create failed");
	}
	while (atomic_load(&finished) + atomic_load(&failures) < THREADS) {
		unsigned long ids[THREADS + 1];
		int number = THREADS + 1;
		CHECK_OK(PAPI_list_threads(ids, &number));
		FAIL_IF(number > THREADS + 1, "%d threads listed", number);
		ctest_sleep_ns(1000000);
	}
	for (int t = 0; t < THREADS; t++) {
		pthread_join(threads[t], NULL);
		ctest_free_pages(pages[t], ROUNDS);
	}
	FAIL_IF(atomic_load(&failures) != 0, "%d failures, first: %s", atomic_load(&failures),
	        failure_text);
	{
		int number = 0;
		CHECK_OK(PAPI_list_threads(NULL, &number));
		FAIL_IF(number != 1, "%d threads listed after all unregistered", number);
	}
	ctest_pass();
}
