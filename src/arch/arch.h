// SPDX-License-Identifier: BSD-3-Clause
/* The architecture layer: what differs between the processors Papillon runs
 * on, in one place. A const table of facts per architecture (arch_facts.c),
 * and the instructions that read counters and the timestamp counter as
 * always-inlined functions, one header per architecture:
 *
 *   arch_x86.h      x86-64 and i386: rdpmc, rdtsc
 *   arch_aarch64.h  arm64: mrs of PMEVCNTR<n>_EL0 / PMCCNTR_EL0, CNTVCT_EL0
 *   arch_ppc64.h    POWER: mfspr of the problem-state PMC1..6, mftb
 *   arch_riscv64.h  RISC-V: rdcycle, rdtime, rdinstret, csrr hpmcounter<n>
 *   arch_other.h    elsewhere: nothing reads
 *
 * Every header defines, for the architecture it is compiled for:
 *
 *   bool arch_counter_read(uint32_t counter, uint64_t *value)
 *       The counter as the architecture numbers it (x86: rdpmc's ecx
 *       selector; arm64: 0..30 event counters, 31 the cycle counter;
 *       RISC-V: CSR 0xC00 + counter; POWER: PMC counter + 1). False, and
 *       nothing read, for a number no register has (UINT32_MAX included,
 *       what a caller numbering from 1 passes for its 0). The caller makes
 *       sure the kernel lets user space execute the read.
 *   uint64_t arch_timestamp_read(void)
 *       The free-running timestamp counter (0 where there is none).
 *   uint64_t arch_timestamp_register_hz(void)
 *       Its ticks per second where a register says (arm64), else 0.
 *
 * The table is compiled on every host, so the unit tests check the facts of
 * every architecture anywhere; ARCH_THIS is the one of the build. Nothing
 * outside src/arch/ holds counter or timestamp assembly. */
#ifndef PAPILLON_ARCH_H
#define PAPILLON_ARCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum arch_id {
	ARCH_X86_64,
	ARCH_I386,
	ARCH_AARCH64,
	ARCH_PPC64,
	ARCH_RISCV64,
	ARCH_OTHER,
	ARCH_COUNT
};

/* How the timestamp counter's ticks turn into time. */
enum arch_timestamp_rate {
	ARCH_TIMESTAMP_NONE,           /* no timestamp counter is read here */
	ARCH_TIMESTAMP_CPU_CYCLES,     /* nominal CPU cycles, when CPUID says invariant */
	ARCH_TIMESTAMP_REGISTER_HZ,    /* a register holds the frequency (CNTFRQ_EL0) */
	ARCH_TIMESTAMP_CPUINFO_HZ,     /* /proc/cpuinfo's "timebase" line */
	ARCH_TIMESTAMP_DEVICE_TREE_HZ, /* the device tree's cpus/timebase-frequency */
};

struct arch_facts {
	const char *name; /* "x86_64", "i386", "aarch64", "ppc64", "riscv64", "other" */
	/* The user-mode counter read ("x86 rdpmc"); NULL: none. */
	const char *counter_read;
	/* Counters 0..counters-1 have a register arch_counter_read reaches;
	 * 0 with counter_read set: the number is a free-form selector (x86). */
	uint32_t counters;
	/* The timestamp counter's read ("arm64 mrs cntvct_el0"); NULL: none. */
	const char *timestamp_read;
	enum arch_timestamp_rate timestamp_rate;
};

extern const struct arch_facts arch_facts_table[ARCH_COUNT];

static inline const struct arch_facts *arch_facts_of(enum arch_id arch)
{
	return &arch_facts_table[(unsigned)arch < ARCH_COUNT ? arch : ARCH_OTHER];
}

/* The register behind counter on arch ("arm64 PMEVCNTR2_EL0", "x86 rdpmc
 * ecx=0x40000000", "riscv csrr instret"); false, with name untouched, when
 * no register has that number. */
bool arch_counter_name(enum arch_id arch, uint32_t counter, char *name, size_t name_len);

/* This machine's timestamp counter (arch_timestamp.c): its ticks per
 * second, 0 when unknown; and whether its ticks are nominal CPU cycles
 * (x86's invariant TSC: constant rate, never stops). */
double arch_timestamp_hz(void);
bool arch_timestamp_is_cpu_cycles(void);

#if defined(__x86_64__)
#define ARCH_THIS ARCH_X86_64
#include "arch_x86.h"
#elif defined(__i386__)
#define ARCH_THIS ARCH_I386
#include "arch_x86.h"
#elif defined(__aarch64__)
#define ARCH_THIS ARCH_AARCH64
#include "arch_aarch64.h"
#elif defined(__powerpc64__)
#define ARCH_THIS ARCH_PPC64
#include "arch_ppc64.h"
#elif defined(__riscv) && __riscv_xlen == 64
#define ARCH_THIS ARCH_RISCV64
#include "arch_riscv64.h"
#else
#define ARCH_THIS ARCH_OTHER
#include "arch_other.h"
#endif

static inline const struct arch_facts *arch_this(void)
{
	return arch_facts_of(ARCH_THIS);
}

#endif
