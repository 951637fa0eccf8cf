// SPDX-License-Identifier: BSD-3-Clause
/* Whether perf_event is partially disabled, as PAPI 7.2 means it: the
 * component is active, some of its events count and others cannot. Here
 * that is a system whose kernel exposes no hardware PMU (a virtual machine
 * that hides it, a container, a CPU the kernel has no driver for): the
 * hardware events (libpfm4's core PMU table, perf's generic hardware and
 * cache events, the presets built on them) cannot be opened, while perf's
 * software events and the PMUs the kernel describes in sysfs count. The
 * reason says which part is missing and what still counts, so that
 * papi_component_avail's "Partially disabled:" line is enough to act on. */
#include <stdio.h>
#include <string.h>

#include "papi.h"
#include "pe_component.h"

/* "pfm:NAME pfm:NAME2" (pe_pfm_core_pmu_names) as "NAME, NAME2". */
static void core_tables(char *tables, size_t tables_len)
{
	char keys[PAPI_HUGE_STR_LEN] = "";
	pe_pfm_core_pmu_names(keys, sizeof(keys));
	tables[0] = '\0';
	char *rest = NULL;
	for (char *key = strtok_r(keys, " ", &rest); key; key = strtok_r(NULL, " ", &rest)) {
		const char *name = strncmp(key, "pfm:", 4) == 0 ? key + 4 : key;
		size_t used = strlen(tables);
		snprintf(tables + used, tables_len - used, "%s%s", used ? ", " : "", name);
	}
}

bool pe_partially_disabled(char *reason, size_t reason_len, bool name_kernel_pmus)
{
	if (reason_len > 0)
		reason[0] = '\0';
	if (pe_core_pmu_present())
		return false;
	char tables[PAPI_MIN_STR_LEN];
	core_tables(tables, sizeof(tables));
	char kernel_pmus[PAPI_MIN_STR_LEN] = "";
	if (name_kernel_pmus)
		pe_sysfs_pmu_names(kernel_pmus, sizeof(kernel_pmus));
	char counting[PAPI_MAX_STR_LEN];
	snprintf(counting, sizeof(counting),
	         "perf's software events (perf::TASK-CLOCK, perf::PAGE-FAULTS...) and the events "
	         "of the kernel's %s%s count",
	         kernel_pmus[0] ? "PMUs " : "sysfs PMUs", kernel_pmus);
	snprintf(reason, reason_len,
	         "no hardware PMU is exposed to this system (no CPU PMU under "
	         "/sys/bus/event_source/devices; virtual machines often hide it): hardware "
	         "events (perf::CYCLES, perf::INSTRUCTIONS%s%s%s, and the presets built on them) "
	         "cannot count; %s",
	         tables[0] ? ", libpfm4's " : "", tables, tables[0] ? " events" : "", counting);
	return true;
}
