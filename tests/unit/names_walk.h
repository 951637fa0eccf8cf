// SPDX-License-Identifier: BSD-3-Clause
/* The walk of a component's native events and the round trips every listed
 * name must pass, shared by test_names (the PMUs of the machine it runs on)
 * and test_pmu_models (every PMU model libpfm4 can force, one per process).
 * Failures go to a callback, so a forked child can report them to its
 * parent as well as a CUnit test can assert them. */
#ifndef PAPILLON_NAMES_WALK_H
#define PAPILLON_NAMES_WALK_H

#include <stdbool.h>

struct names_check {
	void (*fail)(void *context, unsigned line, const char *message);
	void *context;
	int events;      /* listed without qualifiers */
	int names;       /* listed, qualifiers included */
	int incomplete;  /* listed names that cannot count as written (PAPI_EATTR) */
	int unsupported; /* listed on a PMU perf_event cannot take here (PAPI_ECMP) */
	int failures;
};

/* The codes an enumeration of one component yields, in order. */
struct names_walk {
	int count;
	int event_count; /* without qualifiers */
	int *codes;
};

/* Enumerates every native event of component cidx (and with qualifiers,
 * every qualifier of each), stopping rather than looping if a code comes
 * back; checks that PAPI_enum_event agrees with PAPI_enum_cmp_event and
 * that the walk ends with PAPI_ENOEVNT. Free walk->codes afterwards. */
void names_walk(struct names_check *check, struct names_walk *walk, int cidx, bool qualifiers);

/* True when the walk listed a code whose name is `wanted`. */
bool names_walk_lists(const struct names_walk *walk, const char *wanted);

/* Every listed name of component cidx, both ways: code -> name -> code with
 * its description, then, after a library shutdown and init (so that each
 * name goes through the component from scratch), name -> code -> name.
 * A listed name either counts as written or says why with its own error:
 * PAPI_EATTR from PAPI_query_event and PAPI_add_event alike, naming a unit
 * mask to add when it has unit masks, or PAPI_ECMP for a PMU perf_event
 * cannot take here. Fills the counts of check. */
void names_check_round_trips(struct names_check *check, int cidx);

#endif
