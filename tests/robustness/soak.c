// SPDX-License-Identifier: BSD-3-Clause
/* The soak: the whole life of an event set, over and over, with the
 * process's open fds and resident memory measured after a warm-up and at
 * the end; then threads that register, count and exit in a loop.
 *
 *   soak [CYCLES [THREAD_ROUNDS [THREADS]]]   (default 100000 1000 8)
 *
 * Each cycle creates a set, adds perf::TASK-CLOCK and perf::PAGE-FAULTS,
 * starts, reads, stops, cleans up and destroys it; the counts must be
 * sane (the clock counted, nothing negative). Each thread round starts
 * THREADS threads that register, count perf::TASK-CLOCK in their own set
 * and exit without unregistering (the library forgets them at exit). At
 * the end the fds must be exactly those of the start, the resident memory
 * within 1 MiB of it, and the library must list only the main thread.
 * Prints the figures and a verdict line (PASSED or FAILED: why). */
#include <dirent.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "papi.h"

#define RSS_SLACK_KIB 1024

static int open_fds(void)
{
	int count = 0;
	DIR *dir = opendir("/proc/self/fd");
	if (!dir)
		return -1;
	while (readdir(dir))
		count++;
	closedir(dir);
	return count;
}

static long resident_kib(void)
{
	long pages = 0, resident = 0;
	FILE *file = fopen("/proc/self/statm", "r");
	if (!file)
		return -1;
	if (fscanf(file, "%ld %ld", &pages, &resident) != 2)
		resident = -1;
	fclose(file);
	return resident < 0 ? -1 : resident * (sysconf(_SC_PAGESIZE) / 1024);
}

static double seconds_now(void)
{
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

static _Noreturn void fail(const char *what, int rc)
{
	printf("FAILED: %s returned %d (%s)\n", what, rc, PAPI_strreason());
	exit(1);
}

#define CHECK(call)                                                                                \
	do {                                                                                       \
		int rc_ = (call);                                                                  \
		if (rc_ != PAPI_OK)                                                                \
			fail(#call, rc_);                                                          \
	} while (0)

static volatile double sink;

static void one_cycle(void)
{
	int set = PAPI_NULL;
	long long values[2] = {-1, -1};
	CHECK(PAPI_create_eventset(&set));
	CHECK(PAPI_add_named_event(set, "perf::TASK-CLOCK"));
	CHECK(PAPI_add_named_event(set, "perf::PAGE-FAULTS"));
	CHECK(PAPI_start(set));
	for (int i = 0; i < 2000; i++)
		sink = sink * 0.5 + i;
	CHECK(PAPI_read(set, values));
	CHECK(PAPI_stop(set, values));
	if (values[0] <= 0 || values[1] < 0) {
		printf("FAILED: a cycle counted %lld ns of task clock, %lld page faults\n",
		       values[0], values[1]);
		exit(1);
	}
	CHECK(PAPI_cleanup_eventset(set));
	CHECK(PAPI_destroy_eventset(&set));
}

static void *counting_thread(void *unused)
{
	(void)unused;
	int set = PAPI_NULL;
	long long value = 0;
	CHECK(PAPI_register_thread());
	CHECK(PAPI_create_eventset(&set));
	CHECK(PAPI_add_named_event(set, "perf::TASK-CLOCK"));
	CHECK(PAPI_start(set));
	for (int i = 0; i < 20000; i++)
		sink = sink * 0.5 + i;
	CHECK(PAPI_stop(set, &value));
	if (value <= 0) {
		printf("FAILED: a thread counted %lld ns of task clock\n", value);
		exit(1);
	}
	CHECK(PAPI_cleanup_eventset(set));
	CHECK(PAPI_destroy_eventset(&set));
	return NULL; /* exits registered: the library forgets it */
}

static void thread_round(int threads)
{
	pthread_t ids[64];
	int n = threads < 64 ? threads : 64;
	for (int t = 0; t < n; t++)
		if (pthread_create(&ids[t], NULL, counting_thread, NULL) != 0) {
			printf("FAILED: pthread_create\n");
			exit(1);
		}
	for (int t = 0; t < n; t++)
		pthread_join(ids[t], NULL);
}

struct figures {
	int fds;
	long rss;
};

static struct figures measure(void)
{
	return (struct figures){open_fds(), resident_kib()};
}

/* Reports a phase; false when it leaked. */
static bool report(const char *phase, long rounds, double seconds, struct figures start,
                   struct figures end)
{
	printf("%s: %ld in %.1f s (%.1f us each); fds %d -> %d; RSS %ld -> %ld KiB\n", phase,
	       rounds, seconds, seconds * 1e6 / (double)rounds, start.fds, end.fds, start.rss,
	       end.rss);
	if (end.fds != start.fds) {
		printf("FAILED: %s: %d fds open at the start, %d at the end\n", phase, start.fds,
		       end.fds);
		return false;
	}
	if (end.rss - start.rss > RSS_SLACK_KIB) {
		printf("FAILED: %s: resident memory grew by %ld KiB (more than %d)\n", phase,
		       end.rss - start.rss, RSS_SLACK_KIB);
		return false;
	}
	return true;
}

int main(int argc, char **argv)
{
	long cycles = argc > 1 ? atol(argv[1]) : 100000;
	long rounds = argc > 2 ? atol(argv[2]) : 1000;
	int threads = argc > 3 ? atoi(argv[3]) : 8;
	long warm = cycles / 100 + 1;

	if (PAPI_library_init(PAPI_VER_CURRENT) != PAPI_VER_CURRENT) {
		printf("FAILED: PAPI_library_init: %s\n", PAPI_strreason());
		return 1;
	}
	CHECK(PAPI_thread_init((unsigned long (*)(void))pthread_self));
	int probe = PAPI_NULL;
	CHECK(PAPI_create_eventset(&probe));
	int rc = PAPI_add_named_event(probe, "perf::TASK-CLOCK");
	if (rc != PAPI_OK) {
		printf("SKIPPED: perf::TASK-CLOCK cannot count here (%s)\n", PAPI_strreason());
		return 0;
	}
	CHECK(PAPI_cleanup_eventset(probe));
	CHECK(PAPI_destroy_eventset(&probe));

	/* The warm-up fills what the library keeps for good (name tables,
	 * the event-set table's first chunk, the reason buffers). */
	for (long i = 0; i < warm; i++)
		one_cycle();
	struct figures start = measure();
	double t0 = seconds_now();
	for (long i = 0; i < cycles; i++)
		one_cycle();
	bool ok = report("cycles", cycles, seconds_now() - t0, start, measure());

	/* The same warm-up for threads: glibc gives threads arenas of their
	 * own, up to a limit, and keeps them. */
	for (long r = 0; r < rounds / 10 + 1 && ok; r++)
		thread_round(threads);
	start = measure();
	t0 = seconds_now();
	for (long r = 0; r < rounds && ok; r++)
		thread_round(threads);
	if (ok)
		ok = report("thread rounds", rounds, seconds_now() - t0, start, measure());
	int listed = 0;
	CHECK(PAPI_list_threads(NULL, &listed));
	if (ok && listed != 1) {
		printf("FAILED: %d threads listed after the rounds, only the main thread left\n",
		       listed);
		ok = false;
	}
	PAPI_shutdown();
	if (ok)
		printf("PASSED\n");
	return ok ? 0 : 1;
}
