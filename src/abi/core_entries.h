// SPDX-License-Identifier: BSD-3-Clause
/* The core's side of the entry points whose public form differs between the PAPI 7.x ABIs
 * (doc/abi-versions.md). Each is the whole call, in the core's one representation (7.2's
 * layouts, modifier numbers and error space); the per-ABI boundary (src/abi/) exports the
 * PAPI_* symbol and translates around it. Code inside the library calls these, never the
 * exported names, so that it reads 7.2's layouts in every shared object. */
#ifndef PAPILLON_ABI_CORE_ENTRIES_H
#define PAPILLON_ABI_CORE_ENTRIES_H

#include "papi.h"

/* The PAPI release the shared object in use speaks (PAPI_VERSION_NUMBER(7, minor, 0, 0)):
 * PAPI_get_opt(PAPI_LIB_VERSION) and the high-level API's report give it. 7.2's unless the
 * object's version.c says otherwise when it is loaded. */
extern int papillon_release_version;

/* PAPI_library_init once the version is accepted: returns version, or an error. */
int api_library_init(int version);
/* PAPI_get_component_info: the core's record, NULL for a bad index. */
const PAPI_component_info_t *api_component_info(int cidx);
int api_get_opt(int option, PAPI_option_t *ptr);
int api_get_cmp_opt(int option, PAPI_option_t *ptr, int cidx);
int api_get_event_info(int event_code, PAPI_event_info_t *info);
int api_enum_event(int *event_code, int modifier);
int api_enum_cmp_event(int *event_code, int modifier, int cidx);

#endif
