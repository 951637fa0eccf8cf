// SPDX-License-Identifier: BSD-3-Clause
/* papi_stat: what the counting side hands to the report side. */
#ifndef PAPILLON_PAPI_STAT_H
#define PAPILLON_PAPI_STAT_H

#include <stdbool.h>
#include <stdio.h>
#include <sys/types.h>

#include "papi.h"

#define STAT_MAX_EVENTS 64

enum stat_format { STAT_HUMAN, STAT_CSV, STAT_JSON };

/* How long each event was enabled and how long it counted (PAPI_event_times),
 * in ns; -1 when the library could not say. running < enabled: multiplexed,
 * the value is scaled; running 0: the event never counted. */
struct stat_times {
	long long enabled_ns[STAT_MAX_EVENTS];
	long long running_ns[STAT_MAX_EVENTS];
};

/* One task's counts (per-thread mode), or the whole command's. */
struct stat_task {
	pid_t tid;
	char comm[32];
	long long values[STAT_MAX_EVENTS];
	struct stat_times times;
};

struct stat_run {
	long long values[STAT_MAX_EVENTS]; /* the command and all its children */
	struct stat_times times;           /* summed over its tasks */
	long long elapsed_ns;
	int exit_status;
	int task_count;
	struct stat_task *tasks; /* per-thread mode: every task that ran */
};

struct stat_report {
	enum stat_format format;
	const char *separator; /* CSV */
	FILE *out;
	char *const *command;
	int event_count;
	char names[STAT_MAX_EVENTS][PAPI_MAX_STR_LEN];
	bool multiplexed;      /* values are estimates scaled by the time counted */
	bool multiplex_forced; /* by --multiplex, not because the events did not fit */
	bool per_thread;
	int runs;
	struct stat_run *results;
};

void stat_print(const struct stat_report *report);

#endif
