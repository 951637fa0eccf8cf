/* Multiplexing (see multiplex.h).
 *
 * The software multiplexer splits the set's natives into slices, each a
 * control of its own that the component counts at once (at most the
 * component's counter count, and whatever its control_update accepts
 * together; one native per slice when the component reports no counters).
 * A timer in the owner thread (its CPU-time clock, so a sleeping thread does
 * not rotate) stops the current slice, adds its counts, and starts the next.
 * A native's estimate is count * total time / time it counted, the same
 * scaling the kernel's time_enabled / time_running gives. Times are taken
 * on the timer's clock, between the stop of one slice and the start of the
 * next, once per rotation. Under a hypervisor, perf's software clocks
 * (task-clock, cpu-clock) also count time stolen from the virtual CPU, which
 * the thread's CPU time does not: a slice hit by a burst of steal
 * over-estimates those clocks. Hardware counters stop with the virtual CPU
 * and are not affected.
 *
 * Each estimate keeps the times it scaled with, for PAPI_event_times: the
 * set's time since the start, reset or accum as every native's enabled time,
 * and the part of it each native counted as its running time.
 *
 * Everything in the rotation is async-signal-safe: the component's start
 * and stop (for perf_event an ioctl and a read), clock_gettime, arithmetic. */
#include "config.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>

#include "papi.h"
#include "error.h"
#include "guard.h"
#include "library.h"
#include "multiplex.h"
#include "signals.h"
#include "threads.h"

struct mpx_slice {
	void *control;
	int count;
	int *natives;      /* positions in the set's native list */
	long long *values; /* scratch for the component's values */
};

struct mpx_state {
	int slice_count;
	struct mpx_slice *slices;
	int native_count;
	long long *sum;       /* counts since start, reset or accum */
	long long *active_ns; /* time each native counted */
	int current;
	long long started_ns;
	long long slice_started_ns;
	long long period_ns;
	long long estimated_at_ns;      /* the time of the last estimate */
	long long estimated_total_ns;   /* the last estimate's enabled time */
	long long *estimated_active_ns; /* ... and each native's running time */
	bool started;                   /* since the last update */
	clockid_t clock;
	struct core_timer timer;
	bool running;
};

static const struct component_ops *ops_of(const struct eventset *set)
{
	return papillon_components[set->cidx];
}

static long long clock_ns(clockid_t clock)
{
	struct timespec now;
	if (clock_gettime(clock, &now) != 0)
		return 0;
	return (long long)now.tv_sec * 1000000000LL + now.tv_nsec;
}

static void free_slices(const struct eventset *set, struct mpx_slice *slices, int count)
{
	for (int s = 0; s < count; s++) {
		if (slices[s].control) {
			ops_of(set)->control_cleanup(slices[s].control);
			free(slices[s].control);
		}
		free(slices[s].natives);
		free(slices[s].values);
	}
	free(slices);
}

static int slice_capacity(const struct eventset *set)
{
	int counters = papillon_library.component_info[set->cidx].num_cntrs;
	return counters > 0 ? counters : 1;
}

/* Asks the component to count the slice's natives (plus, when extra >= 0,
 * that one too). */
static int try_slice(const struct eventset *set, struct mpx_slice *slice,
                     const struct component_event *natives, int extra,
                     const struct counting_options *options)
{
	int count = slice->count + (extra >= 0);
	struct component_event events[count > 0 ? count : 1];
	for (int i = 0; i < slice->count; i++)
		events[i] = natives[slice->natives[i]];
	if (extra >= 0)
		events[slice->count] = natives[extra];
	for (int i = 0; i < count; i++)
		events[i].overflow_threshold = 0;
	return ops_of(set)->control_update(slice->control, events, count, options);
}

static int new_slice(const struct eventset *set, struct mpx_slice *slice, int capacity)
{
	memset(slice, 0, sizeof(*slice));
	const struct component_ops *ops = ops_of(set);
	slice->control = calloc(1, ops->control_size ? ops->control_size : 1);
	slice->natives = malloc(sizeof(int) * (size_t)capacity);
	slice->values = calloc((size_t)capacity, sizeof(long long));
	if (!slice->control || !slice->natives || !slice->values)
		return papi_error_set(PAPI_ENOMEM, "no memory for a multiplexing slice");
	int status = ops->control_init(slice->control);
	if (status != PAPI_OK) {
		free(slice->control);
		slice->control = NULL;
	}
	return status;
}

/* Greedy: each native joins the last slice if it has room and the
 * component accepts them together, else starts a new slice. */
static int build_slices(const struct eventset *set, const struct component_event *natives,
                        int count, const struct counting_options *options, struct mpx_slice **out,
                        int *out_count)
{
	int capacity = slice_capacity(set);
	struct counting_options slice_options = *options;
	slice_options.multiplex = 0;
	slice_options.overflow_fire = NULL;
	struct mpx_slice *slices = calloc((size_t)(count > 0 ? count : 1), sizeof(*slices));
	if (!slices)
		return papi_error_set(PAPI_ENOMEM, "no memory for multiplexing slices");
	int used = 0;
	int status = PAPI_OK;
	for (int n = 0; n < count && status == PAPI_OK; n++) {
		struct mpx_slice *last = used ? &slices[used - 1] : NULL;
		if (last && last->count < capacity &&
		    try_slice(set, last, natives, n, &slice_options) == PAPI_OK) {
			last->natives[last->count++] = n;
			continue;
		}
		if (last) /* back to what it held */
			try_slice(set, last, natives, -1, &slice_options);
		status = new_slice(set, &slices[used++], capacity);
		if (status == PAPI_OK)
			status = try_slice(set, &slices[used - 1], natives, n, &slice_options);
		if (status == PAPI_OK)
			slices[used - 1].natives[slices[used - 1].count++] = n;
	}
	if (status != PAPI_OK) {
		free_slices(set, slices, used);
		return status;
	}
	*out = slices;
	*out_count = used;
	return PAPI_OK;
}

int multiplex_update(struct eventset *set, const struct component_event *natives, int count,
                     const struct counting_options *options)
{
	struct mpx_state *mpx = set->mpx;
	struct mpx_slice *slices = NULL;
	int slice_count = 0;
	long long *sum = calloc((size_t)(count > 0 ? count : 1), sizeof(long long));
	long long *active = calloc((size_t)(count > 0 ? count : 1), sizeof(long long));
	long long *estimated = calloc((size_t)(count > 0 ? count : 1), sizeof(long long));
	int status = sum && active && estimated
	                 ? PAPI_OK
	                 : papi_error_set(PAPI_ENOMEM, "no memory for multiplexing");
	if (status == PAPI_OK)
		status = build_slices(set, natives, count, options, &slices, &slice_count);
	if (status != PAPI_OK) {
		free(sum);
		free(active);
		free(estimated);
		return status;
	}
	free_slices(set, mpx->slices, mpx->slice_count);
	free(mpx->sum);
	free(mpx->active_ns);
	free(mpx->estimated_active_ns);
	mpx->estimated_active_ns = estimated;
	mpx->estimated_total_ns = 0;
	mpx->started = false;
	mpx->slices = slices;
	mpx->slice_count = slice_count;
	mpx->native_count = count;
	mpx->sum = sum;
	mpx->active_ns = active;
	mpx->current = 0;
	return PAPI_OK;
}

static bool component_multiplexes(const struct eventset *set)
{
	return (ops_of(set)->capabilities & CAP_KERNEL_MULTIPLEX) != 0;
}

int multiplex_enable(struct eventset *set, int flags, long long ns)
{
	if (set->cidx < 0)
		return papi_error_set(PAPI_ENOCMP,
		                      "event set %d has no component yet: add an event or assign "
		                      "a component before PAPI_set_multiplex",
		                      set->id);
	if (set->state & PAPI_RUNNING)
		return papi_error_set(PAPI_EISRUN, "event set %d is running", set->id);
	if (set->state & PAPI_MULTIPLEXING)
		return papi_error_set(PAPI_EINVAL, "event set %d is already multiplexed", set->id);
	if (flags & ~PAPI_MULTIPLEX_FORCE_SW)
		return papi_error_set(PAPI_EINVAL, "multiplex flags %#x are not PAPI_MULTIPLEX_*",
		                      (unsigned)flags);
	if (ns < 0)
		return papi_error_set(PAPI_EINVAL, "multiplex interval %lld ns is negative", ns);
	if (set->overflow)
		return papi_error_set(PAPI_ECNFLCT,
		                      "event set %d overflows or profiles: multiplexing and "
		                      "overflow do not mix (PAPI_overflow threshold 0 first)",
		                      set->id);
	if (set->native_count > MULTIPLEX_MAX_EVENTS)
		return papi_error_set(PAPI_ECOUNT,
		                      "a multiplexed event set holds at most %d native events",
		                      MULTIPLEX_MAX_EVENTS);
	if (component_multiplexes(set) && !(flags & PAPI_MULTIPLEX_FORCE_SW)) {
		struct counting_options options = set->options;
		options.multiplex = 1;
		int status = eventset_apply_options(set, &options);
		if (status == PAPI_OK)
			set->state |= PAPI_MULTIPLEXING;
		return status;
	}
	struct mpx_state *mpx = calloc(1, sizeof(*mpx));
	if (!mpx)
		return papi_error_set(PAPI_ENOMEM, "no memory for multiplexing");
	signals_timer_init(&mpx->timer);
	struct timer_settings timers;
	signals_timer_settings(&timers);
	mpx->period_ns = ns > 0 ? ns : timers.ns;
	set->mpx = mpx;
	int status = multiplex_update(set, set->natives, set->native_count, &set->options);
	if (status == PAPI_OK && set->native_count > 0) {
		/* The slices hold the events now: free the plain control's. */
		status = ops_of(set)->control_update(set->control, NULL, 0, &set->options);
	}
	if (status != PAPI_OK) {
		multiplex_free(set);
		set->mpx = NULL;
		eventset_refresh_direct_map(set);
		return status;
	}
	set->state |= PAPI_MULTIPLEXING;
	eventset_refresh_direct_map(set);
	return PAPI_OK;
}

void multiplex_free(struct eventset *set)
{
	struct mpx_state *mpx = set->mpx;
	if (!mpx)
		return;
	signals_timer_stop(&mpx->timer);
	free_slices(set, mpx->slices, mpx->slice_count);
	free(mpx->sum);
	free(mpx->active_ns);
	free(mpx->estimated_active_ns);
	free(mpx);
	set->mpx = NULL;
}

void multiplex_disable(struct eventset *set)
{
	multiplex_free(set);
	set->options.multiplex = 0;
	set->state &= ~PAPI_MULTIPLEXING;
	eventset_refresh_direct_map(set);
}

/* Which clock the set's time is measured on: the CPU time of the thread it
 * counts, unless it counts another task, a CPU, or PAPI_DEF_ITIMER asked for
 * ITIMER_REAL. */
static clockid_t multiplex_clock(const struct eventset *set)
{
	struct timer_settings timers;
	signals_timer_settings(&timers);
	clockid_t clock = CLOCK_MONOTONIC;
	if (timers.itimer_num != ITIMER_REAL && set->options.tid == 0 && set->options.cpu < 0 &&
	    pthread_getcpuclockid(set->owner, &clock) != 0)
		clock = CLOCK_MONOTONIC;
	return clock;
}

/* The timer's tick: rotate, unless an API call is at work on the set. */
static void tick(void *arg, const siginfo_t *info, void *ucontext)
{
	(void)info;
	(void)ucontext;
	struct eventset *set = arg;
	if (!guard_try_enter(set))
		return;
	multiplex_catch_up(set);
	guard_leave_quietly(set);
}

static void add_slice_counts(struct mpx_state *mpx, const struct mpx_slice *slice,
                             long long elapsed)
{
	for (int i = 0; i < slice->count; i++) {
		mpx->sum[slice->natives[i]] += slice->values[i];
		mpx->active_ns[slice->natives[i]] += elapsed;
	}
}

void multiplex_catch_up(struct eventset *set)
{
	struct mpx_state *mpx = set->mpx;
	if (!mpx || !mpx->running || mpx->slice_count < 2)
		return;
	const struct component_ops *ops = ops_of(set);
	struct mpx_slice *slice = &mpx->slices[mpx->current];
	if (ops->stop(slice->control, slice->values) != PAPI_OK)
		return; /* keep counting with this slice; the next tick retries */
	long long now = clock_ns(mpx->clock);
	add_slice_counts(mpx, slice, now - mpx->slice_started_ns);
	int next = (mpx->current + 1) % mpx->slice_count;
	if (ops->start(mpx->slices[next].control) != PAPI_OK)
		next = mpx->current; /* cannot happen for perf: restart the same one */
	if (next == mpx->current)
		ops->start(slice->control);
	mpx->current = next;
	mpx->slice_started_ns = now;
}

static void zero_counts(struct mpx_state *mpx)
{
	size_t bytes = sizeof(long long) * (size_t)(mpx->native_count > 0 ? mpx->native_count : 1);
	memset(mpx->sum, 0, bytes);
	memset(mpx->active_ns, 0, bytes);
}

/* A new interval has counted nothing yet. */
static void zero_estimated_times(struct mpx_state *mpx)
{
	size_t bytes = sizeof(long long) * (size_t)(mpx->native_count > 0 ? mpx->native_count : 1);
	memset(mpx->estimated_active_ns, 0, bytes);
	mpx->estimated_total_ns = 0;
}

int multiplex_start(struct eventset *set)
{
	struct mpx_state *mpx = set->mpx;
	if (mpx->slice_count == 0)
		return papi_error_set(PAPI_EINVAL, "event set %d has no events to start", set->id);
	zero_counts(mpx);
	mpx->clock = multiplex_clock(set);
	mpx->current = 0;
	int status = ops_of(set)->start(mpx->slices[0].control);
	if (status != PAPI_OK)
		return status;
	mpx->started_ns = mpx->slice_started_ns = clock_ns(mpx->clock);
	mpx->running = true;
	mpx->started = true;
	zero_estimated_times(mpx);
	if (mpx->slice_count > 1) {
		pid_t tid = threads_gettid();
		status =
		    signals_timer_start(&mpx->timer, mpx->clock, tid, mpx->period_ns, tick, set);
		if (status != PAPI_OK) {
			ops_of(set)->stop(mpx->slices[0].control, NULL);
			mpx->running = false;
		}
	}
	return status;
}

/* Estimates into native_values, with the live slice's counts when running
 * (after a stop, everything is in the sums up to slice_started_ns). */
static int estimate(struct eventset *set, long long *native_values, bool live)
{
	struct mpx_state *mpx = set->mpx;
	struct mpx_slice *slice = &mpx->slices[mpx->current];
	if (live) {
		int status = ops_of(set)->read(slice->control, slice->values);
		if (status != PAPI_OK)
			return status;
	}
	long long now = live ? clock_ns(mpx->clock) : mpx->slice_started_ns;
	mpx->estimated_at_ns = now;
	long long total = now - mpx->started_ns;
	long long live_elapsed = now - mpx->slice_started_ns;
	for (int n = 0; n < mpx->native_count; n++) {
		native_values[n] = mpx->sum[n];
	}
	long long active[mpx->native_count > 0 ? mpx->native_count : 1];
	memcpy(active, mpx->active_ns, sizeof(long long) * (size_t)mpx->native_count);
	if (live) {
		for (int i = 0; i < slice->count; i++) {
			native_values[slice->natives[i]] += slice->values[i];
			active[slice->natives[i]] += live_elapsed;
		}
	}
	mpx->estimated_total_ns = total;
	for (int n = 0; n < mpx->native_count; n++)
		mpx->estimated_active_ns[n] = active[n] < 0       ? 0
		                              : active[n] > total ? total
		                                                  : active[n];
	if (mpx->slice_count < 2)
		return PAPI_OK; /* one slice counts all the time: nothing to scale */
	for (int n = 0; n < mpx->native_count; n++) {
		if (active[n] <= 0) {
			native_values[n] = 0;
		} else if (active[n] < total) {
#ifdef __SIZEOF_INT128__
			__int128 scaled = (__int128)native_values[n] * total / active[n];
			native_values[n] = scaled > INT64_MAX ? INT64_MAX : (long long)scaled;
#else
			native_values[n] =
			    (long long)((long double)native_values[n] * total / active[n]);
#endif
		}
	}
	return PAPI_OK;
}

int multiplex_read(struct eventset *set, long long *native_values)
{
	return estimate(set, native_values, true);
}

int multiplex_stop(struct eventset *set, long long *native_values)
{
	struct mpx_state *mpx = set->mpx;
	signals_timer_stop(&mpx->timer);
	struct mpx_slice *slice = &mpx->slices[mpx->current];
	int status = ops_of(set)->stop(slice->control, slice->values);
	if (status != PAPI_OK)
		return status;
	long long now = clock_ns(mpx->clock);
	add_slice_counts(mpx, slice, now - mpx->slice_started_ns);
	mpx->slice_started_ns = now;
	mpx->running = false;
	if (native_values)
		return estimate(set, native_values, false);
	return PAPI_OK;
}

/* Starts a new interval at the live slice's current counts: later reads
 * add the live values to sums that start at minus these. */
static void rebase(struct mpx_state *mpx, long long now)
{
	zero_counts(mpx);
	const struct mpx_slice *slice = &mpx->slices[mpx->current];
	for (int i = 0; i < slice->count; i++) {
		mpx->sum[slice->natives[i]] = -slice->values[i];
		mpx->active_ns[slice->natives[i]] = -(now - mpx->slice_started_ns);
	}
	mpx->started_ns = now;
}

int multiplex_reset(struct eventset *set)
{
	struct mpx_state *mpx = set->mpx;
	struct mpx_slice *slice = &mpx->slices[mpx->current];
	int status = ops_of(set)->read(slice->control, slice->values);
	if (status == PAPI_OK) {
		rebase(mpx, clock_ns(mpx->clock));
		zero_estimated_times(mpx);
	}
	return status;
}

int multiplex_accum(struct eventset *set, long long *native_deltas)
{
	int status = estimate(set, native_deltas, true);
	if (status == PAPI_OK)
		rebase(set->mpx, set->mpx->estimated_at_ns);
	return status;
}

int multiplex_event_times(const struct eventset *set, int native, long long *enabled_ns,
                          long long *running_ns)
{
	const struct mpx_state *mpx = set->mpx;
	if (native < 0 || native >= mpx->native_count)
		return papi_error_set(PAPI_EINVAL, "event set %d has no native event %d", set->id,
		                      native);
	if (!mpx->started)
		return papi_error_set(PAPI_ENOTRUN,
		                      "event set %d has not counted since its events or options "
		                      "last changed: start it first",
		                      set->id);
	*enabled_ns = mpx->estimated_total_ns;
	*running_ns = mpx->estimated_active_ns[native];
	return PAPI_OK;
}
