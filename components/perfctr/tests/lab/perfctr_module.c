// SPDX-License-Identifier: BSD-3-Clause
/*
 * components/perfctr/tests/lab/perfctr_module.c: the perfctr component's kernel module in the
 * x86_64 guest (issue 15). Loads /lab/perfctr/papillon_perfctr.ko (built
 * against the guest kernel's headers by lab/build-perfctr-module), drives
 * /dev/perfctr through the perfctr 2.6 ABI with raw ioctls, and checks:
 * the queries; a virtual counter's controls (refused ones included), its
 * read-only state page and that a page read agrees with VPERFCTR_READ_SUM;
 * that the counters stop while the thread sleeps (context-switch suspend);
 * the last close by another process; the privilege rule both modules
 * share (nobody at perf_event_paranoid 2 and 1: every way of counting the
 * kernel EACCES at 2, the global counters at both); the global counters
 * (the TSC of every CPU counted through
 * GPERFCTR_*, its sums against the guest's own clock); 10,000 open/close
 * cycles (the kernel's slab objects growing at most 4 bytes a cycle:
 * lab/tests/slab_accounting.h) and 100 load/unload cycles without memory
 * growth; no oops or warning in the
 * kernel log; and, with the module loaded, the component's ctests
 * /ctests/perfctr_tsc and /ctests/perfctr_global must pass. Under TCG only the TSC is real: the
 * controls here count the TSC alone, but for the i-mode part, which loads
 * the module with test_inject=1 (test counters made of the TSC, and an
 * overflow injection through debugfs: the PMU interrupt itself never
 * fires here). Counters kept across an exec (re-executing this program)
 * and a ptracer's UNLINK are checked too, and the i-mode overflow floor
 * (a threshold below 10,000 events: root only), and the throttling of
 * the overflows (max_interrupt_rate). Elsewhere (no x86) it skips. It
 * leaves the module unloaded, so the other tests see no perfctr.
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
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../../kernel/perfctr_abi.h"
/* The structure ioctls in perfctr 2.6's tagged encoding, as the component
 * makes them; this test is one file, so their sources come in here. */
#include "../../kernel/perfctr_marshal.c"
#include "../../perfctr_ioctl.c"
#include "module_checks.h"
#include "slab_accounting.h"

#define MODULE_PATH          "/lab/perfctr/papillon_perfctr.ko"
#define MODULE_NAME          "papillon_perfctr"
#define DEVICE               "/dev/perfctr"
#define DEBUGFS              "/sys/kernel/debug"
#define INJECT               DEBUGFS "/papillon_perfctr/inject_overflow"
#define REFCNT               "/sys/module/" MODULE_NAME "/refcnt"

static int load_module_with(const char *params)
{
	return module_load_with(MODULE_PATH, DEVICE, params);
}

static int load_module(void)
{
	return load_module_with("");
}

static int unload_module(void)
{
	return module_unload(MODULE_NAME);
}

static uint64_t rdtsc(void)
{
	uint32_t lo, hi;
	__asm__ volatile("rdtsc" : "=a"(lo), "=d"(hi));
	return (uint64_t)hi << 32 | lo;
}

static int set_control(int vfd, const struct vperfctr_control *control)
{
	return perfctr_ioctl_struct(vfd, VPERFCTR_CONTROL, &vperfctr_control_layout, control, NULL,
	                            NULL) == 0
	           ? 0
	           : errno;
}

static uint64_t ioctl_tsc_sum(int vfd)
{
	struct perfctr_sum_ctrs sums;
	if (perfctr_ioctl_struct(vfd, VPERFCTR_READ_SUM, NULL, NULL, &perfctr_sum_ctrs_layout,
	                         &sums) != 0)
		return 0;
	return sums.tsc;
}

/* The page's read, as the component does it: retried while tsc_start moves. */
static uint64_t page_tsc_sum(const volatile struct perfctr_cpu_state *s)
{
	for (;;) {
		uint32_t start = s->tsc_start;
		__atomic_signal_fence(__ATOMIC_SEQ_CST);
		uint64_t sum = s->tsc_sum + (uint32_t)((uint32_t)rdtsc() - start);
		__atomic_signal_fence(__ATOMIC_SEQ_CST);
		if (s->tsc_start == start)
			return sum;
	}
}

static void busy(unsigned n)
{
	for (volatile unsigned i = 0; i < n; i++)
		;
}

static int create_vperfctr(void)
{
	int dev = open(DEVICE, O_RDONLY | O_CLOEXEC), vfd;
	if (dev < 0)
		return -1;
	vfd = ioctl(dev, VPERFCTR_CREAT, 0);
	close(dev);
	return vfd;
}

static struct perfctr_info info_of_device;

/* PERFCTR_INFO's words as libperfctr 2.6 reads them: a header word (tag
 * << 16 | item << 1) before each non-zero 32-bit item; abi_version is
 * tag 0, the first four bytes of driver_version tag 1 ("papi"). */
static void check_raw_encoding(int dev)
{
	uint32_t buf[2 + 64] = {0, 64};

	CHECK(ioctl(dev, PERFCTR_INFO, buf) == 0, "PERFCTR_INFO: %s", strerror(errno));
	CHECK(buf[0] >= 4 && buf[2] == 0x00000000 && buf[3] == PERFCTR_ABI_VERSION &&
	          buf[4] == 0x00010000 && memcmp(&buf[5], "papi", 4) == 0,
	      "INFO's words: %u: %#x %#x %#x %#x", buf[0], buf[2], buf[3], buf[4], buf[5]);
}

static unsigned check_queries(void)
{
	int dev = open(DEVICE, O_RDONLY | O_CLOEXEC);
	unsigned abi = 0;
	struct perfctr_info info = {0};
	/* Room for one word: rdsize 0, wrsize 1. */
	uint32_t small[3] = {0, 1, 0};

	CHECK(dev >= 0, "open " DEVICE ": %s", strerror(errno));
	CHECK(ioctl(dev, PERFCTR_ABI, &abi) == 0 && abi == PERFCTR_ABI_VERSION, "ABI %#x", abi);
	CHECK(perfctr_ioctl_struct(dev, PERFCTR_INFO, NULL, NULL, &perfctr_info_layout, &info) == 0,
	      "PERFCTR_INFO: %s", strerror(errno));
	printf("perfctr: driver %s, cpu_type %u, features %#x, %u kHz\n", info.driver_version,
	       info.cpu_type, info.cpu_features, info.cpu_khz);
	CHECK(info.abi_version == PERFCTR_ABI_VERSION, "INFO's abi_version %#x", info.abi_version);
	CHECK(info.cpu_features & PERFCTR_FEATURE_RDTSC, "no RDTSC feature");
	CHECK(ioctl(dev, PERFCTR_INFO, small) != 0 && errno == EOVERFLOW,
	      "INFO into 1 word: not EOVERFLOW");
	check_raw_encoding(dev);
	close(dev);
	info_of_device = info;
	return info.cpu_khz;
}

/* Controls the module must refuse before touching anything. */
static void check_refusals(int vfd, int pcint)
{
	struct vperfctr_control c = {0};

	/* Refused by every driver (under TCG the generic one: the qemu64 CPU
	 * reads its K8 control register but its rdpmc raises #UD). */
	c.cpu_control.tsc_on = 1;
	c.cpu_control.nractrs = PERFCTR_MAX_COUNTERS + 1;
	CHECK(set_control(vfd, &c) == EINVAL, "19 counters accepted");
	c.cpu_control.nractrs = 1; /* evntsel 0: no enable bit, no CPL bit */
	CHECK(set_control(vfd, &c) == EINVAL, "a counter with evntsel 0 accepted");
	c.cpu_control.nractrs = 0;
	c.cpu_control.nrictrs = 1;
	c.cpu_control.ireset[0] = -100;
	CHECK(set_control(vfd, &c) == EINVAL, "an i-mode counter without a signal accepted");
	c.si_signo = SIGIO;
	int rc = set_control(vfd, &c);
	/* Without the PMU interrupt EOPNOTSUPP, else the evntsel 0 is EINVAL. */
	CHECK(rc == (pcint ? EINVAL : EOPNOTSUPP), "an i-mode counter: %s", strerror(rc));
	c.si_signo = 0;
	c.cpu_control.nrictrs = 0;
	c.cpu_control._reserved1 = 1;
	CHECK(set_control(vfd, &c) == EINVAL, "a reserved word accepted");
	c.cpu_control._reserved1 = 0;
	c.flags = 0x80;
	CHECK(set_control(vfd, &c) == EINVAL, "an unknown flag accepted");
	/* A datum cut short (a header without its value), an unknown tag
	 * (25), more words than a control can take. */
	uint32_t cut[3] = {1, 0, 0x00200000};
	CHECK(ioctl(vfd, VPERFCTR_CONTROL, cut) != 0 && errno == EPROTO, "a cut datum accepted");
	uint32_t unknown[4] = {2, 0, 0x00190000, 1};
	CHECK(ioctl(vfd, VPERFCTR_CONTROL, unknown) != 0 && errno == EPROTO,
	      "an unknown tag accepted");
	uint32_t too_many[2] = {100000, 0};
	CHECK(ioctl(vfd, VPERFCTR_CONTROL, too_many) != 0 && errno == EINVAL,
	      "100,000 words accepted");
}

static void check_vperfctr(int pcint)
{
	struct vperfctr_control c = {0};
	int vfd = create_vperfctr(), dev, again;
	const volatile struct perfctr_cpu_state *page;
	long pagesize = sysconf(_SC_PAGESIZE);

	CHECK(vfd >= 0, "VPERFCTR_CREAT: %s", strerror(errno));
	if (vfd < 0)
		return;
	dev = open(DEVICE, O_RDONLY | O_CLOEXEC);
	CHECK(ioctl(dev, VPERFCTR_CREAT, 0) < 0 && errno == EEXIST, "a second CREAT");
	again = ioctl(dev, VPERFCTR_OPEN, 0);
	CHECK(again >= 0, "VPERFCTR_OPEN: %s", strerror(errno));
	CHECK(ioctl(dev, VPERFCTR_OPEN, (unsigned long)getppid()) < 0 && errno == EPERM,
	      "OPEN of another task (not traced)");
	close(again);
	close(dev);
	CHECK(mmap(NULL, (size_t)pagesize, PROT_READ | PROT_WRITE, MAP_SHARED, vfd, 0) ==
	          MAP_FAILED,
	      "the state page mapped writable");
	page = mmap(NULL, (size_t)pagesize, PROT_READ, MAP_SHARED, vfd, 0);
	CHECK(page != MAP_FAILED, "mmap: %s", strerror(errno));
	if (page == MAP_FAILED)
		return;
	check_refusals(vfd, pcint);
	CHECK(page->cstatus == 0, "a refused control installed (cstatus %#x)", page->cstatus);

	c.cpu_control.tsc_on = 1;
	CHECK(set_control(vfd, &c) == 0, "the TSC-only control refused");
	CHECK(perfctr_cstatus_has_tsc(page->cstatus), "cstatus %#x", page->cstatus);
	CHECK(page->k1.id != 0, "no control id");

	/* Page reads and the ioctl interleaved: each no smaller than the one before. */
	uint64_t last = 0, agree = 0;
	for (int i = 0; i < 1000; i++) {
		busy(1000);
		uint64_t a = page_tsc_sum(page), b = ioctl_tsc_sum(vfd), d = page_tsc_sum(page);
		CHECK(last <= a && a <= b && b <= d, "reads out of order: %llu %llu %llu %llu",
		      (unsigned long long)last, (unsigned long long)a, (unsigned long long)b,
		      (unsigned long long)d);
		agree += a <= b && b <= d;
		last = d;
		if (failures > 5)
			break;
	}
	printf("perfctr: 1000 page/ioctl/page read triples in order: %llu\n",
	       (unsigned long long)agree);

	/* A new control starts the sums from zero, unless it preserves them. */
	uint64_t kept = ioctl_tsc_sum(vfd);
	c.preserve = 1;
	CHECK(set_control(vfd, &c) == 0 && ioctl_tsc_sum(vfd) >= kept, "preserve lost the sum");
	c.preserve = 0;
	CHECK(set_control(vfd, &c) == 0 && ioctl_tsc_sum(vfd) < kept, "a new control kept the sum");

	/* Asleep, the thread is switched out: its TSC sum must stand still. */
	uint64_t s0 = page_tsc_sum(page), t0 = rdtsc();
	struct timespec nap = {0, 200 * 1000 * 1000};
	nanosleep(&nap, NULL);
	uint64_t s1 = page_tsc_sum(page), t1 = rdtsc();
	printf("perfctr: 200 ms asleep: TSC %llu, the virtual sum %llu\n",
	       (unsigned long long)(t1 - t0), (unsigned long long)(s1 - s0));
	CHECK(s1 - s0 < (t1 - t0) / 4, "the sum ran while the thread slept");

	struct vperfctr_control back;
	CHECK(perfctr_ioctl_struct(vfd, VPERFCTR_READ_CONTROL, NULL, NULL, &vperfctr_control_layout,
	                           &back) == 0 &&
	          back.cpu_control.tsc_on == 1 && back.cpu_control.nractrs == 0,
	      "READ_CONTROL");
	CHECK(ioctl(vfd, VPERFCTR_IRESUME, 0) != 0 && errno == EPERM, "IRESUME without i-mode");
	CHECK(ioctl(vfd, VPERFCTR_UNLINK, 0) == 0, "UNLINK: %s", strerror(errno));
	CHECK(set_control(vfd, &c) == EPERM, "CONTROL after UNLINK");
	uint64_t u0 = ioctl_tsc_sum(vfd);
	busy(100000);
	CHECK(u0 != 0 && ioctl_tsc_sum(vfd) == u0, "the sum moved after UNLINK");
	munmap((void *)(uintptr_t)page, (size_t)pagesize);
	close(vfd);
}

/* The last close by another process (a child that inherited the file):
 * the owner detaches at its next return to user space. */
static void check_close_elsewhere(void)
{
	struct vperfctr_control c = {0};
	int vfd = create_vperfctr(), status = 0;
	pid_t child;

	c.cpu_control.tsc_on = 1;
	CHECK(vfd >= 0 && set_control(vfd, &c) == 0, "CREAT/CONTROL");
	child = fork();
	if (child == 0) {
		usleep(50000);
		close(vfd);
		_exit(0);
	}
	close(vfd);
	waitpid(child, &status, 0);
	vfd = create_vperfctr();
	CHECK(vfd >= 0, "CREAT after the child's last close: %s", strerror(errno));
	close(vfd);
}

/* GPERFCTR_CONTROL's answer (CPUs with a control) or -errno. */
static int gcontrol(int dev, uint32_t cpu, const struct perfctr_cpu_control *cc)
{
	struct gperfctr_cpu_control c = {.cpu = cpu, .cpu_control = *cc};
	int rc = perfctr_ioctl_struct(dev, GPERFCTR_CONTROL, &gperfctr_cpu_control_layout, &c, NULL,
	                              NULL);
	return rc < 0 ? -errno : rc;
}

static int gread(int dev, uint32_t cpu, struct gperfctr_cpu_state *out)
{
	struct gperfctr_cpu_state in = {.cpu = cpu};
	if (perfctr_ioctl_struct(dev, GPERFCTR_READ, &gperfctr_cpu_state_only_cpu_layout, &in,
	                         &gperfctr_cpu_state_layout, out) != 0)
		return -errno;
	return 0;
}

static double now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/* The global counters count whole CPUs: as nobody, every global command
 * is EACCES at paranoid 2 and at 1 (the modules' privilege rule,
 * components/kernel-common/kpriv.h: paranoid <= 0 or CAP_PERFMON). Exit
 * status: a bit per command not refused so, 64: setuid. */
static int global_as_nobody(void)
{
	int dev = open(DEVICE, O_RDONLY | O_CLOEXEC), bad = 0;
	struct perfctr_cpu_control cc = {.tsc_on = 1};
	struct gperfctr_cpu_state st;
	if (setresgid(65534, 65534, 65534) != 0 || setresuid(65534, 65534, 65534) != 0)
		_exit(64);
	bad |= (gcontrol(dev, 0, &cc) != -EACCES) << 0;
	bad |= (gread(dev, 0, &st) != -EACCES) << 1;
	bad |= !(ioctl(dev, GPERFCTR_START, 0) < 0 && errno == EACCES) << 2;
	bad |= !(ioctl(dev, GPERFCTR_STOP, 0) < 0 && errno == EACCES) << 3;
	_exit(bad);
}

static void check_global_needs_right(void)
{
	static const int levels[] = {2, 1};
	for (size_t i = 0; i < sizeof(levels) / sizeof(levels[0]); i++) {
		int status = 0, old = paranoid_set(levels[i]);
		pid_t child = fork();
		if (child == 0)
			global_as_nobody();
		waitpid(child, &status, 0);
		paranoid_set(old);
		CHECK(old != -100, "perf_event_paranoid could not be set to %d", levels[i]);
		CHECK(
		    WIFEXITED(status) && WEXITSTATUS(status) == 0,
		    "nobody's global commands at paranoid %d: exit %d (bits: CONTROL, READ, START, "
		    "STOP not refused with EACCES; 64: setuid)",
		    levels[i], WIFEXITED(status) ? WEXITSTATUS(status) : -1);
	}
	printf("perfctr: privilege: nobody's global CONTROL, READ, START, STOP: EACCES at "
	       "paranoid 2 and 1\n");
}

/* Global TSC counting on every online CPU, read through GPERFCTR_READ:
 * each sum lies within 5% of the ticks the guest's CLOCK_MONOTONIC says
 * went by (cpu_khz per ms), though this process slept most of the time. */
static void check_global(unsigned cpu_khz)
{
	int dev = open(DEVICE, O_RDONLY | O_CLOEXEC);
	long ncpus = sysconf(_SC_NPROCESSORS_ONLN);
	struct perfctr_cpu_control tsc = {.tsc_on = 1}, imode = {.nrictrs = 1};
	struct gperfctr_cpu_state st;
	int rc;

	check_global_needs_right();
	imode.ireset[0] = -100;
	CHECK(gcontrol(dev, 4096, &tsc) == -EINVAL, "a control for CPU 4096");
	CHECK(gcontrol(dev, 0, &imode) == -EPERM, "a global i-mode control");
	CHECK(ioctl(dev, GPERFCTR_START, 5000) < 0 && errno == EINVAL, "a 5 ms interval");
	CHECK(ioctl(dev, GPERFCTR_START, 0) == 0, "START with no control answered non-zero");
	for (long c = 0; c < ncpus; c++) {
		rc = gcontrol(dev, (uint32_t)c, &tsc);
		CHECK(rc == c + 1, "GPERFCTR_CONTROL of CPU %ld: %d", c, rc);
	}
	double t0 = now_ns();
	rc = ioctl(dev, GPERFCTR_START, 20000);
	double t1 = now_ns();
	CHECK(rc == ncpus, "GPERFCTR_START: %d (%s), %ld CPUs", rc, strerror(errno), ncpus);
	CHECK(gcontrol(dev, 0, &tsc) == -EBUSY, "CONTROL while started");
	CHECK(unload_module() != 0, "the module unloaded while its global counters ran");
	struct timespec nap = {0, 300 * 1000 * 1000};
	nanosleep(&nap, NULL);
	for (long c = 0; c < ncpus; c++) {
		double r0 = now_ns();
		rc = gread(dev, (uint32_t)c, &st);
		double r1 = now_ns();
		double least = (r0 - t1) * cpu_khz / 1e6, most = (r1 - t0) * cpu_khz / 1e6;
		printf("perfctr: global TSC of CPU %ld: %llu ticks; the guest's clock says %.0f to "
		       "%.0f\n",
		       c, (unsigned long long)st.sum.tsc, least, most);
		CHECK(rc == 0 && st.cpu == (uint32_t)c && st.cpu_control.tsc_on == 1,
		      "GPERFCTR_READ of CPU %ld: %d", c, rc);
		CHECK(st.sum.tsc >= 0.95 * least && st.sum.tsc <= 1.05 * most,
		      "CPU %ld's TSC sum %llu is not within 5%% of %.0f..%.0f", c,
		      (unsigned long long)st.sum.tsc, least, most);
	}
	CHECK(gread(dev, 4096, &st) == -EINVAL, "READ of CPU 4096");
	CHECK(ioctl(dev, GPERFCTR_STOP, 0) == 0, "GPERFCTR_STOP: %s", strerror(errno));
	struct gperfctr_cpu_state a, b;
	CHECK(gread(dev, 0, &a) == 0 && (busy(100000), gread(dev, 0, &b)) == 0 &&
	          a.sum.tsc == b.sum.tsc && a.sum.tsc != 0,
	      "the sum moved after STOP (or is 0)");
	CHECK(ioctl(dev, GPERFCTR_START, 0) == 0, "a START after STOP started forgotten controls");
	close(dev);
}

/* Another thread's counters (perfctr 2.6's rule): only for its ptracer
 * while it is in a ptrace stop. The child stops, the parent creates and
 * controls its counters, lets it run a busy loop to its next stop, and
 * reads the sum: counted while it ran, within the TSC's ticks meanwhile,
 * still while it is stopped. */
static void check_other_thread(void)
{
	struct vperfctr_control c = {0};
	int status = 0, dev = open(DEVICE, O_RDONLY | O_CLOEXEC), vfd, again;
	pid_t child = fork();

	if (child == 0) {
		ptrace(PTRACE_TRACEME, 0, NULL, NULL);
		raise(SIGSTOP);
		busy(20000000);
		raise(SIGSTOP);
		_exit(0);
	}
	waitpid(child, &status, 0);
	CHECK(WIFSTOPPED(status), "the traced child did not stop");
	CHECK(ioctl(dev, VPERFCTR_CREAT, 1) < 0 && errno == EPERM, "CREAT for init (not traced)");
	CHECK(ioctl(dev, VPERFCTR_CREAT, 999999) < 0 && errno == ESRCH, "CREAT for no thread");
	vfd = ioctl(dev, VPERFCTR_CREAT, (unsigned long)child);
	CHECK(vfd >= 0, "CREAT for the stopped traced child: %s", strerror(errno));
	CHECK(ioctl(dev, VPERFCTR_CREAT, (unsigned long)child) < 0 && errno == EEXIST,
	      "a second CREAT for the child");
	again = ioctl(dev, VPERFCTR_OPEN, (unsigned long)child);
	CHECK(again >= 0, "OPEN for the child: %s", strerror(errno));
	close(again);
	c.cpu_control.tsc_on = 1;
	CHECK(set_control(vfd, &c) == 0, "CONTROL of the child's counters: %s", strerror(errno));
	CHECK(ioctl_tsc_sum(vfd) == 0, "the child's sum before it ran");
	uint64_t t0 = rdtsc();
	ptrace(PTRACE_CONT, child, NULL, NULL);
	waitpid(child, &status, 0);
	uint64_t t1 = rdtsc(), sum = ioctl_tsc_sum(vfd);
	printf("perfctr: another thread's TSC: %llu ticks while it ran, %llu went by\n",
	       (unsigned long long)sum, (unsigned long long)(t1 - t0));
	CHECK(WIFSTOPPED(status) && sum > (t1 - t0) / 4 && sum <= t1 - t0,
	      "the child's sum %llu over %llu ticks", (unsigned long long)sum,
	      (unsigned long long)(t1 - t0));
	busy(100000);
	CHECK(ioctl_tsc_sum(vfd) == sum, "the stopped child's sum moved");
	/* perfctr 2.6: its ptracer may unlink a stopped thread's counters.
	 * They stop for good: no control, no IRESUME, the sum frozen while
	 * the child runs on; the thread has none any more (a new CREAT). */
	CHECK(ioctl(vfd, VPERFCTR_UNLINK, 0) == 0, "the ptracer's UNLINK: %s", strerror(errno));
	CHECK(set_control(vfd, &c) == EPERM, "CONTROL after the ptracer's UNLINK");
	CHECK(ioctl(vfd, VPERFCTR_IRESUME, 0) != 0 && errno == EPERM, "IRESUME after UNLINK");
	again = ioctl(dev, VPERFCTR_CREAT, (unsigned long)child);
	CHECK(again >= 0, "CREAT for the child after its UNLINK: %s", strerror(errno));
	close(again);
	ptrace(PTRACE_CONT, child, NULL, NULL);
	waitpid(child, &status, 0);
	CHECK(WIFEXITED(status), "the child did not exit");
	CHECK(ioctl_tsc_sum(vfd) == sum, "the unlinked sum moved while the child ran: %llu, %llu",
	      (unsigned long long)ioctl_tsc_sum(vfd), (unsigned long long)sum);
	CHECK(set_control(vfd, &c) == EPERM, "CONTROL of an exited thread's counters");
	close(vfd);
	close(dev);
}

static long module_refcnt(void)
{
	long n = -1;
	FILE *f = fopen(REFCNT, "r");
	if (f) {
		if (fscanf(f, "%ld", &n) != 1)
			n = -1;
		fclose(f);
	}
	return n;
}

/* The module's references back to want: counters that survived an exec
 * are freed by a work after their owner's last switch. */
static long wait_refcnt(long want)
{
	long n = module_refcnt();
	for (int i = 0; i < 100 && n != want; i++) {
		usleep(10000);
		n = module_refcnt();
	}
	return n;
}

/* The program exec'd by check_exec (this one, "--after-exec MODE SUM"):
 * kept: VPERFCTR_OPEN of its own counters works, the TSC sum goes on from
 * at least SUM, page and ioctl agree; gone: there are none (ENOENT) and a
 * CREAT works. Exit 0, or the number of the check that failed. */
static int after_exec(const char *mode, const char *sum_text)
{
	uint64_t before = strtoull(sum_text, NULL, 10);
	int dev = open(DEVICE, O_RDONLY | O_CLOEXEC), vfd;
	long pagesize = sysconf(_SC_PAGESIZE);

	if (dev < 0)
		return 10;
	vfd = ioctl(dev, VPERFCTR_OPEN, 0);
	if (strcmp(mode, "gone") == 0) {
		if (vfd >= 0 || errno != ENOENT)
			return 11;
		vfd = ioctl(dev, VPERFCTR_CREAT, 0);
		return vfd >= 0 ? 0 : 12;
	}
	if (vfd < 0)
		return 13;
	const volatile struct perfctr_cpu_state *page =
	    mmap(NULL, (size_t)pagesize, PROT_READ, MAP_SHARED, vfd, 0);
	struct vperfctr_control back;
	if (page == MAP_FAILED || !perfctr_cstatus_has_tsc(page->cstatus))
		return 14;
	uint64_t a = page_tsc_sum(page), b = ioctl_tsc_sum(vfd);
	busy(100000);
	uint64_t c = ioctl_tsc_sum(vfd), d = page_tsc_sum(page);
	printf("perfctr: after the exec: TSC sum %llu (%llu before it), then %llu\n",
	       (unsigned long long)a, (unsigned long long)before, (unsigned long long)d);
	if (!(before <= a && a <= b && b < c && c <= d))
		return 15;
	if (perfctr_ioctl_struct(vfd, VPERFCTR_READ_CONTROL, NULL, NULL, &vperfctr_control_layout,
	                         &back) != 0 ||
	    back.flags != 0 || back.cpu_control.tsc_on != 1)
		return 16;
	return 0;
}

/* perfctr 2.6: a control without VPERFCTR_CONTROL_CLOEXEC keeps counting
 * across an exec (the new program finds it with VPERFCTR_OPEN); with the
 * flag, the exec unlinks it. Once the new program exits, the module's
 * reference the surviving counters held is given back. */
static void check_exec(int cloexec)
{
	long refs = module_refcnt();
	int status = 0;
	pid_t child = fork();

	if (child == 0) {
		struct vperfctr_control c = {0};
		char sum_text[32];
		int vfd = create_vperfctr();
		c.cpu_control.tsc_on = 1;
		c.flags = cloexec ? VPERFCTR_CONTROL_CLOEXEC : 0;
		if (vfd < 0 || set_control(vfd, &c) != 0)
			_exit(20);
		busy(100000);
		snprintf(sum_text, sizeof sum_text, "%llu", (unsigned long long)ioctl_tsc_sum(vfd));
		execl("/proc/self/exe", "perfctr_module", "--after-exec", cloexec ? "gone" : "kept",
		      sum_text, (char *)NULL);
		_exit(21);
	}
	waitpid(child, &status, 0);
	CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0,
	      "exec with%s CLOEXEC: the new program's check %d failed", cloexec ? "" : "out",
	      WIFEXITED(status) ? WEXITSTATUS(status) : -1);
	long after = wait_refcnt(refs);
	CHECK(after == refs, "module references: %ld before the exec, %ld after the exit", refs,
	      after);
}

static volatile sig_atomic_t ovf_count;
static volatile int ovf_signo, ovf_code, ovf_mask;
static volatile int ovf_log[8][2]; /* each signal's si_code and mask */

static void on_overflow(int sig, siginfo_t *info, void *context)
{
	(void)context;
	ovf_signo = sig;
	ovf_code = info->si_code;
	ovf_mask = info->_sifields._pad[0]; /* si_pmc_ovf_mask */
	if (ovf_count < 8) {
		ovf_log[ovf_count][0] = ovf_code;
		ovf_log[ovf_count][1] = ovf_mask;
	}
	ovf_count++;
}

static void print_signals(void)
{
	printf("perfctr: %d signals:", (int)ovf_count);
	for (int i = 0; i < ovf_count && i < 8; i++)
		printf(" (si_code %#x, mask %#x)", ovf_log[i][0], ovf_log[i][1]);
	printf("\n");
}

/* Writes mask to the injection file: 0 or errno. */
static int inject(const char *mask)
{
	return write_text(INJECT, mask);
}

static void wait_signal(sig_atomic_t count)
{
	for (int i = 0; i < 100 && ovf_count < count; i++)
		usleep(1000);
}

static int read_sums(int vfd, struct perfctr_sum_ctrs *sums)
{
	memset(sums, 0, sizeof *sums);
	return perfctr_ioctl_struct(vfd, VPERFCTR_READ_SUM, NULL, NULL, &perfctr_sum_ctrs_layout,
	                            sums);
}

/* In a child: the control asked as root or as nobody (uid 65534, no
 * capability left). The child's exit status is the control's errno (0:
 * accepted); 101 and 102: it could not become nobody or get counters.
 * SIGIO is ignored there: the test counters count the TSC, and an
 * accepted i-mode control's overflow comes at the child's next switch. */
static int control_as(uid_t uid, const struct vperfctr_control *c)
{
	int status = 0;
	pid_t child = fork();

	if (child == 0) {
		int dev = open(DEVICE, O_RDONLY | O_CLOEXEC), vfd;
		signal(SIGIO, SIG_IGN);
		if (uid != 0 && (setresgid(uid, uid, uid) != 0 || setresuid(uid, uid, uid) != 0))
			_exit(101);
		vfd = ioctl(dev, VPERFCTR_CREAT, 0);
		if (vfd < 0)
			_exit(102);
		_exit(set_control(vfd, c));
	}
	waitpid(child, &status, 0);
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

/* A control with one i-mode test counter reloading at ireset. */
static int imode_control_as(uid_t uid, int32_t ireset)
{
	struct vperfctr_control c = {0};
	c.si_signo = SIGIO;
	c.cpu_control.tsc_on = 1;
	c.cpu_control.nrictrs = 1;
	c.cpu_control.ireset[0] = ireset;
	return control_as(uid, &c);
}

/* The overflow floor (components/perfctr/kernel/perfctr_imode_floor.h): a
 * threshold below 10,000 events needs CAP_PERFMON or CAP_SYS_ADMIN, and
 * is refused with a bad control's errno (EINVAL) without them. At
 * paranoid 1: the test counters count time, the kernel's too, which
 * nobody may count only from there (check_privilege). */
static void check_imode_floor(void)
{
	static const struct {
		uid_t uid;
		int32_t ireset;
		int want;
	} cases[] = {
	    {65534, -1, EINVAL}, {65534, -9999, EINVAL},
	    {65534, -10000, 0},  {65534, -2000000000, 0},
	    {0, -1, 0},          {0, -9999, 0},
	};
	int old = paranoid_set(1);

	CHECK(old != -100, "perf_event_paranoid could not be set to 1");
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		int rc = imode_control_as(cases[i].uid, cases[i].ireset);
		CHECK(rc == cases[i].want, "an i-mode control at %d events as %s: %d (%s), want %s",
		      -cases[i].ireset, cases[i].uid ? "nobody" : "root", rc,
		      rc < 100 ? strerror(rc) : "setup",
		      cases[i].want ? strerror(cases[i].want) : "0");
	}
	paranoid_set(old);
	printf("perfctr: overflow floor (paranoid 1): nobody refused (EINVAL) at 1 and 9,999 "
	       "events, granted at 10,000 and 2e9; root granted at 1 and 9,999\n");
}

/* The modules' privilege rule (components/kernel-common/kpriv.h) on the
 * virtual counters, every way of asking to count the kernel, as nobody
 * at paranoid 2 and 1 and as root at 2. Under TCG the driver is the
 * generic one, whose only counters (test_inject's) count time at every
 * privilege level, so there any counter counts the kernel; which bit
 * counts it on each real family is the simulated CPUs' test
 * (components/perfctr/tests/test_perfctr_privilege.c). At paranoid 1 the
 * rule grants them, and what the generic driver answers is its own:
 * EINVAL for a counter it does not have (the test counters are i-mode
 * only). The TSC alone (no event, what user-mode counting is here) is
 * granted at both. */
static void check_privilege(void)
{
	enum { TSC, TEST_A, TEST_I, P6_OS, FIXED_OS, KINDS };
	static const char *const names[KINDS] = {
	    "the TSC alone", "an a-mode test counter", "an i-mode test counter",
	    "an a-mode counter with EVNTSEL_OS", "a fixed counter with ARCH_FIXED_OS"};
	struct vperfctr_control c[KINDS] = {0};
	static const struct {
		uid_t uid;
		int paranoid;
		int want[KINDS];
	} cases[] = {
	    {65534, 2, {0, EACCES, EACCES, EACCES, EACCES}},
	    {65534, 1, {0, EINVAL, 0, EINVAL, EINVAL}},
	    {0, 2, {0, EINVAL, 0, EINVAL, EINVAL}},
	};

	for (int k = 0; k < KINDS; k++) {
		c[k].si_signo = SIGIO;
		c[k].cpu_control.tsc_on = 1;
	}
	c[TEST_A].cpu_control.nractrs = 1;
	c[TEST_I].cpu_control.nrictrs = 1;
	c[TEST_I].cpu_control.ireset[0] = -2000000000;
	c[P6_OS].cpu_control.nractrs = 1;
	c[P6_OS].cpu_control.evntsel[0] = 0x00420000u | 0xC0; /* EN, OS: instructions */
	c[FIXED_OS].cpu_control.nractrs = 1;
	c[FIXED_OS].cpu_control.pmc_map[0] = 1u << 30; /* fixed counter 0 */
	c[FIXED_OS].cpu_control.evntsel[0] = 0x1;      /* its OS bit */
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		int old = paranoid_set(cases[i].paranoid);
		CHECK(old != -100, "perf_event_paranoid could not be set to %d", cases[i].paranoid);
		for (int k = 0; k < KINDS; k++) {
			int rc = control_as(cases[i].uid, &c[k]);
			CHECK(rc == cases[i].want[k], "%s as %s at paranoid %d: %d (%s), want %s",
			      names[k], cases[i].uid ? "nobody" : "root", cases[i].paranoid, rc,
			      rc < 100 ? strerror(rc) : "setup",
			      cases[i].want[k] ? strerror(cases[i].want[k]) : "0");
		}
		paranoid_set(old);
	}
	printf("perfctr: privilege: as nobody at paranoid 2, test counters (a-mode, i-mode), "
	       "EVNTSEL_OS and ARCH_FIXED_OS EACCES, the TSC granted; at paranoid 1 and as root "
	       "the i-mode test counter granted, the others the driver's EINVAL\n");
}

/* i-mode under QEMU's TCG, which has no PMU interrupt: the module loaded
 * with test_inject=1 gives the generic driver two test counters (the TSC
 * plus an offset, never stopped) and a debugfs file whose write runs the
 * overflow handling on the writer's counters with the mask written. The
 * NMI itself never fires here. */
static void check_imode_injected(unsigned cpu_khz)
{
	struct vperfctr_control c = {0};
	struct perfctr_sum_ctrs a, b, keep;
	struct sigaction sa = {0};
	long pagesize = sysconf(_SC_PAGESIZE);
	int vfd;

	if (load_module_with("test_inject=1") != 0) {
		CHECK(0, "load with test_inject=1: %s", strerror(errno));
		return;
	}
	CHECK(access(INJECT, W_OK) == 0, INJECT " is missing under test_inject=1");
	check_privilege();
	check_imode_floor();
	sa.sa_sigaction = on_overflow;
	sa.sa_flags = SA_SIGINFO;
	sigaction(SIGIO, &sa, NULL);
	vfd = create_vperfctr();
	const volatile struct perfctr_cpu_state *page =
	    mmap(NULL, (size_t)pagesize, PROT_READ, MAP_SHARED, vfd, 0);
	CHECK(vfd >= 0 && page != MAP_FAILED, "CREAT/mmap: %s", strerror(errno));
	if (vfd < 0 || page == MAP_FAILED)
		goto out;
	CHECK(inject("0x1") == EINVAL, "an injection without a control");
	c.si_signo = SIGIO;
	c.cpu_control.tsc_on = 1;
	c.cpu_control.nrictrs = 2;
	c.cpu_control.pmc_map[1] = 1;
	c.cpu_control.ireset[0] = c.cpu_control.ireset[1] = -2000000000;
	CHECK(set_control(vfd, &c) == 0, "the i-mode control on the test counters refused");
	const uint32_t running = perfctr_mk_cstatus(1, 1, 2, 0),
	               tsc_only = perfctr_mk_cstatus(1, 0, 0, 0);
	CHECK(page->cstatus == running, "cstatus %#x, not %#x", page->cstatus, running);
	read_sums(vfd, &a);
	busy(100000);
	read_sums(vfd, &b);
	CHECK(b.pmc[0] > a.pmc[0] && b.pmc[1] > a.pmc[1], "the i-mode counters do not count");
	CHECK(inject("0x4") == EINVAL && inject("0") == EINVAL && ovf_count == 0,
	      "an injection of no i-mode counter accepted");

	/* The overflow: the signal perfctr 2.6 specifies, every counter
	 * suspended (cstatus keeps the TSC alone), sums standing still. */
	CHECK(inject("0x2") == 0, "the injection: %s", strerror(errno));
	wait_signal(1);
	printf("perfctr: injected overflow: signal %d, si_code %#x, si_pmc_ovf_mask %#x, cstatus "
	       "%#x, isuspend_cpu %d\n",
	       ovf_signo, ovf_code, ovf_mask, page->cstatus, page->k1.isuspend_cpu);
	CHECK(ovf_count == 1 && ovf_signo == SIGIO && ovf_code == SI_PMC_OVF && ovf_mask == 2,
	      "the overflow signal: %d signals, %d, code %#x, mask %#x", (int)ovf_count, ovf_signo,
	      ovf_code, ovf_mask);
	CHECK(page->cstatus == tsc_only && page->k1.isuspend_cpu == -1,
	      "suspended: cstatus %#x, isuspend_cpu %d", page->cstatus, page->k1.isuspend_cpu);
	read_sums(vfd, &a);
	busy(200000);
	read_sums(vfd, &b);
	CHECK(a.pmc[0] == b.pmc[0] && a.pmc[1] == b.pmc[1] && b.tsc > a.tsc && a.pmc[0] > 0 &&
	          a.pmc[1] > 0,
	      "suspended sums moved (%llu %llu, %llu %llu) or the TSC stood still",
	      (unsigned long long)a.pmc[0], (unsigned long long)b.pmc[0],
	      (unsigned long long)a.pmc[1], (unsigned long long)b.pmc[1]);
	CHECK(inject("0x2") == EINVAL, "an injection into suspended counters");

	/* IRESUME: the counters count again; once only. */
	CHECK(ioctl(vfd, VPERFCTR_IRESUME, 0) == 0, "IRESUME: %s", strerror(errno));
	CHECK(page->cstatus == running, "after IRESUME: cstatus %#x", page->cstatus);
	busy(100000);
	read_sums(vfd, &a);
	CHECK(a.pmc[0] > b.pmc[0] && a.pmc[1] > b.pmc[1], "the sums stood still after IRESUME");
	CHECK(ioctl(vfd, VPERFCTR_IRESUME, 0) != 0 && errno == EPERM, "a second IRESUME");
	/* A switch-out suspends i-mode counters recording the CPU. */
	struct timespec nap = {0, 10 * 1000 * 1000};
	nanosleep(&nap, NULL);
	CHECK(page->k1.isuspend_cpu == sched_getcpu(), "isuspend_cpu %d after a sleep on CPU %d",
	      page->k1.isuspend_cpu, sched_getcpu());

	/* preserve while suspended by an overflow keeps every sum. */
	CHECK(inject("0x1") == 0, "the second injection: %s", strerror(errno));
	wait_signal(2);
	CHECK(ovf_count == 2 && ovf_mask == 1, "the second signal: %d, mask %#x", (int)ovf_count,
	      ovf_mask);
	read_sums(vfd, &keep);
	c.preserve = 1;
	CHECK(set_control(vfd, &c) == 0, "a preserve control: %s", strerror(errno));
	read_sums(vfd, &a);
	printf("perfctr: preserve after an overflow: %llu %llu %llu kept as %llu %llu %llu\n",
	       (unsigned long long)keep.tsc, (unsigned long long)keep.pmc[0],
	       (unsigned long long)keep.pmc[1], (unsigned long long)a.tsc,
	       (unsigned long long)a.pmc[0], (unsigned long long)a.pmc[1]);
	CHECK(a.tsc >= keep.tsc && a.pmc[0] >= keep.pmc[0] && a.pmc[1] >= keep.pmc[1] &&
	          keep.pmc[0] > 0 && keep.pmc[1] > 0,
	      "preserve lost a sum");

	/* A real overflow of a test counter (ireset 2 ms of TSC ticks), taken
	 * by the switch-out of the next sleep, as one whose interrupt has not
	 * come yet. */
	c.preserve = 0;
	c.cpu_control.nrictrs = 1;
	c.cpu_control.ireset[0] = -(int)(2 * cpu_khz);
	CHECK(set_control(vfd, &c) == 0, "the 2 ms control: %s", strerror(errno));
	uint64_t t0 = rdtsc();
	while (rdtsc() - t0 < 4ull * cpu_khz)
		;
	nap.tv_nsec = 1000 * 1000;
	nanosleep(&nap, NULL);
	wait_signal(3);
	read_sums(vfd, &a);
	printf(
	    "perfctr: an overflow taken at a switch: signal %d, mask %#x, counter sum %llu (2 ms: "
	    "%u ticks)\n",
	    (int)ovf_count, ovf_mask, (unsigned long long)a.pmc[0], 2 * cpu_khz);
	print_signals();
	CHECK(ovf_count == 3 && ovf_mask == 1 && page->cstatus == tsc_only &&
	          a.pmc[0] >= 2ull * cpu_khz,
	      "the switch's overflow: %d signals, mask %#x, cstatus %#x", (int)ovf_count, ovf_mask,
	      page->cstatus);
	munmap((void *)(uintptr_t)page, (size_t)pagesize);
	/* At the default rate none of the above was throttled. */
	CHECK(module_param_read(MODULE_NAME, "max_interrupt_rate") == 100000 &&
	          module_param_read(MODULE_NAME, "throttled") == 0,
	      "the default throttling: max_interrupt_rate %llu, throttled %llu",
	      module_param_read(MODULE_NAME, "max_interrupt_rate"),
	      module_param_read(MODULE_NAME, "throttled"));
out:
	close(vfd);
	signal(SIGIO, SIG_DFL);
	CHECK(unload_module() == 0, "unload after test_inject: %s", strerror(errno));
}

/* Throttling (doc/perfctr.md, "Throttling"): max_interrupt_rate out of
 * range refused at load and in sysfs; loaded with THR_RATE, THR_LOOPS
 * injected overflows, each followed by its IRESUME, as fast as the guest
 * runs them: the overflows taken (one signal each, none lost or extra)
 * stay within the budget of the jiffies the loop spanned, some IRESUMEs
 * waited (throttled grew), and the counters stood still while their owner
 * waited; then with the default rate set back none waits. */
#define THR_RATE             1000
#define THR_LOOPS            200

struct throttle_run {
	int taken, refused;
	long long jiffies;
	unsigned long long held;
	double seconds, longest_iresume_ms;
	uint64_t tsc, pmc;
};

static void throttle_loop(int vfd, struct throttle_run *run)
{
	struct perfctr_sum_ctrs a, b;
	sig_atomic_t signals0 = ovf_count;
	unsigned long long held0 = module_param_read(MODULE_NAME, "throttled");

	*run = (struct throttle_run){0};
	read_sums(vfd, &a);
	long long j0 = kernel_jiffies();
	double t0 = monotonic_s();
	for (int i = 0; i < THR_LOOPS; i++) {
		if (inject("0x1") != 0) {
			run->refused++;
			continue;
		}
		run->taken++;
		double r0 = monotonic_s();
		if (ioctl(vfd, VPERFCTR_IRESUME, 0) != 0)
			run->refused++;
		double ms = (monotonic_s() - r0) * 1e3;
		if (ms > run->longest_iresume_ms)
			run->longest_iresume_ms = ms;
	}
	run->seconds = monotonic_s() - t0;
	run->jiffies = kernel_jiffies() - j0 + 1; /* the windows spanned */
	wait_signal(signals0 + run->taken);
	read_sums(vfd, &b);
	run->held = module_param_read(MODULE_NAME, "throttled") - held0;
	run->tsc = b.tsc - a.tsc;
	run->pmc = b.pmc[0] - a.pmc[0];
	CHECK(run->refused == 0 && ovf_count - signals0 == run->taken && ovf_mask == 1,
	      "throttle: %d refused, %d signals for %d overflows (mask %#x)", run->refused,
	      (int)(ovf_count - signals0), run->taken, ovf_mask);
}

static void check_throttle(void)
{
	struct vperfctr_control c = {0};
	struct throttle_run run;
	double measured = 0;
	char params[64];

	CHECK(load_module_with("test_inject=1 max_interrupt_rate=-1") != 0 && errno == EINVAL,
	      "max_interrupt_rate=-1 taken at load");
	CHECK(load_module_with("test_inject=1 max_interrupt_rate=10000001") != 0 && errno == EINVAL,
	      "max_interrupt_rate=10000001 taken at load");
	snprintf(params, sizeof params, "test_inject=1 max_interrupt_rate=%d", THR_RATE);
	if (load_module_with(params) != 0) {
		CHECK(0, "load with %s: %s", params, strerror(errno));
		return;
	}
	CHECK(module_param_read(MODULE_NAME, "max_interrupt_rate") == THR_RATE &&
	          module_param_read(MODULE_NAME, "throttled") == 0,
	      "throttle: parameters %llu, %llu",
	      module_param_read(MODULE_NAME, "max_interrupt_rate"),
	      module_param_read(MODULE_NAME, "throttled"));
	CHECK(module_param_write(MODULE_NAME, "max_interrupt_rate", "10000001") == EINVAL &&
	          module_param_write(MODULE_NAME, "max_interrupt_rate", "many") == EINVAL &&
	          module_param_write(MODULE_NAME, "throttled", "0") != 0 &&
	          module_param_read(MODULE_NAME, "max_interrupt_rate") == THR_RATE,
	      "throttle: a bad max_interrupt_rate (or throttled) taken in sysfs");
	unsigned hz = kernel_hz(&measured);
	unsigned budget = (THR_RATE + hz - 1) / (hz ? hz : 1);
	printf("perfctr: throttle: HZ %u (%.1f jiffies a second measured), %u overflows a jiffy\n",
	       hz, measured, budget);
	CHECK(hz != 0, "throttle: no jiffies in /proc/timer_list");

	struct sigaction sa = {0};
	sa.sa_sigaction = on_overflow;
	sa.sa_flags = SA_SIGINFO;
	sigaction(SIGIO, &sa, NULL);
	int vfd = create_vperfctr();
	CHECK(vfd >= 0, "throttle: CREAT: %s", strerror(errno));
	if (vfd < 0 || hz == 0)
		goto out;
	/* One i-mode test counter, 2e9 TSC ticks from its overflow: only the
	 * injections overflow it (each IRESUME restarts it from there). */
	c.si_signo = SIGIO;
	c.cpu_control.tsc_on = 1;
	c.cpu_control.nrictrs = 1;
	c.cpu_control.ireset[0] = -2000000000;
	CHECK(set_control(vfd, &c) == 0, "throttle: the control: %s", strerror(errno));

	throttle_loop(vfd, &run);
	printf(
	    "perfctr: throttle: max_interrupt_rate %d: %d overflows in %.1f ms over %lld jiffies "
	    "(bound %lld), throttled %llu times, the longest IRESUME %.2f ms; counter sum %llu of "
	    "the TSC's %llu\n",
	    THR_RATE, run.taken, run.seconds * 1e3, run.jiffies, run.jiffies * budget, run.held,
	    run.longest_iresume_ms, (unsigned long long)run.pmc, (unsigned long long)run.tsc);
	CHECK(run.taken == THR_LOOPS && run.taken <= run.jiffies * budget,
	      "throttle: %d overflows over %lld jiffies, bound %lld", run.taken, run.jiffies,
	      run.jiffies * budget);
	CHECK(run.held > 0, "throttle: no IRESUME waited");
	/* Suspended while their owner waits: the counter ran less than the
	 * owner, whose TSC sum counts its time on the CPU. */
	CHECK(run.pmc > 0 && run.pmc <= run.tsc, "throttle: counter sum %llu, TSC %llu",
	      (unsigned long long)run.pmc, (unsigned long long)run.tsc);

	CHECK(module_param_write(MODULE_NAME, "max_interrupt_rate", "100000") == 0,
	      "throttle: the default rate set back: %s", strerror(errno));
	throttle_loop(vfd, &run);
	printf("perfctr: throttle: max_interrupt_rate 100000: %d overflows in %.1f ms over %lld "
	       "jiffies, throttled %llu times, the longest IRESUME %.2f ms\n",
	       run.taken, run.seconds * 1e3, run.jiffies, run.held, run.longest_iresume_ms);
	CHECK(run.taken == THR_LOOPS && run.held == 0 && run.taken <= run.jiffies * 100000 / hz,
	      "throttle at the default: %d overflows, %llu held", run.taken, run.held);
out:
	if (vfd >= 0)
		close(vfd);
	signal(SIGIO, SIG_DFL);
	CHECK(unload_module() == 0, "unload after the throttling: %s", strerror(errno));
}

/* Open/close cycles and their leak bounds (doc/robustness.md, "Kernel
 * modules"): the kernel's slab accounting of kmalloc's caches and of the
 * file, dentry and mapping objects a virtual counter's file and page
 * take, from cycle 50 (the caches warm) to the last, at most
 * SLAB_BYTES_PER_CYCLE a cycle; and MemTotal - MemFree (the state page is
 * a page of its own, not slab) within 1 MB. */
#define OPEN_CYCLES          10000
#define WARM_CYCLES          50
#define SLAB_BYTES_PER_CYCLE 4

/* PERFCTR_LAB_OPEN_CYCLES (test-options.txt) lowers the count where the
 * full run costs too much: the four-CPU guest, without -icount, took
 * 58.8 s for 10,000 cycles; the one-CPU guest runs all of them. */
static int open_cycles(void)
{
	const char *e = getenv("PERFCTR_LAB_OPEN_CYCLES");
	long n = e ? strtol(e, NULL, 10) : OPEN_CYCLES;

	return n >= 10 * WARM_CYCLES && n <= OPEN_CYCLES ? (int)n : OPEN_CYCLES;
}

static void check_open_close_cycles(void)
{
	static const char *const caches[] = {"kmalloc-",       "dma-kmalloc-", "filp", "dentry",
	                                     "vm_area_struct", "anon_vma",     NULL};
	static struct slab_use slab_before, slab_after;
	struct vperfctr_control c = {0};
	long pagesize = sysconf(_SC_PAGESIZE), before = 0;
	int done = 0, slab_ok = 0;
	double t0 = now_ns();

	c.cpu_control.tsc_on = 1;
	int n = open_cycles();

	for (int i = 0; i < n; i++) {
		int vfd = create_vperfctr();
		void *page = mmap(NULL, (size_t)pagesize, PROT_READ, MAP_SHARED, vfd, 0);
		if (vfd < 0 || page == MAP_FAILED || set_control(vfd, &c) != 0 ||
		    ioctl_tsc_sum(vfd) == 0) {
			CHECK(0, "cycle %d: %s", i, strerror(errno));
			break;
		}
		munmap(page, (size_t)pagesize);
		close(vfd);
		if (i == WARM_CYCLES - 1) {
			/* A closed file's filp is freed after an RCU grace
			 * period (call_rcu in 6.1's file_free): seen, 64 of
			 * them (16 kB) still allocated at a snapshot. */
			slab_wait_rcu_frees();
			before = memory_used_kb();
			slab_ok = slab_use_read(caches, &slab_before) == 0;
		}
		done++;
	}
	long growth = memory_used_kb() - before;
	slab_wait_rcu_frees();
	slab_ok = slab_ok && slab_use_read(caches, &slab_after) == 0;
	char most[48];
	long long most_bytes = 0;
	long long slab = slab_growth(&slab_before, &slab_after, most, sizeof most, &most_bytes);
	int counted = done - WARM_CYCLES;
	printf("perfctr: %d open/close cycles in %.1f guest s; over the last %d, slab objects "
	       "(kmalloc, filp, dentry, vm_area_struct, anon_vma) grew %lld bytes (%.2f a cycle; "
	       "most: %s, %lld), memory in use %ld kB\n",
	       done, (now_ns() - t0) / 1e9, counted, slab,
	       counted > 0 ? (double)slab / counted : 0.0, most, most_bytes, growth);
	CHECK(done == n, "only %d of %d cycles", done, n);
	CHECK(slab_ok, "the slab caches could not be shrunk or read (/proc/slabinfo, "
	               "/sys/kernel/slab)");
	CHECK(slab <= (long long)SLAB_BYTES_PER_CYCLE * counted,
	      "slab objects grew %lld bytes over %d cycles (most: %s, %lld)", slab, counted, most,
	      most_bytes);
	/* A leaked page per cycle would be 39,800 kB. */
	CHECK(growth < 1024, "memory grew %ld kB", growth);
}

static void check_load_cycles(void)
{
	long before = 0;
	int done = 0;

	for (int i = 0; i < 100; i++) {
		if (load_module() != 0 || access(DEVICE, F_OK) != 0 || unload_module() != 0) {
			CHECK(0, "load/unload cycle %d: %s", i, strerror(errno));
			break;
		}
		if (i == 9)
			before = memory_used_kb();
		done++;
	}
	long growth = memory_used_kb() - before;
	printf("perfctr: %d load/unload cycles; memory in use grew %ld kB over the last 90\n", done,
	       growth);
	CHECK(done == 100, "only %d cycles", done);
	CHECK(growth < 1024, "memory grew %ld kB", growth);
}

/* A ctest of the component, run while the module is loaded: its verdict
 * line must be PASSED. Absent without the project's tree (--no-tree). */
static void check_component_ctest(const char *ctest)
{
	char out[4096] = "";
	int pipefd[2], status = 0;
	size_t used = 0;
	ssize_t n;
	pid_t child;

	if (access(ctest, X_OK) != 0) {
		printf("perfctr: %s is not in this initramfs: the component is not run\n", ctest);
		return;
	}
	CHECK(load_module() == 0, "load for the ctest: %s", strerror(errno));
	if (pipe(pipefd) != 0)
		return;
	child = fork();
	if (child == 0) {
		dup2(pipefd[1], 1);
		dup2(pipefd[1], 2);
		execl(ctest, ctest, (char *)NULL);
		_exit(127);
	}
	close(pipefd[1]);
	while ((n = read(pipefd[0], out + used, sizeof out - 1 - used)) > 0)
		used += (size_t)n;
	close(pipefd[0]);
	out[used] = '\0';
	waitpid(child, &status, 0);
	printf("perfctr: %s says:\n%s\n", ctest, out);
	/* The verdict is the last line. */
	while (used > 0 && out[used - 1] == '\n')
		out[--used] = '\0';
	const char *last = strrchr(out, '\n');
	last = last ? last + 1 : out;
	CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0 && strncmp(last, "PASSED", 6) == 0,
	      "%s did not pass", ctest);
	/* Global counters outlive their process: a failed ctest may leave
	 * them running, which keeps the module in. */
	int dev = open(DEVICE, O_RDONLY | O_CLOEXEC);
	if (dev >= 0) {
		ioctl(dev, GPERFCTR_STOP, 0);
		close(dev);
	}
	CHECK(unload_module() == 0, "unload after the ctest: %s", strerror(errno));
}

int main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IONBF, 0);
	if (argc == 4 && strcmp(argv[1], "--after-exec") == 0)
		return after_exec(argv[2], argv[3]);
	if (access(MODULE_PATH, R_OK) != 0) {
		printf("FAILED: no %s in the initramfs (lab/build-perfctr-module)\n", MODULE_PATH);
		return 1;
	}
	if (load_module() != 0) {
		printf("FAILED: loading %s: %s\n", MODULE_PATH, strerror(errno));
		check_kernel_log(MODULE_NAME, "driver (");
		return 1;
	}
	unsigned cpu_khz = check_queries();
	/* For the injection file; unmounted after the i-mode checks: with
	 * debugfs mounted, libpfm4 lists the kernel's tracepoints, and the
	 * guest's other tests expect the lab's usual mounts. */
	int debugfs_mounted = mount("debugfs", DEBUGFS, "debugfs", 0, NULL) == 0;
	if (!debugfs_mounted && errno != EBUSY)
		printf("perfctr: mount debugfs: %s\n", strerror(errno));
	CHECK(access(INJECT, F_OK) != 0, INJECT " exists without test_inject");
	int pcint = (info_of_device.cpu_features & PERFCTR_FEATURE_PCINT) != 0;
	check_vperfctr(pcint);
	if (!pcint)
		printf("perfctr: i-mode overflow SKIPPED: no PMU interrupt (cpu_type %u, features "
		       "%#x: under TCG only the TSC is real)\n",
		       info_of_device.cpu_type, info_of_device.cpu_features);
	check_close_elsewhere();
	check_other_thread();
	double exec_t0 = now_ns();
	check_exec(0);
	check_exec(1);
	printf("perfctr: the exec checks took %.0f ms of guest time\n", (now_ns() - exec_t0) / 1e6);
	check_global(cpu_khz);
	check_open_close_cycles();
	CHECK(unload_module() == 0, "unload: %s", strerror(errno));
	check_load_cycles();
	double imode_t0 = now_ns();
	check_imode_injected(cpu_khz);
	check_throttle();
	if (debugfs_mounted)
		CHECK(umount(DEBUGFS) == 0, "umount " DEBUGFS ": %s", strerror(errno));
	printf("perfctr: the i-mode checks took %.0f ms of guest time\n",
	       (now_ns() - imode_t0) / 1e6);
	check_component_ctest("/ctests/perfctr_tsc");
	check_component_ctest("/ctests/perfctr_global");
	/* The read-cost benchmark (doc/performance.md), in the same guest. */
	check_component_ctest("/ctests/perfctr_read_cost");
	check_kernel_log(MODULE_NAME, "driver (");
	printf("%s: %d failed checks\n", failures ? "FAILED" : "PASSED", failures);
	return failures ? 1 : 0;
}
#endif
