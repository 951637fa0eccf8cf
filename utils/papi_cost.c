// SPDX-License-Identifier: BSD-3-Clause
/* papi_cost: what the basic PAPI operations cost (start/stop, read, read_ts,
 * accum, reset, derived reads), in cycles and nanoseconds, as min / max /
 * mean / standard deviation over many iterations. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "util_common.h"

enum cost_option {
	OPTION_HELP = 1,
	OPTION_BINS,
	OPTION_DISTRIBUTION,
	OPTION_PERCENTILES,
	OPTION_STD_DEVIATIONS,
	OPTION_THRESHOLD,
};

static const struct util_option cost_options[] = {
    {OPTION_BINS, "-b", NULL, "BINS",
     "set the number of bins for the graphical distribution of costs. Default: 100", NULL},
    {OPTION_DISTRIBUTION, "-d", NULL, NULL, "show a graphical distribution of costs", NULL},
    {OPTION_HELP, "-h", "--help", NULL, "print this help message", NULL},
    {OPTION_PERCENTILES, "-p", NULL, NULL,
     "print 25/50/75th percentile results for making boxplots", NULL},
    {OPTION_STD_DEVIATIONS, "-s", NULL, NULL,
     "show number of iterations above the first 10 std deviations", NULL},
    {OPTION_THRESHOLD, "-t", NULL, "THRESHOLD",
     "set the threshold for the number of iterations. Default: 1,000,000", NULL},
};

#define DEFAULT_BINS       100
#define MAX_BINS           10000
#define DEFAULT_ITERATIONS 1000000
#define MAX_ITERATIONS     100000000
#define MAX_COUNTED_EVENTS 2
/* Widest bar of the -d histogram, in stars. */
#define HISTOGRAM_WIDTH 60

struct cost_settings {
	int bins;
	bool show_distribution;
	bool show_percentiles;
	bool show_std_deviations;
	long iterations;
};

enum cost_operation {
	COST_LOOP, /* two timer reads and nothing between: the floor */
	COST_START_STOP,
	COST_READ,
	COST_READ_TS,
	COST_ACCUM,
	COST_RESET,
};

/* Samples of one test, in cycles of PAPI_get_real_cyc. */
struct cost_samples {
	long long *cycles;
	long count;
	double nanoseconds_per_cycle; /* measured over the whole test */
};

static void print_help(void)
{
	printf("This is the PAPI cost program.\n"
	       "It computes min / max / mean / std. deviation for PAPI start/stop pairs; for PAPI "
	       "reads, and for PAPI_accums.  Usage:\n\n"
	       "    %s [options] [parameters]\n"
	       "    %s TESTS_QUIET\n\n"
	       "Options:\n",
	       util_program_name(), util_program_name());
	util_options_print(stdout, cost_options, UTIL_ARRAY_LENGTH(cost_options));
	printf("\nIt counts PAPI_TOT_CYC and PAPI_TOT_INS where they exist, else software\n"
	       "events such as perf::TASK-CLOCK, so it also runs without a hardware PMU.\n");
}

static bool parse_command_line(int argc, char **argv, struct cost_settings *settings,
                               int *exit_status)
{
	struct util_options options;
	const char *value;
	long number;
	int option;

	util_options_init(&options, cost_options, UTIL_ARRAY_LENGTH(cost_options), argc, argv);
	while ((option = util_options_next(&options, &value)) != UTIL_OPTION_END) {
		switch (option) {
		case OPTION_HELP:
			print_help();
			*exit_status = UTIL_EXIT_OK;
			return false;
		case OPTION_BINS:
			if (!util_parse_long(value, 1, MAX_BINS, &number)) {
				*exit_status =
				    util_usage_error("-b needs a bin count from 1 to %d", MAX_BINS);
				return false;
			}
			settings->bins = (int)number;
			break;
		case OPTION_DISTRIBUTION:
			settings->show_distribution = true;
			break;
		case OPTION_PERCENTILES:
			settings->show_percentiles = true;
			break;
		case OPTION_STD_DEVIATIONS:
			settings->show_std_deviations = true;
			break;
		case OPTION_THRESHOLD:
			if (!util_parse_long(value, 1, MAX_ITERATIONS, &number)) {
				*exit_status = util_usage_error(
				    "-t needs an iteration count from 1 to %d", MAX_ITERATIONS);
				return false;
			}
			settings->iterations = number;
			break;
		case UTIL_OPTION_OPERAND:
			/* PAPI's test scripts pass TESTS_QUIET to every program. */
			if (strcmp(value, "TESTS_QUIET") == 0)
				break;
			*exit_status = util_usage_error("unexpected argument '%s'", value);
			return false;
		default:
			*exit_status = UTIL_EXIT_USAGE;
			return false;
		}
	}
	return true;
}

/* ------------------------------------------------------------------------
 * Events to count
 * ------------------------------------------------------------------------ */

/* Tried in order until two are counting. Software events come last so a
 * machine without a hardware PMU is measured too. */
static const char *const candidate_events[] = {
    "PAPI_TOT_CYC",     "PAPI_TOT_INS",      "PAPI_TOT_IIS",
    "perf::TASK-CLOCK", "perf::PAGE-FAULTS", "perf::CPU-CLOCK",
};

/* Any one native event that counts, for machines where none of the
 * candidates does (say, only msr::tsc). Returns its name, or NULL. */
static const char *add_any_native_event(int event_set, char *name, size_t name_len)
{
	int components = PAPI_num_components();

	for (int cidx = 0; cidx < components; cidx++) {
		const PAPI_component_info_t *component = util_component_info(cidx);
		int code;

		if (component == NULL || component->disabled ||
		    !util_enum_first(&code, PAPI_NATIVE_MASK, cidx))
			continue;
		do {
			PAPI_event_info_t info;

			if (PAPI_get_event_info(code, &info) == PAPI_OK &&
			    PAPI_add_event(event_set, code) == PAPI_OK) {
				snprintf(name, name_len, "%s", info.symbol);
				return name;
			}
		} while (util_enum_next(&code, PAPI_ENUM_EVENTS, cidx));
	}
	return NULL;
}

/* Adds up to MAX_COUNTED_EVENTS events, the candidates first; returns how
 * many, with their names. */
static int add_counted_events(int event_set, const char **added_names, char *fallback_name,
                              size_t fallback_len)
{
	char reasons[UTIL_ARRAY_LENGTH(candidate_events)][UTIL_REASON_LEN];
	int added = 0;
	size_t tried;

	for (tried = 0; tried < UTIL_ARRAY_LENGTH(candidate_events) && added < MAX_COUNTED_EVENTS;
	     tried++) {
		int result = PAPI_add_named_event(event_set, candidate_events[tried]);

		if (result == PAPI_OK) {
			added_names[added++] = candidate_events[tried];
			continue;
		}
		util_last_reason(reasons[tried], sizeof(reasons[tried]));
		if (reasons[tried][0] == '\0')
			snprintf(reasons[tried], sizeof(reasons[tried]), "%s",
			         util_error_text(result));
	}
	if (added > 0)
		return added;
	added_names[0] = add_any_native_event(event_set, fallback_name, fallback_len);
	if (added_names[0] != NULL)
		return 1;
	fprintf(stderr, "%s: no event can be counted here; these were tried first:\n",
	        util_program_name());
	for (size_t i = 0; i < tried; i++)
		fprintf(stderr, "  %s: %s\n", candidate_events[i], reasons[i]);
	return 0;
}

/* The first available preset whose derived type is one of the given ones. */
static bool find_derived_preset(const char *const *types, size_t type_count, int *found)
{
	int code;

	if (!util_enum_first(&code, PAPI_PRESET_MASK, -1))
		return false;
	do {
		PAPI_event_info_t info;

		if (PAPI_query_event(code) != PAPI_OK ||
		    PAPI_get_event_info(code, &info) != PAPI_OK)
			continue;
		for (size_t i = 0; i < type_count; i++) {
			if (strcmp(info.derived, types[i]) == 0) {
				*found = code;
				return true;
			}
		}
	} while (util_enum_next(&code, PAPI_PRESET_ENUM_AVAIL, -1));
	return false;
}

/* ------------------------------------------------------------------------
 * Measuring
 * ------------------------------------------------------------------------ */

/* One timed call of operation; returns its PAPI result. */
static int timed_operation(enum cost_operation operation, int event_set, long long *values,
                           long long *cycles)
{
	long long timestamp, before = PAPI_get_real_cyc();
	int result = PAPI_OK;

	switch (operation) {
	case COST_LOOP:
		break;
	case COST_START_STOP:
		result = PAPI_start(event_set);
		if (result == PAPI_OK)
			result = PAPI_stop(event_set, values);
		break;
	case COST_READ:
		result = PAPI_read(event_set, values);
		break;
	case COST_READ_TS:
		result = PAPI_read_ts(event_set, values, &timestamp);
		break;
	case COST_ACCUM:
		result = PAPI_accum(event_set, values);
		break;
	case COST_RESET:
		result = PAPI_reset(event_set);
		break;
	}
	*cycles = PAPI_get_real_cyc() - before;
	return result;
}

static const char *operation_name(enum cost_operation operation)
{
	switch (operation) {
	case COST_LOOP:
		return "loop latency";
	case COST_START_STOP:
		return "PAPI_start/stop";
	case COST_READ:
		return "PAPI_read";
	case COST_READ_TS:
		return "PAPI_read_ts";
	case COST_ACCUM:
		return "PAPI_accum";
	case COST_RESET:
		return "PAPI_reset";
	}
	return "?";
}

/* Times operation samples->count times; the event set runs around it unless
 * the operation starts and stops it itself. Returns PAPI_OK or the error. */
static int measure(enum cost_operation operation, int event_set, struct cost_samples *samples)
{
	long long values[PAPI_MAX_INFO_TERMS] = {0};
	bool keep_running = operation != COST_LOOP && operation != COST_START_STOP;
	long long start_cycles, start_nanoseconds, elapsed_cycles;
	int result;

	if (keep_running) {
		result = PAPI_start(event_set);
		if (result != PAPI_OK) {
			util_report_error("PAPI_start", result);
			return result;
		}
	}
	start_nanoseconds = PAPI_get_real_nsec();
	start_cycles = PAPI_get_real_cyc();
	for (long i = 0; i < samples->count; i++) {
		result = timed_operation(operation, event_set, values, &samples->cycles[i]);
		if (result != PAPI_OK) {
			util_report_error(operation_name(operation), result);
			if (keep_running)
				PAPI_stop(event_set, values);
			return result;
		}
	}
	elapsed_cycles = PAPI_get_real_cyc() - start_cycles;
	samples->nanoseconds_per_cycle =
	    elapsed_cycles > 0
	        ? (double)(PAPI_get_real_nsec() - start_nanoseconds) / (double)elapsed_cycles
	        : 0.0;
	if (keep_running) {
		result = PAPI_stop(event_set, values);
		if (result != PAPI_OK) {
			util_report_error("PAPI_stop", result);
			return result;
		}
	}
	return PAPI_OK;
}

/* ------------------------------------------------------------------------
 * Reporting
 * ------------------------------------------------------------------------ */

struct cost_statistics {
	long long minimum, maximum;
	double mean, std_deviation;
};

static struct cost_statistics compute_statistics(const struct cost_samples *samples)
{
	struct cost_statistics statistics = {samples->cycles[0], samples->cycles[0], 0.0, 0.0};
	double sum = 0.0, squares = 0.0;

	for (long i = 0; i < samples->count; i++) {
		long long cycles = samples->cycles[i];

		if (cycles < statistics.minimum)
			statistics.minimum = cycles;
		if (cycles > statistics.maximum)
			statistics.maximum = cycles;
		sum += (double)cycles;
	}
	statistics.mean = sum / (double)samples->count;
	for (long i = 0; i < samples->count; i++) {
		double deviation = (double)samples->cycles[i] - statistics.mean;

		squares += deviation * deviation;
	}
	statistics.std_deviation = sqrt(squares / (double)samples->count);
	return statistics;
}

static void print_std_deviations(const struct cost_samples *samples,
                                 const struct cost_statistics *statistics)
{
	int buckets[10] = {0};

	for (long i = 0; i < samples->count && statistics->std_deviation > 0.0; i++) {
		double above =
		    ((double)samples->cycles[i] - statistics->mean) / statistics->std_deviation;

		if (above >= 0.0 && above < 10.0)
			buckets[(int)above]++;
	}
	printf("\n              --------# Standard Deviations Above the Mean--------\n");
	printf(
	    "0-------1-------2-------3-------4-------5-------6-------7-------8-------9-----10\n");
	for (int i = 0; i < 10; i++)
		printf("  %d\t", buckets[i]);
	printf("\n\n");
}

static void print_distribution(const struct cost_samples *samples,
                               const struct cost_statistics *statistics, int bins)
{
	int *counts = calloc((size_t)bins, sizeof(*counts));
	double bin_width = (double)(statistics->maximum - statistics->minimum + 1) / bins;
	int largest = 0;

	if (counts == NULL) {
		fprintf(stderr, "%s: out of memory for the distribution\n", util_program_name());
		return;
	}
	for (long i = 0; i < samples->count; i++) {
		int bin = (int)((double)(samples->cycles[i] - statistics->minimum) / bin_width);

		counts[bin < bins ? bin : bins - 1]++;
	}
	for (int bin = 0; bin < bins; bin++) {
		if (counts[bin] > largest)
			largest = counts[bin];
	}
	printf("\nCost distribution profile\n\n");
	for (int bin = 0; bin < bins; bin++) {
		/* Scaled to the largest bin, so a million samples still fit a line. */
		int stars =
		    largest > 0 ? (int)((long long)counts[bin] * HISTOGRAM_WIDTH / largest) : 0;

		printf("%8lld:", statistics->minimum + (long long)(bin * bin_width));
		for (int star = 0; star < stars; star++)
			putchar('*');
		if (counts[bin] > 0)
			printf(" %d", counts[bin]);
		printf("\n");
	}
	free(counts);
}

static int compare_cycles(const void *left, const void *right)
{
	long long a = *(const long long *)left, b = *(const long long *)right;

	return (a > b) - (a < b);
}

static void print_percentiles(const struct cost_samples *samples)
{
	long long *sorted = malloc((size_t)samples->count * sizeof(*sorted));
	static const int percentiles[] = {25, 50, 75};

	if (sorted == NULL) {
		fprintf(stderr, "%s: out of memory for the percentiles\n", util_program_name());
		return;
	}
	memcpy(sorted, samples->cycles, (size_t)samples->count * sizeof(*sorted));
	qsort(sorted, (size_t)samples->count, sizeof(*sorted), compare_cycles);
	printf("\n");
	for (size_t i = 0; i < UTIL_ARRAY_LENGTH(percentiles); i++)
		printf("%dth percentile cycles: %lld\n", percentiles[i],
		       sorted[(samples->count - 1) * percentiles[i] / 100]);
	free(sorted);
}

static void report(const char *test_name, const struct cost_samples *samples,
                   const struct cost_settings *settings)
{
	struct cost_statistics statistics = compute_statistics(samples);
	double to_ns = samples->nanoseconds_per_cycle;

	printf("\nTotal cost for %s over %ld iterations\n", test_name, samples->count);
	printf("min cycles   : %lld\nmax cycles   : %lld\nmean cycles  : %lf\nstd deviation: %lf\n",
	       statistics.minimum, statistics.maximum, statistics.mean, statistics.std_deviation);
	printf("min ns       : %.1f\nmax ns       : %.1f\nmean ns      : %.1f\n",
	       (double)statistics.minimum * to_ns, (double)statistics.maximum * to_ns,
	       statistics.mean * to_ns);
	if (settings->show_percentiles)
		print_percentiles(samples);
	if (settings->show_std_deviations)
		print_std_deviations(samples, &statistics);
	if (settings->show_distribution)
		print_distribution(samples, &statistics, settings->bins);
}

/* Measures and reports one operation; returns false if it failed. */
static bool run_test(enum cost_operation operation, int event_set, int counter_count,
                     struct cost_samples *samples, const struct cost_settings *settings)
{
	char test_name[96];

	if (measure(operation, event_set, samples) != PAPI_OK)
		return false;
	if (operation == COST_LOOP)
		snprintf(test_name, sizeof(test_name), "%s", operation_name(operation));
	else
		snprintf(test_name, sizeof(test_name), "%s (%d counter%s)",
		         operation_name(operation), counter_count, counter_count == 1 ? "" : "s");
	report(test_name, samples, settings);
	return true;
}

/* PAPI_read of one derived preset, when the machine has one of the kind. */
static bool run_derived_test(int event_set, const char *kind, const char *const *types,
                             size_t type_count, struct cost_samples *samples,
                             const struct cost_settings *settings)
{
	PAPI_event_info_t info;
	char test_name[PAPI_MAX_STR_LEN];
	int code, result;

	if (!find_derived_preset(types, type_count, &code) ||
	    PAPI_get_event_info(code, &info) != PAPI_OK) {
		printf("\n\tI was unable to find a %s preset event to test on this architecture, "
		       "skipping.\n",
		       kind);
		return true;
	}
	printf("\nPerforming %s PAPI_read(%u counters)  test (%s)...", kind, info.count,
	       info.symbol);
	result = PAPI_add_event(event_set, code);
	if (result == PAPI_OK)
		result = measure(COST_READ, event_set, samples);
	if (result != PAPI_OK) {
		printf("\n");
		util_report_error(info.symbol, result);
		PAPI_remove_event(event_set, code);
		/* A preset the counters cannot hold here is not a cost failure. */
		if (result == PAPI_ECNFLCT || result == PAPI_ENOEVNT || result == PAPI_ENOCNTR) {
			printf("\tskipping the %s test.\n", kind);
			return true;
		}
		return false;
	}
	snprintf(test_name, sizeof(test_name), "PAPI_read (1 %s counter)", kind);
	report(test_name, samples, settings);
	return PAPI_remove_event(event_set, code) == PAPI_OK;
}

static int run_all_tests(int event_set, int counter_count, struct cost_samples *samples,
                         const struct cost_settings *settings)
{
	static const struct {
		enum cost_operation operation;
		const char *announcement;
	} tests[] = {
	    {COST_LOOP, "loop latency"}, {COST_START_STOP, "start/stop"},
	    {COST_READ, "read"},         {COST_READ_TS, "read with timestamp"},
	    {COST_ACCUM, "accum"},       {COST_RESET, "reset"},
	};
	static const char *const postfix_types[] = {"DERIVED_POSTFIX"};
	static const char *const add_sub_types[] = {"DERIVED_ADD", "DERIVED_SUB"};
	int derived_set = PAPI_NULL, result;
	bool passed;

	for (size_t i = 0; i < UTIL_ARRAY_LENGTH(tests); i++) {
		printf("\nPerforming %s test...\n", tests[i].announcement);
		if (!run_test(tests[i].operation, event_set, counter_count, samples, settings))
			return UTIL_EXIT_FAILURE;
	}

	/* Derived presets get a set of their own: they may not fit with the others. */
	result = PAPI_create_eventset(&derived_set);
	if (result != PAPI_OK) {
		util_report_error("PAPI_create_eventset", result);
		return UTIL_EXIT_FAILURE;
	}
	passed = run_derived_test(derived_set, "DERIVED_POSTFIX", postfix_types,
	                          UTIL_ARRAY_LENGTH(postfix_types), samples, settings) &&
	         run_derived_test(derived_set, "DERIVED_[ADD|SUB]", add_sub_types,
	                          UTIL_ARRAY_LENGTH(add_sub_types), samples, settings);
	PAPI_cleanup_eventset(derived_set);
	PAPI_destroy_eventset(&derived_set);
	return passed ? UTIL_EXIT_OK : UTIL_EXIT_FAILURE;
}

int main(int argc, char **argv)
{
	struct cost_settings settings = {DEFAULT_BINS, false, false, false, DEFAULT_ITERATIONS};
	struct cost_samples samples = {NULL, 0, 0.0};
	const char *counted_names[MAX_COUNTED_EVENTS];
	char fallback_name[PAPI_HUGE_STR_LEN];
	int event_set = PAPI_NULL, status = UTIL_EXIT_OK, counter_count, result;

	if (!parse_command_line(argc, argv, &settings, &status))
		return status;

	printf("Cost of execution for PAPI start/stop, read and accum.\n"
	       "This test takes a while. Please be patient...\n");
	if (!util_library_init())
		return UTIL_EXIT_FAILURE;
	result = PAPI_create_eventset(&event_set);
	if (result != PAPI_OK) {
		util_report_error("PAPI_create_eventset", result);
		PAPI_shutdown();
		return UTIL_EXIT_FAILURE;
	}
	counter_count =
	    add_counted_events(event_set, counted_names, fallback_name, sizeof(fallback_name));
	samples.count = settings.iterations;
	samples.cycles = malloc((size_t)samples.count * sizeof(*samples.cycles));
	if (counter_count == 0) {
		status = UTIL_EXIT_FAILURE;
	} else if (samples.cycles == NULL) {
		fprintf(stderr, "%s: no memory for %ld samples\n", util_program_name(),
		        samples.count);
		status = UTIL_EXIT_FAILURE;
	} else {
		printf("Counting: %s%s%s\n", counted_names[0], counter_count > 1 ? ", " : "",
		       counter_count > 1 ? counted_names[1] : "");
		status = run_all_tests(event_set, counter_count, &samples, &settings);
	}
	free(samples.cycles);
	PAPI_cleanup_eventset(event_set);
	PAPI_destroy_eventset(&event_set);
	PAPI_shutdown();
	return status;
}
