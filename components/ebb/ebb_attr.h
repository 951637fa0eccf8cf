// SPDX-License-Identifier: BSD-3-Clause
/* The perf_event_attr of an EBB event, exactly as the kernel's EBB contract
 * asks (Linux Documentation/powerpc/pmu-ebb): a raw event of the core PMU
 * with config bit 63 set and the PMC in bits 16-19; the group's leader
 * pinned and exclusive, the other members neither; none of inherit,
 * sample_period, freq or enable_on_exec; attached to a task (pid >= 0),
 * never to a whole CPU. ebb_attr_build writes one; ebb_attr_check says which
 * rule an attribute breaks. Both pure. */
#ifndef PAPILLON_EBB_ATTR_H
#define PAPILLON_EBB_ATTR_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>
#include <linux/perf_event.h>

#define EBB_CONFIG_FLAG (UINT64_C(1) << 63)

/* attr for code (its PMC field filled: ebb_group_place) as the group's
 * leader or a member. Counts user mode only: EBBs are delivered to problem
 * state, and the kernel's counts of an EBB event are meaningless anyway. */
void ebb_attr_build(uint64_t code, bool leader, struct perf_event_attr *attr);

/* PAPI_OK, or PAPI_EINVAL with the broken rule as the reason. pid and cpu
 * are perf_event_open's. */
int ebb_attr_check(const struct perf_event_attr *attr, bool leader, pid_t pid, int cpu);

#endif
