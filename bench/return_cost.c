// SPDX-License-Identifier: BSD-3-Clause
/* Where a PAPI_read's time goes beside the instructions it adds: what a
 * read() of a perf group costs more when the code around it differs from
 * the raw call in one way only (issue 28).
 *
 *   depth N / raw          the read() returns through N more frames of
 *                          functions that called it (PAPI_read's component
 *                          read returns to its caller after the syscall);
 *   indirect jump before   the read is reached by a jump through a pointer
 *                          (PAPI_read's jump to the read its slot holds);
 *   indirect call after    a call through a pointer after the syscall;
 *   N lines after/before   N cache lines read after the syscall rather
 *                          than before it (memory the kernel's work may
 *                          have evicted);
 *   inline syscall / raw   (x86_64) one frame that makes the system call
 *                          itself, no libc wrapper, and works after it:
 *                          after the syscall it returns once, as the raw
 *                          call does.
 *
 * Each figure is the median of paired blocks of 100 calls, alternated, on a
 * group of one software event (perf::TASK-CLOCK, as papi_overhead's 1-event
 * set), so load on the machine falls on both sides of each pair.
 *
 * usage: return_cost [ROUNDS]     (pins itself nowhere: use taskset) */
#define _GNU_SOURCE
#include <linux/perf_event.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#define BLOCK_CALLS 100
#define PAIRS       401

static int group_fd;
static size_t group_size;
static long long group_buffer[4];
static volatile long sink;
static int lines_touched;
static _Alignas(64) char lines[64 * 64];

static __attribute__((noinline)) long raw(void)
{
	return read(group_fd, group_buffer, group_size);
}

/* Frames the read() returns through: each adds work after the call, so the
 * compiler cannot turn it into a jump. */
static __attribute__((noinline)) long depth1(void)
{
	long r = raw();
	sink += r;
	return r;
}

static __attribute__((noinline)) long depth2(void)
{
	long r = depth1();
	sink += r;
	return r;
}

static __attribute__((noinline)) long depth4_inner(void)
{
	long r = depth2();
	sink += r;
	return r;
}

static __attribute__((noinline)) long depth4(void)
{
	long r = depth4_inner();
	sink += r;
	return r;
}

static __attribute__((noinline)) long keep(long r)
{
	sink += r;
	return r;
}

static long (*volatile through_pointer)(void) = raw;
static long (*volatile keep_through_pointer)(long) = keep;

static __attribute__((noinline)) long jump_before(void)
{
	return through_pointer();
}

static __attribute__((noinline)) long call_after_indirect(void)
{
	long r = read(group_fd, group_buffer, group_size);
	return keep_through_pointer(r);
}

static __attribute__((noinline)) long call_after_direct(void)
{
	long r = read(group_fd, group_buffer, group_size);
	return keep(r);
}

#ifdef __x86_64__
/* read(2) without libc's wrapper: the frame that works after the syscall
 * is the only one it returns through. */
static __attribute__((noinline)) long inline_syscall(void)
{
	long r;
	__asm__ volatile("syscall"
	                 : "=a"(r)
	                 : "0"((long)SYS_read), "D"((long)group_fd), "S"(group_buffer),
	                   "d"(group_size)
	                 : "rcx", "r11", "memory");
	sink += r;
	return r;
}
#endif

static __attribute__((noinline)) long touch_after(void)
{
	long r = read(group_fd, group_buffer, group_size);
	for (int i = 0; i < lines_touched; i++)
		sink += lines[i * 64];
	return r;
}

static __attribute__((noinline)) long touch_before(void)
{
	for (int i = 0; i < lines_touched; i++)
		sink += lines[i * 64];
	return read(group_fd, group_buffer, group_size);
}

static double now_ns(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

static double block_ns(long (*call)(void))
{
	double start = now_ns();
	for (int i = 0; i < BLOCK_CALLS; i++)
		call();
	return (now_ns() - start) / BLOCK_CALLS;
}

/* Median ratio and difference of a over b, with their quartiles. */
static void compare(const char *name, long (*a)(void), long (*b)(void))
{
	static double ratio[PAIRS], difference[PAIRS], base[PAIRS];
	for (int i = 0; i < PAIRS; i++) {
		double x = block_ns(a), y = block_ns(b);
		ratio[i] = x / y;
		difference[i] = x - y;
		base[i] = y;
	}
	qsort(ratio, PAIRS, sizeof(double), by_value);
	qsort(difference, PAIRS, sizeof(double), by_value);
	qsort(base, PAIRS, sizeof(double), by_value);
	printf("%-28s %7.1f  %.3f [%.3f, %.3f]  %6.1f [%.1f, %.1f]\n", name, base[PAIRS / 2],
	       ratio[PAIRS / 2], ratio[PAIRS / 4], ratio[3 * PAIRS / 4], difference[PAIRS / 2],
	       difference[PAIRS / 4], difference[3 * PAIRS / 4]);
}

int main(int argc, char **argv)
{
	struct perf_event_attr attr;
	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = PERF_TYPE_SOFTWARE;
	attr.config = PERF_COUNT_SW_TASK_CLOCK;
	attr.read_format =
	    PERF_FORMAT_GROUP | PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING;
	attr.exclude_kernel = 1;
	group_fd = (int)syscall(SYS_perf_event_open, &attr, 0, -1, -1, 0);
	if (group_fd < 0) {
		perror("return_cost: perf_event_open");
		return 1;
	}
	group_size = sizeof(group_buffer);
	int rounds = argc > 1 ? atoi(argv[1]) : 1;
	printf("%-28s %7s  %s  %s\n", "a / b", "b ns", "ratio [q1, q3]", "a - b ns [q1, q3]");
	for (int r = 0; r < rounds; r++) {
		compare("depth 1 / raw", depth1, raw);
		compare("depth 2 / raw", depth2, raw);
		compare("depth 4 / raw", depth4, raw);
		compare("indirect jump before / raw", jump_before, raw);
		compare("indirect call after / direct", call_after_indirect, call_after_direct);
#ifdef __x86_64__
		compare("inline syscall / raw", inline_syscall, raw);
#endif
		lines_touched = 4;
		compare("4 lines after / before", touch_after, touch_before);
		lines_touched = 16;
		compare("16 lines after / before", touch_after, touch_before);
	}
	return 0;
}
