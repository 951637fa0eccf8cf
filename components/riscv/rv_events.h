// SPDX-License-Identifier: BSD-3-Clause
/* The riscv component's native events, as data: the SBI PMU's standard
 * events under the names perf users know (hardware general events, cache
 * events as cache/operation/result, firmware events), perf's raw syntax
 * "r<hex>", and time. Pure naming: no hardware is touched, so the tables
 * are checked on any host. */
#ifndef PAPILLON_RV_EVENTS_H
#define PAPILLON_RV_EVENTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define RV_EVENT_PREFIX "riscv:::"
/* An SBI raw event (type 2) carries a 48-bit selector. */
#define RV_EVENT_RAW_MAX ((1ull << 48) - 1)
/* Raw events' cursors: this bit and the selector (never enumerated). */
#define RV_EVENT_RAW_CURSOR       (1ull << 63)
#define RV_EVENT_NO_FIXED_COUNTER UINT32_MAX

struct rv_event {
	unsigned long event_index; /* SBI event index (type << 16 | code) */
	unsigned long event_data;  /* raw events: the selector */
	/* Time, cycles, instructions: the fixed counter (1, 0, 2) a csrr reads
	 * when the kernel opened it to user space; else NO_FIXED_COUNTER. */
	uint32_t fixed_counter;
	bool is_time; /* not an SBI event: rdtime, always open to user space */
};

/* The enumeration: the first cursor, and the one after cursor; false at
 * the end. */
uint64_t rv_event_first(void);
bool rv_event_next(uint64_t cursor, uint64_t *next);
unsigned rv_event_count(void);
/* The canonical name ("riscv:::L1-dcache-load-misses") and the event of a
 * cursor; false for a cursor no event has. */
bool rv_event_of_cursor(uint64_t cursor, char *name, size_t name_len, struct rv_event *event);
/* What the event counts, in words. */
void rv_event_describe(uint64_t cursor, char *text, size_t text_len);
/* A name, with or without the prefix, in any case: the event, its cursor
 * and canonical name; false (with a reason) for a name no event has. */
bool rv_event_parse(const char *name, struct rv_event *event, uint64_t *cursor, char *canonical,
                    size_t canonical_len, char *reason, size_t reason_len);

#endif
