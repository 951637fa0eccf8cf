/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/* What the module's files share: the detected CPU, the CPUs whose counters
 * may not be touched, and each CPU's control-register cache. */
#ifndef PAPILLON_PERFCTR_MODULE_H
#define PAPILLON_PERFCTR_MODULE_H

#include <linux/cpumask.h>

#include "x86_driver.h"

extern struct perfctr_x86_cpu perfctr_cpu;
extern struct cpumask perfctr_cpus_forbidden;

/* The forbidden mask as the driver takes it (CPUs 0-63; see x86_driver.h). */
u64 perfctr_forbidden_mask64(void);

/* This CPU's cache, made valid first if the counters may have had another
 * owner since it was last filled. Preemption must be off. Only for a
 * caller that holds the counter reservation (perfctr_reserve.h). */
struct perfctr_x86_cache *perfctr_this_cpu_cache(void);

#endif
