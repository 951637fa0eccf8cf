// SPDX-License-Identifier: BSD-3-Clause
/* Which PAPI release a shared object is: compiled once per soname with
 * PAPILLON_RELEASE_MINOR (libpapi.so.7.MINOR; src/Makefile.am). It names the object in core
 * dumps and `strings` output, and sets the version the library reports (PAPI_get_opt's
 * PAPI_LIB_VERSION, the high-level report) as soon as the object is loaded. */
#include "papi.h"
#include "abi/core_entries.h"

#ifndef PAPILLON_RELEASE_MINOR
#error "version.c is compiled with PAPILLON_RELEASE_MINOR (src/Makefile.am)"
#endif

#define STRINGIFY(x)   #x
#define AS_STRING(x)   STRINGIFY(x)
#define RELEASE_STRING "7." AS_STRING(PAPILLON_RELEASE_MINOR)

__attribute__((used)) static const char papillon_ident[] =
    "Papillon " PAPILLON_VERSION_STRING ", PAPI " RELEASE_STRING
    " compatible (libpapi.so." RELEASE_STRING ")";

__attribute__((constructor)) static void name_release(void)
{
	papillon_release_version = PAPI_VERSION_NUMBER(7, PAPILLON_RELEASE_MINOR, 0, 0);
}
