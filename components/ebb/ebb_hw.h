// SPDX-License-Identifier: BSD-3-Clause
/* The per-thread PMU and EBB registers, as the counting code sees them.
 * On ppc64le (ELFv2) arch/ppc64le/ebb_hw_ppc64.c implements them with
 * mfspr/mtspr of the problem-state SPRs; elsewhere ebb_hw_none.c does
 * nothing (the component is disabled there, so nothing calls them).
 * Every function acts on the calling thread's registers only. */
#ifndef PAPILLON_EBB_HW_H
#define PAPILLON_EBB_HW_H

#include <stdbool.h>
#include <stdint.h>

/* EBBHR = the trampoline: this thread's EBBs enter the dispatcher. */
void ebb_hw_install_handler(void);
/* BESCR = GE | PME: PMU alerts branch to the handler. */
void ebb_hw_enable_branches(void);
/* BESCR = 0. */
void ebb_hw_disable_branches(void);
uint32_t ebb_hw_pmc_read(unsigned pmc); /* pmc: 1..6 */
void ebb_hw_pmc_write(unsigned pmc, uint32_t value);
/* MMCR0[FC] = 1: every PMC stops. */
void ebb_hw_freeze(void);
/* MMCR0: FC and PMAO cleared, PMAE set: the PMCs count and may alert. */
void ebb_hw_unfreeze(void);
/* Frozen, PMC1-6 zero, BESCR and EBBHR zero: what a closed EBB group must
 * leave behind. */
void ebb_hw_clear(void);

#endif
