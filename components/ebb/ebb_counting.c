// SPDX-License-Identifier: BSD-3-Clause
/* Counting with EBB groups: opening them as the kernel's EBB contract
 * wants (ebb_attr.h), the group on the calling thread's PMU, and counts
 * read from the PMCs in user space plus what the EBB dispatcher folded in.
 *
 * Start and stop freeze and unfreeze the PMCs through MMCR0 (no system
 * call); reads are mfspr (no system call); the kernel is asked only to
 * open, enable and close. Every control counts the thread that built it;
 * at most one control per thread holds the PMU (EBB events are pinned and
 * exclusive), which is also why multiplexing is refused. */
#include <errno.h>
#include <pthread.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "papi.h"
#include "util/error.h"
#include "ebb_attr.h"
#include "ebb_component.h"
#include "ebb_hw.h"

__thread struct ebb_thread ebb_thread_state __attribute__((tls_model("initial-exec")));

static pid_t this_thread(void)
{
	return (pid_t)syscall(SYS_gettid);
}

static void close_fds(int *fds, int count)
{
	for (int i = count - 1; i >= 0; i--) {
		if (fds[i] >= 0)
			close(fds[i]);
		fds[i] = -1;
	}
}

int ebb_control_init(void *control)
{
	struct ebb_control *ebb = control;
	memset(ebb, 0, sizeof(*ebb));
	for (int i = 0; i < EBB_PMC_COUNT; i++)
		ebb->fds[i] = -1;
	return PAPI_OK;
}

/* Leaves the PMU as a closed EBB group must: frozen, PMCs and BESCR zero. */
static void release_pmu(struct ebb_control *ebb)
{
	if (ebb_thread_state.active == ebb) {
		ebb_hw_clear();
		ebb_thread_state.active = NULL;
	}
	close_fds(ebb->fds, ebb->count);
	ebb->running = false;
}

void ebb_control_cleanup(void *control)
{
	struct ebb_control *ebb = control;
	/* A control of another thread cannot touch this thread's SPRs; its
	 * descriptors still close (the kernel then deconfigures that PMU). */
	release_pmu(ebb);
	ebb->count = 0;
}

int ebb_check_target(const struct counting_options *options)
{
	if (options->tid != 0)
		return papi_error_set(
		    PAPI_ECMP, "EBB events count the calling thread only: EBBs are delivered "
		               "to the thread whose PMU overflows (no attach)");
	if (options->cpu >= 0)
		return papi_error_set(PAPI_ECMP,
		                      "EBB events are attached to a task, never to a whole CPU");
	if (options->inherit)
		return papi_error_set(PAPI_ECMP, "EBB events are never inherited by children");
	if (options->granularity == PAPI_GRN_SYS)
		return papi_error_set(PAPI_ECMP, "EBB events count one thread, not the system");
	return PAPI_OK;
}

/* Opens the group of plan, disabled; PAPI_OK with fds filled. */
static int open_group(const struct ebb_control *wanted, int *fds)
{
	for (int i = 0; i < wanted->count; i++) {
		struct perf_event_attr attr;
		bool leader = i == 0;
		ebb_attr_build(wanted->plan.code[i], leader, &attr);
		int status = ebb_attr_check(&attr, leader, 0, -1);
		if (status != PAPI_OK)
			return status;
		long fd = syscall(SYS_perf_event_open, &attr, 0, -1, leader ? -1 : fds[0], 0);
		if (fd < 0) {
			int error = errno;
			close_fds(fds, i);
			return papi_error_set(papi_error_from_errno(error),
			                      "perf_event_open of ebb::%s (config %#llx, PMC%u) "
			                      "failed: %s",
			                      wanted->events[i]->name,
			                      (unsigned long long)attr.config, wanted->plan.pmc[i],
			                      strerror(error));
		}
		fds[i] = (int)fd;
	}
	return PAPI_OK;
}

/* Enables the group and checks the kernel scheduled it: a read() of an
 * EBB event that was not scheduled gives end of file. */
static int enable_group(const struct ebb_control *wanted, const int *fds)
{
	uint64_t junk;
	if (ioctl(fds[0], PERF_EVENT_IOC_ENABLE, 0) != 0) {
		int error = errno;
		return papi_error_set(papi_error_from_errno(error),
		                      "enabling the EBB group led by ebb::%s failed: %s",
		                      wanted->events[0]->name, strerror(error));
	}
	ssize_t got = read(fds[0], &junk, sizeof(junk));
	if (got <= 0) {
		ioctl(fds[0], PERF_EVENT_IOC_DISABLE, 0);
		return papi_error_set(PAPI_ECNFLCT,
		                      "the EBB group led by ebb::%s was enabled but not scheduled "
		                      "(read gave %s): another pinned event holds the PMU",
		                      wanted->events[0]->name,
		                      got == 0 ? "end of file" : "an error");
	}
	return PAPI_OK;
}

static int check_overflow_thresholds(const struct component_event *events, int count)
{
	for (int i = 0; i < count; i++)
		if (!ebb_threshold_valid(events[i].overflow_threshold))
			return papi_error_set(PAPI_EINVAL,
			                      "overflow threshold %lld of %s: a PMC alerts after "
			                      "1 to 2^31 events",
			                      events[i].overflow_threshold, events[i].name);
	return PAPI_OK;
}

int ebb_control_update(void *control, const struct component_event *events, int count,
                       const struct counting_options *options)
{
	struct ebb_control *ebb = control;
	struct ebb_control wanted;
	int status = ebb_check_target(options);
	if (status != PAPI_OK)
		return status;
	if (options->multiplex)
		return papi_error_set(PAPI_ECNFLCT, "EBB events cannot be multiplexed: the PMU is "
		                                    "held exclusively by one group");
	if (ebb->running)
		return papi_error_set(PAPI_EISRUN, "the EBB group is running");
	if (count == 0) {
		release_pmu(ebb);
		ebb->count = 0;
		return PAPI_OK;
	}
	if (ebb_thread_state.active && ebb_thread_state.active != ebb)
		return papi_error_set(PAPI_ECNFLCT,
		                      "another event set of this thread already holds the PMU "
		                      "with EBB events (pinned and exclusive: one EBB group per "
		                      "thread, so no multiplexing either)");
	status = check_overflow_thresholds(events, count);
	if (status != PAPI_OK)
		return status;
	ebb_control_init(&wanted);
	wanted.count = count;
	for (int i = 0; i < count && i < EBB_PMC_COUNT; i++)
		wanted.events[i] = events[i].encoding;
	status = ebb_group_place(wanted.events, count, &wanted.plan);
	if (status != PAPI_OK)
		return status;
	for (int i = 0; i < count; i++)
		ebb_account_start(&wanted.accounts[i], events[i].overflow_threshold);
	wanted.overflow_fire = options->overflow_fire;
	wanted.overflow_cookie = options->overflow_cookie;
	wanted.owner = this_thread();

	/* The old group gives the PMU up first: a second pinned exclusive
	 * group of the same task would not be scheduled. */
	if (ebb->count > 0)
		ioctl(ebb->fds[0], PERF_EVENT_IOC_DISABLE, 0);
	status = open_group(&wanted, wanted.fds);
	if (status == PAPI_OK) {
		status = enable_group(&wanted, wanted.fds);
		if (status != PAPI_OK)
			close_fds(wanted.fds, wanted.count);
	}
	if (status != PAPI_OK) {
		if (ebb->count > 0)
			ioctl(ebb->fds[0], PERF_EVENT_IOC_ENABLE, 0);
		return status;
	}
	close_fds(ebb->fds, ebb->count);
	*ebb = wanted;
	/* Counting waits for PAPI_start: frozen until then. */
	ebb_hw_freeze();
	ebb_hw_install_handler();
	ebb_thread_state.active = ebb;
	return PAPI_OK;
}

/* Loads every PMC of the group with its reload value and zeroes the
 * accounts. */
static void load_pmcs(struct ebb_control *ebb)
{
	for (int i = 0; i < ebb->count; i++) {
		ebb_account_start(&ebb->accounts[i], ebb->accounts[i].threshold);
		ebb_hw_pmc_write(ebb->plan.pmc[i], ebb->accounts[i].reload);
	}
}

static int check_owner(const struct ebb_control *ebb, const char *what)
{
	if (ebb->count == 0)
		return papi_error_set(PAPI_ENOEVNT, "the EBB event set has no events");
	if (ebb_thread_state.active != ebb)
		return papi_error_set(PAPI_ECMP,
		                      "%s of EBB events happens in their own thread only (thread "
		                      "%d counts them): the PMCs are that thread's registers",
		                      what, (int)ebb->owner);
	return PAPI_OK;
}

int ebb_start(void *control)
{
	struct ebb_control *ebb = control;
	int status = check_owner(ebb, "starting");
	if (status != PAPI_OK)
		return status;
	ebb_hw_freeze();
	load_pmcs(ebb);
	ebb_hw_enable_branches();
	ebb->running = true;
	ebb_hw_unfreeze();
	return PAPI_OK;
}

/* The counts now: PMCs read in user space, consistent with the
 * dispatcher's accounts (retried if an EBB came in between). */
static void read_counts(const struct ebb_control *ebb, long long *values)
{
	unsigned before, after;
	do {
		before = ebb_thread_state.sequence;
		for (int i = 0; i < ebb->count; i++)
			values[i] = (long long)ebb_account_count(&ebb->accounts[i],
			                                         ebb_hw_pmc_read(ebb->plan.pmc[i]));
		after = ebb_thread_state.sequence;
	} while (before != after || (before & 1));
}

int ebb_stop(void *control, long long *values)
{
	struct ebb_control *ebb = control;
	int status = check_owner(ebb, "stopping");
	if (status != PAPI_OK)
		return status;
	ebb_hw_freeze();
	if (values)
		read_counts(ebb, values);
	ebb_hw_disable_branches();
	ebb->running = false;
	return PAPI_OK;
}

int ebb_read(void *control, long long *values)
{
	struct ebb_control *ebb = control;
	int status = check_owner(ebb, "reading");
	if (status != PAPI_OK)
		return status;
	read_counts(ebb, values);
	return PAPI_OK;
}

int ebb_reset(void *control)
{
	struct ebb_control *ebb = control;
	int status = check_owner(ebb, "resetting");
	if (status != PAPI_OK)
		return status;
	if (!ebb->running) {
		load_pmcs(ebb);
		return PAPI_OK;
	}
	ebb_hw_freeze();
	load_pmcs(ebb);
	ebb_hw_unfreeze();
	return PAPI_OK;
}

int ebb_accum(void *control, long long *values)
{
	struct ebb_control *ebb = control;
	long long counts[EBB_PMC_COUNT];
	int status = check_owner(ebb, "accumulating");
	if (status != PAPI_OK)
		return status;
	/* Frozen between the reading and the reload, so nothing counted in
	 * between is lost. */
	ebb_hw_freeze();
	read_counts(ebb, counts);
	for (int i = 0; i < ebb->count; i++)
		values[i] += counts[i];
	load_pmcs(ebb);
	if (ebb->running)
		ebb_hw_unfreeze();
	return PAPI_OK;
}

/* In a fork child: no EBB event is inherited, and the kernel cleared
 * BESCR, EBBHR and EBBRR; the descriptors the child holds are copies that
 * count nothing for it. */
void ebb_forget_after_fork(void)
{
	memset(&ebb_thread_state, 0, sizeof(ebb_thread_state));
}
