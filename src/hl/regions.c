// SPDX-License-Identifier: BSD-3-Clause
/* Entry points of the high-level API: PAPI_hl_region_begin, PAPI_hl_read,
 * PAPI_hl_region_end, PAPI_hl_stop (doc/hl.md, man/man3). */
#include <stdlib.h>
#include <string.h>

#include "api/internal.h"
#include "hl/hl.h"
#include "hl/rates.h"
#include "util/error.h"

static int check_name(const char *region)
{
	if (!region)
		return papi_error_set(PAPI_EINVAL, "the region name is NULL");
	if (!*region)
		return papi_error_set(PAPI_EINVAL, "the region name is empty");
	return PAPI_OK;
}

PAPI_EXPORT int PAPI_hl_region_begin(const char *region)
{
	int status = check_name(region);
	if (status != PAPI_OK)
		return status;
	/* The rate calls and the regions share the thread's counters (PAPI
	 * 7.0): a running rate measurement ends here. */
	rates_stop_current();
	status = hl_ready();
	if (status != PAPI_OK)
		return status;
	struct hl_thread *thread = hl_thread_current(true);
	if (!thread)
		return papi_error_set(PAPI_ENOMEM, "no memory for this thread's regions");
	status = hl_thread_start(thread);
	if (status != PAPI_OK)
		return status;
	/* Memory first, counters second: an allocation's page faults are not
	 * the region's. */
	pthread_mutex_lock(&thread->lock);
	status = hl_thread_push_instance(thread, region);
	pthread_mutex_unlock(&thread->lock);
	if (status != PAPI_OK)
		return status;
	status = hl_thread_snapshot(thread);
	pthread_mutex_lock(&thread->lock);
	struct hl_instance *instance = &thread->instances[thread->instance_count - 1];
	if (status == PAPI_OK) {
		memcpy(instance->begin, thread->now, hl_state.width * sizeof *thread->now);
	} else {
		/* Never begun: dropped, as if the call had not happened. */
		free(instance->begin);
		thread->instance_count--;
		thread->open_count--;
	}
	pthread_mutex_unlock(&thread->lock);
	return status;
}

/* The open instance of this name, innermost first; -1 after recording
 * the error. */
static int find_open(struct hl_thread *thread, const char *region, const char *call)
{
	if (!thread || thread->instance_count == 0) {
		papi_error_set(PAPI_EMISC, "%s(\"%s\"): this thread has begun no region", call,
		               region);
		return -1;
	}
	for (int o = thread->open_count - 1; o >= 0; o--)
		if (strcmp(thread->instances[thread->open[o]].name, region) == 0)
			return o;
	papi_error_set(PAPI_EINVAL, "%s(\"%s\"): no region of that name is open in this thread",
	               call, region);
	return -1;
}

/* Said with PAPI_HL_VERBOSE too: PAPI 7.0 warns about unmatched regions. */
static int closing_error(int status)
{
	hl_say("%s", PAPI_strreason());
	return status;
}

PAPI_EXPORT int PAPI_hl_read(const char *region)
{
	int status = check_name(region);
	if (status != PAPI_OK)
		return status;
	struct hl_thread *thread = hl_thread_current(false);
	int open = find_open(thread, region, "PAPI_hl_read");
	if (open < 0)
		return closing_error(thread && thread->instance_count ? PAPI_EINVAL : PAPI_EMISC);
	if (!thread->running)
		return papi_error_set(PAPI_ENOTRUN, "PAPI_hl_stop stopped this thread's counters");
	const int width = hl_state.width;
	pthread_mutex_lock(&thread->lock);
	struct hl_instance *instance = &thread->instances[thread->open[open]];
	long long *reads =
	    realloc(instance->reads, (instance->read_count + 1) * width * sizeof *reads);
	if (reads)
		instance->reads = reads;
	pthread_mutex_unlock(&thread->lock);
	if (!reads)
		return papi_error_set(PAPI_ENOMEM, "no memory for a read of \"%s\"", region);
	status = hl_thread_snapshot(thread);
	if (status != PAPI_OK)
		return status;
	pthread_mutex_lock(&thread->lock);
	instance = &thread->instances[thread->open[open]];
	long long *row = instance->reads + instance->read_count * width;
	for (int v = 0; v < width; v++)
		row[v] = thread->now[v] - instance->begin[v];
	for (int e = 0; e < hl_state.config.event_count; e++)
		if (hl_state.config.events[e].instant)
			row[HL_FIXED_VALUES + e] = thread->now[HL_FIXED_VALUES + e];
	instance->read_count++;
	pthread_mutex_unlock(&thread->lock);
	return PAPI_OK;
}

PAPI_EXPORT int PAPI_hl_region_end(const char *region)
{
	int status = check_name(region);
	if (status != PAPI_OK)
		return status;
	struct hl_thread *thread = hl_thread_current(false);
	int open = find_open(thread, region, "PAPI_hl_region_end");
	if (open < 0)
		return closing_error(thread && thread->instance_count ? PAPI_EINVAL : PAPI_EMISC);
	if (open != thread->open_count - 1) {
		status = papi_error_set(
		    PAPI_EINVAL,
		    "PAPI_hl_region_end(\"%s\"): region \"%s\" opened inside it is still open",
		    region, thread->instances[thread->open[thread->open_count - 1]].name);
		return closing_error(status);
	}
	if (!thread->running)
		return papi_error_set(PAPI_ENOTRUN, "PAPI_hl_stop stopped this thread's counters");
	status = hl_thread_snapshot(thread);
	if (status != PAPI_OK)
		return status;
	pthread_mutex_lock(&thread->lock);
	struct hl_instance *instance = &thread->instances[thread->open[open]];
	for (int v = 0; v < hl_state.width; v++)
		instance->value[v] = thread->now[v] - instance->begin[v];
	for (int e = 0; e < hl_state.config.event_count; e++)
		if (hl_state.config.events[e].instant)
			instance->value[HL_FIXED_VALUES + e] = thread->now[HL_FIXED_VALUES + e];
	instance->closed = true;
	thread->open_count--;
	pthread_mutex_unlock(&thread->lock);
	return PAPI_OK;
}

int hl_stop_current(void)
{
	struct hl_thread *thread = hl_thread_current(false);
	if (!thread)
		return papi_error_set(PAPI_ENOEVNT, "this thread has begun no region");
	return hl_thread_stop(thread);
}

PAPI_EXPORT int PAPI_hl_stop(void)
{
	return hl_stop_current();
}
