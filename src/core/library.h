// SPDX-License-Identifier: BSD-3-Clause
/* Library-wide state: initialization, components, system information. */
#ifndef PAPILLON_LIBRARY_H
#define PAPILLON_LIBRARY_H

#include <pthread.h>

#include "papi.h"
#include "component.h"

/* Entries of the per-component tables: at most this many components are
 * compiled in (src/components.c asserts it; PAPI_library_init refuses a
 * longer list, such as a unit test's own). */
#define MAX_COMPONENTS 16

struct library_state {
	int init_level;
	PAPI_component_info_t component_info[MAX_COMPONENTS];
	int component_ready[MAX_COMPONENTS]; /* init succeeded and not disabled */
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

int library_disable_component(int cidx);
int library_init(void);
/* After the event sets, the native table and the presets are gone
 * (PAPI_shutdown clears them first). */
void library_shutdown(void);

#endif
