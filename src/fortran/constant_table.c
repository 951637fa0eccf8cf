// SPDX-License-Identifier: BSD-3-Clause
/*
 * The table of one ABI's Fortran constants, named FORTRAN_ABI_TABLE. Built by src/Makefile.am
 * with that ABI's define (PAPILLON_ABI_7_0...) and -I the directory of its constant_names.def.
 */
#include "constant_table.h"

#include "papi.h"

#ifndef FORTRAN_ABI_TABLE
#error "FORTRAN_ABI_TABLE names the table this build of constant_table.c defines"
#endif

static const struct fortran_constant constants[] = {
#define FORTRAN_CONSTANT(name) {#name, (long long)(name)},
#include "constant_names.def"
#undef FORTRAN_CONSTANT
};

extern const struct fortran_constant_table FORTRAN_ABI_TABLE;
const struct fortran_constant_table FORTRAN_ABI_TABLE = {constants,
                                                         sizeof constants / sizeof constants[0]};
