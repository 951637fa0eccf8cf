// SPDX-License-Identifier: BSD-3-Clause
/*
 * lab/tests/module_checks.h: what the lab's kernel module tests share
 * (perfctr_module.c, riscv_module_robust.c; each test is one program, so
 * this is a header of static functions): a check that counts its
 * failures, loading and unloading a module, its parameters, the memory in
 * use, the kernel's jiffies and HZ, and the kernel log scanned for oopses
 * and warnings.
 */
#ifndef PAPILLON_LAB_MODULE_CHECKS_H
#define PAPILLON_LAB_MODULE_CHECKS_H

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/klog.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static int failures;

#define CHECK(cond, ...)                                                                           \
	do {                                                                                       \
		if (!(cond)) {                                                                     \
			printf("check failed (%s:%d): ", __FILE__, __LINE__);                      \
			printf(__VA_ARGS__);                                                       \
			printf("\n");                                                              \
			failures++;                                                                \
		}                                                                                  \
	} while (0)

/* finit_module with the module's parameters ("name=value ..."), then wait
 * (up to 1 s, in steps of 1 ms: the 100 load cycles wait at each) for
 * devtmpfs to show the device. */
static inline int module_load_with(const char *path, const char *device, const char *params)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC), rc;
	if (fd < 0)
		return -1;
	rc = (int)syscall(SYS_finit_module, fd, params, 0);
	close(fd);
	for (int i = 0; rc == 0 && i < 1000 && access(device, F_OK) != 0; i++)
		usleep(1000);
	return rc;
}

static inline int module_load(const char *path, const char *device)
{
	return module_load_with(path, device, "");
}

static inline int module_unload(const char *name)
{
	return (int)syscall(SYS_delete_module, name, O_NONBLOCK);
}

/* Memory in use, kB: MemTotal - MemFree (pages and slab alike). */
static inline long memory_used_kb(void)
{
	char line[128];
	long total = 0, free_kb = 0;
	FILE *f = fopen("/proc/meminfo", "r");
	while (f && fgets(line, sizeof line, f)) {
		sscanf(line, "MemTotal: %ld", &total);
		sscanf(line, "MemFree: %ld", &free_kb);
	}
	if (f)
		fclose(f);
	return total - free_kb;
}

/* A module parameter's value (/sys/module/NAME/parameters/PARAM), or
 * ~0 when it cannot be read. */
static inline unsigned long long module_param_read(const char *module, const char *param)
{
	char path[160];
	unsigned long long value = ~0ull;
	snprintf(path, sizeof path, "/sys/module/%s/parameters/%s", module, param);
	FILE *f = fopen(path, "r");
	if (!f || fscanf(f, "%llu", &value) != 1)
		value = ~0ull;
	if (f)
		fclose(f);
	return value;
}

/* Writes text to a file of sysfs or debugfs in one write(): 0, or the
 * errno of the open or the write (where the kernel refuses the value). */
static inline int write_text(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC), rc = 0;
	if (fd < 0)
		return errno;
	if (write(fd, text, strlen(text)) < 0)
		rc = errno;
	close(fd);
	return rc;
}

/* Writes a module parameter: 0 or the write's errno. */
static inline int module_param_write(const char *module, const char *param, const char *value)
{
	char path[160];
	snprintf(path, sizeof path, "/sys/module/%s/parameters/%s", module, param);
	return write_text(path, value);
}

#define PARANOID_FILE "/proc/sys/kernel/perf_event_paranoid"

/* Sets kernel.perf_event_paranoid (root), the level both modules' privilege
 * rule reads (components/kernel-common/kpriv.h): the level it had, or
 * -100 when it could not be read or written. */
static inline int paranoid_set(int level)
{
	char text[16];
	int old = -100;
	FILE *f = fopen(PARANOID_FILE, "re");
	if (f) {
		if (fscanf(f, "%d", &old) != 1)
			old = -100;
		fclose(f);
	}
	snprintf(text, sizeof text, "%d", level);
	return old != -100 && write_text(PARANOID_FILE, text) == 0 ? old : -100;
}

/* The kernel's jiffies (root: /proc/timer_list), -1 if not found. */
static inline long long kernel_jiffies(void)
{
	char line[256];
	long long j = -1;
	FILE *f = fopen("/proc/timer_list", "r");
	while (f && j < 0 && fgets(line, sizeof line, f))
		sscanf(line, "jiffies: %lld", &j);
	if (f)
		fclose(f);
	return j;
}

static inline double monotonic_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* HZ: the jiffies of a 200 ms sleep, to the nearest of Linux's choices
 * (0 without jiffies); *measured: jiffies a second. */
static inline unsigned kernel_hz(double *measured)
{
	static const unsigned choices[] = {100, 250, 300, 1000};
	long long j0 = kernel_jiffies();
	double t0 = monotonic_s();
	usleep(200000);
	long long j1 = kernel_jiffies();
	*measured = (double)(j1 - j0) / (monotonic_s() - t0);
	unsigned best = choices[0];
	for (unsigned i = 1; i < sizeof choices / sizeof choices[0]; i++)
		if (*measured > (choices[i - 1] + choices[i]) / 2.0)
			best = choices[i];
	return j0 < 0 || j1 < 0 ? 0 : best;
}

/* No oops, bug, warning or trace anywhere in the kernel log since boot;
 * prints the module's own lines but those containing quiet (its load
 * message, once per load). */
static inline void check_kernel_log(const char *module_name, const char *quiet)
{
	static const char *const bad[] = {
	    "Oops",       "BUG:",        "WARNING:",           "general protection",
	    "Call Trace", "refcount_t:", "list_del corruption"};
	int size = klogctl(10, NULL, 0);
	char *log = malloc(size > 0 ? (size_t)size + 1 : 1);
	int n = log ? klogctl(3, log, size) : -1;

	CHECK(n >= 0, "cannot read the kernel log");
	if (n < 0) {
		free(log);
		return;
	}
	log[n] = '\0';
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		char *hit = strstr(log, bad[i]);
		CHECK(!hit, "kernel log: %.200s", hit);
	}
	for (char *line = strtok(log, "\n"); line; line = strtok(NULL, "\n"))
		if (strstr(line, module_name) && !strstr(line, quiet))
			printf("kernel: %s\n", line);
	free(log);
}

#endif
