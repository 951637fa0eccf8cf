// SPDX-License-Identifier: BSD-3-Clause
/* The overflow interrupt's rate limit: see rv_throttle.h. */
#include "rv_throttle.h"

uint64_t rv_armed_count(const struct rv_armed *armed, uint64_t raw)
{
	return armed->before + armed->overflows * armed->threshold + (raw + armed->threshold);
}

int rv_throttle_overflow(struct rv_pmu *pmu, struct rv_throttle *throttle,
                         const struct rv_counter *counter, struct rv_armed *armed,
                         unsigned long now, uint32_t budget, bool *delivered)
{
	*delivered = kthrottle_take(&throttle->shared, now, budget);
	if (!*delivered) {
		/* Held: OF stays set (no further interrupt), the counter
		 * counts on from 0 past the wrap, and its whole count is
		 * still before + overflows * threshold + (raw + threshold). */
		throttle->held |= 1u << counter->index;
		kthrottle_hold(&throttle->shared);
		return RV_PMU_OK;
	}
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
	if (!kthrottle_roll(&throttle->shared, now))
		return 0;
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
