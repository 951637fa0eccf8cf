// SPDX-License-Identifier: BSD-3-Clause
/* Fuzz target: a sysfs PMU's format/ files ("config:0-7,32-35",
 * "config1:9") through pe_format_parse and pe_format_apply. The input is
 * the field's name, a NUL, then its text. A text the parser accepts is a
 * field of 1 to PE_FORMAT_MAX_RANGES disjoint bit ranges within 0..63 of
 * config, config1 or config2; an all-ones value applied to it sets exactly
 * the bits of its ranges in that word and touches no other, and a value
 * whose low bits number the field's width comes back from those bits. */
#include <string.h>

#include "pe_sysfs_format.h"
#include "fuzz_target.h"

static uint64_t *config_word(struct perf_event_attr *attr, int word)
{
	return word == 0 ? &attr->config : word == 1 ? &attr->config1 : &attr->config2;
}

static void check_field(const char *spec, const struct pe_format_field *field)
{
	uint64_t ranges = 0;
	int width = 0;
	if (field->config_word < 0 || field->config_word > 2)
		fuzz_fail("'%s': config word %d", spec, field->config_word);
	if (field->range_count < 1 || field->range_count > PE_FORMAT_MAX_RANGES)
		fuzz_fail("'%s': %d ranges", spec, field->range_count);
	for (int r = 0; r < field->range_count; r++) {
		int low = field->low[r], high = field->high[r];
		if (low < 0 || high > 63 || low > high)
			fuzz_fail("'%s': range %d is %d-%d", spec, r, low, high);
		uint64_t bits =
		    (high == 63 ? ~0ull : (1ull << (high + 1)) - 1) & ~((1ull << low) - 1);
		if (ranges & bits)
			fuzz_fail("'%s': range %d (%d-%d) overlaps another", spec, r, low, high);
		ranges |= bits;
		width += high - low + 1;
	}

	struct perf_event_attr attr;
	memset(&attr, 0, sizeof attr);
	pe_format_apply(field, ~0ull, &attr);
	uint64_t *word = config_word(&attr, field->config_word);
	if (*word != ranges)
		fuzz_fail("'%s': all ones set %#llx, the ranges are %#llx", spec,
		          (unsigned long long)*word, (unsigned long long)ranges);
	*word = 0;
	if (attr.config || attr.config1 || attr.config2)
		fuzz_fail("'%s': applying touched another config word", spec);

	/* Low bits first: gathering the field's bits back gives the value. */
	uint64_t value = 0x9e3779b97f4a7c15ull & (width == 64 ? ~0ull : (1ull << width) - 1);
	memset(&attr, 0, sizeof attr);
	pe_format_apply(field, value, &attr);
	uint64_t back = 0;
	int shift = 0;
	for (int r = 0; r < field->range_count; r++)
		for (int bit = field->low[r]; bit <= field->high[r]; bit++, shift++)
			back |= (*config_word(&attr, field->config_word) >> bit & 1) << shift;
	if (back != value)
		fuzz_fail("'%s': applied %#llx, its bits hold %#llx", spec,
		          (unsigned long long)value, (unsigned long long)back);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char name[64], spec[256];
	size_t split = 0;
	while (split < size && data[split])
		split++;
	size_t name_length = split < sizeof name - 1 ? split : sizeof name - 1;
	memcpy(name, data, name_length);
	name[name_length] = '\0';
	size_t rest = split < size ? size - split - 1 : 0;
	if (rest > sizeof spec - 1)
		rest = sizeof spec - 1;
	memcpy(spec, data + size - rest, rest);
	spec[rest] = '\0';

	struct pe_format_field field;
	memset(&field, 0, sizeof field);
	if (pe_format_parse(name, spec, &field))
		check_field(spec, &field);
	return 0;
}
