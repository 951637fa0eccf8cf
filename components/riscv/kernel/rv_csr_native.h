// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/* The CSR layer (../rv_csr.h) on the hart itself, for the kernel module's
 * build (RV_CSR_NATIVE): csrr, csrw and ecall, always inlined, so that a
 * CSR number the driver passes as a constant becomes one instruction
 * (a call through rv_csr_ops and a switch cost about 30 instructions
 * per access: too many on the paths delegation exists to make short).
 * A CSR's number is an immediate of csrr/csrw, so each CSR the driver uses
 * has its own case. Any other number is answered as the hart would answer
 * an unknown CSR (illegal instruction) without executing anything.
 *
 * An access that traps (scountinhibit with menvcfg.CDE = 0, siselect with
 * mstateen0 bit 60 clear, sireg of a counter M-mode kept) must not oops
 * the kernel: each csrr/csrw has an exception table entry whose fixup
 * skips the instruction and sets an error register. The kernel's
 * illegal-instruction handler applies the table to faults in kernel mode.
 * The fixup does not say which exception it was: every trap is reported
 * as an illegal instruction (the only one S-mode outside a guest gets).
 * Included by rv_csr.h after its types. */
#ifndef PAPILLON_RV_CSR_NATIVE_H
#define PAPILLON_RV_CSR_NATIVE_H

#include <linux/compiler.h>
#include <asm/asm-extable.h>

/* The exception table macro's "%1" must stay one token: */
/* clang-format off */
#define CSR_READ_CASE(number)                                                                      \
	case number: {                                                                             \
		unsigned long v = 0;                                                               \
		long err = 0;                                                                      \
		asm volatile("1: csrr %0, " #number "\n"                                           \
		             "2:\n" _ASM_EXTABLE_UACCESS_ERR(1b, 2b, %1)                          \
		             : "+r"(v), "+r"(err)                                                  \
		             :                                                                     \
		             : "memory");                                                          \
		*value = v;                                                                        \
		return err ? RV_TRAP_ILLEGAL_INSTRUCTION : RV_TRAP_NONE;                           \
	}

#define CSR_WRITE_CASE(number)                                                                     \
	case number: {                                                                             \
		long err = 0;                                                                      \
		asm volatile("1: csrw " #number ", %1\n"                                           \
		             "2:\n" _ASM_EXTABLE_UACCESS_ERR(1b, 2b, %0)                          \
		             : "+r"(err)                                                           \
		             : "r"((unsigned long)value)                                           \
		             : "memory");                                                          \
		return err ? RV_TRAP_ILLEGAL_INSTRUCTION : RV_TRAP_NONE;                           \
	}

/* clang-format on */

/* The unprivileged counters cycle, time, instret, hpmcounter3..31. */
#define COUNTER_READ_CASES                                                                         \
	CSR_READ_CASE(0xc00)                                                                       \
	CSR_READ_CASE(0xc01)                                                                       \
	CSR_READ_CASE(0xc02)                                                                       \
	CSR_READ_CASE(0xc03)                                                                       \
	CSR_READ_CASE(0xc04)                                                                       \
	CSR_READ_CASE(0xc05)                                                                       \
	CSR_READ_CASE(0xc06)                                                                       \
	CSR_READ_CASE(0xc07)                                                                       \
	CSR_READ_CASE(0xc08)                                                                       \
	CSR_READ_CASE(0xc09)                                                                       \
	CSR_READ_CASE(0xc0a)                                                                       \
	CSR_READ_CASE(0xc0b)                                                                       \
	CSR_READ_CASE(0xc0c)                                                                       \
	CSR_READ_CASE(0xc0d)                                                                       \
	CSR_READ_CASE(0xc0e)                                                                       \
	CSR_READ_CASE(0xc0f)                                                                       \
	CSR_READ_CASE(0xc10)                                                                       \
	CSR_READ_CASE(0xc11)                                                                       \
	CSR_READ_CASE(0xc12)                                                                       \
	CSR_READ_CASE(0xc13)                                                                       \
	CSR_READ_CASE(0xc14)                                                                       \
	CSR_READ_CASE(0xc15)                                                                       \
	CSR_READ_CASE(0xc16)                                                                       \
	CSR_READ_CASE(0xc17)                                                                       \
	CSR_READ_CASE(0xc18)                                                                       \
	CSR_READ_CASE(0xc19)                                                                       \
	CSR_READ_CASE(0xc1a)                                                                       \
	CSR_READ_CASE(0xc1b)                                                                       \
	CSR_READ_CASE(0xc1c)                                                                       \
	CSR_READ_CASE(0xc1d)                                                                       \
	CSR_READ_CASE(0xc1e)                                                                       \
	CSR_READ_CASE(0xc1f)

/* RV32: the high halves. The counters' (cycleh, timeh, instreth,
 * hpmcounter3h..31h, 0xc80 + i) for a counter M-mode kept, and through
 * siselect = 0x40 + i the delegated counter's (sireg4) and its selector's
 * (sireg5, with Sscofpmf). On RV64 they do not exist (sireg4/sireg5 are
 * illegal there): no case, so no such instruction is in an RV64 build. */
#if __riscv_xlen == 32
#define RV32_HIGH_READ_CASES                                                                       \
	CSR_READ_CASE(0x155) /* sireg4 */                                                          \
	CSR_READ_CASE(0x156) /* sireg5 */                                                          \
	CSR_READ_CASE(0xc80)                                                                       \
	CSR_READ_CASE(0xc81)                                                                       \
	CSR_READ_CASE(0xc82)                                                                       \
	CSR_READ_CASE(0xc83)                                                                       \
	CSR_READ_CASE(0xc84)                                                                       \
	CSR_READ_CASE(0xc85)                                                                       \
	CSR_READ_CASE(0xc86)                                                                       \
	CSR_READ_CASE(0xc87)                                                                       \
	CSR_READ_CASE(0xc88)                                                                       \
	CSR_READ_CASE(0xc89)                                                                       \
	CSR_READ_CASE(0xc8a)                                                                       \
	CSR_READ_CASE(0xc8b)                                                                       \
	CSR_READ_CASE(0xc8c)                                                                       \
	CSR_READ_CASE(0xc8d)                                                                       \
	CSR_READ_CASE(0xc8e)                                                                       \
	CSR_READ_CASE(0xc8f)                                                                       \
	CSR_READ_CASE(0xc90)                                                                       \
	CSR_READ_CASE(0xc91)                                                                       \
	CSR_READ_CASE(0xc92)                                                                       \
	CSR_READ_CASE(0xc93)                                                                       \
	CSR_READ_CASE(0xc94)                                                                       \
	CSR_READ_CASE(0xc95)                                                                       \
	CSR_READ_CASE(0xc96)                                                                       \
	CSR_READ_CASE(0xc97)                                                                       \
	CSR_READ_CASE(0xc98)                                                                       \
	CSR_READ_CASE(0xc99)                                                                       \
	CSR_READ_CASE(0xc9a)                                                                       \
	CSR_READ_CASE(0xc9b)                                                                       \
	CSR_READ_CASE(0xc9c)                                                                       \
	CSR_READ_CASE(0xc9d)                                                                       \
	CSR_READ_CASE(0xc9e)                                                                       \
	CSR_READ_CASE(0xc9f)
#define RV32_HIGH_WRITE_CASES                                                                      \
	CSR_WRITE_CASE(0x155) /* sireg4 */                                                         \
	CSR_WRITE_CASE(0x156) /* sireg5 */
#else
#define RV32_HIGH_READ_CASES
#define RV32_HIGH_WRITE_CASES
#endif

/* The numbers are rv_csr.h's (RV_CSR_SCOUNTEREN...), written out because
 * the assembler needs the literal. */
static __always_inline enum rv_trap rv_native_read(unsigned csr, uint64_t *value)
{
	switch (csr) {
		CSR_READ_CASE(0x106) /* scounteren */
		CSR_READ_CASE(0x120) /* scountinhibit */
		CSR_READ_CASE(0x150) /* siselect */
		CSR_READ_CASE(0x151) /* sireg */
		CSR_READ_CASE(0x152) /* sireg2 */
		CSR_READ_CASE(0xda0) /* scountovf */
		COUNTER_READ_CASES
		RV32_HIGH_READ_CASES
	default:
		return RV_TRAP_ILLEGAL_INSTRUCTION;
	}
}

static __always_inline enum rv_trap rv_native_write(unsigned csr, uint64_t value)
{
	switch (csr) {
		CSR_WRITE_CASE(0x106) /* scounteren */
		CSR_WRITE_CASE(0x120) /* scountinhibit */
		CSR_WRITE_CASE(0x150) /* siselect */
		CSR_WRITE_CASE(0x151) /* sireg */
		CSR_WRITE_CASE(0x152) /* sireg2 */
		RV32_HIGH_WRITE_CASES
	default:
		return RV_TRAP_ILLEGAL_INSTRUCTION;
	}
}

/* The SBI calling convention: a7 the extension, a6 the function, a0-a5
 * the arguments; a0 comes back as the error, a1 as the value. */
static __always_inline struct rv_sbi_ret rv_native_sbi_call(long extension, long function,
                                                            const unsigned long args[6])
{
	register unsigned long a0 asm("a0") = args[0];
	register unsigned long a1 asm("a1") = args[1];
	register unsigned long a2 asm("a2") = args[2];
	register unsigned long a3 asm("a3") = args[3];
	register unsigned long a4 asm("a4") = args[4];
	register unsigned long a5 asm("a5") = args[5];
	register unsigned long a6 asm("a6") = (unsigned long)function;
	register unsigned long a7 asm("a7") = (unsigned long)extension;
	asm volatile("ecall"
	             : "+r"(a0), "+r"(a1)
	             : "r"(a2), "r"(a3), "r"(a4), "r"(a5), "r"(a6), "r"(a7)
	             : "memory");
	return (struct rv_sbi_ret){.error = (long)a0, .value = a1};
}

#endif
