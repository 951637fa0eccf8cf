// SPDX-License-Identifier: BSD-3-Clause
/* Reading preset definition files (format: presets/README.md). Each line is
 * checked on its own: a malformed line is left out with a message naming its
 * file and line, and everything else still loads. */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "papi.h"
#include "core/derived.h"
#include "presets/presets.h"
#include "presets/table.h"

#define MAX_NATIVE_NAME PAPI_2MAX_STR_LEN

/* Where the parser is: the file, the line, the table lines go to. */
struct parse_state {
	struct preset_library *library;
	const char *file;
	int line;
	bool user;
	int table;     /* index into library->tables, or -1 */
	bool skipping; /* the current table's header was rejected */
	int messages_added;
	bool out_of_memory;
};

static void add_message(struct preset_library *library, const char *text)
{
	char **grown =
	    realloc(library->messages, sizeof(*grown) * (size_t)(library->message_count + 1));
	char *copy = strdup(text);
	if (!grown || !copy) {
		free(copy);
		if (grown)
			library->messages = grown;
		return;
	}
	library->messages = grown;
	library->messages[library->message_count++] = copy;
}

void preset_library_message(struct preset_library *library, const char *format, ...)
{
	char text[PAPI_HUGE_STR_LEN];
	va_list args;
	va_start(args, format);
	vsnprintf(text, sizeof(text), format, args);
	va_end(args);
	add_message(library, text);
}

static void reject(struct parse_state *state, const char *format, ...)
    __attribute__((format(printf, 2, 3)));
static void reject(struct parse_state *state, const char *format, ...)
{
	char what[PAPI_HUGE_STR_LEN];
	va_list args;
	va_start(args, format);
	vsnprintf(what, sizeof(what), format, args);
	va_end(args);
	preset_library_message(state->library, "%s:%d: %s", state->file, state->line, what);
	state->messages_added++;
}

static char *trim(char *text)
{
	while (isspace((unsigned char)*text))
		text++;
	size_t length = strlen(text);
	while (length > 0 && isspace((unsigned char)text[length - 1]))
		text[--length] = '\0';
	return text;
}

/* Splits off the first blank-separated word of *rest. */
static char *next_word(char **rest)
{
	char *word = *rest;
	while (isspace((unsigned char)*word))
		word++;
	if (!*word)
		return NULL;
	char *end = word;
	while (*end && !isspace((unsigned char)*end))
		end++;
	if (*end)
		*end++ = '\0';
	*rest = end;
	return word;
}

static struct preset_table *current_table(struct parse_state *state)
{
	return state->table >= 0 ? &state->library->tables[state->table] : NULL;
}

/* Among the tables of the same origin: a user file may load a built-in
 * file again (presets/ebb.presets, whose tables hold only from there). */
static bool table_name_taken(const struct preset_library *library, const char *name, bool user)
{
	for (int t = 0; t < library->table_count; t++)
		if (library->tables[t].user == user && strcmp(library->tables[t].name, name) == 0)
			return true;
	return false;
}

static struct preset_table *open_table(struct parse_state *state, const char *name)
{
	struct preset_library *library = state->library;
	struct preset_table *grown =
	    realloc(library->tables, sizeof(*grown) * (size_t)(library->table_count + 1));
	if (!grown) {
		state->out_of_memory = true;
		return NULL;
	}
	library->tables = grown;
	struct preset_table *table = &library->tables[library->table_count];
	memset(table, 0, sizeof(*table));
	snprintf(table->name, sizeof(table->name), "%s", name);
	snprintf(table->file, sizeof(table->file), "%s", state->file);
	table->line = state->line;
	table->user = state->user;
	state->table = library->table_count++;
	state->skipping = false;
	return table;
}

static void parse_table_line(struct parse_state *state, char *rest)
{
	char *name = next_word(&rest);
	state->table = -1;
	state->skipping = true;
	if (!name || *trim(rest)) {
		reject(state, "'table' takes one name (its lines are skipped)");
		return;
	}
	if (strlen(name) >= PRESET_NAME_LEN) {
		reject(state,
		       "table name '%s' is longer than %d characters (its lines are "
		       "skipped)",
		       name, PRESET_NAME_LEN - 1);
		return;
	}
	if (table_name_taken(state->library, name, state->user)) {
		reject(state, "table '%s' is defined twice (the second one is skipped)", name);
		return;
	}
	open_table(state, name);
}

static bool parse_number(const char *text, long long *value)
{
	char *end;
	errno = 0;
	*value = strtoll(text, &end, 0);
	return errno == 0 && end != text && *end == '\0' && *value >= 0;
}

/* "0x4e,0x5e,0x8e-0x9e" into the match's value ranges. */
static bool parse_values(struct parse_state *state, char *text, struct preset_match *match)
{
	char *save = NULL;
	for (char *item = strtok_r(text, ",", &save); item; item = strtok_r(NULL, ",", &save)) {
		item = trim(item);
		if (match->value_count == PRESET_MATCH_VALUES) {
			reject(state, "more than %d values in one match", PRESET_MATCH_VALUES);
			return false;
		}
		char *dash = strchr(item, '-');
		if (dash)
			*dash = '\0';
		long long low, high;
		if (!parse_number(trim(item), &low) ||
		    !parse_number(dash ? trim(dash + 1) : trim(item), &high) || high < low) {
			reject(state, "'%s' is not a number or a range low-high", item);
			return false;
		}
		match->low[match->value_count] = low;
		match->high[match->value_count++] = high;
	}
	return true;
}

/* The words the core tests itself: the CPU's identity. Every other word
 * is a key kind, served by a component (preset_keys.c). */
static const struct {
	const char *word;
	enum preset_match_source source;
	const char *usage;
} match_sources[] = {
    {"always", SOURCE_ALWAYS, "match always"},
    {"arch", SOURCE_ARCH, "match arch NAME"},
    {"x86", SOURCE_X86, "match x86 VENDOR FAMILY [MODEL,...]"},
    {"midr", SOURCE_MIDR, "match midr IMPLEMENTER [PART,...]"},
    {"pvr", SOURCE_PVR, "match pvr VERSION,..."},
    {"riscv", SOURCE_RISCV, "match riscv MVENDORID|* [MARCHID,...]"},
};

/* "match KIND NAME[*]" with KIND a word of letters, digits and '_'. */
static bool parse_key_match(struct parse_state *state, struct preset_match *match, char *word,
                            char *rest)
{
	bool word_ok = strlen(word) < PRESET_KIND_LEN && isalpha((unsigned char)word[0]);
	for (const char *c = word; word_ok && *c; c++)
		word_ok = isalnum((unsigned char)*c) || *c == '_';
	char known[PAPI_HUGE_STR_LEN];
	preset_key_kinds_list(known, sizeof(known));
	if (!word_ok) {
		reject(state,
		       "'match' needs one of always, arch, x86, midr, pvr, riscv or a "
		       "component's key kind (here: %s)",
		       known);
		return false;
	}
	char *name = next_word(&rest);
	if (!name || *trim(rest) || strlen(name) >= PRESET_NAME_LEN) {
		reject(state, "usage: match %s NAME (a trailing * matches a prefix)", word);
		return false;
	}
	match->source = SOURCE_KEY;
	snprintf(match->kind, sizeof(match->kind), "%s", word);
	snprintf(match->name, sizeof(match->name), "%s", name);
	match->key_rank = preset_key_kind_rank(word);
	match->user_only = preset_key_kind_user_only(word);
	/* Kept, so that the table still counts as having this match line, but
	 * it never holds: the component that serves it is not in this build,
	 * or the word is misspelt. A word that names a component of the tree
	 * this build left out (perfctr's tables in an arm64 build) is no
	 * mistake of the file: said nothing of. */
	if (match->key_rank < 0 && !preset_key_kind_left_out(word))
		reject(state,
		       "no component of this build serves '%s' keys (key kinds here: %s); "
		       "'match %s %s' never holds",
		       word, known, word, name);
	return true;
}

/* The words after the source, by source: which are names, ids, values. */
static bool parse_match_operands(struct parse_state *state, struct preset_match *match, char *rest,
                                 const char *usage)
{
	if (match->source == SOURCE_PVR) {
		rest = trim(rest);
		if (!*rest) {
			reject(state, "usage: %s", usage);
			return false;
		}
		return parse_values(state, rest, match);
	}
	char *first = next_word(&rest);
	char *second = NULL;
	switch (match->source) {
	case SOURCE_ALWAYS:
		return !first || (reject(state, "usage: %s", usage), false);
	case SOURCE_ARCH:
		if (!first || *trim(rest) || strlen(first) >= PRESET_NAME_LEN) {
			reject(state, "usage: %s", usage);
			return false;
		}
		snprintf(match->name, sizeof(match->name), "%s", first);
		return true;
	case SOURCE_X86:
		second = next_word(&rest);
		if (!first || !second || strlen(first) >= PRESET_NAME_LEN ||
		    !parse_number(second, &match->id)) {
			reject(state, "usage: %s", usage);
			return false;
		}
		snprintf(match->name, sizeof(match->name), "%s", first);
		rest = trim(rest);
		return !*rest || parse_values(state, rest, match);
	case SOURCE_MIDR:
	case SOURCE_RISCV:
		if (!first || (strcmp(first, "*") != 0 && !parse_number(first, &match->id)) ||
		    (match->source == SOURCE_MIDR && strcmp(first, "*") == 0)) {
			reject(state, "usage: %s", usage);
			return false;
		}
		rest = trim(rest);
		return !*rest || parse_values(state, rest, match);
	case SOURCE_PVR:
	case SOURCE_KEY:
		break;
	}
	return false;
}

static void parse_match_line(struct parse_state *state, char *rest)
{
	struct preset_table *table = current_table(state);
	char *word = next_word(&rest);
	if (!word) {
		reject(state, "'match' needs what to test: always, arch, x86, midr, pvr, riscv "
		              "or a component's key kind");
		return;
	}
	size_t s = 0;
	while (s < sizeof(match_sources) / sizeof(match_sources[0]) &&
	       strcmp(match_sources[s].word, word) != 0)
		s++;
	struct preset_match match;
	memset(&match, 0, sizeof(match));
	match.id = -1;
	match.key_rank = -1;
	if (s == sizeof(match_sources) / sizeof(match_sources[0])) {
		if (!parse_key_match(state, &match, word, rest))
			return;
	} else {
		match.source = match_sources[s].source;
		if (!parse_match_operands(state, &match, rest, match_sources[s].usage))
			return;
	}
	struct preset_match *grown =
	    realloc(table->matches, sizeof(*grown) * (size_t)(table->match_count + 1));
	if (!grown) {
		state->out_of_memory = true;
		return;
	}
	table->matches = grown;
	table->matches[table->match_count++] = match;
}

static int preset_index_of(const char *symbol)
{
	for (int i = 0; i < preset_name_count; i++)
		if (strcmp(preset_names[i].symbol, symbol) == 0)
			return i;
	return -1;
}

static bool valid_native_name(const char *name)
{
	if (!*name || strlen(name) >= MAX_NATIVE_NAME)
		return false;
	for (const char *c = name; *c; c++)
		if (isspace((unsigned char)*c) || *c == '|')
			return false;
	return true;
}

static bool table_defines(const struct preset_table *table, int index)
{
	for (int e = 0; e < table->entry_count; e++)
		if (table->entries[e].index == index)
			return true;
	return false;
}

/* Fields of "PAPI_X, KIND, [POSTFIX,] NATIVE, ... [, note: TEXT]" into entry,
 * pointing into entry->text. */
static bool split_preset_fields(struct parse_state *state, struct preset_entry *entry,
                                char **fields, int *field_count)
{
	char *note = strstr(entry->text, "note:");
	entry->note = "";
	if (note) {
		char *comma = note;
		while (comma > entry->text && isspace((unsigned char)comma[-1]))
			comma--;
		if (comma == entry->text || comma[-1] != ',') {
			reject(state, "'note:' must be the last field, after a comma");
			return false;
		}
		comma[-1] = '\0';
		entry->note = trim(note + 5);
		if (strlen(entry->note) >= PAPI_HUGE_STR_LEN) {
			reject(state, "the note is longer than %d characters",
			       PAPI_HUGE_STR_LEN - 1);
			return false;
		}
	}
	*field_count = 0;
	char *cursor = entry->text;
	for (;;) {
		char *comma = strchr(cursor, ',');
		if (comma)
			*comma = '\0';
		if (*field_count == PAPI_MAX_INFO_TERMS + 3) {
			reject(state, "more than %d native events", PAPI_MAX_INFO_TERMS);
			return false;
		}
		fields[(*field_count)++] = trim(cursor);
		if (!comma)
			return true;
		cursor = comma + 1;
	}
}

static bool parse_preset_fields(struct parse_state *state, struct preset_entry *entry)
{
	char *fields[PAPI_MAX_INFO_TERMS + 3];
	int count;
	if (!split_preset_fields(state, entry, fields, &count))
		return false;
	entry->index = preset_index_of(fields[0]);
	if (entry->index < 0) {
		reject(state, "'%s' is not a PAPI preset", fields[0]);
		return false;
	}
	if (count < 2 || (entry->derived = derived_kind_of_name(fields[1])) < 0) {
		reject(state,
		       "%s: the second field must be NOT_DERIVED, DERIVED_ADD, "
		       "DERIVED_SUB or DERIVED_POSTFIX",
		       fields[0]);
		return false;
	}
	int first_native = 2;
	entry->postfix = "";
	if (entry->derived == DERIVED_POSTFIX) {
		entry->postfix = count > 2 ? fields[2] : "";
		first_native = 3;
	}
	entry->term_count = count - first_native;
	if (entry->term_count > PAPI_MAX_INFO_TERMS) {
		reject(state, "%s: more than %d native events", fields[0], PAPI_MAX_INFO_TERMS);
		return false;
	}
	for (int t = 0; t < entry->term_count; t++) {
		entry->natives[t] = fields[first_native + t];
		if (!valid_native_name(entry->natives[t])) {
			reject(state,
			       "%s: native event %d ('%s') is empty, has blanks or is longer "
			       "than %d characters",
			       fields[0], t + 1, entry->natives[t], MAX_NATIVE_NAME - 1);
			return false;
		}
	}
	int minimum = entry->derived == DERIVED_ADD || entry->derived == DERIVED_SUB ? 2 : 1;
	if (entry->term_count < minimum ||
	    (entry->derived == NOT_DERIVED && entry->term_count != 1)) {
		reject(state, "%s: %s takes %s native event%s, not %d", fields[0], fields[1],
		       entry->derived == NOT_DERIVED ? "exactly one"
		       : minimum == 2                ? "two or more"
		                                     : "one or more",
		       minimum == 2 ? "s" : "", entry->term_count);
		return false;
	}
	char why[PAPI_MAX_STR_LEN];
	if (entry->derived == DERIVED_POSTFIX &&
	    !derived_postfix_valid(entry->postfix, entry->term_count, why, sizeof(why))) {
		reject(state, "%s: postfix '%s': %s", fields[0], entry->postfix, why);
		return false;
	}
	return true;
}

static void parse_preset_line(struct parse_state *state, const char *line)
{
	struct preset_table *table = current_table(state);
	struct preset_entry entry;
	memset(&entry, 0, sizeof(entry));
	entry.line = state->line;
	entry.text = strdup(line);
	if (!entry.text) {
		state->out_of_memory = true;
		return;
	}
	if (!parse_preset_fields(state, &entry)) {
		free(entry.text);
		return;
	}
	if (table_defines(table, entry.index)) {
		reject(state, "%s is defined twice in table '%s' (the first one stays)",
		       preset_names[entry.index].symbol, table->name);
		free(entry.text);
		return;
	}
	struct preset_entry *grown =
	    realloc(table->entries, sizeof(*grown) * (size_t)(table->entry_count + 1));
	if (!grown) {
		free(entry.text);
		state->out_of_memory = true;
		return;
	}
	table->entries = grown;
	table->entries[table->entry_count++] = entry;
}

/* A line that needs a table: the implicit one of a user file, or none. */
static bool have_table(struct parse_state *state, const char *what)
{
	if (state->skipping)
		return false;
	if (current_table(state))
		return true;
	if (state->user) {
		char name[PRESET_NAME_LEN];
		snprintf(name, sizeof(name), "user:%s", state->file);
		struct preset_table *table = open_table(state, name);
		if (!table)
			return false;
		table->matches = calloc(1, sizeof(*table->matches));
		if (!table->matches) {
			state->out_of_memory = true;
			return false;
		}
		table->matches[0].source = SOURCE_ALWAYS;
		table->match_count = 1;
		return true;
	}
	reject(state, "%s before any 'table' line", what);
	return false;
}

static void parse_line(struct parse_state *state, char *line)
{
	line = trim(line);
	if (!*line || *line == '#')
		return;
	char *rest = line;
	char *copy = strdup(line);
	if (!copy) {
		state->out_of_memory = true;
		return;
	}
	char *keyword = next_word(&rest);
	if (strcmp(keyword, "table") == 0) {
		parse_table_line(state, rest);
	} else if (strcmp(keyword, "describe") == 0) {
		if (have_table(state, "'describe'"))
			snprintf(current_table(state)->description,
			         sizeof(current_table(state)->description), "%s", trim(rest));
	} else if (strcmp(keyword, "match") == 0) {
		if (have_table(state, "'match'"))
			parse_match_line(state, rest);
	} else if (strncmp(keyword, "PAPI_", 5) == 0) {
		if (have_table(state, "a preset line"))
			parse_preset_line(state, copy);
	} else {
		reject(state,
		       "'%s' starts no known kind of line (table, describe, match, or "
		       "a PAPI_ preset)",
		       keyword);
	}
	free(copy);
}

static void check_tables_from(struct parse_state *state, int first_table)
{
	for (int t = first_table; t < state->library->table_count; t++) {
		const struct preset_table *table = &state->library->tables[t];
		if (table->match_count == 0) {
			state->line = table->line;
			reject(state, "table '%s' has no 'match' line, so it never applies",
			       table->name);
		}
	}
}

int preset_library_parse(struct preset_library *library, const char *file, const char *text,
                         bool user)
{
	struct parse_state state = {library, file, 0, user, -1, false, 0, false};
	int first_table = library->table_count;
	const char *cursor = text;
	while (*cursor && !state.out_of_memory) {
		size_t length = strcspn(cursor, "\n");
		char *line = strndup(cursor, length);
		if (!line)
			return PAPI_ENOMEM;
		state.line++;
		parse_line(&state, line);
		free(line);
		cursor += length + (cursor[length] == '\n');
	}
	if (state.out_of_memory)
		return PAPI_ENOMEM;
	check_tables_from(&state, first_table);
	return state.messages_added;
}

void preset_library_free(struct preset_library *library)
{
	for (int t = 0; t < library->table_count; t++) {
		struct preset_table *table = &library->tables[t];
		for (int e = 0; e < table->entry_count; e++)
			free(table->entries[e].text);
		free(table->entries);
		free(table->matches);
	}
	free(library->tables);
	for (int m = 0; m < library->message_count; m++)
		free(library->messages[m]);
	free(library->messages);
	memset(library, 0, sizeof(*library));
}
