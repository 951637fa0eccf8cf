// SPDX-License-Identifier: BSD-3-Clause
// papi_hl_report's text outputs: the table for people, CSV and JSON for
// scripts, and the check of each aggregate against its per-rank values.
#include "hl_report.h"

#include <math.h>
#include <string.h>

static int source_ranks(const struct hl_source *src)
{
	int most = 0;
	// Ranks are small and dense (MPI ranks): count distinct ones by marking.
	for (int i = 0; i < src->ncells; i++)
		for (int v = 0; v < src->cells[i].nvalues; v++)
			if (src->cells[i].ranks[v] + 1 > most)
				most = src->cells[i].ranks[v] + 1;
	int distinct = 0;
	for (int rank = 0; rank < most; rank++) {
		int seen = 0;
		for (int i = 0; i < src->ncells && !seen; i++)
			for (int v = 0; v < src->cells[i].nvalues && !seen; v++)
				seen = src->cells[i].ranks[v] == rank;
		distinct += seen;
	}
	return distinct;
}

// Counts are integers; a mean or a gauge may not be.
static void print_number(FILE *out, int width, double v)
{
	if (v == floor(v) && fabs(v) < 1e17)
		fprintf(out, "%*.0f", width, v);
	else
		fprintf(out, "%*.2f", width, v);
}

static int longest(char **names, int count, int at_least)
{
	int width = at_least;
	for (int i = 0; i < count; i++)
		if ((int)strlen(names[i]) > width)
			width = (int)strlen(names[i]);
	return width;
}

void hl_report_table(FILE *out, const struct hl_report *report)
{
	for (int s = 0; s < report->nsources; s++) {
		const struct hl_source *src = &report->sources[s];
		int rw = longest(src->regions, src->nregions, 6);
		int ew = longest(src->events, src->nevents, 5);
		int ranks = source_ranks(src);
		fprintf(out, "%s== %s (%s): ", s ? "\n" : "", src->path, src->label);
		if (ranks)
			fprintf(out, "%d rank%s\n", ranks, ranks == 1 ? "" : "s");
		else
			fprintf(out, "aggregate only\n");
		fprintf(out, "%-*s  %-*s %5s %16s %16s %5s %16s %5s %16s %8s\n", rw, "region", ew,
		        "event", "ranks", "sum", "min", "rank", "max", "rank", "mean", "max/mean");
		for (int r = 0; r < src->nregions; r++)
			for (int e = 0; e < src->nevents; e++) {
				const struct hl_cell *cell = hl_source_cell(src, r, e);
				struct hl_stats st;
				if (!cell || !hl_cell_stats(cell, &st))
					continue;
				// Entered once on every rank: a row of ones says nothing
				// (CSV and JSON keep it).
				if (strcmp(src->events[e], "region_count") == 0 && st.max <= 1)
					continue;
				fprintf(out, "%-*s  %-*s %5d ", rw, src->regions[r], ew,
				        src->events[e], st.ranks);
				print_number(out, 16, st.sum);
				fputc(' ', out);
				print_number(out, 16, st.min);
				fprintf(out, " %5d ", st.min_rank);
				print_number(out, 16, st.max);
				fprintf(out, " %5d ", st.max_rank);
				print_number(out, 16, st.mean);
				// The spread in one figure: 1.00 when every rank did the same.
				if (st.mean > 0)
					fprintf(out, " %8.2f\n", st.max / st.mean);
				else
					fprintf(out, " %8s\n", "-");
			}
	}
}

static void csv_field(FILE *out, const char *text)
{
	if (!strpbrk(text, ",\"\n\r")) {
		fputs(text, out);
		return;
	}
	fputc('"', out);
	for (; *text; text++) {
		if (*text == '"')
			fputc('"', out);
		fputc(*text, out);
	}
	fputc('"', out);
}

static void csv_row(FILE *out, const struct hl_source *src, const struct hl_cell *cell,
                    const char *statistic, int rank, double value)
{
	csv_field(out, src->path);
	fputc(',', out);
	csv_field(out, src->regions[cell->region]);
	fputc(',', out);
	csv_field(out, src->events[cell->event]);
	fprintf(out, ",%s,", statistic);
	if (rank >= 0)
		fprintf(out, "%d", rank);
	fprintf(out, ",%.17g\n", value);
}

// One row per value: per rank ("value"), then the statistics, long form.
void hl_report_csv(FILE *out, const struct hl_report *report)
{
	fprintf(out, "source,region,event,statistic,rank,value\n");
	for (int s = 0; s < report->nsources; s++) {
		const struct hl_source *src = &report->sources[s];
		for (int r = 0; r < src->nregions; r++)
			for (int e = 0; e < src->nevents; e++) {
				const struct hl_cell *cell = hl_source_cell(src, r, e);
				struct hl_stats st;
				if (!cell || !hl_cell_stats(cell, &st))
					continue;
				for (int v = 0; v < cell->nvalues; v++)
					csv_row(out, src, cell, "value", cell->ranks[v],
					        cell->values[v]);
				csv_row(out, src, cell, "sum", -1, st.sum);
				csv_row(out, src, cell, "min", st.min_rank, st.min);
				csv_row(out, src, cell, "max", st.max_rank, st.max);
				csv_row(out, src, cell, "mean", -1, st.mean);
			}
	}
}

static void json_text(FILE *out, const char *s)
{
	fputc('"', out);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '"' || c == '\\')
			fprintf(out, "\\%c", c);
		else if (c < 0x20)
			fprintf(out, "\\u%04x", c);
		else
			fputc(c, out);
	}
	fputc('"', out);
}

void hl_report_json(FILE *out, const struct hl_report *report)
{
	fprintf(out, "{\"papi_hl_report_version\": 1, \"sources\": [");
	for (int s = 0; s < report->nsources; s++) {
		const struct hl_source *src = &report->sources[s];
		fprintf(out, "%s\n {\"path\": ", s ? "," : "");
		json_text(out, src->path);
		fprintf(out, ", \"label\": ");
		json_text(out, src->label);
		fprintf(out, ", \"ranks\": %d, \"regions\": [", source_ranks(src));
		for (int r = 0; r < src->nregions; r++) {
			fprintf(out, "%s\n  {\"name\": ", r ? "," : "");
			json_text(out, src->regions[r]);
			fprintf(out, ", \"events\": {");
			int written = 0;
			for (int e = 0; e < src->nevents; e++) {
				const struct hl_cell *cell = hl_source_cell(src, r, e);
				struct hl_stats st;
				if (!cell || !hl_cell_stats(cell, &st))
					continue;
				fprintf(out, "%s\n   ", written++ ? "," : "");
				json_text(out, src->events[e]);
				fprintf(out,
				        ": {\"ranks\": %d, \"sum\": %.17g, \"min\": %.17g, "
				        "\"min_rank\": "
				        "%d, \"max\": %.17g, \"max_rank\": %d, \"mean\": %.17g, "
				        "\"per_rank\": {",
				        st.ranks, st.sum, st.min, st.min_rank, st.max, st.max_rank,
				        st.mean);
				for (int v = 0; v < cell->nvalues; v++)
					fprintf(out, "%s\"%d\": %.17g", v ? ", " : "",
					        cell->ranks[v], cell->values[v]);
				fprintf(out, "}}");
			}
			fprintf(out, "}}");
		}
		fprintf(out, "]}");
	}
	fprintf(out, "\n]}\n");
}

static int differs(double stated, double computed)
{
	return fabs(stated - computed) > 1e-9 * fmax(1.0, fabs(computed));
}

int hl_report_check(FILE *out, const struct hl_report *report)
{
	int problems = 0, checked = 0;
	for (int s = 0; s < report->nsources; s++) {
		const struct hl_source *src = &report->sources[s];
		if (!src->has_aggregate)
			continue;
		for (int i = 0; i < src->ncells; i++) {
			const struct hl_cell *cell = &src->cells[i];
			const char *region = src->regions[cell->region],
			           *event = src->events[cell->event];
			struct hl_stats want, got;
			if (!hl_cell_stats_from_ranks(cell, &want)) {
				fprintf(out, "%s: %s %s: in the aggregate, in no rank's data\n",
				        src->path, region, event);
				problems++;
				continue;
			}
			if (!cell->has_file_stats) {
				fprintf(
				    out,
				    "%s: %s %s: in the ranks' data, missing from the aggregate\n",
				    src->path, region, event);
				problems++;
				continue;
			}
			got = cell->file_stats;
			checked++;
			int bad = (got.ranks >= 0 && got.ranks != want.ranks) ||
			          differs(got.sum, want.sum) || differs(got.min, want.min) ||
			          differs(got.max, want.max) || differs(got.mean, want.mean) ||
			          got.min_rank != want.min_rank || got.max_rank != want.max_rank;
			if (!bad)
				continue;
			problems++;
			fprintf(
			    out,
			    "%s: %s %s: aggregate says ranks %d sum %.17g min %.17g (rank %d) max "
			    "%.17g (rank %d) mean %.17g; the ranks' data give ranks %d sum %.17g "
			    "min "
			    "%.17g (rank %d) max %.17g (rank %d) mean %.17g\n",
			    src->path, region, event, got.ranks, got.sum, got.min, got.min_rank,
			    got.max, got.max_rank, got.mean, want.ranks, want.sum, want.min,
			    want.min_rank, want.max, want.max_rank, want.mean);
		}
	}
	if (!problems)
		fprintf(out, "check: %d aggregate values agree with the per-rank data\n", checked);
	return problems;
}
