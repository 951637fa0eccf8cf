// SPDX-License-Identifier: BSD-3-Clause
/* How fast this machine's timestamp counter runs, by the way its
 * architecture tells (arch_facts.timestamp_rate): a register (arm64), a
 * line of /proc/cpuinfo (POWER), a device-tree property (RISC-V), or, on
 * x86, nowhere: the TSC counts nominal CPU cycles when CPUID says it is
 * invariant. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "arch.h"

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

static double cpuinfo_timebase_hz(void)
{
	FILE *cpuinfo = fopen("/proc/cpuinfo", "re");
	double hz = 0;
	char line[256];
	while (cpuinfo && fgets(line, sizeof(line), cpuinfo))
		if (strncmp(line, "timebase", 8) == 0 && strchr(line, ':'))
			sscanf(strchr(line, ':') + 1, "%lf", &hz);
	if (cpuinfo)
		fclose(cpuinfo);
	return hz;
}

/* A big-endian cell (or two) of the device tree's /cpus node. */
static double device_tree_timebase_hz(void)
{
	FILE *property = fopen("/proc/device-tree/cpus/timebase-frequency", "re");
	if (!property)
		return 0;
	unsigned char cells[8];
	size_t got = fread(cells, 1, sizeof(cells), property);
	fclose(property);
	uint64_t hz = 0;
	for (size_t i = 0; i < got; i++)
		hz = hz << 8 | cells[i];
	return (got == 4 || got == 8) ? (double)hz : 0;
}

double arch_timestamp_hz(void)
{
	switch (arch_this()->timestamp_rate) {
	case ARCH_TIMESTAMP_REGISTER_HZ:
		return (double)arch_timestamp_register_hz();
	case ARCH_TIMESTAMP_CPUINFO_HZ:
		return cpuinfo_timebase_hz();
	case ARCH_TIMESTAMP_DEVICE_TREE_HZ:
		return device_tree_timebase_hz();
	case ARCH_TIMESTAMP_CPU_CYCLES:
	case ARCH_TIMESTAMP_NONE:
		break;
	}
	return 0;
}

bool arch_timestamp_is_cpu_cycles(void)
{
#if defined(__x86_64__) || defined(__i386__)
	/* Invariant TSC: CPUID 0x80000007 EDX bit 8 (Intel SDM, AMD APM); the
	 * kernel's constant_tsc and nonstop_tsc flags derive from it. */
	unsigned eax, ebx, ecx, edx;
	if (!__get_cpuid(0x80000000u, &eax, &ebx, &ecx, &edx) || eax < 0x80000007u)
		return false;
	__cpuid(0x80000007u, eax, ebx, ecx, edx);
	return (edx & (1u << 8)) != 0;
#else
	return false;
#endif
}
