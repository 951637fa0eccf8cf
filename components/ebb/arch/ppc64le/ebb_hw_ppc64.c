// SPDX-License-Identifier: BSD-3-Clause
/* ebb_hw.h on ppc64le: the calling thread's PMU and EBB registers through
 * their problem-state SPRs. PMC reads come from the architecture layer
 * (arch_counter_read: mfspr of 771..776); writes need the SPR number in
 * the instruction, hence the switch. */
#include "arch/arch.h"
#include "ebb_hw.h"
#include "ebb_spr.h"

#if defined(_CALL_ELF) && _CALL_ELF == 2
/* The trampoline (ebb_trampoline.S). */
void ebb_trampoline(void);

void ebb_hw_install_handler(void)
{
	ebb_mtspr(EBB_SPR_EBBHR, (uintptr_t)ebb_trampoline);
}
#else
void ebb_hw_install_handler(void)
{
	/* ELFv1 (big-endian): no trampoline, and the component is disabled. */
}
#endif

void ebb_hw_enable_branches(void)
{
	ebb_mtspr(EBB_SPR_BESCR, EBB_BESCR_GE | EBB_BESCR_PME);
}

void ebb_hw_disable_branches(void)
{
	ebb_mtspr(EBB_SPR_BESCR, 0);
}

uint32_t ebb_hw_pmc_read(unsigned pmc)
{
	uint64_t value = 0;
	arch_counter_read(pmc - 1, &value);
	return (uint32_t)value;
}

void ebb_hw_pmc_write(unsigned pmc, uint32_t value)
{
	switch (pmc) {
	case 1:
		ebb_mtspr(EBB_SPR_PMC1, value);
		break;
	case 2:
		ebb_mtspr(EBB_SPR_PMC1 + 1, value);
		break;
	case 3:
		ebb_mtspr(EBB_SPR_PMC1 + 2, value);
		break;
	case 4:
		ebb_mtspr(EBB_SPR_PMC1 + 3, value);
		break;
	case 5:
		ebb_mtspr(EBB_SPR_PMC1 + 4, value);
		break;
	case 6:
		ebb_mtspr(EBB_SPR_PMC1 + 5, value);
		break;
	default:
		break;
	}
}

void ebb_hw_freeze(void)
{
	ebb_mtspr(EBB_SPR_MMCR0, ebb_mfspr(EBB_SPR_MMCR0) | EBB_MMCR0_FC);
}

void ebb_hw_unfreeze(void)
{
	uint64_t mmcr0 = ebb_mfspr(EBB_SPR_MMCR0);
	ebb_mtspr(EBB_SPR_MMCR0, (mmcr0 & ~(EBB_MMCR0_FC | EBB_MMCR0_PMAO)) | EBB_MMCR0_PMAE);
}

void ebb_hw_clear(void)
{
	ebb_hw_freeze();
	ebb_mtspr(EBB_SPR_BESCR, 0);
	for (unsigned pmc = 1; pmc <= 6; pmc++)
		ebb_hw_pmc_write(pmc, 0);
	ebb_mtspr(EBB_SPR_MMCR0, EBB_MMCR0_FC);
	ebb_mtspr(EBB_SPR_EBBHR, 0);
}
