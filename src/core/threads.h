// SPDX-License-Identifier: BSD-3-Clause
/* Threads known to the library: registration, the application's thread id
 * function, per-thread slots (PAPI_get/set_thr_specific) and the two
 * application locks. */
#ifndef PAPILLON_THREADS_H
#define PAPILLON_THREADS_H

#include <stdbool.h>
#include <sys/types.h>

#include "papi.h"

/* Registers the calling thread if it is not yet (PAPI does so implicitly
 * at library init and when a thread creates an event set). */
int threads_register_current(void);
/* Forgets the calling thread; PAPI_EMISC if it was not registered. */
int threads_unregister_current(void);
/* The id PAPI_thread_id() reports for the calling thread. */
unsigned long threads_current_id(void);
/* Sets the id function (NULL: none); PAPI_EINVAL when one is already set. */
int threads_set_id_function(unsigned long (*id_fn)(void));
bool threads_have_id_function(void);
/* Copies up to *number ids into tids (may be NULL); *number becomes the
 * count of registered threads. */
int threads_list(unsigned long *tids, int *number);
int threads_get_specific(int tag, void **ptr);
int threads_set_specific(int tag, void *ptr);
/* Forgets every thread (PAPI_shutdown); threads re-register on next use. */
void threads_reset(void);

/* The kernel id of the calling thread (async-signal-safe). */
pid_t threads_gettid(void);

#endif
