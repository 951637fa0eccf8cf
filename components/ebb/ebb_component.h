// SPDX-License-Identifier: BSD-3-Clause
/* The ebb component's shared state: the active PMU's table, a control (one
 * event set's EBB group) and the per-thread record the EBB dispatcher
 * works on. */
#ifndef PAPILLON_EBB_COMPONENT_H
#define PAPILLON_EBB_COMPONENT_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include "component.h"
#include "ebb_account.h"
#include "ebb_events.h"
#include "ebb_group.h"

#define EBB_NAME_PREFIX "ebb::"

struct ebb_control {
	int count;
	const struct ebb_event *events[EBB_PMC_COUNT];
	struct ebb_group_plan plan;
	int fds[EBB_PMC_COUNT]; /* perf descriptors, the leader first; -1: none */
	struct ebb_pmc_account accounts[EBB_PMC_COUNT];
	pid_t owner; /* the thread whose PMU holds the group */
	bool running;
	void (*overflow_fire)(void *cookie, int index, void *address, void *context);
	void *overflow_cookie;
};

/* What the dispatcher needs, per thread: the control on this thread's PMU
 * (one at most: EBB events are pinned and exclusive), and counters of what
 * the handler did. sequence is odd while the dispatcher updates the
 * accounts, so that a read that raced with it retries. */
struct ebb_thread {
	struct ebb_control *active;
	uint64_t handler_entries;
	uint64_t stray_alerts; /* alerts with no control on the PMU */
	volatile unsigned sequence;
};

/* initial-exec: the dispatcher runs at any instruction of the thread, and
 * must reach this without calling into the dynamic linker. */
extern __thread struct ebb_thread ebb_thread_state __attribute__((tls_model("initial-exec")));

/* The PMU the component drives here (NULL: disabled). */
extern const struct ebb_pmu_table *ebb_active_table;

/* Names (ebb_names.c). */
int ebb_enum_events(uint64_t *cursor, int modifier, char *name, size_t name_len);
int ebb_resolve_name(const char *name, struct component_resolution *out);
void ebb_release_encoding(void *encoding);
int ebb_event_info(const char *name, uint64_t cursor, const void *encoding,
                   PAPI_event_info_t *info);
int ebb_check_event(const void *encoding);

/* Counting (ebb_counting.c). */
int ebb_control_init(void *control);
void ebb_control_cleanup(void *control);
int ebb_control_update(void *control, const struct component_event *events, int count,
                       const struct counting_options *options);
int ebb_start(void *control);
int ebb_stop(void *control, long long *values);
int ebb_read(void *control, long long *values);
int ebb_accum(void *control, long long *values);
int ebb_reset(void *control);
int ebb_check_target(const struct counting_options *options);
void ebb_forget_after_fork(void);

#endif
