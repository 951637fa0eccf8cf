// SPDX-License-Identifier: BSD-3-Clause
/* The registry's face to libpapi (sde_registry.h): the table of functions
 * the sde component calls, and handing it over to a libpapi that cannot
 * see libsde's symbols (libsde loaded RTLD_LOCAL under a plugin). */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

#include "sde_lib_internal.h"

static int registry_id_limit(void)
{
	sde_read_lock();
	int limit = sde_counter_count();
	sde_read_unlock();
	return limit;
}

static void fill_view(const struct sde_counter *counter, struct sde_counter_view *view)
{
	snprintf(view->library, sizeof(view->library), "%s", counter->library->name);
	snprintf(view->counter, sizeof(view->counter), "%s", counter->name);
	/* PAPI 7's default description is the library and counter names. */
	if (counter->description)
		snprintf(view->description, sizeof(view->description), "%s", counter->description);
	else
		snprintf(view->description, sizeof(view->description), "%s::%s",
		         counter->library->name, counter->name);
	view->mode = counter->mode;
	view->kind = sde_counter_kind(counter);
	snprintf(view->source, sizeof(view->source), "%s", sde_source_name(counter->source));
	view->readable = counter->source != SDE_SOURCE_DECLARED;
	view->live = counter->live;
}

static bool registry_describe(int id, struct sde_counter_view *view)
{
	sde_read_lock();
	const struct sde_counter *counter = sde_counter_by_id(id);
	if (counter)
		fill_view(counter, view);
	sde_read_unlock();
	return counter != NULL;
}

static bool registry_find(const char *library_name, const char *counter_name, int *id, char *reason,
                          size_t reason_len)
{
	sde_read_lock();
	const struct sde_library *library = sde_library_find(library_name);
	const struct sde_counter *counter =
	    library ? sde_counter_find(library, counter_name) : NULL;
	if (counter) {
		*id = counter->id;
	} else if (library) {
		snprintf(reason, reason_len, "library '%s' has registered no counter named '%s'",
		         library_name, counter_name);
	} else {
		char names[512];
		sde_library_names(names, sizeof(names));
		snprintf(reason, reason_len,
		         "no library named '%s' has called papi_sde_init (libraries that have: %s)",
		         library_name, names[0] ? names : "none");
	}
	sde_read_unlock();
	return counter != NULL;
}

static void registry_read(const int *ids, int count, long long *values, unsigned flags)
{
	sde_read_lock();
	for (int i = 0; i < count; i++) {
		const struct sde_counter *counter = sde_counter_by_id(ids[i]);
		bool wanted = counter && (!(flags & SDE_READ_DELTA_ONLY) ||
		                          sde_value_kind_is_delta(sde_counter_kind(counter)));
		values[i] = wanted ? sde_counter_raw_value(counter) : 0;
	}
	sde_read_unlock();
}

static const struct sde_registry_ops registry_ops = {
    .version = SDE_REGISTRY_VERSION,
    .size = sizeof(struct sde_registry_ops),
    .id_limit = registry_id_limit,
    .describe = registry_describe,
    .find = registry_find,
    .read = registry_read,
};

SDE_EXPORT const struct sde_registry_ops *papillon_sde_registry(void)
{
	return &registry_ops;
}

/* libpapi's entry point: weak, so that a program without PAPI links. */
extern void papillon_sde_attach(const struct sde_registry_ops *ops) __attribute__((weak));

void sde_offer_registry_to_papi(void)
{
	void (*attach)(const struct sde_registry_ops *) = papillon_sde_attach;
	if (!attach)
		attach = (void (*)(const struct sde_registry_ops *))dlsym(RTLD_DEFAULT,
		                                                          "papillon_sde_attach");
	if (attach)
		attach(&registry_ops);
}
