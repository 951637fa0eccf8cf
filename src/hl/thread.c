// SPDX-License-Identifier: BSD-3-Clause
/* Per-thread records of the high-level layer: each thread counts with its
 * own event sets (one per component) and keeps its region instances. The
 * record lives until the process ends, so the exit writer finds the
 * regions of threads that have already exited. */
#include <stdlib.h>
#include <string.h>

#include "hl/hl.h"
#include "util/error.h"
#include "abi/core_entries.h"

static _Thread_local struct hl_thread *current_thread;

static void forget_sets(struct hl_thread *thread);

/* A thread that ends gives its event sets (and their descriptors) back;
 * its records stay for the report. */
static pthread_key_t thread_end_key;
static pthread_once_t thread_end_once = PTHREAD_ONCE_INIT;

static void thread_ended(void *record)
{
	struct hl_thread *thread = record;
	if (thread->running)
		(void)hl_thread_stop(thread);
	forget_sets(thread);
}

static void make_thread_end_key(void)
{
	(void)pthread_key_create(&thread_end_key, thread_ended);
}

static struct hl_thread *thread_new(void)
{
	struct hl_thread *thread = calloc(1, sizeof *thread);
	if (!thread)
		return NULL;
	thread->offset = calloc(hl_state.width, sizeof *thread->offset);
	thread->now = calloc(hl_state.width, sizeof *thread->now);
	if (!thread->offset || !thread->now) {
		free(thread->offset);
		free(thread->now);
		free(thread);
		return NULL;
	}
	pthread_mutex_init(&thread->lock, NULL);
	for (int g = 0; g < HL_MAX_GROUPS; g++)
		thread->sets[g] = PAPI_NULL;
	pthread_once(&thread_end_once, make_thread_end_key);
	(void)pthread_setspecific(thread_end_key, thread);
	pthread_mutex_lock(&hl_state.lock);
	thread->index = hl_state.thread_count++;
	*hl_state.threads_tail = thread;
	hl_state.threads_tail = &thread->next;
	pthread_mutex_unlock(&hl_state.lock);
	return thread;
}

struct hl_thread *hl_thread_current(bool create)
{
	if (!current_thread && create)
		current_thread = thread_new();
	return current_thread;
}

static void forget_sets(struct hl_thread *thread)
{
	for (int g = 0; g < hl_state.config.group_count; g++) {
		if (thread->sets[g] == PAPI_NULL)
			continue;
		(void)PAPI_cleanup_eventset(thread->sets[g]);
		(void)PAPI_destroy_eventset(&thread->sets[g]);
		thread->sets[g] = PAPI_NULL;
	}
	thread->sets_made = false;
}

static int make_sets(struct hl_thread *thread)
{
	const struct hl_config *config = &hl_state.config;
	for (int g = 0; g < config->group_count; g++) {
		const struct hl_group *group = &config->groups[g];
		int status = PAPI_create_eventset(&thread->sets[g]);
		if (status == PAPI_OK)
			status = PAPI_assign_eventset_component(thread->sets[g], group->cidx);
		if (status == PAPI_OK && group->multiplex)
			status = PAPI_set_multiplex(thread->sets[g]);
		for (int e = 0; status == PAPI_OK && e < group->count; e++)
			status =
			    PAPI_add_event(thread->sets[g], config->events[group->first + e].code);
		if (status != PAPI_OK) {
			forget_sets(thread);
			return status;
		}
	}
	thread->sets_made = true;
	return PAPI_OK;
}

int hl_thread_start(struct hl_thread *thread)
{
	bool library_gone = PAPI_is_initialized() == PAPI_NOT_INITED;
	if (thread->running && !library_gone)
		return PAPI_OK;
	/* After PAPI_shutdown the sets are gone: the library and the sets are
	 * made again, and counts continue from the last values read. */
	if (library_gone) {
		if (thread->running)
			for (int e = 0; e < hl_state.config.event_count; e++)
				if (!hl_state.config.events[e].instant)
					thread->offset[HL_FIXED_VALUES + e] =
					    thread->now[HL_FIXED_VALUES + e];
		thread->running = false;
		int version = api_library_init(PAPI_VER_CURRENT);
		if (version != PAPI_VER_CURRENT)
			return version < 0 ? version : PAPI_EMISC;
		thread->sets_made = false;
		for (int g = 0; g < HL_MAX_GROUPS; g++)
			thread->sets[g] = PAPI_NULL;
	}
	if (!thread->sets_made) {
		int status = make_sets(thread);
		if (status != PAPI_OK)
			return status;
	}
	for (int g = 0; g < hl_state.config.group_count; g++) {
		int status = PAPI_start(thread->sets[g]);
		if (status != PAPI_OK) {
			for (int started = 0; started < g; started++)
				(void)PAPI_stop(thread->sets[started],
				                thread->now + HL_FIXED_VALUES);
			return status;
		}
	}
	thread->running = true;
	return PAPI_OK;
}

int hl_thread_stop(struct hl_thread *thread)
{
	if (!thread->running)
		return papi_error_set(PAPI_ENOEVNT,
		                      "the high-level counters of this thread are not running");
	const struct hl_config *config = &hl_state.config;
	int result = PAPI_OK;
	long long *counts = thread->now + HL_FIXED_VALUES;
	for (int g = 0; g < config->group_count; g++) {
		const struct hl_group *group = &config->groups[g];
		int status = PAPI_stop(thread->sets[g], counts + group->first);
		if (status != PAPI_OK) {
			result = status;
			continue;
		}
		/* The next start counts from zero: what was counted is carried. */
		for (int e = 0; e < group->count; e++)
			if (!config->events[group->first + e].instant)
				thread->offset[HL_FIXED_VALUES + group->first + e] +=
				    counts[group->first + e];
	}
	thread->running = false;
	return result;
}

int hl_thread_snapshot(struct hl_thread *thread)
{
	const struct hl_config *config = &hl_state.config;
	long long *now = thread->now;
	for (int g = 0; g < config->group_count; g++) {
		int status =
		    PAPI_read(thread->sets[g], now + HL_FIXED_VALUES + config->groups[g].first);
		if (status != PAPI_OK)
			return status;
	}
	for (int v = HL_FIXED_VALUES; v < hl_state.width; v++)
		now[v] += thread->offset[v];
	now[0] = PAPI_get_real_cyc();
	now[1] = PAPI_get_real_nsec();
	return PAPI_OK;
}

const char *hl_thread_intern(struct hl_thread *thread, const char *name)
{
	for (int n = thread->name_count - 1; n >= 0; n--)
		if (strcmp(thread->names[n], name) == 0)
			return thread->names[n];
	if (thread->name_count == thread->name_capacity) {
		int capacity = thread->name_capacity ? 2 * thread->name_capacity : 8;
		char **names = realloc(thread->names, capacity * sizeof *names);
		if (!names)
			return NULL;
		thread->names = names;
		thread->name_capacity = capacity;
	}
	char *copy = strdup(name);
	if (copy)
		thread->names[thread->name_count++] = copy;
	return copy;
}

/* Called with thread->lock held; the caller fills the begin values. */
int hl_thread_push_instance(struct hl_thread *thread, const char *name)
{
	const char *interned = hl_thread_intern(thread, name);
	if (!interned)
		return papi_error_set(PAPI_ENOMEM, "no memory for region \"%s\"", name);
	if (thread->instance_count == thread->instance_capacity) {
		int capacity = thread->instance_capacity ? 2 * thread->instance_capacity : 16;
		struct hl_instance *instances =
		    realloc(thread->instances, capacity * sizeof *instances);
		if (!instances)
			return papi_error_set(PAPI_ENOMEM, "no memory for region \"%s\"", name);
		thread->instances = instances;
		thread->instance_capacity = capacity;
	}
	if (thread->open_count == thread->open_capacity) {
		int capacity = thread->open_capacity ? 2 * thread->open_capacity : 8;
		int *open = realloc(thread->open, capacity * sizeof *open);
		if (!open)
			return papi_error_set(PAPI_ENOMEM, "no memory for region \"%s\"", name);
		thread->open = open;
		thread->open_capacity = capacity;
	}
	long long *values = malloc(2 * hl_state.width * sizeof *values);
	if (!values)
		return papi_error_set(PAPI_ENOMEM, "no memory for region \"%s\"", name);
	int id = thread->instance_count++;
	struct hl_instance *instance = &thread->instances[id];
	*instance = (struct hl_instance){
	    .name = interned,
	    .parent = thread->open_count ? thread->open[thread->open_count - 1] : -1,
	    .begin = values,
	    .value = values + hl_state.width,
	};
	thread->open[thread->open_count++] = id;
	return PAPI_OK;
}
