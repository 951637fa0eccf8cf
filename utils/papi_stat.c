// SPDX-License-Identifier: BSD-3-Clause
/* papi_stat: counts a command and its children, like perf stat.
 *
 *   papi_stat [-e EVENT,...] [--per-thread] [--multiplex kernel|software]
 *             [-x SEP | --json] [-r N] [-o FILE] [--] command [args...]
 *
 * The command is forked and held until its event set (attached to it, with
 * inherit: its threads and children count too) runs, then it execs. When
 * the events do not fit the counters at once, the set is multiplexed (or
 * from the start with --multiplex); each event's share of the time it
 * counted (PAPI_event_times) goes with its value, a scaled estimate when
 * below 100%, and an event that never counted is "<not counted>". With --per-thread the command
 * runs under ptrace, and every thread or process it creates gets a set of
 * its own before it runs; the report lists each. papi_stat exits with the
 * command's status (128 + signal if it was killed; 127 if it cannot run). */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "papi.h"
#include "papi_stat.h"
#include "util_common.h"

/* Software events first: they count on any Linux, PMU or not. */
static const char *const default_events[] = {
    "perf::TASK-CLOCK", "perf::CONTEXT-SWITCHES", "perf::CPU-MIGRATIONS", "perf::PAGE-FAULTS",
    "PAPI_TOT_CYC",     "PAPI_TOT_INS",           "PAPI_BR_INS",          "PAPI_BR_MSP",
};

enum {
	OPT_EVENTS = 1,
	OPT_PER_THREAD,
	OPT_USER,
	OPT_MULTIPLEX,
	OPT_SEPARATOR,
	OPT_JSON,
	OPT_REPEAT,
	OPT_OUTPUT,
	OPT_HELP
};

static const struct util_option option_table[] = {
    {OPT_EVENTS, "-e", "--events", "EVENT,...",
     "events to count, presets or native names (default: a set that counts here)", NULL},
    {OPT_PER_THREAD, NULL, "--per-thread", NULL,
     "count each thread and process of the command apart", NULL},
    {OPT_USER, "-u", "--user", NULL,
     "count user mode only (default: user and kernel, as perf stat; user only where the kernel "
     "is not ours to count)",
     NULL},
    {OPT_MULTIPLEX, NULL, "--multiplex", "MODE",
     "multiplex from the start: 'kernel' (perf rotates the events) or 'software' (the "
     "library rotates them, one slice at a time)",
     NULL},
    {OPT_SEPARATOR, "-x", "--field-separator", "SEP", "print CSV with SEP between fields", NULL},
    {OPT_JSON, "-j", "--json", NULL, "print JSON", NULL},
    {OPT_REPEAT, "-r", "--repeat", "N", "run the command N times, report means", NULL},
    {OPT_OUTPUT, "-o", "--output", "FILE", "write the report to FILE (default stderr)", NULL},
    {OPT_HELP, "-h", "--help", NULL, "print this help", NULL},
};

struct stat_events {
	int count;
	int codes[STAT_MAX_EVENTS];
	char names[STAT_MAX_EVENTS][PAPI_MAX_STR_LEN];
	bool multiplex;
	bool multiplex_software; /* PAPI_MULTIPLEX_FORCE_SW */
	int domain;              /* user and kernel, as perf stat; user only if refused */
};

static long long monotonic_ns(void)
{
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	return (long long)now.tv_sec * 1000000000LL + now.tv_nsec;
}

static bool add_event_name(struct stat_events *events, const char *name, bool quiet)
{
	int code;
	int rc = PAPI_event_name_to_code(name, &code);
	char reason[UTIL_REASON_LEN] = "";
	if (rc == PAPI_OK)
		rc = util_event_check(code, reason, sizeof(reason));
	if (rc != PAPI_OK) {
		if (!quiet) {
			if (!reason[0])
				util_last_reason(reason, sizeof(reason));
			fprintf(stderr, "%s: cannot count %s: %s\n", util_program_name(), name,
			        reason[0] ? reason : util_error_text(rc));
		}
		return false;
	}
	if (events->count == STAT_MAX_EVENTS) {
		fprintf(stderr, "%s: at most %d events\n", util_program_name(), STAT_MAX_EVENTS);
		return false;
	}
	events->codes[events->count] = code;
	snprintf(events->names[events->count], PAPI_MAX_STR_LEN, "%s", name);
	events->count++;
	return true;
}

static bool add_event_list(struct stat_events *events, const char *list)
{
	char *copy = strdup(list), *save = NULL;
	bool ok = copy != NULL;
	for (char *name = copy ? strtok_r(copy, ",", &save) : NULL; ok && name;
	     name = strtok_r(NULL, ",", &save))
		ok = add_event_name(events, name, false);
	free(copy);
	return ok;
}

/* A running set counting tid (and, with inherit, what it creates). */
static int open_set(const struct stat_events *events, pid_t tid, bool inherit, int *out)
{
	int eventset = PAPI_NULL;
	int rc = PAPI_create_eventset(&eventset);
	int cidx = rc == PAPI_OK ? PAPI_get_event_component(events->codes[0]) : rc;
	rc = cidx < 0 ? cidx : PAPI_assign_eventset_component(eventset, cidx);
	if (rc == PAPI_OK) {
		PAPI_option_t option;
		memset(&option, 0, sizeof(option));
		option.domain.eventset = eventset;
		option.domain.domain = events->domain;
		rc = PAPI_set_opt(PAPI_DOMAIN, &option);
	}
	if (rc == PAPI_OK && inherit) {
		PAPI_option_t option;
		memset(&option, 0, sizeof(option));
		option.inherit.eventset = eventset;
		option.inherit.inherit = PAPI_INHERIT_ALL;
		rc = PAPI_set_opt(PAPI_INHERIT, &option);
	}
	if (rc == PAPI_OK && events->multiplex) {
		PAPI_option_t option;
		memset(&option, 0, sizeof(option));
		option.multiplex.eventset = eventset;
		option.multiplex.flags = events->multiplex_software ? PAPI_MULTIPLEX_FORCE_SW : 0;
		rc = PAPI_set_opt(PAPI_MULTIPLEX, &option);
	}
	if (rc == PAPI_OK)
		rc = PAPI_attach(eventset, (unsigned long)tid);
	for (int i = 0; rc == PAPI_OK && i < events->count; i++)
		rc = PAPI_add_event(eventset, events->codes[i]);
	if (rc == PAPI_OK)
		rc = PAPI_start(eventset);
	if (rc != PAPI_OK && eventset != PAPI_NULL) {
		PAPI_cleanup_eventset(eventset);
		PAPI_destroy_eventset(&eventset);
	}
	*out = eventset;
	return rc;
}

/* Opens the set; counts user mode only where kernel mode is not allowed;
 * multiplexes when the events do not fit the counters. */
static int open_set_fitting(struct stat_events *events, pid_t tid, bool inherit, int *out)
{
	int rc = open_set(events, tid, inherit, out);
	if (rc == PAPI_EPERM && events->domain != PAPI_DOM_USER) {
		events->domain = PAPI_DOM_USER;
		rc = open_set(events, tid, inherit, out);
	}
	if (rc == PAPI_ECNFLCT && !events->multiplex) {
		events->multiplex = true;
		rc = open_set(events, tid, inherit, out);
	}
	if (rc != PAPI_OK) {
		char reason[UTIL_REASON_LEN];
		util_last_reason(reason, sizeof(reason));
		fprintf(stderr, "%s: cannot count the command: %s%s%s\n", util_program_name(),
		        util_error_text(rc), reason[0] ? ": " : "", reason);
	}
	return rc;
}

/* Stops the set: its values, and the times of each of its count events. */
static int close_set(int *eventset, int count, long long *values, struct stat_times *times)
{
	int rc = PAPI_stop(*eventset, values);
	for (int i = 0; i < count; i++) {
		if (rc != PAPI_OK || PAPI_event_times(*eventset, i, &times->enabled_ns[i],
		                                      &times->running_ns[i]) != PAPI_OK)
			times->enabled_ns[i] = times->running_ns[i] = -1;
	}
	PAPI_cleanup_eventset(*eventset);
	PAPI_destroy_eventset(eventset);
	return rc;
}

static int exit_code(int status)
{
	if (WIFEXITED(status))
		return WEXITSTATUS(status);
	if (WIFSIGNALED(status))
		return 128 + WTERMSIG(status);
	return 1;
}

/* The child: waits for the go byte (or stops for ptrace), then execs. */
static void run_child(char *const *command, int go, bool traced)
{
	if (traced) {
		if (ptrace(PTRACE_TRACEME, 0, NULL, NULL) != 0)
			_exit(126);
		raise(SIGSTOP);
	} else {
		char byte;
		if (read(go, &byte, 1) != 1)
			_exit(126); /* papi_stat gave up */
		close(go);
	}
	execvp(command[0], command);
	fprintf(stderr, "%s: cannot run '%s': %s\n", util_program_name(), command[0],
	        strerror(errno));
	_exit(127);
}

static int run_inherited(struct stat_events *events, char *const *command, struct stat_run *run)
{
	int go[2];
	if (pipe2(go, O_CLOEXEC) != 0)
		return -1;
	pid_t child = fork();
	if (child < 0)
		return -1;
	if (child == 0) {
		close(go[1]);
		run_child(command, go[0], false);
	}
	close(go[0]);
	int eventset, status;
	if (open_set_fitting(events, child, true, &eventset) != PAPI_OK) {
		close(go[1]);
		waitpid(child, &status, 0);
		return -1;
	}
	long long t0 = monotonic_ns();
	if (write(go[1], "g", 1) != 1) {
		close(go[1]);
		kill(child, SIGKILL);
	}
	close(go[1]);
	while (waitpid(child, &status, 0) < 0 && errno == EINTR)
		;
	run->elapsed_ns = monotonic_ns() - t0;
	run->exit_status = exit_code(status);
	if (close_set(&eventset, events->count, run->values, &run->times) != PAPI_OK) {
		util_report_error("PAPI_stop", PAPI_EMISC);
		return -1;
	}
	return 0;
}

/* --per-thread: one set per task, made while the task is stopped. */
struct traced_task {
	pid_t tid;
	int eventset;
	bool running; /* its set runs */
};

struct tracer {
	struct stat_events *events;
	struct stat_run *run;
	struct traced_task *tasks;
	int count, capacity;
	bool failed;
};

static struct traced_task *find_task(struct tracer *tracer, pid_t tid)
{
	for (int i = 0; i < tracer->count; i++)
		if (tracer->tasks[i].tid == tid)
			return &tracer->tasks[i];
	return NULL;
}

static struct traced_task *new_task(struct tracer *tracer, pid_t tid)
{
	if (tracer->count == tracer->capacity) {
		int capacity = tracer->capacity ? 2 * tracer->capacity : 16;
		struct traced_task *grown =
		    realloc(tracer->tasks, sizeof(*grown) * (size_t)capacity);
		struct stat_task *results =
		    realloc(tracer->run->tasks, sizeof(*results) * (size_t)capacity);
		if (grown)
			tracer->tasks = grown;
		if (results)
			tracer->run->tasks = results;
		if (!grown || !results)
			return NULL;
		tracer->capacity = capacity;
	}
	struct traced_task *task = &tracer->tasks[tracer->count];
	struct stat_task *result = &tracer->run->tasks[tracer->count];
	tracer->count++;
	tracer->run->task_count = tracer->count;
	memset(task, 0, sizeof(*task));
	memset(result, 0, sizeof(*result));
	task->tid = result->tid = tid;
	task->running = open_set_fitting(tracer->events, tid, false, &task->eventset) == PAPI_OK;
	tracer->failed |= !task->running;
	return task;
}

static void finish_task(struct tracer *tracer, struct traced_task *task)
{
	if (!task->running)
		return;
	struct stat_task *result = &tracer->run->tasks[task - tracer->tasks];
	char path[64];
	snprintf(path, sizeof(path), "/proc/%d/comm", (int)task->tid);
	FILE *comm = fopen(path, "re");
	if (comm) {
		if (fgets(result->comm, sizeof(result->comm), comm))
			result->comm[strcspn(result->comm, "\n")] = '\0';
		fclose(comm);
	}
	close_set(&task->eventset, tracer->events->count, result->values, &result->times);
	task->running = false;
	struct stat_times *total = &tracer->run->times;
	for (int i = 0; i < tracer->events->count; i++) {
		tracer->run->values[i] += result->values[i];
		/* Unknown (-1) in one task: unknown for the whole command. */
		if (total->enabled_ns[i] < 0 || result->times.enabled_ns[i] < 0) {
			total->enabled_ns[i] = total->running_ns[i] = -1;
		} else {
			total->enabled_ns[i] += result->times.enabled_ns[i];
			total->running_ns[i] += result->times.running_ns[i];
		}
	}
}

static void trace_loop(struct tracer *tracer, pid_t child)
{
	for (;;) {
		int status;
		pid_t tid = waitpid(-1, &status, __WALL);
		if (tid < 0) {
			if (errno == EINTR)
				continue;
			break; /* ECHILD: every task is gone */
		}
		struct traced_task *task = find_task(tracer, tid);
		if (WIFEXITED(status) || WIFSIGNALED(status)) {
			if (task)
				finish_task(tracer, task);
			if (tid == child)
				tracer->run->exit_status = exit_code(status);
			continue;
		}
		if (!WIFSTOPPED(status))
			continue;
		int event = status >> 16, signal_number = WSTOPSIG(status), forward = 0;
		if (!task) /* a new task's first stop, before its parent's event */
			task = new_task(tracer, tid);
		if (event == PTRACE_EVENT_CLONE || event == PTRACE_EVENT_FORK ||
		    event == PTRACE_EVENT_VFORK) {
			unsigned long new_tid;
			if (ptrace(PTRACE_GETEVENTMSG, tid, NULL, &new_tid) == 0 &&
			    !find_task(tracer, (pid_t)new_tid))
				new_task(tracer, (pid_t)new_tid);
		} else if (event == PTRACE_EVENT_EXIT) {
			if (task)
				finish_task(tracer, task);
		} else if (event == 0 && signal_number != SIGSTOP && signal_number != SIGTRAP) {
			forward = signal_number;
		}
		ptrace(PTRACE_CONT, tid, NULL, (void *)(long)forward);
	}
}

static int run_traced(struct stat_events *events, char *const *command, struct stat_run *run)
{
	pid_t child = fork();
	if (child < 0)
		return -1;
	if (child == 0)
		run_child(command, -1, true);
	int status;
	if (waitpid(child, &status, 0) != child || !WIFSTOPPED(status)) {
		fprintf(stderr, "%s: the command did not stop for tracing\n", util_program_name());
		return -1;
	}
	long options = PTRACE_O_TRACECLONE | PTRACE_O_TRACEFORK | PTRACE_O_TRACEVFORK |
	               PTRACE_O_TRACEEXIT | PTRACE_O_TRACEEXEC | PTRACE_O_EXITKILL;
	if (ptrace(PTRACE_SETOPTIONS, child, NULL, (void *)options) != 0) {
		fprintf(stderr, "%s: ptrace: %s\n", util_program_name(), strerror(errno));
		kill(child, SIGKILL);
		return -1;
	}
	struct tracer tracer = {.events = events, .run = run};
	if (!new_task(&tracer, child) || tracer.failed) {
		kill(child, SIGKILL);
		waitpid(child, &status, 0);
		return -1;
	}
	long long t0 = monotonic_ns();
	ptrace(PTRACE_CONT, child, NULL, NULL);
	trace_loop(&tracer, child);
	run->elapsed_ns = monotonic_ns() - t0;
	for (int i = 0; i < tracer.count; i++)
		finish_task(&tracer, &tracer.tasks[i]);
	free(tracer.tasks);
	return tracer.failed ? -1 : 0;
}

static void usage(FILE *out)
{
	fprintf(out,
	        "Usage: %s [options] [--] command [args...]\n"
	        "Counts a command and its children, with presets and native events.\n\n",
	        util_program_name());
	util_options_print(out, option_table, UTIL_ARRAY_LENGTH(option_table));
}

int main(int argc, char **argv)
{
	struct util_options options;
	struct stat_events events = {.domain = PAPI_DOM_USER | PAPI_DOM_KERNEL};
	struct stat_report report = {.format = STAT_HUMAN, .separator = ",", .runs = 1};
	const char *value, *output = NULL;
	char **command = NULL;
	bool events_given = false;
	long repeat = 1;
	int id;

	util_options_init(&options, option_table, UTIL_ARRAY_LENGTH(option_table), argc, argv);
	while (!command && (id = util_options_next(&options, &value)) != UTIL_OPTION_END) {
		switch (id) {
		case OPT_EVENTS:
			if (!events_given && !util_library_init())
				return UTIL_EXIT_FAILURE;
			events_given = true;
			if (!add_event_list(&events, value))
				return UTIL_EXIT_FAILURE;
			break;
		case OPT_PER_THREAD:
			report.per_thread = true;
			break;
		case OPT_USER:
			events.domain = PAPI_DOM_USER;
			break;
		case OPT_MULTIPLEX:
			if (strcmp(value, "kernel") != 0 && strcmp(value, "software") != 0)
				return util_usage_error(
				    "--multiplex needs 'kernel' or 'software', not '%s'", value);
			events.multiplex = report.multiplex_forced = true;
			events.multiplex_software = strcmp(value, "software") == 0;
			break;
		case OPT_SEPARATOR:
			report.format = STAT_CSV;
			report.separator = value;
			break;
		case OPT_JSON:
			report.format = STAT_JSON;
			break;
		case OPT_REPEAT:
			if (!util_parse_long(value, 1, 100000, &repeat))
				return util_usage_error(
				    "-r needs a number of runs from 1, not '%s'", value);
			break;
		case OPT_OUTPUT:
			output = value;
			break;
		case OPT_HELP:
			usage(stdout);
			return UTIL_EXIT_OK;
		case UTIL_OPTION_OPERAND:
			command = &argv[options.next_index - 1];
			break;
		default:
			return UTIL_EXIT_USAGE;
		}
	}
	if (!command)
		return util_usage_error("no command to count");
	if (!events_given) {
		if (!util_library_init())
			return UTIL_EXIT_FAILURE;
		for (size_t i = 0; i < UTIL_ARRAY_LENGTH(default_events); i++)
			add_event_name(&events, default_events[i], true);
		if (events.count == 0) {
			fprintf(stderr, "%s: none of the default events counts here\n",
			        util_program_name());
			return UTIL_EXIT_FAILURE;
		}
	}
	report.out = stderr;
	if (output && !(report.out = fopen(output, "we"))) {
		fprintf(stderr, "%s: cannot write %s: %s\n", util_program_name(), output,
		        strerror(errno));
		return UTIL_EXIT_FAILURE;
	}
	report.command = command;
	report.runs = (int)repeat;
	report.results = calloc((size_t)repeat, sizeof(*report.results));
	if (!report.results)
		return UTIL_EXIT_FAILURE;
	for (int run = 0; run < report.runs; run++) {
		int rc = report.per_thread ? run_traced(&events, command, &report.results[run])
		                           : run_inherited(&events, command, &report.results[run]);
		if (rc != 0)
			return UTIL_EXIT_FAILURE;
	}
	report.event_count = events.count;
	report.multiplexed = events.multiplex;
	for (int i = 0; i < events.count; i++)
		snprintf(report.names[i], sizeof(report.names[i]), "%s", events.names[i]);
	stat_print(&report);
	if (report.out != stderr)
		fclose(report.out);
	int status = report.results[report.runs - 1].exit_status;
	for (int run = 0; run < report.runs; run++)
		free(report.results[run].tasks);
	free(report.results);
	PAPI_shutdown();
	return status;
}
