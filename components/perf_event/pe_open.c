// SPDX-License-Identifier: BSD-3-Clause
/* Opening an event set's events as perf groups: the attributes, the
 * placement of each event in a group the kernel accepts and can schedule
 * (else a group of its own, or independent mode), the perf pages for user
 * reads, and closing them. The counting of the groups once open is
 * pe_read.c and pe_group.c (whose opening comment is the design). */
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
#include "pe_group.h"

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
	free(control->time_baseline);
	free(control->time_delta);
	free(control->groups); /* the read block: also the buffers and the baseline */
	memset(control, 0, sizeof(*control));
}

/* What a read touches after its system call, in one zeroed allocation: the
 * groups (each starting with its hot fields), the groups' read buffers
 * (nr, the two times and the counts: at most 4 words a slot, a group
 * holding at least one event), the baseline. The kernel's work on a read
 * evicts the TLB entries and lines a read then needs again, each page
 * about 10 ns more (bench/return_cost): aligned to a power of two at least
 * its size, a block of up to a page lies on one page, and a group of one
 * event finds its buffer and baseline on one line. */
struct read_block {
	struct pe_group *groups;
	uint64_t *buffer;
	long long *baseline;
};

#define CACHE_LINE 64
#define PAGE       4096

/* Leaves block all NULL when there is no memory. */
static void read_block_alloc(struct read_block *block, size_t slots)
{
	size_t groups_bytes = slots * sizeof(struct pe_group);
	groups_bytes = (groups_bytes + CACHE_LINE - 1) / CACHE_LINE * CACHE_LINE;
	size_t buffer_bytes = sizeof(uint64_t) * (READ_HEADER_WORDS * slots + slots);
	size_t bytes = groups_bytes + buffer_bytes + sizeof(long long) * slots;
	size_t align = CACHE_LINE;
	while (align < bytes && align < PAGE)
		align *= 2;
	bytes = (bytes + align - 1) / align * align; /* aligned_alloc's rule */
	char *memory = aligned_alloc(align, bytes);
	if (!memory)
		return;
	memset(memory, 0, bytes);
	block->groups = (struct pe_group *)memory;
	block->buffer = (uint64_t *)(memory + groups_bytes);
	block->baseline = (long long *)(memory + groups_bytes + buffer_bytes);
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
			pe_group_ioctl(&state->groups[g], PERF_EVENT_IOC_ENABLE, "enable");
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
		pe_group_ioctl(group, PERF_EVENT_IOC_DISABLE, "disable");
		/* A reset leaves the times: the first start counts from these. */
		size_t wanted = sizeof(uint64_t) * (size_t)(READ_HEADER_WORDS + group->count);
		if (read(group->leader_fd, buffer, wanted) == (ssize_t)wanted) {
			group->time_base[0] = buffer[1];
			group->time_base[1] = buffer[2];
		}
		pe_group_ioctl(group, PERF_EVENT_IOC_RESET, "reset");
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
	struct read_block block = {0};
	read_block_alloc(&block, slots);
	struct open_state state = {
	    .fds = malloc(sizeof(int) * slots),
	    .groups = block.groups,
	    .independent = independent,
	    .samplers = calloc(slots, sizeof(struct perf_sampler *)),
	    .slots = calloc(slots, sizeof(struct pe_user_slot)),
	};
	long long *baseline = block.baseline;
	uint64_t *time_baseline = calloc(2 * slots, sizeof(uint64_t));
	uint64_t *time_delta = calloc(2 * slots, sizeof(uint64_t));
	/* Scratch while opening; then each group's buffer. */
	uint64_t *buffer = block.buffer;
	int status = PAPI_OK;
	if (!state.fds || !block.groups || !state.samplers || !state.slots || !time_baseline ||
	    !time_delta)
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
		free(block.groups);
		free(time_baseline);
		free(time_delta);
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
