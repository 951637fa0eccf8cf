/* SPDX-License-Identifier: BSD-3-Clause */
/* The layout of struct hw_ebb_preserve_regs (hw_ebb_preserve.c), which the
 * assembly (hw_ebb_preserve_spin.S) reads patterns from and writes what the
 * registers held into: byte offsets, shared so that both sides agree
 * (hw_ebb_preserve.c checks them with static assertions). Only #defines:
 * the assembler includes it too. */
#ifndef HW_EBB_PRESERVE_H
#define HW_EBB_PRESERVE_H

#define HW_EBB_PRESERVE_RED_ZONE 288 /* ELFv2: below r1, a function's own */

#define HW_EBB_PRESERVE_GPR     0   /* r0-r31, 8 bytes each */
#define HW_EBB_PRESERVE_CR      256 /* CR in the low 32 bits */
#define HW_EBB_PRESERVE_LR      264
#define HW_EBB_PRESERVE_CTR     272
#define HW_EBB_PRESERVE_XER     280
#define HW_EBB_PRESERVE_FPSCR   288  /* all 64 bits (mffs, mtfsf with L = 1) */
#define HW_EBB_PRESERVE_VSCR    304  /* 16 bytes, as lvx and stvx move it */
#define HW_EBB_PRESERVE_VSR     320  /* VSR0-63, 16 bytes each (lxvd2x, stxvd2x) */
#define HW_EBB_PRESERVE_REDZONE 1344 /* the 288 bytes below r1, lowest first */
#define HW_EBB_PRESERVE_SIZE    1632

#endif
