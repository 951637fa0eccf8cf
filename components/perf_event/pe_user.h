// SPDX-License-Identifier: BSD-3-Clause
/* User-space counter reads ("fast reads") of the perf_event component.
 *
 *   pe_counter_arch.c   what differs by architecture, as data: the kernel's
 *                       switch, the core PMUs, the counters' names
 *   pe_user_detect.c    whether this process can read counters itself
 *                       (once, at component init), and why (not)
 *   pe_user_map.c       the pages of one control: which events get one,
 *                       mapping, and the read path of an event, with why
 *   pe_user_read.c      reading counts through the pages
 *   pe_userpage.h       the page's layout and its read protocol (pure)
 *   pe_counter_arch.h   the page index to the architecture layer's counter
 *                       reads (src/arch/, which holds the instructions)
 *
 * pe_read.c decides per read: events with a page that names a counter are
 * read in user space, the others of their group with one read(). */
#ifndef PAPILLON_PE_USER_H
#define PAPILLON_PE_USER_H

#include <perfmon/pfmlib_perf_event.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "services/fork_generation.h"

#include "papi.h"
#include "component.h"
#include "pe_userpage.h"

/* ---- architecture facts (pe_counter_arch.c) ---------------------------- */

enum pe_arch {
	PE_ARCH_X86_64,
	PE_ARCH_ARM64,
	PE_ARCH_RISCV64,
	PE_ARCH_OTHER,
};

struct pe_arch_facts {
	const char *mechanism;       /* "arm64 mrs" */
	const char *switch_path;     /* the kernel's on/off file; NULL: none */
	const char *switch_pmu_file; /* or a file in the core PMU's sysfs directory */
	const char *switch_name;     /* that file, as messages name it */
	int lowest_on;               /* values lowest_on.. of the switch allow reads */
	const char *enable_hint;     /* how to turn the switch on */
	/* Names of the sysfs PMUs whose events sit on CPU counters ('*' at the
	 * end: any name with that prefix); NULL-terminated. */
	const char *const *core_pmus;
	/* Events must ask for user access at open: attr.config1 bit of the
	 * PMU's format/rdpmc (arm64). */
	bool config1_rdpmc;
	/* The PMU's event number of the CPU cycles, which a dedicated counter
	 * holds that is read in full 64 bits when the event asks for them at
	 * open (arm64: CPU_CYCLES on PMCCNTR_EL0, the PMU's format/long bit);
	 * 0: the counters' width is not the event's to choose. */
	uint32_t long_cycles_event;
	const char *unsupported; /* PE_ARCH_OTHER: why no user reads */
};

enum pe_arch pe_arch_current(void);
const struct pe_arch_facts *pe_arch_facts(enum pe_arch arch);
/* Does the sysfs PMU directory name belong to the CPU's counters? */
bool pe_arch_core_pmu(enum pe_arch arch, const char *pmu);
/* Has the architecture an instruction for the counter of this index? */
bool pe_arch_index_readable(enum pe_arch arch, uint32_t index);
/* The instruction and register that read the counter of a page's index:
 * "arm64 PMEVCNTR2_EL0", "x86 rdpmc ecx=0x40000000", "riscv csrr hpmcounter18". */
void pe_arch_counter_name(enum pe_arch arch, uint32_t index, char *name, size_t name_len);
/* Does the event count the CPU cycles that the dedicated, 64-bit-capable
 * counter holds (long_cycles_event)? own_pmu: attr->type is one of the
 * core PMUs' own sysfs types (the PMU's raw event numbers, as RAW). */
bool pe_arch_long_cycles_event(enum pe_arch arch, const struct perf_event_attr *attr, bool own_pmu);

/* ---- detection (pe_user_detect.c) -------------------------------------- */

#define PE_USER_MAX_CORE_TYPES 8

/* Once per PAPI_library_init; reads PAPILLON_USER_READ, the kernel's switch
 * and the core PMUs' types. */
void pe_user_detect(void);
/* Can this process read counters in user space at all? */
bool pe_user_available(void);
/* pe_user_available(), with the mechanism or what stops it in why. */
int pe_user_status(char *why, size_t why_len);
/* Does an event of this perf type sit on a CPU counter? */
bool pe_user_core_type(uint32_t type);
/* The attr.config1 bit an event must set to be readable (0: none). */
uint64_t pe_user_config1_bit(void);
/* The attr.config1 bit that asks for a 64-bit counter: the core PMU's
 * format/long (arm64 "config1:0"); 0: none. */
uint64_t pe_user_config1_long_bit(void);
/* Does the event count cycles on the core PMU's cycle counter, which it
 * may read in 64 bits (arm64 CPU_CYCLES)? */
bool pe_user_long_cycles_event(const struct perf_event_attr *attr);
/* Perf pages are not inherited across fork (the child's mapping is
 * empty): pages mapped in another fork generation (services/fork_generation.h)
 * are never touched. */

/* ---- one control's pages (pe_user_map.c) ------------------------------- */

/* Why an event has no page, or that it has one. */
enum pe_user_slot_state {
	PE_SLOT_MAPPED,
	PE_SLOT_SOFTWARE,    /* a software event: no counter */
	PE_SLOT_NOT_CORE,    /* another PMU's event (uncore, msr, tracepoint) */
	PE_SLOT_UNAVAILABLE, /* the process cannot read counters (status says why) */
	PE_SLOT_INHERIT,     /* children's counts are only in read() */
	PE_SLOT_TARGET,      /* counts another thread or a whole CPU */
	PE_SLOT_SAMPLING,    /* overflow: its page belongs to the sampling ring */
	PE_SLOT_MAP_FAILED,  /* mmap refused (map_errno) */
};

struct pe_user_slot {
	const volatile struct pe_user_page *page; /* NULL: read() only */
	int state;                                /* enum pe_user_slot_state */
	int map_errno;
};

/* A control's user-read state (embedded in struct pe_control). */
struct pe_user_state {
	int page_count;             /* events with a page */
	struct pe_user_slot *slots; /* per event; NULL for an empty control */
	const atomic_int *mode;     /* the set's PAPI_USER_READ_* (NULL: AUTO) */
	unsigned generation;        /* fork_generation at mapping */
	pthread_t reader;           /* the thread counted: set at start */
	long long *raw;             /* scratch: a group's raw counts */
	bool *done;                 /* scratch: which of them the pages gave */
};

/* What the events of one control have asked for at open so far (one per
 * pe_control_open; all zero at the start).
 *
 * arm64 PMUv3 before v8.5 has 32-bit event counters, and the kernel does
 * not chain two of them for an event read in user space; only the cycle
 * counter (PMCCNTR_EL0) counts 64 bits then. A 64-bit user-read event
 * other than cycles fails to open (EOPNOTSUPP), and a 64-bit cycles event
 * finds no counter while the cycle counter is taken (Linux 6.1,
 * armv8pmu_get_event_idx: EAGAIN, the event never runs). So only the
 * control's first cycles event asks for 64 bits; when the kernel refuses
 * it at open, it opens again as a 32-bit event, and when the set cannot
 * count together (the cycle counter is held by another event of the
 * thread, a pinned or a CPU-wide one), the whole set opens again without
 * 64 bits. Taken after PAPI_start, the counter leaves the 64-bit event
 * waiting for it (not running, as under multiplexing). */
struct pe_user_open {
	int cycles_owner;  /* index + 1 of the control's first cycles event; 0: none yet */
	bool long_added;   /* the owner's long bit is ours, not its encoding's */
	uint64_t long_bit; /* that bit */
	bool no_long;      /* the events are opened again without it */
};

/* Sets what event index needs at open to be readable later (arm64's config1
 * bits: user access, and 64 bits for the first cycles event), when it will
 * get a page. Called again for the same event, it sets the same. */
void pe_user_prepare_attr(struct perf_event_attr *attr, struct pe_user_open *open, int index,
                          const struct component_event *event,
                          const struct counting_options *options);
/* The same decision on given bits (pe_user_prepare_attr with what the
 * detection found), for the unit tests. */
void pe_user_request_bits(struct perf_event_attr *attr, struct pe_user_open *open, int index,
                          bool long_cycles, uint64_t rdpmc_bit, uint64_t long_bit);
/* After perf_event_open refused event index: takes back the 64 bits
 * pe_user_prepare_attr asked for; true when it did (open it again). */
bool pe_user_relax_attr(struct perf_event_attr *attr, const struct pe_user_open *open, int index);
/* After the control's events could not count together: true when one of
 * them had asked for 64 bits, which the next opening will not (open them
 * all again). */
bool pe_user_forgo_long(struct pe_user_open *open);
/* Decides whether the event opened as fd gets a page, and maps it. */
void pe_user_slot_open(struct pe_user_slot *slot, int fd, const struct perf_event_attr *attr,
                       const struct component_event *event, const struct counting_options *options);
void pe_user_slots_close(struct pe_user_slot *slots, int count);
/* Takes over slots (count events) for a control; false: out of memory
 * for the scratch arrays (the pages are unmapped then). */
bool pe_user_state_init(struct pe_user_state *user, struct pe_user_slot *slots, int count,
                        const struct counting_options *options);
void pe_user_state_free(struct pe_user_state *user, int count);

/* PAPI_READ_PATH_USER or _SYSCALL for event index of a running control,
 * read by the calling thread now; reason says why. scaled: the control
 * scales by enabled/running (needs the page's time scale). */
int pe_user_event_path(const struct pe_user_state *user, int index, bool scaled, char *reason,
                       size_t reason_len);

/* Does this read go through the pages at all? Checked per read: the mode
 * may change any time, and only the counted thread sees its counters. */
static inline bool pe_user_reads_now(const struct pe_user_state *user)
{
	if (user->page_count == 0 || user->generation != fork_generation)
		return false;
	if (user->mode &&
	    atomic_load_explicit(user->mode, memory_order_relaxed) == PAPI_USER_READ_OFF)
		return false;
	return pthread_equal(pthread_self(), user->reader);
}

/* ---- reading (pe_user_read.c) ------------------------------------------ */

/* Raw counts of events first..first+count-1 into raw[], from their pages;
 * done[] says which; returns how many the pages could not give. */
int pe_user_read_counts(const struct pe_user_state *user, int first, int count, long long *raw,
                        bool *done);
/* The same, as the deltas values[i] = raw[i] - baseline[i] (a read's
 * result), for the events the pages give. */
int pe_user_read_deltas(const struct pe_user_state *user, int first, int count,
                        const long long *baseline, long long *values, bool *done);
/* Event index alone, as read() without PERF_FORMAT_GROUP gives it:
 * {count, enabled, running}; false: read() must answer. */
bool pe_user_read_times(const struct pe_user_state *user, int index, uint64_t raw[3]);

#endif
