// SPDX-License-Identifier: BSD-3-Clause
/* From a native event's name to its code: the interned code if there is
 * one, else the first component that resolves the name (which interns it),
 * or that lists it while it cannot be encoded as written.
 *
 * A name may also name its component, as PAPI (7.0 and 7.2) accepts it:
 * "<component name>:::<event>" (perf_event:::perf::TASK-CLOCK,
 * perf_event:::TASK-CLOCK, sde:::LIB::COUNTER). Only that component is
 * asked then: first with the whole name (sde's own names carry the prefix),
 * then with the event after it, which is the name the event gets, so that
 * the prefixed and the bare spelling are one event with one code, and
 * PAPI_event_code_to_name gives the bare one, as PAPI does. The
 * component's short name ("perf:::") is no such prefix there either. */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "papi.h"
#include "util/error.h"
#include "registry/registry.h"
#include "natives/table.h"

#define COMPONENT_SEPARATOR ":::"

/* The length of component c's "<word>:::" at the start of name, or 0. */
static size_t prefix_length(const char *name, const char *word)
{
	size_t length = strlen(word);
	if (strncmp(name, word, length) != 0 ||
	    strncmp(name + length, COMPONENT_SEPARATOR, strlen(COMPONENT_SEPARATOR)) != 0)
		return 0;
	return length + strlen(COMPONENT_SEPARATOR);
}

/* Does name start with component c's "<short name>:::" (sde:::LIB::CTR)? That
 * component then knows best why the name fails. */
static bool names_component(const char *name, int c)
{
	return prefix_length(name, papillon_components[c]->short_name) > 0;
}

/* The component whose "<name>:::" starts name, or -1. */
static int prefixed_component(const char *name)
{
	if (!strstr(name, COMPONENT_SEPARATOR))
		return -1; /* most names: no component's */
	for (int c = 0; c < papillon_component_count; c++)
		if (prefix_length(name, papillon_components[c]->name) > 0)
			return c;
	return -1;
}

/* Asks component c for name: the code on success (or for a name it lists,
 * with *listed set), else the component's failure with its reason. */
static int resolve_in(int c, const char *name, int *code, bool *listed)
{
	struct component_resolution resolution;
	memset(&resolution, 0, sizeof(resolution));
	int status = papillon_components[c]->resolve_name(name, &resolution);
	*listed = resolution.listed;
	if (status == PAPI_OK) {
		papi_error_clear(); /* earlier components' misses are no failure */
		return native_table_intern(c, name, resolution.cursor, resolution.encoding, code);
	}
	/* A listed name is an event: it gets its code, and its uses fail. */
	if (resolution.listed) {
		status = native_table_intern_failed(c, name, resolution.cursor, status,
		                                    papi_error_reason(), code);
		if (status == PAPI_OK)
			papi_error_clear();
	}
	return status;
}

/* "<component name>:::<event>": that component alone, the whole name first. */
static int code_of_prefixed_name(int c, const char *name, int *code)
{
	const char *component = papillon_components[c]->name;
	if (!papillon_component_ready[c])
		return papi_error_set(PAPI_ENOEVNT,
		                      "'%s' names component %s, which is disabled: %s", name,
		                      component, papillon_component_info[c].disabled_reason);
	bool listed;
	int status = resolve_in(c, name, code, &listed);
	if (status == PAPI_OK || listed || status != PAPI_ENOEVNT)
		return status;
	char whole_reason[PAPI_HUGE_STR_LEN];
	snprintf(whole_reason, sizeof(whole_reason), "%s", papi_error_reason());
	const char *event = name + prefix_length(name, component);
	if (native_table_find(event, code) == PAPI_OK) {
		const struct native_entry *entry = native_table_get(*code);
		if (entry && entry->cidx == c)
			return PAPI_OK;
	}
	status = resolve_in(c, event, code, &listed);
	if (status == PAPI_ENOEVNT && !listed)
		return papi_error_set(status, "component %s knows neither '%s' (%s) nor '%s' (%s)",
		                      component, name, whole_reason, event, papi_error_reason());
	return status;
}

int native_code_of_name(const char *name, int *code)
{
	int status = native_table_find(name, code);
	if (status == PAPI_OK)
		return PAPI_OK;
	int prefixed = prefixed_component(name);
	if (prefixed >= 0)
		return code_of_prefixed_name(prefixed, name, code);
	int best = PAPI_ENOEVNT;
	char reason[PAPI_HUGE_STR_LEN];
	reason[0] = '\0';
	for (int c = 0; c < papillon_component_count; c++) {
		if (!papillon_component_ready[c])
			continue;
		bool listed;
		status = resolve_in(c, name, code, &listed);
		if (status == PAPI_OK || listed)
			return status;
		/* The most telling reason: the named component's, else a real
		 * failure over "unknown here". */
		if (status != PAPI_ENOEVNT || !reason[0] || names_component(name, c)) {
			best = status;
			snprintf(reason, sizeof(reason), "%s", papi_error_reason());
		}
	}
	if (reason[0])
		return papi_error_set(best, "%s", reason);
	return papi_error_set(best, "no component knows an event named '%s'", name);
}
