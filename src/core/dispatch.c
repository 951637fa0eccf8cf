// SPDX-License-Identifier: BSD-3-Clause
/* The counting dispatcher (see dispatch.h).
 *
 * PAPI_read is the hot path: the id's counting record comes from the table
 * inline, and a running set whose events are its natives one to one, with
 * nothing in between (no derived arithmetic, no PAPI_write offsets, no
 * library timer), reads through the function its counter named at start
 * (counter_read_function): for most components their own read, straight
 * into the caller's array. Everything else takes read_other. */
#include "config.h"

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>

#include "papi.h"
#include "core/counter.h"
#include "core/derived.h"
#include "core/dispatch.h"
#include "util/error.h"
#include "core/eventset_table.h"
#include "core/guard.h"
#include "core/library.h"
#include "core/multiplex.h"
#include "core/running_sets.h"
#include "core/signals.h"

struct counting {
	/* The direct read, while running and direct (else NULL): first, so
	 * that PAPI_read touches one cache line. */
	_Atomic(counter_read_fn) fast_read;
	void *_Atomic fast_arg;

	int id;
	int cidx; /* -1 until bound */
	pthread_t owner;
	struct counting_options options;
	atomic_int user_read_mode; /* options.user_read points here */
	bool running;

	/* Where the counts come from: the software multiplexer when mpx is
	 * set, else the counter (see path_of). */
	struct counter counter;
	struct mpx_state *mpx;
	/* Work on the controls against a library timer's ticks. */
	struct guard guard;

	/* What the set counts (eventset.c's arrays). */
	const struct component_event *natives;
	int native_count;
	const struct eventset_event *events;
	int event_count;
	bool identity; /* event i is native i, not derived */

	long long *native_values;  /* scratch of the mapped reads */
	long long *stopped_values; /* what the events read when not running */
	long long *write_offsets;  /* from PAPI_write; NULL until written */
	/* The stop failed (the kernel took the counters away, say): the set
	 * stopped all the same, and reads of it give this error and reason
	 * instead of values it does not have, until a start, a reset, a write
	 * or new events. PAPI_OK otherwise. */
	int stop_error;
	char *stop_reason;
	bool direct;                 /* identity, no offsets, no guard */
	counter_read_fn direct_read; /* while direct: the counter's read */
	void *direct_arg;

	const struct counting_listener *listener;
	void *listener_arg;
};

/* ---- the path: the software multiplexer or the counter ------------------- */

struct path_ops {
	int (*update)(struct counting *counting, const struct component_event *natives, int count,
	              const struct counting_options *options);
	int (*start)(struct counting *counting);
	int (*stop)(struct counting *counting, long long *natives);
	int (*read)(struct counting *counting, long long *natives);
	/* Adds to natives the counts since the last start, reset or accum. */
	int (*accum)(struct counting *counting, long long *natives);
	int (*reset)(struct counting *counting);
	int (*event_times)(struct counting *counting, int native, long long *enabled_ns,
	                   long long *running_ns);
	int (*read_path)(struct counting *counting, int native, char *text, size_t text_len);
};

static int counter_path_update(struct counting *counting, const struct component_event *natives,
                               int count, const struct counting_options *options)
{
	return counter_update(&counting->counter, natives, count, options);
}

static int counter_path_start(struct counting *counting)
{
	return counter_start(&counting->counter);
}

static int counter_path_stop(struct counting *counting, long long *natives)
{
	return counter_stop(&counting->counter, natives);
}

static int counter_path_read(struct counting *counting, long long *natives)
{
	return counter_read(&counting->counter, natives);
}

static int counter_path_accum(struct counting *counting, long long *natives)
{
	return counter_accum(&counting->counter, natives);
}

static int counter_path_reset(struct counting *counting)
{
	return counter_reset(&counting->counter);
}

static int counter_path_event_times(struct counting *counting, int native, long long *enabled_ns,
                                    long long *running_ns)
{
	return counter_event_times(&counting->counter, native, enabled_ns, running_ns);
}

static int counter_path_read_path(struct counting *counting, int native, char *text,
                                  size_t text_len)
{
	return counter_read_path(&counting->counter, native, text, text_len);
}

static const struct path_ops counter_path = {
    .update = counter_path_update,
    .start = counter_path_start,
    .stop = counter_path_stop,
    .read = counter_path_read,
    .accum = counter_path_accum,
    .reset = counter_path_reset,
    .event_times = counter_path_event_times,
    .read_path = counter_path_read_path,
};

static int multiplexer_path_update(struct counting *counting, const struct component_event *natives,
                                   int count, const struct counting_options *options)
{
	if (count > MULTIPLEX_MAX_EVENTS)
		return papi_error_set(PAPI_ECOUNT,
		                      "a multiplexed event set holds at most %d native events",
		                      MULTIPLEX_MAX_EVENTS);
	return multiplex_update(counting->mpx, natives, count, options);
}

static int multiplexer_path_start(struct counting *counting)
{
	return multiplex_start(counting->mpx, counting_clock(counting));
}

static int multiplexer_path_stop(struct counting *counting, long long *natives)
{
	return multiplex_stop(counting->mpx, natives);
}

static int multiplexer_path_read(struct counting *counting, long long *natives)
{
	return multiplex_read(counting->mpx, natives);
}

static int multiplexer_path_accum(struct counting *counting, long long *natives)
{
	long long deltas[counting->native_count > 0 ? counting->native_count : 1];
	int status = multiplex_accum(counting->mpx, deltas);
	for (int n = 0; status == PAPI_OK && n < counting->native_count; n++)
		natives[n] += deltas[n];
	return status;
}

static int multiplexer_path_reset(struct counting *counting)
{
	return multiplex_reset(counting->mpx);
}

static int multiplexer_path_event_times(struct counting *counting, int native,
                                        long long *enabled_ns, long long *running_ns)
{
	return multiplex_event_times(counting->mpx, native, enabled_ns, running_ns);
}

static int multiplexer_path_read_path(struct counting *counting, int native, char *text,
                                      size_t text_len)
{
	(void)counting;
	(void)native;
	snprintf(text, text_len,
	         "syscall: software multiplexing (every slice switch reads its counters with "
	         "read())");
	return PAPI_READ_PATH_SYSCALL;
}

static const struct path_ops multiplexer_path = {
    .update = multiplexer_path_update,
    .start = multiplexer_path_start,
    .stop = multiplexer_path_stop,
    .read = multiplexer_path_read,
    .accum = multiplexer_path_accum,
    .reset = multiplexer_path_reset,
    .event_times = multiplexer_path_event_times,
    .read_path = multiplexer_path_read_path,
};

/* The one place that says where a set's counts come from. */
static const struct path_ops *path_of(const struct counting *counting)
{
	return counting->mpx ? &multiplexer_path : &counter_path;
}

/* ---- event values --------------------------------------------------------- */

void events_compute(const struct eventset_event *events, int event_count, const long long *natives,
                    const long long *offsets, long long *values)
{
	for (int i = 0; i < event_count; i++) {
		const struct eventset_event *event = &events[i];
		long long terms[PAPI_MAX_INFO_TERMS];
		for (int t = 0; t < event->term_count; t++)
			terms[t] = natives[event->terms[t]];
		values[i] = event->derived == NOT_DERIVED
		                ? terms[0]
		                : derived_evaluate(event->derived, event->postfix, terms,
		                                   event->term_count);
		if (offsets)
			values[i] += offsets[i];
	}
}

static void compute(const struct counting *counting, const long long *natives, long long *values)
{
	events_compute(counting->events, counting->event_count, natives, counting->write_offsets,
	               values);
}

static bool is_identity(const struct eventset_event *events, int event_count, int native_count)
{
	if (event_count != native_count)
		return false;
	for (int i = 0; i < event_count; i++)
		if (events[i].derived != NOT_DERIVED || events[i].term_count != 1 ||
		    events[i].terms[0] != i)
			return false;
	return true;
}

/* What PAPI_read calls now: the direct read while the set runs, else
 * nothing (read_other). */
static void publish_fast_read(struct counting *counting)
{
	counter_read_fn read = counting->running ? counting->direct_read : NULL;
	atomic_store_explicit(&counting->fast_arg, counting->direct_arg, memory_order_relaxed);
	atomic_store_explicit(&counting->fast_read, read, memory_order_release);
}

/* Sets whether reads may skip the mapping and the guard (direct: then the
 * counter is the path, nothing stands between), and the direct read. */
static void refresh_direct(struct counting *counting)
{
	counting->guard.active = counting->mpx != NULL || counting->listener != NULL;
	counting->direct =
	    counting->identity && !counting->write_offsets && !counting->guard.active;
	counting->direct_read = NULL;
	counting->direct_arg = NULL;
	if (counting->direct)
		counting->direct_read =
		    counter_read_function(&counting->counter, &counting->direct_arg);
	publish_fast_read(counting);
}

/* Drops PAPI_write offsets: reads go straight to the counters again. */
static void clear_write_offsets(struct counting *counting)
{
	if (!counting->write_offsets)
		return; /* direct is already right: only writes change it */
	free(counting->write_offsets);
	counting->write_offsets = NULL;
	refresh_direct(counting);
}

static size_t event_bytes(const struct counting *counting)
{
	return sizeof(long long) * (size_t)counting->event_count;
}

static void forget_stop_error(struct counting *counting)
{
	counting->stop_error = PAPI_OK;
	free(counting->stop_reason);
	counting->stop_reason = NULL;
}

/* ---- one running set per component per thread ---------------------------- */

void dispatch_init(void)
{
	running_sets_init();
}

static bool counts_caller(const struct counting *counting)
{
	return counting->options.tid == 0 && counting->options.cpu < 0;
}

/* An attached set's task has exited (reaped, or a zombie): the kernel
 * keeps its events open with their final counts, which reads still give,
 * but a start would count nothing from then on without a word. */
static int check_target_alive(const struct counting *counting, int id)
{
	pid_t tid = counting->options.tid;
	if (tid <= 0)
		return PAPI_OK;
	bool exited = kill(tid, 0) != 0 && errno == ESRCH;
	if (!exited) {
		char path[64], state = '?';
		snprintf(path, sizeof path, "/proc/%d/stat", (int)tid);
		FILE *stat = fopen(path, "re");
		if (stat) {
			/* "pid (comm) S ...": comm may hold spaces and parentheses. */
			char line[512];
			if (fgets(line, sizeof line, stat)) {
				const char *close = strrchr(line, ')');
				if (close && close[1] == ' ')
					state = close[2];
			}
			fclose(stat);
		}
		exited = state == 'Z' || state == 'X';
	}
	if (exited)
		return papi_error_set(PAPI_EINVAL,
		                      "event set %d is attached to task %d, which has exited: "
		                      "its counts so far stay readable, but it can count "
		                      "nothing more (PAPI_detach it, or attach it to a live task)",
		                      id, (int)tid);
	return PAPI_OK;
}

/* The id of another set this thread runs on the component, or -1. */
static int other_running_set(const struct counting *counting)
{
	int recorded = running_set(counting->cidx);
	if (recorded < 0 || recorded == counting->id)
		return -1;
	const struct counting *other = eventset_table_counting(recorded);
	return other && other->cidx == counting->cidx && other->running ? recorded : -1;
}

/* ---- the entry points ------------------------------------------------------ */

static struct counting *find(int id)
{
	struct counting *counting = eventset_table_counting(id);
	if (__builtin_expect(counting == NULL, 0))
		papi_error_set(PAPI_ENOEVST, "event set %d does not exist", id);
	return counting;
}

static void notify_restarted(struct counting *counting)
{
	if (counting->listener && counting->listener->restarted)
		counting->listener->restarted(counting->listener_arg);
}

int dispatch_start(int id)
{
	struct counting *counting = find(id);
	if (!counting)
		return PAPI_ENOEVST;
	if (counting->running)
		return papi_error_set(PAPI_EISRUN, "event set %d is already running", id);
	if (counting->event_count == 0 || counting->cidx < 0)
		return papi_error_set(PAPI_EINVAL, "event set %d has no events to start", id);
	int status = counting_check_owner(counting);
	if (status == PAPI_OK)
		status = check_target_alive(counting, id);
	if (status != PAPI_OK)
		return status;
	int other = counts_caller(counting) ? other_running_set(counting) : -1;
	if (other >= 0)
		return papi_error_set(PAPI_EISRUN,
		                      "event set %d of the same component already runs in "
		                      "this thread",
		                      other);
	status = guard_enter(&counting->guard, id);
	if (status != PAPI_OK)
		return status;
	const struct path_ops *path = path_of(counting);
	status = path->start(counting);
	if (status == PAPI_OK) {
		clear_write_offsets(counting);
		forget_stop_error(counting);
		counting->running = true;
		/* A listener's timer: after running, which its tick checks. */
		if (counting->listener && counting->listener->started)
			status = counting->listener->started(counting->listener_arg);
		if (status != PAPI_OK) {
			path->stop(counting, NULL);
			counting->running = false;
		}
	}
	publish_fast_read(counting);
	guard_leave(&counting->guard);
	if (status != PAPI_OK)
		return status;
	if (counts_caller(counting))
		running_set_note(counting->cidx, id);
	return PAPI_OK;
}

int dispatch_stop(int id, long long *values)
{
	struct counting *counting = find(id);
	if (!counting)
		return PAPI_ENOEVST;
	if (!counting->running)
		return papi_error_set(PAPI_ENOTRUN, "event set %d is not running", id);
	int status = counting_check_owner(counting);
	if (status != PAPI_OK)
		return status;
	if (counting->listener && counting->listener->stopping)
		counting->listener->stopping(counting->listener_arg);
	status = guard_enter(&counting->guard, id);
	if (status != PAPI_OK)
		return status;
	status = path_of(counting)->stop(counting, counting->native_values);
	if (status == PAPI_OK)
		compute(counting, counting->native_values, counting->stopped_values);
	/* A failed stop still stops: a set left running could never be
	 * cleaned up or destroyed, and its counters are the ones that failed.
	 * The error stays for the reads of the stopped set (stop_error). */
	counting->running = false;
	publish_fast_read(counting);
	guard_leave(&counting->guard);
	running_set_forget(counting->cidx, id);
	forget_stop_error(counting);
	if (status != PAPI_OK) {
		counting->stop_error = status;
		counting->stop_reason = strdup(papi_error_reason());
		return status;
	}
	if (values)
		memcpy(values, counting->stopped_values, event_bytes(counting));
	return PAPI_OK;
}

/* A running set's event values through the mapping (and the guard). */
static int read_mapped(struct counting *counting, int id, long long *values)
{
	int status = guard_enter(&counting->guard, id);
	if (status != PAPI_OK)
		return status;
	status = path_of(counting)->read(counting, counting->native_values);
	if (status == PAPI_OK)
		compute(counting, counting->native_values, values);
	guard_leave(&counting->guard);
	return status;
}

/* Every read but the direct one: errors, stopped sets, mapped reads. */
static __attribute__((noinline)) int read_other(int id, long long *values)
{
	struct counting *counting = eventset_table_counting(id);
	if (!counting)
		return papi_error_set(PAPI_ENOEVST, "event set %d does not exist", id);
	if (!values)
		return papi_error_set(PAPI_EINVAL, "values array is NULL");
	if (!counting->running) {
		if (counting->stop_error != PAPI_OK)
			return papi_error_set(counting->stop_error,
			                      "event set %d has no counts: its stop failed (%s)",
			                      id,
			                      counting->stop_reason ? counting->stop_reason : "");
		/* A stopped set reads what it counted up to its stop. */
		memcpy(values, counting->stopped_values, event_bytes(counting));
		return PAPI_OK;
	}
	return read_mapped(counting, id, values);
}

int dispatch_read(int id, long long *values)
{
	struct counting *counting = eventset_table_counting(id);
	if (__builtin_expect(counting != NULL && values != NULL, 1)) {
		counter_read_fn read =
		    atomic_load_explicit(&counting->fast_read, memory_order_acquire);
		if (__builtin_expect(read != NULL, 1))
			return read(atomic_load_explicit(&counting->fast_arg, memory_order_relaxed),
			            values);
	}
	return read_other(id, values);
}

int dispatch_accum(int id, long long *values)
{
	struct counting *counting = find(id);
	if (!counting)
		return PAPI_ENOEVST;
	if (!values)
		return papi_error_set(PAPI_EINVAL, "values array is NULL");
	if (!counting->running)
		return papi_error_set(PAPI_ENOTRUN, "event set %d is not running", id);
	int status = counting_check_owner(counting);
	if (status != PAPI_OK)
		return status;
	/* Direct: the counter adds and restarts in one step, one read. */
	if (counting->direct)
		return counter_accum(&counting->counter, values);
	const struct path_ops *path = path_of(counting);
	status = guard_enter(&counting->guard, id);
	if (status != PAPI_OK)
		return status;
	long long *deltas = counting->native_values;
	memset(deltas, 0, sizeof(long long) * (size_t)counting->native_count);
	status = path->accum(counting, deltas);
	long long event_values[counting->event_count > 0 ? counting->event_count : 1];
	if (status == PAPI_OK) {
		compute(counting, deltas, event_values);
		notify_restarted(counting);
	}
	guard_leave(&counting->guard);
	if (status != PAPI_OK)
		return status;
	/* Events that are the counter's natives add as their kinds of value
	 * do (a double's bits, a value of the moment); derived events and
	 * the multiplexer's estimates are integers. */
	bool by_kind = counting->identity && !counting->mpx;
	for (int i = 0; i < counting->event_count; i++)
		values[i] = by_kind
		                ? counter_combine(&counting->counter, i, values[i], event_values[i])
		                : values[i] + event_values[i];
	clear_write_offsets(counting);
	return PAPI_OK;
}

int dispatch_reset(int id)
{
	struct counting *counting = find(id);
	if (!counting)
		return PAPI_ENOEVST;
	clear_write_offsets(counting);
	if (!counting->running) {
		memset(counting->stopped_values, 0, event_bytes(counting));
		forget_stop_error(counting);
		return PAPI_OK;
	}
	int status = counting_check_owner(counting);
	if (status == PAPI_OK)
		status = guard_enter(&counting->guard, id);
	if (status != PAPI_OK)
		return status;
	status = path_of(counting)->reset(counting);
	notify_restarted(counting);
	guard_leave(&counting->guard);
	return status;
}

/* PAPI_write of a running set whose counter takes values itself: a
 * component with CAP_WRITE, or snapshots of free-running counters (the
 * base moves). Else the core keeps offsets over what the counters read. */
static bool writes_natively(const struct counting *counting)
{
	return counting->identity && path_of(counting) == &counter_path &&
	       counter_can_write(&counting->counter);
}

static int write_offsets(struct counting *counting, int id, const long long *values)
{
	long long current[counting->event_count > 0 ? counting->event_count : 1];
	int status = dispatch_read(id, current);
	if (status != PAPI_OK)
		return status;
	long long *offsets = counting->write_offsets;
	if (!offsets) {
		offsets = calloc((size_t)(counting->event_count ? counting->event_count : 1),
		                 sizeof(long long));
		if (!offsets)
			return papi_error_set(PAPI_ENOMEM, "no memory for written values");
	}
	for (int i = 0; i < counting->event_count; i++)
		offsets[i] += values[i] - current[i];
	counting->write_offsets = offsets;
	refresh_direct(counting);
	return PAPI_OK;
}

int dispatch_write(int id, const long long *values)
{
	struct counting *counting = find(id);
	if (!counting)
		return PAPI_ENOEVST;
	if (!values)
		return papi_error_set(PAPI_EINVAL, "values array is NULL");
	if (!counting->running) {
		memcpy(counting->stopped_values, values, event_bytes(counting));
		forget_stop_error(counting);
		return PAPI_OK;
	}
	int status = counting_check_owner(counting);
	if (status != PAPI_OK)
		return status;
	if (!writes_natively(counting))
		return write_offsets(counting, id, values);
	status = guard_enter(&counting->guard, id);
	if (status != PAPI_OK)
		return status;
	status = counter_write(&counting->counter, values);
	guard_leave(&counting->guard);
	return status;
}

/* running_a / enabled_a < running_b / enabled_b, exactly; an empty
 * interval (enabled 0) counts as complete. */
static bool counted_less(long long enabled_a, long long running_a, long long enabled_b,
                         long long running_b)
{
	if (enabled_a <= 0)
		return false;
	if (enabled_b <= 0)
		return true;
#ifdef __SIZEOF_INT128__
	return (__int128)running_a * enabled_b < (__int128)running_b * enabled_a;
#else
	return (long double)running_a * enabled_b < (long double)running_b * enabled_a;
#endif
}

/* Nothing is read here: the times are the ones the set's most recent read,
 * accum or stop had, kept by the component or the software multiplexer, so
 * that PAPI_read costs what it did. A preset made of several natives
 * reports the native that counted the smallest share of its time: its value
 * is only as complete as its least complete term. */
int dispatch_event_times(int id, int index, long long *enabled_ns, long long *running_ns)
{
	struct counting *counting = find(id);
	if (!counting)
		return PAPI_ENOEVST;
	if (!enabled_ns || !running_ns)
		return papi_error_set(PAPI_EINVAL, "%s pointer is NULL",
		                      enabled_ns ? "running_ns" : "enabled_ns");
	if (index < 0 || index >= counting->event_count)
		return papi_error_set(PAPI_EINVAL, "event set %d has no event %d (it holds %d)", id,
		                      index, counting->event_count);
	int status = guard_enter(&counting->guard, id);
	if (status != PAPI_OK)
		return status;
	const struct path_ops *path = path_of(counting);
	const struct eventset_event *event = &counting->events[index];
	long long enabled = 0, running = 0;
	for (int t = 0; status == PAPI_OK && t < event->term_count; t++) {
		long long term_enabled, term_running;
		status = path->event_times(counting, event->terms[t], &term_enabled, &term_running);
		if (status == PAPI_OK &&
		    (t == 0 || counted_less(term_enabled, term_running, enabled, running))) {
			enabled = term_enabled;
			running = term_running;
		}
	}
	guard_leave(&counting->guard);
	if (status != PAPI_OK)
		return status;
	*enabled_ns = enabled;
	*running_ns = running;
	return PAPI_OK;
}

/* A preset of several natives is read in user space only if all of them
 * are; the reason is the first native's that is not, else the first's. */
int dispatch_read_path(int id, int index, char *reason, size_t reason_len)
{
	struct counting *counting = find(id);
	if (!counting)
		return PAPI_ENOEVST;
	if (index < 0 || index >= counting->event_count)
		return papi_error_set(PAPI_EINVAL, "event set %d has no event %d (it holds %d)", id,
		                      index, counting->event_count);
	if (!counting->running)
		return papi_error_set(PAPI_ENOTRUN,
		                      "event set %d is not running: an event has a read path only "
		                      "while it counts (the counter holding it is chosen at start)",
		                      id);
	const struct path_ops *path = path_of(counting);
	const struct eventset_event *event = &counting->events[index];
	char chosen[PAPI_HUGE_STR_LEN] = "";
	int read_path = PAPI_READ_PATH_USER;
	for (int t = 0; t < event->term_count; t++) {
		char text[PAPI_HUGE_STR_LEN] = "";
		int status = path->read_path(counting, event->terms[t], text, sizeof(text));
		if (status < 0)
			return status;
		if (t == 0 ||
		    (status == PAPI_READ_PATH_SYSCALL && read_path == PAPI_READ_PATH_USER))
			snprintf(chosen, sizeof(chosen), "%s", text);
		if (status == PAPI_READ_PATH_SYSCALL)
			read_path = PAPI_READ_PATH_SYSCALL;
	}
	if (reason && reason_len > 0)
		snprintf(reason, reason_len, "%s", chosen);
	return read_path;
}

void dispatch_halt(int id)
{
	struct counting *counting = eventset_table_counting(id);
	if (!counting || !counting->running)
		return;
	if (counting->listener && counting->listener->stopping)
		counting->listener->stopping(counting->listener_arg);
	path_of(counting)->stop(counting, NULL);
	counting->running = false;
	publish_fast_read(counting);
}

/* ---- the counting record ----------------------------------------------------- */

struct counting *counting_create(void)
{
	struct counting *counting = calloc(1, sizeof(*counting));
	if (!counting) {
		papi_error_set(PAPI_ENOMEM, "no memory for a new event set");
		return NULL;
	}
	atomic_init(&counting->fast_read, NULL);
	atomic_init(&counting->fast_arg, NULL);
	counting->cidx = -1;
	counting->owner = pthread_self();
	guard_init(&counting->guard);
	struct counting_options *options = &counting->options;
	options->domain = papillon_library.default_domain;
	options->granularity = papillon_library.default_granularity;
	options->cpu = -1;
	if (options->granularity == PAPI_GRN_SYS) {
		int cpu = sched_getcpu(); /* PAPI_GRN_SYS counts the CPU we run on */
		options->cpu = cpu >= 0 ? cpu : 0;
	}
	atomic_init(&counting->user_read_mode, PAPI_USER_READ_AUTO);
	options->user_read = &counting->user_read_mode;
	return counting;
}

void counting_identify(struct counting *counting, int id)
{
	counting->id = id;
}

void counting_destroy(struct counting *counting)
{
	if (!counting)
		return;
	multiplex_destroy(counting->mpx);
	counter_cleanup(&counting->counter);
	free(counting->native_values);
	free(counting->stopped_values);
	free(counting->write_offsets);
	free(counting->stop_reason);
	free(counting);
}

int counting_bind(struct counting *counting, int cidx)
{
	int status = counter_init(&counting->counter, cidx);
	if (status == PAPI_OK)
		counting->cidx = cidx;
	return status;
}

int counting_component(const struct counting *counting)
{
	return counting->cidx;
}

bool counting_running(const struct counting *counting)
{
	return counting->running;
}

bool counting_owned_by_caller(const struct counting *counting)
{
	return pthread_equal(counting->owner, pthread_self());
}

int counting_check_owner(const struct counting *counting)
{
	if (!counts_caller(counting) || counting_owned_by_caller(counting))
		return PAPI_OK;
	return papi_error_set(PAPI_EINVAL,
	                      "event set %d belongs to the thread that created it and counts "
	                      "that thread: only it may start, stop or change the set (or attach "
	                      "the set to a thread with PAPI_attach)",
	                      counting->id);
}

int counting_update(struct counting *counting, const struct component_event *natives,
                    int native_count, const struct eventset_event *events, int event_count,
                    const long long *kept_values)
{
	long long *native_values =
	    calloc((size_t)(native_count ? native_count : 1), sizeof(long long));
	long long *stopped_values =
	    calloc((size_t)(event_count ? event_count : 1), sizeof(long long));
	if (!native_values || !stopped_values) {
		free(native_values);
		free(stopped_values);
		return papi_error_set(PAPI_ENOMEM, "no memory for the event set's values");
	}
	int status = path_of(counting)->update(counting, natives, native_count, &counting->options);
	if (status != PAPI_OK) {
		free(native_values);
		free(stopped_values);
		return status;
	}
	if (kept_values)
		memcpy(stopped_values, kept_values, sizeof(long long) * (size_t)event_count);
	free(counting->native_values);
	free(counting->stopped_values);
	free(counting->write_offsets);
	counting->write_offsets = NULL;
	counting->native_values = native_values;
	counting->stopped_values = stopped_values;
	forget_stop_error(counting);
	counting->natives = natives;
	counting->native_count = native_count;
	counting->events = events;
	counting->event_count = event_count;
	counting->identity = is_identity(events, event_count, native_count);
	refresh_direct(counting);
	return PAPI_OK;
}

int counting_reopen(struct counting *counting)
{
	if (counting->cidx < 0 || counting->native_count == 0)
		return PAPI_OK;
	return path_of(counting)->update(counting, counting->natives, counting->native_count,
	                                 &counting->options);
}

const long long *counting_stopped_values(const struct counting *counting)
{
	return counting->stopped_values;
}

const struct counting_options *counting_options(const struct counting *counting)
{
	return &counting->options;
}

int counting_apply_options(struct counting *counting, const struct counting_options *options)
{
	if (counting->cidx >= 0 && counting->native_count > 0) {
		int status = path_of(counting)->update(counting, counting->natives,
		                                       counting->native_count, options);
		if (status != PAPI_OK)
			return status;
	}
	counting->options = *options;
	counting->options.user_read = &counting->user_read_mode;
	return PAPI_OK;
}

int counting_set_user_read(struct counting *counting, int mode)
{
	if (mode != PAPI_USER_READ_OFF && mode != PAPI_USER_READ_AUTO)
		return papi_error_set(PAPI_EINVAL,
		                      "user read mode %d is neither PAPI_USER_READ_OFF (%d) nor "
		                      "PAPI_USER_READ_AUTO (%d)",
		                      mode, PAPI_USER_READ_OFF, PAPI_USER_READ_AUTO);
	atomic_store_explicit(&counting->user_read_mode, mode, memory_order_relaxed);
	return PAPI_OK;
}

int counting_user_read(const struct counting *counting)
{
	return atomic_load_explicit(&counting->user_read_mode, memory_order_relaxed);
}

int counting_use_multiplexer(struct counting *counting, long long period_ns)
{
	if (counting->native_count > MULTIPLEX_MAX_EVENTS)
		return papi_error_set(PAPI_ECOUNT,
		                      "a multiplexed event set holds at most %d native events",
		                      MULTIPLEX_MAX_EVENTS);
	if (period_ns <= 0) {
		struct timer_settings timers;
		signals_timer_settings(&timers);
		period_ns = timers.ns;
	}
	int counters = papillon_component_info[counting->cidx].num_cntrs;
	struct mpx_state *mpx;
	int status = multiplex_create(counting->cidx, counters, period_ns, &counting->guard,
	                              counting->id, &mpx);
	if (status != PAPI_OK)
		return status;
	status =
	    multiplex_update(mpx, counting->natives, counting->native_count, &counting->options);
	if (status == PAPI_OK && counting->native_count > 0) {
		/* The slices hold the events now: free the counter's. */
		status = counter_update(&counting->counter, NULL, 0, &counting->options);
	}
	if (status != PAPI_OK) {
		multiplex_destroy(mpx);
		return status;
	}
	counting->mpx = mpx;
	refresh_direct(counting);
	return PAPI_OK;
}

void counting_drop_multiplexer(struct counting *counting)
{
	multiplex_destroy(counting->mpx);
	counting->mpx = NULL;
	counting->options.multiplex = 0;
	refresh_direct(counting);
}

bool counting_multiplexed_in_software(const struct counting *counting)
{
	return counting->mpx != NULL;
}

clockid_t counting_clock(const struct counting *counting)
{
	struct timer_settings timers;
	signals_timer_settings(&timers);
	clockid_t clock = CLOCK_MONOTONIC;
	if (timers.itimer_num != ITIMER_REAL && counts_caller(counting) &&
	    pthread_getcpuclockid(counting->owner, &clock) != 0)
		clock = CLOCK_MONOTONIC;
	return clock;
}

void counting_listen(struct counting *counting, const struct counting_listener *listener, void *arg)
{
	counting->listener = listener;
	counting->listener_arg = listener ? arg : NULL;
	refresh_direct(counting);
}

bool counting_tick_begin(struct counting *counting, long long *natives, long long *events)
{
	if (!guard_try_enter(&counting->guard))
		return false; /* an API call works on the set: the next tick catches up */
	if (!counting->running || path_of(counting)->read(counting, natives) != PAPI_OK) {
		guard_leave_quietly(&counting->guard);
		return false;
	}
	compute(counting, natives, events);
	return true;
}

void counting_tick_end(struct counting *counting)
{
	guard_leave_quietly(&counting->guard);
}
