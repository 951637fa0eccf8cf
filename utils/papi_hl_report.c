// SPDX-License-Identifier: BSD-3-Clause
// papi_hl_report: reads the high-level API's output (rank files, the
// aggregate) and the PMPI tool's report, prints regions x events with the
// spread across ranks, and writes the same as SVG, JSON or CSV.
#include "hl_report.h"
#include "util_common.h"

#include <string.h>

enum {
	OPT_SVG = 1,
	OPT_JSON,
	OPT_CSV,
	OPT_CHECK,
	OPT_QUIET,
	OPT_HELP,
};

static const struct util_option option_table[] = {
    {OPT_SVG, "-s", "--svg", "FILE", "write the chart (SVG) to FILE ('-': stdout)", NULL},
    {OPT_JSON, "-j", "--json", "FILE", "write the statistics and per-rank values as JSON", NULL},
    {OPT_CSV, "-c", "--csv", "FILE",
     "write CSV, one row per value: source,region,event,statistic,rank,value", NULL},
    {OPT_CHECK, NULL, "--check", NULL,
     "check each aggregate read against the per-rank data beside it; exit 1 if they differ", NULL},
    {OPT_QUIET, "-q", "--quiet", NULL, "do not print the table", NULL},
    {OPT_HELP, "-h", "--help", NULL, "print this help", NULL},
};

static void usage(FILE *out)
{
	fprintf(out,
	        "Usage: %s [options] PATH...\n"
	        "Reads the high-level API's output (a papi_hl_output directory, rank_*.json,\n"
	        "papi_hl_aggregate.json) and the PMPI tool's papi_mpi_report.json, and prints\n"
	        "each region's events: sum, min and max with their ranks, mean, max/mean.\n\n",
	        util_program_name());
	util_options_print(out, option_table, UTIL_ARRAY_LENGTH(option_table));
}

typedef void (*report_writer)(FILE *out, const struct hl_report *report);

static int write_output(const char *path, report_writer writer, const struct hl_report *report)
{
	if (strcmp(path, "-") == 0) {
		writer(stdout, report);
		return fflush(stdout) == 0 ? 0 : -1;
	}
	FILE *out = fopen(path, "w");
	if (!out) {
		fprintf(stderr, "%s: cannot write %s\n", util_program_name(), path);
		return -1;
	}
	writer(out, report);
	if (fclose(out) != 0) {
		fprintf(stderr, "%s: error writing %s\n", util_program_name(), path);
		return -1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	struct util_options options;
	struct hl_report report = {0};
	const char *value, *svg = NULL, *json = NULL, *csv = NULL;
	int id, check = 0, quiet = 0, status = UTIL_EXIT_OK, npaths = 0;
	char error[1024];

	util_options_init(&options, option_table, UTIL_ARRAY_LENGTH(option_table), argc, argv);
	while ((id = util_options_next(&options, &value)) != UTIL_OPTION_END) {
		switch (id) {
		case OPT_SVG:
			svg = value;
			break;
		case OPT_JSON:
			json = value;
			break;
		case OPT_CSV:
			csv = value;
			break;
		case OPT_CHECK:
			check = 1;
			break;
		case OPT_QUIET:
			quiet = 1;
			break;
		case OPT_HELP:
			usage(stdout);
			hl_report_free(&report);
			return UTIL_EXIT_OK;
		case UTIL_OPTION_OPERAND:
			npaths++;
			if (hl_report_read(&report, value, error, sizeof error) != 0) {
				fprintf(stderr, "%s: %s\n", util_program_name(), error);
				hl_report_free(&report);
				return UTIL_EXIT_FAILURE;
			}
			break;
		default:
			hl_report_free(&report);
			return UTIL_EXIT_USAGE;
		}
	}
	if (npaths == 0) {
		hl_report_free(&report);
		return util_usage_error(
		    "no input: name a papi_hl_output directory or a report file");
	}
	// Only one output may go to stdout, and not beside the table.
	int to_stdout =
	    (svg && !strcmp(svg, "-")) + (json && !strcmp(json, "-")) + (csv && !strcmp(csv, "-"));
	if (to_stdout > 1) {
		hl_report_free(&report);
		return util_usage_error(
		    "only one of --svg, --json, --csv can write to stdout ('-')");
	}
	if (!quiet && !to_stdout)
		hl_report_table(stdout, &report);
	if ((svg && write_output(svg, hl_report_svg, &report)) ||
	    (json && write_output(json, hl_report_json, &report)) ||
	    (csv && write_output(csv, hl_report_csv, &report)))
		status = UTIL_EXIT_FAILURE;
	if (check) {
		int with_aggregate = 0;
		for (int s = 0; s < report.nsources; s++)
			with_aggregate += report.sources[s].has_aggregate;
		FILE *out = to_stdout ? stderr : stdout;
		if (!with_aggregate) {
			fprintf(out, "check: no aggregate in the input\n");
			status = UTIL_EXIT_FAILURE;
		} else if (hl_report_check(out, &report) != 0) {
			status = UTIL_EXIT_FAILURE;
		}
	}
	hl_report_free(&report);
	return status;
}
