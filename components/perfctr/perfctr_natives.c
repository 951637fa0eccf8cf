// SPDX-License-Identifier: BSD-3-Clause
/* Naming of the perfctr component's natives (perfctr_natives.h). Cursor 0
 * is the TSC, cursor i + 1 the table's event i. */
#include <stdio.h>
#include <string.h>

#include "util/error.h"
#include "perfctr_natives.h"

static const struct perfctr_event_table *selected;
static bool has_tsc = true; /* the WinChip's driver refuses its TSC */
static const struct perfctr_native tsc_native = {NULL};
static struct perfctr_native table_natives[128];

enum perfctr_x86_family_id perfctr_family_of_cpu_type(uint32_t cpu_type)
{
	switch (cpu_type) {
	case PERFCTR_X86_INTEL_P5:
	case PERFCTR_X86_INTEL_P5MMX:
		return PERFCTR_FAMILY_P5;
	case PERFCTR_X86_CYRIX_MII:
		return PERFCTR_FAMILY_CYRIX;
	case PERFCTR_X86_WINCHIP_C6:
	case PERFCTR_X86_WINCHIP_2:
		return PERFCTR_FAMILY_WINCHIP;
	case PERFCTR_X86_VIA_C3:
		return PERFCTR_FAMILY_VIA_C3;
	case PERFCTR_X86_INTEL_P4:
	case PERFCTR_X86_INTEL_P4M2:
	case PERFCTR_X86_INTEL_P4M3:
		return PERFCTR_FAMILY_P4;
	case PERFCTR_X86_INTEL_P6:
	case PERFCTR_X86_INTEL_PII:
	case PERFCTR_X86_INTEL_PIII:
	case PERFCTR_X86_INTEL_PENTM:
		return PERFCTR_FAMILY_P6;
	case PERFCTR_X86_AMD_K7:
	case PERFCTR_X86_AMD_K8:
	case PERFCTR_X86_AMD_K8C:
		return PERFCTR_FAMILY_K7;
	case PERFCTR_X86_INTEL_ARCH_PERFMON:
		return PERFCTR_FAMILY_ARCH_PERFMON;
	case PERFCTR_X86_AMD_FAM10H_PLUS:
		return PERFCTR_FAMILY_AMD_FAM10H;
	default:
		return PERFCTR_FAMILY_GENERIC;
	}
}

void perfctr_natives_select(const struct perfctr_event_table *table, bool tsc)
{
	size_t room = sizeof(table_natives) / sizeof(table_natives[0]);

	has_tsc = tsc;
	selected = table && table->count <= room ? table : NULL;
	for (size_t i = 0; selected && i < selected->count; i++)
		table_natives[i].event = &selected->events[i];
}

static size_t native_count(void)
{
	return 1 + (selected ? selected->count : 0);
}

/* Cursor 0 (the TSC) exists only where the driver counts the TSC. */
static uint64_t first_cursor(void)
{
	return has_tsc ? 0 : 1;
}

static const char *short_name_of(uint64_t cursor)
{
	return cursor == 0 ? "TSC" : selected->events[cursor - 1].name;
}

int perfctr_natives_enum(uint64_t *cursor, int modifier, char *name, size_t name_len)
{
	uint64_t next;

	if (modifier == PAPI_ENUM_FIRST)
		next = first_cursor();
	else if (modifier == PAPI_ENUM_EVENTS)
		next = *cursor + 1;
	else
		return PAPI_ENOEVNT; /* no qualifiers */
	if (next >= native_count())
		return PAPI_ENOEVNT;
	*cursor = next;
	snprintf(name, name_len, PERFCTR_NATIVE_PREFIX "%s", short_name_of(next));
	return PAPI_OK;
}

int perfctr_natives_resolve(const char *name, uint64_t *cursor, const void **encoding)
{
	size_t prefix = strlen(PERFCTR_NATIVE_PREFIX);

	if (strncmp(name, PERFCTR_NATIVE_PREFIX, prefix) != 0)
		return papi_error_set(PAPI_ENOEVNT, "%s is not a perfctr event", name);
	for (uint64_t i = first_cursor(); i < native_count(); i++)
		if (strcmp(name + prefix, short_name_of(i)) == 0) {
			*cursor = i;
			*encoding = i == 0 ? &tsc_native : &table_natives[i - 1];
			return PAPI_OK;
		}
	return papi_error_set(PAPI_ENOEVNT, "%s: this CPU's perfctr driver has no such event",
	                      name);
}

int perfctr_natives_info(const char *name, uint64_t cursor, PAPI_event_info_t *info)
{
	if (cursor < first_cursor() || cursor >= native_count())
		return papi_error_set(PAPI_ENOEVNT, "%s: no such perfctr event", name);
	snprintf(info->short_descr, sizeof(info->short_descr), "%s", short_name_of(cursor));
	snprintf(info->long_descr, sizeof(info->long_descr), "%s",
	         cursor == 0 ? "Time-stamp counter cycles while the thread runs"
	                     : selected->events[cursor - 1].description);
	info->data_type = PAPI_DATATYPE_INT64;
	info->value_type = PAPI_VALUETYPE_RUNNING_SUM;
	info->timescope = PAPI_TIMESCOPE_SINCE_START;
	return PAPI_OK;
}
