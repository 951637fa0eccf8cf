// SPDX-License-Identifier: BSD-3-Clause
/* PAPI_get_hardware_info agrees with what the kernel says about this
 * machine: online CPU count, topology product, NUMA nodes, x86 vendor and
 * model fields from /proc/cpuinfo, clock rate, and the cache sizes and line
 * sizes of cpu0 in sysfs. */
#include "ctest_util.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int count_numa_nodes(void)
{
	DIR *dir = opendir("/sys/devices/system/node");
	struct dirent *entry;
	int count = 0;

	if (dir == NULL)
		return 0;
	while ((entry = readdir(dir)) != NULL)
		if (strncmp(entry->d_name, "node", 4) == 0 && entry->d_name[4] >= '0' &&
		    entry->d_name[4] <= '9')
			count++;
	closedir(dir);
	return count;
}

static bool read_text(const char *path, char *text, size_t len)
{
	FILE *file = fopen(path, "r");
	bool ok;

	if (file == NULL)
		return false;
	ok = fgets(text, (int)len, file) != NULL;
	fclose(file);
	text[strcspn(text, "\n")] = '\0';
	return ok;
}

static long parse_size(const char *text)
{
	char *end;
	long value = strtol(text, &end, 10);

	if (*end == 'K')
		value *= 1024;
	else if (*end == 'M')
		value *= 1024 * 1024;
	return value;
}

static void check_caches(const PAPI_hw_info_t *hw)
{
	for (int index = 0;; index++) {
		char dir[128], path[192], type_text[32], size_text[32];
		long level = 0, line = 0, size;
		int type;
		bool found = false;
		const PAPI_mh_level_t *mh;

		snprintf(dir, sizeof(dir), "/sys/devices/system/cpu/cpu0/cache/index%d", index);
		if (!ctest_path_exists(dir))
			break;
		snprintf(path, sizeof(path), "%s/level", dir);
		if (!ctest_read_long(path, &level) || level < 1 ||
		    level > PAPI_MAX_MEM_HIERARCHY_LEVELS)
			continue;
		snprintf(path, sizeof(path), "%s/type", dir);
		if (!read_text(path, type_text, sizeof(type_text)))
			continue;
		snprintf(path, sizeof(path), "%s/size", dir);
		if (!read_text(path, size_text, sizeof(size_text)))
			continue;
		snprintf(path, sizeof(path), "%s/coherency_line_size", dir);
		if (!ctest_read_long(path, &line))
			line = 0;
		if (strcmp(type_text, "Data") == 0)
			type = PAPI_MH_TYPE_DATA;
		else if (strcmp(type_text, "Instruction") == 0)
			type = PAPI_MH_TYPE_INST;
		else if (strcmp(type_text, "Unified") == 0)
			type = PAPI_MH_TYPE_UNIFIED;
		else
			continue;
		size = parse_size(size_text);

		FAIL_IF(hw->mem_hierarchy.levels < level,
		        "sysfs has an L%ld cache but mem_hierarchy.levels is %d", level,
		        hw->mem_hierarchy.levels);
		mh = &hw->mem_hierarchy.level[level - 1];
		for (int k = 0; k < PAPI_MH_MAX_LEVELS && !found; k++) {
			const PAPI_mh_cache_info_t *cache = &mh->cache[k];

			if (PAPI_MH_CACHE_TYPE(cache->type) != type)
				continue;
			found = true;
			FAIL_IF(cache->size != size, "L%ld %s cache: size %d, sysfs says %ld",
			        level, type_text, cache->size, size);
			FAIL_IF(line > 0 && cache->line_size != line,
			        "L%ld %s cache: line size %d, sysfs says %ld", level, type_text,
			        cache->line_size, line);
		}
		FAIL_IF(!found, "sysfs has an L%ld %s cache of %s, mem_hierarchy does not", level,
		        type_text, size_text);
		ctest_note("L%ld %s %s line %ld: found", level, type_text, size_text, line);
	}
}

static void check_x86_identity(const PAPI_hw_info_t *hw)
{
	char value[256];

	if (!ctest_cpuinfo_field("vendor_id", value, sizeof(value)))
		return;
	FAIL_IF(strcmp(hw->vendor_string, value) != 0, "vendor_string \"%s\", /proc/cpuinfo \"%s\"",
	        hw->vendor_string, value);
	if (strcmp(value, "GenuineIntel") == 0)
		FAIL_IF(hw->vendor != PAPI_VENDOR_INTEL, "vendor is %d for GenuineIntel",
		        hw->vendor);
	if (strcmp(value, "AuthenticAMD") == 0)
		FAIL_IF(hw->vendor != PAPI_VENDOR_AMD, "vendor is %d for AuthenticAMD", hw->vendor);
	if (ctest_cpuinfo_field("model name", value, sizeof(value)))
		FAIL_IF(strcmp(hw->model_string, value) != 0,
		        "model_string \"%s\", /proc/cpuinfo \"%s\"", hw->model_string, value);
	if (ctest_cpuinfo_field("cpu family", value, sizeof(value)))
		FAIL_IF(hw->cpuid_family != atoi(value), "cpuid_family %d, /proc/cpuinfo %s",
		        hw->cpuid_family, value);
	if (ctest_cpuinfo_field("model", value, sizeof(value)))
		FAIL_IF(hw->cpuid_model != atoi(value), "cpuid_model %d, /proc/cpuinfo %s",
		        hw->cpuid_model, value);
	if (ctest_cpuinfo_field("stepping", value, sizeof(value)))
		FAIL_IF(hw->cpuid_stepping != atoi(value), "cpuid_stepping %d, /proc/cpuinfo %s",
		        hw->cpuid_stepping, value);
}

static void check_clock(const PAPI_hw_info_t *hw)
{
	char value[64];
	long max_khz = 0;

	if (ctest_read_long("/sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq", &max_khz) &&
	    max_khz > 0) {
		FAIL_IF(labs(hw->cpu_max_mhz - max_khz / 1000) > 1,
		        "cpu_max_mhz %d, cpufreq says %ld kHz", hw->cpu_max_mhz, max_khz);
	} else if (ctest_cpuinfo_field("cpu MHz", value, sizeof(value))) {
		double mhz = atof(value);

		FAIL_IF(hw->cpu_max_mhz < 0.9 * mhz || hw->cpu_max_mhz > 1.1 * mhz,
		        "cpu_max_mhz %d, /proc/cpuinfo says %s MHz", hw->cpu_max_mhz, value);
	}
	if (hw->cpu_min_mhz > 0 && hw->cpu_max_mhz > 0)
		FAIL_IF(hw->cpu_min_mhz > hw->cpu_max_mhz, "cpu_min_mhz %d > cpu_max_mhz %d",
		        hw->cpu_min_mhz, hw->cpu_max_mhz);
}

int main(int argc, char **argv)
{
	const PAPI_hw_info_t *hw;
	long online = sysconf(_SC_NPROCESSORS_ONLN);
	long configured = sysconf(_SC_NPROCESSORS_CONF);
	int nodes = count_numa_nodes();

	ctest_init(argc, argv);
	ctest_library_init();

	hw = PAPI_get_hardware_info();
	FAIL_IF(hw == NULL, "PAPI_get_hardware_info() is NULL");
	ctest_note("%s %s: %d CPUs = %d sockets x %d cores x %d threads, %d NUMA nodes, "
	           "%d CPUs per node, %d-%d MHz, %d cache levels",
	           hw->vendor_string, hw->model_string, hw->totalcpus, hw->sockets, hw->cores,
	           hw->threads, hw->nnodes, hw->ncpu, hw->cpu_min_mhz, hw->cpu_max_mhz,
	           hw->mem_hierarchy.levels);

	FAIL_IF(hw->totalcpus != online, "totalcpus is %d, sysconf(_SC_NPROCESSORS_ONLN) is %ld",
	        hw->totalcpus, online);
	FAIL_IF(hw->sockets < 1 || hw->cores < 1 || hw->threads < 1,
	        "sockets %d, cores %d, threads %d", hw->sockets, hw->cores, hw->threads);
	if (online == configured)
		FAIL_IF(hw->sockets * hw->cores * hw->threads != hw->totalcpus,
		        "sockets %d x cores %d x threads %d != totalcpus %d", hw->sockets,
		        hw->cores, hw->threads, hw->totalcpus);
	FAIL_IF(hw->nnodes < 1, "nnodes is %d", hw->nnodes);
	if (nodes > 0)
		FAIL_IF(hw->nnodes != nodes, "nnodes is %d, sysfs has %d nodes", hw->nnodes, nodes);
	if (hw->nnodes == 1)
		FAIL_IF(hw->ncpu != hw->totalcpus, "one NUMA node but ncpu %d != totalcpus %d",
		        hw->ncpu, hw->totalcpus);
	FAIL_IF(hw->vendor_string[0] == '\0', "vendor_string is empty");

	check_x86_identity(hw);
	check_clock(hw);
	check_caches(hw);

	ctest_pass();
}
