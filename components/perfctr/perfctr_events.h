// SPDX-License-Identifier: BSD-3-Clause
/* Native events of the perfctr component, per CPU family: tables of facts
 * (name, event select, unit mask, the counters that can count it) from
 * the processor manuals, as data (perfctr_events.c). */
#ifndef PAPILLON_PERFCTR_EVENTS_H
#define PAPILLON_PERFCTR_EVENTS_H

#include <stddef.h>
#include <stdint.h>

#include "kernel/x86_driver.h"

/* Intel fixed counter n, as an event's counter mask bit. */
#define PERFCTR_EVENT_FIXED(n) (1u << (16 + (n)))

/* P4 replay tagging: what a REPLAY_EVENT metric writes to PEBS_ENABLE
 * (UOP_TAG and the metric's bit) and PEBS_MATRIX_VERT. One control has
 * one of each: a set holds one metric. */
struct perfctr_p4_tagging {
	uint32_t pebs_enable;
	uint32_t pebs_matrix_vert;
};

struct perfctr_event {
	const char *name;
	uint8_t event; /* event select */
	uint8_t umask; /* unit mask */
	/* Counters it may use: bit n for general counter n, then
	 * PERFCTR_EVENT_FIXED(n); 0: any general counter. */
	uint32_t counters;
	const char *description;
	/* P4 only: event is the ESCR's event select; these are the ESCR's
	 * event mask and the CCCR's ESCR_SELECT of the ESCR that counts it. */
	uint16_t escr_mask;
	uint8_t escr_select;
	const struct perfctr_p4_tagging *tagging; /* P4 replay tagging, or NULL */
};

struct perfctr_event_table {
	enum perfctr_x86_family_id family;
	const char *key; /* the preset key, "perfctr:<key>" */
	const struct perfctr_event *events;
	size_t count;
};

/* The table of a family (the P5's: the P5MMX's); NULL where none is
 * written (the WinChip, the generic driver). Every family but the WinChip
 * has the TSC as a native of its own. */
const struct perfctr_event_table *perfctr_events_of(enum perfctr_x86_family_id family);
/* The table of the CPU perfctr_info.cpu_type names: the P5 before MMX
 * has the first events of the P5MMX's. */
const struct perfctr_event_table *perfctr_events_of_cpu_type(uint32_t cpu_type,
                                                             enum perfctr_x86_family_id family);

#endif
