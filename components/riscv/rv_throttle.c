// SPDX-License-Identifier: BSD-3-Clause
/* The overflow interrupt's rate limit: see rv_throttle.h. */
#include "rv_throttle.h"

bool rv_throttle_rate_valid(unsigned long long rate)
{
	return rate <= RV_THROTTLE_RATE_MAX;
}

uint32_t rv_throttle_budget(uint32_t rate, uint32_t hz)
{
	if (rate == 0)
		return 0;
	if (hz == 0)
		return rate;
	/* 32-bit division: no libgcc helper in an RV32 kernel. */
	return rate / hz + (rate % hz != 0);
}

uint64_t rv_armed_count(const struct rv_armed *armed, uint64_t raw)
{
	return armed->before + armed->overflows * armed->threshold + (raw + armed->threshold);
}

/* The window is now's: a new one starts with nothing taken. */
static void roll(struct rv_throttle *throttle, unsigned long now)
{
	if (throttle->window != now) {
		throttle->window = now;
		throttle->taken = 0;
	}
}

int rv_throttle_overflow(struct rv_pmu *pmu, struct rv_throttle *throttle,
                         const struct rv_counter *counter, struct rv_armed *armed,
                         unsigned long now, uint32_t budget, bool *delivered)
{
	roll(throttle, now);
	*delivered = budget == 0 || throttle->taken < budget;
	if (!*delivered) {
		/* Held: OF stays set (no further interrupt), the counter
		 * counts on from 0 past the wrap, and its whole count is
		 * still before + overflows * threshold + (raw + threshold). */
		throttle->held |= 1u << counter->index;
		throttle->events++;
		return RV_PMU_OK;
	}
	throttle->taken++;
	armed->overflows++;
	return rv_counter_rearm(pmu, counter, 0 - armed->threshold);
}

uint32_t rv_throttle_pending(const struct rv_throttle *throttle, uint32_t overflowed)
{
	return overflowed & ~throttle->held;
}

uint32_t rv_throttle_due(struct rv_throttle *throttle, unsigned long now)
{
	uint32_t due = throttle->held;
	if (throttle->window == now)
		return 0;
	roll(throttle, now);
	throttle->held = 0;
	return due;
}

int rv_throttle_resume(struct rv_pmu *pmu, const struct rv_counter *counter, struct rv_armed *armed)
{
	uint64_t raw = 0;
	int status = rv_counter_read(pmu, counter, &raw);
	if (status != RV_PMU_OK)
		return status;
	armed->before = rv_armed_count(armed, raw);
	armed->overflows = 0;
	return rv_counter_rearm(pmu, counter, 0 - armed->threshold);
}

void rv_throttle_forget(struct rv_throttle *throttle, unsigned index)
{
	throttle->held &= ~(1u << index);
}
