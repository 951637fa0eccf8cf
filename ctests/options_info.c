// SPDX-License-Identifier: BSD-3-Clause
/* The information options of PAPI_get_opt and PAPI_get_cmp_opt agree with
 * the dedicated calls: PAPI_CLOCKRATE, PAPI_MAX_CPUS, PAPI_MAX_HWCTRS,
 * PAPI_MAX_MPX_CTRS, PAPI_EXEINFO, PAPI_HWINFO, PAPI_SHLIBINFO,
 * PAPI_COMPONENTINFO, PAPI_LIB_VERSION and PAPI_PRELOAD. */
#include "ctest_util.h"

#include <string.h>

int main(int argc, char **argv)
{
	const PAPI_hw_info_t *hw;
	const PAPI_shlib_info_t *shlib;
	PAPI_option_t option;
	int cidx, value;

	ctest_init(argc, argv);
	ctest_library_init();
	cidx = ctest_perf_event_cidx();
	hw = PAPI_get_hardware_info();
	FAIL_IF(hw == NULL, "PAPI_get_hardware_info() is NULL");

	value = PAPI_get_opt(PAPI_CLOCKRATE, NULL);
	FAIL_IF(value != hw->cpu_max_mhz, "PAPI_CLOCKRATE is %d, cpu_max_mhz %d", value,
	        hw->cpu_max_mhz);
	value = PAPI_get_opt(PAPI_MAX_CPUS, NULL);
	FAIL_IF(value != hw->ncpu, "PAPI_MAX_CPUS is %d, ncpu %d", value, hw->ncpu);

	value = PAPI_get_opt(PAPI_MAX_HWCTRS, NULL);
	FAIL_IF(value != PAPI_num_cmp_hwctrs(0) || value != PAPI_get_component_info(0)->num_cntrs,
	        "PAPI_MAX_HWCTRS is %d, PAPI_num_cmp_hwctrs(0) %d, num_cntrs %d", value,
	        PAPI_num_cmp_hwctrs(0), PAPI_get_component_info(0)->num_cntrs);
	value = PAPI_get_cmp_opt(PAPI_MAX_HWCTRS, NULL, cidx);
	FAIL_IF(value != PAPI_get_component_info(cidx)->num_cntrs,
	        "PAPI_get_cmp_opt(PAPI_MAX_HWCTRS) is %d, num_cntrs %d", value,
	        PAPI_get_component_info(cidx)->num_cntrs);
	value = PAPI_get_opt(PAPI_MAX_MPX_CTRS, NULL);
	FAIL_IF(value != PAPI_get_component_info(0)->num_mpx_cntrs,
	        "PAPI_MAX_MPX_CTRS is %d, num_mpx_cntrs %d", value,
	        PAPI_get_component_info(0)->num_mpx_cntrs);
	value = PAPI_get_cmp_opt(PAPI_MAX_MPX_CTRS, NULL, cidx);
	FAIL_IF(value != PAPI_get_component_info(cidx)->num_mpx_cntrs || value < 0,
	        "PAPI_get_cmp_opt(PAPI_MAX_MPX_CTRS) is %d, num_mpx_cntrs %d", value,
	        PAPI_get_component_info(cidx)->num_mpx_cntrs);

	memset(&option, 0, sizeof(option));
	CHECK_OK(PAPI_get_opt(PAPI_EXEINFO, &option));
	FAIL_IF(option.exe_info == NULL || option.exe_info != PAPI_get_executable_info(),
	        "PAPI_EXEINFO gives %p, PAPI_get_executable_info %p", (void *)option.exe_info,
	        (const void *)PAPI_get_executable_info());
	memset(&option, 0, sizeof(option));
	CHECK_OK(PAPI_get_opt(PAPI_HWINFO, &option));
	FAIL_IF(option.hw_info != hw, "PAPI_HWINFO gives %p, PAPI_get_hardware_info %p",
	        (void *)option.hw_info, (const void *)hw);
	memset(&option, 0, sizeof(option));
	CHECK_OK(PAPI_get_opt(PAPI_SHLIBINFO, &option));
	shlib = PAPI_get_shared_lib_info();
	FAIL_IF(option.shlib_info == NULL || shlib == NULL ||
	            option.shlib_info->count != shlib->count,
	        "PAPI_SHLIBINFO and PAPI_get_shared_lib_info disagree");

	memset(&option, 0, sizeof(option));
	CHECK_OK(PAPI_get_opt(PAPI_COMPONENTINFO, &option));
	FAIL_IF(option.cmp_info == NULL || option.cmp_info->CmpIdx != 0 ||
	            strcmp(option.cmp_info->name, PAPI_get_component_info(0)->name) != 0,
	        "PAPI_COMPONENTINFO does not describe component 0");
	memset(&option, 0, sizeof(option));
	CHECK_OK(PAPI_get_cmp_opt(PAPI_COMPONENTINFO, &option, cidx));
	FAIL_IF(option.cmp_info == NULL || option.cmp_info->CmpIdx != cidx ||
	            strcmp(option.cmp_info->name, "perf_event") != 0,
	        "PAPI_get_cmp_opt(PAPI_COMPONENTINFO, %d) does not describe perf_event", cidx);

	value = PAPI_get_opt(PAPI_LIB_VERSION, NULL);
	FAIL_IF(PAPI_VERSION_MAJOR(value) != 7 || (value & 0xffff0000) != PAPI_VER_CURRENT,
	        "PAPI_LIB_VERSION is %#x, expected 7.0.x.x", (unsigned)value);

	memset(&option, 0, sizeof(option));
	CHECK_OK(PAPI_get_opt(PAPI_PRELOAD, &option));
	FAIL_IF(strcmp(option.preload.lib_preload_env, "LD_PRELOAD") != 0,
	        "lib_preload_env is \"%s\"", option.preload.lib_preload_env);
	FAIL_IF(option.preload.lib_preload_sep != ' ', "lib_preload_sep is '%c'",
	        option.preload.lib_preload_sep);
	FAIL_IF(strcmp(option.preload.lib_dir_env, "LD_LIBRARY_PATH") != 0, "lib_dir_env is \"%s\"",
	        option.preload.lib_dir_env);
	FAIL_IF(option.preload.lib_dir_sep != ':', "lib_dir_sep is '%c'",
	        option.preload.lib_dir_sep);

	ctest_pass();
}
