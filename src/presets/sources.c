// SPDX-License-Identifier: BSD-3-Clause
/* Where preset definitions come from: the data directory the files were
 * installed to ($(datadir)/papillon), or PAPILLON_PRESETS_DIR, or the copy
 * compiled into the library when neither holds any; then the user's file
 * named by PAPI_USER_EVENTS_FILE, which adds or overrides definitions. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "papi.h"
#include "presets/table.h"

#define MAX_FILE_BYTES (4 << 20)

/* The whole file, NUL-terminated, or NULL. */
static char *read_file(const char *path)
{
	FILE *file = fopen(path, "re");
	if (!file)
		return NULL;
	char *text = NULL;
	size_t length = 0, capacity = 0;
	for (;;) {
		if (length + 4096 + 1 > capacity) {
			capacity = capacity ? capacity * 2 : 8192;
			char *grown = capacity <= MAX_FILE_BYTES ? realloc(text, capacity) : NULL;
			if (!grown) {
				free(text);
				fclose(file);
				return NULL;
			}
			text = grown;
		}
		size_t got = fread(text + length, 1, 4096, file);
		length += got;
		if (got < 4096)
			break;
	}
	bool failed = ferror(file);
	fclose(file);
	if (failed) {
		free(text);
		return NULL;
	}
	text[length] = '\0';
	return text;
}

static bool is_preset_file(const struct dirent *entry)
{
	size_t length = strlen(entry->d_name);
	return entry->d_name[0] != '.' && length > 8 &&
	       strcmp(entry->d_name + length - 8, ".presets") == 0;
}

static int select_preset_file(const struct dirent *entry)
{
	return is_preset_file(entry);
}

/* Loads every *.presets file of dir, in name order; returns how many. */
static int load_directory(struct preset_library *library, const char *dir, bool report)
{
	struct dirent **entries;
	int count = scandir(dir, &entries, select_preset_file, alphasort);
	if (count < 0) {
		if (report)
			preset_library_message(library, "%s: cannot read the preset directory",
			                       dir);
		return 0;
	}
	int loaded = 0;
	for (int i = 0; i < count; i++) {
		char path[PAPI_HUGE_STR_LEN];
		snprintf(path, sizeof(path), "%s/%s", dir, entries[i]->d_name);
		char *text = read_file(path);
		if (text) {
			preset_library_parse(library, path, text, false);
			loaded++;
		} else {
			preset_library_message(library, "%s: cannot read this preset file", path);
		}
		free(text);
		free(entries[i]);
	}
	free(entries);
	return loaded;
}

static void load_builtin(struct preset_library *library)
{
	for (int s = 0; s < preset_builtin_source_count; s++)
		preset_library_parse(library, preset_builtin_sources[s].file,
		                     preset_builtin_sources[s].text, false);
}

void preset_library_load(struct preset_library *library)
{
	/* PAPILLON_PRESETS_DIR=builtin: the compiled-in copy only. */
	const char *dir = getenv("PAPILLON_PRESETS_DIR");
	if (dir && *dir && strcmp(dir, "builtin") != 0) {
		if (load_directory(library, dir, true) == 0)
			load_builtin(library);
	} else if ((dir && *dir) || load_directory(library, preset_install_dir, false) == 0) {
		load_builtin(library);
	}
	const char *user = getenv("PAPI_USER_EVENTS_FILE");
	if (user && *user) {
		char *text = read_file(user);
		if (text)
			preset_library_parse(library, user, text, true);
		else
			preset_library_message(library, "%s: cannot read PAPI_USER_EVENTS_FILE",
			                       user);
		free(text);
	}
}
