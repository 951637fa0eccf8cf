// SPDX-License-Identifier: BSD-3-Clause
/* Stand-in for the kernel's <asm/asm-extable.h> in tests/native_compile.sh.
 * The kernel's macro makes an exception table entry (the faulting
 * instruction, where to resume, the register that gets the error); this
 * one records the two labels in a section of its own, so that the
 * assembler still resolves them, and names the error operand in a
 * comment, so that the operand is still used. It proves nothing of the
 * kernel's fixup, which only the lab's guests run. */
#ifndef PAPILLON_STUB_ASM_EXTABLE_H
#define PAPILLON_STUB_ASM_EXTABLE_H
#define _ASM_EXTABLE_UACCESS_ERR(insn, fixup, err)                                                 \
	".pushsection .papillon_extable, \"a\"\n"                                                  \
	".word " #insn " - ., " #fixup " - .\n"                                                    \
	".popsection # error in " #err "\n"
#endif
