// SPDX-License-Identifier: BSD-3-Clause
/* The per-ABI boundary: the entry points whose public form differs between the PAPI 7.x
 * releases (doc/architecture.md, "One core, every 7.x ABI"). Each file of src/abi/ is
 * compiled once per ABI, with PAPILLON_BOUNDARY_MINOR set to the oldest release of that
 * ABI (0: PAPI 7.0 and 7.1, whose ABI is one; 2: PAPI 7.2), into the shared object of that
 * ABI; everything else is the one core (abi/core_entries.h). */
#ifndef PAPILLON_ABI_BOUNDARY_H
#define PAPILLON_ABI_BOUNDARY_H

#include "papi.h"
#include "abi/core_entries.h"

#ifndef PAPILLON_BOUNDARY_MINOR
#error "src/abi/ is compiled with PAPILLON_BOUNDARY_MINOR (src/Makefile.am)"
#endif

/* The releases whose PAPI_VER_CURRENT this object accepts: those with its layouts. 7.3
 * and later are refused: their headers have not been compared (doc/abi-versions.md). */
#if PAPILLON_BOUNDARY_MINOR == 0
#define ABI_FIRST_MINOR 0
#define ABI_LAST_MINOR  1
#elif PAPILLON_BOUNDARY_MINOR == 2
#define ABI_FIRST_MINOR 2
#define ABI_LAST_MINOR  2
#else
#error "no PAPI 7.x ABI begins at this minor release"
#endif

#define PAPI_EXPORT __attribute__((visibility("default")))

#if PAPILLON_BOUNDARY_MINOR == 0
/* Copies component cidx's record into its 7.0 layout (registry.h's follower). */
void abi70_follow_component_info(int cidx);
#endif

#endif
