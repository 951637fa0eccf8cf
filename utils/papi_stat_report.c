// SPDX-License-Identifier: BSD-3-Clause
/* papi_stat's report: human (perf stat's layout), CSV or JSON. With several
 * runs each value is the mean, with its standard deviation. Each event's
 * share of its enabled time that it counted (over all runs) goes with it:
 * as perf stat, "(63.41%)" after a scaled value and "<not counted>" for an
 * event that never counted; a field at the end of CSV and JSON lines. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "papi_stat.h"

struct summary {
	double mean;
	double stddev;
};

static struct summary summarize(const struct stat_report *report, int event)
{
	struct summary s = {0, 0};
	for (int r = 0; r < report->runs; r++)
		s.mean += (double)report->results[r].values[event];
	s.mean /= report->runs;
	if (report->runs > 1) {
		double squares = 0;
		for (int r = 0; r < report->runs; r++) {
			double d = (double)report->results[r].values[event] - s.mean;
			squares += d * d;
		}
		s.stddev = sqrt(squares / (report->runs - 1));
	}
	return s;
}

/* Running / enabled of event e over these times, or -1 when unknown. An
 * event enabled for no time at all counted nothing: 0. */
static double times_fraction(const struct stat_times *times, int e)
{
	if (times->enabled_ns[e] < 0 || times->running_ns[e] < 0)
		return -1;
	if (times->enabled_ns[e] == 0 || times->running_ns[e] == 0)
		return 0;
	double fraction = (double)times->running_ns[e] / (double)times->enabled_ns[e];
	return fraction > 1 ? 1 : fraction;
}

/* times_fraction over all runs. */
static double counted_fraction(const struct stat_report *report, int e)
{
	struct stat_times total;
	total.enabled_ns[e] = total.running_ns[e] = 0;
	for (int r = 0; r < report->runs; r++) {
		const struct stat_times *times = &report->results[r].times;
		if (times->enabled_ns[e] < 0 || times->running_ns[e] < 0)
			return -1;
		total.enabled_ns[e] += times->enabled_ns[e];
		total.running_ns[e] += times->running_ns[e];
	}
	return times_fraction(&total, e);
}

/* The fraction for CSV and JSON: 4 decimals, empty (CSV) or null (JSON)
 * when unknown. */
static void print_fraction(FILE *out, double fraction, const char *unknown)
{
	if (fraction < 0)
		fputs(unknown, out);
	else
		fprintf(out, "%.4f", fraction);
}

/* perf stat's mark after a value: "  (63.41%)" below 100%, else nothing. */
static void print_share(FILE *out, double fraction)
{
	if (fraction > 0 && fraction < 1)
		fprintf(out, "  (%.2f%%)", 100.0 * fraction);
}

static double mean_elapsed_s(const struct stat_report *report)
{
	double total = 0;
	for (int r = 0; r < report->runs; r++)
		total += (double)report->results[r].elapsed_ns;
	return total / report->runs / 1e9;
}

/* 1234567 -> "1,234,567" */
static void grouped(char *out, size_t len, long long value)
{
	char digits[32];
	snprintf(digits, sizeof(digits), "%lld", value < 0 ? -value : value);
	size_t n = strlen(digits), o = 0;
	if (value < 0 && o + 1 < len)
		out[o++] = '-';
	for (size_t i = 0; i < n && o + 2 < len; i++) {
		out[o++] = digits[i];
		if ((n - i - 1) % 3 == 0 && i + 1 < n)
			out[o++] = ',';
	}
	out[o] = '\0';
}

static void json_string(FILE *out, const char *text)
{
	fputc('"', out);
	for (const char *c = text; *c; c++) {
		if (*c == '"' || *c == '\\')
			fprintf(out, "\\%c", *c);
		else if ((unsigned char)*c < 0x20)
			fprintf(out, "\\u%04x", *c);
		else
			fputc(*c, out);
	}
	fputc('"', out);
}

static void print_command(FILE *out, char *const *command, bool json)
{
	for (int i = 0; command[i]; i++) {
		fprintf(out, "%s", i ? (json ? ", " : " ") : "");
		if (json)
			json_string(out, command[i]);
		else
			fputs(command[i], out);
	}
}

static void print_human(const struct stat_report *report)
{
	FILE *out = report->out;
	fprintf(out, "\n Performance counter stats for '");
	print_command(out, report->command, false);
	fprintf(out, "'%s", report->runs > 1 ? "" : ":\n\n");
	if (report->runs > 1)
		fprintf(out, " (%d runs):\n\n", report->runs);
	if (report->per_thread && report->runs == 1) {
		const struct stat_run *run = &report->results[0];
		for (int t = 0; t < run->task_count; t++) {
			for (int e = 0; e < report->event_count; e++) {
				char value[48];
				double fraction = times_fraction(&run->tasks[t].times, e);
				if (fraction == 0)
					snprintf(value, sizeof(value), "<not counted>");
				else
					grouped(value, sizeof(value), run->tasks[t].values[e]);
				fprintf(out, "  %16s-%-7d %20s      %s", run->tasks[t].comm,
				        (int)run->tasks[t].tid, value, report->names[e]);
				print_share(out, fraction);
				fputc('\n', out);
			}
		}
		fputc('\n', out);
	}
	for (int e = 0; e < report->event_count; e++) {
		struct summary s = summarize(report, e);
		double fraction = counted_fraction(report, e);
		char value[48];
		if (fraction == 0) {
			fprintf(out, " %20s      %s\n", "<not counted>", report->names[e]);
			continue;
		}
		grouped(value, sizeof(value), (long long)(s.mean + 0.5));
		fprintf(out, " %20s      %-32s", value, report->names[e]);
		if (report->runs > 1 && s.mean != 0)
			fprintf(out, " ( +- %5.2f%% )", 100.0 * s.stddev / s.mean);
		if (fraction < 0 && report->multiplexed)
			fprintf(out, "  (multiplexed: scaled estimate)");
		print_share(out, fraction);
		fputc('\n', out);
	}
	fprintf(out, "\n %20.9f seconds time elapsed\n", mean_elapsed_s(report));
	if (report->multiplexed)
		fprintf(out,
		        "\n Multiplexed (%s): an event marked (NN.NN%%) counted that share of the "
		        "time,\n its value is scaled to the whole.\n",
		        report->multiplex_forced ? "--multiplex"
		                                 : "the events did not fit the counters together");
	fputc('\n', out);
}

/* value SEP event SEP exact|scaled [SEP stddev] SEP counted; per thread:
 * comm-tid first, no stddev. counted: the fraction of its enabled time the
 * event counted, 0.0000 to 1.0000 (empty if unknown); 0 means the value is
 * "<not counted>". */
static void print_csv(const struct stat_report *report)
{
	FILE *out = report->out;
	const char *sep = report->separator;
	const char *kind = report->multiplexed ? "scaled" : "exact";
	if (report->per_thread && report->runs == 1) {
		const struct stat_run *run = &report->results[0];
		for (int t = 0; t < run->task_count; t++)
			for (int e = 0; e < report->event_count; e++) {
				fprintf(out, "%s-%d%s%lld%s%s%s%s%s", run->tasks[t].comm,
				        (int)run->tasks[t].tid, sep, run->tasks[t].values[e], sep,
				        report->names[e], sep, kind, sep);
				print_fraction(out, times_fraction(&run->tasks[t].times, e), "");
				fputc('\n', out);
			}
	}
	for (int e = 0; e < report->event_count; e++) {
		struct summary s = summarize(report, e);
		fprintf(out, "%.0f%s%s%s%s", s.mean, sep, report->names[e], sep, kind);
		if (report->runs > 1)
			fprintf(out, "%s%.0f", sep, s.stddev);
		fputs(sep, out);
		print_fraction(out, counted_fraction(report, e), "");
		fputc('\n', out);
	}
}

static void print_json(const struct stat_report *report)
{
	FILE *out = report->out;
	const struct stat_run *last = &report->results[report->runs - 1];
	fprintf(out, "{\n  \"command\": [");
	print_command(out, report->command, true);
	fprintf(out, "],\n  \"runs\": %d,\n  \"exit_status\": %d,\n  \"elapsed_seconds\": %.9f,\n",
	        report->runs, last->exit_status, mean_elapsed_s(report));
	fprintf(out, "  \"multiplexed\": %s,\n  \"events\": [\n",
	        report->multiplexed ? "true" : "false");
	for (int e = 0; e < report->event_count; e++) {
		struct summary s = summarize(report, e);
		fprintf(out, "    {\"event\": ");
		json_string(out, report->names[e]);
		fprintf(out, ", \"value\": %.0f, \"scaled\": %s", s.mean,
		        report->multiplexed ? "true" : "false");
		if (report->runs > 1)
			fprintf(out, ", \"stddev\": %.1f", s.stddev);
		fprintf(out, ", \"counted\": ");
		print_fraction(out, counted_fraction(report, e), "null");
		fprintf(out, "}%s\n", e + 1 < report->event_count ? "," : "");
	}
	fprintf(out, "  ]");
	if (report->per_thread && report->runs == 1) {
		fprintf(out, ",\n  \"threads\": [\n");
		for (int t = 0; t < last->task_count; t++) {
			fprintf(out, "    {\"tid\": %d, \"comm\": ", (int)last->tasks[t].tid);
			json_string(out, last->tasks[t].comm);
			fprintf(out, ", \"values\": {");
			for (int e = 0; e < report->event_count; e++) {
				fprintf(out, "%s", e ? ", " : "");
				json_string(out, report->names[e]);
				fprintf(out, ": %lld", last->tasks[t].values[e]);
			}
			fprintf(out, "}}%s\n", t + 1 < last->task_count ? "," : "");
		}
		fprintf(out, "  ]");
	}
	fprintf(out, "\n}\n");
}

void stat_print(const struct stat_report *report)
{
	switch (report->format) {
	case STAT_CSV:
		print_csv(report);
		break;
	case STAT_JSON:
		print_json(report);
		break;
	default:
		print_human(report);
		break;
	}
}
