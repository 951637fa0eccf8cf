// SPDX-License-Identifier: BSD-3-Clause
/* Identifies the library in core dumps and `strings` output. */
#include "papi.h"

__attribute__((used)) static const char papillon_ident[] =
    "Papillon " PAPILLON_VERSION_STRING ", PAPI 7.0 compatible";
