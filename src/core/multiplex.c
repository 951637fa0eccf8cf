// SPDX-License-Identifier: BSD-3-Clause
/* Multiplexing (see multiplex.h).
 *
 * The software multiplexer splits the set's natives into slices, each a
 * counter (counter.h: a control of its own, free-running or not) that the
 * component counts at once (at most the
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

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "papi.h"
#include "core/counter.h"
#include "util/error.h"
#include "core/guard.h"
#include "core/multiplex.h"
#include "core/signals.h"
#include "core/threads.h"
#include "registry/registry.h"

struct mpx_slice {
	struct counter counter;
	int *natives;      /* positions in the set's native list */
	long long *values; /* scratch for the counter's values */
};

struct mpx_state {
	int cidx;
	int capacity; /* natives per slice at most */
	int set_id;
	struct guard *guard;
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

static long long clock_ns(clockid_t clock)
{
	struct timespec now;
	if (clock_gettime(clock, &now) != 0)
		return 0;
	return (long long)now.tv_sec * 1000000000LL + now.tv_nsec;
}

static void free_slices(struct mpx_slice *slices, int count)
{
	for (int s = 0; s < count; s++) {
		counter_cleanup(&slices[s].counter);
		free(slices[s].natives);
		free(slices[s].values);
	}
	free(slices);
}

/* Asks the component to count the slice's natives (plus, when extra >= 0,
 * that one too). */
static int try_slice(struct mpx_slice *slice, const struct component_event *natives, int count,
                     int extra, const struct counting_options *options)
{
	int total = count + (extra >= 0);
	struct component_event events[total > 0 ? total : 1];
	for (int i = 0; i < count; i++)
		events[i] = natives[slice->natives[i]];
	if (extra >= 0)
		events[count] = natives[extra];
	for (int i = 0; i < total; i++)
		events[i].overflow_threshold = 0;
	return counter_update(&slice->counter, events, total, options);
}

static int new_slice(const struct mpx_state *mpx, struct mpx_slice *slice)
{
	memset(slice, 0, sizeof(*slice));
	slice->natives = malloc(sizeof(int) * (size_t)mpx->capacity);
	slice->values = calloc((size_t)mpx->capacity, sizeof(long long));
	if (!slice->natives || !slice->values)
		return papi_error_set(PAPI_ENOMEM, "no memory for a multiplexing slice");
	return counter_init(&slice->counter, mpx->cidx);
}

/* Greedy: each native joins the last slice if it has room and the
 * component accepts them together, else starts a new slice. */
static int build_slices(const struct mpx_state *mpx, const struct component_event *natives,
                        int count, const struct counting_options *options, struct mpx_slice **out,
                        int *out_count)
{
	struct counting_options slice_options = *options;
	slice_options.multiplex = 0;
	slice_options.caller_scales = 1; /* see add_slice_counts */
	slice_options.overflow_fire = NULL;
	struct mpx_slice *slices = calloc((size_t)(count > 0 ? count : 1), sizeof(*slices));
	if (!slices)
		return papi_error_set(PAPI_ENOMEM, "no memory for multiplexing slices");
	int used = 0;
	int status = PAPI_OK;
	for (int n = 0; n < count && status == PAPI_OK; n++) {
		struct mpx_slice *last = used ? &slices[used - 1] : NULL;
		int held = used ? last->counter.count : 0;
		if (last && held < mpx->capacity &&
		    try_slice(last, natives, held, n, &slice_options) == PAPI_OK) {
			last->natives[held] = n;
			continue;
		}
		if (last) /* back to what it held */
			try_slice(last, natives, held, -1, &slice_options);
		status = new_slice(mpx, &slices[used++]);
		if (status == PAPI_OK)
			status = try_slice(&slices[used - 1], natives, 0, n, &slice_options);
		if (status == PAPI_OK)
			slices[used - 1].natives[0] = n;
	}
	if (status != PAPI_OK) {
		free_slices(slices, used);
		return status;
	}
	*out = slices;
	*out_count = used;
	return PAPI_OK;
}

int multiplex_update(struct mpx_state *mpx, const struct component_event *natives, int count,
                     const struct counting_options *options)
{
	struct mpx_slice *slices = NULL;
	int slice_count = 0;
	long long *sum = calloc((size_t)(count > 0 ? count : 1), sizeof(long long));
	long long *active = calloc((size_t)(count > 0 ? count : 1), sizeof(long long));
	long long *estimated = calloc((size_t)(count > 0 ? count : 1), sizeof(long long));
	int status = sum && active && estimated
	                 ? PAPI_OK
	                 : papi_error_set(PAPI_ENOMEM, "no memory for multiplexing");
	if (status == PAPI_OK)
		status = build_slices(mpx, natives, count, options, &slices, &slice_count);
	/* Slices add up integer counts and scale them by time: a double's
	 * bits or a value of the moment (software-defined events) would come
	 * out as nonsense. */
	for (int s = 0; status == PAPI_OK && s < slice_count; s++)
		if (!counter_integer_sums(&slices[s].counter)) {
			free_slices(slices, slice_count);
			status =
			    papi_error_set(PAPI_ECNFLCT,
			                   "these %s events read floating-point sums or values of "
			                   "the moment, which the software multiplexer cannot "
			                   "add up or scale: count them without multiplexing",
			                   papillon_components[mpx->cidx]->name);
		}
	if (status != PAPI_OK) {
		free(sum);
		free(active);
		free(estimated);
		return status;
	}
	free_slices(mpx->slices, mpx->slice_count);
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

static void catch_up(void *arg);

int multiplex_create(int cidx, int counters, long long period_ns, struct guard *guard, int set_id,
                     struct mpx_state **out)
{
	struct mpx_state *mpx = calloc(1, sizeof(*mpx));
	if (!mpx)
		return papi_error_set(PAPI_ENOMEM, "no memory for multiplexing");
	signals_timer_init(&mpx->timer);
	mpx->cidx = cidx;
	mpx->capacity = counters > 0 ? counters : 1;
	mpx->period_ns = period_ns;
	mpx->guard = guard;
	mpx->set_id = set_id;
	guard->deferred = catch_up;
	guard->deferred_arg = mpx;
	*out = mpx;
	return PAPI_OK;
}

void multiplex_destroy(struct mpx_state *mpx)
{
	if (!mpx)
		return;
	signals_timer_stop(&mpx->timer);
	if (mpx->guard->deferred_arg == mpx) {
		mpx->guard->deferred = NULL;
		mpx->guard->deferred_arg = NULL;
	}
	free_slices(mpx->slices, mpx->slice_count);
	free(mpx->sum);
	free(mpx->active_ns);
	free(mpx->estimated_active_ns);
	free(mpx);
}

/* The timer's tick: rotate, unless an API call is at work on the set. */
static void tick(void *arg, const siginfo_t *info, void *ucontext)
{
	(void)info;
	(void)ucontext;
	struct mpx_state *mpx = arg;
	if (!guard_try_enter(mpx->guard))
		return;
	catch_up(mpx);
	guard_leave_quietly(mpx->guard);
}

/* A slice's time counts where its counters did: the component's times say
 * whether the kernel kept them off for part of the slice's turn (another
 * user of the PMU held them), and that part is scaled up like the turns the
 * slice did not have, rather than refused (the slices are opened with
 * caller_scales). */
static void add_slice_counts(struct mpx_state *mpx, const struct mpx_slice *slice,
                             long long elapsed)
{
	for (int i = 0; i < slice->counter.count; i++) {
		mpx->sum[slice->natives[i]] += slice->values[i];
		mpx->active_ns[slice->natives[i]] +=
		    counter_counted_share(&slice->counter, i, elapsed);
	}
}

/* A rotation: the current slice's counts into the sums, the next slice on. */
static void catch_up(void *arg)
{
	struct mpx_state *mpx = arg;
	if (!mpx->running || mpx->slice_count < 2)
		return;
	struct mpx_slice *slice = &mpx->slices[mpx->current];
	if (counter_stop(&slice->counter, slice->values) != PAPI_OK)
		return; /* keep counting with this slice; the next tick retries */
	long long now = clock_ns(mpx->clock);
	add_slice_counts(mpx, slice, now - mpx->slice_started_ns);
	int next = (mpx->current + 1) % mpx->slice_count;
	if (counter_start(&mpx->slices[next].counter) != PAPI_OK)
		next = mpx->current; /* cannot happen for perf: restart the same one */
	if (next == mpx->current)
		counter_start(&slice->counter);
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

int multiplex_start(struct mpx_state *mpx, clockid_t clock)
{
	if (mpx->slice_count == 0)
		return papi_error_set(PAPI_EINVAL, "event set %d has no events to start",
		                      mpx->set_id);
	zero_counts(mpx);
	mpx->clock = clock;
	mpx->current = 0;
	int status = counter_start(&mpx->slices[0].counter);
	if (status != PAPI_OK)
		return status;
	mpx->started_ns = mpx->slice_started_ns = clock_ns(mpx->clock);
	mpx->running = true;
	mpx->started = true;
	zero_estimated_times(mpx);
	if (mpx->slice_count > 1) {
		pid_t tid = threads_gettid();
		status =
		    signals_timer_start(&mpx->timer, mpx->clock, tid, mpx->period_ns, tick, mpx);
		if (status != PAPI_OK) {
			counter_stop(&mpx->slices[0].counter, NULL);
			mpx->running = false;
		}
	}
	return status;
}

/* Estimates into native_values, with the live slice's counts when running
 * (after a stop, everything is in the sums up to slice_started_ns). */
static int estimate(struct mpx_state *mpx, long long *native_values, bool live)
{
	struct mpx_slice *slice = &mpx->slices[mpx->current];
	if (live) {
		int status = counter_read(&slice->counter, slice->values);
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
		for (int i = 0; i < slice->counter.count; i++) {
			native_values[slice->natives[i]] += slice->values[i];
			active[slice->natives[i]] +=
			    counter_counted_share(&slice->counter, i, live_elapsed);
		}
	}
	mpx->estimated_total_ns = total;
	for (int n = 0; n < mpx->native_count; n++)
		mpx->estimated_active_ns[n] = active[n] < 0       ? 0
		                              : active[n] > total ? total
		                                                  : active[n];
	/* One slice counts all the time: nothing to scale, unless the kernel
	 * kept it off its counters for part of it (add_slice_counts). */
	if (mpx->slice_count < 2 && total <= 0)
		return PAPI_OK;
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

int multiplex_read(struct mpx_state *mpx, long long *native_values)
{
	return estimate(mpx, native_values, true);
}

int multiplex_stop(struct mpx_state *mpx, long long *native_values)
{
	signals_timer_stop(&mpx->timer);
	struct mpx_slice *slice = &mpx->slices[mpx->current];
	int status = counter_stop(&slice->counter, slice->values);
	if (status != PAPI_OK)
		return status;
	long long now = clock_ns(mpx->clock);
	add_slice_counts(mpx, slice, now - mpx->slice_started_ns);
	mpx->slice_started_ns = now;
	mpx->running = false;
	if (native_values)
		return estimate(mpx, native_values, false);
	return PAPI_OK;
}

/* Starts a new interval at the live slice's current counts: later reads
 * add the live values to sums that start at minus these. */
static void rebase(struct mpx_state *mpx, long long now)
{
	zero_counts(mpx);
	const struct mpx_slice *slice = &mpx->slices[mpx->current];
	for (int i = 0; i < slice->counter.count; i++) {
		mpx->sum[slice->natives[i]] = -slice->values[i];
		mpx->active_ns[slice->natives[i]] = -(now - mpx->slice_started_ns);
	}
	mpx->started_ns = now;
}

int multiplex_reset(struct mpx_state *mpx)
{
	struct mpx_slice *slice = &mpx->slices[mpx->current];
	int status = counter_read(&slice->counter, slice->values);
	if (status == PAPI_OK) {
		rebase(mpx, clock_ns(mpx->clock));
		zero_estimated_times(mpx);
	}
	return status;
}

int multiplex_accum(struct mpx_state *mpx, long long *native_deltas)
{
	int status = estimate(mpx, native_deltas, true);
	if (status == PAPI_OK)
		rebase(mpx, mpx->estimated_at_ns);
	return status;
}

int multiplex_event_times(const struct mpx_state *mpx, int native, long long *enabled_ns,
                          long long *running_ns)
{
	if (native < 0 || native >= mpx->native_count)
		return papi_error_set(PAPI_EINVAL, "event set %d has no native event %d",
		                      mpx->set_id, native);
	if (!mpx->started)
		return papi_error_set(PAPI_ENOTRUN,
		                      "event set %d has not counted since its events or options "
		                      "last changed: start it first",
		                      mpx->set_id);
	*enabled_ns = mpx->estimated_total_ns;
	*running_ns = mpx->estimated_active_ns[native];
	return PAPI_OK;
}
