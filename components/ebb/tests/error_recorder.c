// SPDX-License-Identifier: BSD-3-Clause
/* papi_error_set and friends for the unit tests (error_recorder.h). */
#include <stdarg.h>
#include <stdio.h>

#include "papi.h"
#include "util/error.h"
#include "error_recorder.h"

static char reason[1024];

int papi_error_set(int code, const char *format, ...)
{
	va_list args;
	va_start(args, format);
	vsnprintf(reason, sizeof(reason), format, args);
	va_end(args);
	return code;
}

int papi_error_clear(void)
{
	reason[0] = '\0';
	return PAPI_OK;
}

const char *papi_error_reason(void)
{
	return reason;
}

const char *recorded_reason(void)
{
	return reason;
}

void recorded_reason_clear(void)
{
	reason[0] = '\0';
}
