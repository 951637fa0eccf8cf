// SPDX-License-Identifier: BSD-3-Clause
/* The qualifiers PAPI_get_event_info gives a native event (PAPI 7.2's
 * num_quals, quals, quals_descrs): the first PAPI_MAX_COMP_QUALS of those
 * its component lists for it (PAPI_NTV_ENUM_UMASKS), in that order, each as
 * a user appends it to the name (":CONDITIONAL", ":u=0") with its own
 * description (what follows ", masks:" in the qualified event's, the
 * convention of libpfm4's descriptions, else all of it). A name that
 * already carries qualifiers is one choice of them and lists none, as
 * papi_native_avail shows no qualifiers for it. */
#include <stdio.h>
#include <string.h>

#include "papi.h"
#include "registry/registry.h"
#include "natives/table.h"

#define MASKS_MARK "masks:"

/* The event part of a name: after "pmu::" if there is one. */
static const char *event_part(const char *name)
{
	const char *separator = strstr(name, "::");
	return separator ? separator + 2 : name;
}

static const char *own_description(const char *description)
{
	const char *masks = strstr(description, MASKS_MARK);
	return masks && masks[strlen(MASKS_MARK)] ? masks + strlen(MASKS_MARK) : description;
}

void native_fill_qualifiers(const struct native_entry *entry, PAPI_event_info_t *info)
{
	info->num_quals = 0;
	if (strchr(event_part(entry->name), ':'))
		return;
	const struct component_ops *ops = papillon_components[entry->cidx];
	uint64_t cursor = entry->cursor;
	char name[PAPI_HUGE_STR_LEN];
	while (info->num_quals < PAPI_MAX_COMP_QUALS &&
	       ops->enum_events(&cursor, PAPI_NTV_ENUM_UMASKS, name, sizeof(name)) == PAPI_OK) {
		const char *qualifier = strchr(event_part(name), ':');
		if (!qualifier)
			break;
		PAPI_event_info_t described;
		memset(&described, 0, sizeof(described));
		if (ops->event_info(name, cursor, NULL, &described) != PAPI_OK)
			break;
		int slot = info->num_quals++;
		snprintf(info->quals[slot], sizeof(info->quals[slot]), "%s", qualifier);
		snprintf(info->quals_descrs[slot], sizeof(info->quals_descrs[slot]), "%s",
		         own_description(described.long_descr));
	}
}
