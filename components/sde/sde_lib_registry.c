// SPDX-License-Identifier: BSD-3-Clause
/* libsde's registry: the libraries by name, their counters by name and every
 * counter by id (see sde_lib_internal.h for the locking and lifetimes). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sde_lib_internal.h"

pthread_rwlock_t sde_registry_lock = PTHREAD_RWLOCK_INITIALIZER;

static struct sde_library *libraries;
/* Every counter ever registered, by id. Grown under the write lock; readers
 * hold the read lock, so the array never moves under them. */
static struct sde_counter **counters_by_id;
static int counter_total;
static int counter_capacity;

void sde_write_lock(void)
{
	pthread_rwlock_wrlock(&sde_registry_lock);
}

void sde_write_unlock(void)
{
	pthread_rwlock_unlock(&sde_registry_lock);
}

void sde_read_lock(void)
{
	pthread_rwlock_rdlock(&sde_registry_lock);
}

void sde_read_unlock(void)
{
	pthread_rwlock_unlock(&sde_registry_lock);
}

bool sde_name_is_valid(const char *name)
{
	return name && name[0] != '\0';
}

/* "::" separates the library from the counter in "sde:::LIB::COUNTER": a
 * library name holding it could not be told apart. */
static bool library_name_is_valid(const char *name)
{
	return sde_name_is_valid(name) && !strstr(name, "::");
}

bool sde_mode_is_valid(int mode)
{
	return (mode & ~(PAPI_SDE_RW | PAPI_SDE_INSTANT)) == 0;
}

bool sde_type_is_valid(int type)
{
	return type == PAPI_SDE_long_long || type == PAPI_SDE_int || type == PAPI_SDE_double ||
	       type == PAPI_SDE_float;
}

struct sde_library *sde_library_find(const char *name)
{
	for (struct sde_library *library = libraries; library; library = library->next)
		if (strcmp(library->name, name) == 0)
			return library;
	return NULL;
}

struct sde_library *sde_library_add(const char *name)
{
	if (!library_name_is_valid(name))
		return NULL;
	struct sde_library *library = calloc(1, sizeof(*library));
	if (!library)
		return NULL;
	library->name = strdup(name);
	if (!library->name) {
		free(library);
		return NULL;
	}
	/* Appended, so listings follow registration order. */
	struct sde_library **tail = &libraries;
	while (*tail)
		tail = &(*tail)->next;
	*tail = library;
	return library;
}

void sde_library_names(char *names, size_t names_len)
{
	size_t used = 0;
	names[0] = '\0';
	for (const struct sde_library *library = libraries; library; library = library->next) {
		if (!library->live)
			continue;
		int wrote = snprintf(names + used, names_len - used, "%s%s", used ? ", " : "",
		                     library->name);
		if (wrote < 0 || (size_t)wrote >= names_len - used)
			break; /* the rest does not fit: a message needs no more */
		used += (size_t)wrote;
	}
}

struct sde_counter *sde_counter_find(const struct sde_library *library, const char *name)
{
	for (struct sde_counter *counter = library->counters; counter;
	     counter = counter->next_in_library)
		if (strcmp(counter->name, name) == 0)
			return counter;
	return NULL;
}

static bool reserve_id(void)
{
	if (counter_total < counter_capacity)
		return true;
	int capacity = counter_capacity ? 2 * counter_capacity : 64;
	struct sde_counter **grown = realloc(counters_by_id, sizeof(*grown) * (size_t)capacity);
	if (!grown)
		return false;
	counters_by_id = grown;
	counter_capacity = capacity;
	return true;
}

struct sde_counter *sde_counter_add(struct sde_library *library, const char *name)
{
	if (!reserve_id())
		return NULL;
	struct sde_counter *counter = calloc(1, sizeof(*counter));
	if (!counter)
		return NULL;
	counter->name = strdup(name);
	if (!counter->name) {
		free(counter);
		return NULL;
	}
	counter->library = library;
	counter->source = SDE_SOURCE_DECLARED;
	counter->id = counter_total;
	atomic_init(&counter->created, 0);
	counters_by_id[counter_total++] = counter;
	counter->next_in_library = library->counters;
	library->counters = counter;
	return counter;
}

struct sde_counter *sde_counter_by_id(int id)
{
	if (id < 0 || id >= counter_total)
		return NULL;
	return counters_by_id[id];
}

int sde_counter_count(void)
{
	return counter_total;
}

struct sde_counter *sde_counter_for_registration(struct sde_library *library, const char *name,
                                                 int *status)
{
	struct sde_counter *counter = sde_counter_find(library, name);
	if (counter && counter->live && counter->source == SDE_SOURCE_GROUP) {
		*status = SDE_EINVAL; /* a group has that name */
		return NULL;
	}
	/* PAPI 7 takes a second registration of a name as a no-op, except for
	 * one that was only declared for listing, which this one completes. */
	if (counter && counter->live && counter->source != SDE_SOURCE_DECLARED) {
		*status = SDE_OK;
		return NULL;
	}
	if (!counter)
		counter = sde_counter_add(library, name);
	*status = counter ? SDE_OK : SDE_ENOMEM;
	return counter;
}

void sde_counter_attach(struct sde_counter *counter, enum sde_source source, int mode, int type)
{
	counter->source = source;
	counter->mode = mode;
	counter->type = type;
	counter->live = true;
	counter->frozen = 0;
	counter->library->live = true;
}

void sde_counter_withdraw(struct sde_counter *counter)
{
	if (!counter->live)
		return;
	/* Addresses (recorders, sets) would be copies nobody asked for. */
	enum sde_value_kind kind = sde_counter_kind(counter);
	counter->frozen = kind == SDE_VALUE_ADDRESS ? 0 : sde_counter_raw_value(counter);
	counter->live = false;
}
