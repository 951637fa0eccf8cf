// SPDX-License-Identifier: BSD-3-Clause
/* PAPI_hw_info_t: who made the CPU, which model, how fast, and (through
 * sysinfo_topology.c, sysinfo_x86.c, sysinfo_hypervisor.c) its topology,
 * memory hierarchy and virtualization.
 *
 * Identity follows PAPI 7.0's readings of /proc/cpuinfo per architecture, so
 * that code keyed on vendor/model values keeps working:
 *   x86:     vendor_id, cpu family, model, stepping (revision = stepping).
 *   arm64:   vendor = MIDR implementer (PAPI_VENDOR_ARM_*), vendor_string
 *            "ARM_<name>", cpuid_model = part, cpuid_stepping = variant,
 *            revision = model = MIDR revision (PAPI's historical choice).
 *   POWER:   vendor IBM; revision from "revision", model = PVR version.
 *   RISC-V:  no PAPI_VENDOR_* exists: vendor stays unknown, vendor_string
 *            names the mvendorid; model = cpuid_model = marchid,
 *            cpuid_stepping = mimpid (an opaque code, so revision stays 0).
 * Fields nobody states are left 0. The one estimate is the frequency of a
 * CPU whose kernel states none (see decode_frequencies). */
#include "config.h"

#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/error.h"
#include "sysinfo/sysinfo.h"
#include "sysinfo/internal.h"

/* The /proc/cpuinfo keys read; the first occurrence of each wins. */
enum cpuinfo_key {
	KEY_VENDOR_ID,
	KEY_CPU_FAMILY,
	KEY_MODEL,
	KEY_MODEL_NAME,
	KEY_STEPPING,
	KEY_CPU_MHZ,
	KEY_CLOCK,
	KEY_BOGOMIPS,
	KEY_IMPLEMENTER,
	KEY_ARCHITECTURE,
	KEY_VARIANT,
	KEY_PART,
	KEY_CPU_REVISION,
	KEY_CPU,
	KEY_REVISION,
	KEY_PLATFORM,
	KEY_UARCH,
	KEY_ISA,
	KEY_MVENDORID,
	KEY_MARCHID,
	KEY_MIMPID,
	KEY_COUNT
};

static const char *const cpuinfo_keys[KEY_COUNT] = {
    [KEY_VENDOR_ID] = "vendor_id",
    [KEY_CPU_FAMILY] = "cpu family",
    [KEY_MODEL] = "model",
    [KEY_MODEL_NAME] = "model name",
    [KEY_STEPPING] = "stepping",
    [KEY_CPU_MHZ] = "cpu MHz",
    [KEY_CLOCK] = "clock",
    [KEY_BOGOMIPS] = "BogoMIPS",
    [KEY_IMPLEMENTER] = "CPU implementer",
    [KEY_ARCHITECTURE] = "CPU architecture",
    [KEY_VARIANT] = "CPU variant",
    [KEY_PART] = "CPU part",
    [KEY_CPU_REVISION] = "CPU revision",
    [KEY_CPU] = "cpu",
    [KEY_REVISION] = "revision",
    [KEY_PLATFORM] = "platform",
    [KEY_UARCH] = "uarch",
    [KEY_ISA] = "isa",
    [KEY_MVENDORID] = "mvendorid",
    [KEY_MARCHID] = "marchid",
    [KEY_MIMPID] = "mimpid",
};

struct cpuinfo {
	char value[KEY_COUNT][PAPI_MAX_STR_LEN];
	int found[KEY_COUNT];
};

/* Splits "key<blanks>: value" and records the value of a wanted key. */
static void cpuinfo_record(struct cpuinfo *info, char *line)
{
	char *colon = strchr(line, ':');
	if (!colon)
		return;
	char *key_end = colon;
	while (key_end > line && isspace((unsigned char)key_end[-1]))
		key_end--;
	*key_end = '\0';
	char *value = colon + 1;
	while (isspace((unsigned char)*value))
		value++;
	size_t len = strlen(value);
	while (len > 0 && isspace((unsigned char)value[len - 1]))
		value[--len] = '\0';
	for (int k = 0; k < KEY_COUNT; k++) {
		if (!info->found[k] && strcmp(line, cpuinfo_keys[k]) == 0) {
			snprintf(info->value[k], sizeof(info->value[k]), "%s", value);
			info->found[k] = 1;
			return;
		}
	}
}

static int cpuinfo_read(struct cpuinfo *info)
{
	FILE *file = fopen("/proc/cpuinfo", "re");
	if (!file)
		return papi_error_set(PAPI_ESYS, "cannot open /proc/cpuinfo");
	/* stdio reads /proc files 1 KiB at a time (their st_blksize): a system
	 * call per KiB, some 4 KiB per CPU. 64 KiB take a small machine's file
	 * in one read (without the memory, stdio's own buffer does). */
	char *buffer = malloc(64 * 1024);
	if (buffer)
		setvbuf(file, buffer, _IOFBF, 64 * 1024);
	char *line = NULL;
	size_t capacity = 0;
	while (getline(&line, &capacity, file) > 0)
		cpuinfo_record(info, line);
	free(line);
	fclose(file);
	free(buffer);
	return PAPI_OK;
}

static const char *cpuinfo_get(const struct cpuinfo *info, enum cpuinfo_key key)
{
	return info->found[key] ? info->value[key] : NULL;
}

static long long cpuinfo_number(const struct cpuinfo *info, enum cpuinfo_key key, int base)
{
	const char *text = cpuinfo_get(info, key);
	/* unsigned: RISC-V's marchid has its top bit set for commercial designs */
	return text ? (long long)strtoull(text, NULL, base) : 0;
}

static void copy_string(char *dest, size_t len, const char *src)
{
	snprintf(dest, len, "%s", src ? src : "");
}

static void decode_x86(PAPI_hw_info_t *hw, const struct cpuinfo *info)
{
	const char *vendor = cpuinfo_get(info, KEY_VENDOR_ID);
	copy_string(hw->vendor_string, sizeof(hw->vendor_string), vendor);
	if (strcmp(vendor, "GenuineIntel") == 0)
		hw->vendor = PAPI_VENDOR_INTEL;
	/* Hygon's Dhyana is a licensed AMD Zen: AMD's cpuid leaves apply. */
	else if (strcmp(vendor, "AuthenticAMD") == 0 || strcmp(vendor, "HygonGenuine") == 0)
		hw->vendor = PAPI_VENDOR_AMD;
	copy_string(hw->model_string, sizeof(hw->model_string), cpuinfo_get(info, KEY_MODEL_NAME));
	hw->cpuid_family = (int)cpuinfo_number(info, KEY_CPU_FAMILY, 10);
	hw->model = hw->cpuid_model = (int)cpuinfo_number(info, KEY_MODEL, 10);
	hw->cpuid_stepping = (int)cpuinfo_number(info, KEY_STEPPING, 10);
	hw->revision = (float)hw->cpuid_stepping;
}

/* Implementers PAPI names (their PAPI_VENDOR_ARM_* value is the MIDR code). */
static const struct {
	int code;
	const char *name;
} arm_implementers[] = {
    {PAPI_VENDOR_ARM_ARM, "ARM_ARM"},
    {PAPI_VENDOR_ARM_BROADCOM, "ARM_BROADCOM"},
    {PAPI_VENDOR_ARM_CAVIUM, "ARM_CAVIUM"},
    {PAPI_VENDOR_ARM_FUJITSU, "ARM_FUJITSU"},
    {PAPI_VENDOR_ARM_HISILICON, "ARM_HISILICON"},
    {PAPI_VENDOR_ARM_APM, "ARM_APM"},
    {PAPI_VENDOR_ARM_QUALCOMM, "ARM_QUALCOMM"},
};

/* Names of common parts (MIDR implementer, part), for model_string: arm64
 * kernels print no "model name". */
static const struct {
	int implementer;
	int part;
	const char *name;
} arm_parts[] = {
    {0x41, 0xd03, "Cortex-A53"},  {0x41, 0xd04, "Cortex-A35"},  {0x41, 0xd05, "Cortex-A55"},
    {0x41, 0xd07, "Cortex-A57"},  {0x41, 0xd08, "Cortex-A72"},  {0x41, 0xd09, "Cortex-A73"},
    {0x41, 0xd0a, "Cortex-A75"},  {0x41, 0xd0b, "Cortex-A76"},  {0x41, 0xd0c, "Neoverse-N1"},
    {0x41, 0xd0d, "Cortex-A77"},  {0x41, 0xd40, "Neoverse-V1"}, {0x41, 0xd41, "Cortex-A78"},
    {0x41, 0xd44, "Cortex-X1"},   {0x41, 0xd46, "Cortex-A510"}, {0x41, 0xd47, "Cortex-A710"},
    {0x41, 0xd48, "Cortex-X2"},   {0x41, 0xd49, "Neoverse-N2"}, {0x41, 0xd4d, "Cortex-A715"},
    {0x41, 0xd4e, "Cortex-X3"},   {0x41, 0xd4f, "Neoverse-V2"}, {0x41, 0xd80, "Cortex-A520"},
    {0x41, 0xd81, "Cortex-A720"}, {0x41, 0xd82, "Cortex-X4"},   {0x41, 0xd84, "Neoverse-V3"},
    {0x41, 0xd8e, "Neoverse-N3"}, {0x43, 0x0af, "ThunderX2"},   {0x46, 0x001, "A64FX"},
    {0x48, 0xd01, "TSV110"},
};

static void decode_arm(PAPI_hw_info_t *hw, const struct cpuinfo *info)
{
	int implementer, variant, part, revision;
	char path[128];
	snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/regs/identification/midr_el1",
	         sysinfo_first_cpu());
	long long midr = sysinfo_read_number(path, -1);
	if (midr >= 0) {
		implementer = (int)((midr >> 24) & 0xff);
		variant = (int)((midr >> 20) & 0xf);
		part = (int)((midr >> 4) & 0xfff);
		revision = (int)(midr & 0xf);
	} else {
		implementer = (int)cpuinfo_number(info, KEY_IMPLEMENTER, 0);
		variant = (int)cpuinfo_number(info, KEY_VARIANT, 0);
		part = (int)cpuinfo_number(info, KEY_PART, 0);
		revision = (int)cpuinfo_number(info, KEY_CPU_REVISION, 10);
	}
	copy_string(hw->vendor_string, sizeof(hw->vendor_string), "ARM_UNKNOWN");
	for (size_t i = 0; i < sizeof(arm_implementers) / sizeof(arm_implementers[0]); i++) {
		if (arm_implementers[i].code == implementer) {
			hw->vendor = implementer;
			copy_string(hw->vendor_string, sizeof(hw->vendor_string),
			            arm_implementers[i].name);
		}
	}
	const char *architecture = cpuinfo_get(info, KEY_ARCHITECTURE);
	if (architecture)
		hw->cpuid_family = strstr(architecture, "AArch64") ? 8 : atoi(architecture);
#if defined(__aarch64__)
	if (hw->cpuid_family == 0)
		hw->cpuid_family = 8;
#endif
	hw->cpuid_model = part;
	hw->cpuid_stepping = variant;
	hw->revision = (float)revision;
	hw->model = revision;
	const char *name = cpuinfo_get(info, KEY_MODEL_NAME);
	for (size_t i = 0; !name && i < sizeof(arm_parts) / sizeof(arm_parts[0]); i++)
		if (arm_parts[i].implementer == implementer && arm_parts[i].part == part)
			name = arm_parts[i].name;
	if (name)
		copy_string(hw->model_string, sizeof(hw->model_string), name);
	else if (implementer)
		snprintf(hw->model_string, sizeof(hw->model_string),
		         "implementer 0x%02x part 0x%03x", implementer, part);
}

/* "cpu : POWER9 (architected), altivec supported" and
 * "revision : 2.2 (pvr 004e 1202)". */
static void decode_power(PAPI_hw_info_t *hw, const struct cpuinfo *info)
{
	hw->vendor = PAPI_VENDOR_IBM;
	copy_string(hw->vendor_string, sizeof(hw->vendor_string), "IBM");
	const char *cpu = cpuinfo_get(info, KEY_CPU);
	copy_string(hw->model_string, sizeof(hw->model_string), cpu);
	if (cpu && strncmp(cpu, "POWER", 5) == 0)
		hw->cpuid_family = atoi(cpu + 5);
	const char *revision = cpuinfo_get(info, KEY_REVISION);
	if (revision) {
		hw->revision = strtof(revision, NULL);
		hw->cpuid_stepping = (int)hw->revision;
		const char *pvr = strstr(revision, "pvr");
		if (pvr)
			hw->model = hw->cpuid_model = (int)strtol(pvr + 3, NULL, 16);
	}
}

static void decode_riscv(PAPI_hw_info_t *hw, const struct cpuinfo *info)
{
	static const struct {
		long long mvendorid;
		const char *name;
	} vendors[] = {{0x489, "SiFive"}, {0x5b7, "T-Head"}, {0x31e, "Andes"}};
	long long mvendorid = cpuinfo_number(info, KEY_MVENDORID, 0);
	copy_string(hw->vendor_string, sizeof(hw->vendor_string), "RISC-V");
	for (size_t i = 0; i < sizeof(vendors) / sizeof(vendors[0]); i++)
		if (vendors[i].mvendorid == mvendorid)
			copy_string(hw->vendor_string, sizeof(hw->vendor_string), vendors[i].name);
	const char *model = cpuinfo_get(info, KEY_UARCH);
	copy_string(hw->model_string, sizeof(hw->model_string),
	            model ? model : cpuinfo_get(info, KEY_ISA));
	/* The top bit of marchid only says "commercial design": keep the id. */
	hw->model = hw->cpuid_model = (int)(cpuinfo_number(info, KEY_MARCHID, 0) & INT_MAX);
	hw->cpuid_stepping = (int)(cpuinfo_number(info, KEY_MIMPID, 0) & INT_MAX);
}

static void decode_identity(PAPI_hw_info_t *hw, const struct cpuinfo *info)
{
	const char *cpu = cpuinfo_get(info, KEY_CPU);
	if (cpuinfo_get(info, KEY_VENDOR_ID))
		decode_x86(hw, info);
	else if (cpuinfo_get(info, KEY_IMPLEMENTER))
		decode_arm(hw, info);
	else if (cpuinfo_get(info, KEY_PLATFORM) || (cpu && strncmp(cpu, "POWER", 5) == 0))
		decode_power(hw, info);
	else if (cpuinfo_get(info, KEY_ISA) || cpuinfo_get(info, KEY_MVENDORID))
		decode_riscv(hw, info);
#if defined(__aarch64__)
	else
		decode_arm(hw, info); /* MIDR from sysfs when cpuinfo is terse */
#endif
}

/* cpufreq's limits (kHz) when a driver is loaded; else the one frequency
 * /proc/cpuinfo states ("cpu MHz" on x86, "clock : 2900.000000MHz" on POWER);
 * else, as PAPI 7.0 does, BogoMIPS: arm64 kernels state no frequency, and
 * callers compute overflow thresholds and cycle rates from cpu_max_mhz (PAPI's
 * overflow_pthreads overflows every cpu_max_mhz x 20000 cycles, and a 0 there
 * turns overflow off). PAPI divides BogoMIPS by the number of CPUs, a relic
 * of kernels that printed one total; current kernels print it per CPU and
 * it is taken as is. RISC-V kernels state none of these: 0. */
static void decode_frequencies(PAPI_hw_info_t *hw, const struct cpuinfo *info)
{
	char path[128];
	int cpu = sysinfo_first_cpu();
	snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/cpufreq/cpuinfo_max_freq", cpu);
	long long max_khz = sysinfo_read_number(path, 0);
	snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/cpufreq/cpuinfo_min_freq", cpu);
	long long min_khz = sysinfo_read_number(path, 0);
	if (max_khz > 0) {
		hw->cpu_max_mhz = (int)(max_khz / 1000);
		hw->cpu_min_mhz = (int)((min_khz > 0 ? min_khz : max_khz) / 1000);
		hw->mhz = (float)max_khz / 1000.0f;
	} else {
		const char *text = cpuinfo_get(info, KEY_CPU_MHZ);
		if (!text)
			text = cpuinfo_get(info, KEY_CLOCK);
		if (!text)
			text = cpuinfo_get(info, KEY_BOGOMIPS);
		float mhz = text ? strtof(text, NULL) : 0.0f;
		if (mhz > 0.0f && mhz < (float)INT_MAX) {
			hw->mhz = mhz;
			hw->cpu_max_mhz = hw->cpu_min_mhz = (int)mhz;
		}
	}
	/* PAPI 7.0 leaves these deprecated fields 0; older callers divide by
	 * them, so they carry the maximum frequency. */
	hw->clock_mhz = hw->cpu_max_mhz;
}

int sysinfo_hardware_identity(PAPI_hw_info_t *hw)
{
	struct cpuinfo *info = calloc(1, sizeof(*info));
	if (!info)
		return papi_error_set(PAPI_ENOMEM, "no memory to read /proc/cpuinfo");
	memset(hw, 0, sizeof(*hw));
	int status = cpuinfo_read(info);
	if (status == PAPI_OK) {
		decode_identity(hw, info);
		decode_frequencies(hw, info);
	}
	free(info);
	return status;
}

int sysinfo_hardware_layout(PAPI_hw_info_t *hw)
{
	int status = sysinfo_topology(hw);
	if (status != PAPI_OK)
		return status;
	sysinfo_x86_tlbs(&hw->mem_hierarchy, hw->vendor);
	sysinfo_hypervisor(hw);
	return PAPI_OK;
}

int sysinfo_hardware(PAPI_hw_info_t *hw)
{
	int status = sysinfo_hardware_identity(hw);
	return status == PAPI_OK ? sysinfo_hardware_layout(hw) : status;
}
