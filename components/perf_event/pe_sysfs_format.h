// SPDX-License-Identifier: BSD-3-Clause
/* The format/ files of a sysfs PMU: which bits of config, config1 or config2
 * a named field occupies, e.g. "config:0-7,32-35". Separate from
 * pe_names_sysfs.c so the parser can be tested on strings. */
#ifndef PAPILLON_PE_SYSFS_FORMAT_H
#define PAPILLON_PE_SYSFS_FORMAT_H

#include <perfmon/pfmlib_perf_event.h>
#include <stdbool.h>
#include <stdint.h>

#define PE_FORMAT_MAX_RANGES 4

struct pe_format_field {
	char name[32];
	int config_word; /* 0: config, 1: config1, 2: config2 */
	int range_count;
	int low[PE_FORMAT_MAX_RANGES];
	int high[PE_FORMAT_MAX_RANGES];
};

/* Parses one format file ("config1:9"); false unless the whole text is a
 * valid field of at most PE_FORMAT_MAX_RANGES bit ranges. */
bool pe_format_parse(const char *name, const char *spec, struct pe_format_field *field);
/* Scatters value into the field's bit ranges, low bits first. */
void pe_format_apply(const struct pe_format_field *field, uint64_t value,
                     struct perf_event_attr *attr);

#endif
