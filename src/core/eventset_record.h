// SPDX-License-Identifier: BSD-3-Clause
/* The event set's record: private to src/core/ (the suite checks that no
 * other folder includes this header). One allocation per set, one table
 * entry per id (eventset_table.h), read directly by the three files that
 * make a set work:
 *
 *   eventset.c   what the set counts: its events and the natives behind them;
 *   counting.c   how it counts: the path (counter or software multiplexer),
 *                the options, the direct read, the values kept while stopped;
 *   dispatch.c   the counting entry points (PAPI_start, PAPI_read, ...);
 *   overflow.c   its overflows.
 *
 * The entry points (src/api/) see only the functions of eventset.h and
 * dispatch.h. A PAPI_read of a running set loads its table slot (where the
 * set's direct read is published) and nothing of the record before the
 * component's read; the counting state comes first for the other calls. */
#ifndef PAPILLON_EVENTSET_RECORD_H
#define PAPILLON_EVENTSET_RECORD_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#include "papi.h"
#include "component.h"
#include "core/counter.h"
#include "core/dispatch.h"
#include "core/eventset.h"
#include "core/guard.h"
#include "core/signals.h"

/* Only the first 64 natives of a set can overflow: the overflow vector has
 * a bit per native. */
#define EVENTSET_MAX_OVERFLOWS 64

struct mpx_state;
struct profile;

/* A timer-driven user of the set (software overflow): told when counting
 * starts (after the counters), stops (before them) and restarts from zero
 * (reset, accum). While one listens, the set's counters are guarded and
 * never read on the direct path. */
struct counting_listener {
	int (*started)(void *arg);
	void (*stopping)(void *arg);
	void (*restarted)(void *arg);
};

/* One event's overflow. */
struct overflow_entry {
	int code;
	long long threshold;
	long long deadline;      /* software: the value that overflows next */
	long long previous;      /* software: the value at the last overflow */
	struct profile *profile; /* NULL: the handler */
};

/* The set's overflows; meaningful while active. */
struct overflow_state {
	bool active;
	bool software;
	int count;
	PAPI_overflow_handler_t handler;
	struct core_timer timer;
	long long *native_values; /* software: scratch of the tick */
	long long *event_values;
	int scratch_natives;
	int scratch_events;
	struct overflow_entry entries[EVENTSET_MAX_OVERFLOWS];
};

struct eventset {
	/* ---- how the set counts (counting.c, dispatch.c) ---- */

	/* What PAPI_read touches is the id's table slot (eventset_table.h),
	 * which holds the direct read: the record is read only off that
	 * path. The fields the other counting calls test come first. */
	int id;
	int cidx; /* -1 until bound */
	bool running;
	bool identity; /* event i is native i, not derived */
	bool direct;   /* identity, no offsets, no guard */
	/* The stop failed (the kernel took the counters away, say): the set
	 * stopped all the same, and reads of it give this error and reason
	 * instead of values it does not have, until a start, a reset, a write
	 * or new events. PAPI_OK otherwise. */
	int stop_error;
	char *stop_reason;
	pthread_t owner;
	struct counting_options options;
	atomic_int user_read_mode; /* options.user_read points here */

	/* Where the counts come from: the software multiplexer when mpx is
	 * set, else the counter (see counting_path). */
	struct counter counter;
	struct mpx_state *mpx;
	/* Work on the controls against a library timer's ticks. */
	struct guard guard;
	counter_read_fn direct_read; /* while direct: the counter's read */
	void *direct_arg;

	long long *native_values;  /* scratch of the mapped reads */
	long long *stopped_values; /* what the events read when not running */
	long long *write_offsets;  /* from PAPI_write; NULL until written */

	const struct counting_listener *listener;
	void *listener_arg;

	/* ---- what the set counts (eventset.c) ---- */

	int flags; /* PAPI_ATTACHED, PAPI_CPU_ATTACHED, PAPI_MULTIPLEXING,
	            * PAPI_OVERFLOWING, PAPI_PROFILING */
	int event_count;
	struct eventset_event *events;
	/* Distinct native events, in the order given to the component. */
	int native_count;
	struct component_event *natives;
	int *native_users; /* how many events use each native */

	/* ---- its overflows (overflow.c) ---- */

	struct overflow_state overflow;
};

/* The position of code among the set's events, or -1. */
static inline int eventset_event_index(const struct eventset *set, int code)
{
	for (int i = 0; i < set->event_count; i++)
		if (set->events[i].code == code)
			return i;
	return -1;
}

/* ---- the path: the software multiplexer or the counter (counting.c) ---- */

struct path_ops {
	int (*update)(struct eventset *set, const struct component_event *natives, int count,
	              const struct counting_options *options);
	int (*start)(struct eventset *set);
	int (*stop)(struct eventset *set, long long *natives);
	int (*read)(struct eventset *set, long long *natives);
	/* Adds to natives the counts since the last start, reset or accum. */
	int (*accum)(struct eventset *set, long long *natives);
	int (*reset)(struct eventset *set);
	int (*event_times)(struct eventset *set, int native, long long *enabled_ns,
	                   long long *running_ns);
	int (*read_path)(struct eventset *set, int native, char *text, size_t text_len);
};

/* The one place that says where a set's counts come from. */
const struct path_ops *counting_path(const struct eventset *set);
/* Whether the path is the counter (not the software multiplexer). */
bool counting_path_is_counter(const struct eventset *set);

/* ---- the counting state (counting.c) ---- */

/* A new record's counting state: made by the calling thread, counting with
 * the library's default domain and granularity. */
void counting_init(struct eventset *set);
/* Frees what the counting state holds (not the record). */
void counting_release(struct eventset *set);
/* Binds the set to component cidx (allocates its control). */
int counting_bind(struct eventset *set, int cidx);
/* Counts natives[0..native_count) for events[0..event_count) from now on;
 * the caller installs the arrays in the set when this succeeds. kept_values
 * (may be NULL: zeros): what the events read while stopped. On failure
 * nothing changed. */
int counting_update(struct eventset *set, const struct component_event *natives, int native_count,
                    const struct eventset_event *events, int event_count,
                    const long long *kept_values);
/* New options; reopens the control(s) when the set has events. */
int counting_apply_options(struct eventset *set, const struct counting_options *options);
/* The software multiplexer takes over, rotating every period_ns (0:
 * PAPI_DEF_MPX_NS), or gives back (at clean-up: options.multiplex off too). */
int counting_use_multiplexer(struct eventset *set, long long period_ns);
void counting_drop_multiplexer(struct eventset *set);
/* The clock a library timer of this set runs on: the CPU time of the
 * thread it counts, or monotonic (another task, a CPU, ITIMER_REAL). */
clockid_t counting_clock(const struct eventset *set);
/* Whether the set counts the calling thread (not a task, not a CPU). */
bool counting_counts_caller(const struct eventset *set);

/* What PAPI_read calls now: the direct read while the set runs. */
void counting_publish_fast_read(struct eventset *set);
/* Drops PAPI_write offsets / sets them (offsets from malloc). */
void counting_clear_write_offsets(struct eventset *set);
void counting_set_write_offsets(struct eventset *set, long long *offsets);
void counting_forget_stop_error(struct eventset *set);
/* Event values from the set's native values. */
void counting_compute(const struct eventset *set, const long long *natives, long long *values);

/* listener NULL: none. */
void counting_listen(struct eventset *set, const struct counting_listener *listener, void *arg);
/* From a timer's signal handler: takes the guard (false if an API call
 * holds it, or the set is not running, or the read failed) and reads the
 * natives and the event values; counting_tick_end releases the guard. */
bool counting_tick_begin(struct eventset *set, long long *natives, long long *events);
void counting_tick_end(struct eventset *set);

#endif
