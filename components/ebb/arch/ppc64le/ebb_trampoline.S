/* SPDX-License-Identifier: BSD-3-Clause */
/* The EBB trampoline (ppc64le, ELFv2): the address EBBHR holds. An EBB can
 * interrupt any instruction of the thread, so every register the
 * interrupted code may hold is saved before C runs and restored after:
 * r0-r31, CR, LR, CTR, XER, VSR0-63 (which hold FPR0-31 in their first
 * doublewords and VR0-31 as VSR32-63), FPSCR and VSCR. The TOC pointer r2
 * is set from this code's own address, since r12 is not the entry address
 * here as a normal call would have it. Then ebb_dispatch() runs, and
 * rfebb 1 returns to EBBRR with BESCR[GE] set again.
 *
 * The frame starts 288 bytes below the interrupted r1: ELFv2 lets a
 * function keep data in the 288 bytes under its stack pointer without
 * moving it (the protected zone), and an EBB must not overwrite them. */

/* Big-endian POWER (ELFv1) gets no trampoline: the component is disabled
 * there (ebb_detect.c), and this file assembles to nothing. */
#if defined(_CALL_ELF) && _CALL_ELF == 2

	.machine power8
	.abiversion 2

#define PROTECTED_ZONE	288
#define FRAME_HEADER	32	/* back chain, CR, LR, TOC doublewords of the callee's view */
#define GPR_AREA	FRAME_HEADER			/* 32 x 8 */
#define CR_SLOT		(GPR_AREA + 32 * 8)		/* 288 */
#define LR_SLOT		(CR_SLOT + 8)
#define CTR_SLOT	(CR_SLOT + 16)
#define XER_SLOT	(CR_SLOT + 24)
#define FPSCR_SLOT	(CR_SLOT + 32)
#define MMCR0_SLOT	(CR_SLOT + 40)			/* what ebb_dispatch returns */
#define VSCR_SLOT	(CR_SLOT + 48)			/* 336, 16-byte aligned */
#define VSR_AREA	(VSCR_SLOT + 16)		/* 352: 64 x 16 */
#define FRAME_SIZE	(VSR_AREA + 64 * 16)		/* 1376, a multiple of 16 */
#define STACK_DROP	(FRAME_SIZE + PROTECTED_ZONE)	/* 1664 */

	.text
	.align	4
	.globl	ebb_trampoline
	.hidden	ebb_trampoline
	.type	ebb_trampoline, @function
ebb_trampoline:
	stdu	%r1, -STACK_DROP(%r1)

	std	%r0, GPR_AREA + 0 * 8(%r1)
	.irp	n, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	std	%r\n, GPR_AREA + \n * 8(%r1)
	.endr

	mfcr	%r0
	std	%r0, CR_SLOT(%r1)
	mflr	%r0
	std	%r0, LR_SLOT(%r1)
	mfctr	%r0
	std	%r0, CTR_SLOT(%r1)
	mfxer	%r0
	std	%r0, XER_SLOT(%r1)

	addi	%r3, %r1, VSR_AREA
	li	%r4, 0
	.irp	n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63
	stxvd2x	\n, %r3, %r4
	addi	%r4, %r4, 16
	.endr

	/* FPSCR through f0 and VSCR through v0: both already saved above. */
	mffs	%f0
	stfd	%f0, FPSCR_SLOT(%r1)
	mfvscr	%v0
	li	%r4, VSCR_SLOT
	stvx	%v0, %r1, %r4

	/* The TOC for C, from where this code is. */
	bl	1f
1:	mflr	%r12
	addis	%r2, %r12, (.TOC. - 1b)@ha
	addi	%r2, %r2, (.TOC. - 1b)@l

	bl	ebb_dispatch
	nop
	/* The MMCR0 to resume with (unfrozen if the set runs): written last,
	 * just before rfebb, below. */
	std	%r3, MMCR0_SLOT(%r1)

	li	%r4, VSCR_SLOT
	lvx	%v0, %r1, %r4
	mtvscr	%v0
	lfd	%f0, FPSCR_SLOT(%r1)
	mtfsf	0xff, %f0, 1, 0

	addi	%r3, %r1, VSR_AREA
	li	%r4, 0
	.irp	n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63
	lxvd2x	\n, %r3, %r4
	addi	%r4, %r4, 16
	.endr

	ld	%r0, CR_SLOT(%r1)
	mtcr	%r0
	ld	%r0, LR_SLOT(%r1)
	mtlr	%r0
	ld	%r0, CTR_SLOT(%r1)
	mtctr	%r0
	ld	%r0, XER_SLOT(%r1)
	mtxer	%r0

	.irp	n, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	ld	%r\n, GPR_AREA + \n * 8(%r1)
	.endr

	/* Unfreeze the PMCs three instructions before rfebb sets BESCR[GE]
	 * again, not earlier: a PMC that alerts while GE is clear must raise
	 * its EBB once GE is set (the ISA keeps it pending in BESCR[PMEO]),
	 * but QEMU 7.2 raises an EBB only if GE is set at the alert and
	 * drops it otherwise. Unfrozen before the ~180 instructions that
	 * restore the registers, a PMC with a small threshold reached its
	 * alert there whenever a kernel interrupt (whose cycles QEMU counts)
	 * fell in them: the EBB was lost, and with it every later one of the
	 * set (hw_ebb_back_to_back, doc/ebb.md). */
	ld	%r0, MMCR0_SLOT(%r1)
	mtspr	779, %r0	/* MMCR0 */
	ld	%r0, GPR_AREA + 0 * 8(%r1)
	addi	%r1, %r1, STACK_DROP
	rfebb	1
	.size	ebb_trampoline, . - ebb_trampoline

#endif

	.section .note.GNU-stack, "", @progbits
