// SPDX-License-Identifier: BSD-3-Clause
/* Event naming on every PMU model the installed libpfm4 can force
 * (LIBPFM_FORCE_PMU), not only the one of the machine that runs the test: a
 * CPU nobody here has seen must not be the first to find that enumeration
 * and name resolution disagree. Every listed name of each model goes
 * through the round trips of names_walk.c.
 *
 * libpfm4 4.13 cannot be initialised twice in one process (pfm_terminate
 * leaves earlier PMUs active, and a later pfm_terminate frees twice), so
 * each model runs in a child process of its own, forked from a parent that
 * never initialised it, and reports its counts and failures through a pipe.
 * On x86_64 that is every Intel and AMD table; in the lab's guests, every
 * arm64 or POWER one. */
#include <errno.h>
#include <perfmon/pfmlib.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <CUnit/Basic.h>

#include "papi.h"
#include "names_walk.h"
#include "unit_assert.h"

/* A child reports at most this many failures: the first ones tell the story. */
#define REPORTED_FAILURES 20
#define LINE_LEN          (PAPI_HUGE_STR_LEN * 3)

static char **model_names;
static int model_count;

/* Tables this test must have forced, so that a libpfm4 that stopped
 * forcing (or a walk that found nothing) cannot pass unnoticed: the models
 * of the CPUs CI and the lab run on, and a few generations around them. */
static const char *const required_models[] = {
#if defined(__x86_64__) || defined(__i386__)
    "perf", "amd64_fam17h_zen2", "amd64_fam19h_zen3", "amd64_fam19h_zen4", "skx", "icl", "spr",
#elif defined(__aarch64__)
    "perf",
    "arm_ac57",
    "arm_n1",
#elif defined(__powerpc64__)
    "perf",
    "power8",
    "power9",
    "power10",
#else
    "perf",
#endif
};

/* ---- in the child ------------------------------------------------------- */

struct child_report {
	FILE *pipe;
	int reported;
};

static void fail_to_parent(void *context, unsigned line, const char *message)
{
	struct child_report *report = context;
	if (report->reported++ < REPORTED_FAILURES)
		fprintf(report->pipe, "FAIL %u %s\n", line, message);
}

/* Is the libpfm4 PMU called name present (after forcing it)? */
static bool pmu_present(const char *name)
{
	for (int pmu = 0; pmu < PFM_PMU_MAX; pmu++) {
		pfm_pmu_info_t info;
		memset(&info, 0, sizeof(info));
		info.size = sizeof(info);
		if (pfm_get_pmu_info((pfm_pmu_t)pmu, &info) == PFM_SUCCESS && info.is_present &&
		    strcmp(info.name, name) == 0)
			return info.nevents > 0;
	}
	return false;
}

/* Forces model, checks every listed name, writes "DONE events names
 * incomplete unsupported failures" (or "ABSENT" when libpfm4 cannot bring
 * the model up alone: an uncore table that needs its core PMU; "EMPTY" when
 * the component then lists nothing). */
static int check_model_in_child(const char *model, FILE *pipe)
{
	setenv("LIBPFM_FORCE_PMU", model, 1);
	int version = PAPI_library_init(PAPI_VER_CURRENT);
	if (version != PAPI_VER_CURRENT) {
		fprintf(pipe, "FAIL %d PAPI_library_init gives %d: %s\n", __LINE__, version,
		        PAPI_strreason());
		return 1;
	}
	if (!pmu_present(model)) {
		fprintf(pipe, "ABSENT\n");
		return 0;
	}
	/* perf_raw takes raw codes and lists none: with it alone and no sysfs
	 * PMU (a QEMU guest), the component lists nothing at all. */
	int code = PAPI_NATIVE_MASK;
	if (PAPI_enum_cmp_event(&code, PAPI_ENUM_FIRST, 0) == PAPI_ENOEVNT) {
		fprintf(pipe, "EMPTY\n");
		return 0;
	}
	struct child_report report = {pipe, 0};
	struct names_check check = {.fail = fail_to_parent, .context = &report};
	names_check_round_trips(&check, 0);
	fprintf(pipe, "DONE %d %d %d %d %d\n", check.events, check.names, check.incomplete,
	        check.unsupported, check.failures);
	PAPI_shutdown();
	return 0;
}

/* ---- in the parent ------------------------------------------------------ */

/* The one table that may leave the component with nothing to list. */
#define RAW_CODES_TABLE "perf_raw"

struct model_result {
	bool done, absent, empty;
	int events, names, incomplete, unsupported, failures;
};

/* Runs body(argument, pipe) in a child and hands each line it wrote to
 * take_line; returns the child's wait status. */
static int run_in_child(int (*body)(const char *, FILE *), const char *argument,
                        void (*take_line)(void *, char *), void *context)
{
	int fds[2];
	if (pipe(fds) != 0)
		return -1;
	fflush(NULL);
	pid_t child = fork();
	if (child < 0) {
		close(fds[0]);
		close(fds[1]);
		return -1;
	}
	if (child == 0) {
		close(fds[0]);
		FILE *out = fdopen(fds[1], "w");
		int status = out ? body(argument, out) : 2;
		if (out)
			fclose(out);
		_exit(status);
	}
	close(fds[1]);
	FILE *in = fdopen(fds[0], "r");
	char line[LINE_LEN];
	while (in && fgets(line, sizeof(line), in)) {
		line[strcspn(line, "\n")] = '\0';
		take_line(context, line);
	}
	if (in)
		fclose(in);
	else
		close(fds[0]);
	int status;
	while (waitpid(child, &status, 0) < 0 && errno == EINTR)
		;
	return status;
}

/* The names of the PMU tables compiled into libpfm4, from a child, so that
 * this process never initialises libpfm4 itself. */
static int list_models_in_child(const char *unused, FILE *pipe)
{
	(void)unused;
	if (pfm_initialize() != PFM_SUCCESS)
		return 1;
	for (int pmu = 0; pmu < PFM_PMU_MAX; pmu++) {
		pfm_pmu_info_t info;
		memset(&info, 0, sizeof(info));
		info.size = sizeof(info);
		if (pfm_get_pmu_info((pfm_pmu_t)pmu, &info) == PFM_SUCCESS)
			fprintf(pipe, "%s\n", info.name);
	}
	return 0;
}

static void add_model(void *context, char *line)
{
	(void)context;
	char **grown = realloc(model_names, sizeof(*model_names) * (size_t)(model_count + 1));
	if (!grown || !(grown[model_count] = strdup(line))) {
		model_names = grown ? grown : model_names;
		return;
	}
	model_names = grown;
	model_count++;
}

static void take_model_line(void *context, char *line)
{
	struct model_result *result = context;
	if (strcmp(line, "ABSENT") == 0) {
		result->absent = true;
	} else if (strcmp(line, "EMPTY") == 0) {
		result->empty = true;
	} else if (sscanf(line, "DONE %d %d %d %d %d", &result->events, &result->names,
	                  &result->incomplete, &result->unsupported, &result->failures) == 5) {
		result->done = true;
	} else if (strncmp(line, "FAIL ", 5) == 0) {
		char *end;
		unsigned long where = strtoul(line + 5, &end, 10);
		CU_assertImplementation(CU_FALSE, (unsigned)where, end + 1, "names_walk.c", "",
		                        CU_FALSE);
	} else {
		CU_assertImplementation(CU_FALSE, __LINE__, line, __FILE__, "", CU_FALSE);
	}
}

static void test_every_forceable_model(void)
{
	CU_ASSERT_FATAL(model_count > 0);
	bool *was_forced = calloc((size_t)model_count, sizeof(*was_forced));
	CU_ASSERT_PTR_NOT_NULL_FATAL(was_forced);
	int forced = 0, absent = 0, names = 0, incomplete = 0, unsupported = 0;
	for (int m = 0; m < model_count; m++) {
		struct model_result result = {0};
		int status =
		    run_in_child(check_model_in_child, model_names[m], take_model_line, &result);
		char text[256];
		snprintf(text, sizeof(text),
		         "the child for %s ended with status %#x, %s its totals", model_names[m],
		         (unsigned)status,
		         result.done || result.absent || result.empty ? "after" : "before");
		bool ended = result.done || result.absent || result.empty;
		CU_assertImplementation(status == 0 && ended, __LINE__, text, __FILE__, "",
		                        CU_FALSE);
		if (result.empty) {
			snprintf(text, sizeof(text), "with %s forced, the component lists no event",
			         model_names[m]);
			CU_assertImplementation(strcmp(model_names[m], RAW_CODES_TABLE) == 0,
			                        __LINE__, text, __FILE__, "", CU_FALSE);
		}
		if (result.absent || result.empty) {
			absent++;
			continue;
		}
		if (result.failures > REPORTED_FAILURES)
			printf("\n  %s: %d failures, the first %d shown\n", model_names[m],
			       result.failures, REPORTED_FAILURES);
		forced++;
		was_forced[m] = true;
		names += result.names;
		incomplete += result.incomplete;
		unsupported += result.unsupported;
	}
	printf("(%d PMU models forced, %d names checked: %d need a qualifier, %d on PMUs this "
	       "kernel lacks; %d of the %d tables of this libpfm4 cannot be forced alone or list "
	       "nothing) ",
	       forced, names, incomplete, unsupported, absent, model_count);
	for (size_t r = 0; r < sizeof(required_models) / sizeof(required_models[0]); r++) {
		bool covered = false;
		for (int m = 0; m < model_count; m++)
			covered |= was_forced[m] && strcmp(model_names[m], required_models[r]) == 0;
		char text[128];
		snprintf(text, sizeof(text), "PMU model %s was forced and checked",
		         required_models[r]);
		CU_assertImplementation(covered, __LINE__, text, __FILE__, "", CU_FALSE);
	}
	free(was_forced);
}

int main(void)
{
	/* Listed before CUnit starts, so the test knows what it covers. */
	run_in_child(list_models_in_child, NULL, add_model, NULL);
	if (CU_initialize_registry() != CUE_SUCCESS)
		return 2;
	CU_pSuite suite = CU_add_suite("PMU models", NULL, NULL);
	if (!suite || !CU_add_test(suite, "every forceable PMU model, every listed name",
	                           test_every_forceable_model))
		fprintf(stderr, "cannot register the tests: %s\n", CU_get_error_msg());
	int status = unit_run_all();
	for (int m = 0; m < model_count; m++)
		free(model_names[m]);
	free(model_names);
	return status;
}
