// SPDX-License-Identifier: BSD-3-Clause
/* Hardware: counters the kernel takes away from a running set.
 *
 *  - another process pins events on every counter of CPU 0 (pid -1, cpu 0,
 *    attr.pinned), or opens an exclusive pinned group there, while the set
 *    counts its thread on CPU 0: the kernel takes the set's group off the
 *    counters (its time running stops while its time enabled goes on).
 *    PAPI_read and PAPI_stop must refuse with PAPI_ECNFLCT and the reason
 *    instead of handing out the short counts, leave the caller's values
 *    alone, and the read before the fault counted the known loop exactly
 *    (2N + R, N = 1000). The set stops all the same; once the other process has
 *    gone, a reset and a start count the loop exactly again (2N + F);
 *  - CPU 1 goes offline under a set counting it (PAPI_CPU_ATTACH; case
 *    "cpu_offline", which needs a second CPU: the lab's aarch64-smp2): the
 *    kernel stops the CPU's events for good and breaks their groups up;
 *    a set the kernel multiplexes (each event alone) sees their times
 *    stand still. Reads and the stop refuse with PAPI_ECLOST and a reason, offline or
 *    online again, and leave the counts the caller read before as they
 *    were; the set can be cleaned up, and a new one counts the CPU.
 * Exact counts need aarch64 under -icount shift=0: the test skips
 * elsewhere, saying so; it needs root (CPU-wide events, CPU hot-plug). */
#define _GNU_SOURCE
#include <sched.h>

#include "hw_common.c"

#define LOOP_N 1000000
/* The loop read while it runs, before the fault: short enough for no timer
 * tick to land in it. With one there (N = 1,000,000: 2 ms of the 4 ms
 * between ticks under -icount shift=0), the read counted 2N + R + 1, seen
 * twice, while stops count exactly across ticks (hw_instructions). */
#define READ_N         1000
#define SENTINEL       (-12345LL)
#define THIEF_EVENTS   32
#define OFFLINE_CPU    1
#define CPU_SLACK_INSN 20000 /* the library's own user instructions on the CPU */

static void run_on_cpu(int cpu)
{
	cpu_set_t set;
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	FAIL_IF(sched_setaffinity(0, sizeof(set), &set) != 0, "cannot run on CPU %d: %s", cpu,
	        strerror(errno));
}

/* Another process that holds CPU 0's counters: pinned events on all of
 * them (one exclusive pinned group when exclusive), until told to go. */
struct thief {
	pid_t pid;
	int go;
};

static int open_cpu0(uint64_t config, bool exclusive)
{
	struct perf_event_attr attr;
	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = PERF_TYPE_HARDWARE;
	attr.config = config;
	attr.disabled = 1;
	attr.pinned = 1;
	attr.exclusive = exclusive;
	return (int)syscall(SYS_perf_event_open, &attr, -1, 0, -1, 0);
}

static struct thief thief_start(bool exclusive)
{
	int ready[2], go[2];
	FAIL_IF(pipe(ready) != 0 || pipe(go) != 0, "pipe: %s", strerror(errno));
	pid_t pid = fork();
	FAIL_IF(pid < 0, "fork: %s", strerror(errno));
	if (pid == 0) {
		close(ready[0]);
		close(go[1]);
		int opened = 0, fds[THIEF_EVENTS];
		int wanted = exclusive ? 1 : THIEF_EVENTS;
		for (int i = 0; i < wanted; i++) {
			uint64_t config =
			    i == 0 ? PERF_COUNT_HW_CPU_CYCLES : PERF_COUNT_HW_INSTRUCTIONS;
			fds[i] =
			    open_cpu0(exclusive ? PERF_COUNT_HW_INSTRUCTIONS : config, exclusive);
			if (fds[i] < 0)
				break;
			ioctl(fds[i], PERF_EVENT_IOC_ENABLE, 0);
			opened++;
		}
		int answer = opened > 0 ? opened : -errno;
		char byte;
		if (write(ready[1], &answer, sizeof(answer)) != sizeof(answer))
			_exit(2);
		if (read(go[0], &byte, 1) < 0)
			_exit(2);
		_exit(0);
	}
	close(ready[1]);
	close(go[0]);
	int answer = 0;
	FAIL_IF(read(ready[0], &answer, sizeof(answer)) != sizeof(answer),
	        "the other process did not answer");
	close(ready[0]);
	FAIL_IF(answer <= 0, "the other process could not open CPU-wide pinned events: %s",
	        strerror(-answer));
	ctest_note("another process holds %d pinned%s events on CPU 0", answer,
	           exclusive ? " exclusive" : "");
	return (struct thief){.pid = pid, .go = go[1]};
}

static void thief_stop(struct thief *thief)
{
	int status = 0;
	close(thief->go);
	FAIL_IF(waitpid(thief->pid, &status, 0) != thief->pid, "waitpid: %s", strerror(errno));
	FAIL_IF(!WIFEXITED(status) || WEXITSTATUS(status) != 0,
	        "the other process failed (status %#x)", (unsigned)status);
}

/* R: the user instructions PAPI_read counts besides the loop after a
 * start (the read's twin of hw_fixed's F), the same on every run. */
static long long read_fixed(int set)
{
	long long first = -1;
	for (int i = 0; i < 4; i++) {
		long long value = 0;
		CHECK_OK(PAPI_start(set));
		hw_loop(1);
		CHECK_OK(PAPI_read(set, &value));
		CHECK_OK(PAPI_stop(set, NULL));
		if (i == 1)
			first = value;
		FAIL_IF(i > 1 && value != first,
		        "a 1-iteration loop read %lld, then %lld: not repeatable", first, value);
	}
	return first - 2;
}

static void expect_refused(int rc, int code, long long value, const char *call, const char *words)
{
	FAIL_IF(rc != code, "%s returned %s%s, want %s", call, ctest_errname(rc), ctest_reason(),
	        ctest_errname(code));
	FAIL_IF(!strstr(PAPI_strreason(), words), "%s: the reason does not say \"%s\": %s", call,
	        words, PAPI_strreason());
	FAIL_IF(value != SENTINEL, "%s wrote %lld over the caller's value", call, value);
}

/* A refusal with PAPI_ECLOST and a reason that says WORDS, the caller's
 * COUNT values (the counts read before the fault) left as they were. */
static void expect_refused_keeping(int rc, const long long *before, const long long *values,
                                   int count, const char *call, const char *words)
{
	FAIL_IF(rc != PAPI_ECLOST, "%s returned %s%s, want PAPI_ECLOST", call, ctest_errname(rc),
	        ctest_reason());
	FAIL_IF(!strstr(PAPI_strreason(), words), "%s: the reason does not say \"%s\": %s", call,
	        words, PAPI_strreason());
	for (int i = 0; i < count; i++)
		FAIL_IF(values[i] != before[i],
		        "%s wrote %lld over event %d's count read before the fault (%lld)", call,
		        values[i], i, before[i]);
}

static void counters_taken(bool exclusive)
{
	const char *what = exclusive ? "exclusive group" : "pinned events";
	run_on_cpu(0);
	int set = hw_user_set_of(HW_INSTRUCTIONS, true, NULL);
	long long fixed = hw_fixed(set);
	long long read_part = read_fixed(set);
	long long before = 0, value = SENTINEL;

	CHECK_OK(PAPI_start(set));
	hw_loop(READ_N);
	CHECK_OK(PAPI_read(set, &before));
	FAIL_IF(before != 2LL * READ_N + read_part,
	        "%s: read %lld before the fault, want exactly 2N + R = %lld", what, before,
	        2LL * READ_N + read_part);

	struct thief thief = thief_start(exclusive);
	hw_loop(LOOP_N);
	expect_refused(PAPI_read(set, &value), PAPI_ECNFLCT, value, "PAPI_read",
	               "took the counters away");
	ctest_note("%s: read %lld = 2N + %lld before; then PAPI_read: %s", what, before, read_part,
	           PAPI_strreason());
	expect_refused(PAPI_read(set, &value), PAPI_ECNFLCT, value, "PAPI_read again",
	               "took the counters away");
	thief_stop(&thief);
	expect_refused(PAPI_stop(set, &value), PAPI_ECNFLCT, value, "PAPI_stop",
	               "took the counters away");
	int state = 0;
	CHECK_OK(PAPI_state(set, &state));
	FAIL_IF(!(state & PAPI_STOPPED) || (state & PAPI_RUNNING),
	        "%s: the set is not stopped after the failed stop (state %#x)", what,
	        (unsigned)state);
	expect_refused(PAPI_read(set, &value), PAPI_ECNFLCT, value, "PAPI_read after the stop",
	               "its stop failed");

	/* Back: a reset forgets the short counts, a start counts whole. */
	CHECK_OK(PAPI_reset(set));
	CHECK_OK(PAPI_read(set, &value));
	FAIL_IF(value != 0, "%s: the reset set reads %lld", what, value);
	hw_check_loop(set, exclusive ? "after the exclusive group left" : "after the pins left",
	              LOOP_N, fixed);
	CHECK_OK(PAPI_cleanup_eventset(set));
	CHECK_OK(PAPI_destroy_eventset(&set));
}

static int cpu_set_of(int cpu, const char *const *names, int count)
{
	int set = hw_user_eventset();
	PAPI_option_t option;
	memset(&option, 0, sizeof(option));
	option.cpu.eventset = set;
	option.cpu.cpu_num = (unsigned)cpu;
	CHECK_OK(PAPI_set_opt(PAPI_CPU_ATTACH, &option));
	for (int i = 0; i < count; i++)
		CHECK_OK(PAPI_add_named_event(set, names[i]));
	return set;
}

static bool set_online(int cpu, bool online)
{
	char path[96];
	snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/online", cpu);
	FILE *file = fopen(path, "w");
	if (!file)
		return false;
	bool written = fputs(online ? "1" : "0", file) >= 0;
	return fclose(file) == 0 && written;
}

/* The counts of a set on CPU 1 while this thread runs the loop there. */
static void count_loop_on_cpu(const int *sets, int count, long long values[][2])
{
	run_on_cpu(OFFLINE_CPU);
	for (int i = 0; i < count; i++)
		CHECK_OK(PAPI_start(sets[i]));
	hw_loop(LOOP_N);
	for (int i = 0; i < count; i++) {
		CHECK_OK(PAPI_read(sets[i], values[i]));
		FAIL_IF(values[i][0] < 2LL * LOOP_N || values[i][0] > 2LL * LOOP_N + CPU_SLACK_INSN,
		        "CPU %d counted %lld user instructions for a loop of 2N = %lld run there "
		        "(up to %d more for the library)",
		        OFFLINE_CPU, values[i][0], 2LL * LOOP_N, CPU_SLACK_INSN);
	}
	run_on_cpu(0);
}

/* Whether CPU 1 is there to take offline (online, its switch writable). */
static bool second_cpu(void)
{
	char path[96];
	snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/online", OFFLINE_CPU);
	return sysconf(_SC_NPROCESSORS_ONLN) >= 2 && access(path, W_OK) == 0;
}

/* The sets the cpu_offline case takes the CPU from, and their events. */
#define SETS 3
static const int set_events[SETS] = {1, 2, 2};

static void cpu_offline(bool have_cpu)
{
	if (!have_cpu) {
		ctest_skip_case("cpu_offline",
		                "the guest has no CPU %d it can take offline (one CPU: the lab's "
		                "aarch64-smp2 guest runs this case)",
		                OFFLINE_CPU);
		return;
	}
	FAIL_IF(!set_online(OFFLINE_CPU, true), "cannot bring CPU %d online: %s", OFFLINE_CPU,
	        strerror(errno));
	static const char *const alone[] = {"perf::INSTRUCTIONS"};
	static const char *const pair[] = {"perf::INSTRUCTIONS", "perf::CYCLES"};
	/* One event (the kernel stops its time), a group of two (the kernel
	 * breaks it up), and the two multiplexed by the kernel (each event
	 * alone, its counts scaled). */
	int sets[SETS] = {cpu_set_of(OFFLINE_CPU, alone, 1), cpu_set_of(OFFLINE_CPU, pair, 2),
	                  cpu_set_of(OFFLINE_CPU, pair, 2)};
	CHECK_OK(PAPI_set_multiplex(sets[2]));
	long long before[SETS][2];
	count_loop_on_cpu(sets, SETS, before);

	FAIL_IF(!set_online(OFFLINE_CPU, false), "cannot take CPU %d offline: %s", OFFLINE_CPU,
	        strerror(errno));
	/* Each refused call is handed the array that holds the counts read
	 * before the CPU left: they must come back as they were. */
	for (int i = 0; i < SETS; i++) {
		long long kept[2] = {before[i][0], before[i][1]};
		expect_refused_keeping(PAPI_read(sets[i], kept), before[i], kept, set_events[i],
		                       "PAPI_read (CPU offline)", "went offline");
		ctest_note("set %d on CPU %d: read %lld before; offline: %s", i + 1, OFFLINE_CPU,
		           before[i][0], PAPI_strreason());
	}
	FAIL_IF(!set_online(OFFLINE_CPU, true), "cannot bring CPU %d back: %s", OFFLINE_CPU,
	        strerror(errno));
	for (int i = 0; i < SETS; i++) {
		long long kept[2] = {before[i][0], before[i][1]};
		expect_refused_keeping(PAPI_read(sets[i], kept), before[i], kept, set_events[i],
		                       "PAPI_read (CPU online again)", "online again");
		expect_refused_keeping(PAPI_stop(sets[i], kept), before[i], kept, set_events[i],
		                       "PAPI_stop", "went offline");
		CHECK_OK(PAPI_cleanup_eventset(sets[i]));
		CHECK_OK(PAPI_destroy_eventset(&sets[i]));
	}

	/* The events added again count the CPU. */
	int again = cpu_set_of(OFFLINE_CPU, pair, 2);
	long long after[1][2];
	count_loop_on_cpu(&again, 1, after);
	ctest_note("a new set on CPU %d: %lld instructions for the loop", OFFLINE_CPU, after[0][0]);
	CHECK_OK(PAPI_stop(again, NULL));
	CHECK_OK(PAPI_cleanup_eventset(again));
	CHECK_OK(PAPI_destroy_eventset(&again));
}

int main(int argc, char **argv)
{
	ctest_init(argc, argv);
	ctest_library_init();
	hw_require_pmu();
	SKIP_IF(!hw_exact(), "exact counts are needed (aarch64 in the lab, -icount shift=0)");
	SKIP_IF(geteuid() != 0, "CPU-wide events and CPU hot-plug need root");
	CHECK_OK(PAPI_multiplex_init());
	/* The exact part runs as in the suite's one-CPU guests: CPU 1, when
	 * there is one, is offline until the cpu_offline case. */
	bool have_cpu = second_cpu();
	FAIL_IF(have_cpu && !set_online(OFFLINE_CPU, false), "cannot take CPU %d offline: %s",
	        OFFLINE_CPU, strerror(errno));
	counters_taken(false);
	counters_taken(true);
	cpu_offline(have_cpu);
	ctest_pass();
}
