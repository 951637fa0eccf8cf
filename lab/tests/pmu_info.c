// SPDX-License-Identifier: BSD-3-Clause
/*
 * lab/tests/pmu_info.c: print what the guest offers for counting, so every
 * lab log says which kernel, CPU and PMUs its results come from. Always
 * passes unless /proc or /sys are missing (then init is broken).
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>

static void print_file(const char *label, const char *path)
{
	char buf[256] = "";
	FILE *f = fopen(path, "r");
	if (!f) {
		printf("%-22s (absent)\n", label);
		return;
	}
	if (fgets(buf, sizeof buf, f))
		buf[strcspn(buf, "\n")] = '\0';
	fclose(f);
	printf("%-22s %s\n", label, buf);
}

/* First /proc/cpuinfo line naming the CPU model, whatever the arch calls it. */
static void print_cpu(void)
{
	static const char *const keys[] = {"model name", "cpu\t", "CPU part", "uarch", "isa"};
	char line[256];
	FILE *f = fopen("/proc/cpuinfo", "r");
	if (!f)
		return;
	while (fgets(line, sizeof line, f)) {
		for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
			if (strncmp(line, keys[i], strlen(keys[i])) == 0) {
				line[strcspn(line, "\n")] = '\0';
				printf("%-22s %s\n", "cpuinfo:", line);
				break;
			}
		}
	}
	fclose(f);
}

static int print_pmus(void)
{
	const char *dir = "/sys/bus/event_source/devices";
	DIR *d = opendir(dir);
	if (!d) {
		printf("FAILED %s:%d cannot open %s\n", __FILE__, __LINE__, dir);
		return 1;
	}
	struct dirent *e;
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		char path[512];
		snprintf(path, sizeof path, "%s/%s/type", dir, e->d_name);
		char label[300];
		snprintf(label, sizeof label, "pmu %s type:", e->d_name);
		print_file(label, path);
	}
	closedir(d);
	return 0;
}

int main(void)
{
	struct utsname u;
	if (uname(&u) == 0)
		printf("%-22s %s %s %s\n", "kernel:", u.sysname, u.release, u.machine);
	print_cpu();
	print_file("perf_event_paranoid:", "/proc/sys/kernel/perf_event_paranoid");
	print_file("perf_user_access:", "/proc/sys/kernel/perf_user_access");
	if (print_pmus())
		return 1;
	printf("PASSED\n");
	return 0;
}
