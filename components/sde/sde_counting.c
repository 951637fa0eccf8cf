// SPDX-License-Identifier: BSD-3-Clause
/* Counting software-defined events: a control is the registry ids of one
 * event set's counters and the kind of each value. The counters run freely
 * (libraries update them whenever they like), so the component only reads
 * them; making counts since a start out of those readings is the core's
 * snapshot path (CAP_FREE_RUNNING, src/core/counter.c), told each counter's kind
 * of value. */
#include <string.h>

#include "papi.h"
#include "util/error.h"
#include "sde_component.h"

int sde_control_init(void *control)
{
	memset(control, 0, sizeof(struct sde_control));
	return PAPI_OK;
}

void sde_control_cleanup(void *control)
{
	(void)control; /* nothing held outside the control */
}

int sde_control_update(void *control, const struct component_event *events, int count,
                       const struct counting_options *options)
{
	(void)options; /* a library's counters belong to the process: no domains */
	if (count > SDE_MAX_EVENTS)
		return papi_error_set(PAPI_ECNFLCT,
		                      "an event set holds at most %d software-defined events, and "
		                      "%s would make %d",
		                      SDE_MAX_EVENTS, events[count - 1].name, count);
	const struct sde_registry_ops *registry = sde_registry();
	struct sde_control next;
	memset(&next, 0, sizeof(next));
	for (int i = 0; i < count; i++) {
		int id = sde_encoding_id(events[i].encoding);
		int status = sde_check_id(id);
		if (status != PAPI_OK)
			return status;
		struct sde_counter_view view;
		registry->describe(id, &view);
		next.ids[i] = id;
		next.kinds[i] = view.kind;
	}
	next.count = count;
	*(struct sde_control *)control = next;
	return PAPI_OK;
}

static int read_with(void *control, long long *values, unsigned flags)
{
	struct sde_control *sde = control;
	const struct sde_registry_ops *registry = sde_registry();
	if (!registry) /* a control has events only once the registry was found */
		return papi_error_set(PAPI_ECMP, "libsde's registry is gone");
	registry->read(sde->ids, sde->count, values, flags);
	return PAPI_OK;
}

int sde_read_current(void *control, long long *values)
{
	return read_with(control, values, 0);
}

int sde_read_snapshot(void *control, long long *values)
{
	return read_with(control, values, SDE_READ_DELTA_ONLY);
}

enum component_value_kind sde_value_kind(const void *control, int index)
{
	switch (((const struct sde_control *)control)->kinds[index]) {
	case SDE_VALUE_INT64_DELTA:
		return VALUE_KIND_INT64_SUM;
	case SDE_VALUE_FP64_DELTA:
		return VALUE_KIND_FP64_SUM;
	default: /* INSTANT, MAX, MIN, floats of the moment, copies the reader frees */
		return VALUE_KIND_INSTANT;
	}
}
