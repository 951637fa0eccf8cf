// SPDX-License-Identifier: BSD-3-Clause
/* Boundary, per ABI: the component infos a program reads (PAPI_get_component_info,
 * PAPI_get_opt and PAPI_get_cmp_opt with PAPI_COMPONENTINFO) and the library's version.
 * A 7.2 program reads the core's records; a 7.0 or 7.1 program reads a copy of each in 7.0's
 * layout (abi/layout_7_0.h), rewritten whenever the core rewrites the record
 * (registry_info_changed), so a pointer it keeps shows what the record says. */
#include <string.h>

#include "abi/boundary.h"
#include "abi/layout_7_0.h"
#include "registry/registry.h"
#include "util/error.h"

#if PAPILLON_BOUNDARY_MINOR == 0
static struct papi70_component_info infos_7_0[MAX_COMPONENTS];

static void convert_to_7_0(const PAPI_component_info_t *from, struct papi70_component_info *to)
{
	memcpy(to, from, PAPI70_COMPONENT_INFO_HEAD);
	to->initialized = from->initialized;
	to->CmpIdx = from->CmpIdx;
	to->num_cntrs = from->num_cntrs;
	to->num_mpx_cntrs = from->num_mpx_cntrs;
	to->num_preset_events = from->num_preset_events;
	to->num_native_events = from->num_native_events;
	to->default_domain = from->default_domain;
	to->available_domains = from->available_domains;
	to->default_granularity = from->default_granularity;
	to->available_granularities = from->available_granularities;
	to->hardware_intr_sig = from->hardware_intr_sig;
	to->component_type = from->component_type;
	memcpy(to->pmu_names, from->pmu_names, sizeof(to->pmu_names));
	memcpy(to->reserved, from->reserved, sizeof(to->reserved));
	to->hardware_intr = from->hardware_intr;
	to->precise_intr = from->precise_intr;
	to->posix1b_timers = from->posix1b_timers;
	to->kernel_profile = from->kernel_profile;
	to->kernel_multiplex = from->kernel_multiplex;
	to->fast_counter_read = from->fast_counter_read;
	to->fast_real_timer = from->fast_real_timer;
	to->fast_virtual_timer = from->fast_virtual_timer;
	to->attach = from->attach;
	to->attach_must_ptrace = from->attach_must_ptrace;
	to->cntr_umasks = from->cntr_umasks;
	to->cpu = from->cpu;
	to->inherit = from->inherit;
	to->reserved_bits = from->reserved_bits;
}

void abi70_follow_component_info(int cidx)
{
	if (cidx >= 0 && cidx < MAX_COMPONENTS)
		convert_to_7_0(&papillon_component_info[cidx], &infos_7_0[cidx]);
}

/* The program's view of component cidx: its 7.0 copy, brought up to date. */
static const PAPI_component_info_t *program_view(const PAPI_component_info_t *record)
{
	if (!record)
		return NULL;
	int cidx = (int)(record - papillon_component_info);
	convert_to_7_0(record, &infos_7_0[cidx]);
	return (const PAPI_component_info_t *)(const void *)&infos_7_0[cidx];
}
#else
static const PAPI_component_info_t *program_view(const PAPI_component_info_t *record)
{
	return record;
}
#endif

PAPI_EXPORT const PAPI_component_info_t *PAPI_get_component_info(int cidx)
{
	return program_view(api_component_info(cidx));
}

PAPI_EXPORT int PAPI_get_opt(int option, PAPI_option_t *ptr)
{
	if (option == PAPI_LIB_VERSION)
		return papillon_release_version;
	int status = api_get_opt(option, ptr);
	if (option == PAPI_COMPONENTINFO && status == PAPI_OK)
		ptr->cmp_info = (PAPI_component_info_t *)program_view(ptr->cmp_info);
	return status;
}

PAPI_EXPORT int PAPI_get_cmp_opt(int option, PAPI_option_t *ptr, int cidx)
{
	int status = api_get_cmp_opt(option, ptr, cidx);
	if (option == PAPI_COMPONENTINFO && status == PAPI_OK)
		ptr->cmp_info = (PAPI_component_info_t *)program_view(ptr->cmp_info);
	return status;
}
