// SPDX-License-Identifier: BSD-3-Clause
/* Entry points: options, domains and granularities. */
#include <string.h>

#include "papi.h"
#include "api/internal.h"
#include "api/targets.h"
#include "util/error.h"
#include "core/eventset.h"
#include "core/library.h"
#include "core/system_info.h"
#include "abi/core_entries.h"

#define COUNTABLE_DOMAINS (PAPI_DOM_USER | PAPI_DOM_KERNEL | PAPI_DOM_SUPERVISOR)

static int check_domain(int domain)
{
	if (domain & PAPI_DOM_HWSPEC)
		return papi_error_set(PAPI_EINVAL, "hardware-specific domains are not supported");
	if ((domain & ~PAPI_DOM_ALL) || !(domain & COUNTABLE_DOMAINS))
		return papi_error_set(PAPI_EINVAL,
		                      "domain %#x is not a combination of PAPI_DOM_USER, "
		                      "PAPI_DOM_KERNEL and PAPI_DOM_SUPERVISOR",
		                      (unsigned)domain);
	return PAPI_OK;
}

static int check_granularity(int granularity)
{
	if (granularity != PAPI_GRN_THR && granularity != PAPI_GRN_SYS)
		return papi_error_set(PAPI_EINVAL,
		                      "granularity %#x is not supported: PAPI_GRN_THR (per "
		                      "thread) or PAPI_GRN_SYS (the whole CPU) count here",
		                      (unsigned)granularity);
	return PAPI_OK;
}

/* The event set with this id, once bound to a component (its options are the
 * component's to apply); NULL with the error in *status otherwise. */
static struct eventset *eventset_with_component(int id, int *status)
{
	struct eventset *set = api_eventset(id);
	if (!set) {
		*status = PAPI_ENOEVST;
		return NULL;
	}
	if (eventset_component(set) < 0) {
		*status = papi_error_set(
		    PAPI_ENOCMP, "event set %d has no component yet: add an event or assign one",
		    id);
		return NULL;
	}
	return set;
}

static int set_eventset_domain(int id, int domain)
{
	int status;
	struct eventset *set = eventset_with_component(id, &status);
	if (!set)
		return status;
	status = check_domain(domain);
	if (status != PAPI_OK)
		return status;
	struct counting_options options = *eventset_options(set);
	options.domain = domain;
	return eventset_apply_options(set, &options);
}

static int set_eventset_granularity(int id, int granularity)
{
	int status;
	struct eventset *set = eventset_with_component(id, &status);
	if (!set)
		return status;
	status = check_granularity(granularity);
	if (status == PAPI_OK)
		status = eventset_check_owner(set);
	if (status != PAPI_OK)
		return status;
	return targets_set_granularity(set, granularity);
}

static int set_default_domain(int cidx, int domain)
{
	int status = library_check_component(cidx);
	if (status == PAPI_OK)
		status = check_domain(domain);
	if (status != PAPI_OK)
		return status;
	papillon_component_info[cidx].default_domain = domain;
	registry_info_changed(cidx);
	papillon_library.default_domain = domain;
	return PAPI_OK;
}

static int set_default_granularity(int cidx, int granularity)
{
	int status = library_check_component(cidx);
	if (status == PAPI_OK)
		status = check_granularity(granularity);
	if (status != PAPI_OK)
		return status;
	papillon_component_info[cidx].default_granularity = granularity;
	registry_info_changed(cidx);
	papillon_library.default_granularity = granularity;
	return PAPI_OK;
}

PAPI_EXPORT int PAPI_set_opt(int option, PAPI_option_t *ptr)
{
	if (option == PAPI_DEBUG) {
		if (!ptr)
			return papi_error_set(PAPI_EINVAL, "option pointer is NULL");
		if (ptr->debug.level < PAPI_QUIET || ptr->debug.level > PAPI_VERB_ESTOP)
			return papi_error_set(PAPI_EINVAL,
			                      "debug level %d is not one of "
			                      "PAPI_QUIET, PAPI_VERB_ECONT, "
			                      "PAPI_VERB_ESTOP",
			                      ptr->debug.level);
		papi_debug_level = ptr->debug.level;
		return PAPI_OK;
	}
	int status = library_require_init();
	if (status != PAPI_OK)
		return status;
	if (!ptr)
		return papi_error_set(PAPI_EINVAL, "option pointer is NULL");
	switch (option) {
	case PAPI_DEFDOM:
		return set_default_domain(ptr->defdomain.def_cidx, ptr->defdomain.domain);
	case PAPI_DOMAIN:
		return set_eventset_domain(ptr->domain.eventset, ptr->domain.domain);
	case PAPI_DEFGRN:
		return set_default_granularity(ptr->defgranularity.def_cidx,
		                               ptr->defgranularity.granularity);
	case PAPI_GRANUL:
		return set_eventset_granularity(ptr->granularity.eventset,
		                                ptr->granularity.granularity);
	case PAPI_MULTIPLEX:
		return targets_set_multiplex(&ptr->multiplex);
	case PAPI_DEF_MPX_NS:
	case PAPI_DEF_ITIMER:
	case PAPI_DEF_ITIMER_NS:
		return targets_set_timer(option, ptr);
	case PAPI_ATTACH:
		return targets_attach(ptr->attach.eventset, ptr->attach.tid);
	case PAPI_DETACH:
		return targets_detach(ptr->attach.eventset);
	case PAPI_CPU_ATTACH:
		return targets_cpu_attach(&ptr->cpu);
	case PAPI_INHERIT:
		return targets_inherit(&ptr->inherit);
	case PAPI_DATA_ADDRESS:
	case PAPI_INSTR_ADDRESS:
	case PAPI_USER_EVENTS_FILE:
		return papi_error_set(PAPI_ENOSUPP,
		                      "option %d (address ranges, user events) is not available "
		                      "in this version",
		                      option);
	default:
		return papi_error_set(PAPI_EINVAL, "option %d cannot be set", option);
	}
}

static int get_eventset_domain(PAPI_option_t *ptr)
{
	struct eventset *set = api_eventset(ptr->domain.eventset);
	if (!set)
		return PAPI_ENOEVST;
	ptr->domain.domain = eventset_options(set)->domain;
	return PAPI_OK;
}

static int get_eventset_granularity(PAPI_option_t *ptr)
{
	struct eventset *set = api_eventset(ptr->granularity.eventset);
	if (!set)
		return PAPI_ENOEVST;
	ptr->granularity.granularity = eventset_options(set)->granularity;
	return PAPI_OK;
}

/* PAPI_option_t's members are not const: the records are (system_info.h). */
static int hardware_option(PAPI_option_t *ptr)
{
	const PAPI_hw_info_t *info;
	int status = system_hardware(&info);
	if (status == PAPI_OK)
		ptr->hw_info = (PAPI_hw_info_t *)info;
	return status;
}

static int executable_option(PAPI_option_t *ptr)
{
	const PAPI_exe_info_t *info;
	int status = system_executable(&info);
	if (status == PAPI_OK)
		ptr->exe_info = (PAPI_exe_info_t *)info;
	return status;
}

static int shared_libraries_option(PAPI_option_t *ptr)
{
	const PAPI_shlib_info_t *info;
	int status = system_shared_libraries(&info);
	if (status == PAPI_OK)
		ptr->shlib_info = (PAPI_shlib_info_t *)info;
	return status;
}

int api_get_opt(int option, PAPI_option_t *ptr)
{
	switch (option) {
	case PAPI_DEBUG:
		if (!ptr)
			return papi_error_set(PAPI_EINVAL, "PAPI_DEBUG needs an option pointer");
		ptr->debug.level = papi_debug_level;
		ptr->debug.handler = NULL;
		return PAPI_OK;
	case PAPI_LIB_VERSION:
		return PAPI_VERSION;
	default:
		break;
	}
	int status = library_require_init();
	if (status != PAPI_OK)
		return status;
	/* The identity (the clock) is there since init; the layout is not. */
	const PAPI_hw_info_t *hardware = &papillon_library.hardware;
	switch (option) {
	case PAPI_CLOCKRATE:
		return hardware->cpu_max_mhz > 0 ? hardware->cpu_max_mhz : (int)hardware->mhz;
	case PAPI_MAX_CPUS:
		status = system_hardware(&hardware);
		return status == PAPI_OK ? hardware->ncpu : status;
	case PAPI_MAX_HWCTRS:
		return papillon_component_info[0].num_cntrs;
	case PAPI_MAX_MPX_CTRS:
		return papillon_component_info[0].num_mpx_cntrs;
	case PAPI_DEFDOM:
		return papillon_library.default_domain;
	case PAPI_DEFGRN:
		return papillon_library.default_granularity;
	default:
		break;
	}
	if (!ptr)
		return papi_error_set(PAPI_EINVAL, "option %d needs an option pointer", option);
	switch (option) {
	case PAPI_DOMAIN:
		return get_eventset_domain(ptr);
	case PAPI_GRANUL:
		return get_eventset_granularity(ptr);
	case PAPI_PRELOAD:
		ptr->preload = papillon_library.preload;
		return PAPI_OK;
	case PAPI_HWINFO:
		return hardware_option(ptr);
	case PAPI_EXEINFO:
		return executable_option(ptr);
	case PAPI_SHLIBINFO:
		return shared_libraries_option(ptr);
	case PAPI_COMPONENTINFO:
		ptr->cmp_info = library_component_info(0);
		return PAPI_OK;
	case PAPI_MULTIPLEX:
		return targets_get_multiplex(&ptr->multiplex);
	case PAPI_DEF_MPX_NS:
	case PAPI_DEF_ITIMER:
	case PAPI_DEF_ITIMER_NS:
		return targets_get_timer(option, ptr);
	case PAPI_CPU_ATTACH: {
		struct eventset *set = api_eventset(ptr->cpu.eventset);
		if (!set)
			return PAPI_ENOEVST;
		int cpu = eventset_options(set)->cpu;
		ptr->cpu.cpu_num = cpu >= 0 ? (unsigned)cpu : 0;
		return (eventset_state(set) & PAPI_CPU_ATTACHED) != 0;
	}
	case PAPI_ATTACH: {
		struct eventset *set = api_eventset(ptr->attach.eventset);
		if (!set)
			return PAPI_ENOEVST;
		ptr->attach.tid = (unsigned long)eventset_options(set)->tid;
		return (eventset_state(set) & PAPI_ATTACHED) != 0;
	}
	case PAPI_INHERIT: {
		struct eventset *set = api_eventset(ptr->inherit.eventset);
		if (!set)
			return PAPI_ENOEVST;
		ptr->inherit.inherit = eventset_options(set)->inherit;
		return eventset_options(set)->inherit;
	}
	default:
		return papi_error_set(PAPI_EINVAL, "option %d cannot be read", option);
	}
}

int api_get_cmp_opt(int option, PAPI_option_t *ptr, int cidx)
{
	int status = library_check_component(cidx);
	if (status != PAPI_OK)
		return status;
	const PAPI_component_info_t *info = &papillon_component_info[cidx];
	switch (option) {
	case PAPI_MAX_HWCTRS:
		return info->num_cntrs;
	case PAPI_MAX_MPX_CTRS:
		return info->num_mpx_cntrs;
	case PAPI_DEFDOM:
		return info->default_domain;
	case PAPI_DEFGRN:
		return info->default_granularity;
	case PAPI_SHLIBINFO:
		if (!ptr)
			return papi_error_set(PAPI_EINVAL, "option pointer is NULL");
		/* Before init, as before: the empty list (nothing to gather yet). */
		if (library_require_init() != PAPI_OK) {
			papi_error_clear();
			ptr->shlib_info = &papillon_library.shared_libraries;
			return PAPI_OK;
		}
		return shared_libraries_option(ptr);
	case PAPI_COMPONENTINFO:
		if (!ptr)
			return papi_error_set(PAPI_EINVAL, "option pointer is NULL");
		ptr->cmp_info = library_component_info(cidx);
		return PAPI_OK;
	default:
		return papi_error_set(PAPI_EINVAL, "option %d is not a component option", option);
	}
}

PAPI_EXPORT int PAPI_set_debug(int level)
{
	PAPI_option_t option;
	memset(&option, 0, sizeof(option));
	option.debug.level = level;
	return PAPI_set_opt(PAPI_DEBUG, &option);
}

PAPI_EXPORT int PAPI_set_domain(int domain)
{
	return PAPI_set_cmp_domain(domain, 0);
}

PAPI_EXPORT int PAPI_set_cmp_domain(int domain, int cidx)
{
	int status = library_require_init();
	return status != PAPI_OK ? status : set_default_domain(cidx, domain);
}

PAPI_EXPORT int PAPI_set_granularity(int granularity)
{
	return PAPI_set_cmp_granularity(granularity, 0);
}

PAPI_EXPORT int PAPI_set_cmp_granularity(int granularity, int cidx)
{
	int status = library_require_init();
	return status != PAPI_OK ? status : set_default_granularity(cidx, granularity);
}

PAPI_EXPORT int PAPI_num_hwctrs(void)
{
	return PAPI_num_cmp_hwctrs(0);
}

PAPI_EXPORT int PAPI_num_cmp_hwctrs(int cidx)
{
	int status = library_require_init();
	if (status == PAPI_OK)
		status = library_check_component(cidx);
	if (status != PAPI_OK)
		return status;
	return papillon_component_info[cidx].num_cntrs;
}
