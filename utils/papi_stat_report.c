/* papi_stat's report: human (perf stat's layout), CSV or JSON. With several
 * runs each value is the mean, with its standard deviation. */
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
				grouped(value, sizeof(value), run->tasks[t].values[e]);
				fprintf(out, "  %16s-%-7d %20s      %s\n", run->tasks[t].comm,
				        (int)run->tasks[t].tid, value, report->names[e]);
			}
		}
		fputc('\n', out);
	}
	for (int e = 0; e < report->event_count; e++) {
		struct summary s = summarize(report, e);
		char value[48];
		grouped(value, sizeof(value), (long long)(s.mean + 0.5));
		fprintf(out, " %20s      %-32s", value, report->names[e]);
		if (report->runs > 1 && s.mean != 0)
			fprintf(out, " ( +- %5.2f%% )", 100.0 * s.stddev / s.mean);
		if (report->multiplexed)
			fprintf(out, "  (multiplexed: scaled estimate)");
		fputc('\n', out);
	}
	fprintf(out, "\n %20.9f seconds time elapsed\n", mean_elapsed_s(report));
	if (report->multiplexed)
		fprintf(out, "\n The events did not fit the counters together: each counted part "
		             "of the time, values are scaled.\n");
	fputc('\n', out);
}

/* value SEP event SEP exact|scaled [SEP stddev]; per thread: comm-tid first. */
static void print_csv(const struct stat_report *report)
{
	FILE *out = report->out;
	const char *sep = report->separator;
	const char *kind = report->multiplexed ? "scaled" : "exact";
	if (report->per_thread && report->runs == 1) {
		const struct stat_run *run = &report->results[0];
		for (int t = 0; t < run->task_count; t++)
			for (int e = 0; e < report->event_count; e++)
				fprintf(out, "%s-%d%s%lld%s%s%s%s\n", run->tasks[t].comm,
				        (int)run->tasks[t].tid, sep, run->tasks[t].values[e], sep,
				        report->names[e], sep, kind);
	}
	for (int e = 0; e < report->event_count; e++) {
		struct summary s = summarize(report, e);
		fprintf(out, "%.0f%s%s%s%s", s.mean, sep, report->names[e], sep, kind);
		if (report->runs > 1)
			fprintf(out, "%s%.0f", sep, s.stddev);
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
