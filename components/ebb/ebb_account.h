// SPDX-License-Identifier: BSD-3-Clause
/* Counting on a 32-bit PMC that raises an EBB when its top bit turns on:
 * the arithmetic, pure (the dispatcher and the reads use it; unit tests
 * check it on any host).
 *
 * An event with an overflow threshold T has its PMC loaded with 2^31 - T,
 * so the alert comes after exactly T events. An event without one is
 * loaded with 0: its PMC alerts every 2^31 events and the handler folds
 * them into the 64-bit total, so counts never wrap. */
#ifndef PAPILLON_EBB_ACCOUNT_H
#define PAPILLON_EBB_ACCOUNT_H

#include <stdbool.h>
#include <stdint.h>

#define EBB_PMC_ALERT_VALUE UINT32_C(0x80000000) /* the PMC's top bit */
#define EBB_MAX_THRESHOLD   (1LL << 31)

struct ebb_pmc_account {
	uint32_t reload;    /* what the PMC is loaded with after each alert */
	uint32_t base;      /* the PMC when the running total was last updated */
	uint64_t total;     /* events counted up to base */
	uint64_t overflows; /* alerts of an event with a threshold */
	long long threshold;
};

/* Whether threshold (0: none) fits a PMC alert: 0 or 1..2^31. */
static inline bool ebb_threshold_valid(long long threshold)
{
	return threshold >= 0 && threshold <= EBB_MAX_THRESHOLD;
}

static inline uint32_t ebb_reload_of(long long threshold)
{
	return threshold > 0 ? (uint32_t)(EBB_PMC_ALERT_VALUE - (uint64_t)threshold) : 0;
}

/* A fresh account: total 0, the PMC to be loaded with reload. */
static inline void ebb_account_start(struct ebb_pmc_account *account, long long threshold)
{
	account->threshold = threshold;
	account->reload = ebb_reload_of(threshold);
	account->base = account->reload;
	account->total = 0;
	account->overflows = 0;
}

/* The count now, from the PMC's value (no update). */
static inline uint64_t ebb_account_count(const struct ebb_pmc_account *account, uint32_t pmc)
{
	return account->total + (uint32_t)(pmc - account->base);
}

/* Whether a PMC value is past its alert point. */
static inline bool ebb_pmc_alerted(uint32_t pmc)
{
	return (pmc & EBB_PMC_ALERT_VALUE) != 0;
}

/* The handler's step for one alerted PMC: folds its events into the
 * total, counts an overflow for a thresholded event, and returns what to
 * load the PMC with. */
static inline uint32_t ebb_account_alert(struct ebb_pmc_account *account, uint32_t pmc)
{
	account->total += (uint32_t)(pmc - account->base);
	if (account->threshold > 0)
		account->overflows++;
	account->base = account->reload;
	return account->reload;
}

#endif
