// SPDX-License-Identifier: BSD-3-Clause
/* Native events known to libpfm4: enumeration, encoding and descriptions.
 * Cursor layout: event index in the high 32 bits, qualifier slot (attribute
 * index + 1, 0 for the bare event) in the low 32 bits.
 *
 * An event's qualifiers (PAPI_NTV_ENUM_UMASKS) are its libpfm4 attributes
 * in libpfm4's order, as PAPI's perf_event lists them: each unit mask by
 * its name (EVENT:MASK), then each modifier, the PMU's (i, c, e...) and
 * perf_event's (u, k, h, period, freq, precise, excl, mg, mh, cpu,
 * pinned...), as a setting with value 0 (EVENT:u=0), the spelling
 * PAPI 7.2's papi_native_avail shows and takes. */
#include <perfmon/pfmlib_perf_event.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "papi.h"
#include "util/error.h"
#include "pe_component.h"

static bool pfm_ready;

static uint64_t make_cursor(int event, int slot)
{
	return ((uint64_t)(uint32_t)event << 32) | (uint32_t)slot;
}

static int cursor_event(uint64_t cursor)
{
	return (int)(uint32_t)(cursor >> 32);
}

static int cursor_slot(uint64_t cursor)
{
	return (int)(uint32_t)cursor;
}

/* libpfm4 stays initialized from the first PAPI_library_init to the
 * process's end. Its pfm_terminate leaves the perf PMU (the tracepoints it
 * reads from debugfs) marked present with its table freed, so that a
 * pfm_initialize after it under LIBPFM_FORCE_PMU (which does not bring that
 * PMU up again) crashed in pfm_get_event_info: libpfm4 4.13, where debugfs
 * is mounted, on PAPI_shutdown, a new LIBPFM_FORCE_PMU and
 * PAPI_library_init. pfm_initialize of an initialized libpfm4 does
 * nothing, so the environment it reads counts at the first init only. */
int pe_pfm_init(char *reason, size_t reason_len)
{
	int status = pfm_initialize();
	if (status != PFM_SUCCESS) {
		snprintf(reason, reason_len, "libpfm4 failed to initialize: %s",
		         pfm_strerror(status));
		return PAPI_ECMP;
	}
	pfm_ready = true;
	return PAPI_OK;
}

void pe_pfm_shutdown(void)
{
	pfm_ready = false;
}

bool pe_pfm_pmu_info(int pmu, pfm_pmu_info_t *info)
{
	memset(info, 0, sizeof(*info));
	info->size = sizeof(*info);
	return pfm_get_pmu_info((pfm_pmu_t)pmu, info) == PFM_SUCCESS && info->is_present;
}

/* perf_raw takes raw codes and has nothing to list. */
static bool pmu_listed(const pfm_pmu_info_t *info)
{
	return strcmp(info->name, "perf_raw") != 0 && info->nevents > 0;
}

static int first_event_from(int pmu)
{
	pfm_pmu_info_t info;
	for (; pmu < PFM_PMU_MAX; pmu++)
		if (pe_pfm_pmu_info(pmu, &info) && pmu_listed(&info) && info.first_event >= 0)
			return info.first_event;
	return -1;
}

bool pe_pfm_event_info(int event, pfm_event_info_t *info)
{
	memset(info, 0, sizeof(*info));
	info->size = sizeof(*info);
	return pfm_get_event_info(event, PFM_OS_PERF_EVENT_EXT, info) == PFM_SUCCESS;
}

bool pe_pfm_attribute_info(int event, int attribute, pfm_event_attr_info_t *info)
{
	memset(info, 0, sizeof(*info));
	info->size = sizeof(*info);
	return pfm_get_event_attr_info(event, attribute, PFM_OS_PERF_EVENT_EXT, info) ==
	       PFM_SUCCESS;
}

static int event_name(int event, int slot, char *name, size_t name_len)
{
	pfm_event_info_t info;
	pfm_pmu_info_t pmu;
	if (!pe_pfm_event_info(event, &info) || !pe_pfm_pmu_info(info.pmu, &pmu))
		return PAPI_ENOEVNT;
	int written;
	pfm_event_attr_info_t attribute;
	if (slot > 0 && pe_pfm_attribute_info(event, slot - 1, &attribute))
		written = snprintf(name, name_len, "%s::%s:%s%s", pmu.name, info.name,
		                   attribute.name, attribute.type == PFM_ATTR_UMASK ? "" : "=0");
	else
		written = snprintf(name, name_len, "%s::%s", pmu.name, info.name);
	return written < (int)name_len ? PAPI_OK : PAPI_EBUF;
}

/* A unit mask, or a modifier that takes a value (libpfm4's other attribute
 * types, raw unit masks, are written as codes, not listed). */
static bool is_qualifier(const pfm_event_attr_info_t *attribute)
{
	return attribute->type == PFM_ATTR_UMASK || attribute->type == PFM_ATTR_MOD_BOOL ||
	       attribute->type == PFM_ATTR_MOD_INTEGER;
}

/* The next qualifier of event at or after attribute `from`. */
static int next_qualifier(int event, int from)
{
	pfm_event_info_t info;
	if (!pe_pfm_event_info(event, &info))
		return -1;
	for (int attribute = from; attribute < info.nattrs; attribute++) {
		pfm_event_attr_info_t attr;
		if (pe_pfm_attribute_info(event, attribute, &attr) && is_qualifier(&attr))
			return attribute;
	}
	return -1;
}

int pe_pfm_enum(uint64_t *cursor, int modifier, char *name, size_t name_len)
{
	if (!pfm_ready)
		return PAPI_ENOEVNT;
	int event;
	int slot = 0;
	switch (modifier) {
	case PAPI_ENUM_FIRST:
		event = first_event_from(0);
		break;
	case PAPI_ENUM_EVENTS: {
		int current = cursor_event(*cursor);
		event = pfm_get_event_next(current);
		if (event < 0) {
			pfm_event_info_t info;
			event =
			    pe_pfm_event_info(current, &info) ? first_event_from(info.pmu + 1) : -1;
		}
		break;
	}
	case PAPI_NTV_ENUM_UMASKS: {
		event = cursor_event(*cursor);
		int attribute = next_qualifier(event, cursor_slot(*cursor));
		if (attribute < 0)
			return PAPI_ENOEVNT;
		slot = attribute + 1;
		break;
	}
	default:
		return papi_error_set(PAPI_EINVAL, "enumeration modifier %d is not supported",
		                      modifier);
	}
	if (event < 0)
		return PAPI_ENOEVNT;
	*cursor = make_cursor(event, slot);
	return event_name(event, slot, name, name_len);
}

static int encode(const char *name, int plm, struct perf_event_attr *attr, int *event)
{
	pfm_perf_encode_arg_t arg;
	memset(&arg, 0, sizeof(arg));
	memset(attr, 0, sizeof(*attr));
	arg.attr = attr;
	arg.size = sizeof(arg);
	int status = pfm_get_os_event_encoding(name, plm, PFM_OS_PERF_EVENT_EXT, &arg);
	*event = arg.idx;
	return status;
}

static bool is_core_type(uint32_t type)
{
	return type == PERF_TYPE_HARDWARE || type == PERF_TYPE_HW_CACHE || type == PERF_TYPE_RAW;
}

/* libpfm4 encodes an alias (perf::TASK-CLOCK) as the event it stands for
 * (perf::PERF_COUNT_SW_TASK_CLOCK), but lists the alias at its own index;
 * the cursor of a name is where the enumeration lists that name. */
static int listed_index(int encoded, const char *name)
{
	const char *separator = strstr(name, "::");
	const char *event = separator ? separator + 2 : name;
	size_t length = strcspn(event, ":");
	pfm_event_info_t info;
	if (!pe_pfm_event_info(encoded, &info))
		return encoded;
	if (strlen(info.name) == length && strncasecmp(info.name, event, length) == 0)
		return encoded;
	pfm_pmu_info_t pmu;
	if (!pe_pfm_pmu_info(info.pmu, &pmu))
		return encoded;
	for (int index = pmu.first_event; index >= 0; index = pfm_get_event_next(index)) {
		pfm_event_info_t candidate;
		if (pe_pfm_event_info(index, &candidate) && strlen(candidate.name) == length &&
		    strncasecmp(candidate.name, event, length) == 0)
			return index;
	}
	return encoded;
}

int pe_pfm_resolve(const char *name, struct pe_encoding *encoding, uint64_t *cursor, bool *listed)
{
	*listed = false;
	if (!pfm_ready)
		return PAPI_ENOEVNT;
	memset(encoding, 0, sizeof(*encoding));
	int event;
	int status = encode(name, PFM_PLM3, &encoding->attr, &event);
	if (status != PFM_SUCCESS) {
		int listed_event;
		int failure = pe_pfm_unencodable(name, status, &listed_event);
		if (failure != PAPI_ENOEVNT) {
			*listed = true;
			*cursor = make_cursor(listed_index(listed_event, name), 0);
		}
		return failure;
	}
	/* Encoded twice with opposite defaults: if the privilege bits do not
	 * follow the default, the name fixed them with modifiers. Bits that
	 * stay clear both times mean the PMU's events take no privilege
	 * modifiers at all (POWER's, for one): the set's domain applies, so
	 * that every member of a group carries the same exclude bits. */
	struct perf_event_attr kernel_attr;
	int kernel_event;
	if (encode(name, PFM_PLM0, &kernel_attr, &kernel_event) == PFM_SUCCESS)
		encoding->explicit_privilege =
		    kernel_attr.exclude_user == encoding->attr.exclude_user &&
		    kernel_attr.exclude_kernel == encoding->attr.exclude_kernel &&
		    (encoding->attr.exclude_user || encoding->attr.exclude_kernel);
	encoding->core_pmu = is_core_type(encoding->attr.type);
	pfm_event_info_t info;
	pfm_pmu_info_t pmu;
	if (pe_pfm_event_info(event, &info) && pe_pfm_pmu_info(info.pmu, &pmu)) {
		snprintf(encoding->pmu, sizeof(encoding->pmu), "%s", pmu.name);
		if (pmu.type == PFM_PMU_TYPE_CORE)
			encoding->core_pmu = true;
	}
	*cursor = make_cursor(listed_index(event, name), 0);
	return PAPI_OK;
}

int pe_pfm_info(uint64_t cursor, PAPI_event_info_t *info)
{
	pfm_event_info_t event;
	if (!pfm_ready || !pe_pfm_event_info(cursor_event(cursor), &event))
		return papi_error_set(PAPI_ENOEVNT, "libpfm4 has no event at this position");
	snprintf(info->long_descr, sizeof(info->long_descr), "%s", event.desc ? event.desc : "");
	int slot = cursor_slot(cursor);
	pfm_event_attr_info_t attribute;
	if (slot > 0 && pe_pfm_attribute_info(cursor_event(cursor), slot - 1, &attribute)) {
		size_t used = strlen(info->long_descr);
		snprintf(info->long_descr + used, sizeof(info->long_descr) - used, ", masks:%s",
		         attribute.desc ? attribute.desc : attribute.name);
	}
	snprintf(info->short_descr, sizeof(info->short_descr), "%s", event.name);
	pfm_pmu_info_t pmu;
	if (pe_pfm_pmu_info(event.pmu, &pmu))
		snprintf(info->note, sizeof(info->note), "%s", pmu.desc ? pmu.desc : pmu.name);
	return PAPI_OK;
}

int pe_pfm_core_counters(void)
{
	pfm_pmu_info_t info;
	for (int pmu = 0; pfm_ready && pmu < PFM_PMU_MAX; pmu++)
		if (pe_pfm_pmu_info(pmu, &info) && info.type == PFM_PMU_TYPE_CORE)
			return info.num_cntrs + info.num_fixed_cntrs;
	return 0;
}

/* Appends "pfm:<name>" for each present core PMU: the libpfm4 tables that
 * apply here (or the one LIBPFM_FORCE_PMU forces). */
void pe_pfm_core_pmu_names(char *names, size_t names_len)
{
	pfm_pmu_info_t info;
	for (int pmu = 0; pfm_ready && pmu < PFM_PMU_MAX; pmu++) {
		if (!pe_pfm_pmu_info(pmu, &info) || info.type != PFM_PMU_TYPE_CORE)
			continue;
		size_t used = strlen(names);
		snprintf(names + used, names_len - used, "%spfm:%s", used ? " " : "", info.name);
	}
}
