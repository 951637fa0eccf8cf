// SPDX-License-Identifier: BSD-3-Clause
/*
 * One ABI's Fortran constants: each name constant-names.awk found in papi.h as the compiler
 * preprocessed it for that ABI, with its value. constant_table.c is compiled once per ABI
 * (fortran_abis.h lists them), each time against papi.h with that ABI's define, so a value is
 * always the one papi.h gives a C program of the same ABI.
 */
#ifndef PAPILLON_FORTRAN_CONSTANT_TABLE_H
#define PAPILLON_FORTRAN_CONSTANT_TABLE_H

#include <stddef.h>

struct fortran_constant {
	const char *name;
	long long value;
};

struct fortran_constant_table {
	const struct fortran_constant *constants;
	size_t count;
};

#endif
