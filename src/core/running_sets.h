// SPDX-License-Identifier: BSD-3-Clause
/* PAPI allows one running event set per component per thread, among the
 * sets that count the calling thread (sets attached to another thread or to
 * a CPU do not: any number of them may run, as PAPI's multiattach test
 * does). This is the calling thread's record of the set it runs on each
 * component; the dispatcher (dispatch.c) checks and keeps it. */
#ifndef PAPILLON_RUNNING_SETS_H
#define PAPILLON_RUNNING_SETS_H

/* Once per process, before the first PAPI_start: the fork handler that
 * clears the child's record. */
void running_sets_init(void);
/* The id of the set this thread last started on component cidx and has not
 * stopped, or -1. It may have gone since (PAPI_shutdown frees sets that
 * still run): the caller looks it up. */
int running_set(int cidx);
void running_set_note(int cidx, int id);
/* Forgets id, if it is the one recorded for cidx. */
void running_set_forget(int cidx, int id);

#endif
