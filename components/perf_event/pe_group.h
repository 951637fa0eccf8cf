/* SPDX-License-Identifier: BSD-3-Clause */
/* What the files of perf_event's groups share (pe_open.c opens and places
 * them, pe_read.c reads them, pe_group.c starts, stops, accumulates and
 * resets them; the design: pe_group.c's opening comment): the layout of a
 * group's read() and its inlined read, which PAPI_read and the cycle both
 * take. Private to those three files. */
#ifndef PAPILLON_PE_GROUP_H
#define PAPILLON_PE_GROUP_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>
#include <unistd.h>

#include "papi.h"
#include "pe_component.h"
#include "pe_sys_read.h"

#define READ_HEADER_WORDS 3 /* nr, time_enabled, time_running */
#define READ_SINGLE_WORDS 3 /* value, time_enabled, time_running */

/* A group's size_case (subtract_baseline_case): count for groups of up to 8 events, else 0 (the
 * loop); a group keeps its own (struct pe_group), so that its jump needs no range check. */
static inline unsigned subtract_case(int count)
{
	return count >= 1 && count <= 8 ? (unsigned)count : 0;
}

/* One ioctl on the whole group (PERF_IOC_FLAG_GROUP); the reason on failure. */
int pe_group_ioctl(const struct pe_group *group, unsigned long request, const char *what);

/* The error of a read that did not return the whole group (got: what
 * pe_sys_read returned, bytes or -errno); out of line, so that the read
 * path stays short. */
__attribute__((noinline, cold)) int pe_group_read_error(long got);
/* The counts of a group the kernel descheduled for part of the interval:
 * PAPI_OK where they are whole anyway, else the error and its reason. */
__attribute__((noinline, cold)) int pe_group_descheduled(const struct pe_group *group);

/* One read() of the group into its buffer, whatever the times say (a start
 * or a reset, which begin a new interval); the system call made here, not
 * in libc (pe_sys_read.h says why). */
static inline __attribute__((always_inline)) int read_group_any(struct pe_group *group)
{
	long got = pe_sys_read(group->leader_fd, group->buffer, group->read_bytes);
	if (__builtin_expect(got != (long)group->read_bytes, 0))
		return pe_group_read_error(got);
	group->times_read = true;
	return PAPI_OK;
}

/* One read() of the group into its buffer, whose counts are whole: the
 * events ran all the time they were enabled in the interval. Inlined: it
 * is most of PAPI_read's work in user space. The kernel writes (3 + nr)
 * words, nr the group's events: the whole size read is also the right
 * count. */
static inline __attribute__((always_inline)) int read_group(struct pe_group *group)
{
	int status = read_group_any(group);
	if (__builtin_expect(status != PAPI_OK, 0))
		return status;
	if (__builtin_expect(group->buffer[1] - group->buffer[2] != group->idle_base, 0))
		return pe_group_descheduled(group);
	return PAPI_OK;
}

static inline const long long *group_raw(const struct pe_group *group)
{
	return (const long long *)&group->buffer[READ_HEADER_WORDS];
}

/* A group of a set counting a whole CPU: one read(), which also says
 * whether the CPU went offline. */
int pe_group_read_cpu(const struct pe_control *control, struct pe_group *group);
/* A group's raw counts (*raw), from user reads (user) and read();
 * *read_times: whether read() ran. */
int pe_group_counts(struct pe_control *control, struct pe_group *group, bool user,
                    const long long **raw, bool *read_times);
/* Independent mode: adds each event's delta since its last rebase to values
 * (add; values may be NULL) or stores it, and rebases. */
int pe_group_accumulate_independent(struct pe_control *control, long long *values, bool add,
                                    bool user);

#endif
