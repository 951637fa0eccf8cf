/* Fake components for unit tests of the core: deterministic counters, a log
 * of the calls the core makes, and failures on request.
 *
 * fake_component.c defines papillon_components[] itself; the test links it
 * with src/libpapillon_core.la (the library without src/components.c), so
 * the core runs against these components and never touches the kernel.
 *
 * Two components, "fake" (index 0) and "fake2" (index 1), each list the
 * events <name>::E1 .. <name>::E8. Event Ek counts k per tick of a clock
 * that only the test advances (fake_advance), so a value read after t ticks
 * is k * t exactly. */
#ifndef PAPILLON_FAKE_COMPONENT_H
#define PAPILLON_FAKE_COMPONENT_H

#include <stdbool.h>

#define FAKE_EVENT_KINDS 8
#define FAKE_MAX_SLOTS   16

struct fake_calls {
	int init;
	int control_init;
	int control_cleanup;
	int control_update;
	int start;
	int stop;
	int read;
	int accum;
	int reset;
	int write;
};

struct fake_state {
	struct fake_calls calls;
	/* control_update refuses more natives than this with PAPI_ECNFLCT. */
	int max_events;
	/* The next start fails with this error (0: it succeeds). */
	int fail_next_start;
	/* Natives of the last successful control_update, as event kinds. */
	int installed_count;
	int installed_kinds[FAKE_MAX_SLOTS];
	/* Encodings handed out by resolve_name and not yet released. */
	int live_encodings;
	/* Calls the core made in a state where it must not (e.g. read of a
	 * stopped control); each is also reported on stderr. */
	int misuse;
};

extern struct fake_state fake_states[2];

/* Advances the clock every running fake control counts from. */
void fake_advance(long long ticks);
/* Clears both components' call logs and failure switches. */
void fake_reset_state(void);

#endif
