// SPDX-License-Identifier: BSD-3-Clause
/* The per-rank report, in PAPI 7.0's JSON layout (doc/hl.md): version and
 * CPU, the event definitions, then per thread its regions by id. Counts are
 * strings, as PAPI writes them. Also the per-name totals the aggregate is
 * made of. Only the layer's own memory is read: it works after
 * PAPI_shutdown. */
#include <stdlib.h>
#include <string.h>

#include "hl/hl.h"
#include "abi/core_entries.h"

const char *hl_value_name(int index)
{
	if (index == 0)
		return "cycles";
	if (index == 1)
		return "real_time_nsec";
	return hl_state.config.events[index - HL_FIXED_VALUES].name;
}

static void indent(FILE *file, int depth)
{
	fputc('\n', file);
	for (int d = 0; d < depth; d++)
		fputs("  ", file);
}

static void write_definitions(FILE *file)
{
	const struct hl_config *config = &hl_state.config;
	indent(file, 1);
	fputs("\"event_definitions\":{", file);
	for (int e = 0; e < config->event_count; e++) {
		indent(file, 2);
		hl_json_string(file, config->events[e].name);
		fputs(":{", file);
		indent(file, 3);
		fputs("\"component\":", file);
		hl_json_string(file, config->events[e].component);
		fputc(',', file);
		indent(file, 3);
		fprintf(file, "\"type\":\"%s\"", config->events[e].instant ? "instant" : "delta");
		indent(file, 2);
		fputs(e + 1 < config->event_count ? "}," : "}", file);
	}
	indent(file, 1);
	fputs("},", file);
}

static void write_instance(FILE *file, const struct hl_instance *instance, int id)
{
	indent(file, 4);
	fprintf(file, "\"%d\":{", id);
	indent(file, 5);
	fputs("\"name\":", file);
	hl_json_string(file, instance->name);
	fputc(',', file);
	indent(file, 5);
	fprintf(file, "\"parent_region_id\":\"%d\",", instance->parent);
	for (int v = 0; v < hl_state.width; v++) {
		indent(file, 5);
		hl_json_string(file, hl_value_name(v));
		if (instance->read_count == 0) {
			fprintf(file, ":\"%lld\"", instance->value[v]);
		} else {
			fprintf(file, ":{\"region_value\":\"%lld\"", instance->value[v]);
			for (int r = 0; r < instance->read_count; r++)
				fprintf(file, ",\"read_%d\":\"%lld\"", r + 1,
				        instance->reads[r * hl_state.width + v]);
			fputc('}', file);
		}
		if (v + 1 < hl_state.width)
			fputc(',', file);
	}
	indent(file, 4);
	fputc('}', file);
}

/* Only closed instances are written; ids stay those of the begins. */
static void write_thread(FILE *file, struct hl_thread *thread, int number, bool last)
{
	indent(file, 2);
	fprintf(file, "\"%d\":{", number);
	indent(file, 3);
	fputs("\"regions\":{", file);
	bool first = true;
	for (int i = 0; i < thread->instance_count; i++) {
		if (!thread->instances[i].closed)
			continue;
		if (!first)
			fputc(',', file);
		write_instance(file, &thread->instances[i], i);
		first = false;
	}
	indent(file, 3);
	fputc('}', file);
	indent(file, 2);
	fputs(last ? "}" : "},", file);
}

static bool has_closed(const struct hl_thread *thread)
{
	for (int i = 0; i < thread->instance_count; i++)
		if (thread->instances[i].closed)
			return true;
	return false;
}

void hl_report_write(FILE *file)
{
	fputc('{', file);
	indent(file, 1);
	fprintf(file, "\"papi_version\":\"%d.%d.%d.%d\",",
	        PAPI_VERSION_MAJOR(papillon_release_version),
	        PAPI_VERSION_MINOR(papillon_release_version),
	        PAPI_VERSION_REVISION(papillon_release_version),
	        PAPI_VERSION_INCREMENT(papillon_release_version));
	indent(file, 1);
	fputs("\"cpu_info\":", file);
	hl_json_string(file, hl_state.cpu_info);
	fputc(',', file);
	indent(file, 1);
	fprintf(file, "\"max_cpu_rate_mhz\":\"%d\",", hl_state.cpu_max_mhz);
	indent(file, 1);
	fprintf(file, "\"min_cpu_rate_mhz\":\"%d\",", hl_state.cpu_min_mhz);
	write_definitions(file);
	indent(file, 1);
	fputs("\"threads\":{", file);
	/* Threads with no closed region are left out; the others numbered
	 * densely in the order they began their first region. */
	int total = 0;
	for (struct hl_thread *t = hl_state.threads; t; t = t->next) {
		pthread_mutex_lock(&t->lock);
		total += has_closed(t);
		pthread_mutex_unlock(&t->lock);
	}
	int number = 0;
	for (struct hl_thread *t = hl_state.threads; t && number < total; t = t->next) {
		pthread_mutex_lock(&t->lock);
		if (has_closed(t)) {
			write_thread(file, t, number, number + 1 == total);
			number++;
		}
		pthread_mutex_unlock(&t->lock);
	}
	indent(file, 1);
	fputc('}', file);
	indent(file, 0);
	fputs("}\n", file);
}

static struct hl_region_total *find_total(struct hl_region_total *totals, int count,
                                          const char *name)
{
	for (int r = 0; r < count; r++)
		if (strcmp(totals[r].name, name) == 0)
			return &totals[r];
	return NULL;
}

/* Appends an empty total for name; NULL when memory runs out. */
static struct hl_region_total *add_total(struct hl_region_total **totals, int *used, int *capacity,
                                         const char *name)
{
	if (*used == *capacity) {
		int grown_capacity = *capacity ? 2 * *capacity : 8;
		struct hl_region_total *grown = realloc(*totals, grown_capacity * sizeof *grown);
		if (!grown)
			return NULL;
		*totals = grown;
		*capacity = grown_capacity;
	}
	long long *values = calloc(hl_state.width, sizeof *values);
	if (!values)
		return NULL;
	struct hl_region_total *total = &(*totals)[(*used)++];
	*total = (struct hl_region_total){.name = name, .values = values, .last_thread = -1};
	return total;
}

static void add_instance(struct hl_region_total *total, const struct hl_instance *instance,
                         int thread_index)
{
	/* A thread counts once per region name. */
	if (total->last_thread != thread_index)
		total->threads++;
	total->last_thread = thread_index;
	total->count++;
	for (int v = 0; v < hl_state.width; v++) {
		bool instant =
		    v >= HL_FIXED_VALUES && hl_state.config.events[v - HL_FIXED_VALUES].instant;
		if (!instant)
			total->values[v] += instance->value[v];
		else if (total->count == 1 || instance->value[v] > total->values[v])
			total->values[v] = instance->value[v];
	}
}

struct hl_region_total *hl_region_totals(int *count)
{
	struct hl_region_total *totals = NULL;
	int used = 0, capacity = 0;
	for (struct hl_thread *t = hl_state.threads; t; t = t->next) {
		pthread_mutex_lock(&t->lock);
		for (int i = 0; i < t->instance_count; i++) {
			const struct hl_instance *instance = &t->instances[i];
			if (!instance->closed)
				continue;
			struct hl_region_total *total = find_total(totals, used, instance->name);
			if (!total)
				total = add_total(&totals, &used, &capacity, instance->name);
			if (!total) {
				pthread_mutex_unlock(&t->lock);
				hl_region_totals_free(totals, used);
				*count = 0;
				return NULL;
			}
			add_instance(total, instance, t->index);
		}
		pthread_mutex_unlock(&t->lock);
	}
	*count = used;
	return totals;
}

void hl_region_totals_free(struct hl_region_total *totals, int count)
{
	for (int r = 0; r < count; r++)
		free(totals[r].values);
	free(totals);
}
