// SPDX-License-Identifier: BSD-3-Clause
/* i-mode (interrupt-mode) counters for PAPI_overflow: the natives with an
 * overflow threshold move to the control's i-mode counters, which start
 * at -threshold and interrupt when they pass zero; the driver then sends
 * the thread a signal whose si_pmc_ovf_mask names the overflowed counters
 * (their index in the control), and VPERFCTR_IRESUME restarts them. Pure:
 * tested against the driver on the simulated CPU. */
#ifndef PAPILLON_PERFCTR_IMODE_H
#define PAPILLON_PERFCTR_IMODE_H

#include "perfctr_control.h"

/* Whether the family's counters can interrupt (the P5, its clones and the
 * VIA C3 cannot; nor the generic driver). */
bool perfctr_imode_family(enum perfctr_x86_family_id family);

/* Whether native can overflow by an i-mode counter at threshold: not
 * the TSC (no counter, no interrupt), not on a family that cannot
 * interrupt, not past 2^31 - 1 (ireset is 32 bits), not in a global set
 * (global counters have no i-mode). false with the reason in why: the
 * core's software overflow serves that native instead. */
bool perfctr_imode_native_interrupts(enum perfctr_x86_family_id family,
                                     const struct perfctr_native *native, long long threshold,
                                     bool global, char *why, size_t why_len);

/* Turns layout's counters of the natives with thresholds[i] > 0 into
 * i-mode ones: the a-mode counters first, then these (the driver's
 * order), slots updated, ireset = -threshold, the interrupt bit of the
 * family's control. PAPI_OK; PAPI_EINVAL for the TSC or a threshold
 * above 2^31 - 1 (ireset is 32 bits); PAPI_ECMP where the family cannot
 * interrupt. */
int perfctr_imode_apply(enum perfctr_x86_family_id family, const long long *thresholds, int count,
                        struct perfctr_layout *layout);

/* Why VPERFCTR_CONTROL refused control with errno err, when the cause is
 * an i-mode threshold: the module answers EINVAL (a bad control) to a
 * caller without CAP_PERFMON or CAP_SYS_ADMIN whose threshold is below
 * PERFCTR_UNPRIVILEGED_OVERFLOW_THRESHOLD_MIN (kernel/perfctr_imode_floor.h).
 * PAPI_EPERM with the reason then; PAPI_OK when that is not the cause. */
int perfctr_imode_refusal(int err, const struct perfctr_cpu_control *control);

/* The natives an overflow mask names: calls fire(cookie, native) once per
 * native whose counter's bit is set, in the natives' order; returns how
 * many. */
int perfctr_imode_dispatch(const struct perfctr_layout *layout, int count, uint32_t ovf_mask,
                           void (*fire)(void *cookie, int native), void *cookie);

#endif
