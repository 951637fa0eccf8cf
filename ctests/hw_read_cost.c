// SPDX-License-Identifier: BSD-3-Clause
/* Benchmark (a hardware ctest, so that the lab cross-builds and runs it):
 * instructions per PAPI_read through the user-space path and through
 * read(), for sets of 1, 4, 6 and 8 hardware events, in the same run.
 *
 * The meter is a counter the test opens itself with perf_event_open: cycles,
 * pinned (it always counts), kernel included, around a loop of n PAPI_read
 * calls. Under QEMU -icount shift=0 cycles equal instructions, user and
 * kernel alike, so it counts every instruction the reads execute, on both
 * sides of the system call; on arm64 it sits on the dedicated cycle
 * counter and leaves the six general counters to the set. On aarch64,
 * whose PMU filters by mode exactly, a second pass with the meter in user
 * mode only splits the figure into user and kernel instructions (riscv64's
 * and ppc64le's count every mode: totals only there).
 *
 * Per read: (meter(2n) - meter(n)) / n, which cancels the meter's own
 * enabling and disabling; each meter figure is the smallest of REPEATS
 * runs: runs are kept to about 1M instructions so that most take no timer
 * or multiplexing interrupt (one every 4M here), and those that do count
 * more. Observed in the lab: the user-space figures repeat exactly from
 * run to run and on both arm64 CPUs; the read() figures move by under 1%
 * (the kernel's read path varies by a few instructions per call, and by
 * CPU model). --debug prints every run.
 *
 * The sets hold names of the instructions event (each its own counter).
 * On arm64, 1, 4 and 6 events fit beside the meter in one group; 8 do not
 * (6 general counters): that set is multiplexed by the kernel, so at any
 * moment 6 of its events are on a counter and read in user space, and 2
 * are read with read() (one system call each). The table says which.
 *
 * On a machine with a real PMU (no icount) the meter is a group of cycles
 * and instructions, and both are printed per read (bench/run.sh runs it).
 *
 * Asserts, where user reads are on and counts come from icount: for one
 * event the read() path takes at least 5 times the instructions of the
 * user-space path (issue 6's target). Skips where there is no hardware PMU
 * or no user-space read; bench/lab-read-cost.sh runs it in the lab and
 * doc/performance.md holds the figures. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "hw_common.c"

#ifdef PAPILLON

#include <errno.h>
#include <linux/perf_event.h>
#include <sys/ioctl.h>
#include <unistd.h>

#define MAX_EVENTS 8
#define REPEATS    9
#define MIN_READS  8
#define MAX_READS  4096
/* Instructions a measured loop of 2n reads aims at: well below the 4M
 * between two timer ticks (HZ=250 under icount), so most runs see none. */
#define RUN_BUDGET 1000000.0
#define TARGET     5.0

static bool debug;

static const int sizes[] = {1, 4, 6, 8};
#define SIZE_COUNT ((int)(sizeof(sizes) / sizeof(sizes[0])))

struct meter {
	int leader;
	int sibling; /* instructions on hardware; -1 under icount */
};

struct cost {
	double total[2]; /* per read: meter (cycles = instructions under icount), sibling */
	double user;     /* per read, user mode only (meter 0) */
};

struct row {
	int size;
	bool multiplexed;
	struct cost path[2]; /* [0] user space (AUTO), [1] read() (OFF) */
	int user_events;     /* events read in user space in AUTO mode */
};

static int open_counter(uint64_t config, bool kernel, int group)
{
	struct perf_event_attr attr = {.type = PERF_TYPE_HARDWARE,
	                               .config = config,
	                               .disabled = group < 0,
	                               .pinned = group < 0,
	                               .exclude_kernel = !kernel,
	                               .exclude_hv = !kernel,
	                               .read_format = PERF_FORMAT_GROUP};
	return ctest_perf_open(&attr, group);
}

static struct meter meter_open(bool kernel)
{
	struct meter m = {.leader = open_counter(PERF_COUNT_HW_CPU_CYCLES, kernel, -1),
	                  .sibling = -1};

	if (m.leader < 0 && kernel && (errno == EACCES || errno == EPERM))
		ctest_skip("counting the kernel's instructions needs perf_event_paranoid <= 1 or "
		           "CAP_PERFMON (%s)",
		           strerror(errno));
	FAIL_IF(m.leader < 0, "perf_event_open(cycles, pinned) failed: %s", strerror(errno));
	if (!hw_icount()) {
		m.sibling = open_counter(PERF_COUNT_HW_INSTRUCTIONS, kernel, m.leader);
		FAIL_IF(m.sibling < 0, "perf_event_open(instructions) failed: %s", strerror(errno));
	}
	return m;
}

static void meter_close(struct meter *m)
{
	if (m->sibling >= 0)
		close(m->sibling);
	close(m->leader);
}

__attribute__((noinline)) static void read_loop(int eventset, long long *values, int n)
{
	for (int i = 0; i < n; i++)
		PAPI_read(eventset, values);
}

/* The meter's counts over n reads. */
static void meter_run(const struct meter *m, int eventset, int n, uint64_t out[2])
{
	uint64_t group[3] = {0, 0, 0};
	long long values[MAX_EVENTS];

	ioctl(m->leader, PERF_EVENT_IOC_RESET, PERF_IOC_FLAG_GROUP);
	ioctl(m->leader, PERF_EVENT_IOC_ENABLE, PERF_IOC_FLAG_GROUP);
	read_loop(eventset, values, n);
	ioctl(m->leader, PERF_EVENT_IOC_DISABLE, PERF_IOC_FLAG_GROUP);
	FAIL_IF(read(m->leader, group, sizeof(group)) <= 0, "read of the meter failed: %s",
	        strerror(errno));
	out[0] = group[1];
	out[1] = group[0] > 1 ? group[2] : 0;
}

/* The smallest of REPEATS runs, per counter. */
static void meter_best(const struct meter *m, int eventset, int n, uint64_t best[2])
{
	best[0] = best[1] = UINT64_MAX;
	for (int r = 0; r < REPEATS; r++) {
		uint64_t got[2];
		meter_run(m, eventset, n, got);
		if (debug)
			ctest_note("debug: n=%d run %d: %llu %llu", n, r,
			           (unsigned long long)got[0], (unsigned long long)got[1]);
		for (int i = 0; i < 2; i++)
			if (got[i] < best[i])
				best[i] = got[i];
	}
}

/* Per read, from the difference of n and 2n reads. */
static void per_read(const struct meter *m, int eventset, double out[2])
{
	uint64_t probe[2], one[2], two[2];

	meter_run(m, eventset, MIN_READS, probe);
	double estimate = (double)probe[0] / MIN_READS;
	int n = (int)(RUN_BUDGET / 2 / (estimate > 1 ? estimate : 1));
	n = n < MIN_READS ? MIN_READS : n > MAX_READS ? MAX_READS : n;
	meter_best(m, eventset, n, one);
	meter_best(m, eventset, 2 * n, two);
	for (int i = 0; i < 2; i++)
		out[i] = ((double)two[i] - (double)one[i]) / n;
}

/* A running set of size instructions events; multiplexed when they do
 * not fit in one group. */
static int start_set(char (*names)[HW_NAME_LEN], int size, bool *multiplexed)
{
	for (int attempt = 0; attempt < 2; attempt++) {
		int eventset = hw_user_eventset(), rc = PAPI_OK;
		*multiplexed = attempt == 1;
		if (*multiplexed) {
			PAPI_option_t option;
			memset(&option, 0, sizeof(option));
			option.multiplex.eventset = eventset;
			option.multiplex.flags = PAPI_MULTIPLEX_DEFAULT;
			CHECK_OK(PAPI_set_opt(PAPI_MULTIPLEX, &option));
		}
		for (int i = 0; i < size && rc == PAPI_OK; i++)
			rc = PAPI_add_named_event(eventset, names[i]);
		if (rc == PAPI_OK)
			rc = PAPI_start(eventset);
		if (rc == PAPI_OK)
			return eventset;
		FAIL_IF(rc != PAPI_ECNFLCT || *multiplexed, "%d events: %s%s", size,
		        ctest_errname(rc), ctest_reason());
		ctest_eventset_free(&eventset);
	}
	return PAPI_NULL;
}

static struct row measure(char (*names)[HW_NAME_LEN], int size, const struct meter *all,
                          const struct meter *user_only)
{
	struct row row = {.size = size};
	long long values[MAX_EVENTS];
	int eventset = start_set(names, size, &row.multiplexed);

	hw_loop(1000000);
	CHECK_OK(PAPI_read(eventset, values));
	for (int i = 0; i < size; i++)
		row.user_events +=
		    PAPI_event_read_path(eventset, i, NULL, 0) == PAPI_READ_PATH_USER;
	for (int p = 0; p < 2; p++) {
		double user[2];
		CHECK_OK(
		    PAPI_set_user_read(eventset, p ? PAPI_USER_READ_OFF : PAPI_USER_READ_AUTO));
		per_read(all, eventset, row.path[p].total);
		if (user_only) {
			per_read(user_only, eventset, user);
			row.path[p].user = user[0];
		}
	}
	CHECK_OK(PAPI_stop(eventset, values));
	ctest_eventset_free(&eventset);
	return row;
}

/* The kernel's part: total less user, which rounding may take below 0. */
static double kernel_part(const struct cost *c)
{
	double kernel = c->total[0] - c->user;
	return kernel < 0.05 ? 0.0 : kernel;
}

static void print_row(const struct row *r)
{
	const struct cost *u = &r->path[0], *s = &r->path[1];
	char mode[32];

	snprintf(mode, sizeof(mode), "%s, %d user", r->multiplexed ? "multiplexed" : "group",
	         r->user_events);
	if (hw_exact())
		ctest_note("%-6d %-18s %8.1f (%6.1f + %6.1f)  %8.1f (%6.1f + %7.1f)  %6.1fx",
		           r->size, mode, u->total[0], u->user, kernel_part(u), s->total[0],
		           s->user, kernel_part(s), s->total[0] / u->total[0]);
	else if (hw_icount())
		ctest_note("%-6d %-18s %8.1f  %8.1f  %6.1fx", r->size, mode, u->total[0],
		           s->total[0], s->total[0] / u->total[0]);
	else
		ctest_note("%-6d %-18s %9.1f %9.1f  %9.1f %9.1f  %6.1fx %6.1fx", r->size, mode,
		           u->total[1], u->total[0], s->total[1], s->total[0],
		           s->total[1] / u->total[1], s->total[0] / u->total[0]);
}

int main(int argc, char **argv)
{
	char names[MAX_EVENTS][HW_NAME_LEN];
	struct row rows[SIZE_COUNT];

	ctest_init(argc, argv);
	debug = argc > 1 && strcmp(argv[1], "--debug") == 0;
	ctest_library_init();
	hw_require_pmu();
	SKIP_IF(!hw_user_reads(), "no user-space reads here: nothing to compare read() with");
	CHECK_OK(PAPI_multiplex_init());
	int found = hw_spellings(hw_instruction_bases, HW_INSTRUCTION_BASES, names, MAX_EVENTS);
	SKIP_IF(found < MAX_EVENTS, "only %d names of the instructions event add here, want %d",
	        found, MAX_EVENTS);

	/* The user/kernel split only where the PMU filters by mode exactly. */
	struct meter all = meter_open(true), user_only = {-1, -1};
	if (hw_exact())
		user_only = meter_open(false);
	for (int i = 0; i < SIZE_COUNT; i++)
		rows[i] = measure(names, sizes[i], &all, hw_exact() ? &user_only : NULL);
	meter_close(&all);
	if (hw_exact())
		meter_close(&user_only);

	ctest_note("PAPI_read cost, %s%s", hw_lab_conf()[0] ? "lab " : "",
	           hw_lab_conf()[0] ? hw_lab_conf() : "this machine");
	if (hw_exact()) {
		ctest_note("instructions per PAPI_read (user + kernel: cycles under QEMU -icount "
		           "shift=0), from the smallest of %d runs",
		           REPEATS);
		ctest_note("%-6s %-18s %-26s %-27s %s", "events", "set", "user-space path",
		           "read() path", "ratio");
	} else if (hw_icount()) {
		ctest_note("instructions per PAPI_read (cycles under QEMU -icount shift=0; this "
		           "PMU counts every mode: totals only), from the smallest of %d runs",
		           REPEATS);
		ctest_note("%-6s %-18s %8s  %8s  %s", "events", "set", "user", "read()", "ratio");
	} else {
		ctest_note("per PAPI_read, user and kernel; from the smallest of %d runs", REPEATS);
		ctest_note("%-6s %-18s %9s %9s  %9s %9s  %7s %7s", "events", "set", "user ins",
		           "user cyc", "sys ins", "sys cyc", "ins", "cyc");
	}
	for (int i = 0; i < SIZE_COUNT; i++)
		print_row(&rows[i]);

	double ratio = rows[0].path[1].total[0] / rows[0].path[0].total[0];
	FAIL_IF(rows[0].user_events != 1, "the 1-event set is not read in user space");
	FAIL_IF(hw_icount() && ratio < TARGET,
	        "one event: read() takes %.1f instructions, the user-space path %.1f: %.2fx, "
	        "want at least %.0fx",
	        rows[0].path[1].total[0], rows[0].path[0].total[0], ratio, TARGET);
	ctest_pass();
}

#else

CTEST_MAIN_WITHOUT_PAPILLON("user-space reads")

#endif
