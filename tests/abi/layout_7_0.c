// SPDX-License-Identifier: BSD-3-Clause
/* Prints the 7.0 layout facts the 7.0 boundary relies on: every field's offset and size of
 * PAPI_component_info_t (bit-fields by the bit they occupy) and of PAPI_event_info_t, the
 * enumeration modifiers and the error table's size. Built twice by check-layout-7.0.sh:
 * with LAYOUT_FROM_PAPI against PAPI 7.0's own papi.h, and without it from Papillon's private
 * src/abi/layout_7_0.h (its struct, its event info size and modifier numbers, with the
 * field offsets of the 7.2 struct whose prefix it is). The two outputs must be identical. */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#ifdef LAYOUT_FROM_PAPI
#include <papi.h>
typedef PAPI_component_info_t component_info;
#define EVENT_INFO_SIZE  sizeof(PAPI_event_info_t)
#define ENUM_AVAIL       PAPI_PRESET_ENUM_AVAIL
#define ENUM_MSC         PAPI_PRESET_ENUM_MSC
#define ENUM_FP          PAPI_PRESET_ENUM_FP
#define ENUM_NTV_UMASKS  PAPI_NTV_ENUM_UMASKS
#define ENUM_NTV_GROUPS  PAPI_NTV_ENUM_GROUPS
#define ERROR_TABLE_SIZE PAPI_NUM_ERRORS
#else
#include "abi/layout_7_0.h"
typedef struct papi70_component_info component_info;
#define EVENT_INFO_SIZE  PAPI70_EVENT_INFO_SIZE
#define ENUM_AVAIL       PAPI70_PRESET_ENUM_AVAIL
#define ENUM_MSC         PAPI70_PRESET_ENUM_MSC
#define ENUM_FP          PAPI70_PRESET_ENUM_FP
#define ENUM_NTV_UMASKS  PAPI70_NTV_ENUM_UMASKS
#define ENUM_NTV_GROUPS  PAPI70_NTV_ENUM_GROUPS
#define ERROR_TABLE_SIZE PAPI70_NUM_ERRORS
#endif

#define FIELD(type, name)                                                                          \
	printf(#type "." #name " offset %zu size %zu\n", offsetof(type, name),                     \
	       sizeof(((type *)0)->name))

/* The first bit a bit-field sets in an otherwise zero struct. */
#define BITFIELD(name)                                                                             \
	do {                                                                                       \
		component_info probe;                                                              \
		memset(&probe, 0, sizeof(probe));                                                  \
		probe.name = 1;                                                                    \
		const unsigned char *bytes = (const unsigned char *)&probe;                        \
		for (size_t i = 0; i < sizeof(probe); i++)                                         \
			if (bytes[i])                                                              \
				printf("component_info." #name " byte %zu mask %#x\n", i,          \
				       (unsigned)bytes[i]);                                        \
	} while (0)

int main(void)
{
	printf("component_info size %zu\n", sizeof(component_info));
	FIELD(component_info, name);
	FIELD(component_info, short_name);
	FIELD(component_info, description);
	FIELD(component_info, version);
	FIELD(component_info, support_version);
	FIELD(component_info, kernel_version);
	FIELD(component_info, disabled_reason);
	FIELD(component_info, disabled);
	FIELD(component_info, initialized);
	FIELD(component_info, CmpIdx);
	FIELD(component_info, num_cntrs);
	FIELD(component_info, num_mpx_cntrs);
	FIELD(component_info, num_preset_events);
	FIELD(component_info, num_native_events);
	FIELD(component_info, default_domain);
	FIELD(component_info, available_domains);
	FIELD(component_info, default_granularity);
	FIELD(component_info, available_granularities);
	FIELD(component_info, hardware_intr_sig);
	FIELD(component_info, component_type);
	FIELD(component_info, pmu_names);
	FIELD(component_info, reserved);
	BITFIELD(hardware_intr);
	BITFIELD(precise_intr);
	BITFIELD(posix1b_timers);
	BITFIELD(kernel_profile);
	BITFIELD(kernel_multiplex);
	BITFIELD(fast_counter_read);
	BITFIELD(fast_real_timer);
	BITFIELD(fast_virtual_timer);
	BITFIELD(attach);
	BITFIELD(attach_must_ptrace);
	BITFIELD(cntr_umasks);
	BITFIELD(cpu);
	BITFIELD(inherit);
	BITFIELD(reserved_bits);

	printf("event_info size %zu\n", (size_t)EVENT_INFO_SIZE);
	FIELD(PAPI_event_info_t, event_code);
	FIELD(PAPI_event_info_t, symbol);
	FIELD(PAPI_event_info_t, short_descr);
	FIELD(PAPI_event_info_t, long_descr);
	FIELD(PAPI_event_info_t, component_index);
	FIELD(PAPI_event_info_t, units);
	FIELD(PAPI_event_info_t, location);
	FIELD(PAPI_event_info_t, data_type);
	FIELD(PAPI_event_info_t, value_type);
	FIELD(PAPI_event_info_t, timescope);
	FIELD(PAPI_event_info_t, update_type);
	FIELD(PAPI_event_info_t, update_freq);
	FIELD(PAPI_event_info_t, count);
	FIELD(PAPI_event_info_t, event_type);
	FIELD(PAPI_event_info_t, derived);
	FIELD(PAPI_event_info_t, postfix);
	FIELD(PAPI_event_info_t, code);
	FIELD(PAPI_event_info_t, name);
	FIELD(PAPI_event_info_t, note);

	printf("modifiers avail %d msc %d fp %d umasks %d groups %d\n", (int)ENUM_AVAIL,
	       (int)ENUM_MSC, (int)ENUM_FP, (int)ENUM_NTV_UMASKS, (int)ENUM_NTV_GROUPS);
	printf("errors %d\n", (int)ERROR_TABLE_SIZE);
	return 0;
}
