// SPDX-License-Identifier: BSD-3-Clause
/* papi_overhead: what Papillon's counting calls cost beside the raw perf_event
 * syscalls they stand for.
 *
 * For event sets of 1, 4 and 8 software events (one perf group), it times
 * PAPI_start, PAPI_stop, PAPI_read, PAPI_accum and PAPI_reset against the same
 * operations done directly on a group of the same events opened with
 * perf_event_open, in the same run, in alternating blocks (A B A B ...), and
 * reports medians and the ratio PAPI/raw. It then counts the syscalls each call
 * makes with the kernel's raw_syscalls:sys_enter tracepoint, attached to the
 * thread as a counting perf event.
 *
 * --hl times an empty high-level region (PAPI_hl_region_begin and
 * PAPI_hl_region_end) beside a PAPI_read pair on an event set of the same
 * events, in alternating blocks (the two cannot run at once: a thread runs
 * one set per component), one child process per size, whose report goes to
 * a scratch directory removed afterwards.
 *
 * Other modes serve the scripts beside it: --callgrind-read runs PAPI_read and
 * the raw read() in two marked functions for callgrind, and --loop repeats one
 * operation for an external syscall counter (strace), when tracepoints are not
 * available.
 *
 * The perf ABI comes from libpfm4's header; <linux/perf_event.h> must not be
 * included beside it. */
#include "config.h"

#define _XOPEN_SOURCE 700
#include <errno.h>
#include <ftw.h>
#include <perfmon/pfmlib_perf_event.h>
#include <sched.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "papi.h"

#define MAX_EVENTS   8
#define READ_HEADER  3 /* nr, time_enabled, time_running */
#define MAX_SIZES    8
#define TIMING_OPS   5
#define DEFAULT_CPU  -2 /* the last CPU the process may run on */
#define TRACEFS_NAME "events/raw_syscalls/sys_enter/id"

/* The software events, by the name PAPI knows them and as raw perf attributes. */
static const struct {
	const char *name;
	uint64_t config;
} sw_events[MAX_EVENTS] = {
    {"perf::TASK-CLOCK", PERF_COUNT_SW_TASK_CLOCK},
    {"perf::PAGE-FAULTS", PERF_COUNT_SW_PAGE_FAULTS},
    {"perf::CONTEXT-SWITCHES", PERF_COUNT_SW_CONTEXT_SWITCHES},
    {"perf::CPU-MIGRATIONS", PERF_COUNT_SW_CPU_MIGRATIONS},
    {"perf::MINOR-FAULTS", PERF_COUNT_SW_PAGE_FAULTS_MIN},
    {"perf::MAJOR-FAULTS", PERF_COUNT_SW_PAGE_FAULTS_MAJ},
    {"perf::CPU-CLOCK", PERF_COUNT_SW_CPU_CLOCK},
    {"perf::CGROUP-SWITCHES", PERF_COUNT_SW_CGROUP_SWITCHES},
};

enum op { OP_START, OP_STOP, OP_READ, OP_ACCUM, OP_RESET };

static const char *const op_names[TIMING_OPS] = {"start", "stop", "read", "accum", "reset"};

/* What the raw side does for each operation. PAPI_stop returns the counts, so
 * its raw counterpart is a disable and a read. */
static const char *const raw_names[TIMING_OPS] = {"ioctl(ENABLE)", "ioctl(DISABLE)+read()",
                                                  "read()", "read()", "ioctl(RESET)"};

struct settings {
	int sizes[MAX_SIZES];
	int size_count;
	int blocks;     /* A/B block pairs per operation */
	int calls;      /* calls per block */
	int cpu;        /* pinned CPU, -1 for none */
	long sys_enter; /* tracepoint id; -1: look it up, 0: do not count */
	long syscall_n; /* calls per syscall count */
	bool timing;
	long callgrind_n; /* --callgrind-read N */
	long loop_n;      /* --loop OP N */
	int loop_op;
	bool loop_raw;
	int events; /* size for --callgrind-read and --loop */
	bool hl;    /* --hl: the high-level region table instead */
};

/* One PAPI event set and one raw group of the same events. */
struct fixture {
	int size;
	int set;
	long long values[MAX_EVENTS];
	long long sums[MAX_EVENTS];
	int fds[MAX_EVENTS];
	int leader;
	uint64_t buffer[READ_HEADER + MAX_EVENTS];
	size_t bytes;
};

/* Medians of one operation at one size. */
struct timing {
	double papi_ns, raw_ns;
	double ratio, ratio_q1, ratio_q3; /* of the paired blocks */
};

struct syscalls {
	double total, reads, ioctls;
	bool split; /* reads and ioctls were counted apart */
};

struct result {
	int size;
	struct timing timing[TIMING_OPS];
	struct syscalls papi_calls[TIMING_OPS], raw_calls[TIMING_OPS];
	bool counted;
};

static double timer_ns; /* what a clock_gettime() pair adds to a timed call */

__attribute__((format(printf, 1, 2), noreturn)) static void die(const char *format, ...)
{
	va_list args;
	va_start(args, format);
	fputs("papi_overhead: ", stderr);
	vfprintf(stderr, format, args);
	va_end(args);
	fputc('\n', stderr);
	exit(2);
}

static void check(int status, const char *what)
{
	if (status != PAPI_OK)
		die("%s: %s", what, PAPI_strerror(status));
}

static inline uint64_t now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static int compare_doubles(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* The q-quantile of values (sorted in place), by linear interpolation. */
static double quantile(double *values, int count, double q)
{
	qsort(values, (size_t)count, sizeof(*values), compare_doubles);
	double position = q * (count - 1);
	int low = (int)position;
	if (low >= count - 1)
		return values[count - 1];
	return values[low] + (position - low) * (values[low + 1] - values[low]);
}

/* ------------------------------------------------------------------ set up */

static int pin_cpu(int wanted)
{
	cpu_set_t allowed;
	if (sched_getaffinity(0, sizeof(allowed), &allowed) != 0)
		die("sched_getaffinity: %s", strerror(errno));
	int cpu = wanted;
	if (cpu == DEFAULT_CPU)
		for (int c = 0; c < CPU_SETSIZE; c++)
			if (CPU_ISSET(c, &allowed))
				cpu = c;
	if (cpu < 0)
		return -1;
	cpu_set_t one;
	CPU_ZERO(&one);
	CPU_SET(cpu, &one);
	if (sched_setaffinity(0, sizeof(one), &one) != 0)
		die("cannot pin to CPU %d: %s", cpu, strerror(errno));
	return cpu;
}

static void attr_domain(struct perf_event_attr *attr, int domain)
{
	attr->exclude_user = !(domain & PAPI_DOM_USER);
	attr->exclude_kernel = !(domain & PAPI_DOM_KERNEL);
	attr->exclude_hv = !(domain & PAPI_DOM_SUPERVISOR);
}

/* The raw group: what Papillon opens for these events, done by hand. */
static void open_raw_group(struct fixture *f, int domain)
{
	f->leader = -1;
	for (int i = 0; i < f->size; i++) {
		struct perf_event_attr attr;
		memset(&attr, 0, sizeof(attr));
		attr.size = sizeof(attr);
		attr.type = PERF_TYPE_SOFTWARE;
		attr.config = sw_events[i].config;
		attr.read_format = PERF_FORMAT_GROUP | PERF_FORMAT_TOTAL_TIME_ENABLED |
		                   PERF_FORMAT_TOTAL_TIME_RUNNING;
		attr.disabled = i == 0;
		attr_domain(&attr, domain);
		f->fds[i] = perf_event_open(&attr, 0, -1, f->leader, PERF_FLAG_FD_CLOEXEC);
		if (f->fds[i] < 0)
			die("perf_event_open(%s): %s", sw_events[i].name, strerror(errno));
		if (i == 0)
			f->leader = f->fds[0];
	}
	f->bytes = sizeof(uint64_t) * (size_t)(READ_HEADER + f->size);
}

static void fixture_open(struct fixture *f, int size, int domain)
{
	memset(f, 0, sizeof(*f));
	f->size = size;
	f->set = PAPI_NULL;
	check(PAPI_create_eventset(&f->set), "PAPI_create_eventset");
	for (int i = 0; i < size; i++) {
		int status = PAPI_add_named_event(f->set, sw_events[i].name);
		if (status != PAPI_OK)
			die("PAPI_add_named_event(%s): %s", sw_events[i].name,
			    PAPI_strerror(status));
	}
	open_raw_group(f, domain);
}

static void fixture_close(struct fixture *f)
{
	check(PAPI_cleanup_eventset(f->set), "PAPI_cleanup_eventset");
	check(PAPI_destroy_eventset(&f->set), "PAPI_destroy_eventset");
	for (int i = f->size - 1; i >= 0; i--)
		close(f->fds[i]);
}

static void raw_ioctl(const struct fixture *f, unsigned long request)
{
	if (ioctl(f->leader, request, PERF_IOC_FLAG_GROUP) != 0)
		die("perf ioctl: %s", strerror(errno));
}

static void raw_read(struct fixture *f)
{
	if (read(f->leader, f->buffer, f->bytes) != (ssize_t)f->bytes)
		die("read of the raw group: %s", strerror(errno));
}

/* Puts both sides in the state an operation needs: running for read, accum
 * and reset, stopped for start and stop. */
static void set_running(struct fixture *f, bool running)
{
	int state = 0;
	check(PAPI_state(f->set, &state), "PAPI_state");
	if (running && !(state & PAPI_RUNNING)) {
		check(PAPI_start(f->set), "PAPI_start");
		raw_ioctl(f, PERF_EVENT_IOC_ENABLE);
	} else if (!running && (state & PAPI_RUNNING)) {
		check(PAPI_stop(f->set, f->values), "PAPI_stop");
		raw_ioctl(f, PERF_EVENT_IOC_DISABLE);
	}
}

/* ------------------------------------------------------------------ timing */

/* One block of calls; the mean ns per call of start and stop (which are
 * timed one by one, as they come in pairs) or of the operation. */
static void papi_block(struct fixture *f, enum op op, int calls, double *ns, double *stop_ns)
{
	uint64_t start_total = 0, stop_total = 0;
	uint64_t begin = now_ns();
	switch (op) {
	case OP_START:
	case OP_STOP:
		for (int i = 0; i < calls; i++) {
			uint64_t t0 = now_ns();
			check(PAPI_start(f->set), "PAPI_start");
			uint64_t t1 = now_ns();
			check(PAPI_stop(f->set, f->values), "PAPI_stop");
			uint64_t t2 = now_ns();
			start_total += t1 - t0;
			stop_total += t2 - t1;
		}
		*ns = (double)start_total / calls - timer_ns;
		*stop_ns = (double)stop_total / calls - timer_ns;
		return;
	case OP_READ:
		for (int i = 0; i < calls; i++)
			check(PAPI_read(f->set, f->values), "PAPI_read");
		break;
	case OP_ACCUM:
		for (int i = 0; i < calls; i++)
			check(PAPI_accum(f->set, f->sums), "PAPI_accum");
		break;
	case OP_RESET:
		for (int i = 0; i < calls; i++)
			check(PAPI_reset(f->set), "PAPI_reset");
		break;
	}
	*ns = (double)(now_ns() - begin) / calls;
}

static void raw_block(struct fixture *f, enum op op, int calls, double *ns, double *stop_ns)
{
	uint64_t start_total = 0, stop_total = 0;
	uint64_t begin = now_ns();
	switch (op) {
	case OP_START:
	case OP_STOP:
		for (int i = 0; i < calls; i++) {
			uint64_t t0 = now_ns();
			raw_ioctl(f, PERF_EVENT_IOC_ENABLE);
			uint64_t t1 = now_ns();
			raw_ioctl(f, PERF_EVENT_IOC_DISABLE);
			raw_read(f);
			uint64_t t2 = now_ns();
			start_total += t1 - t0;
			stop_total += t2 - t1;
		}
		*ns = (double)start_total / calls - timer_ns;
		*stop_ns = (double)stop_total / calls - timer_ns;
		return;
	case OP_READ:
	case OP_ACCUM:
		for (int i = 0; i < calls; i++)
			raw_read(f);
		break;
	case OP_RESET:
		for (int i = 0; i < calls; i++)
			raw_ioctl(f, PERF_EVENT_IOC_RESET);
		break;
	}
	*ns = (double)(now_ns() - begin) / calls;
}

/* The cost of the clock_gettime() pair around a call timed on its own. */
static void measure_timer(int blocks, int calls)
{
	double *samples = malloc(sizeof(double) * (size_t)blocks);
	if (!samples)
		die("out of memory");
	for (int b = 0; b < blocks; b++) {
		uint64_t total = 0;
		for (int i = 0; i < calls; i++) {
			uint64_t t0 = now_ns();
			uint64_t t1 = now_ns();
			total += t1 - t0;
		}
		samples[b] = (double)total / calls;
	}
	timer_ns = quantile(samples, blocks, 0.5);
	free(samples);
}

static void summarize(double *papi, double *raw, int blocks, struct timing *out)
{
	double *ratios = malloc(sizeof(double) * (size_t)blocks);
	if (!ratios)
		die("out of memory");
	for (int b = 0; b < blocks; b++)
		ratios[b] = papi[b] / raw[b];
	out->ratio = quantile(ratios, blocks, 0.5);
	out->ratio_q1 = quantile(ratios, blocks, 0.25);
	out->ratio_q3 = quantile(ratios, blocks, 0.75);
	out->papi_ns = quantile(papi, blocks, 0.5);
	out->raw_ns = quantile(raw, blocks, 0.5);
	free(ratios);
}

/* Alternating blocks, PAPI then raw, for one operation (start and stop
 * together). */
static void time_op(struct fixture *f, enum op op, const struct settings *s, struct result *r)
{
	size_t bytes = sizeof(double) * (size_t)s->blocks;
	double *papi = malloc(bytes), *raw = malloc(bytes);
	double *papi_stop = malloc(bytes), *raw_stop = malloc(bytes);
	if (!papi || !raw || !papi_stop || !raw_stop)
		die("out of memory");
	set_running(f, op != OP_START);
	double ignored, ignored_stop;
	for (int warm = 0; warm < 10; warm++) {
		papi_block(f, op, s->calls, &ignored, &ignored_stop);
		raw_block(f, op, s->calls, &ignored, &ignored_stop);
	}
	for (int b = 0; b < s->blocks; b++) {
		papi_block(f, op, s->calls, &papi[b], &papi_stop[b]);
		raw_block(f, op, s->calls, &raw[b], &raw_stop[b]);
	}
	summarize(papi, raw, s->blocks, &r->timing[op]);
	if (op == OP_START)
		summarize(papi_stop, raw_stop, s->blocks, &r->timing[OP_STOP]);
	free(papi);
	free(raw);
	free(papi_stop);
	free(raw_stop);
}

/* ---------------------------------------------------------------- syscalls */

/* raw_syscalls:sys_enter on this thread: every syscall, then reads and ioctls
 * alone by tracepoint filter. */
struct syscall_counter {
	int fds[3];
	int count;
	uint64_t buffer[READ_HEADER + 3];
	double overhead[3]; /* what an empty window counts: its own disable */
};

static long tracepoint_id_from(const char *root)
{
	char path[256];
	snprintf(path, sizeof(path), "%s/%s", root, TRACEFS_NAME);
	FILE *file = fopen(path, "r");
	if (!file)
		return -1;
	long id = -1;
	if (fscanf(file, "%ld", &id) != 1)
		id = -1;
	fclose(file);
	return id;
}

static long find_sys_enter(void)
{
	long id = tracepoint_id_from("/sys/kernel/tracing");
	if (id < 0)
		id = tracepoint_id_from("/sys/kernel/debug/tracing");
	return id;
}

static void counter_window(struct syscall_counter *c, bool begin, double *counts)
{
	if (begin) {
		if (ioctl(c->fds[0], PERF_EVENT_IOC_ENABLE, PERF_IOC_FLAG_GROUP) != 0)
			die("enabling the syscall counter: %s", strerror(errno));
		return;
	}
	if (ioctl(c->fds[0], PERF_EVENT_IOC_DISABLE, PERF_IOC_FLAG_GROUP) != 0)
		die("disabling the syscall counter: %s", strerror(errno));
	size_t bytes = sizeof(uint64_t) * (size_t)(READ_HEADER + c->count);
	if (read(c->fds[0], c->buffer, bytes) != (ssize_t)bytes)
		die("reading the syscall counter: %s", strerror(errno));
	if (ioctl(c->fds[0], PERF_EVENT_IOC_RESET, PERF_IOC_FLAG_GROUP) != 0)
		die("resetting the syscall counter: %s", strerror(errno));
	for (int i = 0; i < c->count; i++)
		counts[i] += (double)c->buffer[READ_HEADER + i];
}

static bool counter_open(struct syscall_counter *c, long id, char *why, size_t why_len)
{
	static const long filtered[2] = {SYS_read, SYS_ioctl};
	memset(c, 0, sizeof(*c));
	c->fds[0] = -1;
	for (int i = 0; i < 3; i++) {
		struct perf_event_attr attr;
		memset(&attr, 0, sizeof(attr));
		attr.size = sizeof(attr);
		attr.type = PERF_TYPE_TRACEPOINT;
		attr.config = (uint64_t)id;
		attr.read_format = PERF_FORMAT_GROUP | PERF_FORMAT_TOTAL_TIME_ENABLED |
		                   PERF_FORMAT_TOTAL_TIME_RUNNING;
		attr.disabled = i == 0;
		int fd = perf_event_open(&attr, 0, -1, c->fds[0], PERF_FLAG_FD_CLOEXEC);
		if (fd < 0) {
			if (i == 0) {
				snprintf(why, why_len,
				         "perf_event_open(raw_syscalls:sys_enter): %s",
				         strerror(errno));
				return false;
			}
			break;
		}
		if (i > 0) {
			char filter[32];
			snprintf(filter, sizeof(filter), "id == %ld", filtered[i - 1]);
			if (ioctl(fd, PERF_EVENT_IOC_SET_FILTER, filter) != 0) {
				close(fd);
				break;
			}
		}
		c->fds[i] = fd;
		c->count = i + 1;
	}
	/* Calibration: the disable of an empty window is counted. */
	for (int i = 0; i < 100; i++) {
		counter_window(c, true, NULL);
		counter_window(c, false, c->overhead);
	}
	for (int i = 0; i < c->count; i++)
		c->overhead[i] /= 100;
	return true;
}

static void counter_close(struct syscall_counter *c)
{
	for (int i = c->count - 1; i >= 0; i--)
		close(c->fds[i]);
}

static void count_op(struct fixture *f, struct syscall_counter *c, enum op op, bool papi, long n,
                     struct syscalls *out)
{
	double counts[3] = {0, 0, 0};
	long windows = 1;
	set_running(f, op != OP_START && op != OP_STOP);
	if (op == OP_START || op == OP_STOP) {
		/* One window per call: the other half of the pair stays outside. */
		windows = n;
		for (long i = 0; i < n; i++) {
			if (op == OP_STOP) {
				if (papi)
					check(PAPI_start(f->set), "PAPI_start");
				else
					raw_ioctl(f, PERF_EVENT_IOC_ENABLE);
			}
			counter_window(c, true, NULL);
			if (papi && op == OP_START)
				check(PAPI_start(f->set), "PAPI_start");
			else if (papi)
				check(PAPI_stop(f->set, f->values), "PAPI_stop");
			else if (op == OP_START)
				raw_ioctl(f, PERF_EVENT_IOC_ENABLE);
			else {
				raw_ioctl(f, PERF_EVENT_IOC_DISABLE);
				raw_read(f);
			}
			counter_window(c, false, counts);
			if (op == OP_START) {
				if (papi)
					check(PAPI_stop(f->set, f->values), "PAPI_stop");
				else
					raw_ioctl(f, PERF_EVENT_IOC_DISABLE);
			}
		}
	} else {
		counter_window(c, true, NULL);
		for (long i = 0; i < n; i++) {
			if (!papi && op == OP_RESET)
				raw_ioctl(f, PERF_EVENT_IOC_RESET);
			else if (!papi)
				raw_read(f);
			else if (op == OP_READ)
				check(PAPI_read(f->set, f->values), "PAPI_read");
			else if (op == OP_ACCUM)
				check(PAPI_accum(f->set, f->sums), "PAPI_accum");
			else
				check(PAPI_reset(f->set), "PAPI_reset");
		}
		counter_window(c, false, counts);
	}
	for (int i = 0; i < c->count; i++)
		counts[i] = (counts[i] - windows * c->overhead[i]) / n;
	out->total = counts[0];
	out->split = c->count == 3;
	out->reads = counts[1];
	out->ioctls = counts[2];
}

/* ------------------------------------------------------------------ output */

static void print_header(const struct settings *s, int cpu)
{
	struct utsname name;
	uname(&name);
	printf("Papillon overhead benchmark: Linux %s %s, pinned to CPU %d\n", name.release,
	       name.machine, cpu);
	printf("events: software events in one perf group (%s", sw_events[0].name);
	for (int i = 1; i < MAX_EVENTS; i++)
		printf(", %s", sw_events[i].name);
	printf(" - the first N)\n\n");
	(void)s;
}

static void print_timing(const struct result *results, int count, const struct settings *s)
{
	printf("Time per call (ns): medians of %d alternating PAPI/raw block pairs of %d calls; "
	       "ratio = median of the pairs' PAPI/raw [quartiles]\n",
	       s->blocks, s->calls);
	printf("start and stop are timed call by call (clock_gettime pair of %.1f ns "
	       "subtracted)\n\n",
	       timer_ns);
	printf("%-6s %-6s %-22s %9s %9s %8s  %s\n", "events", "op", "raw equivalent", "raw ns",
	       "PAPI ns", "PAPI/raw", "[q1, q3]");
	for (int r = 0; r < count; r++)
		for (int op = 0; op < TIMING_OPS; op++) {
			const struct timing *t = &results[r].timing[op];
			printf("%-6d %-6s %-22s %9.1f %9.1f %8.3f  [%.3f, %.3f]\n", results[r].size,
			       op_names[op], raw_names[op], t->raw_ns, t->papi_ns, t->ratio,
			       t->ratio_q1, t->ratio_q3);
		}
	printf("\n");
}

static void format_calls(const struct syscalls *c, char *text, size_t len)
{
	if (c->split)
		snprintf(text, len, "%.2f (read %.2f, ioctl %.2f, other %.2f)", c->total, c->reads,
		         c->ioctls, c->total - c->reads - c->ioctls);
	else
		snprintf(text, len, "%.2f", c->total);
}

static void print_syscalls(const struct result *results, int count, const struct settings *s)
{
	printf("Syscalls per call: raw_syscalls:sys_enter tracepoint counted on this thread, "
	       "%ld calls each\n\n",
	       s->syscall_n);
	printf("%-6s %-6s %-40s %s\n", "events", "op", "PAPI", "raw");
	for (int r = 0; r < count; r++) {
		if (!results[r].counted)
			continue;
		for (int op = 0; op < TIMING_OPS; op++) {
			char papi[96], raw[96];
			format_calls(&results[r].papi_calls[op], papi, sizeof(papi));
			format_calls(&results[r].raw_calls[op], raw, sizeof(raw));
			printf("%-6d %-6s %-40s %s\n", results[r].size, op_names[op], papi, raw);
		}
	}
	printf("\n");
}

/* ------------------------------------------------------------ other modes */

/* The functions callgrind collects (--toggle-collect): n reads each, through
 * PAPI and through read() on the raw group. Kept out of line and unchanged so
 * that their names reach the symbol table. */
void bench_papi_read_loop(int set, long long *values, long n);
void bench_raw_read_loop(int fd, uint64_t *buffer, size_t bytes, long n);

#if defined(__clang__)
#define MARKED __attribute__((noinline))
#else
#define MARKED __attribute__((noinline, noclone))
#endif

MARKED void bench_papi_read_loop(int set, long long *values, long n)
{
	for (long i = 0; i < n; i++)
		if (__builtin_expect(PAPI_read(set, values) != PAPI_OK, 0))
			die("PAPI_read failed");
}

MARKED void bench_raw_read_loop(int fd, uint64_t *buffer, size_t bytes, long n)
{
	for (long i = 0; i < n; i++)
		if (__builtin_expect(read(fd, buffer, bytes) != (ssize_t)bytes, 0))
			die("read failed");
}

static void callgrind_mode(const struct settings *s, int domain)
{
	struct fixture f;
	fixture_open(&f, s->events, domain);
	set_running(&f, true);
	/* One call of each outside the collected functions: lazy binding and
	 * first-touch costs stay out of the figures. */
	bench_papi_read_loop(f.set, f.values, 1);
	bench_raw_read_loop(f.leader, f.buffer, f.bytes, 1);
	bench_papi_read_loop(f.set, f.values, s->callgrind_n);
	bench_raw_read_loop(f.leader, f.buffer, f.bytes, s->callgrind_n);
	set_running(&f, false);
	printf("%d events: %ld PAPI_read and %ld read() done, values[0] = %lld\n", s->events,
	       s->callgrind_n, s->callgrind_n, f.values[0]);
	fixture_close(&f);
}

/* n calls of one operation (start: n start/stop pairs) for an external
 * syscall counter. */
static void loop_mode(const struct settings *s, int domain)
{
	struct fixture f;
	fixture_open(&f, s->events, domain);
	enum op op = (enum op)s->loop_op;
	set_running(&f, op != OP_START && op != OP_STOP);
	for (long i = 0; i < s->loop_n; i++) {
		double ns, stop_ns;
		if (s->loop_raw)
			raw_block(&f, op, 1, &ns, &stop_ns);
		else
			papi_block(&f, op, 1, &ns, &stop_ns);
	}
	set_running(&f, false);
	fixture_close(&f);
}

/* ----------------------------------------------------- high-level regions */

/* Medians over blocks of the ns per empty region (begin + end) and per
 * PAPI_read pair, and of their ratios, written to fd by a child. */
struct hl_timing {
	double region_ns, read_pair_ns, ratio, ratio_q1, ratio_q3;
};

static void hl_child(const struct settings *s, int size, const char *directory, int fd)
{
	char events[512] = "";
	for (int i = 0; i < size; i++)
		snprintf(events + strlen(events), sizeof(events) - strlen(events), "%s%s",
		         i ? "," : "", sw_events[i].name);
	setenv("PAPI_EVENTS", events, 1);
	setenv("PAPI_OUTPUT_DIRECTORY", directory, 1);
	int set = PAPI_NULL;
	long long values[MAX_EVENTS];
	check(PAPI_create_eventset(&set), "PAPI_create_eventset");
	for (int i = 0; i < size; i++)
		check(PAPI_add_named_event(set, sw_events[i].name), sw_events[i].name);
	double *region = malloc(s->blocks * sizeof(double));
	double *pair = malloc(s->blocks * sizeof(double));
	double *ratio = malloc(s->blocks * sizeof(double));
	if (!region || !pair || !ratio)
		die("out of memory");
	for (int b = 0; b < s->blocks; b++) {
		/* The regions' counters start at the first begin: untimed. */
		check(PAPI_hl_region_begin("warm"), "PAPI_hl_region_begin");
		check(PAPI_hl_region_end("warm"), "PAPI_hl_region_end");
		uint64_t t0 = now_ns();
		for (int c = 0; c < s->calls; c++) {
			PAPI_hl_region_begin("empty");
			PAPI_hl_region_end("empty");
		}
		uint64_t t1 = now_ns();
		check(PAPI_hl_stop(), "PAPI_hl_stop");
		check(PAPI_start(set), "PAPI_start");
		uint64_t t2 = now_ns();
		for (int c = 0; c < s->calls; c++) {
			PAPI_read(set, values);
			PAPI_read(set, values);
		}
		uint64_t t3 = now_ns();
		check(PAPI_stop(set, values), "PAPI_stop");
		region[b] = (double)(t1 - t0) / s->calls;
		pair[b] = (double)(t3 - t2) / s->calls;
		ratio[b] = region[b] / pair[b];
	}
	struct hl_timing t = {quantile(region, s->blocks, 0.5), quantile(pair, s->blocks, 0.5),
	                      quantile(ratio, s->blocks, 0.5), quantile(ratio, s->blocks, 0.25),
	                      quantile(ratio, s->blocks, 0.75)};
	if (write(fd, &t, sizeof(t)) != (ssize_t)sizeof(t))
		die("write to the parent failed");
	/* Exit, so the report is written (atexit) before the parent cleans up. */
	exit(0);
}

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st, (void)flag, (void)ftw;
	return remove(path);
}

static void hl_mode(const struct settings *s, int cpu)
{
	char directory[] = "/tmp/papi_overhead_hl.XXXXXX";
	if (!mkdtemp(directory))
		die("mkdtemp: %s", strerror(errno));
	printf("Papillon overhead benchmark, high-level regions: pinned to CPU %d\n", cpu);
	printf("An empty region (PAPI_hl_region_begin + PAPI_hl_region_end) beside two PAPI_read "
	       "of an event set of the same software events, in %d alternating blocks of %d; "
	       "medians (ns):\n",
	       s->blocks, s->calls);
	printf("%-6s %12s %14s %8s  %s\n", "events", "region ns", "read pair ns", "ratio",
	       "[q1, q3]");
	for (int r = 0; r < s->size_count; r++) {
		int pipe_fds[2];
		if (pipe(pipe_fds) != 0)
			die("pipe: %s", strerror(errno));
		fflush(stdout);
		pid_t child = fork();
		if (child < 0)
			die("fork: %s", strerror(errno));
		if (child == 0) {
			close(pipe_fds[0]);
			hl_child(s, s->sizes[r], directory, pipe_fds[1]);
		}
		close(pipe_fds[1]);
		struct hl_timing t;
		ssize_t got = read(pipe_fds[0], &t, sizeof(t));
		close(pipe_fds[0]);
		int status;
		waitpid(child, &status, 0);
		if (got != (ssize_t)sizeof(t) || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
			die("the high-level child for %d events failed", s->sizes[r]);
		printf("%-6d %12.1f %14.1f %8.3f  [%.3f, %.3f]\n", s->sizes[r], t.region_ns,
		       t.read_pair_ns, t.ratio, t.ratio_q1, t.ratio_q3);
	}
	nftw(directory, remove_entry, 8, FTW_DEPTH | FTW_PHYS);
}

/* ------------------------------------------------------------------- main */

static void usage(FILE *out)
{
	fprintf(
	    out,
	    "usage: papi_overhead [options]\n"
	    "Times PAPI_start/stop/read/accum/reset beside the raw perf_event syscalls\n"
	    "on groups of software events, and counts the syscalls of each call.\n\n"
	    "  --sizes LIST         event-set sizes, comma separated, 1..%d (default 1,4,8)\n"
	    "  --blocks N           alternating PAPI/raw block pairs (default 1001)\n"
	    "  --calls N            calls per block (default 100)\n"
	    "  --cpu N              pin to CPU N (default: the last allowed CPU; -1: no pinning)\n"
	    "  --no-timing          skip the timing table\n"
	    "  --sys-enter-id ID    id of the raw_syscalls:sys_enter tracepoint (default: read\n"
	    "                       from /sys/kernel/tracing or /sys/kernel/debug/tracing)\n"
	    "  --no-syscalls        skip the syscall count\n"
	    "  --syscall-calls N    calls per syscall count (default 10000)\n"
	    "  --callgrind-read N   N PAPI_read in bench_papi_read_loop(), then N read() in\n"
	    "                       bench_raw_read_loop(), for callgrind (with --events)\n"
	    "  --loop OP N          N calls of OP (start, read, accum, reset; start runs\n"
	    "                       start/stop pairs) for an external syscall counter\n"
	    "  --raw                with --loop: the raw syscalls instead of PAPI\n"
	    "  --events N           event-set size of --callgrind-read and --loop (default 1)\n"
	    "  --hl                 an empty high-level region beside a PAPI_read pair instead\n"
	    "  -h, --help           this help\n",
	    MAX_EVENTS);
}

static long parse_number(const char *text, const char *option, long low, long high)
{
	char *end;
	errno = 0;
	long value = text ? strtol(text, &end, 10) : 0;
	if (!text || errno || end == text || *end || value < low || value > high)
		die("%s wants a number from %ld to %ld", option, low, high);
	return value;
}

static void parse_sizes(struct settings *s, const char *text)
{
	if (!text)
		die("--sizes wants a list");
	s->size_count = 0;
	char copy[128];
	snprintf(copy, sizeof(copy), "%s", text);
	for (char *save = NULL, *token = strtok_r(copy, ",", &save); token;
	     token = strtok_r(NULL, ",", &save)) {
		if (s->size_count == MAX_SIZES)
			die("--sizes: at most %d sizes", MAX_SIZES);
		s->sizes[s->size_count++] = (int)parse_number(token, "--sizes", 1, MAX_EVENTS);
	}
	if (s->size_count == 0)
		die("--sizes wants a list");
}

static void parse_args(int argc, char **argv, struct settings *s)
{
	*s = (struct settings){.sizes = {1, 4, 8},
	                       .size_count = 3,
	                       .blocks = 1001,
	                       .calls = 100,
	                       .cpu = DEFAULT_CPU,
	                       .sys_enter = -1,
	                       .syscall_n = 10000,
	                       .timing = true,
	                       .events = 1};
	for (int i = 1; i < argc; i++) {
		const char *arg = argv[i], *next = i + 1 < argc ? argv[i + 1] : NULL;
		if (!strcmp(arg, "-h") || !strcmp(arg, "--help")) {
			usage(stdout);
			exit(0);
		} else if (!strcmp(arg, "--sizes")) {
			parse_sizes(s, next);
			i++;
		} else if (!strcmp(arg, "--blocks")) {
			s->blocks = (int)parse_number(next, arg, 1, 1000000);
			i++;
		} else if (!strcmp(arg, "--calls")) {
			s->calls = (int)parse_number(next, arg, 1, 1000000);
			i++;
		} else if (!strcmp(arg, "--cpu")) {
			s->cpu = (int)parse_number(next, arg, -1, CPU_SETSIZE - 1);
			i++;
		} else if (!strcmp(arg, "--no-timing")) {
			s->timing = false;
		} else if (!strcmp(arg, "--sys-enter-id")) {
			s->sys_enter = parse_number(next, arg, 0, 1000000);
			i++;
		} else if (!strcmp(arg, "--no-syscalls")) {
			s->sys_enter = 0;
		} else if (!strcmp(arg, "--syscall-calls")) {
			s->syscall_n = parse_number(next, arg, 1, 100000000);
			i++;
		} else if (!strcmp(arg, "--callgrind-read")) {
			s->callgrind_n = parse_number(next, arg, 1, 1000000000);
			i++;
		} else if (!strcmp(arg, "--loop")) {
			if (!next || i + 2 >= argc)
				die("--loop wants an operation and a count");
			if (!strcmp(next, "start"))
				s->loop_op = OP_START;
			else if (!strcmp(next, "read"))
				s->loop_op = OP_READ;
			else if (!strcmp(next, "accum"))
				s->loop_op = OP_ACCUM;
			else if (!strcmp(next, "reset"))
				s->loop_op = OP_RESET;
			else
				die("--loop: unknown operation %s", next);
			s->loop_n = parse_number(argv[i + 2], arg, 0, 1000000000);
			if (s->loop_n == 0)
				s->loop_n = -1; /* set up and tear down only */
			i += 2;
		} else if (!strcmp(arg, "--hl")) {
			s->hl = true;
		} else if (!strcmp(arg, "--raw")) {
			s->loop_raw = true;
		} else if (!strcmp(arg, "--events")) {
			s->events = (int)parse_number(next, arg, 1, MAX_EVENTS);
			i++;
		} else {
			usage(stderr);
			exit(2);
		}
	}
}

int main(int argc, char **argv)
{
	struct settings s;
	parse_args(argc, argv, &s);
	int cpu = pin_cpu(s.cpu);

	int version = PAPI_library_init(PAPI_VER_CURRENT);
	if (version != PAPI_VER_CURRENT)
		die("PAPI_library_init: %s",
		    version < 0 ? PAPI_strerror(version) : "wrong version");
	int domain = PAPI_get_opt(PAPI_DEFDOM, NULL);
	if (domain <= 0)
		domain = PAPI_DOM_USER;

	if (s.callgrind_n) {
		callgrind_mode(&s, domain);
		PAPI_shutdown();
		return 0;
	}
	if (s.hl) {
		hl_mode(&s, cpu);
		PAPI_shutdown();
		return 0;
	}
	if (s.loop_n) {
		if (s.loop_n < 0)
			s.loop_n = 0;
		loop_mode(&s, domain);
		PAPI_shutdown();
		return 0;
	}

	struct syscall_counter counter;
	bool counting = false;
	char why[160] = "";
	if (s.sys_enter < 0)
		s.sys_enter = find_sys_enter();
	if (s.sys_enter > 0)
		counting = counter_open(&counter, s.sys_enter, why, sizeof(why));
	else if (s.sys_enter < 0)
		snprintf(why, sizeof(why),
		         "raw_syscalls:sys_enter not found under /sys/kernel/tracing or "
		         "/sys/kernel/debug/tracing (tracefs not mounted?); pass --sys-enter-id");

	print_header(&s, cpu);
	measure_timer(101, s.calls);

	struct result results[MAX_SIZES];
	memset(results, 0, sizeof(results));
	for (int r = 0; r < s.size_count; r++) {
		struct fixture f;
		fixture_open(&f, s.sizes[r], domain);
		results[r].size = s.sizes[r];
		if (s.timing) {
			time_op(&f, OP_START, &s, &results[r]);
			time_op(&f, OP_READ, &s, &results[r]);
			time_op(&f, OP_ACCUM, &s, &results[r]);
			time_op(&f, OP_RESET, &s, &results[r]);
		}
		if (counting) {
			for (int op = 0; op < TIMING_OPS; op++) {
				count_op(&f, &counter, (enum op)op, true, s.syscall_n,
				         &results[r].papi_calls[op]);
				count_op(&f, &counter, (enum op)op, false, s.syscall_n,
				         &results[r].raw_calls[op]);
			}
			results[r].counted = true;
		}
		set_running(&f, false);
		fixture_close(&f);
	}

	if (s.timing)
		print_timing(results, s.size_count, &s);
	if (counting)
		print_syscalls(results, s.size_count, &s);
	else if (s.sys_enter != 0)
		printf("Syscalls per call: not counted: %s\n", why);
	if (counting)
		counter_close(&counter);
	PAPI_shutdown();
	return 0;
}
