/* Entry points: counting. PAPI_read is the hot path: one lookup, one state
 * test, and the component's read straight into the caller's array when the
 * events map one to one onto native events. */
#include <stdlib.h>
#include <string.h>
#include <pthread.h>

#include "papi.h"
#include "api_internal.h"
#include "error.h"
#include "eventset.h"
#include "guard.h"
#include "library.h"
#include "multiplex.h"
#include "overflow.h"
#include "timers.h"

/* PAPI allows one running event set per component per thread. Kept as id + 1
 * (0: none), not as a pointer: PAPI_shutdown frees sets that still run, and
 * a later PAPI_start must not read the freed set. Sets attached to another
 * thread or to a CPU do not count the caller: any number of them may run
 * (PAPI's multiattach test runs two). */
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

void counting_init(void)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;
	pthread_once(&once, register_fork_handler);
}

/* The set this thread runs on component cidx, or NULL. */
static struct eventset *running_in_caller(int cidx)
{
	return running_sets[cidx] ? eventset_lookup(running_sets[cidx] - 1) : NULL;
}

static size_t event_bytes(const struct eventset *set)
{
	return sizeof(long long) * (size_t)set->event_count;
}

PAPI_EXPORT int PAPI_start(int EventSet)
{
	struct eventset *set = api_eventset(EventSet);
	if (!set)
		return PAPI_ENOEVST;
	if (set->state & PAPI_RUNNING)
		return papi_error_set(PAPI_EISRUN, "event set %d is already running", EventSet);
	if (set->event_count == 0 || set->cidx < 0)
		return papi_error_set(PAPI_EINVAL, "event set %d has no events to start", EventSet);
	int status = eventset_check_owner(set);
	if (status != PAPI_OK)
		return status;
	bool counts_caller = set->options.tid == 0 && set->options.cpu < 0;
	struct eventset *other = counts_caller ? running_in_caller(set->cidx) : NULL;
	if (other && other->cidx == set->cidx && (other->state & PAPI_RUNNING))
		return papi_error_set(PAPI_EISRUN,
		                      "event set %d of the same component already runs in "
		                      "this thread",
		                      other->id);
	status = guard_enter(set);
	if (status != PAPI_OK)
		return status;
	const struct component_ops *ops = papillon_components[set->cidx];
	status = set->mpx ? multiplex_start(set) : ops->start(set->control);
	if (status == PAPI_OK) {
		eventset_clear_write_offsets(set);
		set->state = (set->state & ~PAPI_STOPPED) | PAPI_RUNNING;
		/* Software overflow's timer: after RUNNING, which its tick checks. */
		status = overflow_start(set);
		if (status != PAPI_OK) {
			if (set->mpx)
				multiplex_stop(set, NULL);
			else
				ops->stop(set->control, NULL);
			set->state = (set->state & ~PAPI_RUNNING) | PAPI_STOPPED;
		}
	}
	guard_leave(set);
	if (status != PAPI_OK)
		return status;
	if (counts_caller)
		running_sets[set->cidx] = set->id + 1;
	return PAPI_OK;
}

/* Reads through the guard, the software multiplexer or derived arithmetic:
 * everything but the one-to-one read. */
static __attribute__((noinline)) int read_slow(struct eventset *set, long long *values)
{
	int status = guard_enter(set);
	if (status != PAPI_OK)
		return status;
	if (set->mpx)
		status = multiplex_read(set, set->native_values);
	else
		status = papillon_components[set->cidx]->read(set->control, set->native_values);
	if (status == PAPI_OK)
		eventset_compute(set, set->native_values, values);
	guard_leave(set);
	return status;
}

/* Reads the set's event values into values (which may be stopped_values).
 * Inlined: PAPI_read then jumps straight to the component's read. */
static inline __attribute__((always_inline)) int read_running(struct eventset *set,
                                                              long long *values)
{
	const struct component_ops *ops = papillon_components[set->cidx];
	if (set->direct_map)
		return ops->read(set->control, values);
	return read_slow(set, values);
}

PAPI_EXPORT int PAPI_stop(int EventSet, long long *values)
{
	struct eventset *set = api_eventset(EventSet);
	if (!set)
		return PAPI_ENOEVST;
	if (!(set->state & PAPI_RUNNING))
		return papi_error_set(PAPI_ENOTRUN, "event set %d is not running", EventSet);
	int status = eventset_check_owner(set);
	if (status != PAPI_OK)
		return status;
	overflow_stop(set);
	status = guard_enter(set);
	if (status != PAPI_OK)
		return status;
	const struct component_ops *ops = papillon_components[set->cidx];
	if (set->mpx)
		status = multiplex_stop(set, set->native_values);
	else
		status = ops->stop(set->control, set->native_values);
	if (status != PAPI_OK) {
		guard_leave(set);
		return status;
	}
	eventset_compute(set, set->native_values, set->stopped_values);
	set->state = (set->state & ~PAPI_RUNNING) | PAPI_STOPPED;
	guard_leave(set);
	if (running_sets[set->cidx] == set->id + 1)
		running_sets[set->cidx] = 0;
	if (values)
		memcpy(values, set->stopped_values, event_bytes(set));
	return PAPI_OK;
}

PAPI_EXPORT int PAPI_read(int EventSet, long long *values)
{
	struct eventset *set = api_eventset(EventSet);
	if (__builtin_expect(!set, 0))
		return PAPI_ENOEVST;
	if (__builtin_expect(!values, 0))
		return papi_error_set(PAPI_EINVAL, "values array is NULL");
	if (__builtin_expect(!(set->state & PAPI_RUNNING), 0)) {
		/* A stopped set reads what it counted up to its stop. */
		memcpy(values, set->stopped_values, event_bytes(set));
		return PAPI_OK;
	}
	return read_running(set, values);
}

PAPI_EXPORT int PAPI_read_ts(int EventSet, long long *values, long long *cycles)
{
	if (!cycles)
		return papi_error_set(PAPI_EINVAL, "cycles pointer is NULL");
	int status = PAPI_read(EventSet, values);
	if (status == PAPI_OK)
		*cycles = timers_real_cycles();
	return status;
}

PAPI_EXPORT int PAPI_accum(int EventSet, long long *values)
{
	struct eventset *set = api_eventset(EventSet);
	if (!set)
		return PAPI_ENOEVST;
	if (!values)
		return papi_error_set(PAPI_EINVAL, "values array is NULL");
	if (!(set->state & PAPI_RUNNING))
		return papi_error_set(PAPI_ENOTRUN, "event set %d is not running", EventSet);
	int status = eventset_check_owner(set);
	if (status != PAPI_OK)
		return status;
	const struct component_ops *ops = papillon_components[set->cidx];
	if (set->direct_map) {
		/* The component adds and restarts in one step: one read, no reset. */
		status = ops->accum(set->control, values);
		if (set->overflow)
			overflow_reset(set);
		return status;
	}
	status = guard_enter(set);
	if (status != PAPI_OK)
		return status;
	long long *deltas = set->native_values;
	memset(deltas, 0, sizeof(long long) * (size_t)set->native_count);
	status = set->mpx ? multiplex_accum(set, deltas) : ops->accum(set->control, deltas);
	long long event_values[set->event_count > 0 ? set->event_count : 1];
	if (status == PAPI_OK) {
		eventset_compute(set, deltas, event_values);
		overflow_reset(set);
	}
	guard_leave(set);
	if (status != PAPI_OK)
		return status;
	for (int i = 0; i < set->event_count; i++)
		values[i] += event_values[i];
	eventset_clear_write_offsets(set);
	return PAPI_OK;
}

PAPI_EXPORT int PAPI_reset(int EventSet)
{
	struct eventset *set = api_eventset(EventSet);
	if (!set)
		return PAPI_ENOEVST;
	eventset_clear_write_offsets(set);
	if (!(set->state & PAPI_RUNNING)) {
		memset(set->stopped_values, 0, event_bytes(set));
		return PAPI_OK;
	}
	int status = eventset_check_owner(set);
	if (status == PAPI_OK)
		status = guard_enter(set);
	if (status != PAPI_OK)
		return status;
	if (set->mpx)
		status = multiplex_reset(set);
	else
		status = papillon_components[set->cidx]->reset(set->control);
	overflow_reset(set);
	guard_leave(set);
	return status;
}

/* Counters cannot be set on most hardware; the core keeps offsets so that
 * reads continue from the written values. */
PAPI_EXPORT int PAPI_write(int EventSet, long long *values)
{
	struct eventset *set = api_eventset(EventSet);
	if (!set)
		return PAPI_ENOEVST;
	if (!values)
		return papi_error_set(PAPI_EINVAL, "values array is NULL");
	if (!(set->state & PAPI_RUNNING)) {
		memcpy(set->stopped_values, values, event_bytes(set));
		return PAPI_OK;
	}
	int status = eventset_check_owner(set);
	if (status != PAPI_OK)
		return status;
	long long current[set->event_count > 0 ? set->event_count : 1];
	status = read_running(set, current);
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
	set->write_offsets = offsets;
	set->direct_map = false;
	return PAPI_OK;
}
