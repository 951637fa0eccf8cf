// SPDX-License-Identifier: BSD-3-Clause
/* The counting dispatcher: the counting entry points (see dispatch.h).
 *
 * PAPI_read is the hot path (dispatch_read, inline in dispatch.h): a
 * running set whose events are its natives one to one, with nothing in
 * between (no derived arithmetic, no PAPI_write offsets, no library timer),
 * has the function its counter named at start (counter_read_function) in
 * its table slot, and PAPI_read jumps there: for most components their own
 * read, straight into the caller's array. Everything else takes
 * dispatch_read_other. */
#include "config.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "papi.h"
#include "core/counter.h"
#include "core/dispatch.h"
#include "util/error.h"
#include "core/eventset_record.h"
#include "core/eventset_table.h"
#include "core/guard.h"
#include "core/running_sets.h"

static size_t event_bytes(const struct eventset *set)
{
	return sizeof(long long) * (size_t)set->event_count;
}

/* ---- one running set per component per thread ---------------------------- */

void dispatch_init(void)
{
	running_sets_init();
}

/* An attached set's task has exited (reaped, or a zombie): the kernel
 * keeps its events open with their final counts, which reads still give,
 * but a start would count nothing from then on without a word. */
static int check_target_alive(const struct eventset *set, int id)
{
	pid_t tid = set->options.tid;
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
static int other_running_set(const struct eventset *set)
{
	int recorded = running_set(set->cidx);
	if (recorded < 0 || recorded == set->id)
		return -1;
	const struct eventset *other = eventset_table_get(recorded);
	return other && other->cidx == set->cidx && other->running ? recorded : -1;
}

/* ---- the entry points ------------------------------------------------------ */

static struct eventset *find(int id)
{
	struct eventset *set = eventset_table_get(id);
	if (__builtin_expect(set == NULL, 0))
		papi_error_set(PAPI_ENOEVST, "event set %d does not exist", id);
	return set;
}

static void notify_restarted(struct eventset *set)
{
	if (set->listener && set->listener->restarted)
		set->listener->restarted(set->listener_arg);
}

int dispatch_start(int id)
{
	struct eventset *set = find(id);
	if (!set)
		return PAPI_ENOEVST;
	if (set->running)
		return papi_error_set(PAPI_EISRUN, "event set %d is already running", id);
	if (set->event_count == 0 || set->cidx < 0)
		return papi_error_set(PAPI_EINVAL, "event set %d has no events to start", id);
	int status = eventset_check_owner(set);
	if (status == PAPI_OK)
		status = check_target_alive(set, id);
	if (status != PAPI_OK)
		return status;
	int other = counting_counts_caller(set) ? other_running_set(set) : -1;
	if (other >= 0)
		return papi_error_set(PAPI_EISRUN,
		                      "event set %d of the same component already runs in "
		                      "this thread",
		                      other);
	status = guard_enter(&set->guard, id);
	if (status != PAPI_OK)
		return status;
	const struct path_ops *path = counting_path(set);
	status = path->start(set);
	if (status == PAPI_OK) {
		counting_clear_write_offsets(set);
		counting_forget_stop_error(set);
		set->running = true;
		/* A listener's timer: after running, which its tick checks. */
		if (set->listener && set->listener->started)
			status = set->listener->started(set->listener_arg);
		if (status != PAPI_OK) {
			path->stop(set, NULL);
			set->running = false;
		}
	}
	counting_publish_fast_read(set);
	guard_leave(&set->guard);
	if (status != PAPI_OK)
		return status;
	if (counting_counts_caller(set))
		running_set_note(set->cidx, id);
	return PAPI_OK;
}

int dispatch_stop(int id, long long *values)
{
	struct eventset *set = find(id);
	if (!set)
		return PAPI_ENOEVST;
	if (!set->running)
		return papi_error_set(PAPI_ENOTRUN, "event set %d is not running", id);
	int status = eventset_check_owner(set);
	if (status != PAPI_OK)
		return status;
	if (set->listener && set->listener->stopping)
		set->listener->stopping(set->listener_arg);
	status = guard_enter(&set->guard, id);
	if (status != PAPI_OK)
		return status;
	status = counting_path(set)->stop(set, set->native_values);
	if (status == PAPI_OK)
		counting_compute(set, set->native_values, set->stopped_values);
	/* A failed stop still stops: a set left running could never be
	 * cleaned up or destroyed, and its counters are the ones that failed.
	 * The error stays for the reads of the stopped set (stop_error). */
	set->running = false;
	counting_publish_fast_read(set);
	guard_leave(&set->guard);
	running_set_forget(set->cidx, id);
	counting_forget_stop_error(set);
	if (status != PAPI_OK) {
		set->stop_error = status;
		set->stop_reason = strdup(papi_error_reason());
		return status;
	}
	if (values)
		memcpy(values, set->stopped_values, event_bytes(set));
	return PAPI_OK;
}

/* A running set's event values through the mapping (and the guard). */
static int read_mapped(struct eventset *set, int id, long long *values)
{
	int status = guard_enter(&set->guard, id);
	if (status != PAPI_OK)
		return status;
	status = counting_path(set)->read(set, set->native_values);
	if (status == PAPI_OK)
		counting_compute(set, set->native_values, values);
	guard_leave(&set->guard);
	return status;
}

/* Every read but the direct one: errors, stopped sets, mapped reads. */
int dispatch_read_other(int id, long long *values)
{
	struct eventset *set = eventset_table_get(id);
	if (!set)
		return papi_error_set(PAPI_ENOEVST, "event set %d does not exist", id);
	if (!values)
		return papi_error_set(PAPI_EINVAL, "values array is NULL");
	if (!set->running) {
		if (set->stop_error != PAPI_OK)
			return papi_error_set(set->stop_error,
			                      "event set %d has no counts: its stop failed (%s)",
			                      id, set->stop_reason ? set->stop_reason : "");
		/* A stopped set reads what it counted up to its stop. */
		memcpy(values, set->stopped_values, event_bytes(set));
		return PAPI_OK;
	}
	return read_mapped(set, id, values);
}

int dispatch_accum(int id, long long *values)
{
	struct eventset *set = find(id);
	if (!set)
		return PAPI_ENOEVST;
	if (!values)
		return papi_error_set(PAPI_EINVAL, "values array is NULL");
	if (!set->running)
		return papi_error_set(PAPI_ENOTRUN, "event set %d is not running", id);
	int status = eventset_check_owner(set);
	if (status != PAPI_OK)
		return status;
	/* Direct: the counter adds and restarts in one step, one read. */
	if (set->direct)
		return counter_accum(&set->counter, values);
	const struct path_ops *path = counting_path(set);
	status = guard_enter(&set->guard, id);
	if (status != PAPI_OK)
		return status;
	long long *deltas = set->native_values;
	memset(deltas, 0, sizeof(long long) * (size_t)set->native_count);
	status = path->accum(set, deltas);
	long long event_values[set->event_count > 0 ? set->event_count : 1];
	if (status == PAPI_OK) {
		counting_compute(set, deltas, event_values);
		notify_restarted(set);
	}
	guard_leave(&set->guard);
	if (status != PAPI_OK)
		return status;
	/* Events that are the counter's natives add as their kinds of value
	 * do (a double's bits, a value of the moment); derived events and
	 * the multiplexer's estimates are integers. */
	bool by_kind = set->identity && !set->mpx;
	for (int i = 0; i < set->event_count; i++)
		values[i] = by_kind ? counter_combine(&set->counter, i, values[i], event_values[i])
		                    : values[i] + event_values[i];
	counting_clear_write_offsets(set);
	return PAPI_OK;
}

int dispatch_reset(int id)
{
	struct eventset *set = find(id);
	if (!set)
		return PAPI_ENOEVST;
	counting_clear_write_offsets(set);
	if (!set->running) {
		memset(set->stopped_values, 0, event_bytes(set));
		counting_forget_stop_error(set);
		return PAPI_OK;
	}
	int status = eventset_check_owner(set);
	if (status == PAPI_OK)
		status = guard_enter(&set->guard, id);
	if (status != PAPI_OK)
		return status;
	status = counting_path(set)->reset(set);
	notify_restarted(set);
	guard_leave(&set->guard);
	return status;
}

/* PAPI_write of a running set whose counter takes values itself: a
 * component with CAP_WRITE, or snapshots of free-running counters (the
 * base moves). Else the core keeps offsets over what the counters read. */
static bool writes_natively(const struct eventset *set)
{
	return set->identity && counting_path_is_counter(set) && counter_can_write(&set->counter);
}

static int write_offsets(struct eventset *set, int id, const long long *values)
{
	long long current[set->event_count > 0 ? set->event_count : 1];
	int status = dispatch_read(id, current);
	if (status != PAPI_OK)
		return status;
	long long *offsets = set->write_offsets;
	if (!offsets) {
		offsets =
		    calloc((size_t)(set->event_count ? set->event_count : 1), sizeof(long long));
		if (!offsets)
			return papi_error_set(PAPI_ENOMEM, "no memory for written values");
	}
	for (int i = 0; i < set->event_count; i++)
		offsets[i] += values[i] - current[i];
	counting_set_write_offsets(set, offsets);
	return PAPI_OK;
}

int dispatch_write(int id, const long long *values)
{
	struct eventset *set = find(id);
	if (!set)
		return PAPI_ENOEVST;
	if (!values)
		return papi_error_set(PAPI_EINVAL, "values array is NULL");
	if (!set->running) {
		memcpy(set->stopped_values, values, event_bytes(set));
		counting_forget_stop_error(set);
		return PAPI_OK;
	}
	int status = eventset_check_owner(set);
	if (status != PAPI_OK)
		return status;
	if (!writes_natively(set))
		return write_offsets(set, id, values);
	status = guard_enter(&set->guard, id);
	if (status != PAPI_OK)
		return status;
	status = counter_write(&set->counter, values);
	guard_leave(&set->guard);
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
	struct eventset *set = find(id);
	if (!set)
		return PAPI_ENOEVST;
	if (!enabled_ns || !running_ns)
		return papi_error_set(PAPI_EINVAL, "%s pointer is NULL",
		                      enabled_ns ? "running_ns" : "enabled_ns");
	if (index < 0 || index >= set->event_count)
		return papi_error_set(PAPI_EINVAL, "event set %d has no event %d (it holds %d)", id,
		                      index, set->event_count);
	int status = guard_enter(&set->guard, id);
	if (status != PAPI_OK)
		return status;
	const struct path_ops *path = counting_path(set);
	const struct eventset_event *event = &set->events[index];
	long long enabled = 0, running = 0;
	for (int t = 0; status == PAPI_OK && t < event->term_count; t++) {
		long long term_enabled, term_running;
		status = path->event_times(set, event->terms[t], &term_enabled, &term_running);
		if (status == PAPI_OK &&
		    (t == 0 || counted_less(term_enabled, term_running, enabled, running))) {
			enabled = term_enabled;
			running = term_running;
		}
	}
	guard_leave(&set->guard);
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
	struct eventset *set = find(id);
	if (!set)
		return PAPI_ENOEVST;
	if (index < 0 || index >= set->event_count)
		return papi_error_set(PAPI_EINVAL, "event set %d has no event %d (it holds %d)", id,
		                      index, set->event_count);
	if (!set->running)
		return papi_error_set(PAPI_ENOTRUN,
		                      "event set %d is not running: an event has a read path only "
		                      "while it counts (the counter holding it is chosen at start)",
		                      id);
	const struct path_ops *path = counting_path(set);
	const struct eventset_event *event = &set->events[index];
	char chosen[PAPI_HUGE_STR_LEN] = "";
	int read_path = PAPI_READ_PATH_USER;
	for (int t = 0; t < event->term_count; t++) {
		char text[PAPI_HUGE_STR_LEN] = "";
		int status = path->read_path(set, event->terms[t], text, sizeof(text));
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
	struct eventset *set = eventset_table_get(id);
	if (!set || !set->running)
		return;
	if (set->listener && set->listener->stopping)
		set->listener->stopping(set->listener_arg);
	counting_path(set)->stop(set, NULL);
	set->running = false;
	counting_publish_fast_read(set);
}
