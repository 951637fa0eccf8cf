// SPDX-License-Identifier: BSD-3-Clause
/* The preset key kinds of the compiled-in components: which "match WORD"
 * lines the core leaves to components, and how a table matched through
 * each ranks. The components declare them (component.h, preset_key_kinds);
 * nothing here knows any of them by name, so a component added to the build
 * brings its presets' match lines with it. */
#include "config.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "registry/registry.h"
#include "presets/table.h"

/* The component's kind entry named word, and how many kinds follow it. */
static const struct component_key_kind *find_kind(const char *word, int *later)
{
	for (int c = 0; c < papillon_component_count; c++) {
		const struct component_key_kind *kinds = papillon_components[c]->preset_key_kinds;
		if (!kinds)
			continue;
		for (int k = 0; kinds[k].word; k++) {
			if (strcmp(kinds[k].word, word) != 0)
				continue;
			int count = k + 1;
			while (kinds[count].word)
				count++;
			*later = count - k - 1;
			return &kinds[k];
		}
	}
	return NULL;
}

int preset_key_kind_rank(const char *word)
{
	int later;
	return find_kind(word, &later) ? MATCH_KEY + later : -1;
}

bool preset_key_kind_user_only(const char *word)
{
	int later;
	const struct component_key_kind *kind = find_kind(word, &later);
	return kind && kind->user_only;
}

const char *preset_key_kind_what(const char *word)
{
	int later;
	const struct component_key_kind *kind = find_kind(word, &later);
	return kind ? kind->what : NULL;
}

void preset_key_kinds_list(char *text, size_t len)
{
	if (len == 0)
		return;
	text[0] = '\0';
	for (int c = 0; c < papillon_component_count; c++) {
		const struct component_key_kind *kinds = papillon_components[c]->preset_key_kinds;
		for (int k = 0; kinds && kinds[k].word; k++) {
			size_t used = strlen(text);
			snprintf(text + used, len - used, "%s%s", used ? ", " : "", kinds[k].word);
		}
	}
	if (!text[0])
		snprintf(text, len, "none");
}

/* Whether word names a component of the tree that this build left out
 * (configure's list of every component, PAPILLON_COMPONENT_ALL, beside the
 * compiled-in ones). */
bool preset_key_kind_left_out(const char *word)
{
	const char *all = PAPILLON_COMPONENT_ALL;
	size_t len = strlen(word);
	for (const char *at = strstr(all, word); at; at = strstr(at + 1, word)) {
		bool whole = (at == all || at[-1] == ' ') && (at[len] == ' ' || at[len] == '\0');
		if (whole) {
			for (int c = 0; c < papillon_component_count; c++)
				if (strcmp(papillon_components[c]->name, word) == 0)
					return false;
			return true;
		}
	}
	return false;
}
