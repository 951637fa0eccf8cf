// SPDX-License-Identifier: BSD-3-Clause
/*
 * components/perfctr/tests/lab/perfctr_smp.c: the perfctr module on many
 * CPUs (issue 30), in the x86_64-smp4 guest (lab/lib/common.sh's
 * conf_only). Loads /lab/perfctr/papillon_perfctr.ko and checks, with raw
 * ioctls:
 * - a thread counting the TSC through its virtual counters while
 *   sched_setaffinity moves it over every CPU in turn: after each move it
 *   runs where it was sent, its page read, the ioctl's sum and a second
 *   page read are in order and never go back; a second thread moving it
 *   while it reads its page without a pause: no read goes back;
 * - threads left to the scheduler (more of them than CPUs, all started on
 *   CPU 0): each one's reads never go back;
 * - CPU hotplug through /sys/devices/system/cpu/cpuN/online: a counting
 *   thread bound to the CPU taken offline goes on elsewhere and counts
 *   there; the CPU back online runs it again; the global counters of the
 *   CPU that left stop (READ is EINVAL, CONTROL for it too) while the
 *   others go on, and resume when it is back;
 * - no oops or warning in the kernel log.
 * Under TCG the TSC is the one counter (the generic driver), and this
 * guest runs without -icount (lab/lib/qemu.sh, conf_clock: QEMU's x86
 * SMP hangs under it), so no sum is a known number. Each thread's sum is
 * held to two bounds: no more than the ticks that went by (exact), and
 * no less than 90% of the time perf's task clock gave the thread over the
 * same span (a resume or suspend lost at a migration loses at least a
 * loop of the thread's, which the task clock counts; check_bounds says
 * why the task clock is no upper bound here).
 */
#define _GNU_SOURCE
#include <stdio.h>

#if !defined(__x86_64__)
int main(void)
{
	puts("SKIPPED: perfctr is an x86 interface");
	return 77;
}
#else
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <linux/perf_event.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "../../kernel/perfctr_abi.h"
#include "../../kernel/perfctr_marshal.c"
#include "../../perfctr_ioctl.c"
#include "module_checks.h"

#define MODULE_PATH "/lab/perfctr/papillon_perfctr.ko"
#define MODULE_NAME "papillon_perfctr"
#define DEVICE      "/dev/perfctr"
/* Iterations of the two-instruction loop between two looks at the sums. */
#define LOOP        20000u

static uint64_t rdtsc(void)
{
	uint32_t lo, hi;
	__asm__ volatile("rdtsc" : "=a"(lo), "=d"(hi));
	return (uint64_t)hi << 32 | lo;
}

/* n iterations of two instructions (dec, jnz): 2n user instructions. */
static void spin(uint64_t n)
{
	__asm__ volatile("1: dec %0\n\tjnz 1b" : "+r"(n) : : "cc");
}

/* A thread's virtual counters: the file and its mapped state page. */
struct vctr {
	int fd;
	const volatile struct perfctr_cpu_state *page;
	uint64_t last; /* the last sum read, page or ioctl */
	unsigned backwards;
	int clock_fd;       /* perf's task clock of the thread */
	uint64_t clock0_ns; /* its value when the counters started */
	uint64_t sum0;
	uint64_t tsc0; /* rdtsc just before sum0 was read */
};

/* PERFCTR_INFO's TSC rate. */
static unsigned tsc_khz;

static uint64_t ioctl_sum(struct vctr *v);

static uint64_t task_clock_ns(const struct vctr *v)
{
	uint64_t ns = 0;

	if (read(v->clock_fd, &ns, sizeof(ns)) != (ssize_t)sizeof(ns))
		return 0;
	return ns;
}

static int vctr_open(struct vctr *v)
{
	int dev = open(DEVICE, O_RDONLY | O_CLOEXEC);
	struct vperfctr_control c = {0};
	void *p;

	memset(v, 0, sizeof(*v));
	v->fd = dev < 0 ? -1 : ioctl(dev, VPERFCTR_CREAT, 0);
	if (dev >= 0)
		close(dev);
	if (v->fd < 0)
		return -1;
	c.cpu_control.tsc_on = 1;
	if (perfctr_ioctl_struct(v->fd, VPERFCTR_CONTROL, &vperfctr_control_layout, &c, NULL,
	                         NULL) != 0)
		return -1;
	p = mmap(NULL, (size_t)sysconf(_SC_PAGESIZE), PROT_READ, MAP_SHARED, v->fd, 0);
	if (p == MAP_FAILED)
		return -1;
	v->page = p;
	struct perf_event_attr attr = {
	    .type = PERF_TYPE_SOFTWARE, .size = sizeof(attr), .config = PERF_COUNT_SW_TASK_CLOCK};
	v->clock_fd = (int)syscall(SYS_perf_event_open, &attr, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
	if (v->clock_fd < 0)
		return -1;
	v->clock0_ns = task_clock_ns(v);
	v->tsc0 = rdtsc();
	v->sum0 = ioctl_sum(v);
	return 0;
}

static void vctr_close(struct vctr *v)
{
	munmap((void *)(uintptr_t)v->page, (size_t)sysconf(_SC_PAGESIZE));
	close(v->clock_fd);
	close(v->fd);
}

/* The page's read protocol (the component's): retried while tsc_start
 * moves under it (a switch or a migration in the middle). */
static uint64_t page_sum(struct vctr *v)
{
	for (;;) {
		uint32_t start = v->page->tsc_start;
		__atomic_signal_fence(__ATOMIC_SEQ_CST);
		uint64_t sum = v->page->tsc_sum + (uint32_t)((uint32_t)rdtsc() - start);
		__atomic_signal_fence(__ATOMIC_SEQ_CST);
		if (v->page->tsc_start == start)
			return sum;
	}
}

static uint64_t ioctl_sum(struct vctr *v)
{
	struct perfctr_sum_ctrs sums;

	if (perfctr_ioctl_struct(v->fd, VPERFCTR_READ_SUM, NULL, NULL, &perfctr_sum_ctrs_layout,
	                         &sums) != 0)
		return 0;
	return sums.tsc;
}

/* A reading that must not be below the last one. */
static void vctr_saw(struct vctr *v, uint64_t sum)
{
	if (sum < v->last)
		v->backwards++;
	else
		v->last = sum;
}

/* Page, ioctl, page: in order, none going back. */
static void vctr_look(struct vctr *v)
{
	vctr_saw(v, page_sum(v));
	vctr_saw(v, ioctl_sum(v));
	vctr_saw(v, page_sum(v));
}

static void vctr_spin(struct vctr *v, uint64_t n)
{
	(void)v;
	spin(n);
}

/* The bounds of a final sum (the file's comment). */
static void check_bounds(const char *what, struct vctr *v)
{
	uint64_t sum = ioctl_sum(v) - v->sum0, ticks = rdtsc() - v->tsc0;
	uint64_t clock_ns = task_clock_ns(v) - v->clock0_ns;
	double sum_ns = (double)sum * 1e6 / tsc_khz;

	printf("perfctr-smp: %s: sum %llu ticks (%.0f ns), task clock %llu ns (%+.2f%%), %llu "
	       "ticks went by\n",
	       what, (unsigned long long)sum, sum_ns, (unsigned long long)clock_ns,
	       100.0 * (sum_ns - (double)clock_ns) / (double)clock_ns, (unsigned long long)ticks);
	CHECK(sum <= ticks, "%s: sum %llu above the %llu ticks that went by", what,
	      (unsigned long long)sum, (unsigned long long)ticks);
	/* Below: what a lost resume or suspend would do. Above, the exact
	 * bound is the ticks: the task clock (the guest's sched_clock) lagged
	 * the TSC once by 17% on a loaded host without -icount, where a
	 * paused host thread stops the vCPUs but not the TSC. */
	CHECK(sum_ns >= 0.9 * (double)clock_ns,
	      "%s: sum %.0f ns below 90%% of the task clock's %llu ns", what, sum_ns,
	      (unsigned long long)clock_ns);
	CHECK(v->backwards == 0, "%s: %u readings went back", what, v->backwards);
}

static int pin_to(pid_t tid, int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return sched_setaffinity(tid, sizeof(set), &set);
}

static int allow_all(pid_t tid, int ncpus)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	for (int c = 0; c < ncpus; c++)
		CPU_SET(c, &set);
	return sched_setaffinity(tid, sizeof(set), &set);
}

/* sched_setaffinity in a loop: every CPU in turn, 25 rounds. */
static void check_affinity_moves(int ncpus)
{
	struct vctr v;
	unsigned misplaced = 0, moves = 0;

	CHECK(vctr_open(&v) == 0, "the counters: %s", strerror(errno));
	if (v.fd < 0 || !v.page)
		return;
	for (int round = 0; round < 25; round++)
		for (int cpu = 0; cpu < ncpus; cpu++) {
			CHECK(pin_to(0, cpu) == 0, "to CPU %d: %s", cpu, strerror(errno));
			misplaced += sched_getcpu() != cpu;
			moves++;
			vctr_look(&v);
			vctr_spin(&v, LOOP);
			vctr_look(&v);
		}
	CHECK(misplaced == 0, "%u of %u moves ran elsewhere", misplaced, moves);
	printf("perfctr-smp: %u moves over %d CPUs\n", moves, ncpus);
	check_bounds("moved by sched_setaffinity", &v);
	allow_all(0, ncpus);
	vctr_close(&v);
}

/* Another thread moves the reader while it reads its page in a loop. */
struct mover {
	pid_t tid;
	int ncpus;
	volatile int stop;
	unsigned moves;
};

static void *mover_main(void *arg)
{
	struct mover *m = arg;
	struct timespec nap = {0, 200 * 1000};

	pin_to(0, m->ncpus - 1);
	for (int cpu = 0; !m->stop; cpu = (cpu + 1) % (m->ncpus - 1)) {
		if (pin_to(m->tid, cpu) == 0)
			m->moves++;
		nanosleep(&nap, NULL);
	}
	return NULL;
}

static void check_reads_while_moved(int ncpus)
{
	struct vctr v;
	struct mover m = {.tid = (pid_t)syscall(SYS_gettid), .ncpus = ncpus};
	pthread_t t;
	unsigned seen_cpus = 0, reads = 0;

	CHECK(vctr_open(&v) == 0, "the counters: %s", strerror(errno));
	if (v.fd < 0 || !v.page)
		return;
	CHECK(pthread_create(&t, NULL, mover_main, &m) == 0, "the mover thread");
	while (m.moves < 200 && reads < 50000000u) {
		vctr_saw(&v, page_sum(&v));
		vctr_spin(&v, 100);
		seen_cpus |= 1u << (sched_getcpu() & 31);
		reads++;
	}
	m.stop = 1;
	pthread_join(t, NULL);
	printf("perfctr-smp: %u page reads during %u moves by another thread, CPUs seen %#x\n",
	       reads, m.moves, seen_cpus);
	CHECK(m.moves >= 200, "only %u moves", m.moves);
	/* The mover's CPUs are all but the last (where the reader may have
	 * been before the first move). */
	CHECK((seen_cpus & ((1u << (ncpus - 1)) - 1)) == (1u << (ncpus - 1)) - 1,
	      "ran on CPUs %#x, not all of the mover's", seen_cpus);
	check_bounds("read while moved by another thread", &v);
	allow_all(0, ncpus);
	vctr_close(&v);
}

/* Threads left to the scheduler: more than CPUs, all started on CPU 0
 * (the idle CPUs pull them away), each counting its own loops. */
struct worker {
	pthread_barrier_t *go;
	int ncpus;
	struct vctr v;
	uint64_t ticks;
	unsigned cpus_seen, changes;
	int ok;
};

static void *worker_main(void *arg)
{
	struct worker *w = arg;
	int last = -1;

	w->ok = vctr_open(&w->v) == 0;
	pthread_barrier_wait(w->go);
	if (!w->ok)
		return NULL;
	allow_all(0, w->ncpus);
	uint64_t t0 = rdtsc();
	for (int i = 0; i < 300; i++) {
		int cpu = sched_getcpu();
		w->changes += last >= 0 && cpu != last;
		last = cpu;
		w->cpus_seen |= 1u << (cpu & 31);
		vctr_look(&w->v);
		vctr_spin(&w->v, LOOP);
	}
	w->ticks = rdtsc() - t0;
	return NULL;
}

static void check_scheduler_moves(int ncpus)
{
	enum { EXTRA = 2 };
	struct worker w[16 + EXTRA];
	pthread_t t[16 + EXTRA];
	pthread_barrier_t go;
	int n = ncpus + EXTRA;
	unsigned changes = 0, cpus = 0;

	if (n > 16 + EXTRA)
		n = 16 + EXTRA;
	pin_to(0, 0); /* the threads inherit CPU 0 alone */
	pthread_barrier_init(&go, NULL, (unsigned)n + 1);
	for (int i = 0; i < n; i++) {
		memset(&w[i], 0, sizeof(w[i]));
		w[i].go = &go;
		w[i].ncpus = ncpus;
		CHECK(pthread_create(&t[i], NULL, worker_main, &w[i]) == 0, "worker %d", i);
	}
	pthread_barrier_wait(&go);
	allow_all(0, ncpus);
	for (int i = 0; i < n; i++) {
		char what[64];
		pthread_join(t[i], NULL);
		CHECK(w[i].ok, "worker %d: its counters: no", i);
		if (!w[i].ok)
			continue;
		snprintf(what, sizeof what, "worker %d (%u CPU changes)", i, w[i].changes);
		check_bounds(what, &w[i].v);
		changes += w[i].changes;
		cpus |= w[i].cpus_seen;
		vctr_close(&w[i].v);
	}
	pthread_barrier_destroy(&go);
	printf("perfctr-smp: %d threads on %d CPUs: %u CPU changes seen, CPUs %#x\n", n, ncpus,
	       changes, cpus);
	CHECK(changes > 0, "the scheduler moved no thread");
	CHECK(cpus == (1u << ncpus) - 1, "the threads ran on CPUs %#x only", cpus);
}

static int cpu_online_set(int cpu, int online)
{
	char path[80];

	snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu%d/online", cpu);
	return write_text(path, online ? "1" : "0");
}

static int gcontrol(int dev, uint32_t cpu)
{
	struct gperfctr_cpu_control c = {.cpu = cpu, .cpu_control = {.tsc_on = 1}};
	int rc = perfctr_ioctl_struct(dev, GPERFCTR_CONTROL, &gperfctr_cpu_control_layout, &c, NULL,
	                              NULL);
	return rc < 0 ? -errno : rc;
}

static int gread(int dev, uint32_t cpu, uint64_t *tsc)
{
	struct gperfctr_cpu_state in = {.cpu = cpu}, out;

	if (perfctr_ioctl_struct(dev, GPERFCTR_READ, &gperfctr_cpu_state_only_cpu_layout, &in,
	                         &gperfctr_cpu_state_layout, &out) != 0)
		return -errno;
	*tsc = out.sum.tsc;
	return 0;
}

/* A counting thread bound to the last CPU while that CPU goes offline. */
struct bound {
	int cpu;
	struct vctr v;
	volatile int phase; /* 0 running, 1 asked to stop */
	unsigned on_cpu, elsewhere;
	uint64_t t0; /* rdtsc when it started counting */
	int ok;
};

static void *bound_main(void *arg)
{
	struct bound *b = arg;

	b->ok = vctr_open(&b->v) == 0 && pin_to(0, b->cpu) == 0;
	b->t0 = rdtsc();
	while (b->ok && !b->phase) {
		if (sched_getcpu() == b->cpu)
			b->on_cpu++;
		else
			b->elsewhere++;
		vctr_look(&b->v);
		vctr_spin(&b->v, LOOP);
	}
	return NULL;
}

static void check_hotplug(int ncpus)
{
	int last = ncpus - 1, dev = open(DEVICE, O_RDONLY | O_CLOEXEC);
	struct bound b = {.cpu = last};
	struct timespec nap = {0, 50 * 1000 * 1000};
	pthread_t t;
	uint64_t before = 0, after = 0, other0 = 0, other1 = 0, dummy;

	CHECK(dev >= 0, "open " DEVICE ": %s", strerror(errno));
	for (int c = 0; c < ncpus; c++)
		CHECK(gcontrol(dev, (uint32_t)c) == c + 1, "GPERFCTR_CONTROL of CPU %d", c);
	CHECK(ioctl(dev, GPERFCTR_START, 20000) == ncpus, "GPERFCTR_START: %s", strerror(errno));
	CHECK(pthread_create(&t, NULL, bound_main, &b) == 0, "the bound thread");
	nanosleep(&nap, NULL);
	unsigned on_before = b.on_cpu;
	CHECK(gread(dev, (uint32_t)last, &before) == 0, "READ of CPU %d", last);
	CHECK(gread(dev, 0, &other0) == 0, "READ of CPU 0");
	uint64_t off0 = rdtsc();
	CHECK(cpu_online_set(last, 0) == 0, "CPU %d offline: %s", last, strerror(errno));
	uint64_t off1 = rdtsc();
	unsigned elsewhere0 = b.elsewhere;
	nanosleep(&nap, NULL);
	CHECK(gread(dev, (uint32_t)last, &dummy) == -EINVAL, "READ of the offline CPU");
	CHECK(gread(dev, 0, &other1) == 0 && other1 > other0, "CPU 0's sum stood still");
	CHECK(b.elsewhere > elsewhere0, "the bound thread did not go on elsewhere (%u, %u)",
	      b.elsewhere, elsewhere0);
	uint64_t on0 = rdtsc();
	CHECK(cpu_online_set(last, 1) == 0, "CPU %d online: %s", last, strerror(errno));
	uint64_t on1 = rdtsc();
	nanosleep(&nap, NULL);
	CHECK(gread(dev, (uint32_t)last, &after) == 0, "READ of CPU %d back", last);
	uint64_t r1 = rdtsc();
	/* It counted before leaving and after coming back, not in between. */
	printf("perfctr-smp: CPU %d's global sum %llu before offline, %llu after; offline "
	       "%llu..%llu, online %llu..%llu ticks into the 50 ms\n",
	       last, (unsigned long long)before, (unsigned long long)after,
	       (unsigned long long)(off1 - off0), (unsigned long long)(on0 - off0),
	       (unsigned long long)(on1 - off0), (unsigned long long)(r1 - off0));
	CHECK(after > before, "CPU %d's sum did not go on after it came back", last);
	CHECK(after - before <= (r1 - on0) + (off1 - off0) + 1000000,
	      "CPU %d counted while it was offline: %llu more, offline for %llu ticks", last,
	      (unsigned long long)(after - before), (unsigned long long)(on0 - off1));
	CHECK(after - before >= (r1 - on1) * 9 / 10, "CPU %d's sum grew %llu in %llu ticks back",
	      last, (unsigned long long)(after - before), (unsigned long long)(r1 - on1));
	b.phase = 1;
	pthread_join(t, NULL);
	CHECK(b.ok, "the bound thread's counters or affinity");
	CHECK(on_before > 0, "the bound thread never ran on CPU %d", last);
	check_bounds("bound to the CPU that went offline", &b.v);
	vctr_close(&b.v);
	CHECK(ioctl(dev, GPERFCTR_STOP, 0) == 0, "GPERFCTR_STOP: %s", strerror(errno));
	/* Offline, a CPU takes no control; back, it does. */
	CHECK(cpu_online_set(last, 0) == 0, "CPU %d offline again", last);
	CHECK(gcontrol(dev, (uint32_t)last) == -EINVAL, "CONTROL of the offline CPU");
	CHECK(cpu_online_set(last, 1) == 0, "CPU %d online again", last);
	CHECK(gcontrol(dev, (uint32_t)last) == 1, "CONTROL of the CPU back");
	CHECK(ioctl(dev, GPERFCTR_START, 0) == 1, "START on the CPU back");
	CHECK(gread(dev, (uint32_t)last, &before) == 0, "READ of the CPU back");
	nanosleep(&nap, NULL);
	CHECK(gread(dev, (uint32_t)last, &after) == 0 && after > before,
	      "the CPU back does not count");
	CHECK(ioctl(dev, GPERFCTR_STOP, 0) == 0, "GPERFCTR_STOP: %s", strerror(errno));
	/* A virtual counter on the CPU back. */
	struct vctr v;
	CHECK(vctr_open(&v) == 0 && pin_to(0, last) == 0 && sched_getcpu() == last,
	      "counters on CPU %d back", last);
	for (int i = 0; i < 50; i++) {
		vctr_look(&v);
		vctr_spin(&v, LOOP);
	}
	check_bounds("on the CPU back", &v);
	allow_all(0, ncpus);
	vctr_close(&v);
	close(dev);
}

int main(void)
{
	int ncpus = (int)sysconf(_SC_NPROCESSORS_ONLN);

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (ncpus < 3 || ncpus > 31) {
		printf("SKIPPED: %d CPUs: this test wants 3 to 31\n", ncpus);
		return 77;
	}
	if (module_load(MODULE_PATH, DEVICE) != 0 && errno != EEXIST) {
		printf("FAILED: loading %s: %s\n", MODULE_PATH, strerror(errno));
		return 1;
	}
	struct perfctr_info info = {0};
	int dev = open(DEVICE, O_RDONLY | O_CLOEXEC);
	CHECK(dev >= 0 &&
	          perfctr_ioctl_struct(dev, PERFCTR_INFO, NULL, NULL, &perfctr_info_layout,
	                               &info) == 0 &&
	          info.cpu_khz > 0,
	      "PERFCTR_INFO: %s", strerror(errno));
	if (dev >= 0)
		close(dev);
	tsc_khz = info.cpu_khz ? info.cpu_khz : 1000000;
	double t0 = monotonic_s();
	check_affinity_moves(ncpus);
	check_reads_while_moved(ncpus);
	check_scheduler_moves(ncpus);
	check_hotplug(ncpus);
	printf("perfctr-smp: %.0f ms of guest time\n", (monotonic_s() - t0) * 1e3);
	CHECK(module_unload(MODULE_NAME) == 0, "unload: %s", strerror(errno));
	check_kernel_log(MODULE_NAME, "driver (");
	printf("%s: %d failed checks\n", failures ? "FAILED" : "PASSED", failures);
	return failures ? 1 : 0;
}
#endif
