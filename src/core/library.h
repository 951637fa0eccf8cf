// SPDX-License-Identifier: BSD-3-Clause
/* Library-wide state: initialization, system information, defaults; the
 * components' own states are the registry's (registry/registry.h). */
#ifndef PAPILLON_LIBRARY_H
#define PAPILLON_LIBRARY_H

#include <pthread.h>

#include "papi.h"
#include "registry/registry.h"

struct library_state {
	int init_level;
	PAPI_hw_info_t hardware;
	PAPI_exe_info_t executable;
	PAPI_shlib_info_t shared_libraries;
	PAPI_preload_info_t preload;
	int default_domain;
	int default_granularity;
	pthread_mutex_t lock;
};

extern struct library_state papillon_library;

/* PAPI_ENOINIT (with a reason) unless PAPI_library_init has succeeded. */
int library_require_init(void);
/* Fills the static parts of component_info (names, descriptions) once, so
 * they can be queried and disabled before PAPI_library_init. */
void library_prepare_components(void);
/* PAPI_ENOCMP for an index that names no component. */
int library_check_component(int cidx);
/* The component's info, complete: what init left for first request (the
 * native event count, component.h's count_events) is filled in once. A
 * valid index only (library_check_component). */
PAPI_component_info_t *library_component_info(int cidx);

int library_disable_component(int cidx);
int library_init(void);
/* After the event sets, the native table and the presets are gone
 * (PAPI_shutdown clears them first). */
void library_shutdown(void);

#endif
