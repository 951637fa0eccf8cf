// SPDX-License-Identifier: BSD-3-Clause
/*
 * components/riscv/tests/lab/riscv_module_robust.c: the riscv component's kernel module
 * (/dev/papillon_riscv, components/riscv/kernel) under repetition and
 * against an unprivileged user (issue 20, point 6), in the QEMU 10
 * riscv64 guests (riscv64-deleg: delegated counters; riscv64-nodeleg:
 * SBI calls). Checks:
 *
 * - 100 load/unload cycles, each opening the device and counting a loop,
 *   and 10,000 open/obtain/start/read/stop/close cycles: memory in use
 *   (MemTotal - MemFree) grows less than 1 MB over the last 90 and
 *   9,950, and the kernel's slab objects (kmalloc, filp, dentry; each
 *   cache shrunk first: lab/tests/slab_accounting.h) by at most 4 bytes a
 *   cycle over the last 9,950 opens,
 *   and the module's own counts (/sys/module/papillon_riscv/parameters:
 *   files, its one allocation per open file, and counters_held, the SBI
 *   counters its files hold) are 0 after every close;
 * - every SBI counter the module can obtain (cycles counters until none
 *   is left, then instructions, then firmware counters) is obtained again,
 *   as many, after a process holding them all was killed and the module
 *   unloaded and loaded again; a counter it had opened to user reads is
 *   closed again (csrr traps);
 * - a process turned nobody: the device is root's, mode 0666; it cannot
 *   load or unload the module, count the kernel or the firmware while
 *   perf_event_paranoid > 1 (EACCES; run at 2, then at 1, where it may),
 *   reach another process's counter
 *   (its slots are its file's: EBADSLT; the counter itself is not handed
 *   out: ENOENT; csrr of it traps), arm an overflow threshold below
 *   10,000 events (EACCES; root may), nor pass a malformed request
 *   (EINVAL); the other process's counter goes on counting, unreset;
 * - no oops, BUG, WARNING or call trace in the kernel log.
 *
 * It runs after lab/riscv_deleg (the module loaded) and leaves the
 * module loaded, for ctests/riscv_csr. Elsewhere it skips.
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
#include <stdbool.h>
#include <signal.h>
#include <stdint.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>

#include "module_checks.h"
#include "slab_accounting.h"
#include "riscv_module_calls.h"

#define EV_FW                0xf0000ull /* FW_MISALIGNED_LOAD */
#define SBI_SINH             (1ull << 6)
#define NOBODY               65534
#define LOAD_CYCLES          100
#define OPEN_CYCLES          10000
/* The leak bounds hold from the 50th open on (the caches warm): the
 * kernel's slab accounting of kmalloc's caches and of the files' filp and
 * dentry objects, at most SLAB_BYTES_PER_CYCLE an open. */
#define WARM_CYCLES          50
#define SLAB_BYTES_PER_CYCLE 4
#define SPIN                 1000 /* loop iterations counted per open cycle: 2,000 instructions */

/* Guest seconds since the last call (under -icount shift=0, 10^9
 * instructions, or idle time). */
static double phase_seconds(void)
{
	static struct timespec last;
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	double s = (double)(now.tv_sec - last.tv_sec) + (double)(now.tv_nsec - last.tv_nsec) / 1e9;
	last = now;
	return s;
}

/* One counted loop on a fresh file: open, obtain, start, spin, stop,
 * read, close. Every tenth cycle also opens the counter to user reads
 * and reads it with csrr, arms and disarms overflow, and releases it
 * before the close; odd cycles drive it through SBI calls. Returns the
 * count, or 0 on a failure. */
static uint64_t counted_cycle(int cycle)
{
	int fd = open(RV_ABI_DEVICE, O_RDWR | O_CLOEXEC);
	struct rv_abi_obtain o;
	uint64_t zero = 0, count = 0, one = 1, threshold = 1000000, off = 0;
	volatile uint64_t csr = 0;
	bool ok = fd >= 0;
	ok = ok && obtain(fd, EV_INSTR, USER_ONLY, cycle & 1 ? RV_ABI_SBI_ONLY : 0, ~7u, &o) == 0;
	if (ok && cycle % 10 == 0) {
		ok = counter_call(fd, RV_IOC_USER_ACCESS, o.slot, &one) == 0 &&
		     counter_call(fd, RV_IOC_OVERFLOW, o.slot, &threshold) == 0 &&
		     counter_call(fd, RV_IOC_OVERFLOW, o.slot, &off) == 0;
	}
	ok = ok && counter_call(fd, RV_IOC_START, o.slot, &zero) == 0;
	spin(SPIN);
	ok = ok && counter_call(fd, RV_IOC_STOP, o.slot, NULL) == 0 &&
	     counter_call(fd, RV_IOC_READ, o.slot, &count) == 0;
	/* Released, the counter is closed to user reads again. */
	if (ok && cycle % 10 == 0) {
		ok = counter_user_read(o.counter, &csr) &&
		     counter_call(fd, RV_IOC_RELEASE, o.slot, NULL) == 0 &&
		     !counter_user_read(o.counter, &csr);
	}
	if (fd >= 0)
		close(fd);
	if (!ok)
		printf("cycle %d failed: %s\n", cycle, strerror(errno));
	return ok ? count : 0;
}

static void check_load_cycles(void)
{
	long before = 0;
	int done = 0;
	if (access(RV_ABI_DEVICE, F_OK) == 0)
		CHECK(module_unload(MODULE_NAME) == 0, "unload before the cycles: %s",
		      strerror(errno));
	for (int i = 0; i < LOAD_CYCLES; i++) {
		if (module_load(MODULE_PATH, RV_ABI_DEVICE) != 0) {
			CHECK(0, "load %d: %s", i, strerror(errno));
			break;
		}
		uint64_t count = counted_cycle(i);
		bool idle = module_idle();
		if (module_unload(MODULE_NAME) != 0 || access(RV_ABI_DEVICE, F_OK) == 0 || !idle ||
		    count < 2 * SPIN) {
			CHECK(0, "load/unload cycle %d: count %llu, idle %d: %s", i,
			      (unsigned long long)count, idle, strerror(errno));
			break;
		}
		if (i == 9)
			before = memory_used_kb();
		done++;
	}
	long growth = memory_used_kb() - before;
	printf("riscv: %d load/open/count/close/unload cycles; memory in use grew %ld kB over the "
	       "last 90\n",
	       done, growth);
	CHECK(done == LOAD_CYCLES, "only %d load cycles", done);
	CHECK(done <= 10 || growth < 1024, "memory grew %ld kB", growth);
	CHECK(module_load(MODULE_PATH, RV_ABI_DEVICE) == 0, "load after the cycles: %s",
	      strerror(errno));
}

static void check_open_cycles(void)
{
	static const char *const caches[] = {"kmalloc-", "dma-kmalloc-", "filp", "dentry", NULL};
	static struct slab_use slab_before, slab_after;
	long before = 0;
	int done = 0, busy = 0, slab_ok = 0;
	uint64_t least = UINT64_MAX, most = 0;
	for (int i = 0; i < OPEN_CYCLES; i++) {
		uint64_t count = counted_cycle(i);
		if (count == 0) {
			CHECK(0, "open cycle %d", i);
			break;
		}
		least = count < least ? count : least;
		most = count > most ? count : most;
		busy += !module_idle();
		if (i == WARM_CYCLES - 1) {
			/* The warm cycles' owners freed too (below). */
			slab_wait_rcu_frees();
			before = memory_used_kb();
			slab_ok = slab_use_read(caches, &slab_before) == 0;
		}
		done++;
	}
	long growth = memory_used_kb() - before;
	/* Each open's owner (rv_kmod.c) is freed by kfree_rcu, which batches
	 * its frees for up to KFREE_DRAIN_JIFFIES (5 s since Linux 6.0) and
	 * then waits a grace period: the last seconds' owners are still
	 * allocated at the last close. */
	double drain_t0 = monotonic_s();
	slab_wait_rcu_frees();
	slab_ok = slab_ok && slab_use_read(caches, &slab_after) == 0;
	printf("riscv: waited %.1f guest s for kfree_rcu's frees (and as long after the warm "
	       "cycles)\n",
	       monotonic_s() - drain_t0);
	char grew_most[48];
	long long most_bytes = 0;
	long long slab =
	    slab_growth(&slab_before, &slab_after, grew_most, sizeof grew_most, &most_bytes);
	int counted = done - WARM_CYCLES;
	printf("riscv: %d open/obtain/start/read/stop/close cycles (every 10th: user read, "
	       "overflow armed, release); counts %llu..%llu for %d instructions; %d cycles left "
	       "a file or counter behind; over the last %d, slab objects (kmalloc, filp, dentry) "
	       "grew %lld bytes (%.2f a cycle; most: %s, %lld), memory in use %ld kB\n",
	       done, (unsigned long long)least, (unsigned long long)most, 2 * SPIN, busy, counted,
	       slab, counted > 0 ? (double)slab / counted : 0.0, grew_most, most_bytes, growth);
	CHECK(slab_ok, "the slab caches could not be shrunk or read (/proc/slabinfo, "
	               "/sys/kernel/slab)");
	CHECK(slab <= (long long)SLAB_BYTES_PER_CYCLE * counted,
	      "slab objects grew %lld bytes over %d cycles (most: %s, %lld)", slab, counted,
	      grew_most, most_bytes);
	CHECK(done == OPEN_CYCLES, "only %d open cycles", done);
	CHECK(busy == 0, "%d cycles left the module's files or counters above 0", busy);
	/* The loop's own instructions and those of the ioctls' user side. */
	CHECK(least >= 2 * SPIN && most <= 2 * SPIN + 500, "counts %llu..%llu outside %d..%d",
	      (unsigned long long)least, (unsigned long long)most, 2 * SPIN, 2 * SPIN + 500);
	CHECK(done <= WARM_CYCLES || growth < 1024, "memory grew %ld kB", growth);
}

struct taken {
	int cycles, instructions, firmware;
	uint32_t user_counter; /* a hardware counter opened to user reads */
};

/* Takes every counter the module can get: cycles counters until none is
 * left, then instructions, then firmware counters. */
static struct taken take_all(int fd)
{
	struct taken t = {0};
	struct rv_abi_obtain o;
	uint64_t one = 1;
	while (obtain(fd, EV_CYCLES, 0, 0, 0, &o) == 0) {
		if (t.cycles++ == 0) {
			t.user_counter = o.counter;
			counter_call(fd, RV_IOC_USER_ACCESS, o.slot, &one);
		}
	}
	while (obtain(fd, EV_INSTR, 0, 0, 0, &o) == 0)
		t.instructions++;
	while (obtain(fd, EV_FW, 0, 0, 0, &o) == 0)
		t.firmware++;
	return t;
}

/* A process that holds every counter is killed; the module, unloaded and
 * loaded again, hands out as many. */
static void check_counters_come_back(unsigned sbi_counters)
{
	int fd = open(RV_ABI_DEVICE, O_RDWR | O_CLOEXEC), ready[2], status = 0;
	struct taken first = take_all(fd), held;
	volatile uint64_t v = 0;
	long held_count;
	close(fd);
	printf("riscv: a file takes %d cycles, %d instructions and %d firmware counters (%d of "
	       "the SBI's %u); %s\n",
	       first.cycles, first.instructions, first.firmware,
	       first.cycles + first.instructions + first.firmware, sbi_counters,
	       module_idle() ? "all given back on close" : "not all given back on close");
	CHECK(first.cycles > 0 && first.instructions > 0 && first.firmware > 0,
	      "nothing of a kind taken");
	CHECK(module_idle(), "files %ld, counters held %ld after the close", module_count("files"),
	      module_count("counters_held"));
	if (pipe(ready) != 0)
		return;
	pid_t child = fork();
	if (child == 0) {
		int cfd = open(RV_ABI_DEVICE, O_RDWR | O_CLOEXEC);
		struct taken t = take_all(cfd);
		if (write(ready[1], &t, sizeof t) != sizeof t)
			_exit(1);
		pause();
		_exit(0);
	}
	close(ready[1]);
	CHECK(read(ready[0], &held, sizeof held) == sizeof held, "the child did not take them");
	close(ready[0]);
	held_count = module_count("counters_held");
	CHECK(held_count == held.cycles + held.instructions + held.firmware &&
	          module_count("files") == 1,
	      "the child holds %ld counters, %ld files", held_count, module_count("files"));
	/* The child's counter is the child's (per-task counters): open to
	 * its csrr, not to this process's. */
	CHECK(!counter_user_read(held.user_counter, &v), "csrr of the child's counter %u it opened",
	      held.user_counter);
	kill(child, SIGKILL);
	waitpid(child, &status, 0);
	CHECK(module_idle(), "after the kill: files %ld, counters held %ld", module_count("files"),
	      module_count("counters_held"));
	CHECK(!counter_user_read(held.user_counter, &v),
	      "counter %u still open to user reads after the "
	      "kill",
	      held.user_counter);
	CHECK(module_unload(MODULE_NAME) == 0, "unload: %s", strerror(errno));
	CHECK(module_load(MODULE_PATH, RV_ABI_DEVICE) == 0, "load: %s", strerror(errno));
	fd = open(RV_ABI_DEVICE, O_RDWR | O_CLOEXEC);
	struct taken again = take_all(fd);
	close(fd);
	printf("riscv: after a holder's kill, rmmod and insmod: %d cycles, %d instructions, %d "
	       "firmware counters\n",
	       again.cycles, again.instructions, again.firmware);
	CHECK(again.cycles == first.cycles && again.instructions == first.instructions &&
	          again.firmware == first.firmware,
	      "counters lost");
}

/* The overflow floor (rv_abi.h): on a counter of its own (3 and up, user
 * mode only), a caller without CAP_PERFMON cannot arm a threshold below
 * RV_ABI_UNPRIVILEGED_OVERFLOW_THRESHOLD_MIN (EACCES); the floor itself
 * and disarming are open to all; root may go below (9,999: 1 would
 * interrupt at every user instruction of the hart). */
static void check_overflow_floor(int fd, bool privileged)
{
	struct rv_abi_obtain o;
	const char *who = privileged ? "root" : "nobody";
	CHECK(obtain(fd, EV_INSTR, USER_ONLY, 0, ~7u, &o) == 0, "%s: a counter to arm: %s", who,
	      strerror(errno));
	uint64_t below[] = {1, RV_ABI_UNPRIVILEGED_OVERFLOW_THRESHOLD_MIN - 1};
	for (unsigned i = privileged; i < 2; i++) {
		uint64_t threshold = below[i];
		int rc = counter_call(fd, RV_IOC_OVERFLOW, o.slot, &threshold);
		CHECK(rc == (privileged ? 0 : EACCES), "%s arms at %llu: %s", who,
		      (unsigned long long)below[i], strerror(rc));
	}
	uint64_t floor = RV_ABI_UNPRIVILEGED_OVERFLOW_THRESHOLD_MIN, off = 0;
	int rc = counter_call(fd, RV_IOC_OVERFLOW, o.slot, &floor);
	CHECK(rc == 0, "%s arms at the floor: %s", who, strerror(rc));
	rc = counter_call(fd, RV_IOC_OVERFLOW, o.slot, &off);
	CHECK(rc == 0, "%s disarms: %s", who, strerror(rc));
	rc = counter_call(fd, RV_IOC_RELEASE, o.slot, NULL);
	CHECK(rc == 0, "%s releases the armed counter: %s", who, strerror(rc));
	printf("riscv: %s: overflow below %u events %s\n", who,
	       RV_ABI_UNPRIVILEGED_OVERFLOW_THRESHOLD_MIN, privileged ? "accepted" : "refused");
}

/* The unprivileged side, in a child turned nobody; the parent holds a
 * running counter (user mode only, not open to user reads). Each failed
 * check is printed and counted in the exit status. */
static int nobody_checks(uint32_t parents_counter, int paranoid)
{
	struct rv_abi_obtain o;
	int fd, rc;
	uint64_t v = 0;
	volatile uint64_t csr = 0;
	int mod = open(MODULE_PATH, O_RDONLY | O_CLOEXEC);
	failures = 0; /* the child's own, not the parent's so far */
	if (setresgid(NOBODY, NOBODY, NOBODY) != 0 || setresuid(NOBODY, NOBODY, NOBODY) != 0)
		return 100;
	CHECK(syscall(SYS_delete_module, MODULE_NAME, O_NONBLOCK) != 0 && errno == EPERM,
	      "nobody unloaded the module");
	CHECK(syscall(SYS_finit_module, mod, "", 0) != 0 && errno == EPERM,
	      "nobody's finit_module: %s", strerror(errno));
	fd = open(RV_ABI_DEVICE, O_RDWR | O_CLOEXEC);
	CHECK(fd >= 0, "nobody cannot open the device: %s", strerror(errno));
	if (fd < 0)
		return failures;
	/* The kernel and the firmware: perf's rule (perf_allow_kernel). */
	int want = paranoid > 1 ? EACCES : 0;
	static const uint64_t kernel_inhibits[] = {0, SBI_SINH, 1ull << 7};
	for (unsigned i = 0; i < 3; i++) {
		rc = obtain(fd, EV_INSTR, kernel_inhibits[i], 0, 0, &o);
		CHECK(rc == want, "nobody, inhibit %#llx: %s",
		      (unsigned long long)kernel_inhibits[i], strerror(rc));
		if (rc == 0)
			counter_call(fd, RV_IOC_RELEASE, o.slot, NULL);
	}
	rc = obtain(fd, EV_FW, USER_ONLY, 0, 0, &o);
	CHECK(rc == want, "nobody, a firmware event: %s", strerror(rc));
	if (rc == 0)
		counter_call(fd, RV_IOC_RELEASE, o.slot, NULL);
	/* The other process's counter: no slot of this file, not handed out,
	 * not readable. */
	static const unsigned long cmds[] = {RV_IOC_START,      RV_IOC_STOP, RV_IOC_READ,
	                                     RV_IOC_RELEASE,    RV_IOC_NOP,  RV_IOC_OVERFLOW,
	                                     RV_IOC_USER_ACCESS};
	for (unsigned c = 0; c < sizeof cmds / sizeof cmds[0]; c++)
		for (uint32_t slot = 0; slot < RV_ABI_SLOTS; slot++) {
			v = 0;
			rc = counter_call(fd, cmds[c], slot, &v);
			CHECK(rc == EBADSLT, "nobody's ioctl %#lx on slot %u: %s", cmds[c], slot,
			      strerror(rc));
		}
	rc = obtain(fd, EV_INSTR, USER_ONLY, 0, 1u << parents_counter, &o);
	CHECK(rc == ENOENT, "nobody obtained the parent's counter %u: %s", parents_counter,
	      strerror(rc));
	check_overflow_floor(fd, false);
	int mine = 0;
	while (obtain(fd, EV_INSTR, USER_ONLY, 0, 0, &o) == 0) {
		mine++;
		CHECK(o.counter != parents_counter, "nobody got the parent's counter %u",
		      o.counter);
	}
	while (obtain(fd, EV_CYCLES, USER_ONLY, 0, 0, &o) == 0) {
		mine++;
		CHECK(o.counter != parents_counter, "nobody got the parent's counter %u",
		      o.counter);
	}
	CHECK(mine > 0, "nobody got no counter of its own");
	CHECK(!counter_user_read(parents_counter, &csr),
	      "nobody read the parent's counter %u with csrr", parents_counter);
	/* Malformed requests, refused before anything is touched. */
	CHECK(obtain(fd, 0x0000b, USER_ONLY, 0, 0, &o) == EINVAL, "hardware event 11");
	o = (struct rv_abi_obtain){
	    .event_index = 0x20000, .event_data = 1ull << 63, .inhibit_flags = USER_ONLY};
	CHECK(ioctl(fd, RV_IOC_OBTAIN, &o) != 0 && errno == EINVAL, "the OF bit as a selector");
	CHECK(obtain(fd, EV_INSTR, USER_ONLY | 1u << 2, 0, 0, &o) == EINVAL, "auto start");
	CHECK(obtain(fd, EV_INSTR, USER_ONLY, 0, 1u << 1, &o) == EINVAL, "the time counter");
	v = 0;
	CHECK(counter_call(fd, RV_IOC_READ, RV_ABI_SLOTS, &v) == EINVAL, "slot 32");
	close(fd);
	return failures;
}

/* As nobody at perf_event_paranoid 2 and 1 (the privilege rule both
 * modules share, components/kernel-common/kpriv.h: the kernel and the
 * firmware from 1 down), while root's counter runs. */
static void check_nobody(void)
{
	static const int levels[] = {2, 1};
	struct stat st;
	int fd, status = 0;
	struct rv_abi_obtain o;
	uint64_t zero = 0, before = 0, after = 0, stopped = 0;
	CHECK(stat(RV_ABI_DEVICE, &st) == 0 && S_ISCHR(st.st_mode) && st.st_uid == 0 &&
	          (st.st_mode & 07777) == 0666,
	      "the device: mode %o, owner %u", st.st_mode & 07777, st.st_uid);
	fd = open(RV_ABI_DEVICE, O_RDWR | O_CLOEXEC);
	CHECK(fd >= 0 && obtain(fd, EV_INSTR, USER_ONLY, 0, 0, &o) == 0 &&
	          counter_call(fd, RV_IOC_START, o.slot, &zero) == 0,
	      "root's counter: %s", strerror(errno));
	if (fd < 0)
		return;
	spin(1000);
	counter_call(fd, RV_IOC_READ, o.slot, &before);
	check_overflow_floor(fd, true);
	for (unsigned l = 0; l < sizeof levels / sizeof levels[0]; l++) {
		int old = paranoid_set(levels[l]);
		CHECK(old != -100, "perf_event_paranoid could not be set to %d", levels[l]);
		pid_t child = fork();
		if (child == 0) {
			close(fd);
			_exit(nobody_checks(o.counter, levels[l]));
		}
		waitpid(child, &status, 0);
		paranoid_set(old);
		counter_call(fd, RV_IOC_READ, o.slot, &after);
		printf("riscv: nobody (perf_event_paranoid %d): %d failed checks; root's counter "
		       "%u counted %llu before, %llu after (its own user mode only, not "
		       "nobody's)\n",
		       levels[l], WIFEXITED(status) ? WEXITSTATUS(status) : -1, o.counter,
		       (unsigned long long)before, (unsigned long long)after);
		CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0,
		      "nobody's checks at paranoid %d: status %#x", levels[l], status);
		CHECK(before >= 2000 && after > before,
		      "root's counter was reset or stopped: %llu, %llu", (unsigned long long)before,
		      (unsigned long long)after);
		before = after;
	}
	CHECK(counter_call(fd, RV_IOC_STOP, o.slot, NULL) == 0 &&
	          counter_call(fd, RV_IOC_READ, o.slot, &stopped) == 0 && stopped >= after,
	      "root's counter after nobody");
	close(fd);
	CHECK(module_idle(), "files %ld, counters held %ld", module_count("files"),
	      module_count("counters_held"));
}

int main(void)
{
	struct rv_abi_info info = {0};
	setvbuf(stdout, NULL, _IONBF, 0);
	if (access(RV_ABI_DEVICE, F_OK) != 0 && module_load(MODULE_PATH, RV_ABI_DEVICE) != 0) {
		printf("FAILED: loading %s: %s\n", MODULE_PATH, strerror(errno));
		return 1;
	}
	int fd = open(RV_ABI_DEVICE, O_RDWR | O_CLOEXEC);
	CHECK(fd >= 0 && ioctl(fd, RV_IOC_INFO, &info) == 0, "info: %s", strerror(errno));
	if (fd >= 0)
		close(fd);
	printf("mode: %s (delegated counters 0x%08x, %u SBI counters)\n",
	       info.delegation ? "delegated" : "SBI fallback", info.delegated, info.sbi_counters);
	CHECK(module_idle(), "files %ld, counters held %ld with no file open",
	      module_count("files"), module_count("counters_held"));
	phase_seconds();
	check_load_cycles();
	printf("riscv: %s: %.2f guest s\n", "check_load_cycles", phase_seconds());
	check_open_cycles();
	printf("riscv: %s: %.2f guest s\n", "check_open_cycles", phase_seconds());
	check_counters_come_back(info.sbi_counters);
	printf("riscv: %s: %.2f guest s\n", "check_counters_come_back", phase_seconds());
	check_nobody();
	printf("riscv: %s: %.2f guest s\n", "check_nobody", phase_seconds());
	check_kernel_log(MODULE_NAME, LOAD_QUIET);
	CHECK(access(RV_ABI_DEVICE, F_OK) == 0, "the module is not loaded at the end");
	printf("%s: %d failed checks\n", failures ? "FAILED" : "PASSED", failures);
	return failures ? 1 : 0;
}
#endif
