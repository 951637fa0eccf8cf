// SPDX-License-Identifier: BSD-3-Clause
/* Machines whose core PMUs each cover only some CPUs: Intel's hybrid parts
 * (cpu_core, cpu_atom) and Arm's big.LITTLE (one armv8 PMU per cluster).
 * There a thread's hardware events stop running whenever it runs on a CPU
 * of the other kind: time enabled but not running that no other user of
 * the PMU took away, so pe_read.c hands such counts out as they are (as
 * PAPI does) instead of refusing them as short. A core PMU says which CPUs
 * it covers in its sysfs "cpus" file (uncore PMUs have "cpumask"), in the
 * list format of the CPUs present ("0-7"). */
#include <dirent.h>
#include <stdio.h>
#include <string.h>

#include "pe_component.h"

#define SYSFS_PMU_ROOT     "/sys/bus/event_source/devices"
#define SYSFS_PRESENT_CPUS "/sys/devices/system/cpu/present"

static bool heterogeneous;

bool pe_hetero_scan(const char *pmu_root, const char *present_file)
{
	char present[256], cpus[256], path[512];
	if (!pe_sysfs_read_line(present_file, present, sizeof(present)))
		return false;
	DIR *root = opendir(pmu_root);
	if (!root)
		return false;
	bool found = false;
	struct dirent *entry;
	while (!found && (entry = readdir(root))) {
		if (entry->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s/cpus", pmu_root, entry->d_name);
		found = pe_sysfs_read_line(path, cpus, sizeof(cpus)) && cpus[0] &&
		        strcmp(cpus, present) != 0;
	}
	closedir(root);
	return found;
}

void pe_hetero_detect(void)
{
	heterogeneous = pe_hetero_scan(SYSFS_PMU_ROOT, SYSFS_PRESENT_CPUS);
}

bool pe_hetero_cpus(void)
{
	return heterogeneous;
}
