// SPDX-License-Identifier: BSD-3-Clause
/* Hardware: the soak on hardware events (issue 20; scripts/soak runs the
 * same life cycle on software events on the build machines).
 *
 *   hw_soak [-q] [CYCLES [THREAD_ROUNDS]]     (default 10000 and 100)
 *
 * Each cycle creates a user-mode set of perf::INSTRUCTIONS and
 * perf::CYCLES, starts it, runs a known loop (2 * LOOP instructions),
 * reads, stops, cleans up and destroys it. Each thread round starts
 * THREADS threads that register, count the same loop in a set of their own
 * and exit without unregistering. After a warm-up (1% of the cycles, 10% of
 * the rounds: what the library and the C library keep for good) and at the
 * end, the process's open fds must be the same and its resident memory
 * within RSS_SLACK_KIB; only the main thread may still be registered.
 *
 * The counts are checked in every cycle and thread: on aarch64 in the lab
 * (exact user-mode counts under -icount shift=0) the loop's instructions,
 * and what the stop adds to the read, are the same in all of them, to the
 * instruction; elsewhere (ppc64le and riscv64 count the kernel's
 * instructions too, see hw_common.c) each lies between the loop's 2 * LOOP
 * and that plus KERNEL_SLACK. A PMU whose counters leak or stick would
 * break one or the other long before the end. Skips without a hardware
 * PMU. */
#include <pthread.h>
#include <time.h>

#include "hw_common.c"

enum {
	LOOP = 5000,
	THREADS = 4,
	RSS_SLACK_KIB = 1024,
	/* Where the PMU counts the kernel too: a timer interrupt's few
	 * thousand instructions, several times over, and a system call's. */
	KERNEL_SLACK = 100000,
	/* A user read's retry: at most this many instructions more. */
	READ_RETRY_MAX = 64,
};

static const char *const EVENTS[] = {"perf::INSTRUCTIONS", "perf::CYCLES"};

/* The warm-up's figures, which every later cycle and thread must repeat
 * where counts are exact: the loop's instructions as read, and the
 * instructions between the read and the stop. */
static long long reference_read = -1, reference_tail = -1;
static long retries;
static bool calibrating = true;
static pthread_mutex_t reference_lock = PTHREAD_MUTEX_INITIALIZER;

static long resident_kib(void)
{
	long pages = 0, resident = 0;
	FILE *file = fopen("/proc/self/statm", "r");
	FAIL_IF(!file, "cannot open /proc/self/statm");
	int fields = fscanf(file, "%ld %ld", &pages, &resident);
	fclose(file);
	FAIL_IF(fields != 2, "cannot parse /proc/self/statm");
	return resident * (sysconf(_SC_PAGESIZE) / 1024);
}

static double seconds_now(void)
{
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

/* Holds read (the loop's count) and tail (stop less read) to the warm-up's
 * figures where counts are exact, to the bounds otherwise. */
static void check_counts(const char *who, long n, long long read, long long tail)
{
	FAIL_IF(read < 2LL * LOOP || tail < 0,
	        "%s %ld: read %lld instructions for a loop of %d, then %lld more at the stop", who,
	        n, read, 2 * LOOP, tail);
	pthread_mutex_lock(&reference_lock);
	if (calibrating) {
		/* The warm-up's smallest figures, in case its first cycle
		 * was a read's retry. */
		if (reference_read < 0 || read < reference_read)
			reference_read = read;
		if (reference_tail < 0 || tail < reference_tail)
			reference_tail = tail;
	}
	long long want_read = reference_read, want_tail = reference_tail;
	pthread_mutex_unlock(&reference_lock);
	if (!hw_exact()) {
		FAIL_IF(read > 2LL * LOOP + KERNEL_SLACK || tail > KERNEL_SLACK,
		        "%s %ld: read %lld instructions for a loop of %d, then %lld more at the "
		        "stop (more than %d besides the loop)",
		        who, n, read, 2 * LOOP, tail, KERNEL_SLACK);
		return;
	}
	/* A user-space read that a preemption interrupts runs its loop once
	 * more (hw_user_read_sleep saw 9 instructions more for one counter):
	 * a few more instructions, in a few cycles, is that retry; a counter
	 * that leaks or sticks is off in every cycle after it. */
	long long extra_read = read - want_read, extra_tail = tail - want_tail;
	bool retry = extra_read >= 0 && extra_tail >= 0 && extra_read + extra_tail > 0 &&
	             extra_read <= READ_RETRY_MAX && extra_tail <= READ_RETRY_MAX;
	FAIL_IF((extra_read || extra_tail) && !retry,
	        "%s %ld: read %lld instructions and %lld more at the stop; the warm-up "
	        "counted %lld and %lld in the warm-up (exact counts)",
	        who, n, read, tail, want_read, want_tail);
	if (retry) {
		pthread_mutex_lock(&reference_lock);
		retries++;
		pthread_mutex_unlock(&reference_lock);
	}
}

/* One set's whole life; the loop counted. */
static void one_life(const char *who, long n)
{
	long long at_read[2] = {-1, -1}, at_stop[2] = {-1, -1};
	int set = hw_user_eventset();
	for (size_t i = 0; i < sizeof EVENTS / sizeof EVENTS[0]; i++)
		CHECK_OK(PAPI_add_named_event(set, EVENTS[i]));
	CHECK_OK(PAPI_start(set));
	hw_loop(LOOP);
	CHECK_OK(PAPI_read(set, at_read));
	CHECK_OK(PAPI_stop(set, at_stop));
	FAIL_IF(at_read[1] <= 0 || at_stop[1] < at_read[1],
	        "%s %ld: cycles read %lld, then %lld at the stop", who, n, at_read[1], at_stop[1]);
	check_counts(who, n, at_read[0], at_stop[0] - at_read[0]);
	CHECK_OK(PAPI_cleanup_eventset(set));
	CHECK_OK(PAPI_destroy_eventset(&set));
}

static void *counting_thread(void *arg)
{
	CHECK_OK(PAPI_register_thread());
	one_life("thread round", (long)(intptr_t)arg);
	return NULL; /* exits registered: the library forgets it */
}

static void thread_round(long round)
{
	pthread_t ids[THREADS];
	for (int t = 0; t < THREADS; t++)
		FAIL_IF(pthread_create(&ids[t], NULL, counting_thread, (void *)(intptr_t)round) !=
		            0,
		        "pthread_create failed");
	for (int t = 0; t < THREADS; t++)
		pthread_join(ids[t], NULL);
}

struct figures {
	int fds;
	long rss;
};

static struct figures measure(void)
{
	int fds = ctest_open_fds();
	FAIL_IF(fds < 0, "cannot list /proc/self/fd");
	return (struct figures){fds, resident_kib()};
}

static void report(const char *phase, long count, double seconds, struct figures start)
{
	struct figures end = measure();
	ctest_note("%s: %ld in %.1f s (%.0f us each); fds %d -> %d; RSS %ld -> %ld KiB", phase,
	           count, seconds, seconds * 1e6 / (double)count, start.fds, end.fds, start.rss,
	           end.rss);
	FAIL_IF(end.fds != start.fds, "%s: %d fds open after the warm-up, %d at the end", phase,
	        start.fds, end.fds);
	FAIL_IF(end.rss - start.rss > RSS_SLACK_KIB,
	        "%s: resident memory grew by %ld KiB (more than %d)", phase, end.rss - start.rss,
	        RSS_SLACK_KIB);
}

/* The numbers on the command line, past the ctests' own flags. */
static long argument(int argc, char **argv, int which, long fallback)
{
	int seen = 0;
	for (int i = 1; i < argc; i++) {
		char *end;
		long value = strtol(argv[i], &end, 10);
		if (*argv[i] && !*end && seen++ == which)
			return value > 0 ? value : fallback;
	}
	return fallback;
}

int main(int argc, char **argv)
{
	ctest_init(argc, argv);
	long cycles = argument(argc, argv, 0, 10000);
	long rounds = argument(argc, argv, 1, 100);
	ctest_library_init();
	CHECK_OK(PAPI_thread_init((unsigned long (*)(void))pthread_self));
	hw_require_pmu();
	int probe = hw_user_set_of(HW_INSTRUCTIONS, true, NULL);
	int rc = PAPI_add_named_event(probe, "perf::CYCLES");
	SKIP_IF(rc != PAPI_OK, "perf::CYCLES cannot count beside perf::INSTRUCTIONS here: %s%s",
	        ctest_errname(rc), ctest_reason());
	ctest_eventset_free(&probe);

	for (long i = 0; i < cycles / 100 + 1; i++)
		one_life("warm-up cycle", i);
	calibrating = false;
	struct figures start = measure();
	double t0 = seconds_now();
	for (long i = 0; i < cycles; i++)
		one_life("cycle", i);
	report("cycles", cycles, seconds_now() - t0, start);

	for (long r = 0; r < rounds / 10 + 1; r++)
		thread_round(r);
	start = measure();
	t0 = seconds_now();
	for (long r = 0; r < rounds; r++)
		thread_round(r);
	report("thread rounds", rounds, seconds_now() - t0, start);

	long lives = cycles + cycles / 100 + 1 + (rounds + rounds / 10 + 1) * THREADS;
	FAIL_IF(retries > lives / 1000 + 1,
	        "%ld of %ld set lives counted a few instructions more than the warm-up (read "
	        "retries are rare)",
	        retries, lives);
	int threads = 0;
	CHECK_OK(PAPI_list_threads(NULL, &threads));
	FAIL_IF(threads != 1, "%d threads still registered after the rounds (only main may be)",
	        threads);
	ctest_note("%s counts: the warm-up read %lld instructions for the loop of %d, %lld "
	           "more at the stop%s; %ld read retries",
	           hw_exact() ? "exact" : "bounded", reference_read, 2 * LOOP, reference_tail,
	           hw_exact() ? " (every cycle and thread alike)" : "", retries);
	ctest_pass();
}
