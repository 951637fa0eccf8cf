// SPDX-License-Identifier: BSD-3-Clause
/* One negative error space (PAPI's), one place mapping errno to it and one
 * place recording the human reason of the last failure in this thread. */
#ifndef PAPILLON_ERROR_H
#define PAPILLON_ERROR_H

#include <stddef.h>

/* Records a reason for this thread's most recent failure and returns code,
 * so a failing path reads `return papi_error_set(PAPI_ENOEVNT, "...", ...)`. */
int papi_error_set(int code, const char *format, ...) __attribute__((format(printf, 2, 3)));

/* Inside the library's signal handlers reasons are not recorded (formatting
 * is not async-signal-safe): +1 on entry, -1 on exit. */
void papi_error_suspend(int delta);

/* Returns code unchanged; clears the reason (a success leaves no reason). */
int papi_error_clear(void);

/* The reason recorded by the last failure in this thread ("" if none). */
const char *papi_error_reason(void);

/* Maps a failed system call's errno to the PAPI error that says the same. */
int papi_error_from_errno(int error_number);

/* What "the component is partially disabled" is returned as: PAPI_PARTIAL, unless the
 * shared object has an ABI older than 7.2, where that code does not exist (src/abi/ sets
 * it then: PAPI_ENOEVNT, what 7.0 returns for an event that cannot count there). */
extern int papi_error_partial_code;

/* Text of a PAPI error code, or NULL if the code is not one. */
const char *papi_error_text(int code);

/* Debug tracing, compiled in but silent unless PAPI_set_debug or the
 * PAPILLON_DEBUG environment variable asks for it. */
extern int papi_debug_level;
void papi_debug_print(const char *format, ...) __attribute__((format(printf, 1, 2)));
#define PAPILLON_TRACE(...)                                                                        \
	do {                                                                                       \
		if (papi_debug_level)                                                              \
			papi_debug_print(__VA_ARGS__);                                             \
	} while (0)

#endif
