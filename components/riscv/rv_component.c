// SPDX-License-Identifier: BSD-3-Clause
/* The riscv component: RISC-V counters read directly with csrr, on
 * riscv64 Linux. Elsewhere it is listed, inactive, with the reason.
 *
 * The counters it reads never stop (CAP_FREE_RUNNING): the component only
 * reads them, and the core's snapshot path turns readings into counts
 * since a start; software multiplexing is the core's too, and so is
 * overflow except where the hart interrupts on it (Sscofpmf): in the
 * perf-managed mode perf samples the event (the core's perf sampler,
 * component.h), in the kernel-module mode the module's overflow interrupt
 * signals the event set's own file (kernel/rv_abi.h).
 * Which counters user mode may read is the kernel's choice (rv_mode.c):
 * time always, cycle and instret in the legacy mode, and in the
 * perf-managed mode the counter perf programmed for an event this process
 * opened and mapped (rv_perf.c), and when Papillon's kernel module is
 * loaded, the counters it programmed for this process (rv_module.c),
 * through counter delegation where the hart has it. */
#define _GNU_SOURCE /* F_SETOWN_EX, F_SETSIG */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>

#include "services/fork_generation.h"
#include "arch/arch_context.h"
#include "component.h"
#include "papi.h"
#include "services/perf_sampling.h"
#include "services/signal_routes.h"
#include "util/error.h"
#include "rv_events.h"
#include "rv_mode.h"
#include "rv_module.h"
#include "rv_perf.h"
#include "rv_user_read.h"

#define RV_MAX_EVENTS 32 /* the hart's counters */

struct rv_control {
	int count;
	/* Per event: a CSR the kernel leaves open (0xc00 + counter), or a
	 * perf event (perf.fd >= 0) whose page names the counter. */
	uint32_t counters[RV_MAX_EVENTS];
	struct rv_perf_event perf[RV_MAX_EVENTS];
	/* Perf-managed overflow: the event samples (NULL: it does not). */
	struct perf_sampler *samplers[RV_MAX_EVENTS];
	bool through_csr[RV_MAX_EVENTS]; /* the last read's path */
	/* Or a counter of the kernel module (in_module). */
	bool in_module[RV_MAX_EVENTS];
	struct rv_module_counter module[RV_MAX_EVENTS];
	/* The kernel-module mode: the event set's own file of the module
	 * (set_file, -1: none), opened by the thread that adds the events,
	 * which owns its counters (they count that thread alone and only it
	 * can read them with csrr, doc/riscv.md "Per-task counters").
	 * Overflowing counters (in_ovf_file) signal through it, with its
	 * descriptor in si_fd (the core routes by it), and are read through
	 * the module (an armed counter's csrr is not its count). */
	int set_file;
	pthread_t set_file_owner;     /* the thread that opened set_file */
	unsigned set_file_generation; /* fork_generation when it opened it */
	bool in_ovf_file[RV_MAX_EVENTS];
	bool routed;
	struct signal_route route;
	void (*fire)(void *cookie, int index, void *address, void *context);
	void *cookie;
};

static enum rv_mode rv_mode_now = RV_MODE_INACTIVE;
static char rv_mode_why[PAPI_MAX_STR_LEN];
/* The kernel module's device (RV_MODE_MODULE), open for the process's life. */
static int rv_module_fd = -1;
static struct rv_module_info rv_module_found;
/* The perf-managed mode: whether perf samples (overflow interrupts). */
static bool rv_perf_samples;
static char rv_perf_sample_why[PAPI_MAX_STR_LEN];

/* The module, when loaded, takes over from the kernel's setting: it
 * programs counters for any SBI event and filters by privilege mode. */
static void use_module_if_loaded(void)
{
	if (rv_module_fd < 0)
		rv_module_fd = rv_module_open(&rv_module_found);
	if (rv_module_fd < 0)
		return;
	rv_mode_now = RV_MODE_MODULE;
	if (rv_module_found.delegation)
		snprintf(
		    rv_mode_why, sizeof(rv_mode_why),
		    "kernel module: papillon_riscv.ko programs the counters, delegated to "
		    "S-mode (counters %#x: no SBI call to start, stop or read them); read with "
		    "csrr",
		    rv_module_found.delegated);
	else
		snprintf(rv_mode_why, sizeof(rv_mode_why),
		         "kernel module: papillon_riscv.ko programs the counters through SBI calls "
		         "(M-mode did not delegate counters to S-mode); read with csrr");
}

static int rv_init(int cidx, PAPI_component_info_t *info)
{
	(void)cidx;
	rv_mode_now = rv_mode_detect(RV_PERF_USER_ACCESS_PATH, rv_mode_why, sizeof(rv_mode_why));
	if (rv_mode_now == RV_MODE_INACTIVE) {
		info->disabled = PAPI_ECMP;
		snprintf(info->disabled_reason, sizeof(info->disabled_reason), "%s", rv_mode_why);
		return PAPI_ECMP;
	}
	use_module_if_loaded();
	rv_perf_samples = rv_mode_now == RV_MODE_PERF &&
	                  rv_perf_can_sample(rv_perf_sample_why, sizeof(rv_perf_sample_why));
	/* The description is short (PAPI_MAX_STR_LEN): the mode's name; its
	 * reason is in every refusal and in the user-read status. */
	snprintf(info->description, sizeof(info->description),
	         "RISC-V counters read with csrr, mode: %s%s", rv_mode_name(rv_mode_now),
	         rv_mode_now != RV_MODE_MODULE ? ""
	         : rv_module_found.delegation  ? ", delegated"
	                                       : ", SBI calls");
	info->num_cntrs = RV_MAX_EVENTS;
	info->num_mpx_cntrs = RV_MAX_EVENTS;
	info->num_native_events = (int)rv_event_count();
	/* The fixed counters count every mode of the hart, for whatever runs
	 * on it: the kernel does not switch them with the task. */
	info->default_domain = PAPI_DOM_ALL;
	info->available_domains = PAPI_DOM_ALL;
	info->default_granularity = PAPI_GRN_THR;
	info->available_granularities = PAPI_GRN_THR;
	info->fast_counter_read = 1;
	return papi_error_clear();
}

static void rv_shutdown(void)
{
	if (rv_module_fd >= 0)
		close(rv_module_fd); /* the probe's; counters are in the event sets' files */
	rv_module_fd = -1;
	rv_module_found = (struct rv_module_info){0};
	rv_perf_samples = false;
}

static int rv_enum_events(uint64_t *cursor, int modifier, char *name, size_t name_len)
{
	uint64_t next = rv_event_first();
	if (modifier == PAPI_ENUM_EVENTS) {
		if (!rv_event_next(*cursor, &next))
			return PAPI_ENOEVNT;
	} else if (modifier != PAPI_ENUM_FIRST) {
		return PAPI_ENOEVNT; /* no unit masks, groups or features */
	}
	struct rv_event event;
	if (!rv_event_of_cursor(next, name, name_len, &event))
		return PAPI_ENOEVNT;
	*cursor = next;
	return PAPI_OK;
}

static int rv_resolve_name(const char *name, struct component_resolution *out)
{
	struct rv_event event;
	char reason[PAPI_HUGE_STR_LEN];
	if (!rv_event_parse(name, &event, &out->cursor, out->canonical, sizeof(out->canonical),
	                    reason, sizeof(reason)))
		return papi_error_set(PAPI_ENOEVNT, "%s", reason);
	struct rv_event *encoding = malloc(sizeof(*encoding));
	if (!encoding)
		return papi_error_set(PAPI_ENOMEM, "no memory for the encoding of %s", name);
	*encoding = event;
	out->encoding = encoding;
	return PAPI_OK;
}

static void rv_release_encoding(void *encoding)
{
	free(encoding);
}

static int rv_event_info(const char *name, uint64_t cursor, const void *encoding,
                         PAPI_event_info_t *info)
{
	(void)encoding;
	snprintf(info->symbol, sizeof(info->symbol), "%s", name);
	rv_event_describe(cursor, info->long_descr, sizeof(info->long_descr));
	snprintf(info->short_descr, sizeof(info->short_descr), "%.*s",
	         (int)sizeof(info->short_descr) - 1, info->long_descr);
	info->value_type = PAPI_VALUETYPE_RUNNING_SUM;
	info->timescope = PAPI_TIMESCOPE_SINCE_START;
	return PAPI_OK;
}

static int rv_check_event(const void *encoding)
{
	const struct rv_event *event = encoding;
	if (rv_mode_now == RV_MODE_INACTIVE)
		return papi_error_set(
		    PAPI_ECMP, "%s",
		    rv_mode_why[0] ? rv_mode_why : "the riscv component has not been initialized");
	if (event->fixed_counter != RV_EVENT_NO_FIXED_COUNTER &&
	    rv_mode_reads(rv_mode_now, event->fixed_counter))
		return PAPI_OK;
	if (rv_mode_now == RV_MODE_MODULE)
		return PAPI_OK; /* the module says at add whether a counter can count it */
	if (rv_mode_now == RV_MODE_PERF) {
		struct perf_event_attr attr;
		char reason[PAPI_HUGE_STR_LEN];
		if (!rv_perf_attr(event, PAPI_DOM_USER, &attr, reason, sizeof(reason)))
			return papi_error_set(PAPI_ECMP, "%s", reason);
		return PAPI_OK;
	}
	if (event->fixed_counter != RV_EVENT_NO_FIXED_COUNTER)
		return papi_error_set(PAPI_ECMP, "this kernel keeps the counter from user mode: %s",
		                      rv_mode_why);
	return papi_error_set(PAPI_ECMP,
	                      "the SBI PMU's events need a counter programmed: by perf "
	                      "(perf_user_access=1, the perf-managed mode) or by Papillon's "
	                      "kernel module (papillon_riscv.ko, not loaded); %s",
	                      rv_mode_why);
}

static void control_close(struct rv_control *rv)
{
	if (rv->routed) {
		/* No more signals from the file, then no handler using it. */
		fcntl(rv->set_file, F_SETFL, fcntl(rv->set_file, F_GETFL) & ~O_ASYNC);
		signals_unroute_fd(rv->set_file);
		rv->routed = false;
	}
	for (int i = 0; i < rv->count; i++) {
		perf_sampler_close(rv->samplers[i]); /* its signals stop, its ring goes */
		rv->samplers[i] = NULL;
		if (rv->perf[i].fd >= 0)
			rv_perf_close(&rv->perf[i]);
		if (rv->in_module[i])
			rv_module_release(rv->set_file, &rv->module[i]);
		rv->in_module[i] = false;
		rv->in_ovf_file[i] = false;
	}
	if (rv->set_file >= 0)
		close(rv->set_file);
	rv->set_file = -1;
	rv->count = 0;
}

static int rv_control_init(void *control)
{
	memset(control, 0, sizeof(struct rv_control));
	((struct rv_control *)control)->set_file = -1;
	return PAPI_OK;
}

/* The overflow signal of the event set's file (async-signal-safe): one
 * callback per slot the module says overflowed, at the interrupted PC. */
static void overflow_signal(void *arg, const siginfo_t *info, void *ucontext)
{
	struct rv_control *rv = arg;
	uint64_t slots = 0;
	(void)info;
	if (!rv_module_overflowed(rv->set_file, &slots))
		return;
	void *address = ucontext ? arch_context_pc(ucontext) : NULL;
	for (int i = 0; i < rv->count; i++)
		if (rv->in_ovf_file[i] && (slots >> rv->module[i].slot & 1))
			rv->fire(rv->cookie, i, address, ucontext);
}

/* Sends the file's overflow signal to the thread the core names. */
static int route_overflow(struct rv_control *rv, const struct counting_options *options)
{
	rv->route = (struct signal_route){.fire = overflow_signal, .arg = rv};
	int status = signals_route_fd(rv->set_file, &rv->route);
	if (status != PAPI_OK)
		return status;
	rv->routed = true;
	struct f_owner_ex owner = {.type = F_OWNER_TID, .pid = options->signal_tid};
	int flags = fcntl(rv->set_file, F_GETFL);
	if (fcntl(rv->set_file, F_SETOWN_EX, &owner) < 0 ||
	    fcntl(rv->set_file, F_SETSIG, signals_overflow_signal()) < 0 || flags < 0 ||
	    fcntl(rv->set_file, F_SETFL, flags | O_ASYNC) < 0)
		return papi_error_set(PAPI_ESYS,
		                      "cannot direct the module's overflow signal to thread %d: %s",
		                      (int)options->signal_tid, strerror(errno));
	return PAPI_OK;
}

static void rv_control_cleanup(void *control)
{
	control_close(control);
}

/* The legacy mode's cycle or instret (event i of next): Linux stops every
 * counter through SBI at boot, and where the hart implements
 * mcountinhibit (QEMU does) they stay stopped until a perf event uses
 * them; in the legacy mode Linux puts a cycles or instructions event on
 * the fixed counter itself and lets user mode read it. So each gets such
 * an event of the calling thread, every mode counted (a fixed counter
 * filters none without Smcntrpmf), mapped: read with csrr through its
 * page (offset + counter), which stays right when the kernel reloads the
 * counter at a context switch. If perf refuses, the bare csrr remains: a
 * hart without mcountinhibit runs them anyway. */
static void keep_fixed_counter_running(struct rv_control *next, int i,
                                       const struct rv_event *encoding)
{
	struct perf_event_attr attr;
	char reason[PAPI_HUGE_STR_LEN];
	if (encoding->fixed_counter == 1 ||
	    !rv_perf_attr(encoding, PAPI_DOM_ALL, &attr, reason, sizeof(reason)))
		return;
	if (rv_perf_open(&attr, &next->perf[i], true, reason, sizeof(reason)) < 0)
		next->perf[i] = (struct rv_perf_event){.fd = -1};
}

/* Event i of next: a CSR the kernel opened, or a perf event opened and
 * mapped now (counting from now on; the core's snapshots make counts). */
static int control_add(struct rv_control *next, int i, const struct component_event *event,
                       const struct counting_options *options, bool overflow_allowed)
{
	const struct rv_event *encoding = event->encoding;
	next->perf[i] = (struct rv_perf_event){.fd = -1};
	if (rv_mode_reads(rv_mode_now, encoding->fixed_counter)) {
		next->counters[i] = encoding->fixed_counter;
		if (rv_mode_now == RV_MODE_LEGACY)
			keep_fixed_counter_running(next, i, encoding);
		return PAPI_OK;
	}
	char reason[PAPI_HUGE_STR_LEN];
	if (rv_mode_now == RV_MODE_MODULE) {
		bool overflows = overflow_allowed && event->overflow_threshold > 0;
		if (next->set_file < 0) {
			struct rv_module_info found;
			next->set_file = rv_module_open(&found);
			next->set_file_owner = pthread_self();
			next->set_file_generation = fork_generation;
			if (next->set_file < 0)
				return papi_error_set(PAPI_ESYS, "%s: cannot open %s: %s",
				                      event->name, RV_MODULE_DEVICE_NAME,
				                      strerror(errno));
		}
		int fd = next->set_file;
		/* The privilege filter (the selector's inhibit bits) comes with
		 * Sscofpmf, as the overflow interrupt does: a module without
		 * the interrupt asks for none (OpenSBI ignores the flags there),
		 * and the counts hold every mode, as asked. */
		int domain = rv_module_found.overflow ? options->domain : PAPI_DOM_ALL;
		int error = rv_module_obtain(fd, encoding, domain,
		                             overflows ? RV_MODULE_OVERFLOW_COUNTERS : 0,
		                             &next->module[i], reason, sizeof(reason));
		if (error < 0)
			return papi_error_set(error == -EACCES   ? PAPI_EPERM
			                      : error == -EINVAL ? PAPI_ENOEVNT
			                                         : PAPI_ECNFLCT,
			                      "%s: %s", event->name, reason);
		next->in_module[i] = true;
		next->in_ovf_file[i] = overflows;
		if (overflows) {
			error = rv_module_arm_overflow(fd, &next->module[i],
			                               (uint64_t)event->overflow_threshold, reason,
			                               sizeof(reason));
			/* EACCES: a threshold below the module's floor for a
			 * caller without CAP_PERFMON (rv_abi.h). */
			if (error < 0)
				return papi_error_set(error == -EACCES ? PAPI_EPERM : PAPI_ECMP,
				                      "%s: %s", event->name, reason);
		}
		return PAPI_OK;
	}
	struct perf_event_attr attr;
	if (!rv_perf_attr(encoding, options->domain, &attr, reason, sizeof(reason)))
		return papi_error_set(PAPI_ECMP, "%s: %s", event->name, reason);
	/* Overflow: perf samples the event, from when its signal has a
	 * route (opened disabled, enabled below); read with read(2), as
	 * perf_event reads its sampling events. */
	bool samples = overflow_allowed && event->overflow_threshold > 0;
	if (samples) {
		perf_sampling_prepare(&attr, event->overflow_threshold);
		attr.disabled = 1;
	}
	/* Without a period a counting event's counter starts where QEMU 10
	 * mishandles it (the kernel programs it half the 64-bit range below
	 * overflow): the next sampling event on that counter, as PAPI_overflow
	 * after PAPI_add_event opens, lost all but one of its 20 overflow
	 * interrupts in the lab (doc/riscv.md, "The component's overflow").
	 * A period of 2^62 is never reached and counts the same; only where
	 * perf samples, and plain counting if the kernel refuses it. */
	if (!samples && rv_perf_samples)
		attr.sample_period = RV_PERF_COUNTING_PERIOD;
	int error = rv_perf_open(&attr, &next->perf[i], !samples, reason, sizeof(reason));
	if (error < 0 && attr.sample_period == RV_PERF_COUNTING_PERIOD) {
		attr.sample_period = 0;
		error = rv_perf_open(&attr, &next->perf[i], true, reason, sizeof(reason));
	}
	if (error == -EACCES || error == -EPERM)
		return papi_error_set(PAPI_EPERM, "%s: %s", event->name, reason);
	if (error < 0)
		return papi_error_set(error == -ENOENT || error == -EOPNOTSUPP ? PAPI_ENOEVNT
		                                                               : PAPI_ECNFLCT,
		                      "%s: %s", event->name, reason);
	if (samples) {
		int status = perf_sampler_open(&next->samplers[i], next->perf[i].fd, i, options,
		                               event->name);
		if (status != PAPI_OK)
			return status;
		if (ioctl(next->perf[i].fd, PERF_EVENT_IOC_ENABLE, 0) != 0)
			return papi_error_set(PAPI_ESYS, "%s: enabling its sampling failed: %s",
			                      event->name, strerror(errno));
	}
	return PAPI_OK;
}

/* next: the events, each with a counter (overflowing where asked and
 * allowed); on failure next holds nothing. */
static int control_build(struct rv_control *next, const struct component_event *events, int count,
                         const struct counting_options *options, bool overflow_allowed)
{
	*next = (struct rv_control){.count = 0, .set_file = -1};
	for (int i = 0; i < count; i++) {
		int status = rv_check_event(events[i].encoding);
		if (status == PAPI_OK)
			status = control_add(next, i, &events[i], options, overflow_allowed);
		if (status != PAPI_OK) {
			control_close(next);
			return status;
		}
		next->count = i + 1;
	}
	return PAPI_OK;
}

/* Whether the set has an overflowing counter (its file's signal routed). */
static bool overflowing(const struct rv_control *rv)
{
	for (int i = 0; i < rv->count; i++)
		if (rv->in_ovf_file[i])
			return true;
	return false;
}

static int control_install(struct rv_control *rv, const struct rv_control *next,
                           const struct counting_options *options)
{
	*rv = *next;
	rv->fire = options->overflow_fire;
	rv->cookie = options->overflow_cookie;
	if (overflowing(rv)) {
		int status = route_overflow(rv, options);
		if (status != PAPI_OK) {
			control_close(rv);
			return status;
		}
	}
	return PAPI_OK;
}

static int rv_control_update(void *control, const struct component_event *events, int count,
                             const struct counting_options *options)
{
	struct rv_control *rv = control, next;
	if (count > RV_MAX_EVENTS)
		return papi_error_set(PAPI_ECNFLCT, "a riscv event set holds at most %d events",
		                      RV_MAX_EVENTS);
	bool overflow = overflowing(rv); /* set now, or before */
	for (int i = 0; i < count; i++)
		overflow |= events[i].overflow_threshold > 0;
	for (int i = 0; i < rv->count; i++)
		overflow |= rv->samplers[i] != NULL;
	/* Overflow set or cleared: the set's old counters go back first, so
	 * that the new ones may take the same events (QEMU counts an event on
	 * one counter at a time, the first programmed with it: a second perf
	 * event of it reads 0, a second module counter may count something
	 * else). If the new ones fail, the set gets its events back without
	 * overflow. */
	bool close_first = overflow;
	if (close_first)
		control_close(rv);
	int status = control_build(&next, events, count, options, true);
	if (status != PAPI_OK) {
		if (close_first && control_build(&next, events, count, options, false) == PAPI_OK)
			control_install(rv, &next, options);
		return status; /* else the control stays as it was */
	}
	if (!close_first)
		control_close(rv);
	return control_install(rv, &next, options);
}

/* The counters' current values; the core keeps the bases (async-signal
 * safe: CSR reads only). */
static int rv_read(void *control, long long *values)
{
	struct rv_control *rv = control;
	for (int i = 0; i < rv->count; i++) {
		uint64_t value = 0;
		if (rv->in_ovf_file[i]) {
			if (!rv_module_read(rv->set_file, &rv->module[i], &value))
				return papi_error_set(
				    PAPI_ESYS,
				    "reading overflowing counter %u of the module failed",
				    rv->module[i].counter);
		} else if (rv->in_module[i]) {
			const struct rv_module_counter *counter = &rv->module[i];
			/* Another thread's csrr of the counter traps (only the
			 * file's owner may): it asks the module. So does a fork
			 * child, whose pthread_self() is its parent's thread's. */
			bool by_module = counter->firmware ||
			                 rv->set_file_generation != fork_generation ||
			                 !pthread_equal(pthread_self(), rv->set_file_owner);
			if (by_module ? !rv_module_read(rv->set_file, counter, &value)
			              : !rv_user_counter_read(counter->counter, &value))
				return papi_error_set(PAPI_ESYS,
				                      "reading counter %u of the module failed",
				                      counter->counter);
		} else if (rv->perf[i].fd >= 0) {
			if (!rv_perf_count(&rv->perf[i], &value, &rv->through_csr[i]))
				return papi_error_set(PAPI_ESYS, "reading perf event %d failed", i);
		} else if (!rv_user_counter_read(rv->counters[i], &value)) {
			return papi_error_set(PAPI_EBUG, "counter %u has no CSR", rv->counters[i]);
		}
		values[i] = (long long)value;
	}
	return PAPI_OK;
}

static int rv_user_read_status(char *why, size_t why_len)
{
	snprintf(why, why_len, "the riscv component reads counter CSRs with csrr: %s", rv_mode_why);
	return rv_mode_now != RV_MODE_INACTIVE;
}

static int rv_read_path(void *control, int index, char *reason, size_t reason_len)
{
	const struct rv_control *rv = control;
	if (index < rv->count && rv->in_module[index]) {
		const struct rv_module_counter *counter = &rv->module[index];
		if (rv->in_ovf_file[index]) {
			snprintf(
			    reason, reason_len,
			    "syscall: ioctl RV_IOC_READ of %s, counter %u (%s; overflowing: the "
			    "module keeps its count)",
			    RV_MODULE_DEVICE_NAME, counter->counter,
			    counter->delegated ? "delegated" : "through SBI calls");
			return PAPI_READ_PATH_SYSCALL;
		}
		if (counter->firmware) {
			snprintf(reason, reason_len,
			         "syscall: ioctl RV_IOC_READ of %s (a firmware counter has no CSR)",
			         RV_MODULE_DEVICE_NAME);
			return PAPI_READ_PATH_SYSCALL;
		}
		snprintf(reason, reason_len,
		         "user: csrr of CSR %#x, a counter papillon_riscv.ko programmed (%s)",
		         0xc00u + counter->counter,
		         counter->delegated ? "delegated to S-mode" : "through SBI calls");
		return PAPI_READ_PATH_USER;
	}
	if (index < rv->count && rv->samplers[index]) {
		snprintf(
		    reason, reason_len,
		    "syscall: read(2) of the sampling perf event (perf delivers its overflows)");
		return PAPI_READ_PATH_SYSCALL;
	}
	if (index < rv->count && rv->perf[index].fd >= 0) {
		const volatile struct perf_event_mmap_page *page = rv->perf[index].page;
		uint32_t counter = page->index;
		if (page->cap_user_rdpmc && counter) {
			snprintf(reason, reason_len,
			         "user: csrr of CSR %#x, the counter the perf event's page names",
			         0xc00u + counter - 1);
			return PAPI_READ_PATH_USER;
		}
		snprintf(reason, reason_len,
		         "syscall: the perf event is on no counter user mode may read now (page "
		         "index 0): read(2)");
		return PAPI_READ_PATH_SYSCALL;
	}
	snprintf(reason, reason_len, "user: csrr of CSR %#x, no system call exists for it",
	         index < rv->count ? 0xc00u + rv->counters[index] : 0u);
	return PAPI_READ_PATH_USER;
}

/* Preset tables name the modes whose counts are the calling thread's and
 * filtered by privilege mode like perf_event's (presets/riscvcsr.presets):
 * the perf-managed mode, and the kernel-module mode (its counters are the
 * hart's, which on a hart the program has to itself is the same). Not
 * the legacy and time-only modes: their csrr counts hold every mode of
 * every task. The kind is user_only, as the ebb component's: perf_event's
 * presets count the same events and stay everyone's; a program that
 * wants presets read through this component names riscvcsr.presets in
 * PAPI_USER_EVENTS_FILE. */
/* Overflow interrupts where the hart has them (Sscofpmf's LCOFI): through
 * the kernel module when it has the interrupt (kernel/rv_abi.h), through
 * perf's sampling in the perf-managed mode when perf samples; otherwise,
 * and in the legacy and time-only modes, the core's software overflow. */
static bool rv_overflow_interrupts(void)
{
	return rv_overflow_by_interrupt(rv_mode_now, rv_module_found.overflow, rv_perf_samples);
}

static const struct component_key_kind rv_preset_key_kinds[] = {
    {"riscvcsr", "the riscv component's modes (perf-managed, module)", .user_only = true},
    {NULL, NULL, false},
};

static int rv_pmu_names(char *names, size_t names_len)
{
	if (rv_mode_now == RV_MODE_PERF)
		snprintf(names, names_len, "riscvcsr:perf-managed");
	else if (rv_mode_now == RV_MODE_MODULE)
		snprintf(names, names_len, "riscvcsr:module");
	else
		return PAPI_ECMP;
	return PAPI_OK;
}

const struct component_ops riscv_component = {
    .name = "riscv",
    .short_name = "riscv",
    .description = "RISC-V counters read with csrr (riscv64 Linux)",
    .capabilities = CAP_FREE_RUNNING | CAP_HW_OVERFLOW,
    .overflow_interrupts = rv_overflow_interrupts,
    .control_size = sizeof(struct rv_control),
    .init = rv_init,
    .shutdown = rv_shutdown,
    .enum_events = rv_enum_events,
    .resolve_name = rv_resolve_name,
    .release_encoding = rv_release_encoding,
    .event_info = rv_event_info,
    .check_event = rv_check_event,
    .control_init = rv_control_init,
    .control_cleanup = rv_control_cleanup,
    .control_update = rv_control_update,
    .read = rv_read,
    .read_path = rv_read_path,
    .user_read_status = rv_user_read_status,
    .preset_key_kinds = rv_preset_key_kinds,
    .pmu_names = rv_pmu_names,
};
