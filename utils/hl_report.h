// SPDX-License-Identifier: BSD-3-Clause
// papi_hl_report's model: per input source (an output directory of the
// high-level API, or one report file), regions x events, each cell with
// its per-rank values and, when the input has one, the aggregate the file
// states (papi_hl_aggregate.json, the PMPI tool's "aggregate").
#ifndef PAPILLON_HL_REPORT_H
#define PAPILLON_HL_REPORT_H

#include <stdio.h>

struct hl_stats {
	int ranks; // how many ranks have a value
	double sum, min, max, mean;
	int min_rank, max_rank; // the lowest rank on a tie
};

struct hl_cell {
	int region, event;
	int nvalues;
	int *ranks;
	double *values;
	int has_file_stats;
	struct hl_stats file_stats;
};

struct hl_source {
	char *path;
	char *label; // what wrote it ("MPICH Version: 4.0.2", "high-level API")
	int has_aggregate;
	int nregions, nevents, ncells;
	char **regions, **events;
	struct hl_cell *cells;
};

struct hl_report {
	int nsources;
	struct hl_source *sources;
	int hl_source; // 1 + the index of the high-level files' source, 0: none yet
};

// Reads one path (a file or a papi_hl_output directory) into report.
// Returns 0, or -1 with the reason in error.
int hl_report_read(struct hl_report *report, const char *path, char *error, size_t error_len);
void hl_report_free(struct hl_report *report);

// The statistics of a cell: from its per-rank values, else the file's.
// Returns 0 when it has neither.
int hl_cell_stats(const struct hl_cell *cell, struct hl_stats *out);
int hl_cell_stats_from_ranks(const struct hl_cell *cell, struct hl_stats *out);
// The cell of region x event, or NULL.
const struct hl_cell *hl_source_cell(const struct hl_source *source, int region, int event);

void hl_report_table(FILE *out, const struct hl_report *report);
void hl_report_csv(FILE *out, const struct hl_report *report);
void hl_report_json(FILE *out, const struct hl_report *report);
void hl_report_svg(FILE *out, const struct hl_report *report);
// Each aggregate of the input against the per-rank values beside it;
// prints the differences, returns how many.
int hl_report_check(FILE *out, const struct hl_report *report);

#endif
