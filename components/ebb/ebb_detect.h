// SPDX-License-Identifier: BSD-3-Clause
/* Whether this machine can run EBB events, and on which PMU. The decision
 * (ebb_availability) is pure, over facts a probe gathers
 * (ebb_host_probe), so that every reason is unit-tested on any host. */
#ifndef PAPILLON_EBB_DETECT_H
#define PAPILLON_EBB_DETECT_H

#include <stdbool.h>

#include "ebb_events.h"

/* AT_HWCAP2's bit for event-based branches (Linux's PPC_FEATURE2_EBB). */
#define EBB_HWCAP2_EBB 0x10000000UL

struct ebb_host_facts {
	const char *machine;  /* uname's machine: "ppc64le", "x86_64" */
	bool power_build;     /* this library was built for 64-bit POWER */
	bool elfv2_build;     /* ... little-endian with the ELFv2 ABI (the trampoline's) */
	unsigned long hwcap2; /* AT_HWCAP2 (0 where the kernel gives none) */
	const char *platform; /* AT_PLATFORM ("power9"), or NULL */
	bool core_pmu;        /* the kernel lists a core PMU (sysfs event_source "cpu") */
};

/* PAPI_OK with *model set, or PAPI_ECMP with the reason recorded
 * (papi_error_set): not POWER, not ELFv2, no EBB in AT_HWCAP2, a PMU the
 * component has no table for, no core PMU in the kernel. */
int ebb_availability(const struct ebb_host_facts *facts, enum ebb_pmu_model *model);

/* The model AT_PLATFORM names ("power8", "power9", "power10"), else
 * EBB_PMU_UNKNOWN. */
enum ebb_pmu_model ebb_model_of_platform(const char *platform);

/* Fills facts from this process and machine (getauxval, uname, sysfs).
 * The strings live in static storage. */
void ebb_host_probe(struct ebb_host_facts *facts);

#endif
