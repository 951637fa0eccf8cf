// SPDX-License-Identifier: BSD-3-Clause
/* The registration API of sde_lib.h: libraries, counters by variable and by
 * callback, descriptions, withdrawal. Errors are PAPI 7's: SDE_EINVAL for a
 * bad argument or an unknown name, SDE_ECMP for a mode that is neither
 * DELTA nor INSTANT. A NULL library handle (papi_sde_init out of memory) is
 * a no-op that succeeds, so a library never fails for want of PAPI. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sde_lib_internal.h"

/* PAPI 7's sde_lib.h declares these; code built against it may name them. */
SDE_EXPORT int _sde_be_verbose;
SDE_EXPORT int _sde_debug;

SDE_EXPORT papi_handle_t papi_sde_init(const char *name_of_library)
{
	if (!sde_name_is_valid(name_of_library))
		return NULL;
	sde_write_lock();
	struct sde_library *library = sde_library_find(name_of_library);
	if (!library)
		library = sde_library_add(name_of_library);
	if (library)
		library->live = true;
	sde_write_unlock();
	if (library)
		sde_offer_registry_to_papi();
	return library;
}

SDE_EXPORT int papi_sde_shutdown(papi_handle_t handle)
{
	struct sde_library *library = handle;
	if (!library)
		return SDE_OK;
	sde_write_lock();
	for (struct sde_counter *counter = library->counters; counter;
	     counter = counter->next_in_library)
		sde_counter_withdraw(counter);
	library->live = false;
	sde_write_unlock();
	return SDE_OK;
}

/* The checks every registration shares; SDE_OK to go on. */
static int check_registration(const char *event_name, int mode, int type)
{
	if (!sde_name_is_valid(event_name) || !sde_type_is_valid(type))
		return SDE_EINVAL;
	if (!sde_mode_is_valid(mode))
		return SDE_ECMP;
	return SDE_OK;
}

/* Registers a variable or a callback (or, with neither, declares the name
 * for listing). */
static int register_source(struct sde_library *library, const char *event_name, int mode, int type,
                           void *variable, papi_sde_fptr_t function, void *param)
{
	int status = check_registration(event_name, mode, type);
	if (status != SDE_OK || !library)
		return status;
	sde_write_lock();
	struct sde_counter *counter = sde_counter_for_registration(library, event_name, &status);
	if (counter) {
		enum sde_source source = SDE_SOURCE_DECLARED;
		if (variable) {
			source = SDE_SOURCE_VARIABLE;
			counter->u.variable = variable;
		} else if (function) {
			source = SDE_SOURCE_CALLBACK;
			counter->u.callback.function = function;
			counter->u.callback.param = param;
		}
		sde_counter_attach(counter, source, mode, type);
	}
	sde_write_unlock();
	return status;
}

SDE_EXPORT int papi_sde_register_counter(papi_handle_t handle, const char *event_name,
                                         int cntr_mode, int cntr_type, void *counter)
{
	return register_source(handle, event_name, cntr_mode, cntr_type, counter, NULL, NULL);
}

SDE_EXPORT int papi_sde_register_counter_cb(papi_handle_t handle, const char *event_name,
                                            int cntr_mode, int cntr_type, papi_sde_fptr_t callback,
                                            void *param)
{
	return register_source(handle, event_name, cntr_mode, cntr_type, NULL, callback, param);
}

/* A recorder's statistics go with it. */
static void withdraw_recorder_statistics(struct sde_counter *recorder)
{
	for (struct sde_counter *counter = recorder->library->counters; counter;
	     counter = counter->next_in_library)
		if (counter->live && counter->source == SDE_SOURCE_RECORDER_STATISTIC &&
		    counter->u.statistic.recorder == recorder->u.recorder)
			sde_counter_withdraw(counter);
}

SDE_EXPORT int papi_sde_unregister_counter(void *handle, const char *event_name)
{
	struct sde_library *library = handle;
	if (!library)
		return SDE_OK;
	if (!sde_name_is_valid(event_name))
		return SDE_EINVAL;
	int status = SDE_EINVAL;
	sde_write_lock();
	struct sde_counter *counter = sde_counter_find(library, event_name);
	if (counter && counter->live) {
		if (counter->source == SDE_SOURCE_RECORDER)
			withdraw_recorder_statistics(counter);
		sde_counter_withdraw(counter);
		status = SDE_OK;
	}
	sde_write_unlock();
	return status;
}

SDE_EXPORT int papi_sde_describe_counter(papi_handle_t handle, const char *event_name,
                                         const char *event_description)
{
	struct sde_library *library = handle;
	if (!library)
		return SDE_OK;
	if (!sde_name_is_valid(event_name) || !event_description)
		return SDE_EINVAL;
	char *copy = strdup(event_description);
	if (!copy)
		return SDE_ENOMEM;
	int status = SDE_EINVAL;
	sde_write_lock();
	struct sde_counter *counter = sde_counter_find(library, event_name);
	if (counter) {
		/* Readers copy descriptions under the read lock: the old one can
		 * go now. */
		free(counter->description);
		counter->description = copy;
		copy = NULL;
		status = SDE_OK;
	}
	sde_write_unlock();
	free(copy);
	return status;
}
