/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/* Sharing the counters with perf: the module holds them through the
 * kernel's counter reservation (the one perf's x86 PMU and the NMI
 * watchdog take) while any virtual counter uses them. */
#ifndef PAPILLON_PERFCTR_RESERVE_H
#define PAPILLON_PERFCTR_RESERVE_H

#include "x86_driver.h"

/* Takes the counters a validated program uses, for the global counters or
 * for a virtual one: 0, or -EBUSY with nothing taken when another user
 * (perf) holds one of them, or when the other kind holds any counter. */
int perfctr_reserve(const struct perfctr_x86_program *program, u32 nrctrs, bool global);
void perfctr_unreserve(const struct perfctr_x86_program *program, u32 nrctrs, bool global);

/* Changes each time the counters come back to the module after a period
 * in which it held none: the per-CPU caches older than it are stale. */
unsigned int perfctr_reserve_epoch(void);

#endif
