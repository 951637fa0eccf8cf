// SPDX-License-Identifier: BSD-3-Clause
/* PAPI_lock/PAPI_unlock: 8 threads each add 100000 times to two counters,
 * one under PAPI_USR1_LOCK and one under PAPI_USR2_LOCK; no update is lost.
 * Lock numbers outside the two are refused. */
#include "ctest_util.h"

#include <pthread.h>

#define THREADS    8
#define ITERATIONS 100000

static long long first, second;
static int lock_failures;

static void *worker(void *arg)
{
	(void)arg;
	for (int i = 0; i < ITERATIONS; i++) {
		if (PAPI_lock(PAPI_USR1_LOCK) != PAPI_OK)
			__atomic_add_fetch(&lock_failures, 1, __ATOMIC_RELAXED);
		first++;
		PAPI_unlock(PAPI_USR1_LOCK);
		PAPI_lock(PAPI_USR2_LOCK);
		second += 2;
		PAPI_unlock(PAPI_USR2_LOCK);
	}
	return NULL;
}

int main(int argc, char **argv)
{
	pthread_t threads[THREADS];

	ctest_init(argc, argv);
	ctest_library_init();
	CHECK_OK(PAPI_thread_init((unsigned long (*)(void))pthread_self));
	EXPECT_RC(PAPI_lock(PAPI_NUM_LOCK), PAPI_EINVAL);
	EXPECT_RC(PAPI_lock(-1), PAPI_EINVAL);
	EXPECT_RC(PAPI_unlock(PAPI_NUM_LOCK), PAPI_EINVAL);
	for (int t = 0; t < THREADS; t++)
		FAIL_IF(pthread_create(&threads[t], NULL, worker, NULL) != 0,
		        "pthread_create failed");
	for (int t = 0; t < THREADS; t++)
		pthread_join(threads[t], NULL);
	FAIL_IF(lock_failures != 0, "PAPI_lock failed %d times", lock_failures);
	FAIL_IF(first != (long long)THREADS * ITERATIONS,
	        "USR1-locked counter is %lld, expected %lld", first,
	        (long long)THREADS * ITERATIONS);
	FAIL_IF(second != 2LL * THREADS * ITERATIONS, "USR2-locked counter is %lld, expected %lld",
	        second, 2LL * THREADS * ITERATIONS);
	ctest_pass();
}
