/* Event sets: their table, their state machine and the mapping from the
 * events a user added to the native events the component counts. */
#ifndef PAPILLON_EVENTSET_H
#define PAPILLON_EVENTSET_H

#include <pthread.h>
#include <stdbool.h>

#include "papi.h"
#include "component.h"

/* One event as the user added it: a native event, or a preset made of
 * several natives combined by a derived operation. */
struct eventset_event {
	int code;
	int derived;                            /* NOT_DERIVED or DERIVED_* */
	int term_count;
	int terms[PAPI_MAX_INFO_TERMS];          /* positions in the native list */
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

#endif
