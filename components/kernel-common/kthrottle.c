// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/* The overflow interrupt's rate limit: see kthrottle.h. */
#include "kthrottle.h"

bool kthrottle_rate_valid(unsigned long long rate)
{
	return rate <= KTHROTTLE_RATE_MAX;
}

uint32_t kthrottle_budget(uint32_t rate, uint32_t hz)
{
	if (rate == 0)
		return 0;
	if (hz == 0)
		return rate;
	/* 32-bit division: no libgcc helper in an RV32 kernel. */
	return rate / hz + (rate % hz != 0);
}

/* What was taken in window now: a later window has nothing taken yet. */
static uint32_t taken_in(const struct kthrottle *throttle, unsigned long now)
{
	return throttle->window == now ? throttle->taken : 0;
}

bool kthrottle_open(const struct kthrottle *throttle, unsigned long now, uint32_t budget)
{
	return budget == 0 || taken_in(throttle, now) < budget;
}

bool kthrottle_take(struct kthrottle *throttle, unsigned long now, uint32_t budget)
{
	bool within = kthrottle_open(throttle, now, budget);

	kthrottle_roll(throttle, now);
	/* Saturates: it is only compared with the budget. */
	if (throttle->taken != UINT32_MAX)
		throttle->taken++;
	return within;
}

bool kthrottle_roll(struct kthrottle *throttle, unsigned long now)
{
	if (throttle->window == now)
		return false;
	throttle->window = now;
	throttle->taken = 0;
	return true;
}

void kthrottle_hold(struct kthrottle *throttle)
{
	/* Wraps (after 2^32 holds on a 32-bit kernel), as a kernel's event
	 * counts do: its readers look at how it changes. */
	throttle->throttled++;
}
