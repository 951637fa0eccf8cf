// SPDX-License-Identifier: BSD-3-Clause
/* System information: the readers behind PAPI_get_hardware_info and its
 * kin. src/core/system_info.c decides when each runs (once, on first
 * request, except the identity that counting needs at init). */
#ifndef PAPILLON_SYSINFO_H
#define PAPILLON_SYSINFO_H

#include "papi.h"

/* Hardware: from hwloc when built with it, else /proc/cpuinfo and /sys.
 * sysinfo_hardware is the identity and the layout in one call. */
int sysinfo_hardware(PAPI_hw_info_t *hw);
/* What counting needs, from /proc/cpuinfo and cpufreq (clears hw first):
 * vendor, model, family, stepping and the frequencies that timers, derived
 * events and preset tables use. */
int sysinfo_hardware_identity(PAPI_hw_info_t *hw);
/* The same, read once in the process (services/first_use.h) and copied
 * into hw: what the core takes at PAPI_library_init, the preset tables test
 * and the high-level report prints. A failed read leaves hw untouched and
 * is tried again next time. The _under_first_use form is for work that
 * first_use_run is running (its lock held). */
int sysinfo_cpu_identity(PAPI_hw_info_t *hw);
int sysinfo_cpu_identity_under_first_use(PAPI_hw_info_t *hw);
/* The rest, on top of the identity (does not clear hw): topology (hwloc, the
 * costly part), caches, TLBs and virtualization. */
int sysinfo_hardware_layout(PAPI_hw_info_t *hw);
/* The running executable: path, name, text/data/bss addresses. */
int sysinfo_executable(PAPI_exe_info_t *exe);
/* The loaded shared objects, from /proc/self/maps. Allocates map; free with
 * sysinfo_shared_libraries_free. */
int sysinfo_shared_libraries(PAPI_shlib_info_t *shlib);
void sysinfo_shared_libraries_free(PAPI_shlib_info_t *shlib);
/* Dynamic memory of this process now, from /proc/self/status and friends. */
int sysinfo_dynamic_memory(PAPI_dmem_info_t *dmem);
/* Preload environment names, as PAPI reports them. */
void sysinfo_preload(PAPI_preload_info_t *preload);

#endif
