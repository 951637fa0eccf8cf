/* Fake components for the event-set unit tests (see fake_component.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "papi.h"
#include "component.h"
#include "error.h"
#include "fake_component.h"

struct fake_state fake_states[2];

static long long fake_clock;

struct fake_encoding {
	int component; /* index into fake_states */
	int kind;      /* Ek counts k per tick */
};

struct fake_control {
	struct fake_state *state;
	int count;
	int kinds[FAKE_MAX_SLOTS];
	bool running;
	long long mark; /* clock at the last start, reset or accum */
};

void fake_advance(long long ticks)
{
	fake_clock += ticks;
}

void fake_reset_state(void)
{
	for (int c = 0; c < 2; c++) {
		int live = fake_states[c].live_encodings;
		memset(&fake_states[c], 0, sizeof(fake_states[c]));
		fake_states[c].live_encodings = live;
		fake_states[c].max_events = FAKE_MAX_SLOTS;
	}
}

static const char *const fake_names[2] = {"fake", "fake2"};

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
	fake->state->calls.control_init++;
	return PAPI_OK;
}

static void fake_control_cleanup(void *control)
{
	struct fake_control *fake = control;
	fake->state->calls.control_cleanup++;
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
	if (fake->running)
		fake_misuse(fake->state, "control_update");
	if (count > fake->state->max_events || count > FAKE_MAX_SLOTS)
		return papi_error_set(PAPI_ECNFLCT, "fake holds at most %d events",
		                      fake->state->max_events);
	fake->count = count;
	for (int i = 0; i < count; i++)
		fake->kinds[i] = ((const struct fake_encoding *)events[i].encoding)->kind;
	fake->state->installed_count = count;
	memcpy(fake->state->installed_kinds, fake->kinds, sizeof(int) * (size_t)count);
	return PAPI_OK;
}

static void fake_values(const struct fake_control *fake, long long *values)
{
	for (int i = 0; i < fake->count; i++)
		values[i] = fake->kinds[i] * (fake_clock - fake->mark);
}

static int fake_start(void *control)
{
	struct fake_control *fake = control;
	fake->state->calls.start++;
	if (fake->running)
		fake_misuse(fake->state, "start");
	if (fake->state->fail_next_start) {
		int status = fake->state->fail_next_start;
		fake->state->fail_next_start = 0;
		return papi_error_set(status, "fake refuses to start (as the test asked)");
	}
	fake->running = true;
	fake->mark = fake_clock;
	return PAPI_OK;
}

static int fake_stop(void *control, long long *values)
{
	struct fake_control *fake = control;
	fake->state->calls.stop++;
	if (!fake->running)
		fake_misuse(fake->state, "stop");
	if (values)
		fake_values(fake, values);
	fake->running = false;
	return PAPI_OK;
}

static int fake_read(void *control, long long *values)
{
	struct fake_control *fake = control;
	fake->state->calls.read++;
	if (!fake->running)
		fake_misuse(fake->state, "read");
	fake_values(fake, values);
	return PAPI_OK;
}

static int fake_accum(void *control, long long *values)
{
	struct fake_control *fake = control;
	fake->state->calls.accum++;
	if (!fake->running)
		fake_misuse(fake->state, "accum");
	long long deltas[FAKE_MAX_SLOTS];
	fake_values(fake, deltas);
	for (int i = 0; i < fake->count; i++)
		values[i] += deltas[i];
	fake->mark = fake_clock;
	return PAPI_OK;
}

static int fake_reset(void *control)
{
	struct fake_control *fake = control;
	fake->state->calls.reset++;
	if (!fake->running)
		fake_misuse(fake->state, "reset");
	fake->mark = fake_clock;
	return PAPI_OK;
}

static int fake_write(void *control, const long long *values)
{
	struct fake_control *fake = control;
	fake->state->calls.write++;
	return papi_error_set(PAPI_ENOSUPP, "fake counters cannot be written");
}

/* The entry points that must know which fake they belong to. */
#define FAKE_COMPONENT(index, symbol, label)                                                       \
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
	static const struct component_ops symbol = {                                               \
	    .name = label,                                                                         \
	    .short_name = label,                                                                   \
	    .description = "Deterministic fake counters for unit tests",                           \
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
	    .read = fake_read,                                                                     \
	    .accum = fake_accum,                                                                   \
	    .reset = fake_reset,                                                                   \
	    .write = fake_write,                                                                   \
	}

FAKE_COMPONENT(0, fake_component, "fake");
FAKE_COMPONENT(1, fake2_component, "fake2");

/* Replaces src/components.c, which libpapillon_core.la leaves out. */
const struct component_ops *const papillon_components[] = {
    &fake_component,
    &fake2_component,
};
const int papillon_component_count =
    (int)(sizeof(papillon_components) / sizeof(papillon_components[0]));
