// SPDX-License-Identifier: BSD-3-Clause
/*
 * components/riscv/tests/lab/riscv_migrate.c: the riscv module's counters
 * follow their owner over harts (components/riscv/kernel, doc/riscv.md
 * "Many harts"), in the 4-hart riscv64-deleg and riscv64-nodeleg guests.
 * A user-only instructions counter of the module counts the owner's own
 * user instructions. With more than one hart QEMU's riscv counters add
 * what the other harts execute while the owner's hart is in user mode
 * (they follow the global instruction count, lab/README.md "Many
 * harts"), so the loop's instructions are an exact lower bound (nothing
 * lost) and each upper bound allows the other harts' work:
 *
 * - moved: 40 rounds of a 500,000-instruction loop, sched_setaffinity to
 *   hart r % N before each (every hart visited, 40 moves);
 * - the scheduler's own moves: a 40,000,000-instruction loop in 100
 *   chunks, each followed by a 50 us nap (the scheduler places the owner
 *   again at each wake-up), started on hart 0 beside N - 1 busy threads
 *   pinned there (the load balancer moves the one task it may to an idle
 *   hart); the harts the owner ran on (sched_getcpu after each chunk)
 *   must be more than one, and the upper bound is the busy threads'
 *   steps of 200,000 instructions meanwhile;
 * - hotplug: a thread pinned to the last hart counts a
 *   100,000,000-instruction loop while that hart goes offline under it
 *   (/sys/devices/system/cpu/cpuN/online: the kernel moves it on), then
 *   waits until the hart is back, pins itself to it and counts a
 *   2,000,000-instruction loop there; then a new file on the returned
 *   hart counts its loop, and the module's counts are back to 0 once
 *   the files are closed.
 *
 * Prints the mode and each pair of counts; the kernel log must have no
 * warning.
 */
#define _GNU_SOURCE
#include <stdio.h>

#if !defined(__riscv) || __riscv_xlen != 64
int main(void)
{
	puts("SKIPPED: the riscv module is for riscv64 guests");
	return 77;
}
#else
#include <errno.h>
#include <linux/perf_event.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>

#include "module_checks.h"
#include "riscv_module_calls.h"

#define MOVE_ROUNDS 40
#define MOVE_ITERS  250000ull   /* 500,000 instructions a round, 20,000,000 in all */
#define LOAD_ITERS  20000000ull /* 40,000,000 instructions */
#define LONG_ITERS  50000000ull /* 100,000,000 instructions */
#define BACK_ITERS  1000000ull  /* 2,000,000 instructions */
#define BUSY_ITERS  100000ull   /* a busy thread's step: 200,000 instructions */
/* QEMU's riscv counters are the global instruction count (every hart's)
 * while this hart is in the counted mode (lab/README.md, "Many harts"):
 * what other harts execute meanwhile adds to the count, never takes from
 * it. So the loop's instructions are an exact lower bound (a count lost
 * in a move, however small, falls below it: the segments are 500,000
 * instructions), and the upper bounds allow what other harts run: per
 * move (the old hart going idle, the new one waking: 124 to 483 seen),
 * per busy step (its syscalls and the scheduler), per hotplug (the
 * offline's and online's work on every hart: 658,000 to 1,419,000 seen). */
#define OWN_BOUND   400ull      /* the owner's own instructions around a loop */
#define MOVE_SLACK  2500ull     /* per move */
#define STEP_SLACK  30000ull    /* per busy step */
#define PLUG_SLACK  3000000ull  /* for the offline and the online */
#define QUIET_SLACK 50000ull    /* a loop on a hart back a second (see check_hotplug) */

static int harts;

static void pin(int hart)
{
	cpu_set_t set;
	CPU_ZERO(&set);
	CPU_SET(hart, &set);
	sched_setaffinity(0, sizeof set, &set);
}

static void unpin(void)
{
	cpu_set_t set;
	CPU_ZERO(&set);
	for (int i = 0; i < harts; i++)
		CPU_SET(i, &set);
	sched_setaffinity(0, sizeof set, &set);
}

/* A file of the caller's with a started user-only instructions counter
 * open to its csrr: the fd, the counter's index in *counter; -1 on
 * failure (reported). */
static int counting_file(unsigned *counter)
{
	struct rv_abi_obtain o;
	uint64_t zero = 0, one = 1;
	int fd = open(RV_ABI_DEVICE, O_RDWR | O_CLOEXEC), rc;
	if (fd < 0) {
		CHECK(0, "open %s: %s", RV_ABI_DEVICE, strerror(errno));
		return -1;
	}
	rc = obtain(fd, EV_INSTR, USER_ONLY, 0, PROGRAMMABLE, &o);
	if (rc == 0)
		rc = counter_call(fd, RV_IOC_START, o.slot, &zero);
	if (rc == 0)
		rc = counter_call(fd, RV_IOC_USER_ACCESS, o.slot, &one);
	if (rc != 0) {
		CHECK(0, "obtain/start/open a counter: %s", strerror(rc));
		close(fd);
		return -1;
	}
	*counter = o.counter;
	return fd;
}

static uint64_t csrr_counter(unsigned i)
{
	volatile uint64_t v = UINT64_MAX;
	counter_csrr(i, &v);
	return v;
}

/* The moved rounds: the count; *seen: the harts it ran on. */
static uint64_t rounds(unsigned *seen)
{
	unsigned counter = 0, visited = 0;
	int fd = counting_file(&counter);
	if (fd < 0)
		return 0;
	uint64_t before = csrr_counter(counter);
	for (unsigned r = 0; r < MOVE_ROUNDS; r++) {
		pin((int)(r % (unsigned)harts));
		visited |= 1u << (sched_getcpu() & 31);
		spin(MOVE_ITERS);
	}
	uint64_t after = csrr_counter(counter);
	uint64_t value = 0;
	CHECK(counter_call(fd, RV_IOC_READ, 0, &value) == 0 && value >= after - before,
	      "RV_IOC_READ %llu below the csrr's %llu", (unsigned long long)value,
	      (unsigned long long)(after - before));
	close(fd);
	pin(0);
	*seen = visited;
	return after - before;
}

static void check_moved(void)
{
	unsigned seen = 0;
	uint64_t moved = rounds(&seen);
	uint64_t loop = 2 * MOVE_ITERS * MOVE_ROUNDS;
	printf("moved %d times over %d harts (seen 0x%x): %llu for the loop's %llu (+%llu)\n",
	       MOVE_ROUNDS, harts, seen, (unsigned long long)moved, (unsigned long long)loop,
	       (unsigned long long)(moved - loop));
	CHECK(seen == (1u << harts) - 1, "not every hart visited: 0x%x", seen);
	CHECK(moved >= loop && moved <= loop + (OWN_BOUND + MOVE_SLACK) * MOVE_ROUNDS,
	      "moved: %llu outside [%llu, +%llu]", (unsigned long long)moved,
	      (unsigned long long)loop, (OWN_BOUND + MOVE_SLACK) * MOVE_ROUNDS);
}

static atomic_bool stop_busy;
static atomic_ulong busy_steps;

static void *busy(void *arg)
{
	(void)arg;
	pin(0);
	while (!atomic_load(&stop_busy)) {
		spin(BUSY_ITERS);
		atomic_fetch_add(&busy_steps, 1);
	}
	return NULL;
}

/* The loop in 100 chunks, each followed by sched_getcpu and a nap of
 * the owner's (where it wakes is the scheduler's choice), begun on hart 0
 * beside N - 1 busy threads pinned there: the count, the harts seen, the
 * busy steps taken meanwhile. */
static uint64_t loaded(unsigned *seen, unsigned long *steps)
{
	pthread_t threads[64];
	int n = harts - 1;
	unsigned counter = 0, visited = 0;
	atomic_store(&stop_busy, false);
	for (int i = 0; i < n; i++)
		pthread_create(&threads[i], NULL, busy, NULL);
	unpin(); /* on hart 0 with the busy threads, free to go */
	int fd = counting_file(&counter);
	if (fd < 0)
		return 0;
	unsigned long first = atomic_load(&busy_steps);
	uint64_t before = csrr_counter(counter);
	for (int chunk = 0; chunk < 100; chunk++) {
		spin(LOAD_ITERS / 100);
		visited |= 1u << (sched_getcpu() & 31);
		usleep(50); /* its wake-up: the scheduler picks its hart again */
	}
	uint64_t after = csrr_counter(counter);
	*steps = atomic_load(&busy_steps) - first + (unsigned long)n; /* and those under way */
	close(fd);
	atomic_store(&stop_busy, true);
	for (int i = 0; i < n; i++)
		pthread_join(threads[i], NULL);
	pin(0);
	*seen = visited;
	return after - before;
}

static void check_scheduler_moves(void)
{
	unsigned seen = 0;
	unsigned long steps = 0;
	uint64_t count = loaded(&seen, &steps);
	uint64_t loop = 2 * LOAD_ITERS;
	uint64_t others = steps * (2 * BUSY_ITERS + STEP_SLACK);
	printf("left to the scheduler beside %d busy threads on hart 0 (harts seen 0x%x): %llu for "
	       "the "
	       "loop's %llu (+%llu; the busy threads took %lu steps, %llu instructions with "
	       "their slack)\n",
	       harts - 1, seen, (unsigned long long)count, (unsigned long long)loop,
	       (unsigned long long)(count - loop), steps, (unsigned long long)others);
	CHECK((seen & (seen - 1)) != 0, "the scheduler never moved the owner (harts 0x%x)", seen);
	CHECK(count >= loop && count <= loop + 100 * OWN_BOUND + others,
	      "under load: %llu outside [%llu, +%llu]", (unsigned long long)count,
	      (unsigned long long)loop, (unsigned long long)(100 * OWN_BOUND + others));
}

/* The hotplug thread and the main thread: started (the thread is on the
 * last hart, counting), back (the hart went offline and came back). */
struct plug {
	int started[2], back[2];
	int hart_first, hart_after, hart_end;
	uint64_t count;
};

static void *plugged_thread(void *arg)
{
	struct plug *p = arg;
	unsigned counter = 0;
	char c = 0;
	pin(harts - 1);
	int fd = counting_file(&counter);
	if (fd < 0) {
		close(p->started[1]);
		return NULL;
	}
	uint64_t before = csrr_counter(counter);
	p->hart_first = sched_getcpu();
	if (write(p->started[1], &c, 1) != 1)
		p->hart_first = -1;
	spin(LONG_ITERS);
	p->hart_after = sched_getcpu();
	if (read(p->back[0], &c, 1) != 1)
		p->hart_after = -1;
	pin(harts - 1);
	spin(BACK_ITERS);
	p->hart_end = sched_getcpu();
	uint64_t after = csrr_counter(counter);
	p->count = after - before;
	close(fd);
	return NULL;
}

static int set_online(int hart, bool on)
{
	char path[80];
	snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu%d/online", hart);
	return write_text(path, on ? "1" : "0");
}

static uint64_t plugged(bool hotplug, struct plug *p)
{
	pthread_t t;
	char c = 0;
	memset(p, 0, sizeof *p);
	if (pipe(p->started) != 0 || pipe(p->back) != 0)
		return 0;
	pthread_create(&t, NULL, plugged_thread, p);
	int rc = read(p->started[0], &c, 1) == 1 ? 0 : EIO;
	if (rc == 0 && hotplug) {
		rc = set_online(harts - 1, false);
		CHECK(rc == 0, "cpu%d offline: %s", harts - 1, strerror(rc));
		rc = set_online(harts - 1, true);
		CHECK(rc == 0, "cpu%d online: %s", harts - 1, strerror(rc));
	}
	if (write(p->back[1], &c, 1) != 1)
		CHECK(0, "the thread's pipe");
	pthread_join(t, NULL);
	for (int i = 0; i < 2; i++) {
		close(p->started[i]);
		close(p->back[i]);
	}
	return p->count;
}

static void check_hotplug(void)
{
	struct plug hot;
	uint64_t count = plugged(true, &hot);
	uint64_t loop = 2 * (LONG_ITERS + BACK_ITERS);
	int last = harts - 1;
	printf("hart %d offline and back under its counting thread (harts %d, %d after the "
	       "offline, %d at the end): %llu for the loop's %llu (+%llu)\n",
	       last, hot.hart_first, hot.hart_after, hot.hart_end, (unsigned long long)count,
	       (unsigned long long)loop, (unsigned long long)(count - loop));
	CHECK(hot.hart_first == last && hot.hart_after != last && hot.hart_end == last,
	      "the thread was not moved off hart %d and back", last);
	CHECK(count >= loop && count <= loop + OWN_BOUND + PLUG_SLACK,
	      "with hotplug: %llu outside [%llu, +%llu]", (unsigned long long)count,
	      (unsigned long long)loop, OWN_BOUND + PLUG_SLACK);

	/* The hart that came back: a new file there counts its loop, once
	 * the online's work on the other harts is done (it is counted too:
	 * 40,810 over the loop was seen without this wait). */
	unsigned counter = 0;
	sleep(1);
	pin(last);
	int fd = counting_file(&counter);
	if (fd >= 0) {
		uint64_t before = csrr_counter(counter);
		spin(BACK_ITERS);
		uint64_t after = csrr_counter(counter);
		close(fd);
		printf("a new counter on hart %d (back): %llu for %llu\n", sched_getcpu(),
		       (unsigned long long)(after - before), 2 * BACK_ITERS);
		CHECK(after - before >= 2 * BACK_ITERS &&
		          after - before <= 2 * BACK_ITERS + OWN_BOUND + QUIET_SLACK,
		      "a new counter on the hart that came back: %llu",
		      (unsigned long long)(after - before));
	}
	pin(0);
}

int main(void)
{
	struct rv_abi_info info = {0};
	setvbuf(stdout, NULL, _IONBF, 0);
	harts = (int)sysconf(_SC_NPROCESSORS_ONLN);
	if (harts < 2 || harts > 16) {
		printf("FAILED: %d harts online; this test needs 2 to 16\n", harts);
		return 1;
	}
	pin(0);
	if (access(RV_ABI_DEVICE, F_OK) != 0 && module_load(MODULE_PATH, RV_ABI_DEVICE) != 0) {
		printf("FAILED: loading %s: %s\n", MODULE_PATH, strerror(errno));
		return 1;
	}
	int fd = open(RV_ABI_DEVICE, O_RDWR | O_CLOEXEC);
	if (fd >= 0 && ioctl(fd, RV_IOC_INFO, &info) == 0)
		printf("mode: %s, %d harts\n", info.delegation ? "delegated" : "SBI fallback",
		       harts);
	if (fd >= 0)
		close(fd);
	/* Boot's work on the other harts (counted too, above) done first. */
	sleep(2);
	check_moved();
	check_scheduler_moves();
	check_hotplug();
	CHECK(module_idle(), "files %ld, counters held %ld at the end", module_count("files"),
	      module_count("counters_held"));
	check_kernel_log(MODULE_NAME, LOAD_QUIET);
	puts(failures ? "FAILED" : "PASSED");
	return failures ? 1 : 0;
}
#endif
