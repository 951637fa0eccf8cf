// SPDX-License-Identifier: BSD-3-Clause
/*
 * The Fortran bindings' one table of names: every PAPIF_* entry point is declared through
 * PAPIF_ENTRY, which gives it the four spellings Fortran compilers use for an external name
 * (papif_x, papif_x_, papif_x__, PAPIF_X) as aliases of one definition.
 *
 * Conventions, the same as PAPI 7.0's Fortran interface: every argument is passed by reference,
 * the return code comes back in the last named argument, and each CHARACTER argument has a
 * hidden length appended after all named arguments, in order. gfortran passes those lengths
 * as size_t (ifx and flang do too on 64-bit Linux), so that is their type here.
 */
#ifndef PAPILLON_FORTRAN_PAPIF_H
#define PAPILLON_FORTRAN_PAPIF_H

#include <stddef.h>

#include "papi.h"

/* The library is built with -fvisibility=hidden; these names are exported (libpapi.map). */
#define PAPIF_EXPORT __attribute__((visibility("default")))

#define PAPIF_ALIAS(name, spelling)                                                                \
	extern __typeof__(papif_##name) spelling PAPIF_EXPORT __attribute__((alias("papif"         \
	                                                                           "_" #name)))

/*
 * PAPIF_ENTRY(name, NAME, (parameters)) { body }: the definition of papif_name and its three
 * other spellings. NAME is the upper-case spelling, written out because the preprocessor
 * cannot change case.
 */
#define PAPIF_ENTRY(name, NAME, params)                                                            \
	PAPIF_EXPORT void papif_##name params;                                                     \
	PAPIF_ALIAS(name, papif_##name##_);                                                        \
	PAPIF_ALIAS(name, papif_##name##__);                                                       \
	PAPIF_ALIAS(name, PAPIF_##NAME);                                                           \
	PAPIF_EXPORT void papif_##name params

/*
 * A Fortran string argument as a C string: trailing blanks trimmed, copied into buf (size
 * bufsize, NUL-terminated). Returns buf, or NULL when the trimmed text does not fit (the
 * caller answers PAPI_EINVAL rather than act on a truncated name).
 */
const char *papif_string_in(const char *text, size_t len, char *buf, size_t bufsize);

/* A C string into a Fortran CHARACTER of length len: copied, truncated, blank-padded. */
void papif_string_out(char *dest, size_t len, const char *text);

#endif
