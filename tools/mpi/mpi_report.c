// SPDX-License-Identifier: BSD-3-Clause
// The report of the PMPI tool: rank 0 gathers every rank's figures (PMPI
// calls only, so nothing here is counted) and writes one JSON file whose
// per-rank part has the layout of the high-level API's rank files
// (threads -> regions -> name, parent_region_id, region_count, values),
// followed by the aggregate across ranks. papi_hl_report reads both.
#include "mpi_profile.h"

#include <papi.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// The values of one region of a rank, in the order of the gathered array.
struct region_layout {
	const char *name;
	int parent;        // -1: the top region
	int first;         // index of its first value in a rank's array
	int nvalues;       // values that follow
	const char **keys; // their JSON keys
};

// A class region's values: "calls" is the number of calls of the class
// (one region instance stands for all of them), "bytes" what they moved.
static const char *class_keys[] = {"real_time_nsec", "calls", "bytes"};

enum { TOTAL_REGION = 0, NREGIONS = 1 + MPI_CLASS_COUNT };

// The flat array a rank sends: total time, the events, then per class
// time, calls and bytes.
static int pack(const struct mpi_rank_figures *f, int nevents, uint64_t *out)
{
	int n = 0;
	out[n++] = f->total_nsec;
	for (int i = 0; i < nevents; i++)
		out[n++] = f->events[i];
	for (int c = 0; c < MPI_CLASS_COUNT; c++) {
		out[n++] = f->classes[c].nsec;
		out[n++] = f->classes[c].calls;
		out[n++] = f->classes[c].bytes;
	}
	return n;
}

static void json_string(FILE *out, const char *s)
{
	fputc('"', out);
	for (; *s; s++) {
		unsigned char ch = (unsigned char)*s;
		if (ch == '"' || ch == '\\')
			fprintf(out, "\\%c", ch);
		else if (ch < 0x20)
			fprintf(out, "\\u%04x", ch);
		else
			fputc(ch, out);
	}
	fputc('"', out);
}

static void regions_layout(int nevents, const char *const *event_names,
                           struct region_layout regions[NREGIONS], const char **total_keys)
{
	total_keys[0] = "real_time_nsec";
	for (int i = 0; i < nevents; i++)
		total_keys[1 + i] = event_names[i];
	regions[TOTAL_REGION] = (struct region_layout){"mpi:total", -1, 0, 1 + nevents, total_keys};
	for (int c = 0; c < MPI_CLASS_COUNT; c++)
		regions[1 + c] = (struct region_layout){mpi_class_region_names[c], TOTAL_REGION,
		                                        1 + nevents + 3 * c, 3, class_keys};
}

// One rank in the layout of a high-level rank file (doc/hl.md): values are
// strings of decimal integers, as PAPI writes them.
static void write_rank(FILE *out, const uint64_t *values, const struct region_layout *regions)
{
	fprintf(out, "{\"threads\": {\"0\": {\"regions\": {");
	for (int r = 0; r < NREGIONS; r++) {
		const struct region_layout *reg = &regions[r];
		fprintf(out, "%s\n    \"%d\": {\"name\": ", r ? "," : "", r);
		json_string(out, reg->name);
		fprintf(out, ", \"parent_region_id\": \"%d\"", reg->parent);
		for (int k = 0; k < reg->nvalues; k++) {
			uint64_t v = values[reg->first + k];
			if (v == MPI_PROFILE_MISSING)
				continue;
			fprintf(out, ", ");
			json_string(out, reg->keys[k]);
			fprintf(out, ": \"%" PRIu64 "\"", v);
		}
		fputc('}', out);
	}
	fprintf(out, "}}}}");
}

// An event that counted on no rank has no statistics.
static int counted_somewhere(const uint64_t *all, int nranks, int nvalues, int index)
{
	for (int rank = 0; rank < nranks; rank++)
		if (all[(size_t)rank * nvalues + index] != MPI_PROFILE_MISSING)
			return 1;
	return 0;
}

// min, max, mean, sum and the ranks of min and max (the lowest on a tie)
// of value index over the ranks that have it (at least one).
static void write_stats(FILE *out, const uint64_t *all, int nranks, int nvalues, int index)
{
	uint64_t sum = 0, min = 0, max = 0;
	int min_rank = -1, max_rank = -1, counted = 0;
	for (int rank = 0; rank < nranks; rank++) {
		uint64_t v = all[(size_t)rank * nvalues + index];
		if (v == MPI_PROFILE_MISSING)
			continue;
		sum += v;
		if (min_rank < 0 || v < min)
			min = v, min_rank = rank;
		if (max_rank < 0 || v > max)
			max = v, max_rank = rank;
		counted++;
	}
	if (!counted)
		return;
	fprintf(out,
	        "{\"min\": %" PRIu64 ", \"max\": %" PRIu64 ", \"mean\": %.17g, \"sum\": %" PRIu64
	        ", \"min_rank\": %d, \"max_rank\": %d}",
	        min, max, (double)sum / counted, sum, min_rank, max_rank);
}

// The aggregate in the layout of papi_hl_aggregate.json (doc/hl.md).
static void write_aggregate(FILE *out, const uint64_t *all, int nranks, int nvalues,
                            const struct region_layout *regions)
{
	fprintf(out,
	        "{\n    \"papillon_aggregate_version\": 1,\n    \"papi_version\": \"%d.%d.%d.%d\",",
	        PAPI_VERSION_MAJOR(PAPI_VERSION), PAPI_VERSION_MINOR(PAPI_VERSION),
	        PAPI_VERSION_REVISION(PAPI_VERSION), PAPI_VERSION_INCREMENT(PAPI_VERSION));
	fprintf(out, "\n    \"size\": %d,\n    \"ranks\": [", nranks);
	for (int rank = 0; rank < nranks; rank++)
		fprintf(out, "%s%d", rank ? "," : "", rank);
	fprintf(out, "],\n    \"events\": [");
	const char *seen[1 + MPI_PROFILE_MAX_EVENTS + 3];
	int nseen = 0;
	for (int r = 0; r < NREGIONS; r++)
		for (int k = 0; k < regions[r].nvalues; k++) {
			int known = 0;
			for (int i = 0; i < nseen; i++)
				known |= strcmp(seen[i], regions[r].keys[k]) == 0;
			if (known)
				continue;
			fprintf(out, "%s", nseen ? "," : "");
			json_string(out, seen[nseen++] = regions[r].keys[k]);
		}
	fprintf(out, "],\n    \"regions\": {");
	for (int r = 0; r < NREGIONS; r++) {
		const struct region_layout *reg = &regions[r];
		fprintf(out, "%s\n      ", r ? "," : "");
		json_string(out, reg->name);
		// One instance per rank: every rank has every region.
		fprintf(
		    out,
		    ": {\"ranks\": %d, \"threads\": %d, \"region_count\": {\"min\": 1, \"max\": 1, "
		    "\"mean\": 1, \"sum\": %d, \"min_rank\": 0, \"max_rank\": 0},\n        "
		    "\"events\": {",
		    nranks, nranks, nranks);
		for (int k = 0, written = 0; k < reg->nvalues; k++) {
			if (!counted_somewhere(all, nranks, nvalues, reg->first + k))
				continue;
			fprintf(out, "%s\n          ", written++ ? "," : "");
			json_string(out, reg->keys[k]);
			fprintf(out, ": ");
			write_stats(out, all, nranks, nvalues, reg->first + k);
		}
		fprintf(out, "}}");
	}
	fprintf(out, "\n    }\n  }");
}

static int write_file(const char *path, const uint64_t *all, int nranks, int nvalues,
                      const struct region_layout *regions)
{
	FILE *out = fopen(path, "w");
	if (!out)
		return -1;
	char library[MPI_MAX_LIBRARY_VERSION_STRING] = "";
	int len = 0;
	PMPI_Get_library_version(library, &len);
	library[strcspn(library, "\n,")] = '\0';
	for (char *c = library; *c; c++)
		if ((unsigned char)*c < 0x20)
			*c = ' '; // MPICH's has a tab
	fprintf(out, "{\n  \"papillon_mpi_report_version\": 1,\n  \"mpi_library\": ");
	json_string(out, library);
	fprintf(out, ",\n  \"size\": %d,\n  \"rank_data\": {", nranks);
	for (int rank = 0; rank < nranks; rank++) {
		fprintf(out, "%s\n   \"%d\": ", rank ? "," : "", rank);
		write_rank(out, all + (size_t)rank * nvalues, regions);
	}
	fprintf(out, "\n  },\n  \"aggregate\": ");
	write_aggregate(out, all, nranks, nvalues, regions);
	fprintf(out, "\n}\n");
	return fclose(out) == 0 ? 0 : -1;
}

int mpi_report_write(const struct mpi_rank_figures *mine, int nevents,
                     const char *const *event_names)
{
	int rank = 0, nranks = 1, fewest = 0, most = 0;
	uint64_t values[1 + MPI_PROFILE_MAX_EVENTS + 3 * MPI_CLASS_COUNT];
	PMPI_Comm_rank(MPI_COMM_WORLD, &rank);
	PMPI_Comm_size(MPI_COMM_WORLD, &nranks);
	// Every rank reads the same PAPI_MPI_EVENTS; should they differ, the
	// events are left out rather than mixed up.
	uint64_t *all = NULL;
	if (rank == 0)
		all = malloc(sizeof values * (size_t)nranks);
	// Rank 0 without memory for the gather: every rank gives up together.
	int mine_events = rank == 0 && !all ? -1 : nevents;
	PMPI_Allreduce(&mine_events, &fewest, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
	PMPI_Allreduce(&mine_events, &most, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
	if (fewest < 0) {
		free(all);
		return -1;
	}
	if (fewest != most)
		nevents = 0;
	int nvalues = pack(mine, nevents, values);
	int ok = PMPI_Gather(values, nvalues, MPI_UINT64_T, all, nvalues, MPI_UINT64_T, 0,
	                     MPI_COMM_WORLD) == MPI_SUCCESS;
	if (rank != 0)
		return ok ? 0 : -1;
	int rc = -1;
	if (ok && all) {
		const char *total_keys[1 + MPI_PROFILE_MAX_EVENTS];
		struct region_layout regions[NREGIONS];
		regions_layout(nevents, event_names, regions, total_keys);
		const char *dir = getenv("PAPI_OUTPUT_DIRECTORY");
		char path[4096];
		snprintf(path, sizeof path, "%s/papi_mpi_report.json", dir && *dir ? dir : ".");
		rc = write_file(path, all, nranks, nvalues, regions);
	}
	free(all);
	return rc;
}
