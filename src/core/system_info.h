// SPDX-License-Identifier: BSD-3-Clause
/* When the system information is gathered. PAPI_library_init takes only
 * what counting needs (the CPU's identity and frequencies, the preload
 * names); the topology, caches and virtualization (hwloc: most of what an
 * init used to cost), the executable and the shared libraries are gathered
 * by their first request, once, whichever thread asks first. */
#ifndef PAPILLON_SYSTEM_INFO_H
#define PAPILLON_SYSTEM_INFO_H

#include "papi.h"

/* At PAPI_library_init: the hardware identity (the first time in the
 * process; the machine does not change) and the preload names. */
int system_info_init(void);
/* At PAPI_shutdown: the shared-library list goes (a later init's first
 * request reads it again, as the loaded objects may have changed). */
void system_info_shutdown(void);

/* The whole of each, gathered on the first call: PAPI_OK and the record in
 * *info, or the error (with its reason) and *info untouched. Safe from any
 * number of threads at once, and in a child of fork() whatever the
 * parent's threads were doing. */
int system_hardware(const PAPI_hw_info_t **info);
int system_executable(const PAPI_exe_info_t **info);
int system_shared_libraries(const PAPI_shlib_info_t **info);

/* For the tests: has the hardware layout (topology) been gathered? */
int system_hardware_layout_gathered(void);

#endif
