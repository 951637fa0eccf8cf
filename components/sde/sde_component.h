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

/* Counting (sde_counting.c): a control is the counters of one event set. */
struct sde_control {
	int count;
	int ids[SDE_MAX_EVENTS];
	enum sde_value_kind kinds[SDE_MAX_EVENTS];
	/* TEMPORARY (sde_shim.c): the start/stop/reset snapshots the core
	 * takes for CAP_FREE_RUNNING components once its snapshot path
	 * lands; remove with the shim. */
	long long start[SDE_MAX_EVENTS];
	bool running;
};

int sde_control_init(void *control);
void sde_control_cleanup(void *control);
int sde_control_update(void *control, const struct component_event *events, int count,
                       const struct counting_options *options);
/* The counters' values now (free-running: nothing starts or stops them). */
int sde_read_current(void *control, long long *values);
/* The same for the counters a snapshot path subtracts; 0 for the others,
 * whose reads would make copies (recorders, counting sets) for nothing. */
int sde_read_snapshot(void *control, long long *values);
/* now - then for a counter of this kind (as doubles for floating ones);
 * now itself for values of the moment. */
long long sde_value_since(enum sde_value_kind kind, long long now, long long then);
/* total + more for this kind (as doubles for floating ones; more itself for
 * values of the moment). */
long long sde_value_add(enum sde_value_kind kind, long long total, long long more);

/* TEMPORARY snapshot shim (sde_shim.c), until the core's CAP_FREE_RUNNING
 * path serves start/stop/read/accum/reset. */
int sde_shim_start(void *control);
int sde_shim_stop(void *control, long long *values);
int sde_shim_read(void *control, long long *values);
int sde_shim_accum(void *control, long long *values);
int sde_shim_reset(void *control);

#endif
