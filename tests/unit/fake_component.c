// SPDX-License-Identifier: BSD-3-Clause
/* Fake components for the core's unit tests (see fake_component.h). */
#include "config.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "papi.h"
#include "registry/registry.h"
#include "services/signal_routes.h"
#include "util/error.h"
#include "fake_component.h"

struct fake_state fake_states[FAKE_COMPONENTS];
bool fake_overflow_interrupts_on = true;

static bool fake_overflow_interrupts(void)
{
	return fake_overflow_interrupts_on;
}

static long long fake_clock;

struct fake_encoding {
	int component; /* index into fake_states */
	int kind;      /* Ek counts k per tick */
};

int fake_no_interrupt_kind;

static bool fake_overflow_event_interrupts(const void *encoding, long long threshold,
                                           const struct counting_options *options, char *why,
                                           size_t why_len)
{
	const struct fake_encoding *event = encoding;
	(void)threshold;
	(void)options;
	if (event->kind != fake_no_interrupt_kind)
		return true;
	snprintf(why, why_len, "E%d's counter has no interrupt", event->kind);
	return false;
}

struct fake_control {
	struct fake_state *state;
	bool free_running;
	bool value_kinds; /* fakekinds: Ek's kind of value by k */
	int count;
	int kinds[FAKE_MAX_SLOTS];
	bool running;
	long long mark;                    /* clock at the last start, reset, accum or write */
	long long written[FAKE_MAX_SLOTS]; /* counts set by the last write since then */
	/* The overflow route of the last control_update. */
	long long thresholds[FAKE_MAX_SLOTS];
	void (*fire)(void *cookie, int index, void *address, void *context);
	void *cookie;
	/* fakeintr: a pipe whose read end signals the thread the core named
	 * when a byte arrives (-1: none open), as a perf_event descriptor
	 * signals an overflow; the core routes that signal to signal_route. */
	int signal_pipe[2];
	struct signal_route signal_route;
	/* What fake_fire_signal's interrupt reports. */
	int pending_native;
	void *pending_address;
};

/* The control fake_fire delivers through: the last one opened with a route. */
static struct fake_control *routed_control;

const char *const fake_names[FAKE_COMPONENTS] = {
    [FAKE_PLAIN] = "fake",
    [FAKE_PLAIN2] = "fake2",
    [FAKE_FREE_RUNNING] = "fakefree",
    [FAKE_USER_READ] = "fakeuser",
    [FAKE_WRITE] = "fakewrite",
    [FAKE_USER_OVERFLOW] = "fakeebb",
    [FAKE_HW_OVERFLOW] = "fakeintr",
    [FAKE_KERNEL_MULTIPLEX] = "fakekmpx",
    [FAKE_ATTACH] = "fakeattach",
    [FAKE_CPU] = "fakecpu",
    [FAKE_INHERIT] = "fakeinherit",
    [FAKE_VALUE_KINDS] = "fakekinds",
    [FAKE_NO_MULTIPLEX] = "fakenompx",
};

void fake_advance(long long ticks)
{
	fake_clock += ticks;
}

long long fake_now(void)
{
	return fake_clock;
}

void fake_reset_state(void)
{
	for (int c = 0; c < FAKE_COMPONENTS; c++) {
		int live = fake_states[c].live_encodings;
		memset(&fake_states[c], 0, sizeof(fake_states[c]));
		fake_states[c].live_encodings = live;
		fake_states[c].max_events = FAKE_MAX_SLOTS;
	}
}

static int fake_init(int component, PAPI_component_info_t *info)
{
	fake_states[component].calls.init++;
	if (fake_states[component].max_events == 0)
		fake_states[component].max_events = FAKE_MAX_SLOTS;
	info->num_cntrs = FAKE_MAX_SLOTS;
	info->num_mpx_cntrs = FAKE_MAX_SLOTS;
	info->num_native_events = FAKE_EVENT_KINDS;
	return PAPI_OK;
}

static void fake_shutdown(void)
{
}

static int fake_enum_events(int component, uint64_t *cursor, int modifier, char *name,
                            size_t name_len)
{
	uint64_t next;
	if (modifier == PAPI_ENUM_FIRST)
		next = 0;
	else if (modifier == PAPI_ENUM_EVENTS)
		next = *cursor + 1;
	else
		return PAPI_ENOEVNT;
	if (next >= FAKE_EVENT_KINDS)
		return PAPI_ENOEVNT;
	*cursor = next;
	snprintf(name, name_len, "%s::E%d", fake_names[component], (int)next + 1);
	return PAPI_OK;
}

/* Accepts exactly "<component>::E<k>" with k in 1..FAKE_EVENT_KINDS. */
static int fake_resolve_name(int component, const char *name, struct component_resolution *out)
{
	const char *prefix = fake_names[component];
	size_t prefix_length = strlen(prefix);
	if (strncmp(name, prefix, prefix_length) != 0 ||
	    strncmp(name + prefix_length, "::E", 3) != 0)
		return PAPI_ENOEVNT;
	const char *digits = name + prefix_length + 3;
	if (digits[0] < '1' || digits[0] > '0' + FAKE_EVENT_KINDS || digits[1] != '\0')
		return papi_error_set(PAPI_ENOEVNT, "%s lists no event '%s'", prefix, name);
	struct fake_encoding *encoding = malloc(sizeof(*encoding));
	if (!encoding)
		return PAPI_ENOMEM;
	encoding->component = component;
	encoding->kind = digits[0] - '0';
	fake_states[component].live_encodings++;
	snprintf(out->canonical, sizeof(out->canonical), "%s", name);
	out->cursor = (uint64_t)(encoding->kind - 1);
	out->encoding = encoding;
	return PAPI_OK;
}

static void fake_release_encoding(void *encoding)
{
	struct fake_encoding *fake = encoding;
	fake_states[fake->component].live_encodings--;
	free(fake);
}

static int fake_event_info(int component, const char *name, uint64_t cursor, const void *encoding,
                           PAPI_event_info_t *info)
{
	snprintf(info->short_descr, sizeof(info->short_descr), "%s event %d", fake_names[component],
	         (int)cursor + 1);
	return PAPI_OK;
}

static int fake_check_event(const void *encoding)
{
	return PAPI_OK;
}

static int fake_control_init(int component, void *control)
{
	struct fake_control *fake = control;
	fake->state = &fake_states[component];
	fake->free_running = component == FAKE_FREE_RUNNING || component == FAKE_VALUE_KINDS;
	fake->value_kinds = component == FAKE_VALUE_KINDS;
	fake->signal_pipe[0] = fake->signal_pipe[1] = -1;
	fake->state->calls.control_init++;
	return PAPI_OK;
}

/* fakeintr's signal handler, called by the core's (src/core/signals.c) for the
 * overflow signal of the control's pipe: what a component's handler does
 * for a counter's overflow. */
static void fake_overflow_signal(void *arg, const siginfo_t *info, void *ucontext)
{
	(void)info;
	struct fake_control *fake = arg;
	char drained[16];
	while (read(fake->signal_pipe[0], drained, sizeof(drained)) > 0)
		continue;
	fake->state->calls.overflow_signals++;
	if (fake->fire)
		fake->fire(fake->cookie, fake->pending_native, fake->pending_address, ucontext);
}

static void close_signal_pipe(int pipe_ends[2])
{
	if (pipe_ends[0] < 0)
		return;
	signals_unroute_fd(pipe_ends[0]);
	close(pipe_ends[0]);
	close(pipe_ends[1]);
	pipe_ends[0] = pipe_ends[1] = -1;
}

/* A pipe whose read end sends the core's overflow signal to signal_tid
 * when written to, as perf_event arms a sampling descriptor (F_SETSIG,
 * F_SETOWN_EX, O_ASYNC), routed by the core to the control. */
static int open_signal_pipe(struct fake_control *fake, pid_t signal_tid, int pipe_ends[2])
{
	if (pipe2(pipe_ends, O_CLOEXEC | O_NONBLOCK) != 0) {
		pipe_ends[0] = pipe_ends[1] = -1;
		return papi_error_set(PAPI_ESYS, "fakeintr cannot open its pipe");
	}
	struct f_owner_ex owner = {.type = F_OWNER_TID, .pid = signal_tid};
	if (fcntl(pipe_ends[0], F_SETSIG, signals_overflow_signal()) != 0 ||
	    fcntl(pipe_ends[0], F_SETOWN_EX, &owner) != 0 ||
	    fcntl(pipe_ends[0], F_SETFL, O_NONBLOCK | O_ASYNC) != 0) {
		close(pipe_ends[0]);
		close(pipe_ends[1]);
		pipe_ends[0] = pipe_ends[1] = -1;
		return papi_error_set(PAPI_ESYS, "fakeintr cannot make its pipe signal thread %d",
		                      (int)signal_tid);
	}
	fake->signal_route.fire = fake_overflow_signal;
	fake->signal_route.arg = fake;
	int status = signals_route_fd(pipe_ends[0], &fake->signal_route);
	if (status != PAPI_OK) {
		close(pipe_ends[0]);
		close(pipe_ends[1]);
		pipe_ends[0] = pipe_ends[1] = -1;
	}
	return status;
}

static void fake_control_cleanup(void *control)
{
	struct fake_control *fake = control;
	fake->state->calls.control_cleanup++;
	close_signal_pipe(fake->signal_pipe);
	if (routed_control == fake)
		routed_control = NULL;
}

static void fake_misuse(struct fake_state *state, const char *what)
{
	state->misuse++;
	fprintf(stderr, "fake component: the core called %s in the wrong state\n", what);
}

static int fake_control_update(void *control, const struct component_event *events, int count,
                               const struct counting_options *options)
{
	struct fake_control *fake = control;
	fake->state->calls.control_update++;
	if (options->multiplex)
		fake->state->calls.multiplexed_updates++;
	if (options->caller_scales)
		fake->state->calls.caller_scales_updates++;
	if (fake->running)
		fake_misuse(fake->state, "control_update");
	/* Kernel multiplexing time-shares the counters: more events fit. */
	int capacity = options->multiplex ? FAKE_MAX_SLOTS : fake->state->max_events;
	if (count > capacity || count > FAKE_MAX_SLOTS)
		return papi_error_set(PAPI_ECNFLCT, "fake holds at most %d events", capacity);
	bool overflows = false;
	for (int i = 0; i < count; i++)
		overflows |= events[i].overflow_threshold > 0;
	/* fakeintr interrupts for its thresholds; the new pipe is open before
	 * anything changes, so that a failure leaves the control as it was. */
	int signal_pipe[2] = {-1, -1};
	if (fake->state == &fake_states[FAKE_HW_OVERFLOW] && overflows && options->overflow_fire) {
		int status = open_signal_pipe(fake, options->signal_tid, signal_pipe);
		if (status != PAPI_OK)
			return status;
	}
	close_signal_pipe(fake->signal_pipe);
	fake->signal_pipe[0] = signal_pipe[0];
	fake->signal_pipe[1] = signal_pipe[1];
	fake->count = count;
	for (int i = 0; i < count; i++) {
		fake->kinds[i] = ((const struct fake_encoding *)events[i].encoding)->kind;
		fake->thresholds[i] = events[i].overflow_threshold;
	}
	fake->fire = options->overflow_fire;
	fake->cookie = options->overflow_cookie;
	if (fake->fire)
		routed_control = fake;
	else if (routed_control == fake)
		routed_control = NULL;
	fake->state->installed_count = count;
	memcpy(fake->state->installed_kinds, fake->kinds, sizeof(int) * (size_t)count);
	memcpy(fake->state->installed_thresholds, fake->thresholds,
	       sizeof(long long) * (size_t)count);
	fake->state->updated_options = *options;
	return PAPI_OK;
}

/* Every target is countable here; the test sees what was asked. */
static int fake_check_target(int component, const struct counting_options *options)
{
	fake_states[component].calls.check_target++;
	fake_states[component].checked_options = *options;
	return PAPI_OK;
}

/* fakekinds' Ek (see fake_component.h). */
static enum component_value_kind fake_kind_of(int k)
{
	return k == 3 || k == 4   ? VALUE_KIND_FP64_SUM
	       : k == 5 || k == 6 ? VALUE_KIND_INSTANT
	                          : VALUE_KIND_INT64_SUM;
}

static long long fake_kinds_value(int k)
{
	long long c = fake_clock + FAKE_FREE_ORIGIN;
	switch (fake_kind_of(k)) {
	case VALUE_KIND_FP64_SUM: {
		double value = (double)(k * c) / 4;
		long long bits;
		memcpy(&bits, &value, sizeof(bits));
		return bits;
	}
	case VALUE_KIND_INSTANT:
		return 1000 * k + fake_clock;
	default:
		return k * c;
	}
}

static void fake_values(const struct fake_control *fake, long long *values)
{
	for (int i = 0; i < fake->count; i++)
		values[i] = fake->value_kinds ? fake_kinds_value(fake->kinds[i])
		            : fake->free_running
		                ? fake->kinds[i] * (fake_clock + FAKE_FREE_ORIGIN)
		                : fake->written[i] + fake->kinds[i] * (fake_clock - fake->mark);
}

/* Counting restarts from zero now. */
static void fake_restart(struct fake_control *fake)
{
	fake->mark = fake_clock;
	memset(fake->written, 0, sizeof(fake->written));
}

static int fake_start(void *control)
{
	struct fake_control *fake = control;
	fake->state->calls.start++;
	if (fake->running || fake->free_running)
		fake_misuse(fake->state, "start");
	if (fake->state->fail_next_start) {
		int status = fake->state->fail_next_start;
		fake->state->fail_next_start = 0;
		return papi_error_set(status, "fake refuses to start (as the test asked)");
	}
	fake->running = true;
	fake_restart(fake);
	return PAPI_OK;
}

static int fake_stop(void *control, long long *values)
{
	struct fake_control *fake = control;
	fake->state->calls.stop++;
	if (!fake->running || fake->free_running)
		fake_misuse(fake->state, "stop");
	if (values)
		fake_values(fake, values);
	fake->running = false;
	return PAPI_OK;
}

/* Times over the ticks since the last start, reset or accum: one
 * nanosecond a tick enabled, running_percent of them running. */
static int fake_event_times(void *control, int index, long long *enabled_ns, long long *running_ns)
{
	const struct fake_control *fake = control;
	if (fake->state->running_percent == 0)
		return papi_error_set(PAPI_ENOSUPP, "fake keeps no times (as the test asked)");
	if (index < 0 || index >= fake->count)
		return papi_error_set(PAPI_EINVAL, "fake has no event %d", index);
	*enabled_ns = fake_clock - fake->mark;
	*running_ns = *enabled_ns * fake->state->running_percent / 100;
	return PAPI_OK;
}

/* Free-running counters may be read at any time; others only running. */
static int fake_read(void *control, long long *values)
{
	struct fake_control *fake = control;
	fake->state->calls.read++;
	if (!fake->running && !fake->free_running)
		fake_misuse(fake->state, "read");
	fake_values(fake, values);
	return PAPI_OK;
}

static enum component_value_kind fake_value_kind(const void *control, int index)
{
	const struct fake_control *fake = control;
	if (!fake->value_kinds || index < 0 || index >= fake->count)
		fake_misuse(fake->state, "value_kind");
	return fake_kind_of(fake->kinds[index]);
}

/* fakekinds' read hands out its values of the moment, as sde's recorders
 * hand out copies; its read_base does not. */
static int fake_kinds_read(void *control, long long *values)
{
	struct fake_control *fake = control;
	int status = fake_read(control, values);
	for (int i = 0; i < fake->count; i++)
		fake->state->copies_handed_out +=
		    fake_kind_of(fake->kinds[i]) == VALUE_KIND_INSTANT;
	return status;
}

static int fake_read_base(void *control, long long *values)
{
	struct fake_control *fake = control;
	fake->state->calls.read_base++;
	if (!fake->value_kinds)
		fake_misuse(fake->state, "read_base");
	fake_values(fake, values);
	for (int i = 0; i < fake->count; i++)
		if (fake_kind_of(fake->kinds[i]) == VALUE_KIND_INSTANT)
			values[i] = 0;
	return PAPI_OK;
}

static int fake_user_read(void *control, long long *values)
{
	struct fake_control *fake = control;
	fake->state->calls.user_read++;
	if (!fake->running)
		fake_misuse(fake->state, "user_read");
	fake_values(fake, values);
	return PAPI_OK;
}

static int fake_accum(void *control, long long *values)
{
	struct fake_control *fake = control;
	fake->state->calls.accum++;
	if (!fake->running || fake->free_running)
		fake_misuse(fake->state, "accum");
	long long deltas[FAKE_MAX_SLOTS];
	fake_values(fake, deltas);
	for (int i = 0; i < fake->count; i++)
		values[i] += deltas[i];
	fake_restart(fake);
	return PAPI_OK;
}

static int fake_reset(void *control)
{
	struct fake_control *fake = control;
	fake->state->calls.reset++;
	if (!fake->running || fake->free_running)
		fake_misuse(fake->state, "reset");
	fake_restart(fake);
	return PAPI_OK;
}

static int fake_write(void *control, const long long *values)
{
	struct fake_control *fake = control;
	fake->state->calls.write++;
	if (!fake->running)
		fake_misuse(fake->state, "write");
	fake->mark = fake_clock;
	memcpy(fake->written, values, sizeof(long long) * (size_t)fake->count);
	return PAPI_OK;
}

bool fake_fire(int native, void *address)
{
	struct fake_control *fake = routed_control;
	if (!fake || !fake->fire || native < 0 || native >= fake->count ||
	    fake->thresholds[native] <= 0)
		return false;
	fake->fire(fake->cookie, native, address, NULL);
	return true;
}

bool fake_fire_signal(int native, void *address)
{
	struct fake_control *fake = routed_control;
	if (!fake || fake->signal_pipe[1] < 0 || native < 0 || native >= fake->count ||
	    fake->thresholds[native] <= 0)
		return false;
	fake->pending_native = native;
	fake->pending_address = address;
	int delivered = fake->state->calls.overflow_signals;
	/* The kernel queues the signal in write(); to the calling thread it is
	 * delivered on the way back from the system call. */
	char byte = 1;
	if (write(fake->signal_pipe[1], &byte, 1) != 1)
		return false;
	return fake->state->calls.overflow_signals == delivered + 1;
}

/* The entry points that must know which fake they belong to. */
#define FAKE_COMPONENT(index, symbol, label, caps, read_op, kind_op, base_op)                      \
	static int symbol##_init(int cidx, PAPI_component_info_t *info)                            \
	{                                                                                          \
		return fake_init(index, info);                                                     \
	}                                                                                          \
	static int symbol##_enum_events(uint64_t *cursor, int modifier, char *name,                \
	                                size_t name_len)                                           \
	{                                                                                          \
		return fake_enum_events(index, cursor, modifier, name, name_len);                  \
	}                                                                                          \
	static int symbol##_resolve_name(const char *name, struct component_resolution *out)       \
	{                                                                                          \
		return fake_resolve_name(index, name, out);                                        \
	}                                                                                          \
	static int symbol##_event_info(const char *name, uint64_t cursor, const void *encoding,    \
	                               PAPI_event_info_t *info)                                    \
	{                                                                                          \
		return fake_event_info(index, name, cursor, encoding, info);                       \
	}                                                                                          \
	static int symbol##_control_init(void *control)                                            \
	{                                                                                          \
		return fake_control_init(index, control);                                          \
	}                                                                                          \
	static int symbol##_check_target(const struct counting_options *options)                   \
	{                                                                                          \
		return fake_check_target(index, options);                                          \
	}                                                                                          \
	static const struct component_ops symbol = {                                               \
	    .name = label,                                                                         \
	    .short_name = label,                                                                   \
	    .description = "Deterministic fake counters for unit tests",                           \
	    .capabilities = caps,                                                                  \
	    .overflow_interrupts = fake_overflow_interrupts,                                       \
	    .overflow_event_interrupts = fake_overflow_event_interrupts,                           \
	    .control_size = sizeof(struct fake_control),                                           \
	    .init = symbol##_init,                                                                 \
	    .shutdown = fake_shutdown,                                                             \
	    .enum_events = symbol##_enum_events,                                                   \
	    .resolve_name = symbol##_resolve_name,                                                 \
	    .release_encoding = fake_release_encoding,                                             \
	    .event_info = symbol##_event_info,                                                     \
	    .check_event = fake_check_event,                                                       \
	    .control_init = symbol##_control_init,                                                 \
	    .control_cleanup = fake_control_cleanup,                                               \
	    .control_update = fake_control_update,                                                 \
	    .start = fake_start,                                                                   \
	    .stop = fake_stop,                                                                     \
	    .read = read_op,                                                                       \
	    .accum = fake_accum,                                                                   \
	    .reset = fake_reset,                                                                   \
	    .write = fake_write,                                                                   \
	    .user_read = fake_user_read,                                                           \
	    .check_target = symbol##_check_target,                                                 \
	    .value_kind = kind_op,                                                                 \
	    .read_base = base_op,                                                                  \
	    .event_times = fake_event_times,                                                       \
	}

/* Every fake has the write and user_read ops: the core may call them only
 * where the capability says so. */
FAKE_COMPONENT(FAKE_PLAIN, plain_component, "fake", 0, fake_read, NULL, NULL);
FAKE_COMPONENT(FAKE_PLAIN2, plain2_component, "fake2", 0, fake_read, NULL, NULL);
FAKE_COMPONENT(FAKE_FREE_RUNNING, free_running_component, "fakefree", CAP_FREE_RUNNING, fake_read,
               NULL, NULL);
FAKE_COMPONENT(FAKE_USER_READ, user_read_component, "fakeuser", CAP_USER_READ, fake_read, NULL,
               NULL);
FAKE_COMPONENT(FAKE_WRITE, write_component, "fakewrite", CAP_WRITE, fake_read, NULL, NULL);
FAKE_COMPONENT(FAKE_USER_OVERFLOW, user_overflow_component, "fakeebb", CAP_USER_OVERFLOW, fake_read,
               NULL, NULL);
FAKE_COMPONENT(FAKE_HW_OVERFLOW, hw_overflow_component, "fakeintr", CAP_HW_OVERFLOW, fake_read,
               NULL, NULL);
FAKE_COMPONENT(FAKE_KERNEL_MULTIPLEX, kernel_multiplex_component, "fakekmpx", CAP_KERNEL_MULTIPLEX,
               fake_read, NULL, NULL);
FAKE_COMPONENT(FAKE_ATTACH, attach_component, "fakeattach", CAP_ATTACH, fake_read, NULL, NULL);
FAKE_COMPONENT(FAKE_CPU, cpu_component, "fakecpu", CAP_CPU, fake_read, NULL, NULL);
FAKE_COMPONENT(FAKE_INHERIT, inherit_component, "fakeinherit", CAP_INHERIT, fake_read, NULL, NULL);
FAKE_COMPONENT(FAKE_VALUE_KINDS, value_kinds_component, "fakekinds", CAP_FREE_RUNNING,
               fake_kinds_read, fake_value_kind, fake_read_base);
FAKE_COMPONENT(FAKE_NO_MULTIPLEX, no_multiplex_component, "fakenompx", CAP_NO_MULTIPLEX, fake_read,
               NULL, NULL);

/* Replaces src/registry/components.c, which libpapillon_core.la leaves out. */
const struct component_ops *const papillon_components[] = {
    [FAKE_PLAIN] = &plain_component,
    [FAKE_PLAIN2] = &plain2_component,
    [FAKE_FREE_RUNNING] = &free_running_component,
    [FAKE_USER_READ] = &user_read_component,
    [FAKE_WRITE] = &write_component,
    [FAKE_USER_OVERFLOW] = &user_overflow_component,
    [FAKE_HW_OVERFLOW] = &hw_overflow_component,
    [FAKE_KERNEL_MULTIPLEX] = &kernel_multiplex_component,
    [FAKE_ATTACH] = &attach_component,
    [FAKE_CPU] = &cpu_component,
    [FAKE_INHERIT] = &inherit_component,
    [FAKE_VALUE_KINDS] = &value_kinds_component,
    [FAKE_NO_MULTIPLEX] = &no_multiplex_component,
};
const int papillon_component_count =
    (int)(sizeof(papillon_components) / sizeof(papillon_components[0]));
