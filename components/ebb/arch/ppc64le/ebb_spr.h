// SPDX-License-Identifier: BSD-3-Clause
/* The problem-state SPRs of the PMU and of event-based branches (Power ISA
 * 2.07 and later), and their bits. mfspr/mtspr name the SPR in the
 * instruction, hence macros with constant SPR numbers. */
#ifndef PAPILLON_EBB_SPR_H
#define PAPILLON_EBB_SPR_H

#include <stdint.h>

#define EBB_SPR_PMC1  771 /* PMC1..PMC6: 771..776 */
#define EBB_SPR_MMCR0 779
#define EBB_SPR_EBBHR 804 /* handler address */
#define EBB_SPR_EBBRR 805 /* where the EBB interrupted: rfebb returns there */
#define EBB_SPR_BESCR 806
/* BESCRS (800) and BESCRR (802) set and reset BESCR bits on hardware, but
 * QEMU 7.2 ignores writes to them: this component writes BESCR itself,
 * which both honour. */

#define EBB_BESCR_GE   (UINT64_C(1) << 63) /* global enable */
#define EBB_BESCR_PME  (UINT64_C(1) << 32) /* PMU event enable */
#define EBB_BESCR_PMEO (UINT64_C(1) << 0)  /* a PMU event occurred */

#define EBB_MMCR0_FC   UINT64_C(0x80000000) /* freeze counters */
#define EBB_MMCR0_PMAE UINT64_C(0x04000000) /* alerts enabled */
#define EBB_MMCR0_PMAO UINT64_C(0x00000080) /* an alert occurred */

#define ebb_mfspr(spr)                                                                             \
	({                                                                                         \
		uint64_t ebb_spr_value_;                                                           \
		__asm__ volatile("mfspr %0, %1" : "=r"(ebb_spr_value_) : "i"(spr));                \
		ebb_spr_value_;                                                                    \
	})

#define ebb_mtspr(spr, value) __asm__ volatile("mtspr %0, %1" : : "i"(spr), "r"((uint64_t)(value)))

#endif
