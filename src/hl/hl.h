// SPDX-License-Identifier: BSD-3-Clause
/* The high-level layer (PAPI_hl_*): its events, per-thread region records,
 * the report written at exit and the cross-rank aggregate (doc/hl.md). It
 * sits on the public API: it counts through event sets like any program. */
#ifndef PAPILLON_HL_H
#define PAPILLON_HL_H

#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <sys/types.h>

#include "papi.h"

/* Two values every region has before its events: the timestamp counter
 * ("cycles") and the wall clock in ns ("real_time_nsec"). */
#define HL_FIXED_VALUES 2
#define HL_MAX_GROUPS   8

struct hl_event {
	/* As PAPI_EVENTS lists it: any name PAPI_event_name_to_code resolves
	 * fits (it refuses longer ones); a name cut here would be another
	 * event's or none in the report (found by tests/fuzz/fuzz_event_names.c). */
	char name[PAPI_HUGE_STR_LEN];
	char component[PAPI_MIN_STR_LEN];
	int code;
	bool instant;
};

/* Events of one component share an event set (an event set holds one
 * component's events); events[] is ordered group after group. */
struct hl_group {
	int cidx;
	int first;
	int count;
	bool multiplex;
};

struct hl_config {
	int event_count;
	struct hl_event *events;
	int group_count;
	struct hl_group groups[HL_MAX_GROUPS];
};

/* One PAPI_hl_region_begin of a thread. values holds, per value (fixed
 * ones then events), the begin snapshot then the region's value. */
struct hl_instance {
	const char *name;
	int parent;
	bool closed;
	int read_count;
	long long *begin;
	long long *value;
	long long *reads; /* read_count rows of width values */
};

struct hl_thread {
	struct hl_thread *next;
	int index;
	pthread_mutex_t lock; /* its records: the thread itself, and the exit writer */
	int sets[HL_MAX_GROUPS];
	bool sets_made;
	bool running;
	long long *offset; /* counts carried over a PAPI_hl_stop */
	long long *now;
	struct hl_instance *instances;
	int instance_count, instance_capacity;
	int *open; /* ids of the open regions, innermost last */
	int open_count, open_capacity;
	char **names; /* region names, interned per thread */
	int name_count, name_capacity;
};

struct hl_state {
	pthread_mutex_t lock;
	bool ready;
	int ready_status;
	bool verbose;
	struct hl_config config;
	int width; /* HL_FIXED_VALUES + config.event_count */
	char directory[4096];
	char cpu_info[PAPI_MAX_STR_LEN];
	int cpu_max_mhz, cpu_min_mhz;
	struct hl_thread *threads, **threads_tail;
	int thread_count;
	pid_t owner; /* the process that set up; a forked child writes no report */
};

extern struct hl_state hl_state;

/* Once per process: settings, events, output directory, the exit writer.
 * PAPI_OK, or the error that disables the layer. */
int hl_ready(void);
/* What the layer does, on stdout, only with PAPI_HL_VERBOSE. */
void hl_say(const char *format, ...) __attribute__((format(printf, 1, 2)));

/* events.c: the events of PAPI_EVENTS, or the defaults. */
int hl_config_select(struct hl_config *config);

/* thread.c: the calling thread's record (created on first use) and its
 * counters. */
struct hl_thread *hl_thread_current(bool create);
int hl_thread_start(struct hl_thread *thread);
int hl_thread_stop(struct hl_thread *thread);
/* Fills thread->now: cycles, real ns, then every event. */
int hl_thread_snapshot(struct hl_thread *thread);
const char *hl_thread_intern(struct hl_thread *thread, const char *name);
int hl_thread_push_instance(struct hl_thread *thread, const char *name);

/* output_dir.c: papi_hl_output under PAPI_OUTPUT_DIRECTORY, an older one
 * renamed. */
int hl_output_directory_prepare(char *path, size_t size);

/* launcher.c: rank and size from the MPI launcher's environment; -1 when
 * unknown. */
struct hl_launch {
	int rank;
	int size;
	const char *source;
};
struct hl_launch hl_launch_detect(void);

/* report.c: the rank file in PAPI 7.0's layout. */
void hl_report_write(FILE *file);
/* Per region name: its per-rank value (sum of instances over threads; the
 * largest for instant events), region count and thread count. */
struct hl_region_total {
	const char *name;
	int threads;
	long long count;
	long long *values; /* width */
	int last_thread;   /* while adding: the last thread counted */
};
/* The region totals of this process, in first-seen order; *count set.
 * Caller frees with hl_region_totals_free. */
struct hl_region_total *hl_region_totals(int *count);
void hl_region_totals_free(struct hl_region_total *totals, int count);
/* The value names: "cycles", "real_time_nsec", then the events. */
const char *hl_value_name(int index);

/* aggregate.c: adds this rank's totals to the shared counter file and, as
 * the last rank, writes papi_hl_aggregate.json. */
void hl_aggregate_contribute(const struct hl_launch *launch, const char *rank_file);

/* json.c */
void hl_json_string(FILE *file, const char *text);

/* regions.c: PAPI_hl_stop for the calling thread (the rate calls use it). */
int hl_stop_current(void);

/* at_exit.c */
void hl_at_exit(void);

#endif
