// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/* perfctr 2.6's tagged structure encoding (perfctr_marshal.h), and the
 * ABI's tags as tables. */
#include "perfctr_marshal.h"

#define U32(tag, type_, member)                                                                    \
	{                                                                                          \
		(tag), (uint16_t)offsetof(type_, member), PERFCTR_MARSHAL_U32,                     \
		    (uint8_t)(sizeof(((type_ *)0)->member) / 4)                                    \
	}
#define U64(tag, type_, member)                                                                    \
	{                                                                                          \
		(tag), (uint16_t)offsetof(type_, member), PERFCTR_MARSHAL_U64,                     \
		    (uint8_t)(sizeof(((type_ *)0)->member) / 8)                                    \
	}

/* struct perfctr_cpu_control's tags (x86: 38-40 are the P4's), as a part
 * of the structure type_ at its member. */
#define CPU_CONTROL_FIELDS(type_, m)                                                               \
	U32(32, type_, m.tsc_on), U32(33, type_, m.nractrs), U32(34, type_, m.nrictrs),            \
	    U32(35, type_, m.pmc_map), U32(36, type_, m.evntsel), U32(37, type_, m.ireset),        \
	    U32(38, type_, m.p4.escr), U32(39, type_, m.p4.pebs_enable),                           \
	    U32(40, type_, m.p4.pebs_matrix_vert), U32(41, type_, m._reserved1),                   \
	    U32(42, type_, m._reserved2), U32(43, type_, m._reserved3),                            \
	    U32(44, type_, m._reserved4)
#define SUM_CTRS_FIELDS(type_, m) U64(48, type_, m.tsc), U64(49, type_, m.pmc)

#define LAYOUT(var, type_, table)                                                                  \
	const struct perfctr_marshal_layout var = {#type_, sizeof(type_), table,                   \
	                                           sizeof(table) / sizeof(table[0])}

static const struct perfctr_marshal_field info_fields[] = {
    U32(0, struct perfctr_info, abi_version), U32(1, struct perfctr_info, driver_version),
    U32(2, struct perfctr_info, cpu_type),    U32(3, struct perfctr_info, cpu_features),
    U32(4, struct perfctr_info, cpu_khz),     U32(5, struct perfctr_info, tsc_to_cpu_mult),
    U32(6, struct perfctr_info, _reserved2),  U32(7, struct perfctr_info, _reserved3),
    U32(8, struct perfctr_info, _reserved4),
};
LAYOUT(perfctr_info_layout, struct perfctr_info, info_fields);

/* A sum_ctrs on its own: its members at offset 0 of a wrapper. */
struct sum_ctrs_alone {
	struct perfctr_sum_ctrs s;
};
static const struct perfctr_marshal_field sum_ctrs_fields[] = {
    SUM_CTRS_FIELDS(struct sum_ctrs_alone, s),
};
const struct perfctr_marshal_layout perfctr_sum_ctrs_layout = {
    "struct perfctr_sum_ctrs", sizeof(struct perfctr_sum_ctrs), sum_ctrs_fields,
    sizeof(sum_ctrs_fields) / sizeof(sum_ctrs_fields[0])};

static const struct perfctr_marshal_field vperfctr_control_fields[] = {
    U32(9, struct vperfctr_control, si_signo),
    U32(10, struct vperfctr_control, preserve),
    U32(11, struct vperfctr_control, flags),
    U32(12, struct vperfctr_control, _reserved2),
    U32(13, struct vperfctr_control, _reserved3),
    U32(14, struct vperfctr_control, _reserved4),
    CPU_CONTROL_FIELDS(struct vperfctr_control, cpu_control),
};
LAYOUT(vperfctr_control_layout, struct vperfctr_control, vperfctr_control_fields);

static const struct perfctr_marshal_field gperfctr_cpu_control_fields[] = {
    U32(15, struct gperfctr_cpu_control, cpu),
    U32(16, struct gperfctr_cpu_control, _reserved1),
    U32(17, struct gperfctr_cpu_control, _reserved2),
    U32(18, struct gperfctr_cpu_control, _reserved3),
    U32(19, struct gperfctr_cpu_control, _reserved4),
    CPU_CONTROL_FIELDS(struct gperfctr_cpu_control, cpu_control),
};
LAYOUT(gperfctr_cpu_control_layout, struct gperfctr_cpu_control, gperfctr_cpu_control_fields);

#define CPU_STATE_OWN_FIELDS                                                                       \
	U32(20, struct gperfctr_cpu_state, cpu), U32(21, struct gperfctr_cpu_state, _reserved1),   \
	    U32(22, struct gperfctr_cpu_state, _reserved2),                                        \
	    U32(23, struct gperfctr_cpu_state, _reserved3),                                        \
	    U32(24, struct gperfctr_cpu_state, _reserved4)
static const struct perfctr_marshal_field gperfctr_cpu_state_only_cpu_fields[] = {
    CPU_STATE_OWN_FIELDS,
};
LAYOUT(gperfctr_cpu_state_only_cpu_layout, struct gperfctr_cpu_state,
       gperfctr_cpu_state_only_cpu_fields);
static const struct perfctr_marshal_field gperfctr_cpu_state_fields[] = {
    CPU_STATE_OWN_FIELDS,
    CPU_CONTROL_FIELDS(struct gperfctr_cpu_state, cpu_control),
    SUM_CTRS_FIELDS(struct gperfctr_cpu_state, sum),
};
LAYOUT(gperfctr_cpu_state_layout, struct gperfctr_cpu_state, gperfctr_cpu_state_fields);

static uint32_t words_of(uint8_t type)
{
	return type == PERFCTR_MARSHAL_U64 ? 2 : 1;
}

uint32_t perfctr_marshal_max_words(const struct perfctr_marshal_layout *layout)
{
	uint32_t words = 0;

	for (unsigned f = 0; f < layout->nr_fields; f++)
		words += layout->fields[f].count * (1 + words_of(layout->fields[f].type));
	return words;
}

/* The loops below are on the ioctl read's path (VPERFCTR_READ_SUM, in the
 * kernel and in the component): one loop per item type, so that each item
 * is one load of a constant size (memcpy: it may sit at any offset) and
 * the zero ones cost a test. */
int perfctr_marshal_encode_prefix(const struct perfctr_marshal_layout *layout, const void *src,
                                  size_t prefix, uint32_t *words, uint32_t room, uint32_t *used)
{
	const unsigned char *base = src;
	uint32_t pos = 0;

	for (unsigned f = 0; f < layout->nr_fields; f++) {
		const struct perfctr_marshal_field *field = &layout->fields[f];
		const unsigned char *at = base + field->offset;
		size_t bytes = (size_t)field->count << (2 + field->type);
		const unsigned char *end;

		if (field->offset >= prefix)
			continue;
		end = field->offset + bytes <= prefix ? at + bytes : base + prefix;
		/* The item number sits in bits 15:1: the next item's header
		 * is this one's plus 2. */
		uint32_t header = PERFCTR_MARSHAL_HEADER(field->type, field->tag, 0);

		if (field->type == PERFCTR_MARSHAL_U64) {
			for (; at < end; at += 8, header += 2) {
				uint64_t value;

				memcpy(&value, at, sizeof(value));
				if (!value)
					continue; /* zero items are not sent */
				if (pos + 3 <= room) {
					words[pos] = header;
					words[pos + 1] = (uint32_t)value; /* the low word first */
					words[pos + 2] = (uint32_t)(value >> 32);
				}
				pos += 3;
			}
		} else {
			for (; at < end; at += 4, header += 2) {
				uint32_t value;

				memcpy(&value, at, sizeof(value));
				if (!value)
					continue;
				if (pos + 2 <= room) {
					words[pos] = header;
					words[pos + 1] = value;
				}
				pos += 2;
			}
		}
	}
	*used = pos;
	return pos <= room ? 0 : -EOVERFLOW;
}

int perfctr_marshal_encode(const struct perfctr_marshal_layout *layout, const void *src,
                           uint32_t *words, uint32_t room, uint32_t *used)
{
	return perfctr_marshal_encode_prefix(layout, src, layout->size, words, room, used);
}

static const struct perfctr_marshal_field *field_of(const struct perfctr_marshal_layout *layout,
                                                    uint32_t tag)
{
	for (unsigned f = 0; f < layout->nr_fields; f++)
		if (layout->fields[f].tag == tag)
			return &layout->fields[f];
	return NULL;
}

int perfctr_marshal_decode(const struct perfctr_marshal_layout *layout, void *dst,
                           const uint32_t *words, uint32_t count)
{
	unsigned char *base = dst;
	uint32_t pos = 0;

	memset(dst, 0, layout->size);
	while (pos < count) {
		uint32_t header = words[pos++];
		uint32_t type = header & 1, item = (header >> 1) & 0x7FFF;
		const struct perfctr_marshal_field *field = field_of(layout, header >> 16);

		if (!field || field->type != type || item >= field->count || count - pos < 1 + type)
			return -EPROTO;
		if (type == PERFCTR_MARSHAL_U64) {
			uint64_t value = words[pos] | (uint64_t)words[pos + 1] << 32;

			memcpy(base + field->offset + item * 8, &value, sizeof(value));
			pos += 2;
		} else {
			memcpy(base + field->offset + item * 4, &words[pos], sizeof(uint32_t));
			pos += 1;
		}
	}
	return 0;
}
