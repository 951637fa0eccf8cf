// SPDX-License-Identifier: BSD-3-Clause
/* Event sets: what a set counts. The events a user added (natives or
 * presets), the distinct native events behind them in the order given to
 * the component, the set's state flags, and the life cycle (create, add,
 * remove, clean up, destroy).
 *
 * How the set counts is its counting record's (dispatch.h): eventset.c
 * creates it with the set and feeds it every change. struct eventset is
 * private to eventset.c; other modules use the functions below. */
#ifndef PAPILLON_EVENTSET_H
#define PAPILLON_EVENTSET_H

#include <stdbool.h>
#include <sys/types.h>

#include "papi.h"
#include "component.h"
#include "core/dispatch.h"

struct eventset;
struct overflow_state; /* overflow.c's, kept with the set */

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
struct counting *eventset_counting(const struct eventset *set);
/* PAPI_state's bits: PAPI_RUNNING or PAPI_STOPPED, and the flags. */
int eventset_state(const struct eventset *set);
bool eventset_running(const struct eventset *set);
/* Sets (on) or clears flags among PAPI_ATTACHED, PAPI_CPU_ATTACHED,
 * PAPI_OVERFLOWING, PAPI_PROFILING. */
void eventset_set_flags(struct eventset *set, int flags, bool on);

int eventset_event_count(const struct eventset *set);
const struct eventset_event *eventset_event(const struct eventset *set, int index);
/* The position of code among the set's events, or -1. */
int eventset_event_index(const struct eventset *set, int code);
int eventset_native_count(const struct eventset *set);
/* The native at position (an event's terms[]), or NULL. */
const struct component_event *eventset_native(const struct eventset *set, int position);

const struct counting_options *eventset_options(const struct eventset *set);
/* Re-opens the component's control with the set's new options. */
int eventset_apply_options(struct eventset *set, const struct counting_options *options);
/* PAPI_OK when the calling thread may start, stop or change the set. */
int eventset_check_owner(const struct eventset *set);
bool eventset_owned_by_caller(const struct eventset *set);

/* PAPI_set_multiplex: the kernel's multiplexing where the component has it
 * (unless PAPI_MULTIPLEX_FORCE_SW), else the core's; ns the slice length
 * (0: PAPI_DEF_MPX_NS). */
int eventset_multiplex(struct eventset *set, int flags, long long ns);
bool eventset_multiplexed_in_software(const struct eventset *set);

/* Overflow (overflow.c): its state for the set, NULL when none. */
struct overflow_state *eventset_overflow(const struct eventset *set);
void eventset_set_overflow(struct eventset *set, struct overflow_state *state);
/* Overflow the component delivers (CAP_HW_OVERFLOW, CAP_USER_OVERFLOW):
 * native's threshold (native -1: every native's, to 0), and where the
 * component reports overflows (fire NULL: nowhere; signal_tid: the thread
 * a signal goes to). Reopens the control(s); on failure nothing changed. */
int eventset_route_overflow(struct eventset *set, int native, long long threshold,
                            void (*fire)(void *cookie, int index, void *address, void *context),
                            void *cookie, pid_t signal_tid);

#endif
