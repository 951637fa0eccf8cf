// SPDX-License-Identifier: BSD-3-Clause
/* The cross-rank aggregate (doc/hl.md): each rank, at exit and under an
 * flock of papi_hl_output/.papi_hl_ranks, appends its per-region totals to
 * that file; the rank that completes the set (the last to finish) reads
 * them all and writes papi_hl_aggregate.json: per region and value, min,
 * max, mean, sum and the ranks of the min and the max. Only files in the
 * directory are shared: no MPI is needed. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#include "hl/hl.h"
#include "abi/core_entries.h"

#define COUNTER_FILE   ".papi_hl_ranks"
#define AGGREGATE_FILE "papi_hl_aggregate.json"

/* Names travel as single words: bytes outside a safe set become %XX. */
static void put_word(FILE *file, const char *text)
{
	for (const unsigned char *c = (const unsigned char *)text; *c; c++) {
		if ((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') ||
		    (*c >= '0' && *c <= '9') || strchr("_.:+=/-", *c))
			fputc(*c, file);
		else
			fprintf(file, "%%%02X", *c);
	}
}

static void decode_word(char *word)
{
	char *out = word;
	for (char *in = word; *in; in++) {
		unsigned value;
		if (*in == '%' && sscanf(in + 1, "%2x", &value) == 1) {
			*out++ = (char)value;
			in += 2;
		} else {
			*out++ = *in;
		}
	}
	*out = '\0';
}

static void append_totals(FILE *file, const struct hl_launch *launch, const char *rank_file)
{
	fprintf(file, "rank %d %d %s\n", launch->rank, launch->size, rank_file);
	for (int v = 0; v < hl_state.width; v++) {
		fputs("value ", file);
		put_word(file, hl_value_name(v));
		fputc('\n', file);
	}
	int count;
	struct hl_region_total *totals = hl_region_totals(&count);
	for (int r = 0; r < count; r++) {
		fputs("region ", file);
		put_word(file, totals[r].name);
		fprintf(file, " %d %lld", totals[r].threads, totals[r].count);
		for (int v = 0; v < hl_state.width; v++)
			fprintf(file, " %lld", totals[r].values[v]);
		fputc('\n', file);
	}
	hl_region_totals_free(totals, count);
	fprintf(file, "done %d\n", launch->rank);
}

/* What the counter file says, rank by rank. */
struct rank_region {
	char *name;
	int threads;
	long long count;
	long long *values;
};
struct rank_entry {
	int rank;
	bool done;
	char *file;
	char **value_names;
	int value_count;
	struct rank_region *regions;
	int region_count;
};
struct counter_contents {
	struct rank_entry *ranks;
	int rank_count;
};

static void *grow(void *array, int count, size_t element)
{
	/* Doubling at powers of two; count is the number in use. */
	if (count & (count - 1) || count == 0) {
		if (count == 0)
			return realloc(array, element);
		return array;
	}
	return realloc(array, 2 * count * element);
}

static struct rank_entry *entry_of(struct counter_contents *contents, int rank)
{
	for (int r = 0; r < contents->rank_count; r++)
		if (contents->ranks[r].rank == rank)
			return &contents->ranks[r];
	return NULL;
}

/* Parses the counter file; a rank listed twice keeps its first block. */
static bool parse_counter(FILE *file, struct counter_contents *contents)
{
	char *line = NULL;
	size_t size = 0;
	struct rank_entry *entry = NULL;
	bool ok = true;
	while (ok && getline(&line, &size, file) > 0) {
		line[strcspn(line, "\n")] = '\0';
		char *save;
		char *kind = strtok_r(line, " ", &save);
		if (!kind)
			continue;
		if (strcmp(kind, "rank") == 0) {
			char *rank = strtok_r(NULL, " ", &save);
			(void)strtok_r(NULL, " ", &save);
			char *name = strtok_r(NULL, " ", &save);
			if (!rank || !name)
				continue;
			if (entry_of(contents, atoi(rank))) {
				entry = NULL; /* a duplicate: ignored */
				continue;
			}
			void *grown = grow(contents->ranks, contents->rank_count, sizeof *entry);
			if (!grown) {
				ok = false;
				break;
			}
			contents->ranks = grown;
			entry = &contents->ranks[contents->rank_count++];
			*entry = (struct rank_entry){.rank = atoi(rank), .file = strdup(name)};
		} else if (entry && strcmp(kind, "value") == 0) {
			char *name = strtok_r(NULL, " ", &save);
			void *grown = grow(entry->value_names, entry->value_count, sizeof(char *));
			if (!grown) {
				ok = false;
				continue;
			}
			entry->value_names = grown;
			if (!name)
				continue;
			decode_word(name);
			entry->value_names[entry->value_count++] = strdup(name);
		} else if (entry && strcmp(kind, "region") == 0) {
			char *name = strtok_r(NULL, " ", &save);
			char *threads = strtok_r(NULL, " ", &save);
			char *count = strtok_r(NULL, " ", &save);
			void *grown =
			    grow(entry->regions, entry->region_count, sizeof *entry->regions);
			if (!grown) {
				ok = false;
				continue;
			}
			entry->regions = grown;
			if (!name || !threads || !count)
				continue;
			struct rank_region *region = &entry->regions[entry->region_count++];
			decode_word(name);
			*region = (struct rank_region){
			    .name = strdup(name),
			    .threads = atoi(threads),
			    .count = atoll(count),
			    .values = calloc(entry->value_count + 1, sizeof(long long))};
			for (int v = 0; v < entry->value_count && region->values; v++) {
				char *value = strtok_r(NULL, " ", &save);
				region->values[v] = value ? atoll(value) : 0;
			}
		} else if (entry && strcmp(kind, "done") == 0) {
			entry->done = true;
			entry = NULL;
		}
	}
	free(line);
	return ok;
}

static void free_contents(struct counter_contents *contents)
{
	for (int r = 0; r < contents->rank_count; r++) {
		struct rank_entry *entry = &contents->ranks[r];
		free(entry->file);
		for (int v = 0; v < entry->value_count; v++)
			free(entry->value_names[v]);
		free(entry->value_names);
		for (int g = 0; g < entry->region_count; g++) {
			free(entry->regions[g].name);
			free(entry->regions[g].values);
		}
		free(entry->regions);
	}
	free(contents->ranks);
}

static int by_rank(const void *a, const void *b)
{
	const struct rank_entry *x = a, *y = b;
	return (x->rank > y->rank) - (x->rank < y->rank);
}

struct statistic {
	int n;
	long long min, max, sum;
	int min_rank, max_rank;
};

/* Ranks come in ascending order: strict comparisons give ties to the
 * lowest rank. */
static void statistic_add(struct statistic *s, long long value, int rank)
{
	if (s->n == 0 || value < s->min) {
		s->min = value;
		s->min_rank = rank;
	}
	if (s->n == 0 || value > s->max) {
		s->max = value;
		s->max_rank = rank;
	}
	s->sum += value;
	s->n++;
}

static void statistic_write(FILE *file, const struct statistic *s)
{
	fprintf(file,
	        "{ \"min\":%lld, \"max\":%lld, \"mean\":%.3f, \"sum\":%lld, \"min_rank\":%d, "
	        "\"max_rank\":%d }",
	        s->min, s->max, (double)s->sum / s->n, s->sum, s->min_rank, s->max_rank);
}

static struct rank_region *region_in(struct rank_entry *entry, const char *name)
{
	for (int g = 0; g < entry->region_count; g++)
		if (strcmp(entry->regions[g].name, name) == 0)
			return &entry->regions[g];
	return NULL;
}

static int value_in(const struct rank_entry *entry, const char *name)
{
	for (int v = 0; v < entry->value_count; v++)
		if (strcmp(entry->value_names[v], name) == 0)
			return v;
	return -1;
}

/* Names in first-seen order over the ranks (values or regions). */
static const char **union_names(struct counter_contents *contents, bool regions, int *count)
{
	const char **names = NULL;
	int used = 0;
	for (int r = 0; r < contents->rank_count; r++) {
		struct rank_entry *entry = &contents->ranks[r];
		int n = regions ? entry->region_count : entry->value_count;
		for (int i = 0; i < n; i++) {
			const char *name = regions ? entry->regions[i].name : entry->value_names[i];
			bool seen = false;
			for (int u = 0; u < used && !seen; u++)
				seen = strcmp(names[u], name) == 0;
			if (seen)
				continue;
			void *grown = grow(names, used, sizeof *names);
			if (!grown)
				break;
			names = grown;
			names[used++] = name;
		}
	}
	*count = used;
	return names;
}

static void write_region(FILE *file, struct counter_contents *contents, const char *region,
                         const char **values, int value_count)
{
	struct statistic count = {0};
	int ranks = 0, threads = 0;
	for (int r = 0; r < contents->rank_count; r++) {
		struct rank_region *found = region_in(&contents->ranks[r], region);
		if (!found)
			continue;
		ranks++;
		threads += found->threads;
		statistic_add(&count, found->count, contents->ranks[r].rank);
	}
	fputs("    ", file);
	hl_json_string(file, region);
	fprintf(file,
	        ":{\n      \"ranks\":%d,\n      \"threads\":%d,\n      \"region_count\":", ranks,
	        threads);
	statistic_write(file, &count);
	fputs(",\n      \"events\":{", file);
	bool first = true;
	for (int v = 0; v < value_count; v++) {
		struct statistic s = {0};
		for (int r = 0; r < contents->rank_count; r++) {
			struct rank_entry *entry = &contents->ranks[r];
			struct rank_region *found = region_in(entry, region);
			int index = value_in(entry, values[v]);
			if (found && index >= 0)
				statistic_add(&s, found->values[index], entry->rank);
		}
		if (s.n == 0)
			continue;
		fputs(first ? "\n        " : ",\n        ", file);
		hl_json_string(file, values[v]);
		fputc(':', file);
		statistic_write(file, &s);
		first = false;
	}
	fputs("\n      }\n    }", file);
}

static void write_aggregate(struct counter_contents *contents, int size)
{
	qsort(contents->ranks, contents->rank_count, sizeof *contents->ranks, by_rank);
	int value_count, region_count;
	const char **values = union_names(contents, false, &value_count);
	const char **regions = union_names(contents, true, &region_count);
	char temporary[4400], final[4400];
	snprintf(temporary, sizeof temporary, "%s/.%s.%d", hl_state.directory, AGGREGATE_FILE,
	         (int)getpid());
	snprintf(final, sizeof final, "%s/%s", hl_state.directory, AGGREGATE_FILE);
	FILE *file = fopen(temporary, "w");
	if (!file) {
		hl_say("cannot create %s: %s", temporary, strerror(errno));
		free(values);
		free(regions);
		return;
	}
	fprintf(file,
	        "{\n  \"papillon_aggregate_version\":1,\n  \"papi_version\":\"%d.%d.%d.%d\",\n",
	        PAPI_VERSION_MAJOR(papillon_release_version),
	        PAPI_VERSION_MINOR(papillon_release_version),
	        PAPI_VERSION_REVISION(papillon_release_version),
	        PAPI_VERSION_INCREMENT(papillon_release_version));
	fprintf(file, "  \"size\":%d,\n  \"ranks\":[", size);
	for (int r = 0; r < contents->rank_count; r++)
		fprintf(file, "%s%d", r ? "," : "", contents->ranks[r].rank);
	fputs("],\n  \"rank_files\":[", file);
	for (int r = 0; r < contents->rank_count; r++) {
		fputs(r ? "," : "", file);
		hl_json_string(file, contents->ranks[r].file ? contents->ranks[r].file : "");
	}
	fputs("],\n  \"events\":[", file);
	for (int v = 0; v < value_count; v++) {
		fputs(v ? "," : "", file);
		hl_json_string(file, values[v]);
	}
	fputs("],\n  \"regions\":{", file);
	for (int g = 0; g < region_count; g++) {
		fputs(g ? ",\n" : "\n", file);
		write_region(file, contents, regions[g], values, value_count);
	}
	fputs("\n  }\n}\n", file);
	free(values);
	free(regions);
	if (fclose(file) != 0 || rename(temporary, final) != 0) {
		hl_say("cannot write %s: %s", final, strerror(errno));
		unlink(temporary);
		return;
	}
	hl_say("aggregate of %d ranks written: %s", contents->rank_count, final);
}

void hl_aggregate_contribute(const struct hl_launch *launch, const char *rank_file)
{
	char path[4400];
	snprintf(path, sizeof path, "%s/%s", hl_state.directory, COUNTER_FILE);
	int fd = open(path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
	if (fd < 0) {
		hl_say("cannot open %s: %s", path, strerror(errno));
		return;
	}
	FILE *file = fdopen(fd, "a+");
	if (!file) {
		close(fd);
		return;
	}
	if (flock(fd, LOCK_EX) != 0) {
		hl_say("cannot lock %s: %s", path, strerror(errno));
		fclose(file);
		return;
	}
	append_totals(file, launch, rank_file);
	fflush(file);
	rewind(file);
	struct counter_contents contents = {0};
	if (parse_counter(file, &contents)) {
		int done = 0;
		for (int r = 0; r < contents.rank_count; r++)
			done += contents.ranks[r].done;
		if (done == launch->size && done == contents.rank_count)
			write_aggregate(&contents, launch->size);
		else
			hl_say("%d of %d ranks have finished", done, launch->size);
	}
	free_contents(&contents);
	flock(fd, LOCK_UN);
	fclose(file);
}
