// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/* The overflow interrupt's rate limit: see perfctr_throttle.h. */
#include "perfctr_throttle.h"

bool perfctr_throttle_rate_valid(unsigned long long rate)
{
	return rate <= PERFCTR_THROTTLE_RATE_MAX;
}

uint32_t perfctr_throttle_budget(uint32_t rate, uint32_t hz)
{
	if (rate == 0)
		return 0;
	if (hz == 0)
		return rate;
	return rate / hz + (rate % hz != 0);
}

/* The window is now's: a new one starts with nothing taken. */
static uint32_t taken_in(const struct perfctr_throttle *throttle, unsigned long now)
{
	return throttle->window == now ? throttle->taken : 0;
}

bool perfctr_throttle_overflow(struct perfctr_throttle *throttle, unsigned long now,
                               uint32_t budget)
{
	uint32_t taken = taken_in(throttle, now);
	bool within = budget == 0 || taken < budget;

	throttle->window = now;
	/* Saturates: the test only compares it with the budget. */
	throttle->taken = taken == UINT32_MAX ? taken : taken + 1;
	if (!within)
		throttle->past++;
	return within;
}

bool perfctr_throttle_may_arm(const struct perfctr_throttle *throttle, unsigned long now,
                              uint32_t budget)
{
	return budget == 0 || taken_in(throttle, now) < budget;
}

void perfctr_throttle_hold(struct perfctr_throttle *throttle)
{
	throttle->held++;
}
