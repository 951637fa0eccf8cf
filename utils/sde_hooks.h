// SPDX-License-Identifier: BSD-3-Clause
/* papi_native_avail -sde FILE (PAPI 7's option): lets the SDE-enabled
 * library in FILE declare its software-defined events for the listing. */
#ifndef PAPILLON_UTIL_SDE_HOOKS_H
#define PAPILLON_UTIL_SDE_HOOKS_H

#include <stdbool.h>

/* Loads the shared library at path and calls its papi_sde_hook_list_events
 * with libsde's functions; false, with the reason on stderr, when it cannot. */
bool sde_hooks_declare(const char *path);

#endif
