/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/* The smallest overflow threshold an i-mode counter may have when its
 * owner is not privileged: Papillon's module rule, not perfctr 2.6's (which
 * took any negative ireset from anyone). Shared by the module, which
 * refuses such a control, and by the component, which names the reason. */
#ifndef PAPILLON_PERFCTR_IMODE_FLOOR_H
#define PAPILLON_PERFCTR_IMODE_FLOOR_H

#include "perfctr_abi.h"

/* An i-mode counter starts at ireset (negative) and interrupts the CPU
 * (an NMI) when it passes zero: every -ireset events. At -1 that is an
 * interrupt at every event (the P4's FORCE_OVF asks for exactly that),
 * which any user could turn on the CPU. Linux's perf lets no one sample
 * faster than kernel.perf_event_max_sample_rate, 100,000 samples a second
 * by default: 10,000 events at 1 GHz. A threshold below it needs
 * CAP_PERFMON or CAP_SYS_ADMIN, as in the riscv module. */
#define PERFCTR_UNPRIVILEGED_OVERFLOW_THRESHOLD_MIN 10000

/* The first i-mode counter's threshold (-ireset) below the floor, or 0
 * when there is none. The control is untrusted: its counts may be
 * anything (they are checked after), so only the arrays' slots are read,
 * without adding nractrs to nrictrs (the sum could wrap); a non-negative
 * ireset is the driver's to refuse. */
static inline __u32 perfctr_imode_threshold_below_floor(const struct perfctr_cpu_control *control)
{
	for (__u32 i = 0; i < PERFCTR_MAX_COUNTERS; i++) {
		__s32 ireset = control->ireset[i];
		if (i < control->nractrs || i - control->nractrs >= control->nrictrs)
			continue;
		if (ireset < 0 && ireset > -PERFCTR_UNPRIVILEGED_OVERFLOW_THRESHOLD_MIN)
			return (__u32)-ireset;
	}
	return 0;
}

#endif
