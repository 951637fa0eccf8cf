// SPDX-License-Identifier: BSD-3-Clause
/* Entry points: overflow and statistical profiling. */
#include "papi.h"
#include "api/internal.h"
#include "util/error.h"
#include "core/eventset.h"
#include "core/overflow.h"
#include "core/profil.h"

PAPI_EXPORT int PAPI_overflow(int EventSet, int EventCode, int threshold, int flags,
                              PAPI_overflow_handler_t handler)
{
	struct eventset *set = api_eventset(EventSet);
	if (!set)
		return PAPI_ENOEVST;
	if (flags & ~(PAPI_OVERFLOW_FORCE_SW | PAPI_OVERFLOW_HARDWARE))
		return papi_error_set(PAPI_EINVAL,
		                      "overflow flags %#x are not PAPI_OVERFLOW_FORCE_SW or "
		                      "PAPI_OVERFLOW_HARDWARE",
		                      (unsigned)flags);
	if (threshold > 0 && !handler)
		return papi_error_set(PAPI_EINVAL, "overflow handler is NULL");
	if (threshold > 0 && overflow_profile(set, EventCode))
		return papi_error_set(PAPI_EINVAL,
		                      "event %#x of event set %d is profiled: PAPI_profil with "
		                      "threshold 0 first",
		                      (unsigned)EventCode, EventSet);
	return overflow_set(set, EventCode, threshold, flags, handler, NULL);
}

PAPI_EXPORT int PAPI_get_overflow_event_index(int EventSet, long long overflow_vector, int *array,
                                              int *number)
{
	struct eventset *set = api_eventset(EventSet);
	if (!set)
		return PAPI_ENOEVST;
	return overflow_event_indexes(set, overflow_vector, array, number);
}

PAPI_EXPORT int PAPI_sprofil(PAPI_sprofil_t *prof, int profcnt, int EventSet, int EventCode,
                             int threshold, int flags)
{
	struct eventset *set = api_eventset(EventSet);
	if (!set)
		return PAPI_ENOEVST;
	if (threshold < 0)
		return papi_error_set(PAPI_EINVAL, "profiling threshold %d is negative", threshold);
	if (threshold == 0) {
		if (!overflow_profile(set, EventCode))
			return papi_error_set(PAPI_EINVAL,
			                      "event %#x of event set %d is not profiled",
			                      (unsigned)EventCode, EventSet);
		return overflow_set(set, EventCode, 0, 0, NULL, NULL);
	}
	struct profile *profile;
	int status = profile_create(prof, profcnt, flags, &profile);
	if (status != PAPI_OK)
		return status;
	status =
	    overflow_set(set, EventCode, threshold, flags & PAPI_PROFIL_FORCE_SW, NULL, profile);
	if (status != PAPI_OK)
		profile_free(profile);
	return status;
}

PAPI_EXPORT int PAPI_profil(void *buf, unsigned bufsiz, vptr_t offset, unsigned scale, int EventSet,
                            int EventCode, int threshold, int flags)
{
	PAPI_sprofil_t region = {
	    .pr_base = buf,
	    .pr_size = bufsiz,
	    .pr_off = offset,
	    .pr_scale = scale,
	};
	return PAPI_sprofil(&region, 1, EventSet, EventCode, threshold, flags);
}
