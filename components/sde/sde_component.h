// SPDX-License-Identifier: BSD-3-Clause
/* The sde component's parts (components/sde/sde_*.c on the libpapi side):
 * finding libsde's registry, naming, and counting. */
#ifndef PAPILLON_SDE_COMPONENT_H
#define PAPILLON_SDE_COMPONENT_H

#include <stdbool.h>
#include <stdint.h>

#include "component.h"
#include "sde_registry.h"

/* PAPI 7's prefix: "sde:::LIBRARY::COUNTER". */
#define SDE_EVENT_PREFIX "sde:::"
/* At most this many events per event set (PAPI 7's limit). */
#define SDE_MAX_EVENTS 40

/* libsde's registry, or NULL when no libsde is in the process (sde_link.c). */
const struct sde_registry_ops *sde_registry(void);

/* Naming (sde_names.c). The cursor of a counter is its registry id. */
int sde_enum_events(uint64_t *cursor, int modifier, char *name, size_t name_len);
int sde_resolve_name(const char *name, struct component_resolution *out);
void sde_release_encoding(void *encoding);
int sde_event_info(const char *name, uint64_t cursor, const void *encoding,
                   PAPI_event_info_t *info);
int sde_check_event(const void *encoding);
/* The registry id an encoding stands for. */
int sde_encoding_id(const void *encoding);
/* PAPI_OK when the counter can be counted now, else PAPI_ENOEVNT with the
 * reason (unregistered, or declared only for listing). */
int sde_check_id(int id);

/* Counting (sde_counting.c): a control is the counters of one event set.
 * The counters run freely (CAP_FREE_RUNNING): the core's snapshot path
 * makes counts since a start of their readings (src/core/counter.c), as each
 * one's kind of value says. */
struct sde_control {
	int count;
	int ids[SDE_MAX_EVENTS];
	enum sde_value_kind kinds[SDE_MAX_EVENTS];
};

int sde_control_init(void *control);
void sde_control_cleanup(void *control);
int sde_control_update(void *control, const struct component_event *events, int count,
                       const struct counting_options *options);
/* The core's kind of value of counter index: integer and floating sums,
 * the rest values of the moment. */
enum component_value_kind sde_value_kind(const void *control, int index);
/* The counters' values now (free-running: nothing starts or stops them);
 * the copies recorders and counting sets answer with are the caller's. */
int sde_read_current(void *control, long long *values);
/* The same for the counters a snapshot subtracts, 0 for the others, whose
 * reads would make copies (recorders, counting sets) for nothing: the
 * core's read_base. */
int sde_read_snapshot(void *control, long long *values);

#endif
