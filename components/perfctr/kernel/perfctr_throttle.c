// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/* The overflow interrupt's rate limit, perfctr's way: see perfctr_throttle.h. */
#include "perfctr_throttle.h"

bool perfctr_throttle_overflow(struct perfctr_throttle *throttle, unsigned long now,
                               uint32_t budget)
{
	bool within = kthrottle_take(&throttle->shared, now, budget);

	if (!within)
		throttle->past++;
	return within;
}

bool perfctr_throttle_may_arm(const struct perfctr_throttle *throttle, unsigned long now,
                              uint32_t budget)
{
	return kthrottle_open(&throttle->shared, now, budget);
}
