// SPDX-License-Identifier: BSD-3-Clause
/* Fuzz target: preset definition files (presets/README.md's format) through
 * the parser the library loads them with, as a user file and as a built-in
 * one. Whatever the text, the parse ends; its result is the number of
 * messages it added, each "FILE:LINE: why" with a line of the text; every
 * table it kept has a name and entries with their text. */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "papi.h"
#include "presets/table.h"
#include "fuzz_target.h"

#define FILE_NAME "fuzz.presets"

static void check_library(const struct preset_library *library, int result, int lines)
{
	if (result < 0) {
		if (result != PAPI_ENOMEM)
			fuzz_fail("preset_library_parse returned %d", result);
		return;
	}
	if (result != library->message_count)
		fuzz_fail("preset_library_parse returned %d with %d messages", result,
		          library->message_count);
	for (int m = 0; m < library->message_count; m++) {
		const char *text = library->messages[m];
		size_t prefix = strlen(FILE_NAME ":");
		if (!text || strncmp(text, FILE_NAME ":", prefix) != 0)
			fuzz_fail("message %d does not name the file: '%s'", m,
			          text ? text : "(null)");
		int line = atoi(text + prefix);
		if (line < 1 || line > lines)
			fuzz_fail("message %d names line %d of a %d-line text: '%s'", m, line,
			          lines, text);
	}
	for (int t = 0; t < library->table_count; t++) {
		const struct preset_table *table = &library->tables[t];
		for (int e = 0; e < table->entry_count; e++)
			if (!table->entries[e].text)
				fuzz_fail("table %d entry %d has no text", t, e);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = malloc(size + 1);
	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	int lines = 1;
	for (const char *c = text; *c; c++)
		lines += *c == '\n';
	for (int user = 0; user < 2; user++) {
		struct preset_library library;
		memset(&library, 0, sizeof library);
		int result = preset_library_parse(&library, FILE_NAME, text, user);
		check_library(&library, result, lines);
		preset_library_free(&library);
	}
	free(text);
	return 0;
}
