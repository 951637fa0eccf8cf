// SPDX-License-Identifier: BSD-3-Clause
/* Recorders: every value a library records, kept in order, with the events
 * PAPI 7 derives from them: <name> (a copy of all records), <name>:CNT
 * (their number) and, given a comparison function, <name>:MIN, :Q1, :MED,
 * :Q3 and :MAX (a copy of that record). Copies are the reader's to free.
 * Each recorder has its own mutex: recording never waits for registration
 * or for another recorder. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sde_lib_internal.h"

struct sde_recorder {
	pthread_mutex_t lock;
	size_t typesize;
	unsigned char *records;
	size_t count;
	size_t capacity;
	int (*compare)(const void *, const void *);
};

/* The derived events, by suffix; quantiles pick the record at
 * count * percent / 100 in sorted order. */
static const struct {
	const char *suffix;
	int statistic;
	int percent;
	bool needs_compare;
} statistics[] = {
    {":CNT", SDE_STATISTIC_COUNT, 0, false}, {":MIN", SDE_STATISTIC_MIN, 0, true},
    {":Q1", SDE_STATISTIC_Q1, 25, true},     {":MED", SDE_STATISTIC_MEDIAN, 50, true},
    {":Q3", SDE_STATISTIC_Q3, 75, true},     {":MAX", SDE_STATISTIC_MAX, 100, true},
};
#define STATISTIC_COUNT (sizeof(statistics) / sizeof(statistics[0]))

static struct sde_recorder *recorder_new(size_t typesize,
                                         int (*compare)(const void *, const void *))
{
	struct sde_recorder *recorder = calloc(1, sizeof(*recorder));
	if (!recorder)
		return NULL;
	pthread_mutex_init(&recorder->lock, NULL);
	recorder->typesize = typesize;
	recorder->compare = compare;
	return recorder;
}

/* Registers <name><suffix> for each statistic this recorder offers. A name
 * that is already live (created before) keeps pointing at this recorder. */
static int register_statistics(struct sde_library *library, const char *name,
                               struct sde_recorder *recorder)
{
	size_t length = strlen(name) + 8;
	char *full = malloc(length);
	if (!full)
		return SDE_ENOMEM;
	int status = SDE_OK;
	for (size_t i = 0; i < STATISTIC_COUNT && status == SDE_OK; i++) {
		if (statistics[i].needs_compare && !recorder->compare)
			continue;
		snprintf(full, length, "%s%s", name, statistics[i].suffix);
		struct sde_counter *counter = sde_counter_find(library, full);
		if (counter && counter->live && counter->source != SDE_SOURCE_RECORDER_STATISTIC &&
		    counter->source != SDE_SOURCE_DECLARED) {
			status = SDE_EINVAL; /* a counter of the library has the name */
			break;
		}
		if (!counter)
			counter = sde_counter_add(library, full);
		if (!counter) {
			status = SDE_ENOMEM;
			break;
		}
		counter->u.statistic.recorder = recorder;
		counter->u.statistic.statistic = statistics[i].statistic;
		sde_counter_attach(counter, SDE_SOURCE_RECORDER_STATISTIC,
		                   PAPI_SDE_RO | PAPI_SDE_INSTANT, PAPI_SDE_long_long);
	}
	free(full);
	return status;
}

SDE_EXPORT int papi_sde_create_recorder(papi_handle_t handle, const char *event_name,
                                        size_t typesize,
                                        int (*cmpr_func_ptr)(const void *p1, const void *p2),
                                        void **record_handle)
{
	struct sde_library *library = handle;
	if (!library)
		return SDE_OK;
	if (!sde_name_is_valid(event_name) || typesize == 0)
		return SDE_EINVAL;
	int status = SDE_OK;
	sde_write_lock();
	struct sde_counter *counter = sde_counter_find(library, event_name);
	bool same = counter && counter->source == SDE_SOURCE_RECORDER &&
	            counter->u.recorder->typesize == typesize;
	if (counter && counter->live && !same) {
		status = SDE_EINVAL; /* the name is another counter, or another size */
	} else if (!(counter && counter->live)) {
		if (!counter)
			counter = sde_counter_add(library, event_name);
		struct sde_recorder *recorder =
		    same ? counter->u.recorder : recorder_new(typesize, cmpr_func_ptr);
		if (!counter || !recorder) {
			status = SDE_ENOMEM;
		} else {
			pthread_mutex_lock(&recorder->lock);
			recorder->count = 0; /* revived: starts over */
			recorder->compare = cmpr_func_ptr;
			pthread_mutex_unlock(&recorder->lock);
			counter->u.recorder = recorder;
			sde_counter_attach(counter, SDE_SOURCE_RECORDER,
			                   PAPI_SDE_RO | PAPI_SDE_INSTANT, PAPI_SDE_long_long);
			status = register_statistics(library, event_name, recorder);
		}
	}
	sde_write_unlock();
	if (status == SDE_OK && record_handle)
		*record_handle = counter;
	return status;
}

static struct sde_recorder *recorder_of(void *record_handle)
{
	struct sde_counter *counter = record_handle;
	return counter->source == SDE_SOURCE_RECORDER ? counter->u.recorder : NULL;
}

SDE_EXPORT int papi_sde_record(void *record_handle, size_t typesize, const void *value)
{
	if (!record_handle)
		return SDE_OK;
	struct sde_recorder *recorder = recorder_of(record_handle);
	if (!recorder || typesize != recorder->typesize || !value)
		return SDE_EINVAL;
	int status = SDE_OK;
	pthread_mutex_lock(&recorder->lock);
	if (recorder->count == recorder->capacity) {
		size_t capacity = recorder->capacity ? 2 * recorder->capacity : 256;
		unsigned char *grown = realloc(recorder->records, capacity * typesize);
		if (grown) {
			recorder->records = grown;
			recorder->capacity = capacity;
		} else {
			status = SDE_ENOMEM;
		}
	}
	if (status == SDE_OK)
		memcpy(recorder->records + recorder->count++ * typesize, value, typesize);
	pthread_mutex_unlock(&recorder->lock);
	return status;
}

SDE_EXPORT int papi_sde_reset_recorder(void *record_handle)
{
	if (!record_handle)
		return SDE_OK;
	struct sde_recorder *recorder = recorder_of(record_handle);
	if (!recorder)
		return SDE_EINVAL;
	pthread_mutex_lock(&recorder->lock);
	recorder->count = 0;
	pthread_mutex_unlock(&recorder->lock);
	return SDE_OK;
}

static long long address_of_copy(const void *from, size_t bytes)
{
	void *copy = malloc(bytes);
	if (!copy)
		return 0;
	memcpy(copy, from, bytes);
	return (long long)(intptr_t)copy;
}

long long sde_recorder_copy(struct sde_recorder *recorder)
{
	pthread_mutex_lock(&recorder->lock);
	long long address = recorder->count ? address_of_copy(recorder->records,
	                                                      recorder->count * recorder->typesize)
	                                    : 0;
	pthread_mutex_unlock(&recorder->lock);
	return address;
}

/* The record at the edge (first or last in the library's order). */
static const unsigned char *edge_record(const struct sde_recorder *recorder, bool largest)
{
	const unsigned char *best = recorder->records;
	for (size_t i = 1; i < recorder->count; i++) {
		const unsigned char *next = recorder->records + i * recorder->typesize;
		int order = recorder->compare(next, best);
		if (largest ? order > 0 : order < 0)
			best = next;
	}
	return best;
}

static long long quantile_copy(const struct sde_recorder *recorder, int percent)
{
	size_t bytes = recorder->count * recorder->typesize;
	unsigned char *sorted = malloc(bytes);
	if (!sorted)
		return 0;
	memcpy(sorted, recorder->records, bytes);
	qsort(sorted, recorder->count, recorder->typesize, recorder->compare);
	size_t index = recorder->count * (size_t)percent / 100;
	long long address =
	    address_of_copy(sorted + index * recorder->typesize, recorder->typesize);
	free(sorted);
	return address;
}

long long sde_recorder_statistic(struct sde_recorder *recorder, int statistic)
{
	pthread_mutex_lock(&recorder->lock);
	long long value = 0;
	if (statistic == SDE_STATISTIC_COUNT) {
		value = (long long)recorder->count;
	} else if (recorder->count && recorder->compare) {
		if (statistic == SDE_STATISTIC_MIN || statistic == SDE_STATISTIC_MAX)
			value =
			    address_of_copy(edge_record(recorder, statistic == SDE_STATISTIC_MAX),
			                    recorder->typesize);
		else
			for (size_t i = 0; i < STATISTIC_COUNT; i++)
				if (statistics[i].statistic == statistic)
					value = quantile_copy(recorder, statistics[i].percent);
	}
	pthread_mutex_unlock(&recorder->lock);
	return value;
}
