// SPDX-License-Identifier: BSD-3-Clause
/* Event sets, as the entry points (src/api/) see them: the life cycle
 * (create, add, remove, clean up, destroy), what a set holds, its state and
 * its options. The record itself (struct eventset) is private to src/core/
 * (core/eventset_record.h): the entry points hold only pointers to it and
 * use the functions below; the counting calls, by id, are dispatch.h's. */
#ifndef PAPILLON_EVENTSET_H
#define PAPILLON_EVENTSET_H

#include <stdbool.h>

#include "papi.h"
#include "component.h"
#include "core/dispatch.h"

struct eventset;

/* The set with this id, or NULL. */
struct eventset *eventset_lookup(int id);
/* The first id above after that names a set, or -1: walks every set. */
int eventset_next(int after);
int eventset_create(int *id);
/* PAPI_EISRUN / PAPI_EINVAL unless the set is stopped and empty. */
int eventset_destroy(int *id);
int eventset_assign_component(struct eventset *set, int cidx);
int eventset_add(struct eventset *set, int code);
/* PAPI_OK when code could be removed now (stopped, owner, in the set). */
int eventset_check_removal(const struct eventset *set, int code);
int eventset_remove(struct eventset *set, int code);
/* Removes every event and turns multiplexing off (the caller turns
 * overflow off first). */
int eventset_cleanup(struct eventset *set);

int eventset_id(const struct eventset *set);
/* The component index, or -1 while the set has none. */
int eventset_component(const struct eventset *set);
/* PAPI_state's bits: PAPI_RUNNING or PAPI_STOPPED, and the flags. */
int eventset_state(const struct eventset *set);
bool eventset_running(const struct eventset *set);
/* Sets (on) or clears flags among PAPI_ATTACHED, PAPI_CPU_ATTACHED,
 * PAPI_OVERFLOWING, PAPI_PROFILING. */
void eventset_set_flags(struct eventset *set, int flags, bool on);

int eventset_event_count(const struct eventset *set);
const struct eventset_event *eventset_event(const struct eventset *set, int index);
int eventset_native_count(const struct eventset *set);

const struct counting_options *eventset_options(const struct eventset *set);
/* Re-opens the component's control with the set's new options. */
int eventset_apply_options(struct eventset *set, const struct counting_options *options);
/* PAPI_OK when the calling thread may start, stop or change the set: the
 * thread that created it (whose counts it holds), or any thread once the
 * set is attached to a thread or a CPU. */
int eventset_check_owner(const struct eventset *set);
bool eventset_owned_by_caller(const struct eventset *set);
/* PAPI_set_user_read / PAPI_get_user_read: PAPI_USER_READ_OFF or _AUTO. */
int eventset_set_user_read(struct eventset *set, int mode);
int eventset_user_read(const struct eventset *set);

/* PAPI_set_multiplex: the kernel's multiplexing where the component has it
 * (unless PAPI_MULTIPLEX_FORCE_SW), else the core's; ns the slice length
 * (0: PAPI_DEF_MPX_NS). */
int eventset_multiplex(struct eventset *set, int flags, long long ns);
bool eventset_multiplexed_in_software(const struct eventset *set);

#endif
