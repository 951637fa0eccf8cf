// SPDX-License-Identifier: BSD-3-Clause
/* Thread registration: PAPI_thread_init needs an initialized library; until
 * it is called PAPI_thread_id returns PAPI_EMISC (as PAPI does), then the id
 * function's value. The initializing thread is listed; a thread that creates
 * an event set or calls PAPI_register_thread is listed too, with its id;
 * PAPI_unregister_thread forgets it (twice: PAPI_EMISC), and a thread that
 * exits without unregistering is forgotten. PAPI_list_threads counts with a
 * NULL array and refuses a negative count. */
#include "ctest_util.h"

#include <pthread.h>
#include <stdatomic.h>

static pthread_barrier_t registered, checked;
static unsigned long worker_id;
static int worker_rc[4];

static int listed(unsigned long id)
{
	unsigned long ids[64];
	int number = 64;

	if (PAPI_list_threads(ids, &number) != PAPI_OK)
		return -1;
	for (int i = 0; i < number && i < 64; i++)
		if (ids[i] == id)
			return 1;
	return 0;
}

static void *worker(void *arg)
{
	(void)arg;
	worker_rc[0] = PAPI_register_thread();
	worker_id = PAPI_thread_id();
	pthread_barrier_wait(&registered);
	pthread_barrier_wait(&checked);
	worker_rc[1] = PAPI_unregister_thread();
	worker_rc[2] = PAPI_unregister_thread();
	return NULL;
}

static void *creator(void *arg)
{
	int eventset = PAPI_NULL;

	(void)arg;
	worker_rc[3] = PAPI_create_eventset(&eventset);
	worker_id = PAPI_thread_id();
	if (worker_rc[3] == PAPI_OK)
		worker_rc[3] = PAPI_destroy_eventset(&eventset);
	pthread_barrier_wait(&registered);
	pthread_barrier_wait(&checked);
	return NULL; /* exits registered */
}

int main(int argc, char **argv)
{
	pthread_t thread;
	int number;

	ctest_init(argc, argv);
	EXPECT_RC(PAPI_thread_init((unsigned long (*)(void))pthread_self), PAPI_ENOINIT);
	EXPECT_RC(PAPI_register_thread(), PAPI_ENOINIT);
	ctest_library_init();
	FAIL_IF(PAPI_thread_id() != (unsigned long)PAPI_EMISC,
	        "PAPI_thread_id() is %lu before PAPI_thread_init, expected PAPI_EMISC",
	        PAPI_thread_id());
	number = 0;
	CHECK_OK(PAPI_list_threads(NULL, &number));
	FAIL_IF(number != 1, "%d threads listed after init, expected the initializing one", number);
	number = -1;
	EXPECT_RC(PAPI_list_threads(NULL, &number), PAPI_EINVAL);
	EXPECT_RC(PAPI_list_threads(NULL, NULL), PAPI_EINVAL);

	CHECK_OK(PAPI_thread_init((unsigned long (*)(void))pthread_self));
	CHECK_OK(PAPI_thread_init((unsigned long (*)(void))pthread_self));
	FAIL_IF(!(PAPI_is_initialized() & PAPI_THREAD_LEVEL_INITED),
	        "PAPI_is_initialized() is %d, without PAPI_THREAD_LEVEL_INITED",
	        PAPI_is_initialized());
	FAIL_IF(PAPI_thread_id() != (unsigned long)pthread_self(),
	        "PAPI_thread_id() %lu is not pthread_self() %lu", PAPI_thread_id(),
	        (unsigned long)pthread_self());
	FAIL_IF(listed((unsigned long)pthread_self()) != 1,
	        "the main thread is not listed under its new id");

	/* A registered worker is listed until it unregisters. */
	pthread_barrier_init(&registered, NULL, 2);
	pthread_barrier_init(&checked, NULL, 2);
	FAIL_IF(pthread_create(&thread, NULL, worker, NULL) != 0, "pthread_create failed");
	pthread_barrier_wait(&registered);
	FAIL_IF(worker_rc[0] != PAPI_OK, "PAPI_register_thread returned %s",
	        ctest_errname(worker_rc[0]));
	FAIL_IF(listed(worker_id) != 1, "registered worker %lu is not listed", worker_id);
	number = 0;
	CHECK_OK(PAPI_list_threads(NULL, &number));
	FAIL_IF(number != 2, "%d threads listed, expected 2", number);
	pthread_barrier_wait(&checked);
	pthread_join(thread, NULL);
	FAIL_IF(worker_rc[1] != PAPI_OK, "PAPI_unregister_thread returned %s",
	        ctest_errname(worker_rc[1]));
	FAIL_IF(worker_rc[2] != PAPI_EMISC, "a second PAPI_unregister_thread returned %s",
	        ctest_errname(worker_rc[2]));
	FAIL_IF(listed(worker_id) != 0, "unregistered worker %lu is still listed", worker_id);

	/* Creating an event set registers; exiting forgets. */
	FAIL_IF(pthread_create(&thread, NULL, creator, NULL) != 0, "pthread_create failed");
	pthread_barrier_wait(&registered);
	FAIL_IF(worker_rc[3] != PAPI_OK, "the creator thread's event set failed: %s",
	        ctest_errname(worker_rc[3]));
	FAIL_IF(listed(worker_id) != 1, "a thread that created an event set is not listed");
	pthread_barrier_wait(&checked);
	pthread_join(thread, NULL);
	FAIL_IF(listed(worker_id) != 0, "a thread that exited is still listed");

	CHECK_OK(PAPI_unregister_thread());
	EXPECT_RC(PAPI_unregister_thread(), PAPI_EMISC);
	CHECK_OK(PAPI_register_thread());
	FAIL_IF(listed((unsigned long)pthread_self()) != 1, "re-registered main thread missing");

	/* PAPI_shutdown forgets the threads and the id function. */
	PAPI_shutdown();
	number = 5;
	CHECK_OK(PAPI_list_threads(NULL, &number));
	FAIL_IF(number != 0, "%d threads listed after PAPI_shutdown", number);
	FAIL_IF(PAPI_thread_id() != (unsigned long)PAPI_EMISC,
	        "PAPI_thread_id() after PAPI_shutdown is %lu", PAPI_thread_id());
	ctest_library_init();
	number = 0;
	CHECK_OK(PAPI_list_threads(NULL, &number));
	FAIL_IF(number != 1, "%d threads listed after re-initialization", number);
	ctest_pass();
}
