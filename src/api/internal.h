// SPDX-License-Identifier: BSD-3-Clause
/* Helpers shared by the entry points. */
#ifndef PAPILLON_API_INTERNAL_H
#define PAPILLON_API_INTERNAL_H

#include "papi.h"
#include "util/error.h"
#include "core/eventset.h"

#define PAPI_EXPORT __attribute__((visibility("default")))

/* The event set with this id, or NULL after recording PAPI_ENOEVST. */
static inline struct eventset *api_eventset(int id)
{
	struct eventset *set = eventset_lookup(id);
	if (__builtin_expect(set == NULL, 0))
		papi_error_set(PAPI_ENOEVST, "event set %d does not exist", id);
	return set;
}

#endif
