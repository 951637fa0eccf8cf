// SPDX-License-Identifier: BSD-3-Clause
/* Boundary, per ABI: event descriptions and walks. A 7.0 or 7.1 program's PAPI_event_info_t
 * ends where 7.2's qualifiers begin, and its PAPI_enum_event modifiers and PAPI_PRESET_BIT_*
 * categories are numbered without 7.2's insertions (abi/layout_7_0.h); a 7.2 program's are
 * the core's own. */
#include <string.h>

#include "abi/boundary.h"
#include "abi/layout_7_0.h"
#include "util/error.h"

#if PAPILLON_BOUNDARY_MINOR == 0
/* A 7.0 modifier in the core's numbering, or -1 for a number 7.0 does not define. The
 * component-preset and CPU walks have no 7.0 number, so a 7.0 program cannot ask for them. */
static int modifier_from_7_0(int modifier)
{
	if (modifier < PAPI70_PRESET_ENUM_AVAIL)
		return modifier < 0 ? -1 : modifier;
	if (modifier <= PAPI70_PRESET_ENUM_FP)
		return modifier - PAPI70_PRESET_ENUM_AVAIL + PAPI_PRESET_ENUM_AVAIL;
	if (modifier <= PAPI70_NTV_ENUM_GROUPS)
		return modifier - PAPI70_NTV_ENUM_UMASKS + PAPI_NTV_ENUM_UMASKS;
	return -1;
}

static int core_modifier(int modifier, int *core)
{
	*core = modifier_from_7_0(modifier);
	if (*core < 0)
		return papi_error_set(PAPI_EINVAL,
		                      "modifier %d is not one of PAPI 7.0's (PAPI_ENUM_EVENTS to "
		                      "PAPI_NTV_ENUM_GROUPS, 0 to %d)",
		                      modifier, PAPI70_NTV_ENUM_GROUPS);
	return PAPI_OK;
}

/* PAPI_PRESET_BIT_* of the core's categories as 7.0 numbers them; the CPU ones have none. */
static unsigned int preset_bits_to_7_0(unsigned int bits)
{
	unsigned int out = 0;
	for (int category = PAPI_PRESET_ENUM_MSC; category <= PAPI_PRESET_ENUM_FP; category++)
		if (bits & (1u << category))
			out |= 1u << (category - PAPI_PRESET_ENUM_MSC + PAPI70_PRESET_ENUM_MSC);
	return out;
}

PAPI_EXPORT int PAPI_get_event_info(int EventCode, PAPI_event_info_t *info)
{
	if (!info)
		return api_get_event_info(EventCode, info);
	/* The core fills 7.2's whole struct; the program's 7.0 struct gets its own bytes only. */
	PAPI_event_info_t whole;
	int status = api_get_event_info(EventCode, &whole);
	if (status != PAPI_OK)
		return status;
	whole.event_type = preset_bits_to_7_0(whole.event_type);
	memcpy(info, &whole, PAPI70_EVENT_INFO_SIZE);
	return PAPI_OK;
}

PAPI_EXPORT int PAPI_enum_event(int *EventCode, int modifier)
{
	int core;
	int status = core_modifier(modifier, &core);
	return status != PAPI_OK ? status : api_enum_event(EventCode, core);
}

PAPI_EXPORT int PAPI_enum_cmp_event(int *EventCode, int modifier, int cidx)
{
	int core;
	int status = core_modifier(modifier, &core);
	return status != PAPI_OK ? status : api_enum_cmp_event(EventCode, core, cidx);
}
#else
PAPI_EXPORT int PAPI_get_event_info(int EventCode, PAPI_event_info_t *info)
{
	return api_get_event_info(EventCode, info);
}

PAPI_EXPORT int PAPI_enum_event(int *EventCode, int modifier)
{
	return api_enum_event(EventCode, modifier);
}

PAPI_EXPORT int PAPI_enum_cmp_event(int *EventCode, int modifier, int cidx)
{
	return api_enum_cmp_event(EventCode, modifier, cidx);
}
#endif
