// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/* perfctr 2.6's encoding of the structures a perfctr_struct_buf carries:
 * field by field, each non-zero item as a header word (tag << 16 |
 * item << 1 | type, type 0 for 32 bits, 1 for 64) and its value (one
 * word, or two, the low one first). A decoder zeroes the structure, then
 * sets each item it reads, in any order. The layouts below are the ABI's
 * tags as data (doc/perfctr.md). No kernel call: the module, the component
 * and the tests share it. */
#ifndef PAPILLON_PERFCTR_MARSHAL_H
#define PAPILLON_PERFCTR_MARSHAL_H

#ifdef __KERNEL__
#include <linux/errno.h>
#include <linux/stddef.h>
#include <linux/string.h>
#include <linux/types.h>
#else
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#endif

#include "perfctr_abi.h"

#define PERFCTR_MARSHAL_U32 0
#define PERFCTR_MARSHAL_U64 1

#define PERFCTR_MARSHAL_HEADER(type, tag, item)                                                    \
	((uint32_t)(tag) << 16 | (uint32_t)(item) << 1 | (uint32_t)(type))

/* One field of a structure (an array of count items, or one). */
struct perfctr_marshal_field {
	uint16_t tag;
	uint16_t offset; /* in the top-level structure */
	uint8_t type;    /* PERFCTR_MARSHAL_U32 or _U64 */
	uint8_t count;
};

/* A structure, its sub-structures' fields included, in encoding order. */
struct perfctr_marshal_layout {
	const char *name;
	size_t size;
	const struct perfctr_marshal_field *fields;
	unsigned nr_fields;
};

extern const struct perfctr_marshal_layout perfctr_info_layout;
extern const struct perfctr_marshal_layout perfctr_sum_ctrs_layout;
extern const struct perfctr_marshal_layout vperfctr_control_layout;
extern const struct perfctr_marshal_layout gperfctr_cpu_control_layout;
/* GPERFCTR_READ's argument: only the cpu and reserved words of a state. */
extern const struct perfctr_marshal_layout gperfctr_cpu_state_only_cpu_layout;
extern const struct perfctr_marshal_layout gperfctr_cpu_state_layout;

/* The most words any layout's encoding takes: gperfctr_cpu_state's (5
 * words of its own, 81 of its control, 19 sums of 64 bits), the largest;
 * the tests check it. Buffers of this size can live on the stack. */
#define PERFCTR_MARSHAL_MAX_WORDS (5 * 2 + 81 * 2 + 19 * 3)

/* The most words an encoding of the layout takes (every item non-zero). */
uint32_t perfctr_marshal_max_words(const struct perfctr_marshal_layout *layout);

/* Encodes src into words (room of them); *used is the words it takes.
 * -EOVERFLOW when room is short (*used still says how many). */
int perfctr_marshal_encode(const struct perfctr_marshal_layout *layout, const void *src,
                           uint32_t *words, uint32_t room, uint32_t *used);

/* The same for the items that start in src's first prefix bytes, the
 * others being zero (the caller knows it; VPERFCTR_READ_SUM's sums past
 * the counters in use): they are not looked at. */
int perfctr_marshal_encode_prefix(const struct perfctr_marshal_layout *layout, const void *src,
                                  size_t prefix, uint32_t *words, uint32_t room, uint32_t *used);

/* Decodes count words into dst (zeroed first). -EPROTO for an unknown
 * tag, an item beyond the field, a 64-bit datum for a 32-bit field or the
 * reverse, or a datum cut short. */
int perfctr_marshal_decode(const struct perfctr_marshal_layout *layout, void *dst,
                           const uint32_t *words, uint32_t count);

#endif
