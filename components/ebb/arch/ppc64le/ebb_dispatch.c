// SPDX-License-Identifier: BSD-3-Clause
/* The EBB dispatcher: the one C function the trampoline calls, with every
 * register of the interrupted code saved. It runs with BESCR[GE] clear (no
 * EBB can nest) and returns to the trampoline, whose rfebb 1 sets GE again.
 *
 * For each PMC of the thread's group that alerted (top bit set), it folds
 * the PMC's events into the 64-bit account, reloads the PMC with its
 * threshold, and for an event with a threshold calls the core's
 * overflow_fire with the interrupted address (EBBRR). Then it clears
 * BESCR[PMEO] by writing BESCR itself (QEMU 7.2 ignores BESCRR/BESCRS),
 * and returns the MMCR0 to resume with: the alert cleared (PMAO), alerts
 * enabled again (PMAE), unfrozen if the set runs. The trampoline writes
 * it last, just before rfebb.
 * The PMCs are frozen while the accounts change, so the counts are those
 * of the interrupted code plus the trampoline's first instructions. */
#include "ebb_component.h"
#include "ebb_hw.h"
#include "ebb_spr.h"

uint64_t ebb_dispatch(void);

uint64_t ebb_dispatch(void)
{
	struct ebb_thread *thread = &ebb_thread_state;
	uint64_t bescr = ebb_mfspr(EBB_SPR_BESCR);
	uint64_t mmcr0 = ebb_mfspr(EBB_SPR_MMCR0);
	struct ebb_control *ebb = thread->active;
	bool fired[EBB_PMC_COUNT] = {false};
	void *address = (void *)(uintptr_t)ebb_mfspr(EBB_SPR_EBBRR);

	ebb_mtspr(EBB_SPR_MMCR0, mmcr0 | EBB_MMCR0_FC);
	thread->handler_entries++;
	thread->sequence++; /* odd: accounts changing */
	__asm__ volatile("" ::: "memory");
	if (ebb && (bescr & EBB_BESCR_PMEO)) {
		for (int i = 0; i < ebb->count; i++) {
			uint32_t pmc = ebb_hw_pmc_read(ebb->plan.pmc[i]);
			if (!ebb_pmc_alerted(pmc))
				continue;
			ebb_hw_pmc_write(ebb->plan.pmc[i],
			                 ebb_account_alert(&ebb->accounts[i], pmc));
			fired[i] = ebb->accounts[i].threshold > 0;
		}
	} else {
		thread->stray_alerts++;
	}
	__asm__ volatile("" ::: "memory");
	thread->sequence++; /* even: reads may trust the accounts */

	/* The user's handlers run with the accounts consistent, so that a
	 * PAPI_read inside one does not wait for this dispatcher. */
	if (ebb && ebb->overflow_fire)
		for (int i = 0; i < ebb->count; i++)
			if (fired[i])
				ebb->overflow_fire(ebb->overflow_cookie, i, address, NULL);

	mmcr0 &= ~EBB_MMCR0_PMAO;
	if (ebb && ebb->running)
		mmcr0 = (mmcr0 & ~EBB_MMCR0_FC) | EBB_MMCR0_PMAE;
	else
		mmcr0 |= EBB_MMCR0_FC; /* nothing to count for: stay frozen */
	ebb_mtspr(EBB_SPR_BESCR, (bescr & ~(EBB_BESCR_PMEO | EBB_BESCR_GE)) | EBB_BESCR_PME);
	/* Not written here: the trampoline writes it just before rfebb, so
	 * that no PMC counts while BESCR[GE] is still clear (an alert then is
	 * lost under QEMU 7.2, ebb_trampoline.S). */
	return mmcr0;
}
