// SPDX-License-Identifier: BSD-3-Clause
/* Workloads for the high-level API's output tests (tests/hl/ scripts): each
 * scenario marks regions and prints, as JSON on stdout, what the test
 * should find in the report, measured directly beside the library: the
 * page faults the kernel counted for this thread over the region's body
 * (getrusage(RUSAGE_THREAD), taken right after the begin and right before
 * the end: perf::PAGE-FAULTS must equal it), the fresh pages the body
 * brought in one at a time (mincore() before and after each touch), this
 * thread's CPU time and wall time around each region (bounds). The report
 * itself is written at exit by the library; check_report.py compares them.
 *
 * The two fault counts are equal only if nothing faults between the
 * library's read in the begin and the getrusage after it, nor between the
 * getrusage before the end and the library's read in it. Before each
 * region the workload therefore runs a region "warmup" (begin, read, end:
 * the library's allocations, its lazy symbol bindings and its code paths
 * have happened) and populates every mapping of the process (code, data,
 * heap, stacks), so that the library's code, ld.so's (lazy binding,
 * __tls_get_addr) and the heap's free pages fault before, not in the
 * region: on a machine where such a page was not mapped yet (fault-around
 * maps only what the page cache holds), the region counted one fault
 * more than the workload's own (doc/hl.md, "Tests").
 *
 *   hl_workload SCENARIO [PAGES]
 *   basic | nested | repeated | reads | threads | stop | shutdown | rank | open
 *   | thread_fds (20 short threads with a region each leave no descriptor
 *   open: exit status 1 if they do) */
#define _GNU_SOURCE /* RUSAGE_THREAD */
#include <dirent.h>
#include <errno.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "ctest_util.h"
#include "papi.h"

static long long clock_ns(clockid_t clock)
{
	struct timespec ts;
	clock_gettime(clock, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* Page faults the kernel counted for this thread so far: minor and major
 * (a fault the kernel retried counts as major; perf counts it once too). */
static long long thread_faults(void)
{
	struct rusage usage;
	if (getrusage(RUSAGE_THREAD, &usage) != 0) {
		perror("getrusage");
		exit(2);
	}
	return usage.ru_minflt + usage.ru_majflt;
}

static bool resident(const char *page)
{
	unsigned char in_core = 0;
	if (mincore((void *)page, 1, &in_core) != 0) {
		perror("mincore");
		exit(2);
	}
	return in_core & 1;
}

/* Touches count fresh pages of a new anonymous mapping without huge pages
 * (MADV_NOHUGEPAGE: whatever the machine's THP setting, one page per
 * fault). Returns how many of them were absent before their touch and
 * present after it: count, unless one fault brought in more than one. */
static long touch_pages(long count)
{
	long page = sysconf(_SC_PAGESIZE), brought_in = 0;
	char *pages =
	    mmap(NULL, count * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (pages == MAP_FAILED) {
		perror("mmap");
		exit(2);
	}
	madvise(pages, count * page, MADV_NOHUGEPAGE);
	for (long p = 0; p < count; p++) {
		bool before = resident(pages + p * page);
		((volatile char *)pages)[p * page] = 1;
		brought_in += !before && resident(pages + p * page);
	}
	munmap(pages, count * page);
	return brought_in;
}

/* Without MADV_POPULATE_* (Linux before 5.14): each page read, and written
 * back unchanged by an atomic add of 0 where the mapping is writable (no
 * other thread's store is lost). Not instrumented: the sanitizers' poisoned
 * bytes are read too. */
__attribute__((no_sanitize_address)) static void touch_range(char *start, char *end, bool writable)
{
	long page = sysconf(_SC_PAGESIZE);
	for (char *p = start; p < end; p += page) {
		if (writable)
			__atomic_fetch_add(p, 0, __ATOMIC_RELAXED);
		else
			(void)*(volatile char *)p;
	}
}

/* Every mapping of the process made present now, so that the region's
 * window (doc above) takes no fault on a page that merely was not mapped
 * yet: file-backed code and data read (private writable ones written: no
 * copy-on-write fault later), the heap, the stacks, the allocator's free
 * memory written. Left alone: inaccessible ranges, the kernel's special
 * mappings, and mappings over 64 MiB (a sanitizer's shadow memory:
 * terabytes reserved). */
static void populate_mappings(void)
{
	static struct {
		char *start, *end;
		bool writable, shared;
	} ranges[1024];
	int count = 0;
	char line[4096];
	FILE *maps = fopen("/proc/self/maps", "r");
	if (!maps) {
		perror("/proc/self/maps");
		exit(2);
	}
	while (count < 1024 && fgets(line, sizeof line, maps)) {
		unsigned long start, end;
		char perms[5];
		if (sscanf(line, "%lx-%lx %4s", &start, &end, perms) != 3 || perms[0] != 'r' ||
		    end - start > 64UL << 20 || strstr(line, "[vvar") ||
		    strstr(line, "[vsyscall]") || strstr(line, "[vdso]"))
			continue;
		ranges[count].start = (char *)start;
		ranges[count].end = (char *)end;
		ranges[count].writable = perms[1] == 'w';
		ranges[count].shared = perms[3] == 's';
		count++;
	}
	fclose(maps);
	for (int i = 0; i < count; i++) {
		bool write = ranges[i].writable && !ranges[i].shared;
		size_t length = (size_t)(ranges[i].end - ranges[i].start);
		if (madvise(ranges[i].start, length,
		            write ? MADV_POPULATE_WRITE : MADV_POPULATE_READ) == 0)
			continue;
		if (errno == EINVAL) /* a kernel without MADV_POPULATE_* */
			touch_range(ranges[i].start, ranges[i].end, write);
		/* Else (EFAULT, ENOMEM: a range the kernel will not populate, such
		 * as a device's pages) nothing to do: the workload never uses it. */
	}
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
	long pages;         /* fresh pages the body touched */
	long touched;       /* of them, those absent before and present after */
	long long faults;   /* getrusage's faults of the thread over the body */
	long long reads[3]; /* the same at each PAPI_hl_read */
	int read_count;
	long long spin_ns; /* CPU time the workload spent spinning inside */
	long long cpu_ns, wall_ns;
	/* The most perf::TASK-CLOCK may say: the thread's CPU time plus the
	 * interrupt and steal time of the machine over the region, which the
	 * task clock counts and the thread CPU clock does not (ctest_util.h). */
	long long cpu_ceiling_ns;
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

/* begin, pages and 5 ms of CPU, end; the direct measurement around it.
 * Inside another region (nested) the mappings are not populated again:
 * populating faults pages in through the kernel (counted by getrusage,
 * not by perf) and would fall in the outer region's body. */
static void region_body(const char *name, int thread, long pages, bool outermost)
{
	struct expectation *e = expect_new(name, thread, pages);
	e->spin_ns = 5000000;
	if (outermost)
		populate_mappings();
	long long irq_steal = ctest_irq_steal_ns();
	long long cpu = clock_ns(CLOCK_THREAD_CPUTIME_ID), wall = clock_ns(CLOCK_REALTIME);
	check(PAPI_hl_region_begin(name), "PAPI_hl_region_begin");
	long long faults = thread_faults();
	e->touched = touch_pages(pages);
	spin_cpu_ns(5000000);
	e->faults = thread_faults() - faults;
	check(PAPI_hl_region_end(name), "PAPI_hl_region_end");
	e->cpu_ns = clock_ns(CLOCK_THREAD_CPUTIME_ID) - cpu;
	e->cpu_ceiling_ns = ctest_clock_ceiling_ns(e->cpu_ns, irq_steal);
	e->wall_ns = clock_ns(CLOCK_REALTIME) - wall;
}

static void measured_region(const char *name, int thread, long pages)
{
	region_body(name, thread, pages, true);
}

/* The library's allocations, lazy bindings and code paths of begin, read
 * and end, done in this thread before any measured region. */
static void warm_up(void)
{
	check(PAPI_hl_region_begin("warmup"), "PAPI_hl_region_begin");
	check(PAPI_hl_read("warmup"), "PAPI_hl_read");
	check(PAPI_hl_region_end("warmup"), "PAPI_hl_region_end");
}

static void *thread_body(void *arg)
{
	int index = (int)(long)arg;
	warm_up();
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
	for (int i = 0; i < expected_count; i++) {
		const struct expectation *e = &expected[i];
		printf("%s{\"name\":\"%s\",\"thread\":%d,\"pages\":%ld,\"touched\":%ld,"
		       "\"faults\":%lld,\"read_faults\":[",
		       i ? "," : "", e->name, e->thread, e->pages, e->touched, e->faults);
		for (int r = 0; r < e->read_count; r++)
			printf("%s%lld", r ? "," : "", e->reads[r]);
		printf(
		    "],\"spin_ns\":%lld,\"cpu_ns\":%lld,\"cpu_ceiling_ns\":%lld,\"wall_ns\":%lld}",
		    e->spin_ns, e->cpu_ns, e->cpu_ceiling_ns, e->wall_ns);
	}
	printf("]}\n");
	fflush(stdout);
}

int main(int argc, char **argv)
{
	const char *scenario = argc > 1 ? argv[1] : "basic";
	long pages = argc > 2 ? atol(argv[2]) : 8;
	/* The workload's own code, clocks and calls fault in now, not in a
	 * region; then the library's (warm_up: its region "warmup" is in every
	 * report, before the scenario's). */
	touch_pages(1);
	spin_cpu_ns(100000);
	(void)clock_ns(CLOCK_REALTIME);
	(void)thread_faults();
	warm_up();
	if (strcmp(scenario, "basic") == 0 || strcmp(scenario, "rank") == 0) {
		measured_region("compute", 0, pages);
	} else if (strcmp(scenario, "repeated") == 0) {
		for (int i = 0; i < 5; i++)
			measured_region("loop", 0, i + 1);
	} else if (strcmp(scenario, "nested") == 0) {
		/* The outer region's body holds the inner regions' begins and
		 * ends: their faults (a record allocated on a fresh heap page)
		 * count in both measures. */
		struct expectation *outer = expect_new("outer", 0, 0);
		outer->spin_ns = 3 * 5000000;
		populate_mappings();
		long long irq_steal = ctest_irq_steal_ns();
		long long cpu = clock_ns(CLOCK_THREAD_CPUTIME_ID), wall = clock_ns(CLOCK_REALTIME);
		check(PAPI_hl_region_begin("outer"), "PAPI_hl_region_begin");
		long long faults = thread_faults();
		for (int i = 0; i < 3; i++) {
			outer->pages += 2 * (i + 1);
			region_body("inner", 0, 2 * (i + 1), false);
			outer->touched += expected[expected_count - 1].touched;
		}
		outer->faults = thread_faults() - faults;
		check(PAPI_hl_region_end("outer"), "PAPI_hl_region_end");
		outer->cpu_ns = clock_ns(CLOCK_THREAD_CPUTIME_ID) - cpu;
		outer->cpu_ceiling_ns = ctest_clock_ceiling_ns(outer->cpu_ns, irq_steal);
		outer->wall_ns = clock_ns(CLOCK_REALTIME) - wall;
	} else if (strcmp(scenario, "reads") == 0) {
		/* Three reads after 1, 2 and 3 more pages; the end after 4. */
		struct expectation *e = expect_new("phases", 0, 10);
		populate_mappings();
		long long irq_steal = ctest_irq_steal_ns();
		long long cpu = clock_ns(CLOCK_THREAD_CPUTIME_ID), wall = clock_ns(CLOCK_REALTIME);
		check(PAPI_hl_region_begin("phases"), "PAPI_hl_region_begin");
		long long faults = thread_faults();
		for (int i = 1; i <= 3; i++) {
			e->touched += touch_pages(i);
			e->reads[e->read_count++] = thread_faults() - faults;
			check(PAPI_hl_read("phases"), "PAPI_hl_read");
		}
		e->touched += touch_pages(4);
		e->faults = thread_faults() - faults;
		check(PAPI_hl_region_end("phases"), "PAPI_hl_region_end");
		e->cpu_ns = clock_ns(CLOCK_THREAD_CPUTIME_ID) - cpu;
		e->cpu_ceiling_ns = ctest_clock_ceiling_ns(e->cpu_ns, irq_steal);
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
		(void)touch_pages(50);
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
