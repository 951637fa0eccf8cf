// SPDX-License-Identifier: BSD-3-Clause
/* Entry points: the device ("sysdetect") interface. Papillon describes the
 * CPU from the hardware information gathered at init; it has no GPU
 * components, so only the CPU device kind is listed. */
#include <string.h>

#include "papi.h"
#include "api/internal.h"
#include "util/error.h"
#include "core/library.h"
#include "core/system_info.h"

struct device_kind {
	int id;
	int enum_bit;
	const char *name;
};

static const struct device_kind device_kinds[] = {
    {PAPI_DEV_TYPE_ID__CPU, PAPI_DEV_TYPE_ENUM__CPU, "CPU"},
};
#define DEVICE_KIND_COUNT ((int)(sizeof(device_kinds) / sizeof(device_kinds[0])))

/* PAPI's enumeration is a stateful walk: each call gives the next kind and
 * the walk restarts after reporting the end. */
static _Thread_local int next_kind;

PAPI_EXPORT int PAPI_enum_dev_type(int enum_modifier, void **handle)
{
	int status = library_require_init();
	if (status != PAPI_OK)
		return status;
	if (!handle)
		return papi_error_set(PAPI_EINVAL, "handle pointer is NULL");
	int mask =
	    enum_modifier == PAPI_DEV_TYPE_ENUM__FIRST ? PAPI_DEV_TYPE_ENUM__ALL : enum_modifier;
	if (enum_modifier == PAPI_DEV_TYPE_ENUM__FIRST)
		next_kind = 0;
	while (next_kind < DEVICE_KIND_COUNT) {
		const struct device_kind *kind = &device_kinds[next_kind++];
		if (kind->enum_bit & mask) {
			*handle = (void *)kind;
			return PAPI_OK;
		}
	}
	next_kind = 0;
	return papi_error_set(PAPI_ENOEVNT, "no more device kinds");
}

static const struct device_kind *kind_of(void *handle)
{
	for (int k = 0; k < DEVICE_KIND_COUNT; k++)
		if (handle == &device_kinds[k])
			return &device_kinds[k];
	return NULL;
}

PAPI_EXPORT int PAPI_get_dev_type_attr(void *handle, PAPI_dev_type_attr_e attr, void *value)
{
	const struct device_kind *kind = kind_of(handle);
	if (!kind || !value)
		return papi_error_set(PAPI_EINVAL, "unknown device handle or NULL value");
	switch (attr) {
	case PAPI_DEV_TYPE_ATTR__INT_PAPI_ID:
		*(int *)value = kind->id;
		return PAPI_OK;
	case PAPI_DEV_TYPE_ATTR__INT_VENDOR_ID:
		*(int *)value = papillon_library.hardware.vendor;
		return PAPI_OK;
	case PAPI_DEV_TYPE_ATTR__CHAR_NAME:
		*(const char **)value = papillon_library.hardware.vendor_string;
		return PAPI_OK;
	case PAPI_DEV_TYPE_ATTR__INT_COUNT:
		*(int *)value = 1;
		return PAPI_OK;
	case PAPI_DEV_TYPE_ATTR__CHAR_STATUS:
		*(const char **)value = "Device Initialized";
		return PAPI_OK;
	default:
		return papi_error_set(PAPI_ENOSUPP, "device kind attribute %d is not known",
		                      (int)attr);
	}
}

/* The cache of a level and kind ('I', 'D' or 'U'), or NULL; the caller has
 * had the layout gathered (system_hardware). */
static const PAPI_mh_cache_info_t *find_cache(int level, char kind)
{
	const PAPI_mh_info_t *hierarchy = &papillon_library.hardware.mem_hierarchy;
	if (level < 1 || level > hierarchy->levels || level > PAPI_MAX_MEM_HIERARCHY_LEVELS)
		return NULL;
	int wanted = kind == 'I'   ? PAPI_MH_TYPE_INST
	             : kind == 'D' ? PAPI_MH_TYPE_DATA
	                           : PAPI_MH_TYPE_UNIFIED;
	const PAPI_mh_level_t *entry = &hierarchy->level[level - 1];
	for (int c = 0; c < PAPI_MH_MAX_LEVELS; c++) {
		int type = PAPI_MH_CACHE_TYPE(entry->cache[c].type);
		if (type == wanted || (kind == 'D' && type == PAPI_MH_TYPE_UNIFIED))
			return &entry->cache[c];
	}
	return NULL;
}

/* Cache attributes as a table: attribute, level, kind, field. */
enum cache_field { CACHE_SIZE, CACHE_LINE_SIZE, CACHE_LINE_COUNT, CACHE_ASSOC };
static const struct {
	PAPI_dev_attr_e attr;
	int level;
	char kind;
	enum cache_field field;
} cache_attributes[] = {
    {PAPI_DEV_ATTR__CPU_UINT_L1I_CACHE_SIZE, 1, 'I', CACHE_SIZE},
    {PAPI_DEV_ATTR__CPU_UINT_L1D_CACHE_SIZE, 1, 'D', CACHE_SIZE},
    {PAPI_DEV_ATTR__CPU_UINT_L2U_CACHE_SIZE, 2, 'U', CACHE_SIZE},
    {PAPI_DEV_ATTR__CPU_UINT_L3U_CACHE_SIZE, 3, 'U', CACHE_SIZE},
    {PAPI_DEV_ATTR__CPU_UINT_L1I_CACHE_LINE_SIZE, 1, 'I', CACHE_LINE_SIZE},
    {PAPI_DEV_ATTR__CPU_UINT_L1D_CACHE_LINE_SIZE, 1, 'D', CACHE_LINE_SIZE},
    {PAPI_DEV_ATTR__CPU_UINT_L2U_CACHE_LINE_SIZE, 2, 'U', CACHE_LINE_SIZE},
    {PAPI_DEV_ATTR__CPU_UINT_L3U_CACHE_LINE_SIZE, 3, 'U', CACHE_LINE_SIZE},
    {PAPI_DEV_ATTR__CPU_UINT_L1I_CACHE_LINE_COUNT, 1, 'I', CACHE_LINE_COUNT},
    {PAPI_DEV_ATTR__CPU_UINT_L1D_CACHE_LINE_COUNT, 1, 'D', CACHE_LINE_COUNT},
    {PAPI_DEV_ATTR__CPU_UINT_L2U_CACHE_LINE_COUNT, 2, 'U', CACHE_LINE_COUNT},
    {PAPI_DEV_ATTR__CPU_UINT_L3U_CACHE_LINE_COUNT, 3, 'U', CACHE_LINE_COUNT},
    {PAPI_DEV_ATTR__CPU_UINT_L1I_CACHE_ASSOC, 1, 'I', CACHE_ASSOC},
    {PAPI_DEV_ATTR__CPU_UINT_L1D_CACHE_ASSOC, 1, 'D', CACHE_ASSOC},
    {PAPI_DEV_ATTR__CPU_UINT_L2U_CACHE_ASSOC, 2, 'U', CACHE_ASSOC},
    {PAPI_DEV_ATTR__CPU_UINT_L3U_CACHE_ASSOC, 3, 'U', CACHE_ASSOC},
};

static int cache_attribute(PAPI_dev_attr_e attr, unsigned int *value)
{
	for (size_t i = 0; i < sizeof(cache_attributes) / sizeof(cache_attributes[0]); i++) {
		if (cache_attributes[i].attr != attr)
			continue;
		const PAPI_mh_cache_info_t *cache =
		    find_cache(cache_attributes[i].level, cache_attributes[i].kind);
		int field = !cache                                          ? 0
		            : cache_attributes[i].field == CACHE_SIZE       ? cache->size
		            : cache_attributes[i].field == CACHE_LINE_SIZE  ? cache->line_size
		            : cache_attributes[i].field == CACHE_LINE_COUNT ? cache->num_lines
		                                                            : cache->associativity;
		*value = field > 0 ? (unsigned int)field : 0;
		return PAPI_OK;
	}
	return PAPI_ENOSUPP;
}

PAPI_EXPORT int PAPI_get_dev_attr(void *handle, int id, PAPI_dev_attr_e attr, void *value)
{
	const struct device_kind *kind = kind_of(handle);
	if (!kind || !value || id < 0)
		return papi_error_set(PAPI_EINVAL, "unknown device handle, bad id or NULL value");
	const PAPI_hw_info_t *hw;
	int status = system_hardware(&hw); /* the layout too: counts and caches */
	if (status != PAPI_OK)
		return status;
	unsigned int *number = value;
	switch (attr) {
	case PAPI_DEV_ATTR__CPU_CHAR_NAME:
		*(const char **)value = hw->model_string;
		return PAPI_OK;
	case PAPI_DEV_ATTR__CPU_UINT_SOCKET_COUNT:
		*number = (unsigned int)hw->sockets;
		return PAPI_OK;
	case PAPI_DEV_ATTR__CPU_UINT_NUMA_COUNT:
		*number = (unsigned int)hw->nnodes;
		return PAPI_OK;
	case PAPI_DEV_ATTR__CPU_UINT_CORE_COUNT:
		*number = (unsigned int)(hw->cores * hw->sockets);
		return PAPI_OK;
	case PAPI_DEV_ATTR__CPU_UINT_THREAD_COUNT:
		*number = (unsigned int)hw->totalcpus;
		return PAPI_OK;
	case PAPI_DEV_ATTR__CPU_UINT_FAMILY:
		*number = (unsigned int)hw->cpuid_family;
		return PAPI_OK;
	case PAPI_DEV_ATTR__CPU_UINT_MODEL:
		*number = (unsigned int)hw->cpuid_model;
		return PAPI_OK;
	case PAPI_DEV_ATTR__CPU_UINT_STEPPING:
		*number = (unsigned int)hw->cpuid_stepping;
		return PAPI_OK;
	case PAPI_DEV_ATTR__CPU_UINT_THR_PER_NUMA:
		*number = (unsigned int)hw->ncpu;
		return PAPI_OK;
	case PAPI_DEV_ATTR__CPU_UINT_THR_NUMA_AFFINITY:
		/* Without per-thread node data, threads are spread evenly. */
		*number = hw->ncpu > 0 ? (unsigned int)(id / hw->ncpu) : 0;
		return PAPI_OK;
	case PAPI_DEV_ATTR__CPU_UINT_NUMA_MEM_SIZE:
		*number = 0;
		return papi_error_set(PAPI_ENOSUPP, "NUMA memory sizes are not collected");
	default:
		if (cache_attribute(attr, number) == PAPI_OK)
			return PAPI_OK;
		return papi_error_set(PAPI_ENOSUPP, "device attribute %d does not apply to a CPU",
		                      (int)attr);
	}
}
