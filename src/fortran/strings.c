// SPDX-License-Identifier: BSD-3-Clause
/* Strings between Fortran (fixed length, blank-padded, no NUL) and C (NUL-terminated). */
#include <string.h>

#include "fortran/papif.h"

const char *papif_string_in(const char *text, size_t len, char *buf, size_t bufsize)
{
	if (text == NULL || buf == NULL || bufsize == 0)
		return NULL;
	/* A NUL inside the Fortran string ends it too: C callers of these entry points pass one. */
	size_t used = 0;
	while (used < len && text[used] != '\0')
		used++;
	while (used > 0 && text[used - 1] == ' ')
		used--;
	if (used >= bufsize)
		return NULL;
	memcpy(buf, text, used);
	buf[used] = '\0';
	return buf;
}

void papif_string_out(char *dest, size_t len, const char *text)
{
	if (dest == NULL)
		return;
	size_t used = text ? strnlen(text, len) : 0;
	if (used > 0)
		memcpy(dest, text, used);
	memset(dest + used, ' ', len - used);
}
