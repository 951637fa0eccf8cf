// SPDX-License-Identifier: BSD-3-Clause
/* What a program built against PAPI 7.0's or 7.1's papi.h sees where 7.2 changed the ABI
 * (doc/abi-versions.md): the two structs whose layout differs, the numbering of the
 * PAPI_enum_event modifiers and the size of the error table. The library itself keeps 7.2's
 * (include/papi.h, compiled without PAPILLON_ABI_7_0); the 7.0 boundary (src/abi/) converts
 * to these. tests/abi/check-layout-7.0.sh compares every size and offset here with Debian
 * 12's papi.h. */
#ifndef PAPILLON_ABI_LAYOUT_7_0_H
#define PAPILLON_ABI_LAYOUT_7_0_H

#include <stddef.h>

#include "papi.h"

/* PAPI_component_info_t without 7.2's partially_disabled_reason and partially_disabled. */
struct papi70_component_info {
	char name[PAPI_MAX_STR_LEN];
	char short_name[PAPI_MIN_STR_LEN];
	char description[PAPI_MAX_STR_LEN];
	char version[PAPI_MIN_STR_LEN];
	char support_version[PAPI_MIN_STR_LEN];
	char kernel_version[PAPI_MIN_STR_LEN];
	char disabled_reason[PAPI_HUGE_STR_LEN];
	int disabled;
	int initialized;
	int CmpIdx;
	int num_cntrs;
	int num_mpx_cntrs;
	int num_preset_events;
	int num_native_events;
	int default_domain;
	int available_domains;
	int default_granularity;
	int available_granularities;
	int hardware_intr_sig;
	int component_type;
	char *pmu_names[PAPI_PMU_MAX];
	int reserved[8];
	unsigned int hardware_intr : 1;
	unsigned int precise_intr : 1;
	unsigned int posix1b_timers : 1;
	unsigned int kernel_profile : 1;
	unsigned int kernel_multiplex : 1;
	unsigned int fast_counter_read : 1;
	unsigned int fast_real_timer : 1;
	unsigned int fast_virtual_timer : 1;
	unsigned int attach : 1;
	unsigned int attach_must_ptrace : 1;
	unsigned int cntr_umasks : 1;
	unsigned int cpu : 1;
	unsigned int inherit : 1;
	unsigned int reserved_bits : 19;
};

/* The fields up to disabled are 7.2's, at the same offsets: they are copied as one block. */
#define PAPI70_COMPONENT_INFO_HEAD offsetof(struct papi70_component_info, initialized)
_Static_assert(offsetof(PAPI_component_info_t, partially_disabled_reason) ==
                   PAPI70_COMPONENT_INFO_HEAD,
               "7.2 inserted its fields right after 7.0's disabled");

/* PAPI_event_info_t is 7.2's up to note, where 7.0's ends (7.2 appends the qualifiers):
 * a 7.0 program's struct is that prefix, and nothing past it may be written. */
#define PAPI70_EVENT_INFO_SIZE offsetof(PAPI_event_info_t, num_quals)

/* The modifiers of PAPI_enum_event and PAPI_enum_cmp_event as 7.0 numbers them: 7.2
 * inserted PAPI_PRESET_ENUM_FIRST_COMP before PAPI_PRESET_ENUM_AVAIL and the two CPU walks
 * before PAPI_NTV_ENUM_UMASKS. */
enum {
	PAPI70_PRESET_ENUM_AVAIL = 2,
	PAPI70_PRESET_ENUM_MSC = 3,
	PAPI70_PRESET_ENUM_FP = 14,
	PAPI70_NTV_ENUM_UMASKS = 15,
	PAPI70_NTV_ENUM_GROUPS = 22
};

/* 7.0's error table ends with PAPI_EMULPASS: PAPI_PARTIAL is not one of its codes. */
#define PAPI70_NUM_ERRORS 28

#endif
