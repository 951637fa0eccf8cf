// SPDX-License-Identifier: BSD-3-Clause
/* The one layer through which the riscv counter driver touches the hart:
 * CSR reads and writes, the indirect access of Smcsrind (select with
 * siselect, then read or write one of sireg..sireg6), and SBI calls.
 *
 * The same driver source (rv_pmu.c) runs against two implementations:
 * the kernel module's, which executes csrr/csrw/ecall (RV_CSR_NATIVE:
 * kernel/rv_csr_native.h, inlined), and the user-space
 * model of the Smcdeleg/Ssccfg/Smcsrind rules (tests/rv_model.c), which
 * answers with the trap the rules prescribe. A trap is a result here, not
 * a crash, so that the tests can check that the driver never causes one.
 *
 * Freestanding: no C library, so that it builds inside a kernel too.
 * CSR numbers are the privileged specification's; the indirect ones come
 * from Smcsrind, scountinhibit from Smcdeleg. */
#ifndef PAPILLON_RV_CSR_H
#define PAPILLON_RV_CSR_H

#ifdef __KERNEL__
#include <linux/types.h> /* the kernel's uint64_t, uint32_t and bool */
#else
#include <stdbool.h>
#include <stdint.h>
#endif

/* Supervisor CSRs. */
#define RV_CSR_SCOUNTEREN    0x106u
#define RV_CSR_SSTATEEN0     0x10cu
#define RV_CSR_SCOUNTINHIBIT 0x120u /* Smcdeleg/Ssccfg */
#define RV_CSR_SISELECT      0x150u /* Smcsrind/Sscsrind */
#define RV_CSR_SIREG         0x151u
#define RV_CSR_SIREG2        0x152u
#define RV_CSR_SIREG3        0x153u
#define RV_CSR_SIREG4        0x155u
#define RV_CSR_SIREG5        0x156u
#define RV_CSR_SIREG6        0x157u
#define RV_CSR_SCOUNTOVF     0xda0u /* Sscofpmf */
/* Hypervisor and virtual-supervisor CSRs (H extension). */
#define RV_CSR_HSTATEEN0 0x60cu
#define RV_CSR_HVIEN     0x608u /* Smaia/Ssaia with H */
#define RV_CSR_HVIP      0x645u
#define RV_CSR_VSISELECT 0x250u
#define RV_CSR_VSIREG    0x251u
#define RV_CSR_VSIREG2   0x252u
#define RV_CSR_VSIREG3   0x253u
#define RV_CSR_VSIREG4   0x255u
#define RV_CSR_VSIREG5   0x256u
#define RV_CSR_VSIREG6   0x257u
/* Machine CSRs the model and the tests set up. */
#define RV_CSR_MCOUNTEREN    0x306u
#define RV_CSR_MENVCFG       0x30au
#define RV_CSR_MSTATEEN0     0x30cu
#define RV_CSR_MVIEN         0x308u /* Smaia */
#define RV_CSR_MVIP          0x309u
#define RV_CSR_MCOUNTINHIBIT 0x320u
#define RV_CSR_MHPMEVENT3    0x323u /* mhpmevent3..31: 0x323..0x33f */
#define RV_CSR_MCYCLECFG     0x321u /* Smcntrpmf */
#define RV_CSR_MINSTRETCFG   0x322u
#define RV_CSR_MCYCLE        0xb00u /* mhpmcounter i: 0xb00 + i */
/* Unprivileged counters: cycle, time, instret, hpmcounter3..31 = 0xc00 + i. */
#define RV_CSR_CYCLE 0xc00u

/* Bits the rules name. */
#define RV_MENVCFG_CDE     (1ull << 60) /* counter delegation enable */
#define RV_STATEEN0_CSRIND (1ull << 60) /* siselect/sireg* accessible below */
#define RV_HPMEVENT_OF     (1ull << 63) /* Sscofpmf: overflow */
#define RV_HPMEVENT_MINH   (1ull << 62) /* Sscofpmf/Smcntrpmf: no count in M */
#define RV_HPMEVENT_SINH   (1ull << 61)
#define RV_HPMEVENT_UINH   (1ull << 60)
#define RV_HPMEVENT_VSINH  (1ull << 59)
#define RV_HPMEVENT_VUINH  (1ull << 58)
#define RV_IRQ_LCOFI_BIT   13 /* local counter overflow interrupt */
#define RV_COUNTER_TIME    1  /* counter 1 is time: never a delegated counter */
#define RV_COUNTERS        32
/* siselect 0x40 + i selects delegated counter i (Smcdeleg). */
#define RV_SISELECT_COUNTER_0 0x40u
#define RV_SISELECT_COUNTER_N 0x5fu

/* For the driver's small helpers that take a CSR number: inlined, the
 * number is a constant again, and in the kernel's build
 * (RV_CSR_NATIVE) each access becomes one instruction. */
#define RV_CSR_INLINE static inline __attribute__((always_inline))

/* What an access did: nothing wrong, or the exception the hart raised
 * (the values are the mcause exception codes). */
enum rv_trap {
	RV_TRAP_NONE = 0,
	RV_TRAP_ILLEGAL_INSTRUCTION = 2,
	RV_TRAP_VIRTUAL_INSTRUCTION = 22,
};

/* An SBI call's two return registers: a0 the error (0 = success), a1 the
 * value. */
struct rv_sbi_ret {
	long error;
	unsigned long value;
};

struct rv_csr_ops {
	enum rv_trap (*read)(void *hart, unsigned csr, uint64_t *value);
	enum rv_trap (*write)(void *hart, unsigned csr, uint64_t value);
	struct rv_sbi_ret (*sbi_call)(void *hart, long extension, long function,
	                              const unsigned long args[6]);
};

/* The hart a driver instance talks to, through one implementation. */
struct rv_hart {
	const struct rv_csr_ops *ops;
	void *context;
	unsigned xlen; /* 32 or 64: RV32 reaches the high halves through sireg4/5 */
};

#ifdef RV_CSR_NATIVE
/* The kernel module's build: the hart's own instructions, inlined
 * (kernel/rv_csr_native.h); hart->ops is not used. */
#include "rv_csr_native.h"
#endif

RV_CSR_INLINE enum rv_trap rv_csr_read(const struct rv_hart *hart, unsigned csr, uint64_t *value)
{
#ifdef RV_CSR_NATIVE
	(void)hart;
	return rv_native_read(csr, value);
#else
	return hart->ops->read(hart->context, csr, value);
#endif
}

RV_CSR_INLINE enum rv_trap rv_csr_write(const struct rv_hart *hart, unsigned csr, uint64_t value)
{
#ifdef RV_CSR_NATIVE
	(void)hart;
	return rv_native_write(csr, value);
#else
	return hart->ops->write(hart->context, csr, value);
#endif
}

/* Indirect access: siselect = select, then sireg_csr. The caller keeps
 * anything else from changing siselect in between (the kernel disables
 * interrupts around the pair). */
RV_CSR_INLINE enum rv_trap rv_ind_read(const struct rv_hart *hart, unsigned select,
                                       unsigned sireg_csr, uint64_t *value)
{
	enum rv_trap trap = rv_csr_write(hart, RV_CSR_SISELECT, select);
	return trap != RV_TRAP_NONE ? trap : rv_csr_read(hart, sireg_csr, value);
}

RV_CSR_INLINE enum rv_trap rv_ind_write(const struct rv_hart *hart, unsigned select,
                                        unsigned sireg_csr, uint64_t value)
{
	enum rv_trap trap = rv_csr_write(hart, RV_CSR_SISELECT, select);
	return trap != RV_TRAP_NONE ? trap : rv_csr_write(hart, sireg_csr, value);
}

RV_CSR_INLINE struct rv_sbi_ret rv_sbi_call(const struct rv_hart *hart, long extension,
                                            long function, unsigned long a0, unsigned long a1,
                                            unsigned long a2, unsigned long a3, unsigned long a4)
{
	const unsigned long args[6] = {a0, a1, a2, a3, a4, 0};
#ifdef RV_CSR_NATIVE
	(void)hart;
	return rv_native_sbi_call(extension, function, args);
#else
	return hart->ops->sbi_call(hart->context, extension, function, args);
#endif
}

#endif
