/* Event sets: their table, their state machine and the mapping from the
 * events a user added to the native events the component counts. */
#ifndef PAPILLON_EVENTSET_H
#define PAPILLON_EVENTSET_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include "papi.h"
#include "component.h"

/* One event as the user added it: a native event, or a preset made of
 * several natives combined by a derived operation. */
struct eventset_event {
	int code;
	int derived; /* NOT_DERIVED or DERIVED_* */
	int term_count;
	int terms[PAPI_MAX_INFO_TERMS]; /* positions in the native list */
	char postfix[PAPI_2MAX_STR_LEN];
};

struct eventset {
	int id;
	int cidx; /* -1 until a component is assigned */
	int state;
	pthread_t owner;
	struct counting_options options;

	int event_count;
	int event_capacity;
	struct eventset_event *events;

	/* Distinct native events, in the order given to the component. */
	int native_count;
	struct component_event *natives;
	int *native_users; /* how many events use each native */

	/* True when event i is native i: reads copy the component's values. */
	bool direct_map;

	void *control; /* the component's state for this set */
	long long *native_values;
	long long *stopped_values; /* what the events read when not running */
	long long *write_offsets;  /* from PAPI_write; NULL until written */

	/* Software multiplexing (multiplex.c), overflow and profiling
	 * (overflow.c); NULL when not in use. */
	struct mpx_state *mpx;
	struct overflow_state *overflow;
	/* Sets driven by a library timer (software multiplexing or overflow)
	 * serialise work on their control through guard (guard.c), and never
	 * take the direct read path. */
	bool guarded;
	atomic_uintptr_t guard;   /* the thread working on the control, 0: none */
	atomic_int guard_pending; /* a timer tick found the guard taken */

	/* PAPI_USER_READ_*: may the component read counters in user space?
	 * options.user_read points here, so the component sees a change at
	 * its next read. */
	atomic_int user_read_mode;
};

struct eventset *eventset_lookup(int id);
int eventset_create(int *id);
int eventset_destroy(int *id);
int eventset_assign_component(struct eventset *set, int cidx);
int eventset_add(struct eventset *set, int code);
int eventset_remove(struct eventset *set, int code);
int eventset_cleanup(struct eventset *set);
/* Turns native values into event values (derived arithmetic, offsets). */
void eventset_compute(const struct eventset *set, const long long *native, long long *values);
/* Drops PAPI_write offsets, so reads go straight to the component again. */
void eventset_clear_write_offsets(struct eventset *set);
/* Re-opens the component's control with the set's current options. */
int eventset_apply_options(struct eventset *set, const struct counting_options *options);
/* Destroys every event set (at shutdown). */
void eventset_destroy_all(void);

/* PAPI_OK when the calling thread may start, stop or change the set: the
 * thread that created it (whose counts it holds), or any thread once the
 * set is attached to a thread or a CPU. */
int eventset_check_owner(const struct eventset *set);
/* Recomputes direct_map after multiplexing or overflow changed the set. */
void eventset_refresh_direct_map(struct eventset *set);
/* Rebuilds the component's control(s) for the set's natives and options
 * (after overflow thresholds or options changed). */
int eventset_reopen(struct eventset *set);

/* PAPI_set_user_read: PAPI_EINVAL for a mode that is not PAPI_USER_READ_*. */
int eventset_set_user_read(struct eventset *set, int mode);
/* PAPI_event_read_path: how event index (as added) of a running set is read
 * by the calling thread now; PAPI_READ_PATH_* or an error. */
int eventset_read_path(struct eventset *set, int index, char *reason, size_t reason_len);

#endif
