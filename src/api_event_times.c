/* Entry point: PAPI_event_times (Papillon extension, papi.h), how much of
 * the time an event of a set actually counted, as perf stat shows it.
 *
 * Nothing is read here: the times are the ones the set's most recent
 * PAPI_read, PAPI_accum or PAPI_stop had, kept by the component (the
 * kernel's time_enabled / time_running, which come with every read()) or by
 * the software multiplexer (its slices' active time against the set's), so
 * that PAPI_read costs what it did. A preset made of several natives reports
 * the native that counted the smallest share of its time: its value is only
 * as complete as its least complete term. */
#include "papi.h"
#include "api_internal.h"
#include "error.h"
#include "eventset.h"
#include "guard.h"
#include "library.h"
#include "multiplex.h"

/* running_a / enabled_a < running_b / enabled_b, exactly; an empty
 * interval (enabled 0) counts as complete. */
static bool counted_less(long long enabled_a, long long running_a, long long enabled_b,
                         long long running_b)
{
	if (enabled_a <= 0)
		return false;
	if (enabled_b <= 0)
		return true;
#ifdef __SIZEOF_INT128__
	return (__int128)running_a * enabled_b < (__int128)running_b * enabled_a;
#else
	return (long double)running_a * enabled_b < (long double)running_b * enabled_a;
#endif
}

static int native_times(struct eventset *set, int native, long long *enabled_ns,
                        long long *running_ns)
{
	if (set->mpx)
		return multiplex_event_times(set, native, enabled_ns, running_ns);
	const struct component_ops *ops = papillon_components[set->cidx];
	if (!ops->event_times)
		return papi_error_set(PAPI_ENOSUPP,
		                      "the %s component does not say how long its events counted",
		                      ops->name);
	return ops->event_times(set->control, native, enabled_ns, running_ns);
}

PAPI_EXPORT int PAPI_event_times(int EventSet, int index, long long *enabled_ns,
                                 long long *running_ns)
{
	struct eventset *set = api_eventset(EventSet);
	if (!set)
		return PAPI_ENOEVST;
	if (!enabled_ns || !running_ns)
		return papi_error_set(PAPI_EINVAL, "%s pointer is NULL",
		                      enabled_ns ? "running_ns" : "enabled_ns");
	if (index < 0 || index >= set->event_count)
		return papi_error_set(PAPI_EINVAL, "event set %d has no event %d (it holds %d)",
		                      EventSet, index, set->event_count);
	int status = guard_enter(set);
	if (status != PAPI_OK)
		return status;
	const struct eventset_event *event = &set->events[index];
	long long enabled = 0, running = 0;
	for (int t = 0; status == PAPI_OK && t < event->term_count; t++) {
		long long term_enabled, term_running;
		status = native_times(set, event->terms[t], &term_enabled, &term_running);
		if (status == PAPI_OK &&
		    (t == 0 || counted_less(term_enabled, term_running, enabled, running))) {
			enabled = term_enabled;
			running = term_running;
		}
	}
	guard_leave(set);
	if (status != PAPI_OK)
		return status;
	*enabled_ns = enabled;
	*running_ns = running;
	return PAPI_OK;
}
