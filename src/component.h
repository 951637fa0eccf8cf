// SPDX-License-Identifier: BSD-3-Clause
/* The component contract: what a back end implements (struct
 * component_ops) and what it is handed (counting options, the events of a
 * control, the capabilities the core reads). Nothing else: the services the
 * core offers components are in src/services/, and the list of the
 * components built is the registry's (src/registry/registry.h).
 * doc/architecture.md lists the files of src/ a component may include;
 * tests/build/include_rules.sh enforces that list.
 *
 * One `struct component_ops` per back end (perf_event, perfctr, ebb, riscv).
 * The core owns event codes, event sets, software multiplexing, software
 * overflow and derived arithmetic; a component owns naming, encoding and the
 * hardware (or kernel) access for a group of native events.
 *
 * Capabilities tell the core which paths a component provides natively; where
 * a capability is missing the core runs its own generic path (timer-driven
 * multiplexing and overflow, offsets for PAPI_write). Some capabilities
 * change what the core does with the component: CAP_FREE_RUNNING (the core
 * snapshots counters that never stop, src/core/counter.c), CAP_USER_READ with a
 * user_read op (reads without a system call), CAP_WRITE (PAPI_write goes to
 * the component), CAP_HW_OVERFLOW and CAP_USER_OVERFLOW (the component
 * delivers overflows, src/core/overflow.c). */
#ifndef PAPILLON_COMPONENT_H
#define PAPILLON_COMPONENT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdatomic.h>
#include <stdint.h>
#include <sys/types.h>

#include "papi.h"

enum component_capability {
	CAP_KERNEL_MULTIPLEX = 1u << 0, /* scales by enabled/running itself */
	CAP_HW_OVERFLOW = 1u << 1,      /* interrupt on threshold (signal) */
	CAP_USER_OVERFLOW = 1u << 2,    /* overflow delivered in user mode (EBB) */
	CAP_USER_READ = 1u << 3,        /* counters readable without a syscall */
	CAP_FREE_RUNNING = 1u << 4,     /* counters never stop: the core snapshots */
	CAP_ATTACH = 1u << 5,           /* can count another task */
	CAP_CPU = 1u << 6,              /* can count a whole CPU */
	CAP_INHERIT = 1u << 7,          /* children can inherit counters */
	CAP_WRITE = 1u << 8,            /* counters can be written natively */
	/* The counters cannot be shared in time at all (POWER's EBB group
	 * holds the PMU pinned and exclusive): PAPI_set_multiplex is refused,
	 * software multiplexer included. */
	CAP_NO_MULTIPLEX = 1u << 9,
};

/* What the values a free-running native reads are (CAP_FREE_RUNNING), and so
 * how the core makes counts of them: a snapshot subtracts the base for the
 * sums, as integers or as doubles, and takes a value of the moment as read.
 * Only libraries' software-defined events (sde) have other kinds than the
 * default; hardware counters are integer sums. */
enum component_value_kind {
	VALUE_KIND_INT64_SUM = 0, /* an integer that counts up: read less base */
	VALUE_KIND_FP64_SUM,      /* a double (its bits in the long long) that sums
	                           * up: read less base, as doubles */
	VALUE_KIND_INSTANT,       /* a value of the moment (a level, a maximum, an
	                           * address the reader owns): the reading itself,
	                           * never subtracted; an accum gives the latest */
};

/* How an event set wants to count; handed to a component whenever it
 * (re)opens the hardware for a control. */
struct counting_options {
	int domain;      /* PAPI_DOM_* of the event set */
	int granularity; /* PAPI_GRN_* */
	pid_t tid;       /* 0: the calling thread */
	int cpu;         /* -1: any CPU */
	int inherit;     /* nonzero: children inherit */
	int multiplex;   /* nonzero: kernel multiplexing requested */
	/* Nonzero: the caller makes estimates and scales the counts itself by
	 * the event_times (the software multiplexer's slices), so counts the
	 * kernel kept off their counters for part of the time are no error. */
	int caller_scales;
	/* Overflow the component delivers: natives whose overflow_threshold
	 * is > 0 overflow every that many events, and on each overflow the
	 * component calls overflow_fire(overflow_cookie, index of the native
	 * in the control, overflow address or NULL, context) once. With
	 * CAP_HW_OVERFLOW it interrupts, signals the thread signal_tid and
	 * calls it from its signal handler (context: the ucontext). With
	 * CAP_USER_OVERFLOW (POWER's event-based branches) it calls it from
	 * its own user-mode handler in the counting thread, no signal involved
	 * (context: what the handler has, or NULL). overflow_fire is
	 * async-signal-safe and runs the user's PAPI_overflow handler (or
	 * records a profile sample). NULL: no overflow wanted. */
	pid_t signal_tid;
	void (*overflow_fire)(void *cookie, int index, void *address, void *context);
	void *overflow_cookie;
	/* The event set's PAPI_USER_READ_* mode (CAP_USER_READ), owned by the
	 * core and changed at any time by PAPI_set_user_read: a component
	 * loads it (relaxed) at every read, so that the change takes effect
	 * at the next one, running or not, without reopening. NULL: AUTO. */
	const atomic_int *user_read;
};

/* One native event of a control, as the core hands it over. */
struct component_event {
	int native_code;              /* global PAPI native code */
	const char *name;             /* for messages; owned by the core's table */
	const void *encoding;         /* from resolve_name, owned by the core's table */
	long long overflow_threshold; /* > 0: overflow every that many events */
};

/* Result of resolving an event name. */
struct component_resolution {
	char canonical[PAPI_HUGE_STR_LEN]; /* the name the event is listed as */
	uint64_t cursor;                   /* the component's enumeration position */
	void *encoding;                    /* opaque, freed by release_encoding */
	/* Set with a failure: the name is one the enumeration lists (an event
	 * whose unit mask is mandatory, say), so it keeps a code, a cursor and
	 * its description, while every use of it fails with that error and
	 * reason (PAPI_EATTR "needs a unit mask: one of ..."). */
	bool listed;
};

/* A kind of preset key a component serves: the word preset files write
 * after "match", and what its names are (for diagnostics, plural). */
struct component_key_kind {
	const char *word; /* "pfm" */
	const char *what; /* "libpfm4 core PMUs" */
	/* A table matched through this kind applies only when it comes from
	 * PAPI_USER_EVENTS_FILE: presets a program must ask for (the ebb
	 * component's, whose event sets take the whole PMU). */
	bool user_only;
};

struct component_ops {
	const char *name;
	const char *short_name;
	const char *description;
	unsigned capabilities;
	/* Optional: whether CAP_HW_OVERFLOW holds on this machine, asked
	 * after init (the riscv component interrupts only through its kernel
	 * module). NULL: the capability alone says; false: the core's
	 * software overflow serves. */
	bool (*overflow_interrupts)(void);
	/* Optional, asked when the component delivers overflows: whether
	 * this native (encoding from resolve_name) can overflow by the
	 * component's interrupt at threshold in an event set with these
	 * options (perfctr's TSC cannot). false, with the reason in why:
	 * the core's software overflow serves it, as for a component
	 * without the interrupt. NULL: every native can. */
	bool (*overflow_event_interrupts)(const void *encoding, long long threshold,
	                                  const struct counting_options *options, char *why,
	                                  size_t why_len);
	size_t control_size; /* bytes of per-event-set state the core allocates */

	/* Fills info (name, counters, domains, reason when unusable). Returns
	 * PAPI_OK when any part of the component works; a component with some
	 * usable events is never disabled. */
	int (*init)(int cidx, PAPI_component_info_t *info);
	void (*shutdown)(void);
	/* The number of native events, for info->num_native_events, where
	 * counting them costs (perf_event walks libpfm4's tables and reads
	 * every sysfs PMU): asked on the first request for the component's
	 * info after init, not at init. It may complete the other parts of
	 * info that cost as much to find (perf_event names the sysfs PMUs
	 * that still count in partially_disabled_reason). NULL: init filled
	 * the count. */
	int (*count_events)(PAPI_component_info_t *info);

	/* Naming. Cursors are the component's own enumeration positions; cursor
	 * 0 with PAPI_ENUM_FIRST starts. PAPI_NTV_ENUM_UMASKS from an event's
	 * cursor gives its first qualifier, from a qualifier's cursor the next,
	 * named "<event>:<qualifier>"; event_info of a qualifier's name and
	 * cursor (encoding NULL) describes it, its own text after ", masks:"
	 * where it has one (natives/qualifiers.c fills PAPI_get_event_info's
	 * quals from them). */
	int (*enum_events)(uint64_t *cursor, int modifier, char *name, size_t name_len);
	/* Every name enum_events yields must resolve, or fail with out->listed
	 * set: enumeration and name resolution agree on what is an event. */
	int (*resolve_name)(const char *name, struct component_resolution *out);
	void (*release_encoding)(void *encoding);
	int (*event_info)(const char *name, uint64_t cursor, const void *encoding,
	                  PAPI_event_info_t *info);
	/* Tries the event on this machine; on failure returns a PAPI error and
	 * records the reason with papi_error_set(). */
	int (*check_event)(const void *encoding);
	/* Preset keys (both optional). A preset table applies where one of
	 * its "match WORD NAME" lines holds; the core knows a few words itself
	 * (always, arch, x86, midr, pvr, riscv: the CPU's identity), and every
	 * other WORD is a key kind some component declares here, most specific
	 * first, ending with {NULL}. A table matched through a component's key
	 * outranks every identity match, and one matched through an earlier
	 * kind of the list outranks one matched through a later kind. A kind
	 * word belongs to one component. */
	const struct component_key_kind *preset_key_kinds;
	/* The keys this component serves on this machine: space-separated
	 * words "<kind>:<name>" of its own kinds (perf_event: "pfm:skl
	 * sysfs:cpu sysfs:msr"). Asked once the component is ready. */
	int (*pmu_names)(char *names, size_t names_len);

	/* Counting. A control is the component's state for one event set. */
	int (*control_init)(void *control);
	void (*control_cleanup)(void *control);
	/* Rebuilds the control for exactly these events. On failure the control
	 * is left as it was before the call. */
	int (*control_update)(void *control, const struct component_event *events, int count,
	                      const struct counting_options *options);
	/* Free-running counters (CAP_FREE_RUNNING) never stop: the core
	 * calls only read, which gives the counters' current values (from
	 * whenever they started), and keeps snapshots itself; start, stop,
	 * accum and reset are never called (may be NULL). value_kind and
	 * read_base below refine how it snapshots. */
	int (*start)(void *control);
	/* values may be NULL: stop without reading. A failed stop leaves
	 * the control stopped all the same as far as it can (the core marks
	 * the set stopped, and its reads answer the stop's error): counters
	 * the kernel took away must not keep a set from being cleaned up. */
	int (*stop)(void *control, long long *values);
	int (*read)(void *control, long long *values);
	/* Adds the counts since the last start/reset/accum to values and resets. */
	int (*accum)(void *control, long long *values);
	int (*reset)(void *control);
	/* With CAP_WRITE (else never called, may be NULL): sets the counts of
	 * a running control to values, one per native: reads, accum and stop
	 * count on from them. The core calls it only for sets whose events are
	 * the natives one to one; for the others, and for components without
	 * CAP_WRITE, it keeps offsets itself. Free-running counters need no
	 * write: the core moves their snapshots' base (sums only: a set with
	 * an instant native refuses PAPI_write, PAPI_ENOSUPP). */
	int (*write)(void *control, const long long *values);
	/* Optional, with CAP_FREE_RUNNING (else never called): the kind of
	 * value native index of the control reads (enum
	 * component_value_kind), asked for every native after each
	 * successful control_update. NULL: every native is an integer sum,
	 * and the core's snapshot loops stay the plain integer ones. */
	enum component_value_kind (*value_kind)(const void *control, int index);
	/* Optional, with CAP_FREE_RUNNING (else never called): the raw values
	 * a start or a reset takes as its base, and a PAPI_write counts from.
	 * For a component whose read hands the caller something it must
	 * free (sde's recorders answer with a copy of their records), or
	 * costs more than a base needs: the instant natives' values may be
	 * anything (0), they are never used; the sums' must be what read
	 * gives. NULL: the base is a read. A read, an accum and a stop call
	 * read (an accum's reading is both its counts and the new base). */
	int (*read_base)(void *control, long long *values);
	/* Optional, with CAP_USER_READ: read without a system call, the same
	 * values read gives (free-running counters: the raw values). The core
	 * calls it instead of read while the set's PAPI_USER_READ_* mode is
	 * AUTO, read when it is OFF. A component that reads some counters in
	 * user space and others with system calls within read (perf_event)
	 * needs none: it consults the mode itself (counting_options.user_read). */
	int (*user_read)(void *control, long long *values);
	/* Optional: can events count for these options (another task, a
	 * CPU, inherit)? Lets PAPI_attach and friends fail early, with the
	 * reason, on a set that has no events yet. */
	int (*check_target)(const struct counting_options *options);

	/* User-space counter reads (CAP_USER_READ); both optional. Without
	 * read_path the core answers from user_read: user space while the mode
	 * is AUTO, else (and without user_read) a system call. Without
	 * user_read_status the core says every read is a system call, unless
	 * there is a user_read op. read_path: how native index of a running
	 * control is read now by the calling thread, PAPI_READ_PATH_USER or
	 * PAPI_READ_PATH_SYSCALL, with the reason ("user: ...", "syscall:
	 * ..."). user_read_status: 1 when this machine and kernel let the
	 * component read counters in user space, else 0; why says which
	 * mechanism, or what stops it. */
	int (*read_path)(void *control, int index, char *reason, size_t reason_len);
	int (*user_read_status)(char *why, size_t why_len);

	/* Optional (NULL: PAPI_event_times answers PAPI_ENOSUPP): the time
	 * native index was enabled and the time it actually counted, in ns,
	 * over the interval the most recent read, accum or stop covered (since
	 * the start, reset or accum before it). The times must be ones that
	 * call already had: a read may store them, never fetch them.
	 * PAPI_ENOTRUN when the control has not started since control_update. */
	int (*event_times)(void *control, int index, long long *enabled_ns, long long *running_ns);
};

#endif
