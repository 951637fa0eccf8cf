// SPDX-License-Identifier: BSD-3-Clause
/* Names of software-defined events: "sde:::LIBRARY::COUNTER", listed and
 * resolved through libsde's registry. A counter's cursor and encoding are
 * its registry id, which stays valid for the life of the process. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "papi.h"
#include "util/error.h"
#include "sde_component.h"

int sde_enum_events(uint64_t *cursor, int modifier, char *name, size_t name_len)
{
	const struct sde_registry_ops *registry = sde_registry();
	/* Counters have no qualifiers, groups or processor features: only the
	 * walk over the events themselves yields anything. */
	if (!registry || (modifier != PAPI_ENUM_FIRST && modifier != PAPI_ENUM_EVENTS))
		return PAPI_ENOEVNT;
	int id = modifier == PAPI_ENUM_FIRST ? 0 : (int)*cursor + 1;
	struct sde_counter_view view;
	for (int limit = registry->id_limit(); id < limit; id++) {
		if (!registry->describe(id, &view) || !view.live)
			continue;
		snprintf(name, name_len, SDE_EVENT_PREFIX "%s::%s", view.library, view.counter);
		*cursor = (uint64_t)id;
		return PAPI_OK;
	}
	return PAPI_ENOEVNT;
}

/* Splits "sde:::LIBRARY::COUNTER" (the counter may hold single colons, as
 * a recorder's "name:CNT" does). */
static int split_name(const char *name, char *library, size_t library_len, const char **counter)
{
	size_t prefix = strlen(SDE_EVENT_PREFIX);
	if (strncmp(name, SDE_EVENT_PREFIX, prefix) != 0)
		return papi_error_set(
		    PAPI_ENOEVNT, "'%s' is not a software-defined event (sde:::LIBRARY::COUNTER)",
		    name);
	const char *rest = name + prefix;
	const char *separator = strstr(rest, "::");
	if (!separator || separator == rest || separator[2] == '\0')
		return papi_error_set(PAPI_ENOEVNT,
		                      "'%s' names no counter: software-defined events are "
		                      "sde:::LIBRARY::COUNTER",
		                      name);
	size_t length = (size_t)(separator - rest);
	if (length >= library_len)
		return papi_error_set(PAPI_ENOEVNT, "the library name in '%s' is too long", name);
	memcpy(library, rest, length);
	library[length] = '\0';
	*counter = separator + 2;
	return PAPI_OK;
}

int sde_check_id(int id)
{
	const struct sde_registry_ops *registry = sde_registry();
	struct sde_counter_view view;
	if (!registry || !registry->describe(id, &view))
		return papi_error_set(PAPI_ENOEVNT, "no software-defined counter has id %d", id);
	if (!view.live)
		return papi_error_set(PAPI_ENOEVNT,
		                      SDE_EVENT_PREFIX "%s::%s was unregistered by its library "
		                                       "(papi_sde_unregister_counter or "
		                                       "papi_sde_shutdown)",
		                      view.library, view.counter);
	if (!view.readable)
		return papi_error_set(PAPI_ENOEVNT,
		                      SDE_EVENT_PREFIX "%s::%s was only declared, for listing, "
		                                       "without a variable or a callback: it has "
		                                       "nothing to count",
		                      view.library, view.counter);
	return PAPI_OK;
}

int sde_resolve_name(const char *name, struct component_resolution *out)
{
	char library[SDE_NAME_MAX];
	const char *counter = NULL;
	int status = split_name(name, library, sizeof(library), &counter);
	if (status != PAPI_OK)
		return status;
	const struct sde_registry_ops *registry = sde_registry();
	if (!registry)
		return papi_error_set(PAPI_ENOEVNT,
		                      "no library in this process has registered software-defined "
		                      "events (libsde is not loaded), so '%s' does not exist",
		                      name);
	char reason[PAPI_HUGE_STR_LEN];
	int id;
	if (!registry->find(library, counter, &id, reason, sizeof(reason)))
		return papi_error_set(PAPI_ENOEVNT, "%s: %s", name, reason);
	struct sde_counter_view view;
	if (registry->describe(id, &view) && !view.live)
		return sde_check_id(id);
	int *encoding = malloc(sizeof(*encoding));
	if (!encoding)
		return papi_error_set(PAPI_ENOMEM, "no memory to encode '%s'", name);
	*encoding = id;
	snprintf(out->canonical, sizeof(out->canonical), "%s", name);
	out->cursor = (uint64_t)id;
	out->encoding = encoding;
	return PAPI_OK;
}

void sde_release_encoding(void *encoding)
{
	free(encoding);
}

int sde_encoding_id(const void *encoding)
{
	return *(const int *)encoding;
}

/* What a tool must know to read the value: its bits (integer, a double's,
 * an address) and whether it is a count since start or a value now. */
static void describe_value(enum sde_value_kind kind, PAPI_event_info_t *info)
{
	bool delta = sde_value_kind_is_delta(kind);
	info->data_type = kind == SDE_VALUE_ADDRESS          ? PAPI_DATATYPE_BIT64
	                  : sde_value_kind_is_floating(kind) ? PAPI_DATATYPE_FP64
	                                                     : PAPI_DATATYPE_INT64;
	info->value_type = delta ? PAPI_VALUETYPE_RUNNING_SUM : PAPI_VALUETYPE_ABSOLUTE;
	info->timescope = delta ? PAPI_TIMESCOPE_SINCE_START : PAPI_TIMESCOPE_POINT;
	info->update_type = PAPI_UPDATETYPE_ARBITRARY;
}

int sde_event_info(const char *name, uint64_t cursor, const void *encoding, PAPI_event_info_t *info)
{
	(void)encoding;
	const struct sde_registry_ops *registry = sde_registry();
	struct sde_counter_view view;
	if (!registry || !registry->describe((int)cursor, &view))
		return papi_error_set(PAPI_ENOEVNT, "%s is not in libsde's registry", name);
	snprintf(info->short_descr, sizeof(info->short_descr), "%.*s",
	         (int)sizeof(info->short_descr) - 1, view.counter);
	snprintf(info->long_descr, sizeof(info->long_descr), "%s", view.description);
	describe_value(view.kind, info);
	return PAPI_OK;
}

int sde_check_event(const void *encoding)
{
	return sde_check_id(sde_encoding_id(encoding));
}
