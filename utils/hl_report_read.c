// SPDX-License-Identifier: BSD-3-Clause
// papi_hl_report's input: the high-level API's rank files and aggregate
// (doc/hl.md) and the PMPI tool's report (doc/mpi.md), into the model of
// hl_report.h.
#include "hl_report.h"
#include "json_tree.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

// A utility, not the library: out of memory ends the program.
static void *grow(void *block, size_t size)
{
	void *grown = realloc(block, size ? size : 1);
	if (!grown) {
		fputs("papi_hl_report: out of memory\n", stderr);
		exit(1);
	}
	return grown;
}

static char *copy(const char *s)
{
	size_t n = strlen(s) + 1;
	return memcpy(grow(NULL, n), s, n);
}

static int name_index(char ***names, int *count, const char *name)
{
	for (int i = 0; i < *count; i++)
		if (strcmp((*names)[i], name) == 0)
			return i;
	*names = grow(*names, sizeof **names * (size_t)(*count + 1));
	(*names)[*count] = copy(name);
	return (*count)++;
}

static struct hl_cell *cell_of(struct hl_source *src, const char *region, const char *event)
{
	int r = name_index(&src->regions, &src->nregions, region);
	int e = name_index(&src->events, &src->nevents, event);
	for (int i = 0; i < src->ncells; i++)
		if (src->cells[i].region == r && src->cells[i].event == e)
			return &src->cells[i];
	src->cells = grow(src->cells, sizeof *src->cells * (size_t)(src->ncells + 1));
	struct hl_cell *cell = &src->cells[src->ncells++];
	memset(cell, 0, sizeof *cell);
	cell->region = r;
	cell->event = e;
	return cell;
}

const struct hl_cell *hl_source_cell(const struct hl_source *source, int region, int event)
{
	for (int i = 0; i < source->ncells; i++)
		if (source->cells[i].region == region && source->cells[i].event == event)
			return &source->cells[i];
	return NULL;
}

// A rank's value of a cell: instances and threads add up (an instant
// event keeps the largest), as the aggregate of doc/hl.md does.
static void cell_add(struct hl_cell *cell, int rank, double value, int instant)
{
	for (int i = 0; i < cell->nvalues; i++) {
		if (cell->ranks[i] != rank)
			continue;
		if (!instant)
			cell->values[i] += value;
		else if (value > cell->values[i])
			cell->values[i] = value;
		return;
	}
	cell->ranks = grow(cell->ranks, sizeof *cell->ranks * (size_t)(cell->nvalues + 1));
	cell->values = grow(cell->values, sizeof *cell->values * (size_t)(cell->nvalues + 1));
	cell->ranks[cell->nvalues] = rank;
	cell->values[cell->nvalues++] = value;
}

static int is_instant(const struct json_value *definitions, const char *event)
{
	const struct json_value *type = json_get(json_get(definitions, event), "type");
	return type && type->type == JSON_STRING && strcmp(type->string, "instant") == 0;
}

// One rank's document: threads -> regions -> {name, parent_region_id, values}.
static int read_rank(struct hl_source *src, const struct json_value *doc, int rank, char *error,
                     size_t error_len)
{
	const struct json_value *threads = json_get(doc, "threads");
	const struct json_value *definitions = json_get(doc, "event_definitions");
	if (!threads || (threads->type != JSON_OBJECT && threads->type != JSON_ARRAY)) {
		snprintf(error, error_len, "no \"threads\" in a rank's data");
		return -1;
	}
	for (size_t t = 0; t < threads->count; t++) {
		const struct json_value *regions = json_get(&threads->items[t], "regions");
		if (!regions || (regions->type != JSON_OBJECT && regions->type != JSON_ARRAY))
			continue;
		for (size_t r = 0; r < regions->count; r++) {
			const struct json_value *region = &regions->items[r];
			const struct json_value *name = json_get(region, "name");
			if (!name || name->type != JSON_STRING || region->type != JSON_OBJECT) {
				snprintf(error, error_len, "rank %d: a region without a name",
				         rank);
				return -1;
			}
			cell_add(cell_of(src, name->string, "region_count"), rank, 1, 0);
			for (size_t k = 0; k < region->count; k++) {
				const char *key = region->keys[k];
				const struct json_value *v = &region->items[k];
				double value;
				if (strcmp(key, "name") == 0 ||
				    strcmp(key, "parent_region_id") == 0)
					continue;
				// With PAPI_hl_read: {"region_value": ..., "read_1": ...}.
				if (v->type == JSON_OBJECT)
					v = json_get(v, "region_value");
				if (!json_number(v, &value)) {
					snprintf(error, error_len,
					         "rank %d, region %s: %s is not a number", rank,
					         name->string, key);
					return -1;
				}
				cell_add(cell_of(src, name->string, key), rank, value,
				         is_instant(definitions, key));
			}
		}
	}
	return 0;
}

static int read_stats(const struct json_value *v, struct hl_stats *out)
{
	double ranks = 0, min_rank, max_rank;
	if (!json_number(json_get(v, "min"), &out->min) ||
	    !json_number(json_get(v, "max"), &out->max) ||
	    !json_number(json_get(v, "mean"), &out->mean) ||
	    !json_number(json_get(v, "sum"), &out->sum) ||
	    !json_number(json_get(v, "min_rank"), &min_rank) ||
	    !json_number(json_get(v, "max_rank"), &max_rank))
		return -1;
	out->min_rank = (int)min_rank;
	out->max_rank = (int)max_rank;
	out->ranks = json_number(json_get(v, "ranks"), &ranks) ? (int)ranks : -1;
	return 0;
}

// papi_hl_aggregate.json's layout (doc/hl.md), also the PMPI tool's.
static int read_aggregate(struct hl_source *src, const struct json_value *doc, char *error,
                          size_t error_len)
{
	const struct json_value *regions = json_get(doc, "regions");
	if (!regions || regions->type != JSON_OBJECT) {
		snprintf(error, error_len, "an aggregate without \"regions\"");
		return -1;
	}
	src->has_aggregate = 1;
	for (size_t r = 0; r < regions->count; r++) {
		const char *name = regions->keys[r];
		const struct json_value *region = &regions->items[r];
		double ranks = -1;
		json_number(json_get(region, "ranks"), &ranks);
		const struct json_value *count = json_get(region, "region_count");
		const struct json_value *events = json_get(region, "events");
		struct hl_cell *cell = cell_of(src, name, "region_count");
		if (count && read_stats(count, &cell->file_stats) == 0) {
			cell->has_file_stats = 1;
			cell->file_stats.ranks = (int)ranks;
		}
		for (size_t e = 0; events && e < events->count; e++) {
			cell = cell_of(src, name, events->keys[e]);
			if (read_stats(&events->items[e], &cell->file_stats) != 0) {
				snprintf(error, error_len,
				         "aggregate, region %s: %s lacks a statistic", name,
				         events->keys[e]);
				return -1;
			}
			cell->has_file_stats = 1;
			cell->file_stats.ranks = (int)ranks;
		}
	}
	return 0;
}

static struct hl_source *new_source(struct hl_report *report, const char *path, const char *label)
{
	report->sources =
	    grow(report->sources, sizeof *report->sources * (size_t)(report->nsources + 1));
	struct hl_source *src = &report->sources[report->nsources++];
	memset(src, 0, sizeof *src);
	src->path = copy(path);
	src->label = copy(label);
	return src;
}

// The rank of a rank file from its name (rank_000012.json), else 0.
static int rank_of_file(const char *path)
{
	const char *base = strrchr(path, '/');
	base = base ? base + 1 : path;
	int rank = 0;
	return sscanf(base, "rank_%d.json", &rank) == 1 && rank >= 0 ? rank : 0;
}

// All the high-level files read make one source, made on the first and
// named hl_path (the directory they are in, or the file).
static int read_document(struct hl_report *report, const char *hl_path, const char *path,
                         const struct json_value *doc, char *error, size_t error_len)
{
	if (json_get(doc, "papillon_mpi_report_version")) {
		const struct json_value *library = json_get(doc, "mpi_library");
		struct hl_source *src =
		    new_source(report, path,
		               library && library->type == JSON_STRING ? library->string : "MPI");
		const struct json_value *ranks = json_get(doc, "rank_data");
		for (size_t i = 0; ranks && ranks->type == JSON_OBJECT && i < ranks->count; i++)
			if (read_rank(src, &ranks->items[i], atoi(ranks->keys[i]), error,
			              error_len))
				return -1;
		const struct json_value *aggregate = json_get(doc, "aggregate");
		return aggregate ? read_aggregate(src, aggregate, error, error_len) : 0;
	}
	if (!report->hl_source) {
		new_source(report, hl_path, "high-level API");
		report->hl_source = report->nsources;
	}
	struct hl_source *src = &report->sources[report->hl_source - 1];
	if (json_get(doc, "papillon_aggregate_version"))
		return read_aggregate(src, doc, error, error_len);
	if (json_get(doc, "threads"))
		return read_rank(src, doc, rank_of_file(path), error, error_len);
	snprintf(error, error_len, "neither a rank file, an aggregate nor a PMPI report");
	return -1;
}

static int read_file(struct hl_report *report, const char *hl_path, const char *path, char *error,
                     size_t error_len)
{
	char why[512];
	struct json_value *doc = json_parse_file(path, why, sizeof why);
	if (!doc) {
		snprintf(error, error_len, "%s: %s", path, why);
		return -1;
	}
	int rc = read_document(report, hl_path, path, doc, why, sizeof why);
	if (rc)
		snprintf(error, error_len, "%s: %s", path, why);
	json_free(doc);
	return rc;
}

static int by_name(const struct dirent **a, const struct dirent **b)
{
	return strcmp((*a)->d_name, (*b)->d_name);
}

static int wanted(const struct dirent *entry)
{
	size_t n = strlen(entry->d_name);
	return entry->d_name[0] != '.' && n > 5 && strcmp(entry->d_name + n - 5, ".json") == 0;
}

int hl_report_read(struct hl_report *report, const char *path, char *error, size_t error_len)
{
	struct stat st;
	if (stat(path, &st) != 0) {
		snprintf(error, error_len, "%s: no such file or directory", path);
		return -1;
	}
	if (!S_ISDIR(st.st_mode))
		return read_file(report, path, path, error, error_len);
	// A directory: its rank files and aggregate make one source (named
	// after the directory), a PMPI report in it another.
	struct dirent **entries;
	int n = scandir(path, &entries, wanted, by_name), rc = 0;
	if (n < 0) {
		snprintf(error, error_len, "%s: cannot read the directory", path);
		return -1;
	}
	for (int i = 0; i < n; i++) {
		char file[4096];
		snprintf(file, sizeof file, "%s/%s", path, entries[i]->d_name);
		if (!rc)
			rc = read_file(report, path, file, error, error_len);
		free(entries[i]);
	}
	free(entries);
	if (!rc && n == 0) {
		snprintf(error, error_len, "%s: no .json file in it", path);
		rc = -1;
	}
	return rc;
}

void hl_report_free(struct hl_report *report)
{
	for (int s = 0; s < report->nsources; s++) {
		struct hl_source *src = &report->sources[s];
		for (int i = 0; i < src->nregions; i++)
			free(src->regions[i]);
		for (int i = 0; i < src->nevents; i++)
			free(src->events[i]);
		for (int i = 0; i < src->ncells; i++) {
			free(src->cells[i].ranks);
			free(src->cells[i].values);
		}
		free(src->regions);
		free(src->events);
		free(src->cells);
		free(src->path);
		free(src->label);
	}
	free(report->sources);
	report->sources = NULL;
	report->nsources = 0;
	report->hl_source = 0;
}

int hl_cell_stats_from_ranks(const struct hl_cell *cell, struct hl_stats *out)
{
	if (cell->nvalues == 0)
		return 0;
	memset(out, 0, sizeof *out);
	for (int i = 0; i < cell->nvalues; i++) {
		double v = cell->values[i];
		int rank = cell->ranks[i];
		out->sum += v;
		if (i == 0 || v < out->min || (v == out->min && rank < out->min_rank))
			out->min = v, out->min_rank = rank;
		if (i == 0 || v > out->max || (v == out->max && rank < out->max_rank))
			out->max = v, out->max_rank = rank;
	}
	out->ranks = cell->nvalues;
	out->mean = out->sum / cell->nvalues;
	return 1;
}

int hl_cell_stats(const struct hl_cell *cell, struct hl_stats *out)
{
	if (hl_cell_stats_from_ranks(cell, out))
		return 1;
	if (!cell->has_file_stats)
		return 0;
	*out = cell->file_stats;
	return 1;
}
