// SPDX-License-Identifier: BSD-3-Clause
/* The CPU and the components' keys on this machine, as the preset tables'
 * "match" lines test them: identity from PAPI_hw_info_t (sysinfo's one
 * reading, the one PAPI_library_init took: sysinfo_cpu_identity), keys
 * from the ready components (pmu_names), mvendorid/marchid from
 * /proc/cpuinfo (RISC-V ids are 64-bit and PAPI_hw_info_t keeps only 31
 * bits of them). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>

#include "papi.h"
#include "registry/registry.h"
#include "presets/table.h"
#include "sysinfo/sysinfo.h"

static long long cpuinfo_hex(const char *key)
{
	FILE *file = fopen("/proc/cpuinfo", "re");
	if (!file)
		return -1;
	long long value = -1;
	char line[256];
	size_t key_length = strlen(key);
	while (value < 0 && fgets(line, sizeof(line), file)) {
		if (strncmp(line, key, key_length) != 0)
			continue;
		const char *colon = strchr(line + key_length, ':');
		const char *blank = line + key_length;
		while (blank < colon && (*blank == ' ' || *blank == '\t'))
			blank++;
		if (colon && blank == colon)
			value = (long long)strtoull(colon + 1, NULL, 0);
	}
	fclose(file);
	return value;
}

static void detect_identity(struct preset_cpu *cpu, const PAPI_hw_info_t *hw)
{
	static const char *const x86_vendors[] = {"GenuineIntel", "AuthenticAMD", "HygonGenuine"};
	for (size_t v = 0; v < sizeof(x86_vendors) / sizeof(x86_vendors[0]); v++) {
		if (strcmp(hw->vendor_string, x86_vendors[v]) == 0) {
			snprintf(cpu->x86_vendor, sizeof(cpu->x86_vendor), "%s", x86_vendors[v]);
			cpu->x86_family = hw->cpuid_family;
			cpu->x86_model = hw->cpuid_model;
		}
	}
	/* arm64: sysinfo puts the MIDR implementer in vendor, the part in
	 * cpuid_model; an implementer PAPI does not name stays unknown. */
	if (strncmp(hw->vendor_string, "ARM_", 4) == 0 && hw->vendor > 0) {
		cpu->midr_implementer = hw->vendor;
		cpu->midr_part = hw->cpuid_model;
	}
	if (hw->vendor == PAPI_VENDOR_IBM && hw->cpuid_model > 0)
		cpu->pvr_version = hw->cpuid_model;
	if (strncmp(cpu->arch, "riscv", 5) == 0) {
		cpu->riscv_mvendorid = cpuinfo_hex("mvendorid");
		cpu->riscv_marchid = cpuinfo_hex("marchid");
		/* Kernels before 6.1 do not print the ids: an unnamed design. */
		if (cpu->riscv_mvendorid < 0)
			cpu->riscv_mvendorid = 0;
		if (cpu->riscv_marchid < 0)
			cpu->riscv_marchid = 0;
	}
}

static bool serves_kind(const struct component_ops *component, const char *word, size_t length)
{
	for (const struct component_key_kind *kind = component->preset_key_kinds;
	     kind && kind->word; kind++)
		if (strlen(kind->word) == length && strncmp(kind->word, word, length) == 0)
			return true;
	return false;
}

/* The words of names whose kind is one the component declared: a component
 * cannot speak for another's keys. */
static void add_own_keys(struct preset_cpu *cpu, const struct component_ops *component,
                         const char *names)
{
	char own[PAPI_HUGE_STR_LEN * 2];
	size_t used = 0;
	for (const char *cursor = names; *cursor;) {
		cursor += strspn(cursor, " \t\n");
		size_t length = strcspn(cursor, " \t\n");
		const char *colon = memchr(cursor, ':', length);
		if (colon && serves_kind(component, cursor, (size_t)(colon - cursor)) &&
		    used + length + 2 <= sizeof(own)) {
			memcpy(own + used, cursor, length);
			used += length;
			own[used++] = ' ';
		}
		cursor += length;
	}
	own[used] = '\0';
	preset_cpu_add_pmu_names(cpu, own);
}

void preset_cpu_detect(struct preset_cpu *cpu)
{
	preset_cpu_clear(cpu);
	struct utsname machine;
	if (uname(&machine) == 0)
		snprintf(cpu->arch, sizeof(cpu->arch), "%s", machine.machine);
	/* Unreadable (no /proc/cpuinfo): an unknown CPU, whose tables are
	 * the generic ones. */
	PAPI_hw_info_t identity;
	if (sysinfo_cpu_identity(&identity) == PAPI_OK)
		detect_identity(cpu, &identity);
	for (int c = 0; c < papillon_component_count; c++) {
		const struct component_ops *component = papillon_components[c];
		char names[PAPI_HUGE_STR_LEN * 2];
		if (!papillon_component_ready[c] || !component->pmu_names)
			continue;
		if (component->pmu_names(names, sizeof(names)) == PAPI_OK)
			add_own_keys(cpu, component, names);
	}
}

/* Appends ", <label> 0x<value>" (or " <label> ..." when label starts with
 * a blank). */
static void append(char *text, size_t len, const char *label, long long value)
{
	size_t used = strlen(text);
	if (used < len)
		snprintf(text + used, len - used, "%s%s %#llx", label[0] == ' ' ? "" : ", ", label,
		         (unsigned long long)value);
}

/* Appends "; <what>: <name> <name>" (or ": none"). */
static void append_keys(const struct preset_cpu *cpu, const struct component_key_kind *kind,
                        char *text, size_t len)
{
	size_t used = strlen(text);
	snprintf(text + used, len - used, "; %s:", kind->what ? kind->what : kind->word);
	bool any = false;
	for (int k = 0; k < cpu->key_count; k++) {
		if (strcmp(cpu->keys[k].kind, kind->word) != 0)
			continue;
		used = strlen(text);
		snprintf(text + used, len - used, " %s", cpu->keys[k].name);
		any = true;
	}
	if (!any) {
		used = strlen(text);
		snprintf(text + used, len - used, " none");
	}
}

void preset_cpu_describe(const struct preset_cpu *cpu, char *text, size_t len)
{
	snprintf(text, len, "%s", cpu->arch[0] ? cpu->arch : "unknown architecture");
	if (cpu->x86_vendor[0]) {
		size_t used = strlen(text);
		snprintf(text + used, len - used, ", %s", cpu->x86_vendor);
		append(text, len, " family", cpu->x86_family);
		append(text, len, " model", cpu->x86_model);
	}
	if (cpu->midr_implementer >= 0) {
		append(text, len, "MIDR implementer", cpu->midr_implementer);
		append(text, len, " part", cpu->midr_part);
	}
	if (cpu->pvr_version >= 0)
		append(text, len, "PVR version", cpu->pvr_version);
	if (cpu->riscv_mvendorid >= 0) {
		append(text, len, "mvendorid", cpu->riscv_mvendorid);
		append(text, len, " marchid", cpu->riscv_marchid);
	}
	/* The keys, by kind, in the order the components declare them. */
	for (int c = 0; c < papillon_component_count; c++) {
		const struct component_key_kind *kind = papillon_components[c]->preset_key_kinds;
		for (; kind && kind->word; kind++)
			append_keys(cpu, kind, text, len);
	}
}
