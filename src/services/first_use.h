// SPDX-License-Identifier: BSD-3-Clause
/* Work done on first use rather than at PAPI_library_init (issue 28: init
 * does what counting needs and no more): the system information of
 * PAPI_get_hardware_info and the like, perf_event's sysfs PMU tables.
 *
 * Each piece of work has a flag; first_use_run runs it under one lock
 * shared by all of them unless its flag says it has succeeded since the
 * last reset. So concurrent first uses give one answer, a failure is tried
 * again next time, and a use after that costs a lock and an unlock (these
 * are not counting's paths; a lock-free double check would also be a race
 * to Helgrind, which does not follow C11 atomics). pthread_once would not
 * do: the work is done again after PAPI_shutdown, and a failed one must be
 * tried again. The lock is held across fork(), so that a child never
 * inherits it locked or a half-done piece of work. Work must not call
 * first_use_run itself. */
#ifndef PAPILLON_FIRST_USE_H
#define PAPILLON_FIRST_USE_H

/* Runs work unless *done; sets *done when work returns PAPI_OK (0).
 * Returns work's status, or PAPI_OK when it was done before. */
int first_use_run(int *done, int (*work)(void));
/* If *done: runs undo (unless NULL) and clears *done, under the same
 * lock; the next first_use_run works again. */
void first_use_undo(int *done, void (*undo)(void));
/* *done, read under the lock. */
int first_use_done(const int *done);

#endif
