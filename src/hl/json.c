// SPDX-License-Identifier: BSD-3-Clause
/* A JSON string: quotes, backslashes and control characters escaped, so a
 * region named with any bytes still gives a valid file. */
#include "hl/hl.h"

void hl_json_string(FILE *file, const char *text)
{
	fputc('"', file);
	for (const unsigned char *c = (const unsigned char *)text; *c; c++) {
		if (*c == '"' || *c == '\\')
			fprintf(file, "\\%c", *c);
		else if (*c < 0x20)
			fprintf(file, "\\u%04x", *c);
		else
			fputc(*c, file);
	}
	fputc('"', file);
}
