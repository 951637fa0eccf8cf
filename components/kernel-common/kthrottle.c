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
static uint32_t taken_in(const struct kthrottle_window *window, unsigned long now)
{
	return window->window == now ? window->taken : 0;
}

bool kthrottle_open(const struct kthrottle_window *window, unsigned long now, uint32_t budget)
{
	return budget == 0 || taken_in(window, now) < budget;
}

bool kthrottle_take(struct kthrottle_window *window, unsigned long now, uint32_t budget)
{
	bool within = kthrottle_open(window, now, budget);

	kthrottle_roll(window, now);
	/* Saturates: it is only compared with the budget. */
	if (window->taken != UINT32_MAX)
		window->taken++;
	return within;
}

bool kthrottle_roll(struct kthrottle_window *window, unsigned long now)
{
	if (window->window == now)
		return false;
	window->window = now;
	window->taken = 0;
	return true;
}
