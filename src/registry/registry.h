// SPDX-License-Identifier: BSD-3-Clause
/* The component registry: the components compiled into this library, in
 * index order, and what the library made of each (its info, whether it is
 * ready). It sits below the core, beside the contract it lists, so that
 * every layer that asks components something (the core, natives/ for
 * names, presets/ for keys and checks) reaches them here, and none of them
 * needs the core's library state (core/library.h) to do it.
 *
 * The list is generated (registry/components.c, from configure's choice);
 * a unit test links its own list of fake components instead. The states
 * are written by PAPI_library_init and PAPI_shutdown (core/library.c) under
 * the library's lock, and read without one by everything above. */
#ifndef PAPILLON_REGISTRY_H
#define PAPILLON_REGISTRY_H

#include "papi.h"
#include "component.h"

/* Entries of the per-component tables: at most this many components are
 * compiled in (registry/components.c asserts it; PAPI_library_init refuses
 * a longer list, such as a unit test's own). */
#define MAX_COMPONENTS 16

/* The compiled-in components, in index order. */
extern const struct component_ops *const papillon_components[];
extern const int papillon_component_count;

/* Per component index: the info PAPI_get_component_info gives (its static
 * parts filled before PAPI_library_init, so components can be queried and
 * disabled first), and whether its init succeeded and it is not disabled. */
extern PAPI_component_info_t papillon_component_info[MAX_COMPONENTS];
extern int papillon_component_ready[MAX_COMPONENTS];

/* Whoever keeps a copy of the infos in another layout (the 7.0 ABI's boundary, src/abi/)
 * sets this, and every writer of papillon_component_info calls registry_info_changed
 * after writing one, so the copy a program holds a pointer to follows the record. */
extern void (*papillon_component_info_follower)(int cidx);

static inline void registry_info_changed(int cidx)
{
	if (papillon_component_info_follower)
		papillon_component_info_follower(cidx);
}

#endif
