// SPDX-License-Identifier: BSD-3-Clause
/* papi_mem_info: the TLBs and caches of this processor, level by level. */
#include <limits.h>

#include "util_common.h"

/* Values end in this column, as in PAPI's papi_mem_info. */
#define VALUE_END_COLUMN 27

/* "  <label><value right-aligned to VALUE_END_COLUMN><unit>" */
static void print_field(const char *label, const char *value, const char *unit)
{
	int label_width = printf("  %s", label);

	printf("%*s%s\n", VALUE_END_COLUMN - label_width, value, unit);
}

static void print_number_field(const char *label, int value, const char *unit)
{
	char text[24];

	snprintf(text, sizeof(text), "%d", value);
	print_field(label, text, unit);
}

/* PAPI encodes associativity as 0 unknown, SHRT_MAX fully associative, else ways. */
static void print_associativity(int associativity)
{
	char text[24];

	if (associativity == SHRT_MAX)
		snprintf(text, sizeof(text), "Full");
	else if (associativity == 0)
		snprintf(text, sizeof(text), "Unknown");
	else
		snprintf(text, sizeof(text), "%d", associativity);
	print_field("Associativity:", text, "");
}

static const char *kind_name(int type)
{
	switch (PAPI_MH_CACHE_TYPE(type)) {
	case PAPI_MH_TYPE_INST:
		return "Instruction";
	case PAPI_MH_TYPE_DATA:
		return "Data";
	case PAPI_MH_TYPE_UNIFIED:
		return "Unified";
	case PAPI_MH_TYPE_VECTOR:
		return "Vector";
	case PAPI_MH_TYPE_TRACE:
		return "Trace";
	default:
		return "Unknown";
	}
}

static void print_tlbs(const PAPI_mh_info_t *hierarchy)
{
	printf("TLB Information.\n"
	       "  There may be multiple descriptors for each level of TLB\n"
	       "  if multiple page sizes are supported.\n\n");
	for (int level = 0; level < hierarchy->levels && level < PAPI_MAX_MEM_HIERARCHY_LEVELS;
	     level++) {
		for (int i = 0; i < PAPI_MH_MAX_LEVELS; i++) {
			const PAPI_mh_tlb_info_t *tlb = &hierarchy->level[level].tlb[i];

			if (tlb->type == PAPI_MH_TYPE_EMPTY)
				continue;
			printf("L%d %s TLB:\n", level + 1, kind_name(tlb->type));
			print_number_field("Page Size:", tlb->page_size / 1024, " KB");
			print_number_field("Number of Entries:", tlb->num_entries, "");
			print_associativity(tlb->associativity);
			printf("\n");
		}
	}
}

static void print_caches(const PAPI_mh_info_t *hierarchy)
{
	printf("\nCache Information.\n\n");
	for (int level = 0; level < hierarchy->levels && level < PAPI_MAX_MEM_HIERARCHY_LEVELS;
	     level++) {
		for (int i = 0; i < PAPI_MH_MAX_LEVELS; i++) {
			const PAPI_mh_cache_info_t *cache = &hierarchy->level[level].cache[i];

			if (cache->type == PAPI_MH_TYPE_EMPTY)
				continue;
			printf("L%d %s Cache:\n", level + 1, kind_name(cache->type));
			print_number_field("Total size:", cache->size / 1024, " KB");
			print_number_field("Line size:", cache->line_size, " B");
			print_number_field("Number of Lines:", cache->num_lines, "");
			print_associativity(cache->associativity);
			printf("\n");
		}
	}
}

int main(int argc, char **argv)
{
	const PAPI_hw_info_t *hardware;
	int status = UTIL_EXIT_OK;

	if (!util_parse_help_only(argc, argv,
	                          "This is the PAPI memory information program.\n"
	                          "It prints the cache and TLB hierarchy of this processor.\n",
	                          &status))
		return status;
	hardware = util_hardware_info();
	if (hardware == NULL)
		return UTIL_EXIT_FAILURE;
	printf("Memory Cache and TLB Hierarchy Information.\n");
	util_print_rule('-', UTIL_LINE_WIDTH - 8);
	print_tlbs(&hardware->mem_hierarchy);
	print_caches(&hardware->mem_hierarchy);
	if (hardware->mem_hierarchy.levels <= 0)
		printf("No cache or TLB information is available on this machine.\n");
	PAPI_shutdown();
	return UTIL_EXIT_OK;
}
