// SPDX-License-Identifier: BSD-3-Clause
/* The calling thread's running sets (see running_sets.h). Kept as id + 1
 * (0: none), not as pointers: PAPI_shutdown frees sets that still run, and
 * a later PAPI_start must not read a freed set. */
#include <pthread.h>
#include <string.h>

#include "core/library.h"
#include "core/running_sets.h"

static _Thread_local int running_sets[MAX_COMPONENTS];

/* The child of fork() is a copy of the forking thread, records included, but
 * the sets they name count the parent's thread, not the child: the child
 * starts with none running (PAPI's fork_overflow starts a set in the child
 * while the parent's runs). A fork handler, not a getpid() in PAPI_start:
 * that would cost a system call on every start. */
static void forget_running_sets_in_child(void)
{
	memset(running_sets, 0, sizeof(running_sets));
}

static void register_fork_handler(void)
{
	pthread_atfork(NULL, NULL, forget_running_sets_in_child);
}

void running_sets_init(void)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;
	pthread_once(&once, register_fork_handler);
}

int running_set(int cidx)
{
	return running_sets[cidx] - 1;
}

void running_set_note(int cidx, int id)
{
	running_sets[cidx] = id + 1;
}

void running_set_forget(int cidx, int id)
{
	if (running_sets[cidx] == id + 1)
		running_sets[cidx] = 0;
}
