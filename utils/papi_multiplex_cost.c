// SPDX-License-Identifier: BSD-3-Clause
/* papi_multiplex_cost: what PAPI_start/PAPI_stop pairs and PAPI_read cost on
 * multiplexed event sets, for 1 to N events, with the kernel's multiplexing
 * and with the library's software multiplexer: min, max, mean and standard
 * deviation in cycles (PAPI_get_real_cyc) over THRESHOLD calls each. */
#include <math.h>
#include <stdlib.h>

#include "util_common.h"

#define DEFAULT_THRESHOLD 100000
/* More events than any counter set has, so that multiplexing is exercised. */
#define DEFAULT_MAX_EVENTS 8

enum multiplex_option {
	OPTION_HELP = 1,
	OPTION_MIN,
	OPTION_MAX,
	OPTION_NO_SOFTWARE,
	OPTION_NO_KERNEL,
	OPTION_THRESHOLD,
};

static const struct util_option multiplex_options[] = {
    {OPTION_HELP, "-h", "--help", NULL, "print this help message", NULL},
    {OPTION_MIN, "-m", "--min", "num", "smallest number of events to count (default 1)", NULL},
    {OPTION_MAX, "-x", "--max", "num", "largest number of events to count (default 8)", NULL},
    {OPTION_NO_SOFTWARE, "-s", NULL, NULL, "do not run the software multiplexing test", NULL},
    {OPTION_NO_KERNEL, "-k", NULL, NULL, "do not run the kernel multiplexing test", NULL},
    {OPTION_THRESHOLD, "-t", NULL, "THRESHOLD", "calls timed per figure (default 100000)", NULL},
};

struct cost_settings {
	long min_events;
	long max_events;
	long threshold;
	bool kernel;
	bool software;
};

struct stats {
	double min, max, sum, sum_squares;
	long count;
};

static void stats_add(struct stats *stats, double value)
{
	if (stats->count == 0 || value < stats->min)
		stats->min = value;
	if (stats->count == 0 || value > stats->max)
		stats->max = value;
	stats->sum += value;
	stats->sum_squares += value * value;
	stats->count++;
}

static void stats_print(int events, const struct stats *stats)
{
	double mean = stats->sum / (double)stats->count;
	double variance = stats->sum_squares / (double)stats->count - mean * mean;
	printf("%8d %12.0f %12.0f %12.1f %12.1f\n", events, stats->min, stats->max, mean,
	       sqrt(variance > 0 ? variance : 0));
}

static void print_help(void)
{
	printf("This is the PAPI multiplex cost program.\n"
	       "It measures the cost of PAPI_start/stop pairs and of PAPI_read on\n"
	       "multiplexed event sets, in cycles.\n"
	       "Usage: %s [options]\n"
	       "Options:\n",
	       util_program_name());
	util_options_print(stdout, multiplex_options, UTIL_ARRAY_LENGTH(multiplex_options));
}

/* Up to max native events of component 0 that count alone; returns how many. */
static int find_events(int *codes, int max)
{
	int code, found = 0, set = PAPI_NULL;

	if (PAPI_create_eventset(&set) != PAPI_OK)
		return 0;
	if (util_enum_first(&code, PAPI_NATIVE_MASK, 0)) {
		do {
			if (PAPI_add_event(set, code) != PAPI_OK)
				continue;
			bool counts = PAPI_start(set) == PAPI_OK && PAPI_stop(set, NULL) == PAPI_OK;
			PAPI_remove_event(set, code);
			if (counts)
				codes[found++] = code;
		} while (found < max && util_enum_next(&code, PAPI_ENUM_EVENTS, 0));
	}
	PAPI_destroy_eventset(&set);
	return found;
}

/* A multiplexed set of the first count events; PAPI_NULL after reporting why not. */
static int multiplexed_set(const int *codes, int count, bool software)
{
	int set = PAPI_NULL, result;
	const char *what = "PAPI_create_eventset";

	result = PAPI_create_eventset(&set);
	if (result == PAPI_OK) {
		what = "PAPI_assign_eventset_component";
		result = PAPI_assign_eventset_component(set, 0);
	}
	if (result == PAPI_OK && software) {
		PAPI_option_t option = {
		    .multiplex = {.eventset = set, .ns = 0, .flags = PAPI_MULTIPLEX_FORCE_SW}};
		what = "PAPI_set_opt(PAPI_MULTIPLEX, PAPI_MULTIPLEX_FORCE_SW)";
		result = PAPI_set_opt(PAPI_MULTIPLEX, &option);
	} else if (result == PAPI_OK) {
		what = "PAPI_set_multiplex";
		result = PAPI_set_multiplex(set);
	}
	for (int i = 0; result == PAPI_OK && i < count; i++) {
		what = "PAPI_add_event";
		result = PAPI_add_event(set, codes[i]);
	}
	if (result != PAPI_OK) {
		util_report_error(what, result);
		if (set != PAPI_NULL) {
			PAPI_cleanup_eventset(set);
			PAPI_destroy_eventset(&set);
		}
		return PAPI_NULL;
	}
	return set;
}

/* Times threshold start/stop pairs, then threshold reads of the running set. */
static bool time_set(int set, long threshold, struct stats *start_stop, struct stats *read)
{
	long long *values = calloc(PAPI_MAX_MPX_CTRS, sizeof(*values));
	bool ok = values != NULL;

	for (long i = 0; ok && i < threshold; i++) {
		long long before = PAPI_get_real_cyc();
		ok = PAPI_start(set) == PAPI_OK && PAPI_stop(set, values) == PAPI_OK;
		stats_add(start_stop, (double)(PAPI_get_real_cyc() - before));
	}
	ok = ok && PAPI_start(set) == PAPI_OK;
	for (long i = 0; ok && i < threshold; i++) {
		long long before = PAPI_get_real_cyc();
		ok = PAPI_read(set, values) == PAPI_OK;
		stats_add(read, (double)(PAPI_get_real_cyc() - before));
	}
	if (ok)
		ok = PAPI_stop(set, values) == PAPI_OK;
	free(values);
	return ok;
}

static bool run_mode(const struct cost_settings *settings, const int *codes, int found,
                     bool software)
{
	const char *kind = software ? "software" : "kernel";
	int max = found < settings->max_events ? found : (int)settings->max_events;
	bool ok = true;

	printf("\nMultiplexed PAPI_start/stop and PAPI_read, %s multiplexing, %ld calls each "
	       "(cycles)\n",
	       kind, settings->threshold);
	util_print_rule('-', 60);
	printf("%8s %12s %12s %12s %12s\n", "events", "min", "max", "mean", "std dev");
	struct stats reads[PAPI_MAX_MPX_CTRS] = {{0}};
	printf("PAPI_start/stop:\n");
	for (int count = (int)settings->min_events; ok && count <= max; count++) {
		struct stats start_stop = {0};
		int set = multiplexed_set(codes, count, software);
		if (set == PAPI_NULL)
			return false;
		ok = time_set(set, settings->threshold, &start_stop, &reads[count]);
		if (!ok)
			util_report_error("timing a multiplexed set", PAPI_ESYS);
		else
			stats_print(count, &start_stop);
		PAPI_cleanup_eventset(set);
		PAPI_destroy_eventset(&set);
	}
	printf("PAPI_read:\n");
	for (int count = (int)settings->min_events; ok && count <= max; count++)
		stats_print(count, &reads[count]);
	return ok;
}

static int parse(int argc, char **argv, struct cost_settings *settings)
{
	struct util_options options;
	const char *value;
	int id;

	util_options_init(&options, multiplex_options, UTIL_ARRAY_LENGTH(multiplex_options), argc,
	                  argv);
	while ((id = util_options_next(&options, &value)) != UTIL_OPTION_END) {
		switch (id) {
		case OPTION_HELP:
			print_help();
			return -1;
		case OPTION_MIN:
			if (!util_parse_long(value, 1, PAPI_MAX_MPX_CTRS - 1,
			                     &settings->min_events))
				return util_usage_error("-m needs a number of events, not '%s'",
				                        value);
			break;
		case OPTION_MAX:
			if (!util_parse_long(value, 1, PAPI_MAX_MPX_CTRS - 1,
			                     &settings->max_events))
				return util_usage_error("-x needs a number of events, not '%s'",
				                        value);
			break;
		case OPTION_NO_SOFTWARE:
			settings->software = false;
			break;
		case OPTION_NO_KERNEL:
			settings->kernel = false;
			break;
		case OPTION_THRESHOLD:
			if (!util_parse_long(value, 1, 100000000, &settings->threshold))
				return util_usage_error("-t needs a number of calls, not '%s'",
				                        value);
			break;
		case UTIL_OPTION_OPERAND:
			return util_usage_error("unexpected argument '%s'", value);
		default:
			return UTIL_EXIT_USAGE;
		}
	}
	if (settings->min_events > settings->max_events)
		return util_usage_error("-m %ld is more than -x %ld", settings->min_events,
		                        settings->max_events);
	return UTIL_EXIT_OK;
}

int main(int argc, char **argv)
{
	struct cost_settings settings = {.min_events = 1,
	                                 .max_events = DEFAULT_MAX_EVENTS,
	                                 .threshold = DEFAULT_THRESHOLD,
	                                 .kernel = true,
	                                 .software = true};
	int codes[PAPI_MAX_MPX_CTRS];
	int status = parse(argc, argv, &settings);

	if (status != UTIL_EXIT_OK)
		return status < 0 ? UTIL_EXIT_OK : status;
	if (!util_library_init())
		return UTIL_EXIT_FAILURE;
	int result = PAPI_multiplex_init();
	if (result != PAPI_OK) {
		util_report_error("PAPI_multiplex_init", result);
		PAPI_shutdown();
		return UTIL_EXIT_FAILURE;
	}
	int found = find_events(codes, (int)settings.max_events);
	if (found < settings.min_events) {
		fprintf(stderr, "%s: only %d events of component 0 count here, -m asks for %ld\n",
		        util_program_name(), found, settings.min_events);
		PAPI_shutdown();
		return UTIL_EXIT_FAILURE;
	}
	printf("Events counted:");
	for (int i = 0; i < found; i++) {
		char name[PAPI_MAX_STR_LEN];
		if (PAPI_event_code_to_name(codes[i], name) == PAPI_OK)
			printf(" %s", name);
	}
	printf("\n");
	if (settings.kernel && !run_mode(&settings, codes, found, false))
		status = UTIL_EXIT_FAILURE;
	if (settings.software && !run_mode(&settings, codes, found, true))
		status = UTIL_EXIT_FAILURE;
	PAPI_shutdown();
	return status;
}
