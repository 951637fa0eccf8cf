// SPDX-License-Identifier: BSD-3-Clause
/* Counting an event set's events as perf groups: start, stop, accum,
 * reset and the times of PAPI_event_times (the opening and placement are
 * pe_open.c, the reads and the baseline subtraction pe_read.c).
 *
 * Syscall budget, whatever the number of events in a group: start is one
 * ioctl, read and accum one read() of PERF_FORMAT_GROUP, reset one ioctl.
 * Stop is one read() for groups of software events, which are left enabled
 * ("parked": they hold no hardware counter, and the next start resets them),
 * and an ioctl plus a read() for groups holding hardware counters, which must
 * be freed for other event sets. Values are raw counts minus a baseline, so a
 * restart after a disable needs no reset.
 *
 * Groups that sample (overflow), inherit or are multiplexed are never parked:
 * a parked sampling event would keep signalling, a parked inherited one keep
 * counting children, and a multiplexed one keep its time running.
 *
 * Independent mode (kernel multiplexing, inherit): every event is its own
 * group, read alone as {value, time_enabled, time_running}. Multiplexed
 * values are scaled by the enabled/running times since the last start,
 * reset or accum; an event that never ran in that interval reads 0.
 *
 * User-space reads (pe_user.h): events on CPU counters that count the
 * calling thread get their perf page mapped at open. A read of a control
 * with pages goes off the plain path (special_read): by the counted thread,
 * with the set's mode not PAPI_USER_READ_OFF, each such event whose page
 * names a counter now is read in user space, and only the group's other
 * events (software events, an event off its counter now) cost one read() of
 * the group; multiplexed events need the page's time scale, or are read
 * alone with read(). The counts are read()'s, so baselines and scaling are
 * shared. On arm64 the set's first cycles event asks for the 64-bit cycle
 * counter; where the kernel cannot give it, the set opens again without
 * (pe_user.h, struct pe_user_open). Stop and reset stay system calls: a stop must freeze the
 * counters first, a reset is a read() anyway (see pe_control_reset).
 *
 * Times (PAPI_event_times): every read() of a group or of an event alone
 * returns the kernel's enabled and running times with the counts; the read
 * keeps how far they are past the times at the last start, reset or accum
 * (two subtractions, no system call). A group read entirely in user space
 * keeps the times of its last read(); PAPI_stop always has fresh ones. */
#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "papi.h"
#include "util/error.h"
#include "pe_component.h"
#include "pe_group.h"

int pe_group_ioctl(const struct pe_group *group, unsigned long request, const char *what)
{
	if (ioctl(group->leader_fd, request, PERF_IOC_FLAG_GROUP) < 0)
		return papi_error_set(papi_error_from_errno(errno), "perf %s ioctl failed: %s",
		                      what, strerror(errno));
	return PAPI_OK;
}

/* The group's enabled and running times over the current interval (see
 * struct pe_group). */
static void group_interval(const struct pe_group *group, uint64_t times[2])
{
	if (!group->times_read) {
		times[0] = group->time_held[0];
		times[1] = group->time_held[1];
		return;
	}
	times[0] = group->buffer[1] - group->time_base[0];
	times[1] = group->buffer[2] - group->time_base[1];
}

/* A new interval starts at the group's last read(); the one that ends stays
 * what PAPI_event_times reports until the next read() (after an accum), or
 * is forgotten (report_ended false: start and reset, nothing counted yet). */
static void group_new_interval(struct pe_group *group, bool report_ended)
{
	uint64_t ended[2] = {0, 0};
	if (report_ended)
		group_interval(group, ended);
	if (group->times_read) {
		group->time_base[0] = group->buffer[1];
		group->time_base[1] = group->buffer[2];
	}
	group->idle_base = group->time_base[0] - group->time_base[1];
	group->time_held[0] = ended[0];
	group->time_held[1] = ended[1];
	group->times_read = false;
}

int pe_control_start(struct pe_control *control)
{
	int exited = pe_exit_watch_check(&control->exit_watch);
	if (exited != PAPI_OK)
		return exited;
	for (int g = 0; g < control->group_count; g++) {
		struct pe_group *group = &control->groups[g];
		int status;
		if (group->state == GROUP_ENABLED) {
			/* Parked since its stop: restart from its counts and times
			 * now (a read(), not a reset ioctl, which keeps the times). */
			status = read_group_any(group);
			if (status == PAPI_OK)
				memcpy(&control->baseline[group->first], group_raw(group),
				       sizeof(long long) * (size_t)group->count);
		} else {
			/* Fresh (zero) or disabled at its stop, where the baseline
			 * was taken from the frozen counts, and the times stand
			 * where its last read() found them. */
			status = pe_group_ioctl(group, PERF_EVENT_IOC_ENABLE, "enable");
		}
		if (status != PAPI_OK)
			return status;
		group_new_interval(group, false);
		group->state = GROUP_ENABLED;
	}
	/* Only the counted thread sees its counters on its CPU. */
	if (control->user.page_count)
		control->user.reader = pthread_self();
	if (control->independent) /* nothing counted in this interval yet */
		memset(control->time_delta, 0, 2 * sizeof(uint64_t) * (size_t)control->event_count);
	control->cpu_enabled_seen = 0; /* the enable moved the times on */
	control->running = true;
	control->started = true;
	return PAPI_OK;
}

int pe_control_stop(struct pe_control *control, long long *values)
{
	for (int g = 0; g < control->group_count; g++) {
		struct pe_group *group = &control->groups[g];
		if (!group->parkable) {
			int status = pe_group_ioctl(group, PERF_EVENT_IOC_DISABLE, "disable");
			if (status != PAPI_OK)
				return status;
			group->state = GROUP_DISABLED;
		}
	}
	if (control->independent) {
		int status = pe_group_accumulate_independent(control, values, false, false);
		if (status == PAPI_OK)
			control->running = false;
		return status;
	}
	/* Every group is stopped even when one's counts are not whole or
	 * cannot be read (the last such error is returned, with its reason):
	 * the set must be able to stop. */
	int fault = PAPI_OK;
	for (int g = 0; g < control->group_count; g++) {
		struct pe_group *group = &control->groups[g];
		group->times_read = false; /* set again by a read() of the whole group */
		int status =
		    control->cpu_bound ? pe_group_read_cpu(control, group) : read_group(group);
		if (status != PAPI_OK)
			fault = status; /* the last one: its reason is the thread's */
		if (!group->times_read)
			continue; /* nothing was read */
		const long long *raw = group_raw(group);
		long long *baseline = &control->baseline[group->first];
		for (int i = 0; i < group->count; i++) {
			if (values)
				values[group->first + i] = raw[i] - baseline[i];
			if (group->state == GROUP_DISABLED)
				baseline[i] = raw[i];
		}
	}
	control->running = false;
	return fault;
}

int pe_control_accum(struct pe_control *control, long long *values)
{
	bool user = pe_user_reads_now(&control->user);
	if (control->independent)
		return pe_group_accumulate_independent(control, values, true, user);
	for (int g = 0; g < control->group_count; g++) {
		struct pe_group *group = &control->groups[g];
		const long long *raw;
		bool read_times;
		int status = pe_group_counts(control, group, user, &raw, &read_times);
		if (status != PAPI_OK)
			return status;
		long long *baseline = &control->baseline[group->first];
		for (int i = 0; i < group->count; i++) {
			values[group->first + i] += raw[i] - baseline[i];
			baseline[i] = raw[i];
		}
		if (read_times) /* this accum's interval is the one to report */
			group_new_interval(group, true);
	}
	return PAPI_OK;
}

int pe_control_reset(struct pe_control *control)
{
	/* Independent mode rebases instead: a reset ioctl would leave the
	 * times running, and inherited children's counts are not reset. */
	if (control->independent) {
		int status = pe_group_accumulate_independent(control, NULL, false,
		                                             pe_user_reads_now(&control->user));
		if (status == PAPI_OK) /* the next interval has counted nothing yet */
			memset(control->time_delta, 0,
			       2 * sizeof(uint64_t) * (size_t)control->event_count);
		return status;
	}
	/* Every group rebases on its counts and times, one read() each: a
	 * reset ioctl would leave the times running, and it rewrites the perf
	 * page from a counter state that user reads cannot sign-extend (Linux
	 * 6.1 on arm64: reads after it were 2^32 short). */
	for (int g = 0; g < control->group_count; g++) {
		struct pe_group *group = &control->groups[g];
		/* Whole or not, the counts so far are dropped. */
		int status = read_group_any(group);
		if (status != PAPI_OK)
			return status;
		const long long *raw = group_raw(group);
		memcpy(&control->baseline[group->first], raw,
		       sizeof(long long) * (size_t)group->count);
		group_new_interval(group, false);
	}
	return PAPI_OK;
}

int pe_control_times(const struct pe_control *control, int index, long long *enabled_ns,
                     long long *running_ns)
{
	if (index < 0 || index >= control->event_count)
		return papi_error_set(PAPI_EINVAL, "the control has no event %d", index);
	if (!control->started)
		return papi_error_set(PAPI_ENOTRUN, "the events have not counted since they were "
		                                    "opened: start the event set first");
	uint64_t group_times[2];
	const uint64_t *times = NULL;
	if (control->independent) {
		times = &control->time_delta[2 * index];
	} else {
		for (int g = 0; g < control->group_count && !times; g++) {
			const struct pe_group *group = &control->groups[g];
			if (index >= group->first && index < group->first + group->count) {
				group_interval(group, group_times);
				times = group_times;
			}
		}
	}
	if (!times)
		return papi_error_set(PAPI_EBUG, "event %d is in no group", index);
	*enabled_ns = (long long)times[0];
	*running_ns = (long long)times[1];
	return PAPI_OK;
}
