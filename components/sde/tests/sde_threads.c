// SPDX-License-Identifier: BSD-3-Clause
/* libsde is thread-safe: threads of a library create the same counter (one
 * handle), increment it concurrently, and register counters of their own,
 * while the main thread reads through PAPI. Every increment is counted:
 * the final read is exact, and reads in between never go down. */
#include <pthread.h>
#include <stdio.h>

#include "ctest_util.h"
#include "sde_lib.h"

#define THREADS    4
#define INCREMENTS 100000

static long long own_counters[THREADS];
static void *shared_handles[THREADS];

static void *work(void *arg)
{
	int index = (int)(intptr_t)arg;
	papi_handle_t library = papi_sde_init("Threads");
	char name[32];
	snprintf(name, sizeof(name), "thread_%d", index);
	papi_sde_register_counter(library, name, PAPI_SDE_RO | PAPI_SDE_DELTA, PAPI_SDE_long_long,
	                          &own_counters[index]);
	papi_sde_create_counter(library, "hits", PAPI_SDE_DELTA, &shared_handles[index]);
	for (int i = 0; i < INCREMENTS; i++) {
		papi_sde_inc_counter(shared_handles[index], 1);
		__atomic_add_fetch(&own_counters[index], 1, __ATOMIC_RELAXED);
	}
	return NULL;
}

int main(int argc, char **argv)
{
	pthread_t threads[THREADS];
	long long values[1], last = 0;
	int eventset;

	ctest_init(argc, argv);
	ctest_library_init();
	papi_handle_t library = papi_sde_init("Threads");
	void *hits;
	FAIL_IF(papi_sde_create_counter(library, "hits", PAPI_SDE_DELTA, &hits) != SDE_OK,
	        "papi_sde_create_counter failed");
	const char *const names[] = {"sde:::Threads::hits"};
	eventset = ctest_eventset_of(names, 1);
	CHECK_OK(PAPI_start(eventset));
	for (int t = 0; t < THREADS; t++)
		FAIL_IF(pthread_create(&threads[t], NULL, work, (void *)(intptr_t)t) != 0,
		        "pthread_create failed");
	for (int reads = 0; reads < 1000; reads++) {
		CHECK_OK(PAPI_read(eventset, values));
		FAIL_IF(values[0] < last || values[0] > (long long)THREADS * INCREMENTS,
		        "hits read %lld after %lld", values[0], last);
		last = values[0];
	}
	for (int t = 0; t < THREADS; t++)
		pthread_join(threads[t], NULL);
	CHECK_OK(PAPI_stop(eventset, values));
	FAIL_IF(values[0] != (long long)THREADS * INCREMENTS, "hits counted %lld, expected %lld",
	        values[0], (long long)THREADS * INCREMENTS);
	for (int t = 0; t < THREADS; t++)
		FAIL_IF(shared_handles[t] != hits, "thread %d got another handle for hits", t);
	ctest_eventset_free(&eventset);

	/* Each thread's own counter is listed and reads what it counted. */
	const char *const own[THREADS] = {"sde:::Threads::thread_0", "sde:::Threads::thread_1",
	                                  "sde:::Threads::thread_2", "sde:::Threads::thread_3"};
	eventset = ctest_eventset_of(own, THREADS);
	long long own_values[THREADS];
	CHECK_OK(PAPI_start(eventset));
	for (int t = 0; t < THREADS; t++)
		__atomic_add_fetch(&own_counters[t], t + 1, __ATOMIC_RELAXED);
	CHECK_OK(PAPI_stop(eventset, own_values));
	for (int t = 0; t < THREADS; t++)
		FAIL_IF(own_values[t] != t + 1 || own_counters[t] != INCREMENTS + t + 1,
		        "thread_%d read %lld (its variable holds %lld)", t, own_values[t],
		        own_counters[t]);
	ctest_eventset_free(&eventset);
	ctest_pass();
}
