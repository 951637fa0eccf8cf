// SPDX-License-Identifier: BSD-3-Clause
/* Fake components for unit tests of the core: deterministic counters, a log
 * of the calls the core makes, and failures on request.
 *
 * fake_component.c defines papillon_components[] itself; the test links it
 * with src/libpapillon_core.la (the library without src/registry/components.c), so
 * the core runs against these components and never touches the kernel.
 *
 * Six components each list the events <name>::E1 .. <name>::E8. Event Ek
 * counts k per tick of a clock that only the test advances (fake_advance),
 * so a value read after t ticks is k * t exactly. "fake" (index 0) and
 * "fake2" (1) have no capability; each of the others has one, so that a
 * test sees the core take that capability's path:
 *   fakefree  (2) CAP_FREE_RUNNING: Ek reads k * (clock + FAKE_FREE_ORIGIN)
 *                 whatever the core did, and must never be started,
 *                 stopped, reset or accumulated;
 *   fakeuser  (3) CAP_USER_READ with a user_read op (counted apart);
 *   fakewrite (4) CAP_WRITE: write sets the counts, reads go on from them;
 *   fakeebb   (5) CAP_USER_OVERFLOW: keeps the overflow route the core
 *                 gives it, and fake_fire delivers an overflow through it
 *                 from a plain call, as a user-mode handler would;
 *   fakeintr  (6) CAP_HW_OVERFLOW: opens the overflow route as perf_event
 *                 does, a descriptor whose signal (F_SETSIG, the core's
 *                 overflow signal) goes to the thread signal_tid and is
 *                 routed by the core (signals_route_fd), and
 *                 fake_fire_signal makes the kernel send that signal, whose
 *                 handler calls overflow_fire;
 *   fakekmpx  (7) CAP_KERNEL_MULTIPLEX: with counting_options.multiplex it
 *                 takes more natives than max_events, as a kernel that
 *                 time-shares its counters does;
 *   fakeattach (8) CAP_ATTACH, fakecpu (9) CAP_CPU, fakeinherit (10)
 *                 CAP_INHERIT: have a check_target op; every fake records
 *                 the options of its last control_update and check_target;
 *   fakekinds (11) CAP_FREE_RUNNING with the value_kind and read_base ops,
 *                 as software-defined events: with c = clock + origin,
 *                 E1, E2, E7, E8 are integer sums reading k * c; E3, E4
 *                 sums of doubles reading k * c / 4 (as the bits of a
 *                 double); E5, E6 values of the moment reading
 *                 1000 * k + clock. Its read hands out E5 and E6 as
 *                 copies (counted in copies_handed_out), its read_base
 *                 reads 0 for them and copies nothing;
 *   fakenompx (12) CAP_NO_MULTIPLEX: counters that cannot be time-shared.
 *
 * New fakes go at the end of the list, so that the indexes tests use stay. */
#ifndef PAPILLON_FAKE_COMPONENT_H
#define PAPILLON_FAKE_COMPONENT_H

#include <stdbool.h>

#include "component.h"

#define FAKE_EVENT_KINDS 8
#define FAKE_MAX_SLOTS   16

enum fake_index {
	FAKE_PLAIN,
	FAKE_PLAIN2,
	FAKE_FREE_RUNNING,
	FAKE_USER_READ,
	FAKE_WRITE,
	FAKE_USER_OVERFLOW,
	FAKE_HW_OVERFLOW,
	FAKE_KERNEL_MULTIPLEX,
	FAKE_ATTACH,
	FAKE_CPU,
	FAKE_INHERIT,
	FAKE_VALUE_KINDS,
	FAKE_NO_MULTIPLEX,
	FAKE_COMPONENTS
};

/* Where fakefree's counters stood when the clock was 0. */
#define FAKE_FREE_ORIGIN 1000

struct fake_calls {
	int init;
	int control_init;
	int control_cleanup;
	int control_update;
	int start;
	int stop;
	int read;
	int user_read;
	int accum;
	int reset;
	int write;
	int check_target;
	/* control_update calls whose options asked for kernel multiplexing. */
	int multiplexed_updates;
	/* ... and those that said the caller scales the counts itself. */
	int caller_scales_updates;
	/* Overflows fake_fire_signal's signal handler delivered. */
	int overflow_signals;
	int read_base;
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
	/* fakekinds: values of the moment its reads handed out as copies. */
	int copies_handed_out;
	/* Calls the core made in a state where it must not (e.g. read of a
	 * stopped control); each is also reported on stderr. */
	int misuse;
	/* What the last successful control_update was given besides the
	 * natives: each native's overflow_threshold, and the options. */
	long long installed_thresholds[FAKE_MAX_SLOTS];
	struct counting_options updated_options;
	/* The options of the last check_target. */
	struct counting_options checked_options;
	/* event_times: 0 (the default) keeps no times (PAPI_ENOSUPP); else a
	 * running control's events ran this percent of the time they were
	 * enabled, as perf's when another user held the counters part of it. */
	int running_percent;
};

extern struct fake_state fake_states[FAKE_COMPONENTS];
/* What every fake's overflow_interrupts hook answers (default true):
 * false makes fakeintr a component whose interrupt this machine lacks, as
 * the riscv component's module mode without Sscofpmf. */
extern bool fake_overflow_interrupts_on;
/* The kind k whose Ek the fakes' overflow_event_interrupts hook says
 * cannot interrupt (0, the default: every one can), as perfctr's TSC. */
extern int fake_no_interrupt_kind;
/* "fake", "fake2", "fakefree", ...: the components' names, by index. */
extern const char *const fake_names[FAKE_COMPONENTS];

/* Advances the clock every running fake control counts from. */
void fake_advance(long long ticks);
/* The clock now (fakekinds' values of the moment read it). */
long long fake_now(void);
/* Clears every component's call logs and failure switches. */
void fake_reset_state(void);
/* fakeebb's user-mode overflow handler: native index of the control the
 * core last opened with an overflow route overflowed at address. Calls the
 * core's overflow_fire as the handler would; false when the core gave no
 * route or no threshold for that native. */
bool fake_fire(int native, void *address);
/* fakeintr's interrupt: native index of the control the core last opened
 * with an overflow route overflowed at address. Makes the kernel send the
 * overflow signal to the thread the core named (signal_tid), as a counter's
 * interrupt would; the signal is delivered before this returns when that
 * thread is the caller, and its handler calls the core's overflow_fire.
 * False when the core gave no route or no threshold for that native, or
 * the signal could not be sent. */
bool fake_fire_signal(int native, void *address);

#endif
