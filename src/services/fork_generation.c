// SPDX-License-Identifier: BSD-3-Clause
/* The fork generation (fork_generation.h). */
#include <pthread.h>

#include "services/fork_generation.h"

unsigned fork_generation;

static void count_fork_in_child(void)
{
	fork_generation++;
}

static void install_handler(void)
{
	pthread_atfork(NULL, NULL, count_fork_in_child);
}

void fork_generation_watch(void)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;
	pthread_once(&once, install_handler);
}
