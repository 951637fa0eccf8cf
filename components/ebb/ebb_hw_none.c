// SPDX-License-Identifier: BSD-3-Clause
/* ebb_hw.h where there are no POWER SPRs: the component reports itself
 * disabled there (ebb_detect.c), so none of these runs; they exist so that
 * the pure logic and the component build and are tested on every host. */
#include "ebb_hw.h"

void ebb_hw_install_handler(void)
{
}

void ebb_hw_enable_branches(void)
{
}

void ebb_hw_disable_branches(void)
{
}

uint32_t ebb_hw_pmc_read(unsigned pmc)
{
	(void)pmc;
	return 0;
}

void ebb_hw_pmc_write(unsigned pmc, uint32_t value)
{
	(void)pmc;
	(void)value;
}

void ebb_hw_freeze(void)
{
}

void ebb_hw_unfreeze(void)
{
}

void ebb_hw_clear(void)
{
}
