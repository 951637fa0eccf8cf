// SPDX-License-Identifier: BSD-3-Clause
/*
 * lab/tests/pmu_info.c: what the guest offers for counting, printed so every
 * lab log says which kernel, CPU and PMUs its results come from, and checked
 * against what the guest's configuration (LAB_CONF, lab/lib/qemu.sh) asks
 * QEMU for: the kernel's architecture, the CPU model (/proc/cpuinfo), the
 * number of CPUs (-smp), the core PMU's name and perf type in sysfs, and the
 * kernel's own line that says which PMU driver it registered and, where the
 * driver says it, with how many counters. A guest booted with another CPU, a
 * kernel whose PMU driver did not probe, or a PMU the results would not
 * come from fails here, with what was found.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <fnmatch.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/klog.h>
#include <sys/utsname.h>

/* What one configuration must show. */
struct expected_guest {
	const char *conf; /* a glob on LAB_CONF */
	const char *machine;
	/* A /proc/cpuinfo line that starts with key and holds value (value NULL:
	 * no line may start with key and hold absent). */
	const char *cpuinfo_key;
	const char *cpuinfo_value;
	const char *cpuinfo_absent;
	int cpus;
	/* The core PMU's sysfs directory (a glob), and its perf type (-1: any,
	 * the kernel numbers dynamic PMUs itself); NULL: no core PMU at all. */
	const char *pmu;
	int pmu_type;
	/* Kernel log text that says the driver registered (with its counters
	 * where the driver prints them); NULL: nothing to find. */
	const char *kernel_line;
};

#define PERF_TYPE_RAW_NUMBER 4 /* ppc64 and riscv register their core PMU as PERF_TYPE_RAW */

static const struct expected_guest guests[] = {
    /* cortex-a57 (MIDR part 0xd07), neoverse-n1 (0xd0c); PMUv3 with 6
     * event counters plus the cycle counter. */
    {"aarch64-a57", "aarch64", "CPU part", "0xd07", NULL, 1, "armv8_pmuv3*", -1,
     "7 counters available"},
    {"aarch64-smp2", "aarch64", "CPU part", "0xd07", NULL, 2, "armv8_pmuv3*", -1,
     "7 counters available"},
    {"aarch64-n1", "aarch64", "CPU part", "0xd0c", NULL, 1, "armv8_pmuv3*", -1,
     "7 counters available"},
    /* pseries -cpu power8/9/10: the kernel's POWER PMU driver of that model. */
    {"ppc64le", "ppc64le", "cpu\t", "POWER9", NULL, 1, "cpu", PERF_TYPE_RAW_NUMBER,
     "POWER9 performance monitor hardware support registered"},
    {"ppc64le-p8", "ppc64le", "cpu\t", "POWER8", NULL, 1, "cpu", PERF_TYPE_RAW_NUMBER,
     "POWER8 performance monitor hardware support registered"},
    {"ppc64le-p10", "ppc64le", "cpu\t", "POWER10", NULL, 1, "cpu", PERF_TYPE_RAW_NUMBER,
     "POWER10 performance monitor hardware support registered"},
    /* rv64 with Sscofpmf (overflow interrupts, mode filtering), but in
     * riscv64-nosscofpmf; the SBI PMU: 16 firmware and 18 hardware
     * counters (lab/README.md). */
    {"riscv64-nosscofpmf", "riscv64", "isa", "rv64", "sscofpmf", 1, "cpu", PERF_TYPE_RAW_NUMBER,
     "16 firmware and 18 hardware counters"},
    {"riscv64*", "riscv64", "isa", "sscofpmf", NULL, 1, "cpu", PERF_TYPE_RAW_NUMBER,
     "16 firmware and 18 hardware counters"},
    /* TCG emulates no x86 PMU: no core PMU may appear, and the kernel
     * says so (the lab's skips of every hardware test there rely on it,
     * lab/expectations.txt). */
    {"x86_64", "x86_64", "model name", "QEMU", NULL, 1, NULL, 0, "PMU not available"},
};

static int failures;

#define FAIL(...)                                                                                  \
	do {                                                                                       \
		printf("FAILED %s:%d ", __FILE__, __LINE__);                                       \
		printf(__VA_ARGS__);                                                               \
		putchar('\n');                                                                     \
		failures++;                                                                        \
	} while (0)

/* The first line of path, without its newline ("" when unreadable). */
static void first_line(const char *path, char *buf, size_t size)
{
	buf[0] = '\0';
	FILE *f = fopen(path, "r");
	if (!f)
		return;
	if (fgets(buf, (int)size, f))
		buf[strcspn(buf, "\n")] = '\0';
	fclose(f);
}

static void print_file(const char *label, const char *path)
{
	char buf[256];
	first_line(path, buf, sizeof buf);
	printf("%-22s %s\n", label, buf[0] ? buf : "(absent)");
}

/* Prints the CPU lines of /proc/cpuinfo; checks the model line and the
 * number of CPUs. */
static void check_cpu(const struct expected_guest *g)
{
	static const char *const keys[] = {"model name", "cpu\t", "CPU part", "uarch", "isa"};
	char line[4096];
	int processors = 0;
	bool model_found = false, absent_found = false;
	FILE *f = fopen("/proc/cpuinfo", "r");
	if (!f) {
		FAIL("cannot open /proc/cpuinfo");
		return;
	}
	while (fgets(line, sizeof line, f)) {
		line[strcspn(line, "\n")] = '\0';
		if (strncmp(line, "processor", 9) == 0)
			processors++;
		for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
			if (strncmp(line, keys[i], strlen(keys[i])) == 0)
				printf("%-22s %s\n", "cpuinfo:", line);
		if (strncmp(line, g->cpuinfo_key, strlen(g->cpuinfo_key)) != 0)
			continue;
		if (strstr(line, g->cpuinfo_value))
			model_found = true;
		if (g->cpuinfo_absent && strstr(line, g->cpuinfo_absent))
			absent_found = true;
	}
	fclose(f);
	if (!model_found)
		FAIL("no /proc/cpuinfo line '%s...' holds '%s'", g->cpuinfo_key, g->cpuinfo_value);
	if (absent_found)
		FAIL("a /proc/cpuinfo line '%s...' holds '%s', which this configuration turns off",
		     g->cpuinfo_key, g->cpuinfo_absent);
	printf("%-22s %d\n", "cpus:", processors);
	if (processors != g->cpus)
		FAIL("%d CPUs in /proc/cpuinfo, the configuration gives %d", processors, g->cpus);
}

/* Prints every PMU with its type; checks the core PMU's. */
static void check_pmus(const struct expected_guest *g)
{
	const char *dir = "/sys/bus/event_source/devices";
	DIR *d = opendir(dir);
	if (!d) {
		FAIL("cannot open %s", dir);
		return;
	}
	int core_pmus = 0;
	struct dirent *e;
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		char path[512], label[300], type[64];
		snprintf(path, sizeof path, "%s/%s/type", dir, e->d_name);
		snprintf(label, sizeof label, "pmu %s type:", e->d_name);
		print_file(label, path);
		/* x86's core PMU would be "cpu" (or cpu_core/cpu_atom). */
		const char *core = g->pmu ? g->pmu : "cpu*";
		if (fnmatch(core, e->d_name, 0) != 0)
			continue;
		core_pmus++;
		first_line(path, type, sizeof type);
		if (g->pmu && g->pmu_type >= 0 && atoi(type) != g->pmu_type)
			FAIL("PMU %s has perf type '%s', expected %d", e->d_name, type,
			     g->pmu_type);
	}
	closedir(d);
	if (g->pmu && core_pmus != 1)
		FAIL("%d PMUs in %s match '%s', expected exactly 1", core_pmus, dir, g->pmu);
	if (!g->pmu && core_pmus != 0)
		FAIL("%d core PMUs in %s, expected none (no PMU under TCG)", core_pmus, dir);
}

/* Prints the kernel's PMU lines; checks that the expected one is there. */
static void check_kernel_log(const struct expected_guest *g)
{
	int size = klogctl(10 /* SYSLOG_ACTION_SIZE_BUFFER */, NULL, 0);
	if (size <= 0) {
		FAIL("cannot size the kernel log (klogctl: %d)", size);
		return;
	}
	char *log = calloc(1, (size_t)size + 1);
	if (!log) {
		FAIL("no memory for the kernel log");
		return;
	}
	int n = klogctl(3 /* SYSLOG_ACTION_READ_ALL */, log, size);
	if (n < 0) {
		FAIL("cannot read the kernel log");
		free(log);
		return;
	}
	log[n] = '\0';
	bool found = false;
	for (char *line = strtok(log, "\n"); line; line = strtok(NULL, "\n")) {
		if (strstr(line, "perfevents") || strstr(line, "performance monitor") ||
		    strstr(line, "riscv-pmu") || strstr(line, "Performance Events"))
			printf("%-22s %s\n", "kernel:", line);
		if (g->kernel_line && strstr(line, g->kernel_line))
			found = true;
	}
	free(log);
	if (g->kernel_line && !found)
		FAIL("the kernel log has no line with '%s'", g->kernel_line);
}

int main(void)
{
	const char *conf = getenv("LAB_CONF");
	if (!conf || !*conf) {
		FAIL("LAB_CONF is not set: not a lab guest (lab/lib/suite.sh sets it)");
		return 1;
	}
	const struct expected_guest *g = NULL;
	for (size_t i = 0; !g && i < sizeof guests / sizeof guests[0]; i++)
		if (fnmatch(guests[i].conf, conf, 0) == 0)
			g = &guests[i];
	printf("%-22s %s\n", "configuration:", conf);
	if (!g) {
		FAIL("no expectations for configuration '%s': add its line to %s", conf, __FILE__);
		return 1;
	}
	struct utsname u;
	if (uname(&u) != 0) {
		FAIL("uname failed");
	} else {
		printf("%-22s %s %s %s\n", "kernel:", u.sysname, u.release, u.machine);
		if (strcmp(u.machine, g->machine) != 0)
			FAIL("the kernel's machine is %s, the configuration's %s", u.machine,
			     g->machine);
	}
	check_cpu(g);
	print_file("perf_event_paranoid:", "/proc/sys/kernel/perf_event_paranoid");
	print_file("perf_user_access:", "/proc/sys/kernel/perf_user_access");
	check_pmus(g);
	check_kernel_log(g);
	if (failures)
		return 1;
	printf("PASSED\n");
	return 0;
}
