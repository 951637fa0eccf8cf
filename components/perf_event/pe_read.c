// SPDX-License-Identifier: BSD-3-Clause
/* Reading an open control's counts: one read() of a group (checked for a
 * whole answer, a descheduled group, a CPU gone offline), the baseline
 * subtracted (vectorized, a jump on the group's size), independent mode's
 * events read alone and scaled, user-space reads from the perf pages, and
 * PAPI_read's paths (pe_control_read). The design: pe_group.c's opening
 * comment. */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "papi.h"
#include "util/error.h"
#include "pe_component.h"
#include "pe_group.h"

/* The error of a read that did not return the whole group (got: bytes or
 * -errno, pe_sys_read's convention); out of line, so that the read path
 * stays short. */
__attribute__((noinline, cold)) int pe_group_read_error(long got)
{
	if (got < 0)
		return papi_error_set(papi_error_from_errno((int)-got),
		                      "reading the counters failed: %s", strerror((int)-got));
	/* perf_read() answers 0 bytes for an event in the kernel's error
	 * state: a pinned group that could not get its counters. */
	if (got == 0)
		return papi_error_set(PAPI_ECNFLCT,
		                      "the kernel put the events in its error state (0 bytes "
		                      "read): a pinned group could not get its counters, which "
		                      "another user of the PMU holds; they count nothing more");
	/* Fewer events than opened: the group was broken up (its CPU went
	 * offline: the kernel detaches a dead CPU's groups). */
	return papi_error_set(PAPI_ECNFLCT,
	                      "the kernel broke the counter group up (%ld bytes read, fewer "
	                      "events than opened; its CPU may have gone offline): the counts "
	                      "are incomplete",
	                      got);
}

/* Counts the group may not hand out: see struct pe_group's idle_base. */
__attribute__((noinline, cold)) int pe_group_descheduled(const struct pe_group *group)
{
	/* A thread's hardware events on a CPU their PMU does not cover
	 * (pe_hetero.c) are not running there either: whole counts. The
	 * software multiplexer's slices are scaled by their caller. */
	if (group->caller_scales || (!group->software_only && pe_hetero_cpus()))
		return PAPI_OK;
	uint64_t enabled = group->buffer[1] - group->time_base[0];
	uint64_t running = group->buffer[2] - group->time_base[1];
	return papi_error_set(PAPI_ECNFLCT,
	                      "the kernel took the counters away for part of the time: the "
	                      "events counted %llu of the %llu ns they were enabled since the "
	                      "start, reset or accum (another user of the PMU holds them, with "
	                      "pinned or exclusive events), so the counts are short. "
	                      "PAPI_reset counts anew; a multiplexed set has such counts scaled",
	                      (unsigned long long)running, (unsigned long long)enabled);
}

/* A set counting a whole CPU whose CPU went offline: the kernel takes the
 * CPU's events off it and breaks their groups up, for good (Linux 6.1:
 * they stay off when the CPU comes back, an enable changes nothing). */
static __attribute__((noinline, cold)) int cpu_gone(const struct pe_control *control)
{
	char path[96], online[8] = "";
	snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/online", control->cpu);
	bool back = pe_sysfs_read_line(path, online, sizeof(online)) && online[0] == '1';
	return papi_error_set(PAPI_ECLOST,
	                      "CPU %d went offline while the event set counted it%s: the kernel "
	                      "stopped its events for good (the counts from before stay valid; "
	                      "add the events again, with PAPI_cleanup_eventset first, to count "
	                      "the CPU once it is online)",
	                      control->cpu, back ? " (it is online again)" : " (it still is)");
}

/* Whether the counted CPU's online file says 0 now (false without one). */
static bool cpu_file_says_offline(const struct pe_control *control)
{
	char online;
	return control->online_fd > 0 && pread(control->online_fd - 1, &online, 1, 0) == 1 &&
	       online == '0';
}

/* A CPU's group: one read(), whose answer also says whether the CPU went
 * offline (the group came back smaller, or its enabled time stood still:
 * a CPU's enabled events see their time run as long as it is online). On
 * the special path only (cpu_bound): plain reads pay nothing for it. */
int pe_group_read_cpu(const struct pe_control *control, struct pe_group *group)
{
	uint64_t enabled_before = group->buffer[1];
	long got = pe_sys_read(group->leader_fd, group->buffer, group->read_bytes);
	if (got > 0 && (got < (long)group->read_bytes || group->buffer[1] == enabled_before))
		return cpu_gone(control);
	/* The first read after the CPU left: a group of one event still reads
	 * whole, its time enabled up to the moment it left; the CPU's
	 * online file says it (after the read, so that the next one compares
	 * with the frozen time). */
	if (cpu_file_says_offline(control))
		return cpu_gone(control);
	if (got != (long)group->read_bytes)
		return pe_group_read_error(got);
	group->times_read = true;
	if (group->buffer[1] - group->buffer[2] != group->idle_base)
		return pe_group_descheduled(group);
	return PAPI_OK;
}

/* out[i] = raw[i] - baseline[i], two counters at a time (a GCC/clang vector:
 * SSE2 on x86-64), the only part of a read that grows with the group. The
 * scalar loop GCC makes at -O2 costs 6 instructions a counter. Groups of up
 * to 8 events take one jump on their size into straight-line code (a pair
 * costs 4 instructions and a jump, an odd last counter 3); larger ones a
 * loop of pairs. */
typedef long long count_pair __attribute__((vector_size(2 * sizeof(long long))));

static inline __attribute__((always_inline)) void
subtract_pair(long long *out, const long long *raw, const long long *baseline, int at)
{
	count_pair r, b;
	memcpy(&r, &raw[at], sizeof(r));
	memcpy(&b, &baseline[at], sizeof(b));
	r -= b;
	memcpy(&out[at], &r, sizeof(r));
}

/* Groups of more than 8 events: a loop of pairs. */
static __attribute__((noinline, cold)) void subtract_pairs(long long *out, const long long *raw,
                                                           const long long *baseline, int count)
{
	int i = 0;
	for (; i + 2 <= count; i += 2)
		subtract_pair(out, raw, baseline, i);
	if (i < count)
		out[i] = raw[i] - baseline[i];
}

static inline __attribute__((always_inline)) void
subtract_baseline_case(long long *out, const long long *raw, const long long *baseline,
                       unsigned size_case, int count)
{
	/* Each case does its highest counter or pair, then goes on with the
	 * pairs below it. */
	switch (size_case) {
	case 8:
		subtract_pair(out, raw, baseline, 6);
		goto pairs_below_6;
	case 7:
		out[6] = raw[6] - baseline[6];
		goto pairs_below_6;
	case 6:
	pairs_below_6:
		subtract_pair(out, raw, baseline, 4);
		goto pairs_below_4;
	case 5:
		out[4] = raw[4] - baseline[4];
		goto pairs_below_4;
	case 4:
	pairs_below_4:
		subtract_pair(out, raw, baseline, 2);
		goto pairs_below_2;
	case 3:
		out[2] = raw[2] - baseline[2];
		goto pairs_below_2;
	case 2:
	pairs_below_2:
		subtract_pair(out, raw, baseline, 0);
		return;
	case 1:
		out[0] = raw[0] - baseline[0];
		return;
	case 0:
		subtract_pairs(out, raw, baseline, count);
		return;
	default:
		__builtin_unreachable();
	}
}

static inline __attribute__((always_inline)) void
subtract_baseline(long long *out, const long long *raw, const long long *baseline, int count)
{
	subtract_baseline_case(out, raw, baseline, subtract_case(count), count);
}

/* count * enabled / running without overflowing the product; an event that
 * never ran in the interval reads 0. */
static long long scale_count(long long count, uint64_t enabled, uint64_t running)
{
	if (running == 0)
		return 0;
	if (running >= enabled || count == 0)
		return count;
	bool negative = count < 0;
	uint64_t magnitude = negative ? -(uint64_t)count : (uint64_t)count;
#ifdef __SIZEOF_INT128__
	unsigned __int128 scaled = (unsigned __int128)magnitude * enabled / running;
	uint64_t result = scaled > INT64_MAX ? (uint64_t)INT64_MAX : (uint64_t)scaled;
#else
	long double scaled = (long double)magnitude * (long double)enabled / (long double)running;
	uint64_t result = scaled > (long double)INT64_MAX ? (uint64_t)INT64_MAX : (uint64_t)scaled;
#endif
	return negative ? -(long long)result : (long long)result;
}

/* Independent mode: event i read alone, {value, enabled, running}. */
static int read_single(const struct pe_control *control, int i, uint64_t raw[READ_SINGLE_WORDS])
{
	long got = pe_sys_read(control->fds[i], raw, sizeof(uint64_t) * READ_SINGLE_WORDS);
	if (got != (long)(sizeof(uint64_t) * READ_SINGLE_WORDS))
		return pe_group_read_error(got);
	return PAPI_OK;
}

/* Event i alone: from its page when user reads apply now, else read(). */
static int read_single_event(const struct pe_control *control, int i, bool user,
                             uint64_t raw[READ_SINGLE_WORDS])
{
	if (user && pe_user_read_times(&control->user, i, raw))
		return PAPI_OK;
	return read_single(control, i, raw);
}

static long long single_delta(const struct pe_control *control, int i,
                              const uint64_t raw[READ_SINGLE_WORDS])
{
	long long count = (long long)raw[0] - control->baseline[i];
	if (!control->scaled)
		return count;
	return scale_count(count, raw[1] - control->time_baseline[2 * i],
	                   raw[2] - control->time_baseline[2 * i + 1]);
}

/* The times event i counted since its last rebase, for PAPI_event_times. */
static inline void single_note_times(struct pe_control *control, int i,
                                     const uint64_t raw[READ_SINGLE_WORDS])
{
	control->time_delta[2 * i] = raw[1] - control->time_baseline[2 * i];
	control->time_delta[2 * i + 1] = raw[2] - control->time_baseline[2 * i + 1];
}

static void single_rebase(struct pe_control *control, int i, const uint64_t raw[READ_SINGLE_WORDS])
{
	control->baseline[i] = (long long)raw[0];
	control->time_baseline[2 * i] = raw[1];
	control->time_baseline[2 * i + 1] = raw[2];
}

/* An event read alone that is not scaled (inherit without multiplexing)
 * and was off its counter for part of the interval: as group_descheduled. */
static int single_whole(const struct pe_control *control, int i,
                        const uint64_t raw[READ_SINGLE_WORDS])
{
	const uint64_t *base = &control->time_baseline[2 * i];
	if (control->scaled || control->caller_scales || raw[1] - raw[2] == base[0] - base[1] ||
	    pe_hetero_cpus())
		return PAPI_OK;
	return papi_error_set(PAPI_ECNFLCT,
	                      "the kernel took the counters away for part of the time: event "
	                      "%d counted %llu of the %llu ns it was enabled since the start, "
	                      "reset or accum (another user of the PMU holds them, with pinned "
	                      "or exclusive events), so the counts are short. PAPI_reset counts "
	                      "anew; a multiplexed set has such counts scaled",
	                      i, (unsigned long long)(raw[2] - base[1]),
	                      (unsigned long long)(raw[1] - base[0]));
}

/* A CPU's independent events (a multiplexed set counting a CPU), after
 * the read of the first one: once the CPU went offline its events are off
 * for good, so their enabled time stands still from one read to the next
 * (an event the kernel multiplexes out still sees it run), and at the
 * first read after, the CPU's online file says 0. */
static int independent_cpu_there(struct pe_control *control, const uint64_t raw[READ_SINGLE_WORDS])
{
	bool frozen = control->cpu_enabled_seen != 0 && raw[1] == control->cpu_enabled_seen;
	control->cpu_enabled_seen = raw[1];
	if (frozen || cpu_file_says_offline(control))
		return cpu_gone(control);
	return PAPI_OK;
}

static __attribute__((noinline)) int read_independent(struct pe_control *control, long long *values,
                                                      bool user)
{
	for (int i = 0; i < control->event_count; i++) {
		uint64_t raw[READ_SINGLE_WORDS];
		int status = read_single_event(control, i, user, raw);
		if (status == PAPI_OK && i == 0 && control->cpu_bound)
			status = independent_cpu_there(control, raw);
		if (status == PAPI_OK)
			status = single_whole(control, i, raw);
		if (status != PAPI_OK)
			return status;
		values[i] = single_delta(control, i, raw);
		single_note_times(control, i, raw);
	}
	return PAPI_OK;
}

/* Adds the deltas since the last rebase to values (which may be NULL) and
 * rebases: independent mode's accum, reset (values NULL) and stop (user
 * false: the disabled events are off their counters). */
int pe_group_accumulate_independent(struct pe_control *control, long long *values, bool add,
                                    bool user)
{
	for (int i = 0; i < control->event_count; i++) {
		uint64_t raw[READ_SINGLE_WORDS];
		int status = read_single_event(control, i, user, raw);
		if (status == PAPI_OK && values && i == 0 && control->cpu_bound)
			status = independent_cpu_there(control, raw);
		if (status == PAPI_OK && values)
			status = single_whole(control, i, raw);
		if (status != PAPI_OK)
			return status;
		if (values && add)
			values[i] += single_delta(control, i, raw);
		else if (values)
			values[i] = single_delta(control, i, raw);
		single_note_times(control, i, raw);
		single_rebase(control, i, raw);
	}
	return PAPI_OK;
}

/* The plain read: one read() per group. */
static inline __attribute__((always_inline)) int read_grouped(struct pe_control *control,
                                                              long long *values)
{
	/* A running control has at least one group: no test before the first. */
	struct pe_group *group = control->groups;
	do {
		int status = read_group(group);
		if (__builtin_expect(status != PAPI_OK, 0))
			return status;
		subtract_baseline(&values[group->first], group_raw(group),
		                  &control->baseline[group->first], group->count);
	} while (++group < control->groups_end);
	return PAPI_OK;
}

/* A set counting a CPU: read_grouped, each group checked for the CPU. */
static int read_cpu_groups(struct pe_control *control, long long *values)
{
	for (int g = 0; g < control->group_count; g++) {
		struct pe_group *group = &control->groups[g];
		int status = pe_group_read_cpu(control, group);
		if (status != PAPI_OK)
			return status;
		subtract_baseline(&values[group->first], group_raw(group),
		                  &control->baseline[group->first], group->count);
	}
	return PAPI_OK;
}

/* A group's raw counts (*raw): with user reads, from the pages of the events
 * whose page names a counter now, and from one read() of the group for the
 * others, if any; else all from the read(). *read_times: whether read() ran
 * (and so the group's times are new). */
int pe_group_counts(struct pe_control *control, struct pe_group *group, bool user,
                    const long long **raw, bool *read_times)
{
	*read_times = true;
	if (!user || group->user_count == 0) {
		*raw = group_raw(group);
		return control->cpu_bound ? pe_group_read_cpu(control, group) : read_group(group);
	}
	long long *counts = &control->user.raw[group->first];
	bool *done = &control->user.done[group->first];
	*raw = counts;
	if (pe_user_read_counts(&control->user, group->first, group->count, counts, done) == 0) {
		*read_times = false;
		return PAPI_OK;
	}
	int status = read_group(group);
	if (status != PAPI_OK)
		return status;
	const long long *kernel = group_raw(group);
	for (int i = 0; i < group->count; i++)
		if (!done[i])
			counts[i] = kernel[i];
	return PAPI_OK;
}

/* Straight into values: the events whose page names a counter now, then
 * one read() of the group for the others, if any. */
static int read_grouped_user(struct pe_control *control, long long *values)
{
	struct pe_group *group = control->groups;
	const struct pe_group *end = group + control->group_count;
	for (; group < end; group++) {
		long long *out = &values[group->first];
		const long long *baseline = &control->baseline[group->first];
		bool *done = &control->user.done[group->first];
		if (group->user_count > 0 &&
		    pe_user_read_deltas(&control->user, group->first, group->count, baseline, out,
		                        done) == 0)
			continue;
		int status = read_group(group);
		if (__builtin_expect(status != PAPI_OK, 0))
			return status;
		const long long *raw = group_raw(group);
		for (int i = 0; i < group->count; i++)
			if (group->user_count == 0 || !done[i])
				out[i] = raw[i] - baseline[i];
	}
	return PAPI_OK;
}

/* Independent mode, a control with perf pages, or several groups. */
static __attribute__((noinline)) int read_special(struct pe_control *control, long long *values)
{
	bool user = pe_user_reads_now(&control->user);
	if (control->independent)
		return read_independent(control, values, user);
	if (user)
		return read_grouped_user(control, values);
	if (control->cpu_bound)
		return read_cpu_groups(control, values);
	return read_grouped(control, values);
}

/* PAPI_read's usual case: one group, read() straight into its buffer, the
 * baseline subtracted into values. */
static __attribute__((noinline)) int read_one_group(struct pe_group *group, long long *values)
{
	int status = read_group(group);
	if (__builtin_expect(status != PAPI_OK, 0))
		return status;
	subtract_baseline_case(values, group_raw(group), group->baseline, group->size_case,
	                       group->count);
	return PAPI_OK;
}

/* Two jumps: the plain single group's path saves no more registers than it
 * needs (the group and values, across the read()). */
int pe_control_read(struct pe_control *control, long long *values)
{
	if (__builtin_expect(control->one_plain_group, 1))
		return read_one_group(control->groups, values);
	return read_special(control, values);
}
