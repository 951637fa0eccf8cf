// SPDX-License-Identifier: BSD-3-Clause
/*
 * lab/tests/perfctr_module.c: the perfctr component's kernel module in the
 * x86_64 guest (issue 15). Loads /lab/perfctr/papillon_perfctr.ko (built
 * against the guest kernel's headers by lab/build-perfctr-module), drives
 * /dev/perfctr through the perfctr 2.6 ABI with raw ioctls, and checks:
 * the queries; a virtual counter's controls (refused ones included), its
 * read-only state page and that a page read agrees with VPERFCTR_READ_SUM;
 * that the counters stop while the thread sleeps (context-switch suspend);
 * the last close by another process; the global counters (root only: a
 * process turned nobody is refused; the TSC of every CPU counted through
 * GPERFCTR_*, its sums against the guest's own clock); 1,000 open/close
 * cycles and 100
 * load/unload cycles without memory growth; no oops or warning in the
 * kernel log; and, with the module loaded, the component's ctests
 * /ctests/perfctr_tsc and /ctests/perfctr_global must pass. Under TCG only the TSC is real: the
 * controls here count the TSC alone. Elsewhere (no x86) it skips. It
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
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../../components/perfctr/kernel/perfctr_abi.h"
/* The structure ioctls in perfctr 2.6's tagged encoding, as the component
 * makes them; this test is one file, so their sources come in here. */
#include "../../components/perfctr/kernel/perfctr_marshal.c"
#include "../../components/perfctr/perfctr_ioctl.c"
#include "module_checks.h"

#define MODULE_PATH "/lab/perfctr/papillon_perfctr.ko"
#define MODULE_NAME "papillon_perfctr"
#define DEVICE      "/dev/perfctr"

static int load_module(void)
{
	return module_load(MODULE_PATH, DEVICE);
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

/* A process that is not root gets EPERM from every global command. */
static void check_global_needs_root(void)
{
	int status = 0;
	pid_t child = fork();

	if (child == 0) {
		int dev = open(DEVICE, O_RDONLY | O_CLOEXEC), bad = 0;
		struct perfctr_cpu_control cc = {.tsc_on = 1};
		struct gperfctr_cpu_state st;
		if (setresgid(65534, 65534, 65534) != 0 || setresuid(65534, 65534, 65534) != 0)
			_exit(2);
		bad += gcontrol(dev, 0, &cc) != -EPERM;
		bad += gread(dev, 0, &st) != -EPERM;
		bad += !(ioctl(dev, GPERFCTR_START, 0) < 0 && errno == EPERM);
		bad += !(ioctl(dev, GPERFCTR_STOP, 0) < 0 && errno == EPERM);
		_exit(bad ? 1 : 0);
	}
	waitpid(child, &status, 0);
	CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0,
	      "nobody's global commands: exit %d (1: one was not refused with EPERM, 2: setuid)",
	      WIFEXITED(status) ? WEXITSTATUS(status) : -1);
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

	check_global_needs_root();
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
	CHECK(ioctl(vfd, VPERFCTR_UNLINK, 0) != 0 && errno == EPERM, "UNLINK of another thread");
	ptrace(PTRACE_CONT, child, NULL, NULL);
	waitpid(child, &status, 0);
	CHECK(WIFEXITED(status), "the child did not exit");
	CHECK(set_control(vfd, &c) == EPERM, "CONTROL of an exited thread's counters");
	close(vfd);
	close(dev);
}

static void check_open_close_cycles(void)
{
	struct vperfctr_control c = {0};
	long pagesize = sysconf(_SC_PAGESIZE), before = 0;
	int done = 0;

	c.cpu_control.tsc_on = 1;
	for (int i = 0; i < 1000; i++) {
		int vfd = create_vperfctr();
		void *page = mmap(NULL, (size_t)pagesize, PROT_READ, MAP_SHARED, vfd, 0);
		if (vfd < 0 || page == MAP_FAILED || set_control(vfd, &c) != 0 ||
		    ioctl_tsc_sum(vfd) == 0) {
			CHECK(0, "cycle %d: %s", i, strerror(errno));
			break;
		}
		munmap(page, (size_t)pagesize);
		close(vfd);
		if (i == 49)
			before = memory_used_kb();
		done++;
	}
	long growth = memory_used_kb() - before;
	printf("perfctr: %d open/close cycles; memory in use grew %ld kB over the last 950\n", done,
	       growth);
	CHECK(done == 1000, "only %d cycles", done);
	/* A leaked page per cycle would be 3800 kB. */
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

int main(void)
{
	setvbuf(stdout, NULL, _IONBF, 0);
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
	int pcint = (info_of_device.cpu_features & PERFCTR_FEATURE_PCINT) != 0;
	check_vperfctr(pcint);
	if (!pcint)
		printf("perfctr: i-mode overflow SKIPPED: no PMU interrupt (cpu_type %u, features "
		       "%#x: under TCG only the TSC is real)\n",
		       info_of_device.cpu_type, info_of_device.cpu_features);
	check_close_elsewhere();
	check_other_thread();
	check_global(cpu_khz);
	check_open_close_cycles();
	CHECK(unload_module() == 0, "unload: %s", strerror(errno));
	check_load_cycles();
	check_component_ctest("/ctests/perfctr_tsc");
	check_component_ctest("/ctests/perfctr_global");
	/* The read-cost benchmark (doc/performance.md), in the same guest. */
	check_component_ctest("/ctests/perfctr_read_cost");
	check_kernel_log(MODULE_NAME, "driver (");
	printf("%s: %d failed checks\n", failures ? "FAILED" : "PASSED", failures);
	return failures ? 1 : 0;
}
#endif
