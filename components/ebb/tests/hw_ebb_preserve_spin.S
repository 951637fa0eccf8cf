/* SPDX-License-Identifier: BSD-3-Clause */
/* The two assembly functions of hw_ebb_preserve (ppc64le, ELFv2).
 *
 * hw_ebb_preserve_spin(regs, out, iterations) loads every register an EBB
 * may interrupt with the patterns of regs (struct hw_ebb_preserve_regs,
 * offsets in hw_ebb_preserve.h): r0, r4-r12, r14-r31, CR, LR, CTR, XER,
 * FPSCR, VSCR and VSR0-63 (FPR0-31 are VSR0-31's first doublewords, VR0-31
 * are VSR32-63), and fills the 288-byte protected zone below its stack
 * pointer. It writes the r1, r2 and r13 it runs with into regs (their
 * slots are not patterns: the stack pointer, the TOC and the thread
 * pointer must stay as they are). Then it spins: r3 counts the iterations
 * down to 0 and r4 up, compared into CR7, the only registers the loop
 * changes. After the loop it writes every register and the protected
 * zone into out, restores what the ABI says a function must, and returns.
 * An EBB arriving anywhere in between must leave all of it as it was.
 *
 * hw_ebb_preserve_clobber() is what the test's overflow handler calls: it
 * changes every register an ELFv2 function may change (r0, r3-r12, CR0,
 * CR1, CR5-7, LR, CTR, XER, FPSCR's status fields, VSCR[SAT], VSR0-13,
 * the second doublewords of VSR14-31, VSR32-51), so that each of them the
 * trampoline did not save and restore shows in the interrupted code. */

#if defined(__powerpc64__) && defined(_CALL_ELF) && _CALL_ELF == 2

#include "hw_ebb_preserve.h"

	.machine power8
	.abiversion 2

/* hw_ebb_preserve_spin's frame: the header, then what it saves. */
#define F_OUT    32
#define F_R5     40
#define F_FPSCR  48
#define F_VSCR   64	/* 16 bytes, aligned */
#define F_GPRS   80	/* r14-r31 */
#define F_FPRS   (F_GPRS + 18 * 8)	/* f14-f31: 224 */
#define F_VRS    (F_FPRS + 18 * 8)	/* v20-v31: 368, aligned */
#define F_SIZE   (F_VRS + 12 * 16)	/* 560, a multiple of 16 */

#define RZ HW_EBB_PRESERVE_RED_ZONE

	.text
	.align	4
	.globl	hw_ebb_preserve_spin
	.type	hw_ebb_preserve_spin, @function
hw_ebb_preserve_spin:
	mflr	%r0
	std	%r0, 16(%r1)
	mfcr	%r0
	stw	%r0, 8(%r1)
	stdu	%r1, -F_SIZE(%r1)
	std	%r4, F_OUT(%r1)
	.irp	n, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	std	%r\n, F_GPRS + (\n - 14) * 8(%r1)
	stfd	%f\n, F_FPRS + (\n - 14) * 8(%r1)
	.endr
	.irp	n, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	li	%r6, F_VRS + (\n - 20) * 16
	stvx	%v\n, %r1, %r6
	.endr
	mffs	%f0
	stfd	%f0, F_FPSCR(%r1)
	mfvscr	%v0
	li	%r6, F_VSCR
	stvx	%v0, %r1, %r6

	/* What is not a pattern, as it is. */
	std	%r1, HW_EBB_PRESERVE_GPR + 1 * 8(%r3)
	std	%r2, HW_EBB_PRESERVE_GPR + 2 * 8(%r3)
	std	%r13, HW_EBB_PRESERVE_GPR + 13 * 8(%r3)

	/* The protected zone below the stack pointer. */
	.irp	i, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35
	ld	%r6, HW_EBB_PRESERVE_REDZONE + \i * 8(%r3)
	std	%r6, -RZ + \i * 8(%r1)
	.endr

	/* FPSCR and VSCR through f0 and v0, before the VSRs. */
	lfd	%f0, HW_EBB_PRESERVE_FPSCR(%r3)
	mtfsf	0xff, %f0, 1, 0
	li	%r6, HW_EBB_PRESERVE_VSCR
	lvx	%v0, %r3, %r6
	mtvscr	%v0
	addi	%r7, %r3, HW_EBB_PRESERVE_VSR
	li	%r6, 0
	.irp	n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63
	lxvd2x	\n, %r7, %r6
	addi	%r6, %r6, 16
	.endr

	ld	%r6, HW_EBB_PRESERVE_XER(%r3)
	mtxer	%r6
	ld	%r6, HW_EBB_PRESERVE_CTR(%r3)
	mtctr	%r6
	ld	%r6, HW_EBB_PRESERVE_LR(%r3)
	mtlr	%r6
	ld	%r6, HW_EBB_PRESERVE_CR(%r3)
	mtcrf	0xff, %r6

	/* The GPRs last; r3 (regs) and r5 (the iterations) swap without a
	 * spare register, so that r5's pattern can come through r5. */
	ld	%r0, HW_EBB_PRESERVE_GPR + 0 * 8(%r3)
	.irp	n, 4, 6, 7, 8, 9, 10, 11, 12, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	ld	%r\n, HW_EBB_PRESERVE_GPR + \n * 8(%r3)
	.endr
	xor	%r3, %r3, %r5
	xor	%r5, %r5, %r3
	xor	%r3, %r3, %r5
	ld	%r5, HW_EBB_PRESERVE_GPR + 5 * 8(%r5)

	.globl	hw_ebb_preserve_loop
hw_ebb_preserve_loop:
	addi	%r3, %r3, -1
	addi	%r4, %r4, 1
	cmpdi	%cr7, %r3, 0
	bgt	%cr7, hw_ebb_preserve_loop
	.globl	hw_ebb_preserve_loop_end
hw_ebb_preserve_loop_end:

	/* Everything into out: r5 first into the frame, to hold out. */
	std	%r5, F_R5(%r1)
	ld	%r5, F_OUT(%r1)
	std	%r0, HW_EBB_PRESERVE_GPR + 0 * 8(%r5)
	.irp	n, 1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	std	%r\n, HW_EBB_PRESERVE_GPR + \n * 8(%r5)
	.endr
	ld	%r6, F_R5(%r1)
	std	%r6, HW_EBB_PRESERVE_GPR + 5 * 8(%r5)
	mfcr	%r6
	std	%r6, HW_EBB_PRESERVE_CR(%r5)
	mflr	%r6
	std	%r6, HW_EBB_PRESERVE_LR(%r5)
	mfctr	%r6
	std	%r6, HW_EBB_PRESERVE_CTR(%r5)
	mfxer	%r6
	std	%r6, HW_EBB_PRESERVE_XER(%r5)
	addi	%r7, %r5, HW_EBB_PRESERVE_VSR
	li	%r6, 0
	.irp	n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63
	stxvd2x	\n, %r7, %r6
	addi	%r6, %r6, 16
	.endr
	mffs	%f0
	stfd	%f0, HW_EBB_PRESERVE_FPSCR(%r5)
	mfvscr	%v0
	li	%r6, HW_EBB_PRESERVE_VSCR
	stvx	%v0, %r5, %r6
	.irp	i, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35
	ld	%r6, -RZ + \i * 8(%r1)
	std	%r6, HW_EBB_PRESERVE_REDZONE + \i * 8(%r5)
	.endr

	/* What the caller keeps: FPSCR's and VSCR's modes, the non-volatile
	 * registers, CR2-4. */
	lfd	%f0, F_FPSCR(%r1)
	mtfsf	0xff, %f0, 1, 0
	li	%r6, F_VSCR
	lvx	%v0, %r1, %r6
	mtvscr	%v0
	.irp	n, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	ld	%r\n, F_GPRS + (\n - 14) * 8(%r1)
	lfd	%f\n, F_FPRS + (\n - 14) * 8(%r1)
	.endr
	.irp	n, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	li	%r6, F_VRS + (\n - 20) * 16
	lvx	%v\n, %r1, %r6
	.endr
	addi	%r1, %r1, F_SIZE
	ld	%r0, 16(%r1)
	mtlr	%r0
	lwz	%r0, 8(%r1)
	mtcrf	0x38, %r0
	blr
	.size	hw_ebb_preserve_spin, . - hw_ebb_preserve_spin

	.align	4
	.globl	hw_ebb_preserve_clobber
	.type	hw_ebb_preserve_clobber, @function
hw_ebb_preserve_clobber:
	mflr	%r12
	std	%r12, -8(%r1)	/* the return address, in this leaf's own zone */
	/* VR0-19 (VSR32-51) splatted, then copied into VSR0-13 and into the
	 * second doublewords of VSR14-31 (their first, FPR14-31, are kept). */
	.irp	n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19
	vspltisw %v\n, -((\n % 16) + 1)
	.endr
	.irp	n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13
	xxlor	\n, 32 + \n, 32 + \n
	.endr
	.irp	n, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	xxpermdi \n, \n, 32 + \n - 14, 0
	.endr
	/* FPSCR: its status fields (0-5) cleared, the modes (6, 7) kept. */
	xxlxor	0, 0, 0
	mtfsf	0xfc, %f0
	xxlor	0, 32, 32
	/* VSCR: SAT cleared, NJ kept (a called function must not change it). */
	mfvscr	%v0
	vspltisw %v1, -2
	vand	%v0, %v0, %v1
	mtvscr	%v0
	vspltisw %v0, -1
	vspltisw %v1, -2
	li	%r11, 0
	mtxer	%r11
	li	%r11, -0x1235
	mtcrf	0xc7, %r11	/* CR0, CR1, CR5, CR6, CR7 */
	bl	1f		/* LR: here */
1:	ld	%r12, -8(%r1)
	mtctr	%r12		/* CTR: the return address */
	.irp	n, 0, 3, 4, 5, 6, 7, 8, 9, 10, 11
	li	%r\n, -(\n * 16 + 1)
	.endr
	bctr
	.size	hw_ebb_preserve_clobber, . - hw_ebb_preserve_clobber

#endif

	.section .note.GNU-stack, "", @progbits
