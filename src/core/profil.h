// SPDX-License-Identifier: BSD-3-Clause
/* Statistical profiling (PAPI_profil, PAPI_sprofil): histograms of overflow
 * addresses, filled from the overflow path. */
#ifndef PAPILLON_PROFIL_H
#define PAPILLON_PROFIL_H

#include "papi.h"

struct profile;

/* Checks the regions and flags and copies them into a new profile. */
int profile_create(const PAPI_sprofil_t *regions, int count, int flags, struct profile **out);
void profile_free(struct profile *profile);
/* Adds one overflow at address (async-signal-safe). weight is what
 * PAPI_PROFIL_WEIGHTED adds: the events counted since the last sample. */
void profile_record(struct profile *profile, void *address, long long weight);
/* The profile was asked to run in software (PAPI_PROFIL_FORCE_SW). */
int profile_flags(const struct profile *profile);

#endif
