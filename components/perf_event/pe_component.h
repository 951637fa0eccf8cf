// SPDX-License-Identifier: BSD-3-Clause
/* perf_event component: shared types. Uses libpfm4's copy of the perf ABI
 * (including <linux/perf_event.h> too would redefine every enum). */
#ifndef PAPILLON_PE_COMPONENT_H
#define PAPILLON_PE_COMPONENT_H

#include <perfmon/pfmlib_perf_event.h>
#include <stdbool.h>
#include <stdint.h>

#include "component.h"
#include "services/perf_sampling.h"
#include "pe_user.h"

/* A resolved event: what perf_event_open needs, before domain is applied. */
struct pe_encoding {
	struct perf_event_attr attr;
	bool explicit_privilege; /* the name carried :u/:k/... modifiers */
	bool core_pmu;           /* counts on a hardware PMU counter */
	char pmu[64];            /* the PMU name, for messages */
};

/* Where an event set's events live: groups of consecutive events. What
 * PAPI_read touches comes first, up to idle_base: one cache line (the
 * first group starts a line of the control's read block, pe_open.c). */
struct pe_group {
	int leader_fd;
	int count;
	unsigned size_case; /* count if 1..8, else 0: the subtraction's jump */
	/* PAPI_event_times: whether a read() came since the last start, reset
	 * or accum (time_base below). A read() only sets it. */
	bool times_read;
	size_t read_bytes; /* what one read() of the group returns */
	/* The group's last read(): nr, time_enabled, time_running, then the
	 * counts (a part of the control's read block of its own, so that the
	 * times stay there until the group's next read()). */
	uint64_t *buffer;
	long long *baseline; /* the control's baseline of the group's first event */
	/* time_base's enabled less running: time the group was enabled but
	 * off its counters before the interval. A read() finding more means
	 * the kernel took the counters away for part of the interval (pinned
	 * or exclusive events of another user): the counts are short. */
	uint64_t idle_base;
	int first;          /* index of the group's first event */
	bool software_only; /* no hardware counter */
	bool parkable;      /* may stay enabled when stopped (see pe_group.c) */
	int user_count;     /* events with a perf page (user-space reads) */
	enum { GROUP_FRESH, GROUP_ENABLED, GROUP_DISABLED } state;
	/* PAPI_event_times: the kernel's times at the last start, reset or
	 * accum; after a read() (times_read) the interval is buffer's times
	 * less these; if none came, the interval to report (an accum's, or 0
	 * after a start or reset). */
	uint64_t time_base[2];
	uint64_t time_held[2];
	/* counting_options.caller_scales: such short counts are no error. */
	bool caller_scales;
};

/* An attached control's view of its task's exit (pe_exit_watch.c). */
struct pe_exit_watch {
	bool armed;          /* all zero (a closed control): no watch */
	int fd;              /* polled for POLLHUP while armed */
	pid_t tid;           /* the task, for the reason */
	void *page;          /* the page mapped to give fd a ring buffer, or NULL */
	unsigned generation; /* fork_generation at the mapping */
	int map_errno;       /* why the page could not be mapped */
};

struct pe_control {
	int event_count;
	int *fds;
	long long *baseline; /* raw value at the last start/reset/accum */
	int group_count;
	struct pe_group *groups;
	struct pe_group *groups_end; /* groups + group_count */
	uint64_t *read_buffer;       /* the groups' buffers, one after the other */
	size_t read_bytes;
	bool running;
	/* One fd per event, each read alone (no PERF_FORMAT_GROUP): kernel
	 * multiplexing, where each event is scheduled on its own, and inherit. */
	bool independent;
	bool scaled;                    /* multiplexing: scale by enabled/running */
	bool caller_scales;             /* counting_options.caller_scales */
	uint64_t *time_baseline;        /* independent: enabled, running per event */
	uint64_t *time_delta;           /* independent: the last read's times past them */
	bool started;                   /* started since opened: times mean something */
	struct perf_sampler **samplers; /* per event, NULL unless it overflows */
	/* Not the plain grouped read(): independent, or some event has a
	 * perf page to read it in user space (pe_user.h). */
	bool special_read;
	/* Counting a whole CPU: reads watch for it going offline. */
	bool cpu_bound;
	int cpu;
	int online_fd; /* its /sys/.../cpuN/online, plus one (0: none) */
	/* Independent and counting a CPU: the first event's enabled time at
	 * the last read (0: none since the start). */
	uint64_t cpu_enabled_seen;
	/* The plain read of one group, PAPI_read's usual case: its own path. */
	bool one_plain_group;
	struct pe_user_state user;
	struct pe_exit_watch exit_watch;
};

/* Names (pe_names_pfm.c for libpfm4's PMUs, pe_names_sysfs.c for the rest). */
int pe_pfm_init(char *reason, size_t reason_len);
void pe_pfm_shutdown(void);
int pe_pfm_enum(uint64_t *cursor, int modifier, char *name, size_t name_len);
/* PAPI_OK, or a failure; *listed says the name is one pe_pfm_enum lists
 * (it cannot be encoded as written: see pe_pfm_unencodable). */
int pe_pfm_resolve(const char *name, struct pe_encoding *encoding, uint64_t *cursor, bool *listed);
/* Why libpfm4 could not encode name (its status pfm_status): PAPI_EATTR when
 * the name is a listed event that lacks a unit mask or setting, PAPI_ECMP
 * when it is listed on a PMU perf_event cannot take here (*event: its
 * libpfm4 index), PAPI_ENOEVNT when it is no listed event at all. Each
 * with its reason (pe_names_pfm_unencodable.c). */
int pe_pfm_unencodable(const char *name, int pfm_status, int *event);
bool pe_pfm_pmu_info(int pmu, pfm_pmu_info_t *info);
bool pe_pfm_event_info(int event, pfm_event_info_t *info);
bool pe_pfm_attribute_info(int event, int attribute, pfm_event_attr_info_t *info);
int pe_pfm_info(uint64_t cursor, PAPI_event_info_t *info);
int pe_pfm_core_counters(void);
void pe_pfm_core_pmu_names(char *names, size_t names_len);

#define PE_SYSFS_CURSOR_FLAG (1ull << 63)
/* The sysfs PMUs' tables are read on first use by any of these. */
void pe_sysfs_shutdown(void);
int pe_sysfs_enum(uint64_t *cursor, int modifier, char *name, size_t name_len);
int pe_sysfs_resolve(const char *name, struct pe_encoding *encoding, uint64_t *cursor);
int pe_sysfs_info(uint64_t cursor, PAPI_event_info_t *info);
int pe_sysfs_event_count(void);
/* The kernel's sysfs PMUs that list events, comma separated ("" if none). */
void pe_sysfs_pmu_names(char *names, size_t names_len);
/* The first line of a small sysfs file, without its newline; false if the
 * file cannot be read or is empty. */
bool pe_sysfs_read_line(const char *path, char *line, size_t line_len);

/* Whether some core PMU covers only some of the CPUs (pe_hetero.c);
 * pe_hetero_detect at init finds out where a core PMU counts; pe_hetero_scan looks at a tree of
 * PMUs laid out as sysfs has them, and a file of the CPUs present. */
void pe_hetero_detect(void);
bool pe_hetero_scan(const char *pmu_root, const char *present_file);
bool pe_hetero_cpus(void);

/* True when the kernel exposes a PMU with hardware counters. */
bool pe_core_pmu_present(void);
/* PAPI 7.2's partially disabled component (pe_partial.c): true when no
 * hardware PMU is exposed, with the reason (what cannot count, what
 * still does: with name_kernel_pmus, the sysfs PMUs by name, which reads
 * them); false, reason empty, when every part works. */
bool pe_partially_disabled(char *reason, size_t reason_len, bool name_kernel_pmus);
int pe_paranoid_level(void);
/* Maps a failed perf_event_open to a PAPI error with a reason. */
int pe_open_error(int error_number, const struct pe_encoding *encoding, const char *name);

/* Groups. */
int pe_control_open(struct pe_control *control, const struct component_event *events, int count,
                    const struct counting_options *options);
void pe_control_close(struct pe_control *control);
int pe_control_start(struct pe_control *control);
int pe_control_stop(struct pe_control *control, long long *values);
int pe_control_read(struct pe_control *control, long long *values);
int pe_control_accum(struct pe_control *control, long long *values);
int pe_control_reset(struct pe_control *control);
/* Event index's enabled and running ns over the last read's interval. */
int pe_control_times(const struct pe_control *control, int index, long long *enabled_ns,
                     long long *running_ns);
/* Opens the event alone, then closes it: can it count here? */
int pe_try_open(const struct pe_encoding *encoding, int domain);
/* A failed perf_event_open for another task or a CPU, or with inherit:
 * says which of those the kernel refused, else as pe_open_error. */
int pe_open_target_error(int error_number, const struct pe_encoding *encoding, const char *name,
                         const struct counting_options *options);

/* Opens a software clock with these options' target: can this process count
 * that task or CPU (ops->check_target)? */
int pe_check_target(const struct counting_options *options);

/* The attached task's exit (pe_exit_watch.c): open after the events are
 * (does nothing unless options name another task), checked by start. */
void pe_exit_watch_open(struct pe_exit_watch *watch, const int *fds,
                        struct perf_sampler *const *samplers, int count,
                        const struct counting_options *options);
void pe_exit_watch_close(struct pe_exit_watch *watch);
bool pe_exit_watch_exited(const struct pe_exit_watch *watch);
/* PAPI_OK, or PAPI_EINVAL with the reason when the task has exited. */
int pe_exit_watch_check(const struct pe_exit_watch *watch);

#endif
