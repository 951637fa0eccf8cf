// SPDX-License-Identifier: BSD-3-Clause
/* Thread-specific slots: each thread's PAPI_USR1_TLS/PAPI_USR2_TLS hold its
 * own pointers (NULL until set); PAPI_TLS_ALL_THREADS collects every
 * registered thread's id and slot, up to the room given; tags outside the
 * slots and NULL pointers are refused. */
#include "ctest_util.h"

#include <pthread.h>

#define THREADS 4

static pthread_barrier_t ready, done;
static int values[THREADS + 1];
static int failures;
static pthread_mutex_t failures_lock = PTHREAD_MUTEX_INITIALIZER;

static void note_failure(void)
{
	pthread_mutex_lock(&failures_lock);
	failures++;
	pthread_mutex_unlock(&failures_lock);
}

static void *worker(void *arg)
{
	int *mine = arg;
	void *got = (void *)1;

	if (PAPI_get_thr_specific(PAPI_USR1_TLS, &got) != PAPI_OK || got != NULL)
		note_failure();
	if (PAPI_set_thr_specific(PAPI_USR1_TLS, mine) != PAPI_OK ||
	    PAPI_set_thr_specific(PAPI_USR2_TLS, mine + 1) != PAPI_OK)
		note_failure();
	pthread_barrier_wait(&ready);
	if (PAPI_get_thr_specific(PAPI_USR1_TLS, &got) != PAPI_OK || got != mine)
		note_failure();
	if (PAPI_get_thr_specific(PAPI_USR2_TLS, &got) != PAPI_OK || got != mine + 1)
		note_failure();
	pthread_barrier_wait(&done);
	return NULL;
}

int main(int argc, char **argv)
{
	pthread_t threads[THREADS];
	unsigned long ids[THREADS + 2];
	void *data[THREADS + 2];
	PAPI_all_thr_spec_t all;
	void *got;

	ctest_init(argc, argv);
	ctest_library_init();
	CHECK_OK(PAPI_thread_init((unsigned long (*)(void))pthread_self));
	EXPECT_RC(PAPI_get_thr_specific(PAPI_NUM_TLS, &got), PAPI_EINVAL);
	EXPECT_RC(PAPI_get_thr_specific(-1, &got), PAPI_EINVAL);
	EXPECT_RC(PAPI_set_thr_specific(PAPI_NUM_TLS, &got), PAPI_EINVAL);
	EXPECT_RC(PAPI_get_thr_specific(PAPI_USR1_TLS, NULL), PAPI_EINVAL);
	EXPECT_RC(PAPI_get_thr_specific(PAPI_USR1_TLS | PAPI_TLS_ALL_THREADS, NULL), PAPI_EINVAL);
	CHECK_OK(PAPI_set_thr_specific(PAPI_USR1_TLS, &values[THREADS]));

	pthread_barrier_init(&ready, NULL, THREADS + 1);
	pthread_barrier_init(&done, NULL, THREADS + 1);
	for (int t = 0; t < THREADS; t++)
		FAIL_IF(pthread_create(&threads[t], NULL, worker, &values[t]) != 0,
		        "pthread_create failed");
	pthread_barrier_wait(&ready);

	all.num = THREADS + 2;
	all.id = ids;
	all.data = data;
	CHECK_OK(PAPI_get_thr_specific(PAPI_USR1_TLS | PAPI_TLS_ALL_THREADS, (void **)&all));
	FAIL_IF(all.num != THREADS + 1, "%d threads collected, expected %d", all.num, THREADS + 1);
	for (int t = 0; t <= THREADS; t++) {
		int seen = 0;
		for (int i = 0; i < all.num; i++)
			seen += data[i] == &values[t];
		FAIL_IF(seen != 1, "thread %d's slot appears %d times", t, seen);
	}
	all.num = 2;
	CHECK_OK(PAPI_get_thr_specific(PAPI_USR1_TLS | PAPI_TLS_ALL_THREADS, (void **)&all));
	FAIL_IF(all.num != 2, "with room for 2, %d threads collected", all.num);

	pthread_barrier_wait(&done);
	for (int t = 0; t < THREADS; t++)
		pthread_join(threads[t], NULL);
	FAIL_IF(failures != 0, "%d slot checks failed in the threads", failures);
	CHECK_OK(PAPI_get_thr_specific(PAPI_USR1_TLS, &got));
	FAIL_IF(got != &values[THREADS], "the main thread's slot changed");
	ctest_pass();
}
