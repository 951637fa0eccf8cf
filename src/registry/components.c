// SPDX-License-Identifier: BSD-3-Clause
/* The components compiled into this library, in index order. configure
 * writes the list it selected (components/list.m4, --with-components) into
 * config.h as PAPILLON_FOR_EACH_COMPONENT(X): X(name) for each component,
 * whose directory defines `const struct component_ops name_component`. */
#include "config.h"

#include "registry/registry.h"

#define DECLARE_COMPONENT(name) extern const struct component_ops name##_component;
PAPILLON_FOR_EACH_COMPONENT(DECLARE_COMPONENT)

#define LIST_COMPONENT(name) &name##_component,
const struct component_ops *const papillon_components[] = {
    PAPILLON_FOR_EACH_COMPONENT(LIST_COMPONENT)};
const int papillon_component_count =
    (int)(sizeof(papillon_components) / sizeof(papillon_components[0]));

/* The tables indexed by component hold MAX_COMPONENTS. */
_Static_assert(sizeof(papillon_components) / sizeof(papillon_components[0]) <= MAX_COMPONENTS,
               "more components than the core's tables hold: raise MAX_COMPONENTS");
