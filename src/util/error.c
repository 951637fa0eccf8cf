// SPDX-License-Identifier: BSD-3-Clause
/* Error codes, their texts, errno mapping and the per-thread reason. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "papi.h"
#include "util/error.h"

int papi_debug_level;
int papi_error_partial_code = PAPI_PARTIAL;

/* Indexed by -code. Our own wording; the codes are PAPI's. */
static const char *const error_texts[] = {
    [0] = "No error",
    [-PAPI_EINVAL] = "Invalid argument",
    [-PAPI_ENOMEM] = "Insufficient memory",
    [-PAPI_ESYS] = "A system or C library call failed",
    [-PAPI_ECMP] = "Not supported by the component",
    [-PAPI_ECLOST] = "Access to the counters was lost or interrupted",
    [-PAPI_EBUG] = "Internal error in the library",
    [-PAPI_ENOEVNT] = "Event does not exist or cannot count here",
    [-PAPI_ECNFLCT] = "Event exists, but the counters cannot hold it with the others",
    [-PAPI_ENOTRUN] = "Event set is not running",
    [-PAPI_EISRUN] = "Event set is running",
    [-PAPI_ENOEVST] = "No such event set",
    [-PAPI_ENOTPRESET] = "Not a valid preset event",
    [-PAPI_ENOCNTR] = "The hardware offers no performance counters",
    [-PAPI_EMISC] = "Unspecified error",
    [-PAPI_EPERM] = "Permission denied",
    [-PAPI_ENOINIT] = "The library has not been initialized",
    [-PAPI_ENOCMP] = "No component is assigned to the event set",
    [-PAPI_ENOSUPP] = "Not supported",
    [-PAPI_ENOIMPL] = "Not implemented",
    [-PAPI_EBUF] = "Buffer too small",
    [-PAPI_EINVAL_DOM] = "Domain not supported by the event set's component",
    [-PAPI_EATTR] = "Invalid or missing event attributes",
    [-PAPI_ECOUNT] = "Too many events or attributes",
    [-PAPI_ECOMBO] = "Bad combination of features",
    [-PAPI_ECMP_DISABLED] = "The event's component is disabled",
    [-PAPI_EDELAY_INIT] = "Component initialization was delayed",
    [-PAPI_EMULPASS] = "Event needs several passes of the hardware",
    [-PAPI_PARTIAL] = "The component is partially disabled: some of its events cannot count",
};

static _Thread_local char thread_reason[PAPI_HUGE_STR_LEN];
static _Thread_local int reasons_suspended;

const char *papi_error_text(int code)
{
	if (code > 0 || code <= -(int)(sizeof(error_texts) / sizeof(error_texts[0])))
		return NULL;
	return error_texts[-code];
}

void papi_error_suspend(int delta)
{
	reasons_suspended += delta;
}

int papi_error_set(int code, const char *format, ...)
{
	if (reasons_suspended)
		return code; /* in a signal handler: formatting is not safe there */
	va_list args;
	va_start(args, format);
	vsnprintf(thread_reason, sizeof(thread_reason), format, args);
	va_end(args);
	PAPILLON_TRACE("error %d: %s\n", code, thread_reason);
	return code;
}

int papi_error_clear(void)
{
	thread_reason[0] = '\0';
	return PAPI_OK;
}

const char *papi_error_reason(void)
{
	return thread_reason;
}

int papi_error_from_errno(int error_number)
{
	switch (error_number) {
	case 0:
		return PAPI_OK;
	case ENOMEM:
		return PAPI_ENOMEM;
	case EPERM:
	case EACCES:
		return PAPI_EPERM;
	case ENOENT:
	case ENODEV:
	case EOPNOTSUPP:
		return PAPI_ENOEVNT;
	case ENOSPC:
	case EBUSY:
		return PAPI_ECNFLCT;
	case EINVAL:
	case E2BIG:
		return PAPI_EINVAL;
	case ESRCH:
		return PAPI_EINVAL;
	case EMFILE:
	case ENFILE:
		return PAPI_ECOUNT;
	default:
		return PAPI_ESYS;
	}
}

void papi_debug_print(const char *format, ...)
{
	va_list args;
	va_start(args, format);
	fputs("PAPILLON: ", stderr);
	vfprintf(stderr, format, args);
	va_end(args);
}
