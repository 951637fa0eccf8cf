// SPDX-License-Identifier: BSD-3-Clause
/* papi_hardware_avail: the devices of this machine (CPUs, and GPUs where the
 * library knows them), as the library describes them. */
#include <string.h>

#include "util_common.h"

/* The device API belongs to PAPI 7.0, but a libpapi may lack it (Papillon's
 * is not written yet): weak references let this utility link and run anyway,
 * describing the CPU from PAPI_get_hardware_info alone. The handles the other
 * two take only ever come from PAPI_enum_dev_type. */
#pragma weak PAPI_enum_dev_type
#pragma weak PAPI_get_dev_type_attr
#pragma weak PAPI_get_dev_attr

/* Guards against a library whose device enumeration never ends. */
#define MAX_DEVICE_TYPES 16
#define MAX_NUMA_NODES   1024

static void print_rule_with_title(const char *title)
{
	int width = printf("%s ", title);

	util_print_rule('-', UTIL_LINE_WIDTH - width);
}

struct device_type {
	void *handle;
	int id; /* PAPI_DEV_TYPE_ID__* */
	int count;
	const char *vendor_name;
	const char *status;
};

/* The device types the library enumerates; 0 when it has no device API. */
static int collect_device_types(struct device_type *types)
{
	int found = 0;
	void *handle = NULL;

	if (PAPI_enum_dev_type == NULL)
		return 0;
	while (found < MAX_DEVICE_TYPES &&
	       PAPI_enum_dev_type(PAPI_DEV_TYPE_ENUM__ALL, &handle) == PAPI_OK) {
		struct device_type *type = &types[found];

		type->handle = handle;
		type->id = -1;
		type->count = 0;
		type->vendor_name = NULL;
		type->status = NULL;
		if (PAPI_get_dev_type_attr(handle, PAPI_DEV_TYPE_ATTR__INT_PAPI_ID, &type->id) !=
		    PAPI_OK)
			break;
		PAPI_get_dev_type_attr(handle, PAPI_DEV_TYPE_ATTR__CHAR_NAME, &type->vendor_name);
		PAPI_get_dev_type_attr(handle, PAPI_DEV_TYPE_ATTR__INT_COUNT, &type->count);
		PAPI_get_dev_type_attr(handle, PAPI_DEV_TYPE_ATTR__CHAR_STATUS, &type->status);
		found++;
		/* Some libraries restart the enumeration instead of ending it. */
		if (found > 1 && types[found - 1].handle == types[0].handle) {
			found--;
			break;
		}
	}
	return found;
}

static void print_summary(const struct device_type *types, int type_count,
                          const PAPI_hw_info_t *hardware)
{
	printf("\n");
	print_rule_with_title("Device Summary");
	printf("%-17sDevCount \n", "Vendor");
	if (type_count == 0) {
		/* No device API: the CPU is still known from the hardware information. */
		printf("%-17s  (1)\n \\-> Status: Device Initialized\n\n", hardware->vendor_string);
		return;
	}
	for (int i = 0; i < type_count; i++) {
		printf("%-17s  (%d)\n", types[i].vendor_name ? types[i].vendor_name : "unknown",
		       types[i].count);
		printf(" \\-> Status: %s\n\n", types[i].status ? types[i].status : "unknown");
	}
}

#define FIELD "%-38s: "

/* Instruction caches first, then data, then unified: the order of PAPI's listing. */
static int cache_listing_rank(int type)
{
	switch (PAPI_MH_CACHE_TYPE(type)) {
	case PAPI_MH_TYPE_INST:
		return 0;
	case PAPI_MH_TYPE_DATA:
		return 1;
	default:
		return 2;
	}
}

static void print_cache(int level, const PAPI_mh_cache_info_t *cache)
{
	const char *suffix = "";
	char label[32];

	if (PAPI_MH_CACHE_TYPE(cache->type) == PAPI_MH_TYPE_INST)
		suffix = "i";
	else if (PAPI_MH_CACHE_TYPE(cache->type) == PAPI_MH_TYPE_DATA)
		suffix = "d";
	snprintf(label, sizeof(label), "L%d%s Cache", level + 1, suffix);
	printf(FIELD "Size/LineSize/Lines/Assoc %dKB/%dB/%d/%d\n", label, cache->size / 1024,
	       cache->line_size, cache->num_lines, cache->associativity);
}

static void print_cache_levels(const PAPI_mh_info_t *hierarchy)
{
	for (int level = 0; level < hierarchy->levels && level < PAPI_MAX_MEM_HIERARCHY_LEVELS;
	     level++) {
		for (int rank = 0; rank < 3; rank++) {
			for (int i = 0; i < PAPI_MH_MAX_LEVELS; i++) {
				const PAPI_mh_cache_info_t *cache =
				    &hierarchy->level[level].cache[i];

				if (cache->type != PAPI_MH_TYPE_EMPTY &&
				    cache_listing_rank(cache->type) == rank)
					print_cache(level, cache);
			}
		}
	}
}

/* NUMA memory and which hardware threads sit on each node: only the device
 * API knows them. */
static void print_numa_nodes(void *cpu_handle, const PAPI_hw_info_t *hardware)
{
	for (int node = 0; cpu_handle != NULL && node < hardware->nnodes && node < MAX_NUMA_NODES;
	     node++) {
		unsigned int memory_mb = 0;
		char label[48];

		if (PAPI_get_dev_attr(cpu_handle, node, PAPI_DEV_ATTR__CPU_UINT_NUMA_MEM_SIZE,
		                      &memory_mb) == PAPI_OK) {
			snprintf(label, sizeof(label), "Numa Node %d Memory", node);
			printf(FIELD "%uMB\n", label, memory_mb);
		}
		snprintf(label, sizeof(label), "Numa Node %d Threads", node);
		printf(FIELD, label);
		for (int thread = 0; thread < hardware->totalcpus; thread++) {
			unsigned int thread_node;

			if (PAPI_get_dev_attr(cpu_handle, thread,
			                      PAPI_DEV_ATTR__CPU_UINT_THR_NUMA_AFFINITY,
			                      &thread_node) == PAPI_OK &&
			    thread_node == (unsigned int)node)
				printf("%d ", thread);
		}
		printf("\n");
	}
}

static void print_cpu(const PAPI_hw_info_t *hardware, void *cpu_handle)
{
	printf(FIELD "%s (%d,%#x)\n", "Vendor", hardware->vendor_string, hardware->vendor,
	       (unsigned)hardware->vendor);
	printf(FIELD "%d\n", "Id", 0);
	printf(FIELD "%s\n", "Name", hardware->model_string);
	printf(FIELD "Family/Model/Stepping %d/%d/%d 0x%02x/0x%02x/0x%02x\n", "CPUID",
	       hardware->cpuid_family, hardware->cpuid_model, hardware->cpuid_stepping,
	       (unsigned)hardware->cpuid_family, (unsigned)hardware->cpuid_model,
	       (unsigned)hardware->cpuid_stepping);
	printf(FIELD "%d\n", "Sockets", hardware->sockets);
	printf(FIELD "%d\n", "Numa regions", hardware->nnodes);
	printf(FIELD "%d\n", "Cores per socket", hardware->cores);
	printf(FIELD "%d\n", "Cores per NUMA region", hardware->ncpu);
	printf(FIELD "%d\n", "SMT threads per core", hardware->threads);
	print_cache_levels(&hardware->mem_hierarchy);
	print_numa_nodes(cpu_handle, hardware);
	printf("\n");
}

/* GPUs: what every runtime gives, the name; details stay with their vendors' tools. */
static void print_accelerators(const struct device_type *type)
{
	int name_attribute = type->id == PAPI_DEV_TYPE_ID__CUDA
	                         ? PAPI_DEV_ATTR__CUDA_CHAR_DEVICE_NAME
	                         : PAPI_DEV_ATTR__ROCM_CHAR_DEVICE_NAME;

	for (int device = 0; device < type->count; device++) {
		const char *name = NULL;

		printf(FIELD "%s\n", "Vendor", type->vendor_name ? type->vendor_name : "unknown");
		printf(FIELD "%d\n", "Id", device);
		if (PAPI_get_dev_attr(type->handle, device, name_attribute, &name) == PAPI_OK &&
		    name != NULL)
			printf(FIELD "%s\n", "Name", name);
		printf("\n");
	}
}

int main(int argc, char **argv)
{
	struct device_type types[MAX_DEVICE_TYPES];
	const PAPI_hw_info_t *hardware;
	void *cpu_handle = NULL;
	int status = UTIL_EXIT_OK, type_count;

	if (!util_parse_help_only(
	        argc, argv,
	        "This is the PAPI hardware avail program.\n"
	        "It provides availability of system's equipped hardware devices.\n",
	        &status))
		return status;
	hardware = util_hardware_info();
	if (hardware == NULL)
		return UTIL_EXIT_FAILURE;
	type_count = collect_device_types(types);
	print_summary(types, type_count, hardware);

	printf("\n");
	print_rule_with_title("Device Information");
	for (int i = 0; i < type_count; i++) {
		if (types[i].id == PAPI_DEV_TYPE_ID__CPU)
			cpu_handle = types[i].handle;
	}
	print_cpu(hardware, cpu_handle);
	for (int i = 0; i < type_count; i++) {
		if (types[i].id == PAPI_DEV_TYPE_ID__CUDA || types[i].id == PAPI_DEV_TYPE_ID__ROCM)
			print_accelerators(&types[i]);
	}
	util_print_rule('-', UTIL_LINE_WIDTH);
	PAPI_shutdown();
	return UTIL_EXIT_OK;
}
