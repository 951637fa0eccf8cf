// SPDX-License-Identifier: BSD-3-Clause
/* The native events' tables and names: see rv_events.h. The cursor is a
 * position in one flat list: time, the general events, the cache events
 * (cache x operation x result), the firmware events. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "rv_events.h"
#include "rv_sbi.h"

/* SBI hardware general events, indexed by their code (0 is none). */
static const struct {
	const char *name;
	const char *what;
} general_events[] = {
    {NULL, NULL},
    {"cpu-cycles", "CPU cycles"},
    {"instructions", "instructions retired"},
    {"cache-references", "cache accesses"},
    {"cache-misses", "cache misses"},
    {"branch-instructions", "branch instructions retired"},
    {"branch-misses", "mispredicted branch instructions"},
    {"bus-cycles", "bus cycles"},
    {"stalled-cycles-frontend", "cycles the front end stalled"},
    {"stalled-cycles-backend", "cycles the back end stalled"},
    {"ref-cycles", "reference cycles, at a constant rate"},
};
#define GENERAL_EVENTS (sizeof(general_events) / sizeof(general_events[0]) - 1)

/* SBI cache ids, in their order. */
static const struct {
	const char *name;
	const char *what;
} caches[] = {
    {"L1-dcache", "level 1 data cache"}, {"L1-icache", "level 1 instruction cache"},
    {"LLC", "last level cache"},         {"dTLB", "data TLB"},
    {"iTLB", "instruction TLB"},         {"branch", "branch predictor"},
    {"node", "local memory node"},
};
#define CACHES (sizeof(caches) / sizeof(caches[0]))

/* SBI cache operations (read, write, prefetch), each with perf's access
 * and miss words. */
static const struct {
	const char *accesses;
	const char *misses;
	const char *what;
} cache_ops[] = {
    {"loads", "load-misses", "reads"},
    {"stores", "store-misses", "writes"},
    {"prefetches", "prefetch-misses", "prefetches"},
};
#define CACHE_OPS     (sizeof(cache_ops) / sizeof(cache_ops[0]))
#define CACHE_RESULTS 2u /* access, miss */
#define CACHE_EVENTS  (CACHES * CACHE_OPS * CACHE_RESULTS)

/* SBI firmware events, indexed by their code. */
static const char *const firmware_events[] = {
    "FW_MISALIGNED_LOAD",
    "FW_MISALIGNED_STORE",
    "FW_ACCESS_LOAD",
    "FW_ACCESS_STORE",
    "FW_ILLEGAL_INSN",
    "FW_SET_TIMER",
    "FW_IPI_SENT",
    "FW_IPI_RECEIVED",
    "FW_FENCE_I_SENT",
    "FW_FENCE_I_RECEIVED",
    "FW_SFENCE_VMA_SENT",
    "FW_SFENCE_VMA_RECEIVED",
    "FW_SFENCE_VMA_ASID_SENT",
    "FW_SFENCE_VMA_ASID_RECEIVED",
    "FW_HFENCE_GVMA_SENT",
    "FW_HFENCE_GVMA_RECEIVED",
    "FW_HFENCE_GVMA_VMID_SENT",
    "FW_HFENCE_GVMA_VMID_RECEIVED",
    "FW_HFENCE_VVMA_SENT",
    "FW_HFENCE_VVMA_RECEIVED",
    "FW_HFENCE_VVMA_ASID_SENT",
    "FW_HFENCE_VVMA_ASID_RECEIVED",
};
#define FIRMWARE_EVENTS (sizeof(firmware_events) / sizeof(firmware_events[0]))

/* Where each part of the list starts. */
#define FIRST_GENERAL  1u
#define FIRST_CACHE    (FIRST_GENERAL + GENERAL_EVENTS)
#define FIRST_FIRMWARE (FIRST_CACHE + CACHE_EVENTS)
#define EVENT_COUNT    (FIRST_FIRMWARE + FIRMWARE_EVENTS)

uint64_t rv_event_first(void)
{
	return 0;
}

unsigned rv_event_count(void)
{
	return EVENT_COUNT;
}

bool rv_event_next(uint64_t cursor, uint64_t *next)
{
	if (cursor + 1 >= EVENT_COUNT)
		return false;
	*next = cursor + 1;
	return true;
}

/* A cache event's parts from its position among the cache events. */
static void cache_parts(unsigned position, unsigned *cache, unsigned *op, unsigned *result)
{
	*result = position % CACHE_RESULTS;
	*op = position / CACHE_RESULTS % CACHE_OPS;
	*cache = position / (CACHE_RESULTS * CACHE_OPS);
}

/* The name without prefix and the event of an enumerated cursor. */
static bool listed_event(uint64_t cursor, char *name, size_t name_len, struct rv_event *event)
{
	*event = (struct rv_event){.fixed_counter = RV_EVENT_NO_FIXED_COUNTER};
	if (cursor == 0) {
		snprintf(name, name_len, "time");
		event->is_time = true;
		event->fixed_counter = 1;
	} else if (cursor < FIRST_CACHE) {
		unsigned code = (unsigned)cursor;
		snprintf(name, name_len, "%s", general_events[code].name);
		event->event_index = RV_SBI_EVENT_INDEX(RV_SBI_TYPE_HARDWARE, code);
		if (code == 1)
			event->fixed_counter = 0; /* cycle */
		else if (code == 2)
			event->fixed_counter = 2; /* instret */
	} else if (cursor < FIRST_FIRMWARE) {
		unsigned cache, op, result;
		cache_parts((unsigned)(cursor - FIRST_CACHE), &cache, &op, &result);
		snprintf(name, name_len, "%s-%s", caches[cache].name,
		         result ? cache_ops[op].misses : cache_ops[op].accesses);
		event->event_index =
		    RV_SBI_EVENT_INDEX(RV_SBI_TYPE_CACHE, RV_SBI_CACHE_CODE(cache, op, result));
	} else if (cursor < EVENT_COUNT) {
		unsigned code = (unsigned)(cursor - FIRST_FIRMWARE);
		snprintf(name, name_len, "%s", firmware_events[code]);
		event->event_index = RV_SBI_EVENT_INDEX(RV_SBI_TYPE_FIRMWARE, code);
	} else {
		return false;
	}
	return true;
}

bool rv_event_of_cursor(uint64_t cursor, char *name, size_t name_len, struct rv_event *event)
{
	char bare[64];
	if (cursor & RV_EVENT_RAW_CURSOR) {
		uint64_t selector = cursor & ~RV_EVENT_RAW_CURSOR;
		if (selector > RV_EVENT_RAW_MAX)
			return false;
		*event = (struct rv_event){
		    .event_index = RV_SBI_EVENT_INDEX(RV_SBI_TYPE_RAW, 0),
		    .event_data = (unsigned long)selector,
		    .fixed_counter = RV_EVENT_NO_FIXED_COUNTER,
		};
		snprintf(name, name_len, RV_EVENT_PREFIX "r%llx", (unsigned long long)selector);
		return true;
	}
	if (!listed_event(cursor, bare, sizeof(bare), event))
		return false;
	snprintf(name, name_len, RV_EVENT_PREFIX "%s", bare);
	return true;
}

void rv_event_describe(uint64_t cursor, char *text, size_t text_len)
{
	if (cursor & RV_EVENT_RAW_CURSOR) {
		snprintf(text, text_len,
		         "Raw event: selector %#llx as the hart's mhpmevent takes it",
		         (unsigned long long)(cursor & ~RV_EVENT_RAW_CURSOR));
	} else if (cursor == 0) {
		snprintf(text, text_len,
		         "Time: the time CSR, ticking at the device tree's timebase-frequency");
	} else if (cursor < FIRST_CACHE) {
		snprintf(text, text_len, "SBI PMU general event %u: %s", (unsigned)cursor,
		         general_events[cursor].what);
	} else if (cursor < FIRST_FIRMWARE) {
		unsigned cache, op, result;
		cache_parts((unsigned)(cursor - FIRST_CACHE), &cache, &op, &result);
		snprintf(text, text_len, "SBI PMU cache event: %s %s, %s", caches[cache].what,
		         cache_ops[op].what, result ? "misses" : "accesses");
	} else if (cursor < EVENT_COUNT) {
		snprintf(text, text_len, "SBI PMU firmware event %u: counted by the SBI firmware",
		         (unsigned)(cursor - FIRST_FIRMWARE));
	} else {
		snprintf(text, text_len, "no such event");
	}
}

/* perf's raw syntax: "r" and 1 to 12 hex digits (48 bits). */
static bool parse_raw(const char *bare, uint64_t *selector)
{
	if ((bare[0] != 'r' && bare[0] != 'R') || !isxdigit((unsigned char)bare[1]))
		return false;
	for (const char *c = bare + 1; *c; c++)
		if (!isxdigit((unsigned char)*c))
			return false;
	if (strlen(bare + 1) > 12)
		return false;
	errno = 0;
	*selector = strtoull(bare + 1, NULL, 16);
	return errno == 0;
}

bool rv_event_parse(const char *name, struct rv_event *event, uint64_t *cursor, char *canonical,
                    size_t canonical_len, char *reason, size_t reason_len)
{
	const char *bare = name;
	if (strncasecmp(name, RV_EVENT_PREFIX, strlen(RV_EVENT_PREFIX)) == 0)
		bare += strlen(RV_EVENT_PREFIX);
	uint64_t selector;
	if (parse_raw(bare, &selector)) {
		*cursor = RV_EVENT_RAW_CURSOR | selector;
		return rv_event_of_cursor(*cursor, canonical, canonical_len, event);
	}
	char listed[64];
	for (uint64_t c = 0; c < EVENT_COUNT; c++) {
		if (listed_event(c, listed, sizeof(listed), event) &&
		    strcasecmp(listed, bare) == 0) {
			*cursor = c;
			return rv_event_of_cursor(c, canonical, canonical_len, event);
		}
	}
	snprintf(reason, reason_len,
	         "'%s' is no riscv event: the SBI PMU's standard events under perf's names "
	         "(instructions, L1-dcache-load-misses, FW_SET_TIMER, ...), r<hex> for a raw "
	         "selector of up to 48 bits, or time",
	         name);
	return false;
}
