// SPDX-License-Identifier: BSD-3-Clause
/* Which preset tables apply to a CPU, and in which order. A table applies
 * when any of its "match" lines does; tables are layered by the most
 * specific line that matched (a component's key, in the order of the
 * component's kinds, then model, then vendor, then architecture, then
 * "always"), user tables above all, so each preset comes from the most
 * specific table that defines it. */
#include <string.h>

#include "papi.h"
#include "presets/table.h"

#define USER_RANK_BONUS 100
#define MAX_LAYERS      256

void preset_cpu_clear(struct preset_cpu *cpu)
{
	memset(cpu, 0, sizeof(*cpu));
	cpu->x86_family = cpu->x86_model = -1;
	cpu->midr_implementer = cpu->midr_part = -1;
	cpu->pvr_version = -1;
	cpu->riscv_mvendorid = cpu->riscv_marchid = -1;
}

static int keys_of_kind(const struct preset_cpu *cpu, const char *kind)
{
	int count = 0;
	for (int k = 0; k < cpu->key_count; k++)
		count += strcmp(cpu->keys[k].kind, kind) == 0;
	return count;
}

/* One "<kind>:<name>" word of length bytes. */
static void add_key(struct preset_cpu *cpu, const char *word, size_t length)
{
	const char *colon = memchr(word, ':', length);
	if (!colon || colon == word || cpu->key_count == PRESET_MAX_KEYS)
		return;
	size_t kind_length = (size_t)(colon - word);
	size_t name_length = length - kind_length - 1;
	if (kind_length >= PRESET_KIND_LEN || name_length == 0 || name_length >= PRESET_NAME_LEN)
		return;
	struct preset_key *key = &cpu->keys[cpu->key_count];
	memcpy(key->kind, word, kind_length);
	key->kind[kind_length] = '\0';
	if (keys_of_kind(cpu, key->kind) == PRESET_MAX_KEYS_PER_KIND)
		return;
	memcpy(key->name, colon + 1, name_length);
	key->name[name_length] = '\0';
	cpu->key_count++;
}

void preset_cpu_add_pmu_names(struct preset_cpu *cpu, const char *names)
{
	const char *cursor = names;
	while (*cursor) {
		cursor += strspn(cursor, " \t\n");
		size_t length = strcspn(cursor, " \t\n");
		add_key(cpu, cursor, length);
		cursor += length;
	}
}

/* A trailing '*' in pattern matches any rest of name. */
static bool name_matches(const char *pattern, const char *name)
{
	size_t length = strlen(pattern);
	if (length > 0 && pattern[length - 1] == '*')
		return strncmp(pattern, name, length - 1) == 0;
	return strcmp(pattern, name) == 0;
}

static bool key_present(const struct preset_match *match, const struct preset_cpu *cpu)
{
	for (int k = 0; k < cpu->key_count; k++)
		if (strcmp(cpu->keys[k].kind, match->kind) == 0 &&
		    name_matches(match->name, cpu->keys[k].name))
			return true;
	return false;
}

static bool value_listed(const struct preset_match *match, long long value)
{
	if (match->value_count == 0)
		return true;
	for (int v = 0; v < match->value_count; v++)
		if (value >= match->low[v] && value <= match->high[v])
			return true;
	return false;
}

/* The rank of a line that matches cpu, or -1. */
static int match_rank(const struct preset_match *match, const struct preset_cpu *cpu)
{
	int by_values = match->value_count ? MATCH_MODEL : MATCH_VENDOR;
	switch (match->source) {
	case SOURCE_ALWAYS:
		return MATCH_ALWAYS;
	case SOURCE_ARCH:
		return strcmp(match->name, cpu->arch) == 0 ? MATCH_ARCH : -1;
	case SOURCE_KEY:
		return match->key_rank >= 0 && key_present(match, cpu) ? match->key_rank : -1;
	case SOURCE_X86:
		return strcmp(match->name, cpu->x86_vendor) == 0 && match->id == cpu->x86_family &&
		               value_listed(match, cpu->x86_model)
		           ? by_values
		           : -1;
	case SOURCE_MIDR:
		return cpu->midr_implementer >= 0 && match->id == cpu->midr_implementer &&
		               value_listed(match, cpu->midr_part)
		           ? by_values
		           : -1;
	case SOURCE_PVR:
		return cpu->pvr_version >= 0 && value_listed(match, cpu->pvr_version) ? MATCH_MODEL
		                                                                      : -1;
	case SOURCE_RISCV:
		if (cpu->riscv_mvendorid < 0 ||
		    (match->id >= 0 && match->id != cpu->riscv_mvendorid) ||
		    !value_listed(match, cpu->riscv_marchid))
			return -1;
		return match->value_count ? MATCH_MODEL
		       : match->id >= 0   ? MATCH_VENDOR
		                          : MATCH_ARCH;
	}
	return -1;
}

static int table_rank(const struct preset_table *table, const struct preset_cpu *cpu)
{
	int best = -1;
	for (int m = 0; m < table->match_count; m++) {
		if (table->matches[m].user_only && !table->user)
			continue;
		int rank = match_rank(&table->matches[m], cpu);
		if (rank > best)
			best = rank;
	}
	return best < 0 ? -1 : best + (table->user ? USER_RANK_BONUS : 0);
}

int preset_select(const struct preset_library *library, const struct preset_cpu *cpu,
                  const struct preset_table **layers, int max_layers)
{
	int ranks[MAX_LAYERS];
	int count = 0;
	if (max_layers > MAX_LAYERS)
		max_layers = MAX_LAYERS;
	for (int t = 0; t < library->table_count && count < max_layers; t++) {
		int rank = table_rank(&library->tables[t], cpu);
		if (rank < 0)
			continue;
		/* Insertion after every table of the same or a higher rank keeps
		 * the files' order among equals. */
		int at = count;
		while (at > 0 && ranks[at - 1] < rank) {
			ranks[at] = ranks[at - 1];
			layers[at] = layers[at - 1];
			at--;
		}
		ranks[at] = rank;
		layers[at] = &library->tables[t];
		count++;
	}
	return count;
}

const struct preset_entry *preset_layers_find(const struct preset_table *const *layers,
                                              int layer_count, int index,
                                              const struct preset_table **table)
{
	for (int l = 0; l < layer_count; l++) {
		for (int e = 0; e < layers[l]->entry_count; e++) {
			if (layers[l]->entries[e].index == index) {
				if (table)
					*table = layers[l];
				return &layers[l]->entries[e];
			}
		}
	}
	return NULL;
}
