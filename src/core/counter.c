// SPDX-License-Identifier: BSD-3-Clause
/* One component control and how its counts are taken (see counter.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "papi.h"
#include "core/counter.h"
#include "services/double_bits.h"
#include "registry/registry.h"
#include "util/error.h"

int counter_init(struct counter *counter, int cidx)
{
	memset(counter, 0, sizeof(*counter));
	const struct component_ops *ops = papillon_components[cidx];
	void *control = calloc(1, ops->control_size ? ops->control_size : 1);
	if (!control)
		return papi_error_set(PAPI_ENOMEM, "no memory for a %s control", ops->name);
	int status = ops->control_init(control);
	if (status != PAPI_OK) {
		free(control);
		return status;
	}
	counter->ops = ops;
	counter->control = control;
	counter->free_running = (ops->capabilities & CAP_FREE_RUNNING) != 0;
	counter->user_reads = (ops->capabilities & CAP_USER_READ) && ops->user_read;
	return PAPI_OK;
}

void counter_cleanup(struct counter *counter)
{
	if (counter->control) {
		counter->ops->control_cleanup(counter->control);
		free(counter->control);
	}
	free(counter->base);
	free(counter->raw);
	free(counter->kinds);
	memset(counter, 0, sizeof(*counter));
}

/* The kinds of the natives of a control just updated, into kinds; false
 * when every one is an integer sum (the plain loops serve it). */
static bool ask_value_kinds(const struct counter *counter, int count, unsigned char *kinds)
{
	bool other = false;
	for (int i = 0; i < count; i++) {
		enum component_value_kind kind = counter->ops->value_kind(counter->control, i);
		kinds[i] = (unsigned char)kind;
		other |= kind != VALUE_KIND_INT64_SUM;
	}
	return other;
}

int counter_update(struct counter *counter, const struct component_event *events, int count,
                   const struct counting_options *options)
{
	long long *base = NULL, *raw = NULL;
	unsigned char *kinds = NULL;
	size_t slots = (size_t)(count > 0 ? count : 1);
	if (counter->free_running) {
		base = calloc(slots, sizeof(long long));
		raw = calloc(slots, sizeof(long long));
		if (counter->ops->value_kind)
			kinds = calloc(slots, 1);
		if (!base || !raw || (counter->ops->value_kind && !kinds)) {
			free(base);
			free(raw);
			free(kinds);
			return papi_error_set(PAPI_ENOMEM, "no memory for counter snapshots");
		}
	}
	int status = counter->ops->control_update(counter->control, events, count, options);
	if (status != PAPI_OK) {
		free(base);
		free(raw);
		free(kinds);
		return status;
	}
	if (counter->free_running) {
		if (kinds && !ask_value_kinds(counter, count, kinds)) {
			free(kinds);
			kinds = NULL;
		}
		free(counter->base);
		free(counter->raw);
		free(counter->kinds);
		counter->base = base;
		counter->raw = raw;
		counter->kinds = kinds;
	}
	counter->count = count;
	counter->user_read_mode = options->user_read;
	return PAPI_OK;
}

/* The read that takes the component's values now: in user space while the
 * set allows it, else the component's read. */
static inline int raw_read(const struct counter *counter, long long *values)
{
	if (counter->user_reads &&
	    (!counter->user_read_mode ||
	     atomic_load_explicit(counter->user_read_mode, memory_order_relaxed) ==
	         PAPI_USER_READ_AUTO))
		return counter->ops->user_read(counter->control, values);
	return counter->ops->read(counter->control, values);
}

static int read_user_or_kernel(void *arg, long long *values)
{
	return raw_read(arg, values);
}

/* Free-running: the counters less the base. */
static int read_snapshot(void *arg, long long *values)
{
	struct counter *counter = arg;
	int status = raw_read(counter, counter->raw);
	if (status != PAPI_OK)
		return status;
	for (int i = 0; i < counter->count; i++)
		values[i] = counter->raw[i] - counter->base[i];
	return PAPI_OK;
}

/* What a native of this kind counted from base to now. */
static long long since(unsigned char kind, long long now, long long base)
{
	switch (kind) {
	case VALUE_KIND_FP64_SUM:
		return bits_of_double(double_of_bits(now) - double_of_bits(base));
	case VALUE_KIND_INSTANT:
		return now;
	default:
		return now - base;
	}
}

/* Free-running, with natives that are not integer sums: each its way. */
static int read_snapshot_kinds(void *arg, long long *values)
{
	struct counter *counter = arg;
	int status = raw_read(counter, counter->raw);
	if (status != PAPI_OK)
		return status;
	for (int i = 0; i < counter->count; i++)
		values[i] = since(counter->kinds[i], counter->raw[i], counter->base[i]);
	return PAPI_OK;
}

/* The raw values a base is made of: the component's read_base where it has
 * one (its read would hand the core copies to free), else a read. */
static int read_for_base(struct counter *counter, long long *values)
{
	if (counter->ops->read_base)
		return counter->ops->read_base(counter->control, values);
	return raw_read(counter, values);
}

/* Free-running: the counters now become the base. */
static int take_base(struct counter *counter)
{
	return read_for_base(counter, counter->base);
}

bool counter_integer_sums(const struct counter *counter)
{
	return !counter->kinds;
}

counter_read_fn counter_read_function(struct counter *counter, void **arg)
{
	if (counter->free_running) {
		*arg = counter;
		return counter->kinds ? read_snapshot_kinds : read_snapshot;
	}
	if (counter->user_reads) {
		*arg = counter;
		return read_user_or_kernel;
	}
	*arg = counter->control;
	return counter->ops->read;
}

int counter_read(struct counter *counter, long long *values)
{
	void *arg;
	counter_read_fn read = counter_read_function(counter, &arg);
	return read(arg, values);
}

int counter_start(struct counter *counter)
{
	if (counter->free_running)
		return take_base(counter);
	return counter->ops->start(counter->control);
}

int counter_stop(struct counter *counter, long long *values)
{
	if (counter->free_running)
		return values ? counter_read(counter, values) : PAPI_OK;
	return counter->ops->stop(counter->control, values);
}

long long counter_combine(const struct counter *counter, int index, long long total, long long more)
{
	switch (counter->kinds ? counter->kinds[index] : VALUE_KIND_INT64_SUM) {
	case VALUE_KIND_FP64_SUM:
		return bits_of_double(double_of_bits(total) + double_of_bits(more));
	case VALUE_KIND_INSTANT:
		return more;
	default:
		return total + more;
	}
}

int counter_accum(struct counter *counter, long long *values)
{
	if (!counter->free_running)
		return counter->ops->accum(counter->control, values);
	/* One read: its sums are the counts and the new base at once, so that
	 * nothing counted between two reads is lost. */
	int status = raw_read(counter, counter->raw);
	if (status != PAPI_OK)
		return status;
	if (!counter->kinds) {
		for (int i = 0; i < counter->count; i++) {
			values[i] += counter->raw[i] - counter->base[i];
			counter->base[i] = counter->raw[i];
		}
		return PAPI_OK;
	}
	for (int i = 0; i < counter->count; i++) {
		unsigned char kind = counter->kinds[i];
		long long counted = since(kind, counter->raw[i], counter->base[i]);
		values[i] = counter_combine(counter, i, values[i], counted);
		/* A value of the moment has no base: a copy it may hand out
		 * belongs to the caller, not to the next snapshot. */
		counter->base[i] = kind == VALUE_KIND_INSTANT ? 0 : counter->raw[i];
	}
	return PAPI_OK;
}

int counter_reset(struct counter *counter)
{
	if (counter->free_running)
		return take_base(counter);
	return counter->ops->reset(counter->control);
}

bool counter_can_write(const struct counter *counter)
{
	return counter->free_running ||
	       ((counter->ops->capabilities & CAP_WRITE) && counter->ops->write);
}

int counter_write(struct counter *counter, const long long *values)
{
	if (!counter->free_running) {
		if (!counter_can_write(counter))
			return papi_error_set(PAPI_ECMP,
			                      "the %s component cannot write its counters",
			                      counter->ops->name);
		return counter->ops->write(counter->control, values);
	}
	for (int i = 0; counter->kinds && i < counter->count; i++)
		if (counter->kinds[i] == VALUE_KIND_INSTANT)
			return papi_error_set(PAPI_ENOSUPP,
			                      "native %d of the %s component reads a value of the "
			                      "moment, not a count: there is nothing to count on "
			                      "from a written value",
			                      i, counter->ops->name);
	/* The base moves so that a read now gives values. */
	int status = read_for_base(counter, counter->raw);
	if (status != PAPI_OK)
		return status;
	for (int i = 0; i < counter->count; i++)
		counter->base[i] = counter->kinds && counter->kinds[i] == VALUE_KIND_FP64_SUM
		                       ? bits_of_double(double_of_bits(counter->raw[i]) -
		                                        double_of_bits(values[i]))
		                       : counter->raw[i] - values[i];
	return PAPI_OK;
}

int counter_event_times(const struct counter *counter, int index, long long *enabled_ns,
                        long long *running_ns)
{
	if (counter->free_running)
		return papi_error_set(PAPI_ENOSUPP,
		                      "the %s component's counters run freely: the core keeps "
		                      "no times for its snapshots",
		                      counter->ops->name);
	if (!counter->ops->event_times)
		return papi_error_set(PAPI_ENOSUPP,
		                      "the %s component does not say how long its events counted",
		                      counter->ops->name);
	return counter->ops->event_times(counter->control, index, enabled_ns, running_ns);
}

long long counter_counted_share(const struct counter *counter, int index, long long elapsed_ns)
{
	long long enabled, running;
	if (counter->free_running || !counter->ops->event_times ||
	    counter->ops->event_times(counter->control, index, &enabled, &running) != PAPI_OK ||
	    running >= enabled || running < 0 || elapsed_ns <= 0)
		return elapsed_ns;
#ifdef __SIZEOF_INT128__
	return (long long)((__int128)elapsed_ns * running / enabled);
#else
	return (long long)((long double)elapsed_ns * running / enabled);
#endif
}

int counter_read_path(const struct counter *counter, int index, char *text, size_t text_len)
{
	const struct component_ops *ops = counter->ops;
	if (ops->read_path)
		return ops->read_path(counter->control, index, text, text_len);
	if (!counter->user_reads) {
		snprintf(text, text_len,
		         "syscall: the %s component reads counters only with system calls",
		         ops->name);
		return PAPI_READ_PATH_SYSCALL;
	}
	if (counter->user_read_mode &&
	    atomic_load_explicit(counter->user_read_mode, memory_order_relaxed) !=
	        PAPI_USER_READ_AUTO) {
		snprintf(text, text_len,
		         "syscall: the event set's user read mode is PAPI_USER_READ_OFF");
		return PAPI_READ_PATH_SYSCALL;
	}
	snprintf(text, text_len, "user: the %s component reads its counters in user space",
	         ops->name);
	return PAPI_READ_PATH_USER;
}
