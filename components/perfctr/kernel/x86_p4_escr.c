// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/* The P4's ESCRs: which ESCR a counter's CCCR selects (by its ESCR_SELECT
 * field) in each of the eight counter groups, from Intel's table of the
 * counters and their associated CCCR and ESCR MSRs. */
#include "x86_driver.h"
#include "x86_msr.h"
#include "x86_p4.h"

/* Per group: the ESCR's MSR for ESCR_SELECT 0..7, 0 where none. */
static const uint16_t p4_escr_by_select[8][8] = {
    /* counters 0, 1 (BPU): BPU IS MOB ITLB PMH IX FSB BSU (ESCR0s) */
    {0x3B2, 0x3B4, 0x3AA, 0x3B6, 0x3AC, 0x3C8, 0x3A2, 0x3A0},
    /* counters 2, 3: the same units' ESCR1s */
    {0x3B3, 0x3B5, 0x3AB, 0x3B7, 0x3AD, 0x3C9, 0x3A3, 0x3A1},
    /* counters 4, 5 (MS): MS TC TBPU */
    {0x3C0, 0x3C4, 0x3C2, 0, 0, 0, 0, 0},
    /* counters 6, 7 */
    {0x3C1, 0x3C5, 0x3C3, 0, 0, 0, 0, 0},
    /* counters 8, 9 (FLAME): FLAME FIRM SAAT U2L - DAC */
    {0x3A6, 0x3A4, 0x3AE, 0x3B0, 0, 0x3A8, 0, 0},
    /* counters 10, 11 */
    {0x3A7, 0x3A5, 0x3AF, 0x3B1, 0, 0x3A9, 0, 0},
    /* counters 12, 13, 16 (IQ): IQ ALF RAT SSU CRU0 CRU2 */
    {0x3BA, 0x3CA, 0x3BC, 0x3BE, 0x3B8, 0x3CC, 0, 0},
    /* counters 14, 15, 17: IQ ALF RAT - CRU1 CRU3 */
    {0x3BB, 0x3CB, 0x3BD, 0, 0x3B9, 0x3CD, 0, 0},
};

static const uint8_t p4_group_of_counter[P4_NR_COUNTERS] = {
    0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 6, 7,
};

uint32_t perfctr_x86_p4_escr_msr(uint32_t counter, uint32_t escr_select)
{
	if (counter >= P4_NR_COUNTERS || escr_select > 7)
		return 0;
	return p4_escr_by_select[p4_group_of_counter[counter]][escr_select];
}

uint32_t perfctr_x86_p4_list_escrs(uint32_t *msrs)
{
	uint32_t count = 0;

	for (uint32_t group = 0; group < 8; group++)
		for (uint32_t select = 0; select < 8; select++)
			if (p4_escr_by_select[group][select])
				msrs[count++] = p4_escr_by_select[group][select];
	return count;
}
