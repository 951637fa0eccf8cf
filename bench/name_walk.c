// SPDX-License-Identifier: BSD-3-Clause
/* The walk of an event name (issue 28): each case is one call of the API in
 * a function of its own, so that bench/name-walk.sh can have callgrind dump
 * its counts before each (--dump-before=walk_*) and count the calls into
 * Papillon's functions and files that the case alone made. The cases run
 * in this order, each after the ones it depends on: a native name resolved
 * the first time, then found again; a preset's name; a known native added
 * to a new set; a preset added the first time (the preset tables are read
 * then), then again to another set. PAPI_TOT_CYC must count here:
 * name-walk.sh defines it from perf::TASK-CLOCK in a PAPI_USER_EVENTS_FILE,
 * so the walk runs on a machine with no hardware PMU. */
#include <stdio.h>

#include "papi.h"

#define WALK_NATIVE "perf::TASK-CLOCK"
#define WALK_PRESET "PAPI_TOT_CYC"
#define NOINLINE    __attribute__((noinline))

/* External, so that callgrind finds them by name; not in a header, as no
 * other file calls them. */
int walk_native_first(void);
int walk_native_again(void);
int walk_preset_name(void);
int walk_add_native(int set);
int walk_add_preset_first(int set);
int walk_add_preset_again(int set);
void walk_end(void);

static int code;

NOINLINE int walk_native_first(void)
{
	return PAPI_event_name_to_code(WALK_NATIVE, &code);
}

NOINLINE int walk_native_again(void)
{
	return PAPI_event_name_to_code(WALK_NATIVE, &code);
}

NOINLINE int walk_preset_name(void)
{
	return PAPI_event_name_to_code(WALK_PRESET, &code);
}

NOINLINE int walk_add_native(int set)
{
	return PAPI_add_named_event(set, WALK_NATIVE);
}

NOINLINE int walk_add_preset_first(int set)
{
	return PAPI_add_named_event(set, WALK_PRESET);
}

NOINLINE int walk_add_preset_again(int set)
{
	return PAPI_add_named_event(set, WALK_PRESET);
}

/* Ends the last case's dump: what follows (PAPI_shutdown) is in none. */
NOINLINE void walk_end(void)
{
	__asm__ volatile("");
}

int main(void)
{
	int sets[3] = {PAPI_NULL, PAPI_NULL, PAPI_NULL};
	int results[6];
	if (PAPI_library_init(PAPI_VER_CURRENT) != PAPI_VER_CURRENT) {
		fprintf(stderr, "name_walk: PAPI_library_init failed\n");
		return 1;
	}
	for (int s = 0; s < 3; s++)
		if (PAPI_create_eventset(&sets[s]) != PAPI_OK) {
			fprintf(stderr, "name_walk: PAPI_create_eventset failed\n");
			return 1;
		}
	results[0] = walk_native_first();
	results[1] = walk_native_again();
	results[2] = walk_preset_name();
	results[3] = walk_add_native(sets[0]);
	results[4] = walk_add_preset_first(sets[1]);
	results[5] = walk_add_preset_again(sets[2]);
	walk_end();
	for (int r = 0; r < 6; r++)
		if (results[r] != PAPI_OK) {
			fprintf(stderr, "name_walk: case %d failed: %s (%s)\n", r + 1,
			        PAPI_strerror(results[r]), PAPI_strreason());
			return 1;
		}
	PAPI_shutdown();
	return 0;
}
