/* One component control and how its counts are taken (see counter.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "papi.h"
#include "counter.h"
#include "error.h"

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
	memset(counter, 0, sizeof(*counter));
}

int counter_update(struct counter *counter, const struct component_event *events, int count,
                   const struct counting_options *options)
{
	long long *base = NULL, *raw = NULL;
	if (counter->free_running) {
		base = calloc((size_t)(count > 0 ? count : 1), sizeof(long long));
		raw = calloc((size_t)(count > 0 ? count : 1), sizeof(long long));
		if (!base || !raw) {
			free(base);
			free(raw);
			return papi_error_set(PAPI_ENOMEM, "no memory for counter snapshots");
		}
	}
	int status = counter->ops->control_update(counter->control, events, count, options);
	if (status != PAPI_OK) {
		free(base);
		free(raw);
		return status;
	}
	if (counter->free_running) {
		free(counter->base);
		free(counter->raw);
		counter->base = base;
		counter->raw = raw;
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

/* Free-running: the counters now become the base. */
static int take_base(struct counter *counter)
{
	return raw_read(counter, counter->base);
}

counter_read_fn counter_read_function(struct counter *counter, void **arg)
{
	if (counter->free_running) {
		*arg = counter;
		return read_snapshot;
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
		return values ? read_snapshot(counter, values) : PAPI_OK;
	return counter->ops->stop(counter->control, values);
}

int counter_accum(struct counter *counter, long long *values)
{
	if (!counter->free_running)
		return counter->ops->accum(counter->control, values);
	int status = raw_read(counter, counter->raw);
	if (status != PAPI_OK)
		return status;
	for (int i = 0; i < counter->count; i++) {
		values[i] += counter->raw[i] - counter->base[i];
		counter->base[i] = counter->raw[i];
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
	/* The base moves so that a read now gives values. */
	int status = raw_read(counter, counter->raw);
	if (status != PAPI_OK)
		return status;
	for (int i = 0; i < counter->count; i++)
		counter->base[i] = counter->raw[i] - values[i];
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
