// SPDX-License-Identifier: BSD-3-Clause
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "fuzz_target.h"

void fuzz_fail(const char *format, ...)
{
	va_list args;
	va_start(args, format);
	fputs("FUZZ FAILURE: ", stderr);
	vfprintf(stderr, format, args);
	fputc('\n', stderr);
	va_end(args);
	abort();
}
