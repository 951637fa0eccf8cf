// SPDX-License-Identifier: BSD-3-Clause
/* Counters that libsde keeps for a library (papi_sde_create_counter): a long
 * long that papi_sde_inc_counter adds to atomically, without a lock, so that
 * any number of threads may count into one. */
#include "sde_lib_internal.h"

SDE_EXPORT int papi_sde_create_counter(papi_handle_t handle, const char *event_name, int cntr_mode,
                                       void **cntr_handle)
{
	struct sde_library *library = handle;
	if (!library)
		return SDE_OK;
	if (!sde_name_is_valid(event_name))
		return SDE_EINVAL;
	if (!sde_mode_is_valid(cntr_mode))
		return SDE_ECMP;
	int status = SDE_OK;
	sde_write_lock();
	struct sde_counter *counter = sde_counter_find(library, event_name);
	if (counter && counter->live && counter->source == SDE_SOURCE_CREATED) {
		/* Created again (a second instance of the library): the same one. */
	} else {
		counter = sde_counter_for_registration(library, event_name, &status);
		if (counter) {
			atomic_store_explicit(&counter->created, 0, memory_order_relaxed);
			sde_counter_attach(counter, SDE_SOURCE_CREATED, cntr_mode,
			                   PAPI_SDE_long_long);
		} else if (status == SDE_OK) {
			status = SDE_EINVAL; /* the name is another kind of counter */
		}
	}
	sde_write_unlock();
	if (status == SDE_OK && cntr_handle)
		*cntr_handle = counter;
	return status;
}

static struct sde_counter *created_counter(void *cntr_handle)
{
	struct sde_counter *counter = cntr_handle;
	return counter->source == SDE_SOURCE_CREATED ? counter : NULL;
}

SDE_EXPORT int papi_sde_inc_counter(void *cntr_handle, long long int increment)
{
	if (!cntr_handle)
		return SDE_OK;
	struct sde_counter *counter = created_counter(cntr_handle);
	if (!counter)
		return SDE_EINVAL;
	atomic_fetch_add_explicit(&counter->created, increment, memory_order_relaxed);
	return SDE_OK;
}

SDE_EXPORT int papi_sde_reset_counter(void *cntr_handle)
{
	if (!cntr_handle)
		return SDE_OK;
	struct sde_counter *counter = created_counter(cntr_handle);
	if (!counter)
		return SDE_EINVAL;
	atomic_store_explicit(&counter->created, 0, memory_order_relaxed);
	return SDE_OK;
}

/* The handle of a created counter, recorder or counting set, by name. */
SDE_EXPORT void *papi_sde_get_counter_handle(papi_handle_t handle, const char *event_name)
{
	struct sde_library *library = handle;
	if (!library || !sde_name_is_valid(event_name))
		return NULL;
	void *found = NULL;
	sde_read_lock();
	struct sde_counter *counter = sde_counter_find(library, event_name);
	/* Every handle is the counter itself, as in PAPI 7: each call checks
	 * the kind it was given. */
	if (counter && counter->live &&
	    (counter->source == SDE_SOURCE_CREATED || counter->source == SDE_SOURCE_RECORDER ||
	     counter->source == SDE_SOURCE_COUNTING_SET))
		found = counter;
	sde_read_unlock();
	return found;
}
