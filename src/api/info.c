// SPDX-License-Identifier: BSD-3-Clause
/* Entry points: components, system information and timers. */
#include <string.h>

#include "papi.h"
#include "api/internal.h"
#include "util/error.h"
#include "core/library.h"
#include "core/system_info.h"
#include "sysinfo/sysinfo.h"
#include "util/timers.h"
#include "abi/core_entries.h"

PAPI_EXPORT int PAPI_num_components(void)
{
	return papillon_component_count;
}

const PAPI_component_info_t *api_component_info(int cidx)
{
	if (library_check_component(cidx) != PAPI_OK)
		return NULL;
	return library_component_info(cidx);
}

PAPI_EXPORT int PAPI_get_component_index(const char *name)
{
	if (!name)
		return papi_error_set(PAPI_EINVAL, "component name is NULL");
	for (int c = 0; c < papillon_component_count; c++)
		if (strcmp(papillon_components[c]->name, name) == 0)
			return c;
	return papi_error_set(PAPI_ENOCMP, "no component is named '%s'", name);
}

PAPI_EXPORT int PAPI_disable_component(int cidx)
{
	if (papillon_library.init_level != PAPI_NOT_INITED)
		return papi_error_set(PAPI_ENOINIT,
		                      "components can only be disabled before PAPI_library_init");
	return library_disable_component(cidx);
}

PAPI_EXPORT int PAPI_disable_component_by_name(const char *name)
{
	int cidx = PAPI_get_component_index(name);
	return cidx < 0 ? cidx : PAPI_disable_component(cidx);
}

PAPI_EXPORT const PAPI_hw_info_t *PAPI_get_hardware_info(void)
{
	const PAPI_hw_info_t *info = NULL;
	if (library_require_init() == PAPI_OK)
		system_hardware(&info);
	return info;
}

PAPI_EXPORT const PAPI_exe_info_t *PAPI_get_executable_info(void)
{
	const PAPI_exe_info_t *info = NULL;
	if (library_require_init() == PAPI_OK)
		system_executable(&info);
	return info;
}

PAPI_EXPORT const PAPI_shlib_info_t *PAPI_get_shared_lib_info(void)
{
	const PAPI_shlib_info_t *info = NULL;
	if (library_require_init() == PAPI_OK)
		system_shared_libraries(&info);
	return info;
}

PAPI_EXPORT int PAPI_get_dmem_info(PAPI_dmem_info_t *dest)
{
	int status = library_require_init();
	if (status != PAPI_OK)
		return status;
	if (!dest)
		return papi_error_set(PAPI_EINVAL, "destination pointer is NULL");
	return sysinfo_dynamic_memory(dest);
}

PAPI_EXPORT long long PAPI_get_real_cyc(void)
{
	return timers_real_cycles();
}

PAPI_EXPORT long long PAPI_get_real_nsec(void)
{
	return timers_real_nsec();
}

PAPI_EXPORT long long PAPI_get_real_usec(void)
{
	return timers_real_nsec() / 1000;
}

PAPI_EXPORT long long PAPI_get_virt_cyc(void)
{
	return timers_virt_cycles();
}

PAPI_EXPORT long long PAPI_get_virt_nsec(void)
{
	return timers_virt_nsec();
}

PAPI_EXPORT long long PAPI_get_virt_usec(void)
{
	return timers_virt_nsec() / 1000;
}
