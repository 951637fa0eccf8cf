// SPDX-License-Identifier: BSD-3-Clause
/* The registry's states (registry.h): apart from the generated list
 * (components.c), which a unit test replaces with fake components. */
#include "registry/registry.h"

PAPI_component_info_t papillon_component_info[MAX_COMPONENTS];
int papillon_component_ready[MAX_COMPONENTS];
void (*papillon_component_info_follower)(int cidx);
