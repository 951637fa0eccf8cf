// SPDX-License-Identifier: BSD-3-Clause
/* EBBs of a thread that moves between CPUs: the kernel keeps a thread's
 * EBB state (BESCR, EBBHR, EBBRR, MMCR0's user bits and the PMCs of its
 * EBB group) with the thread and puts it on whichever CPU runs it next.
 * PM_CYC on PMC1 at a threshold of T cycles counts while the thread moves
 * itself (sched_setaffinity) to each allowed CPU in turn, a loop of
 * CHUNK_CYCLES between moves: each chunk must run on the CPU asked for,
 * PAPI_read must never go back across a move and grow by the chunk's
 * cycles at least, every CPU must take EBBs, and exactly the EBBs the count
 * implies must arrive (hw_ebb_check_overflows: no EBB lost or doubled by a
 * move, or by the switch-out and switch-in around it). With one CPU the
 * same scenario runs in place and the "migration" case skips (the lab's
 * POWER guests have one CPU: a two-CPU pseries guest hung at boot under
 * -icount, doc/ebb.md). */
#define _GNU_SOURCE
#include <sched.h>

#include "hw_common.c"
#include "hw_ebb_common.c"

#define EBB_THRESHOLD    100000LL
#define MOVES            40
#define CHUNK_ITERATIONS 500000ULL /* 1M cycles between moves: 10 EBBs */
#define MAX_CPUS         64

static volatile int running_on; /* the CPU main asked for, for the handler */
static volatile long ebbs_on[MAX_CPUS];

static void on_overflow(int eventset, void *address, long long vector, void *context)
{
	(void)address;
	(void)vector;
	(void)context;
	ebbs_on[running_on]++;
	hw_ebb_record_callback(eventset);
}

int main(int argc, char **argv)
{
	cpu_set_t allowed, one;
	int cpus[MAX_CPUS], ncpus = 0;

	ctest_init(argc, argv);
	ctest_library_init();
	hw_ebb_cidx();
	FAIL_IF(sched_getaffinity(0, sizeof(allowed), &allowed) != 0, "sched_getaffinity: %s",
	        strerror(errno));
	for (int cpu = 0; cpu < MAX_CPUS && cpu < CPU_SETSIZE; cpu++)
		if (CPU_ISSET(cpu, &allowed))
			cpus[ncpus++] = cpu;
	FAIL_IF(ncpus == 0, "no CPU allowed below %d", MAX_CPUS);

	int eventset = hw_ebb_overflow_set("ebb::PM_CYC", EBB_THRESHOLD, on_overflow);
	long long before = 0, after = 0, count = 0, least_chunk = -1;
	long moved = 0;
	CHECK_OK(PAPI_start(eventset));
	for (int i = 0; i < MOVES; i++) {
		int cpu = cpus[i % ncpus];
		CHECK_OK(PAPI_read(eventset, &before));
		CPU_ZERO(&one);
		CPU_SET(cpu, &one);
		FAIL_IF(sched_setaffinity(0, sizeof(one), &one) != 0,
		        "sched_setaffinity(CPU %d): %s", cpu, strerror(errno));
		int now = sched_getcpu();
		FAIL_IF(now != cpu, "moved to CPU %d, running on %d", cpu, now);
		running_on = cpu;
		moved += i > 0 && cpus[(i - 1) % ncpus] != cpu;
		CHECK_OK(PAPI_read(eventset, &after));
		FAIL_IF(after < before, "the count went back from %lld to %lld moving to CPU %d",
		        before, after, cpu);
		hw_loop(CHUNK_ITERATIONS);
		CHECK_OK(PAPI_read(eventset, &before));
		long long chunk = before - after;
		FAIL_IF(chunk < (long long)(2 * CHUNK_ITERATIONS),
		        "the count grew by %lld over a loop of %llu cycles on CPU %d", chunk,
		        2 * CHUNK_ITERATIONS, cpu);
		if (least_chunk < 0 || chunk < least_chunk)
			least_chunk = chunk;
	}
	CHECK_OK(PAPI_stop(eventset, &count));
	FAIL_IF(sched_setaffinity(0, sizeof(allowed), &allowed) != 0, "sched_setaffinity: %s",
	        strerror(errno));
	CHECK_OK(PAPI_cleanup_eventset(eventset));
	CHECK_OK(PAPI_destroy_eventset(&eventset));

	long n = hw_ebb_callbacks;
	ctest_note("threshold %lld, %d loops of %llu cycles over %d CPUs (%ld moves): %ld EBBs, "
	           "final count %lld, least growth over a loop %lld",
	           EBB_THRESHOLD, MOVES, 2 * CHUNK_ITERATIONS, ncpus, moved, n, count, least_chunk);
	for (int c = 0; c < ncpus; c++) {
		ctest_note("CPU %d: %ld EBBs", cpus[c], (long)ebbs_on[cpus[c]]);
		FAIL_IF(ebbs_on[cpus[c]] == 0, "no EBB while the thread ran on CPU %d", cpus[c]);
	}
	hw_ebb_check_overflows(n, count, EBB_THRESHOLD, MOVES * CHUNK_ITERATIONS);
	if (ncpus < 2)
		ctest_skip_case("migration", "one CPU: the thread has nowhere to move");
	ctest_pass();
}
