// SPDX-License-Identifier: BSD-3-Clause
/* Whether this process can read counters in user space, decided once per
 * PAPI_library_init (component init) and kept with the reason:
 *
 *   1. PAPILLON_USER_READ=0 in the environment turns it off (no page is
 *      ever mapped);
 *   2. the architecture must have a counter-reading instruction Papillon
 *      knows (src/arch/, pe_counter_arch.h);
 *   3. a hardware PMU must be exposed (virtual machines often hide it);
 *   4. the kernel's switch must allow it: x86's cpu/rdpmc, arm64's and
 *      RISC-V's kernel.perf_user_access.
 *
 * On arm64 the core PMU's format/ files give the attr.config1 bits an event
 * sets at open: rdpmc (user access) and long (64 bits, which only the cycle
 * counter has for user-read events: pe_user.h, struct pe_user_open).
 *
 * Per event, the page's cap_user_rdpmc and index still decide at each read.
 * The core PMUs' perf types are collected whatever the outcome, so that an
 * event's read path can say "not a CPU counter" truthfully. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pe_component.h"
#include "pe_sysfs_format.h"
#include "pe_user.h"

#define PMU_ROOT "/sys/bus/event_source/devices"
/* The bit an arm64 PMU without a format/rdpmc file is asked with (the ABI
 * since user access exists: config1:1). */
#define ARM64_DEFAULT_RDPMC_BIT 1

static struct {
	bool available;
	char why[PAPI_MAX_STR_LEN];
	int core_type_count;
	uint32_t core_types[PE_USER_MAX_CORE_TYPES];
	char core_pmu[64]; /* the first core PMU's directory */
	uint64_t config1_bit;
	uint64_t config1_long_bit;
} detected;

/* The integer a sysfs or procfs file starts with. */
static bool read_long(const char *path, long *value)
{
	char line[32];
	if (!pe_sysfs_read_line(path, line, sizeof(line)))
		return false;
	char *end;
	*value = strtol(line, &end, 10);
	return end != line;
}

/* The attr.config1 bit of the PMU's format/<name> file ("config1:1"),
 * absent_bit when there is no such file, 0 when it says something else. */
static uint64_t config1_format_bit(const char *pmu, const char *name, uint64_t absent_bit)
{
	char path[256], spec[64];
	snprintf(path, sizeof(path), PMU_ROOT "/%s/format/%s", pmu, name);
	if (!pe_sysfs_read_line(path, spec, sizeof(spec)))
		return absent_bit;
	struct pe_format_field field;
	if (!pe_format_parse(name, spec, &field) || field.config_word != 1 ||
	    field.range_count != 1 || field.low[0] != field.high[0])
		return 0;
	return UINT64_C(1) << field.low[0];
}

static void collect_core_pmus(enum pe_arch arch)
{
	DIR *root = opendir(PMU_ROOT);
	if (!root)
		return;
	struct dirent *entry;
	while ((entry = readdir(root))) {
		if (entry->d_name[0] == '.' || !pe_arch_core_pmu(arch, entry->d_name))
			continue;
		char path[256];
		long type;
		snprintf(path, sizeof(path), PMU_ROOT "/%s/type", entry->d_name);
		if (!read_long(path, &type) || type < 0 ||
		    detected.core_type_count == PE_USER_MAX_CORE_TYPES)
			continue;
		if (detected.core_type_count == 0) {
			snprintf(detected.core_pmu, sizeof(detected.core_pmu), "%s", entry->d_name);
			const struct pe_arch_facts *facts = pe_arch_facts(arch);
			if (facts->config1_rdpmc)
				detected.config1_bit = config1_format_bit(
				    entry->d_name, "rdpmc", UINT64_C(1) << ARM64_DEFAULT_RDPMC_BIT);
			/* No default: every kernel with user access (5.17+)
			 * describes long (5.0+); without the file, 32 bits. */
			if (facts->long_cycles_event)
				detected.config1_long_bit =
				    config1_format_bit(entry->d_name, "long", 0);
			if (detected.config1_long_bit == detected.config1_bit)
				detected.config1_long_bit = 0;
		}
		detected.core_types[detected.core_type_count++] = (uint32_t)type;
	}
	closedir(root);
}

static bool switched_off_by_environment(void)
{
	const char *value = getenv("PAPILLON_USER_READ");
	return value && (strcmp(value, "0") == 0 || strcmp(value, "off") == 0);
}

/* The counters' widths where events choose them (arm64), for the status
 * (which must fit PAPI_MAX_STR_LEN). */
static void describe_widths(char *text, size_t text_len)
{
	if (detected.config1_long_bit)
		snprintf(text, text_len,
		         "; event counters 32-bit, cycle counter 64-bit (format/long config1:%d)",
		         __builtin_ctzll(detected.config1_long_bit));
	else
		snprintf(text, text_len, "; every counter 32-bit (no format/long)");
}

/* Reads the kernel's switch; true when it allows user reads. */
static bool kernel_switch(const struct pe_arch_facts *facts)
{
	char path[256];
	if (facts->switch_path)
		snprintf(path, sizeof(path), "%s", facts->switch_path);
	else
		snprintf(path, sizeof(path), PMU_ROOT "/%s/%s", detected.core_pmu,
		         facts->switch_pmu_file);
	long value;
	if (!read_long(path, &value)) {
		snprintf(detected.why, sizeof(detected.why),
		         "no %s: this kernel does not let user space read counters", path);
		return false;
	}
	if (value < facts->lowest_on) {
		snprintf(detected.why, sizeof(detected.why),
		         "%s=%ld: the kernel keeps counters from user space; %s allows it",
		         facts->switch_name, value, facts->enable_hint);
		return false;
	}
	if (facts->config1_rdpmc && detected.config1_bit == 0) {
		snprintf(detected.why, sizeof(detected.why),
		         "the %s PMU's format/rdpmc is not a single config1 bit",
		         detected.core_pmu);
		return false;
	}
	int length = snprintf(detected.why, sizeof(detected.why), "%s; %s=%ld", facts->mechanism,
	                      facts->switch_name, value);
	if (facts->long_cycles_event && length > 0 && (size_t)length < sizeof(detected.why))
		describe_widths(detected.why + length, sizeof(detected.why) - (size_t)length);
	return true;
}

void pe_user_detect(void)
{
	fork_generation_watch();
	memset(&detected, 0, sizeof(detected));
	enum pe_arch arch = pe_arch_current();
	const struct pe_arch_facts *facts = pe_arch_facts(arch);
	collect_core_pmus(arch);
	if (switched_off_by_environment()) {
		snprintf(detected.why, sizeof(detected.why), "off: PAPILLON_USER_READ=0");
		return;
	}
	if (facts->unsupported) {
		snprintf(detected.why, sizeof(detected.why), "%s", facts->unsupported);
		return;
	}
	if (!pe_core_pmu_present() || detected.core_type_count == 0) {
		snprintf(detected.why, sizeof(detected.why), "no hardware PMU exposed");
		return;
	}
	detected.available = kernel_switch(facts);
}

bool pe_user_available(void)
{
	return detected.available;
}

int pe_user_status(char *why, size_t why_len)
{
	if (why && why_len > 0)
		snprintf(why, why_len, "%s", detected.why[0] ? detected.why : "not detected yet");
	return detected.available ? 1 : 0;
}

bool pe_user_core_type(uint32_t type)
{
	if (type == PERF_TYPE_HARDWARE || type == PERF_TYPE_HW_CACHE || type == PERF_TYPE_RAW)
		return true;
	for (int i = 0; i < detected.core_type_count; i++)
		if (detected.core_types[i] == type)
			return true;
	return false;
}

uint64_t pe_user_config1_bit(void)
{
	return detected.config1_bit;
}

uint64_t pe_user_config1_long_bit(void)
{
	return detected.config1_long_bit;
}

bool pe_user_long_cycles_event(const struct perf_event_attr *attr)
{
	/* The PMU's own types: PERF_TYPE_MAX and up (the generic types below
	 * are matched by type). */
	bool own_pmu = attr->type >= PERF_TYPE_MAX && pe_user_core_type(attr->type);
	return pe_arch_long_cycles_event(pe_arch_current(), attr, own_pmu);
}
