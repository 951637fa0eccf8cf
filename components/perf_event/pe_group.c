// SPDX-License-Identifier: BSD-3-Clause
/* Opening an event set's events as perf groups and counting them.
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
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "papi.h"
#include "util/error.h"
#include "pe_component.h"

#define READ_HEADER_WORDS 3 /* nr, time_enabled, time_running */
#define READ_SINGLE_WORDS 3 /* value, time_enabled, time_running */

/* A group's size_case (subtract_baseline_case): count for groups of up to 8 events, else 0 (the
 * loop); a group keeps its own (struct pe_group), so that its jump needs no range check. */
static inline unsigned subtract_case(int count)
{
	return count >= 1 && count <= 8 ? (unsigned)count : 0;
}

static void apply_domain(struct perf_event_attr *attr, const struct pe_encoding *encoding,
                         int domain)
{
	if (encoding->explicit_privilege)
		return;
	attr->exclude_user = !(domain & PAPI_DOM_USER);
	attr->exclude_kernel = !(domain & PAPI_DOM_KERNEL);
	attr->exclude_hv = !(domain & PAPI_DOM_SUPERVISOR);
}

/* A whole CPU (PAPI_CPU_ATTACH, PAPI_GRN_SYS) counts every task: pid -1. */
static pid_t target_pid(const struct counting_options *options)
{
	if (options->cpu >= 0 && options->tid == 0)
		return -1;
	return options->tid;
}

static int open_event(struct perf_event_attr *attr, const struct pe_encoding *encoding,
                      const struct counting_options *options, int group_fd)
{
	pid_t pid = target_pid(options);
	int fd = perf_event_open(attr, pid, options->cpu, group_fd, PERF_FLAG_FD_CLOEXEC);
	/* PMUs outside the CPU (msr, uncore) count everything and refuse the
	 * privilege filters; the domain cannot apply to them. */
	if (fd < 0 && errno == EINVAL && !encoding->core_pmu && !encoding->explicit_privilege &&
	    attr->type != PERF_TYPE_SOFTWARE &&
	    (attr->exclude_user || attr->exclude_kernel || attr->exclude_hv)) {
		attr->exclude_user = attr->exclude_kernel = attr->exclude_hv = 0;
		fd = perf_event_open(attr, pid, options->cpu, group_fd, PERF_FLAG_FD_CLOEXEC);
	}
	return fd;
}

static void close_fds(int *fds, int count)
{
	for (int i = count - 1; i >= 0; i--)
		if (fds[i] >= 0)
			close(fds[i]);
}

static void close_samplers(struct perf_sampler **samplers, int count)
{
	if (!samplers)
		return;
	for (int i = 0; i < count; i++)
		perf_sampler_close(samplers[i]);
	free(samplers);
}

void pe_control_close(struct pe_control *control)
{
	pe_exit_watch_close(&control->exit_watch);
	if (control->online_fd > 0)
		close(control->online_fd - 1);
	pe_user_state_free(&control->user, control->event_count);
	close_samplers(control->samplers, control->event_count);
	if (control->fds)
		close_fds(control->fds, control->event_count);
	free(control->fds);
	free(control->baseline);
	free(control->time_baseline);
	free(control->time_delta);
	free(control->groups);
	free(control->read_buffer);
	memset(control, 0, sizeof(*control));
}

struct open_state {
	int *fds;
	struct pe_group *groups;
	int group_count;
	uint32_t leader_type;
	bool independent;
	struct perf_sampler **samplers;
	struct pe_user_slot *slots;
	struct pe_user_open user_open;
};

/* What every event of the control reads, and how it counts. */
static void prepare_attr(struct perf_event_attr *attr, struct open_state *state, int i,
                         const struct component_event *event,
                         const struct counting_options *options)
{
	bool independent = state->independent;
	const struct pe_encoding *encoding = event->encoding;
	*attr = encoding->attr;
	attr->size = sizeof(*attr);
	attr->read_format = PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING;
	if (!independent)
		attr->read_format |= PERF_FORMAT_GROUP;
	attr->inherit = options->inherit ? 1 : 0;
	if (event->overflow_threshold > 0)
		perf_sampling_prepare(attr, event->overflow_threshold);
	apply_domain(attr, encoding, options->domain);
	pe_user_prepare_attr(attr, &state->user_open, i, event, options);
}

/* open_event, again without the 64-bit counter pe_user_prepare_attr asked
 * for when the kernel refuses it (pe_user.h: arm64's cycle counter). */
static int open_placed(struct open_state *state, int i, struct perf_event_attr *attr,
                       const struct pe_encoding *encoding, const struct counting_options *options,
                       int group_fd)
{
	int fd = open_event(attr, encoding, options, group_fd);
	if (fd < 0 && pe_user_relax_attr(attr, &state->user_open, i))
		fd = open_event(attr, encoding, options, group_fd);
	return fd;
}

/* Makes a freshly opened sampling event signal its owner thread. */
static int arm_sampler(struct open_state *state, int i, const struct component_event *event,
                       const struct counting_options *options)
{
	if (event->overflow_threshold <= 0)
		return PAPI_OK;
	return perf_sampler_open(&state->samplers[i], state->fds[i], i, options, event->name);
}

static void new_group(struct open_state *state, int i, int fd, const struct perf_event_attr *attr,
                      const struct component_event *event)
{
	struct pe_group *group = &state->groups[state->group_count++];
	memset(group, 0, sizeof(*group));
	group->leader_fd = fd;
	group->first = i;
	group->count = 1;
	group->software_only = attr->type == PERF_TYPE_SOFTWARE;
	group->parkable =
	    group->software_only && !state->independent && event->overflow_threshold <= 0;
	group->state = GROUP_FRESH;
	state->leader_type = attr->type;
	state->fds[i] = fd;
}

/* Enabling the groups schedules them at once only where they count the
 * calling thread (see check_schedulable). */
static bool can_check_schedule(const struct counting_options *options)
{
	return options->tid == 0 && options->cpu < 0;
}

/* Places event i: in the current group if the kernel accepts it there, else
 * as the leader of a new group. */
static int place_event(struct open_state *state, int i, const struct component_event *event,
                       const struct counting_options *options)
{
	const struct pe_encoding *encoding = event->encoding;
	struct perf_event_attr attr;
	prepare_attr(&attr, state, i, event, options);
	struct pe_group *current =
	    state->group_count ? &state->groups[state->group_count - 1] : NULL;
	if (state->independent)
		current = NULL;
	if (current) {
		attr.disabled = 0;
		int fd = open_placed(state, i, &attr, encoding, options, current->leader_fd);
		if (fd >= 0) {
			state->fds[i] = fd;
			pe_user_slot_open(&state->slots[i], fd, &attr, event, options);
			current->user_count += state->slots[i].page != NULL;
			current->count++;
			current->software_only &= attr.type == PERF_TYPE_SOFTWARE;
			current->parkable &=
			    attr.type == PERF_TYPE_SOFTWARE && event->overflow_threshold <= 0;
			return arm_sampler(state, i, event, options);
		}
		prepare_attr(&attr, state, i, event, options);
	}
	attr.disabled = 1;
	int fd = open_placed(state, i, &attr, encoding, options, -1);
	if (fd < 0)
		return pe_open_target_error(errno, encoding, event->name, options);
	if (current && encoding->core_pmu && attr.type == state->leader_type &&
	    !can_check_schedule(options)) {
		/* Alone it opens, with its own PMU's group it does not: most
		 * likely the group needs more counters than the PMU has. Where
		 * the groups count the calling thread, the event becomes a
		 * group of its own instead (POWER9 refuses some pairs in one
		 * group that count fine side by side), and check_schedulable
		 * finds out whether the groups fit together. */
		close(fd);
		return papi_error_set(PAPI_ECNFLCT,
		                      "%s does not fit with the %d events before it: the %s PMU "
		                      "has too few counters for them all at once (use fewer events "
		                      "or multiplexing)",
		                      event->name, current->count,
		                      encoding->pmu[0] ? encoding->pmu : "CPU");
	}
	new_group(state, i, fd, &attr, event);
	pe_user_slot_open(&state->slots[i], fd, &attr, event, options);
	state->groups[state->group_count - 1].user_count = state->slots[i].page != NULL;
	return arm_sampler(state, i, event, options);
}

/* Hardware groups the kernel accepted may still never get their counters:
 * arm64 does not count a disabled leader when it validates a group (so one
 * event too many passes), generic hardware events and the PMU's own events
 * have different perf types and so open as separate groups on the same
 * counters, and counters held by others (x86's NMI watchdog) are not seen at
 * all. Where the groups count this very thread, enabling them all schedules
 * them at once: a group with enabled time but no running time cannot count
 * with the others, which the kernel would time-slice without anyone scaling.
 * The event added last is refused then, as if the kernel had. Five system
 * calls per hardware group, at add time only (the last read takes the times
 * the first start counts from). */
static int group_ioctl(const struct pe_group *group, unsigned long request, const char *what);

static int check_schedulable(const struct open_state *state, uint64_t *buffer,
                             const struct component_event *events,
                             const struct counting_options *options)
{
	if (state->independent || !can_check_schedule(options))
		return PAPI_OK;
	int hardware = 0, largest = 0;
	for (int g = 0; g < state->group_count; g++) {
		if (!state->groups[g].software_only) {
			hardware++;
			if (state->groups[g].count > largest)
				largest = state->groups[g].count;
		}
	}
	/* A 64-bit cycles event alone may still find its one counter taken. */
	if (hardware == 0 || (hardware == 1 && largest < 2 && !state->user_open.long_added))
		return PAPI_OK;
	for (int g = 0; g < state->group_count; g++)
		if (!state->groups[g].software_only)
			group_ioctl(&state->groups[g], PERF_EVENT_IOC_ENABLE, "enable");
	bool unscheduled = false;
	for (int g = 0; g < state->group_count; g++) {
		const struct pe_group *group = &state->groups[g];
		if (group->software_only)
			continue;
		size_t wanted = sizeof(uint64_t) * (size_t)(READ_HEADER_WORDS + group->count);
		ssize_t got = read(group->leader_fd, buffer, wanted);
		unscheduled |= got == (ssize_t)wanted && buffer[1] > 0 && buffer[2] == 0;
	}
	for (int g = 0; g < state->group_count; g++) {
		struct pe_group *group = &state->groups[g];
		if (group->software_only)
			continue;
		group_ioctl(group, PERF_EVENT_IOC_DISABLE, "disable");
		/* A reset leaves the times: the first start counts from these. */
		size_t wanted = sizeof(uint64_t) * (size_t)(READ_HEADER_WORDS + group->count);
		if (read(group->leader_fd, buffer, wanted) == (ssize_t)wanted) {
			group->time_base[0] = buffer[1];
			group->time_base[1] = buffer[2];
		}
		group_ioctl(group, PERF_EVENT_IOC_RESET, "reset");
	}
	if (!unscheduled)
		return PAPI_OK;
	const struct pe_group *last_group = &state->groups[state->group_count - 1];
	const struct component_event *last = &events[last_group->first + last_group->count - 1];
	const struct pe_encoding *encoding = last->encoding;
	return papi_error_set(PAPI_ECNFLCT,
	                      "%s does not fit with the events before it: the %s PMU cannot "
	                      "schedule them all at once (too few free counters; use fewer events "
	                      "or multiplexing)",
	                      last->name, encoding->pmu[0] ? encoding->pmu : "CPU");
}

/* Inherit without multiplexing opens every event alone, so the kernel would
 * rotate hardware events that do not fit the counters together without
 * anyone scaling them. Opening them once as groups (without inherit, closed
 * at once) finds that out: PAPI_ECNFLCT, as for a plain set, and the caller
 * may multiplex instead. */
static int check_fit(const struct component_event *events, int count,
                     const struct counting_options *options)
{
	bool hardware = false;
	for (int i = 0; i < count; i++)
		hardware |= ((const struct pe_encoding *)events[i].encoding)->core_pmu;
	if (!hardware || count < 2)
		return PAPI_OK;
	struct component_event *plain = malloc(sizeof(*plain) * (size_t)count);
	if (!plain)
		return papi_error_set(PAPI_ENOMEM, "no memory to open %d events", count);
	for (int i = 0; i < count; i++) {
		plain[i] = events[i];
		plain[i].overflow_threshold = 0;
	}
	struct counting_options grouped = *options;
	grouped.inherit = 0;
	grouped.multiplex = 0;
	struct pe_control trial;
	memset(&trial, 0, sizeof(trial));
	int status = pe_control_open(&trial, plain, count, &grouped);
	pe_control_close(&trial);
	free(plain);
	return status == PAPI_ECNFLCT ? status : PAPI_OK;
}

/* Opens every event and checks that they can count together. */
static int place_events(struct open_state *state, uint64_t *buffer,
                        const struct component_event *events, int count,
                        const struct counting_options *options)
{
	int status = PAPI_OK;
	for (int i = 0; status == PAPI_OK && i < count; i++)
		status = place_event(state, i, &events[i], options);
	if (status == PAPI_OK)
		status = check_schedulable(state, buffer, events, options);
	return status;
}

/* Closes what place_events opened, for another try. */
static void unplace_events(struct open_state *state, int count)
{
	pe_user_slots_close(state->slots, count);
	memset(state->slots, 0, sizeof(struct pe_user_slot) * (size_t)count);
	for (int i = 0; i < count; i++) {
		perf_sampler_close(state->samplers[i]);
		state->samplers[i] = NULL;
	}
	close_fds(state->fds, count);
	for (int i = 0; i < count; i++)
		state->fds[i] = -1;
	state->group_count = 0;
}

int pe_control_open(struct pe_control *control, const struct component_event *events, int count,
                    const struct counting_options *options)
{
	size_t slots = (size_t)(count > 0 ? count : 1);
	bool independent = options->multiplex || options->inherit;
	if (options->inherit && !options->multiplex) {
		int fit = check_fit(events, count, options);
		if (fit != PAPI_OK)
			return fit;
	}
	struct open_state state = {
	    .fds = malloc(sizeof(int) * slots),
	    .groups = calloc(slots, sizeof(struct pe_group)),
	    .independent = independent,
	    .samplers = calloc(slots, sizeof(struct perf_sampler *)),
	    .slots = calloc(slots, sizeof(struct pe_user_slot)),
	};
	long long *baseline = calloc(slots, sizeof(long long));
	uint64_t *time_baseline = calloc(2 * slots, sizeof(uint64_t));
	uint64_t *time_delta = calloc(2 * slots, sizeof(uint64_t));
	/* Scratch while opening; then each group's buffer (a group holds at
	 * least one event: at most slots groups). */
	uint64_t *buffer = calloc(READ_HEADER_WORDS * slots + slots, sizeof(uint64_t));
	int status = PAPI_OK;
	if (!state.fds || !state.groups || !state.samplers || !state.slots || !baseline ||
	    !time_baseline || !time_delta || !buffer)
		status = papi_error_set(PAPI_ENOMEM, "no memory to open %d events", count);
	if (state.fds)
		for (int i = 0; i < count; i++)
			state.fds[i] = -1;
	if (status == PAPI_OK)
		status = place_events(&state, buffer, events, count, options);
	if (status == PAPI_ECNFLCT && pe_user_forgo_long(&state.user_open)) {
		/* The 64-bit cycles event can only have the cycle counter, and
		 * something else holds it: as 32 bits, it may take another. */
		unplace_events(&state, count);
		status = place_events(&state, buffer, events, count, options);
		if (status == PAPI_OK)
			papi_error_clear(); /* the conflict's reason no longer holds */
	}
	struct pe_user_state user;
	if (status == PAPI_OK && !pe_user_state_init(&user, state.slots, count, options)) {
		state.slots = NULL; /* freed with the user state */
		status = papi_error_set(PAPI_ENOMEM, "no memory to open %d events", count);
	}
	if (status != PAPI_OK) {
		pe_user_slots_close(state.slots, count);
		free(state.slots);
		close_samplers(state.samplers, count);
		if (state.fds)
			close_fds(state.fds, count);
		free(state.fds);
		free(state.groups);
		free(baseline);
		free(time_baseline);
		free(time_delta);
		free(buffer);
		return status;
	}
	pe_control_close(control);
	uint64_t *next_buffer = buffer;
	for (int g = 0; g < state.group_count; g++) {
		struct pe_group *group = &state.groups[g];
		group->read_bytes = sizeof(uint64_t) * (size_t)(READ_HEADER_WORDS + group->count);
		group->buffer = next_buffer;
		next_buffer += READ_HEADER_WORDS + group->count;
		group->baseline = &baseline[group->first];
		group->size_case = subtract_case(group->count);
		group->caller_scales = options->caller_scales != 0;
	}
	control->event_count = count;
	control->fds = state.fds;
	control->groups = state.groups;
	control->group_count = state.group_count;
	control->groups_end = state.groups + state.group_count;
	control->baseline = baseline;
	control->time_baseline = time_baseline;
	control->time_delta = time_delta;
	control->read_buffer = buffer;
	control->read_bytes = sizeof(uint64_t) * (READ_HEADER_WORDS * slots + slots);
	control->independent = independent;
	control->scaled = options->multiplex != 0;
	control->caller_scales = options->caller_scales != 0;
	control->samplers = state.samplers;
	control->user = user;
	control->special_read = independent || user.page_count > 0;
	/* A CPU's set reads on the special path, which watches for the CPU
	 * going offline (read_cpu_group; independent_cpu_there). */
	control->cpu_bound = options->cpu >= 0 && options->tid == 0;
	control->cpu = options->cpu;
	control->special_read |= control->cpu_bound;
	if (control->cpu_bound) {
		char path[96];
		snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/online", options->cpu);
		control->online_fd = open(path, O_RDONLY | O_CLOEXEC) + 1; /* 0: none */
	}
	control->one_plain_group = !control->special_read && state.group_count == 1;
	pe_exit_watch_open(&control->exit_watch, control->fds, control->samplers, count, options);
	return PAPI_OK;
}

static int group_ioctl(const struct pe_group *group, unsigned long request, const char *what)
{
	if (ioctl(group->leader_fd, request, PERF_IOC_FLAG_GROUP) < 0)
		return papi_error_set(papi_error_from_errno(errno), "perf %s ioctl failed: %s",
		                      what, strerror(errno));
	return PAPI_OK;
}

/* The error of a read() that did not return the whole group; out of line, so
 * that the read path stays short. */
static __attribute__((noinline, cold)) int read_error(ssize_t got)
{
	if (got < 0)
		return papi_error_set(papi_error_from_errno(errno),
		                      "reading the counters failed: %s", strerror(errno));
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
	                      "the kernel broke the counter group up (%zd bytes read, fewer "
	                      "events than opened; its CPU may have gone offline): the counts "
	                      "are incomplete",
	                      got);
}

/* Counts the group may not hand out: see struct pe_group's idle_base. */
static __attribute__((noinline, cold)) int group_descheduled(const struct pe_group *group)
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

/* One read() of the group into its buffer, whatever the times say (a start
 * or a reset, which begin a new interval). */
static inline __attribute__((always_inline)) int read_group_any(struct pe_group *group)
{
	ssize_t got = read(group->leader_fd, group->buffer, group->read_bytes);
	if (__builtin_expect(got != (ssize_t)group->read_bytes, 0))
		return read_error(got);
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
		return group_descheduled(group);
	return PAPI_OK;
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
static int read_cpu_group(const struct pe_control *control, struct pe_group *group)
{
	uint64_t enabled_before = group->buffer[1];
	ssize_t got = read(group->leader_fd, group->buffer, group->read_bytes);
	if (got > 0 && (got < (ssize_t)group->read_bytes || group->buffer[1] == enabled_before))
		return cpu_gone(control);
	/* The first read after the CPU left: a group of one event still reads
	 * whole, its time enabled up to the moment it left; the CPU's
	 * online file says it (after the read, so that the next one compares
	 * with the frozen time). */
	if (cpu_file_says_offline(control))
		return cpu_gone(control);
	if (got != (ssize_t)group->read_bytes)
		return read_error(got);
	group->times_read = true;
	if (group->buffer[1] - group->buffer[2] != group->idle_base)
		return group_descheduled(group);
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

static const long long *group_raw(const struct pe_group *group)
{
	return (const long long *)&group->buffer[READ_HEADER_WORDS];
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
	ssize_t got = read(control->fds[i], raw, sizeof(uint64_t) * READ_SINGLE_WORDS);
	if (got != (ssize_t)(sizeof(uint64_t) * READ_SINGLE_WORDS))
		return read_error(got);
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
static int accumulate_independent(struct pe_control *control, long long *values, bool add,
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
			status = group_ioctl(group, PERF_EVENT_IOC_ENABLE, "enable");
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
		int status = read_cpu_group(control, group);
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
static int group_counts(struct pe_control *control, struct pe_group *group, bool user,
                        const long long **raw, bool *read_times)
{
	*read_times = true;
	if (!user || group->user_count == 0) {
		*raw = group_raw(group);
		return control->cpu_bound ? read_cpu_group(control, group) : read_group(group);
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

int pe_control_stop(struct pe_control *control, long long *values)
{
	for (int g = 0; g < control->group_count; g++) {
		struct pe_group *group = &control->groups[g];
		if (!group->parkable) {
			int status = group_ioctl(group, PERF_EVENT_IOC_DISABLE, "disable");
			if (status != PAPI_OK)
				return status;
			group->state = GROUP_DISABLED;
		}
	}
	if (control->independent) {
		int status = accumulate_independent(control, values, false, false);
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
		    control->cpu_bound ? read_cpu_group(control, group) : read_group(group);
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
		return accumulate_independent(control, values, true, user);
	for (int g = 0; g < control->group_count; g++) {
		struct pe_group *group = &control->groups[g];
		const long long *raw;
		bool read_times;
		int status = group_counts(control, group, user, &raw, &read_times);
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
		int status =
		    accumulate_independent(control, NULL, false, pe_user_reads_now(&control->user));
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

int pe_try_open(const struct pe_encoding *encoding, int domain)
{
	struct perf_event_attr attr = encoding->attr;
	attr.size = sizeof(attr);
	attr.disabled = 1;
	apply_domain(&attr, encoding, domain);
	struct counting_options options = {.domain = domain, .cpu = -1};
	int fd = open_event(&attr, encoding, &options, -1);
	if (fd < 0)
		return pe_open_error(errno, encoding, NULL);
	close(fd);
	return PAPI_OK;
}

int pe_check_target(const struct counting_options *options)
{
	struct pe_encoding encoding;
	memset(&encoding, 0, sizeof(encoding));
	encoding.attr.type = PERF_TYPE_SOFTWARE;
	encoding.attr.config = PERF_COUNT_SW_TASK_CLOCK;
	snprintf(encoding.pmu, sizeof(encoding.pmu), "software");
	struct component_event event = {.name = "perf::TASK-CLOCK", .encoding = &encoding};
	struct perf_event_attr attr;
	struct open_state probe = {.independent = true};
	prepare_attr(&attr, &probe, 0, &event, options);
	attr.disabled = 1;
	int fd = open_event(&attr, &encoding, options, -1);
	if (fd < 0)
		return pe_open_target_error(errno, &encoding, event.name, options);
	close(fd);
	return PAPI_OK;
}
