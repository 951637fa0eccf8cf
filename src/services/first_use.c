// SPDX-License-Identifier: BSD-3-Clause
/* One lock for every piece of first-use work (first_use.h). */
#include <pthread.h>

#include "papi.h"
#include "services/first_use.h"

static pthread_mutex_t first_use_lock = PTHREAD_MUTEX_INITIALIZER;

/* fork() while another thread does some work: the child would inherit a
 * locked mutex and a half-written result. Taking the lock around fork()
 * makes the child start with neither. */
static void before_fork(void)
{
	pthread_mutex_lock(&first_use_lock);
}

static void after_fork(void)
{
	pthread_mutex_unlock(&first_use_lock);
}

static void install_fork_handlers(void)
{
	pthread_atfork(before_fork, after_fork, after_fork);
}

int first_use_run(int *done, int (*work)(void))
{
	static pthread_once_t fork_handlers = PTHREAD_ONCE_INIT;
	pthread_once(&fork_handlers, install_fork_handlers);
	pthread_mutex_lock(&first_use_lock);
	int status = PAPI_OK;
	if (!*done) {
		status = work();
		*done = status == PAPI_OK;
	}
	pthread_mutex_unlock(&first_use_lock);
	return status;
}

void first_use_undo(int *done, void (*undo)(void))
{
	pthread_mutex_lock(&first_use_lock);
	if (*done && undo)
		undo();
	*done = 0;
	pthread_mutex_unlock(&first_use_lock);
}

int first_use_done(const int *done)
{
	pthread_mutex_lock(&first_use_lock);
	int result = *done;
	pthread_mutex_unlock(&first_use_lock);
	return result;
}
