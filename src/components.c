/* The components compiled into this library, in index order. */
#include "component.h"

extern const struct component_ops perf_event_component;
extern const struct component_ops sde_component;

const struct component_ops *const papillon_components[] = {
    &perf_event_component,
    &sde_component,
};
const int papillon_component_count =
    (int)(sizeof(papillon_components) / sizeof(papillon_components[0]));
