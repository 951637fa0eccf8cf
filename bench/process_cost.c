// SPDX-License-Identifier: BSD-3-Clause
/* process_cost: the CPU time (user + system, from wait4's rusage) of two
 * whole processes, run alternately in pairs (A B A B ...) so that a load
 * that comes and goes weighs on both alike; prints each side's median and
 * the median of the pairs' A/B ratios with its quartiles.
 *
 * usage: process_cost [--pairs N] [NAME=VALUE...] A-PROGRAM [ARG...] \
 *                     --vs [NAME=VALUE...] B-PROGRAM [ARG...]
 * The NAME=VALUE words before each program are set in its environment only
 * (as env(1) does), so one binary can run against two libraries through
 * LD_LIBRARY_PATH. A child that fails ends the run: a figure of a failing
 * process would measure the failure. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

struct side {
	char **env; /* NAME=VALUE words */
	int env_count;
	char **argv; /* NULL-terminated */
};

static double seconds(struct timeval t)
{
	return (double)t.tv_sec + (double)t.tv_usec / 1e6;
}

/* The child's user + system CPU seconds; exits the run if it failed. */
static double run_once(const struct side *side)
{
	pid_t pid = fork();
	if (pid < 0) {
		perror("process_cost: fork");
		exit(2);
	}
	if (pid == 0) {
		for (int i = 0; i < side->env_count; i++)
			putenv(side->env[i]);
		if (!freopen("/dev/null", "w", stdout) || !freopen("/dev/null", "w", stderr))
			_exit(126);
		execvp(side->argv[0], side->argv);
		_exit(127);
	}
	int status;
	struct rusage usage;
	if (wait4(pid, &status, 0, &usage) != pid) {
		perror("process_cost: wait4");
		exit(2);
	}
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		fprintf(stderr, "process_cost: %s failed (status 0x%x)\n", side->argv[0], status);
		exit(1);
	}
	return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

static int compare_doubles(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* The value at fraction q of the sorted values (nearest rank). */
static double quantile(double *values, int count, double q)
{
	qsort(values, (size_t)count, sizeof(*values), compare_doubles);
	int index = (int)(q * (count - 1) + 0.5);
	return values[index];
}

/* Splits argv[from..to) into the environment words and the command. */
static int parse_side(struct side *side, char **argv, int from, int to)
{
	side->env = argv + from;
	side->env_count = 0;
	while (from + side->env_count < to && strchr(argv[from + side->env_count], '=') &&
	       argv[from + side->env_count][0] != '/')
		side->env_count++;
	if (from + side->env_count >= to)
		return -1;
	side->argv = argv + from + side->env_count;
	argv[to] = NULL; /* the "--vs" word, or argv[argc] already */
	return 0;
}

static void usage(void)
{
	fprintf(stderr, "usage: process_cost [--pairs N] [NAME=VALUE...] A-PROGRAM [ARG...] "
	                "--vs [NAME=VALUE...] B-PROGRAM [ARG...]\n");
	exit(2);
}

int main(int argc, char **argv)
{
	int pairs = 21;
	int first = 1;
	if (argc > 2 && strcmp(argv[1], "--pairs") == 0) {
		pairs = atoi(argv[2]);
		first = 3;
	}
	int vs = -1;
	for (int i = first; i < argc; i++)
		if (strcmp(argv[i], "--vs") == 0)
			vs = i;
	struct side a, b;
	if (pairs < 1 || vs < 0 || parse_side(&b, argv, vs + 1, argc) != 0 ||
	    parse_side(&a, argv, first, vs) != 0)
		usage();

	double *cpu_a = calloc((size_t)pairs, sizeof(double));
	double *cpu_b = calloc((size_t)pairs, sizeof(double));
	double *ratio = calloc((size_t)pairs, sizeof(double));
	if (!cpu_a || !cpu_b || !ratio)
		return 2;
	run_once(&a); /* warm the page cache for both before the first pair */
	run_once(&b);
	for (int p = 0; p < pairs; p++) {
		cpu_a[p] = run_once(&a);
		cpu_b[p] = run_once(&b);
		/* A zero is below the clock's grain: the pair says nothing. */
		ratio[p] = cpu_b[p] > 0 ? cpu_a[p] / cpu_b[p] : 0;
	}
	int usable = 0;
	for (int p = 0; p < pairs; p++)
		if (cpu_a[p] > 0 && cpu_b[p] > 0)
			ratio[usable++] = cpu_a[p] / cpu_b[p];
	printf("A: median CPU %.3f ms (%s)\n", 1e3 * quantile(cpu_a, pairs, 0.5), a.argv[0]);
	printf("B: median CPU %.3f ms (%s)\n", 1e3 * quantile(cpu_b, pairs, 0.5), b.argv[0]);
	if (usable == 0) {
		printf("A/B: no pair with both times above the clock's grain\n");
		return 1;
	}
	printf("A/B: median of %d pairs %.3f [quartiles %.3f %.3f]\n", usable,
	       quantile(ratio, usable, 0.5), quantile(ratio, usable, 0.25),
	       quantile(ratio, usable, 0.75));
	return 0;
}
