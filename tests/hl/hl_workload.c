// SPDX-License-Identifier: BSD-3-Clause
/* Workloads for the high-level API's output tests (tests/hl/ scripts): each
 * scenario marks regions and prints, as JSON on stdout, what the test
 * should find in the report, measured directly beside the library: pages
 * touched (one minor fault each: exact), this thread's CPU time and wall
 * time around each region (bounds). The report itself is written at exit
 * by the library; check_report.py compares the two.
 *
 *   hl_workload SCENARIO [PAGES]
 *   basic | nested | repeated | reads | threads | stop | shutdown | rank | open
 *   | thread_fds (20 short threads with a region each leave no descriptor
 *   open: exit status 1 if they do) */
#include <dirent.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "papi.h"

static long long clock_ns(clockid_t clock)
{
	struct timespec ts;
	clock_gettime(clock, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* Touches count fresh pages: exactly count minor faults (no huge pages). */
static void touch_pages(long count)
{
	long page = sysconf(_SC_PAGESIZE);
	char *pages =
	    mmap(NULL, count * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (pages == MAP_FAILED) {
		perror("mmap");
		exit(2);
	}
	madvise(pages, count * page, MADV_NOHUGEPAGE);
	for (long p = 0; p < count; p++)
		((volatile char *)pages)[p * page] = 1;
	munmap(pages, count * page);
}

static volatile double sink;

static void spin_cpu_ns(long long ns)
{
	long long end = clock_ns(CLOCK_THREAD_CPUTIME_ID) + ns;
	while (clock_ns(CLOCK_THREAD_CPUTIME_ID) < end)
		for (int i = 0; i < 1000; i++)
			sink += i * 0.5;
}

static void check(int status, const char *call)
{
	if (status != PAPI_OK) {
		fprintf(stderr, "%s returned %d (%s)\n", call, status, PAPI_strerror(status));
		exit(1);
	}
}

/* One measured stretch: what the report must hold for it. */
struct expectation {
	char name[64];
	int thread;
	long pages;
	long long spin_ns; /* CPU time the workload spent spinning inside */
	long long cpu_ns, wall_ns;
};

static struct expectation expected[64];
static int expected_count;
static pthread_mutex_t expected_lock = PTHREAD_MUTEX_INITIALIZER;

static struct expectation *expect_new(const char *name, int thread, long pages)
{
	pthread_mutex_lock(&expected_lock);
	struct expectation *e = &expected[expected_count++];
	pthread_mutex_unlock(&expected_lock);
	snprintf(e->name, sizeof e->name, "%s", name);
	e->thread = thread;
	e->pages = pages;
	return e;
}

/* begin, pages and 5 ms of CPU, end; the direct measurement around it. */
static void measured_region(const char *name, int thread, long pages)
{
	struct expectation *e = expect_new(name, thread, pages);
	e->spin_ns = 5000000;
	long long cpu = clock_ns(CLOCK_THREAD_CPUTIME_ID), wall = clock_ns(CLOCK_REALTIME);
	check(PAPI_hl_region_begin(name), "PAPI_hl_region_begin");
	touch_pages(pages);
	spin_cpu_ns(5000000);
	check(PAPI_hl_region_end(name), "PAPI_hl_region_end");
	e->cpu_ns = clock_ns(CLOCK_THREAD_CPUTIME_ID) - cpu;
	e->wall_ns = clock_ns(CLOCK_REALTIME) - wall;
}

static void *thread_body(void *arg)
{
	int index = (int)(long)arg;
	measured_region("work", index, 2 + index);
	return NULL;
}

static int open_descriptors(void)
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

static void *short_thread(void *arg)
{
	(void)arg;
	check(PAPI_hl_region_begin("short"), "PAPI_hl_region_begin");
	check(PAPI_hl_region_end("short"), "PAPI_hl_region_end");
	return NULL;
}

static void print_expectations(const char *scenario)
{
	printf("{\"scenario\":\"%s\",\"regions\":[", scenario);
	for (int i = 0; i < expected_count; i++)
		printf("%s{\"name\":\"%s\",\"thread\":%d,\"pages\":%ld,\"spin_ns\":%lld,\"cpu_ns\":"
		       "%lld,\"wall_ns\":%lld}",
		       i ? "," : "", expected[i].name, expected[i].thread, expected[i].pages,
		       expected[i].spin_ns, expected[i].cpu_ns, expected[i].wall_ns);
	printf("]}\n");
	fflush(stdout);
}

int main(int argc, char **argv)
{
	const char *scenario = argc > 1 ? argv[1] : "basic";
	long pages = argc > 2 ? atol(argv[2]) : 8;
	/* The workload's own code and clocks fault in now, not in a region. */
	touch_pages(1);
	spin_cpu_ns(100000);
	(void)clock_ns(CLOCK_REALTIME);
	if (strcmp(scenario, "basic") == 0 || strcmp(scenario, "rank") == 0) {
		measured_region("compute", 0, pages);
	} else if (strcmp(scenario, "repeated") == 0) {
		for (int i = 0; i < 5; i++)
			measured_region("loop", 0, i + 1);
	} else if (strcmp(scenario, "nested") == 0) {
		struct expectation *outer = expect_new("outer", 0, 0);
		outer->spin_ns = 3 * 5000000;
		long long cpu = clock_ns(CLOCK_THREAD_CPUTIME_ID), wall = clock_ns(CLOCK_REALTIME);
		check(PAPI_hl_region_begin("outer"), "PAPI_hl_region_begin");
		for (int i = 0; i < 3; i++) {
			outer->pages += 2 * (i + 1);
			measured_region("inner", 0, 2 * (i + 1));
		}
		check(PAPI_hl_region_end("outer"), "PAPI_hl_region_end");
		outer->cpu_ns = clock_ns(CLOCK_THREAD_CPUTIME_ID) - cpu;
		outer->wall_ns = clock_ns(CLOCK_REALTIME) - wall;
	} else if (strcmp(scenario, "reads") == 0) {
		/* Three reads after 1, 2 and 3 more pages; the end after 4. */
		struct expectation *e = expect_new("phases", 0, 10);
		long long cpu = clock_ns(CLOCK_THREAD_CPUTIME_ID), wall = clock_ns(CLOCK_REALTIME);
		check(PAPI_hl_region_begin("phases"), "PAPI_hl_region_begin");
		for (int i = 1; i <= 3; i++) {
			touch_pages(i);
			check(PAPI_hl_read("phases"), "PAPI_hl_read");
		}
		touch_pages(4);
		check(PAPI_hl_region_end("phases"), "PAPI_hl_region_end");
		e->cpu_ns = clock_ns(CLOCK_THREAD_CPUTIME_ID) - cpu;
		e->wall_ns = clock_ns(CLOCK_REALTIME) - wall;
	} else if (strcmp(scenario, "threads") == 0) {
		/* Thread i touches 2 + i pages; thread 0 is main. */
		measured_region("work", 0, 2);
		pthread_t threads[3];
		for (long t = 0; t < 3; t++) {
			pthread_create(&threads[t], NULL, thread_body, (void *)(t + 1));
			pthread_join(threads[t], NULL);
		}
	} else if (strcmp(scenario, "stop") == 0) {
		/* Pages touched while stopped are not counted; counting goes on
		 * at the next begin, from where it stopped. */
		measured_region("before", 0, 3);
		check(PAPI_hl_stop(), "PAPI_hl_stop");
		if (PAPI_hl_stop() != PAPI_ENOEVNT) {
			fprintf(stderr, "a second PAPI_hl_stop did not return PAPI_ENOEVNT\n");
			return 1;
		}
		touch_pages(50);
		measured_region("after", 0, 5);
	} else if (strcmp(scenario, "thread_fds") == 0) {
		measured_region("main", 0, pages);
		int before = open_descriptors();
		for (int t = 0; t < 20; t++) {
			pthread_t thread;
			pthread_create(&thread, NULL, short_thread, NULL);
			pthread_join(thread, NULL);
		}
		int after = open_descriptors();
		if (after != before) {
			fprintf(stderr, "%d descriptors open before 20 threads, %d after\n", before,
			        after);
			return 1;
		}
	} else if (strcmp(scenario, "shutdown") == 0) {
		measured_region("compute", 0, pages);
		PAPI_shutdown();
	} else if (strcmp(scenario, "open") == 0) {
		/* A region left open: the closed one is still reported. */
		measured_region("closed", 0, pages);
		check(PAPI_hl_region_begin("left_open"), "PAPI_hl_region_begin");
	} else {
		fprintf(stderr, "unknown scenario %s\n", scenario);
		return 2;
	}
	print_expectations(scenario);
	return 0;
}
