/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/* The P4's ESCR table (x86_p4_escr.c) and its register layout: the ESCRs
 * first, then PEBS_MATRIX_VERT and PEBS_ENABLE, then the 18 CCCRs, so that
 * a counter's CCCR, which enables it, is written after its ESCR. */
#ifndef PAPILLON_PERFCTR_X86_P4_H
#define PAPILLON_PERFCTR_X86_P4_H

#include "x86_regs.h"

#define P4_NR_ESCRS          43
#define P4_INDEX_MATRIX_VERT P4_NR_ESCRS
#define P4_INDEX_PEBS_ENABLE (P4_NR_ESCRS + 1)
#define P4_INDEX_CCCR0       (P4_NR_ESCRS + 2)
#define P4_IQ_ESCR0          0x3BA
#define P4_IQ_ESCR1          0x3BB

/* The ESCR's MSR counter's CCCR selects with escr_select; 0: none. */
uint32_t perfctr_x86_p4_escr_msr(uint32_t counter, uint32_t escr_select);
/* Every ESCR, in the table's order; returns how many (P4_NR_ESCRS). */
uint32_t perfctr_x86_p4_list_escrs(uint32_t *msrs);

#endif
