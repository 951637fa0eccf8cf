// SPDX-License-Identifier: BSD-3-Clause
/* The component's native events: the TSC, which every perfctr CPU has,
 * then the event table of the CPU's family (perfctr_events.c). Names are
 * "perfctr:::NAME". */
#ifndef PAPILLON_PERFCTR_NATIVES_H
#define PAPILLON_PERFCTR_NATIVES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "papi.h"
#include "perfctr_events.h"

#define PERFCTR_NATIVE_PREFIX "perfctr:::"

/* An encoding: the TSC (event NULL), or an event of the table. */
struct perfctr_native {
	const struct perfctr_event *event;
};

/* The family perfctr_info.cpu_type names, for its event table. */
enum perfctr_x86_family_id perfctr_family_of_cpu_type(uint32_t cpu_type);
/* Chooses the table (NULL: none), and whether the TSC is a native (not
 * on the WinChip, whose driver refuses it). */
void perfctr_natives_select(const struct perfctr_event_table *table, bool tsc);

int perfctr_natives_enum(uint64_t *cursor, int modifier, char *name, size_t name_len);
/* out->encoding is a static struct perfctr_native: nothing to free. */
int perfctr_natives_resolve(const char *name, uint64_t *cursor, const void **encoding);
int perfctr_natives_info(const char *name, uint64_t cursor, PAPI_event_info_t *info);

#endif
