// SPDX-License-Identifier: BSD-3-Clause
/* A model of one RISC-V hart's counters as Smcdeleg/Ssccfg, Smcsrind/
 * Sscsrind, Smstateen, Sscofpmf and the H extension define them, with an
 * SBI PMU in front (what OpenSBI does in M-mode, much simplified). It
 * implements the CSR layer (rv_csr.h), so the driver that the kernel
 * module runs can be run here, on any host, and every access answers with
 * the exception the rules prescribe.
 *
 * Each rule of the counter delegation extension is one enum value below and
 * one guarded place in rv_model.c. A test can remove a rule (rules_removed)
 * to prove that the test of that rule fails without it. */
#ifndef PAPILLON_RV_MODEL_H
#define PAPILLON_RV_MODEL_H

#include <stdint.h>

#include "rv_csr.h"

enum rv_priv { RV_PRIV_U, RV_PRIV_S, RV_PRIV_M, RV_PRIV_VS, RV_PRIV_VU };

enum rv_extension {
	RV_EXT_ZICNTR = 1u << 0,    /* cycle, time, instret */
	RV_EXT_ZIHPM = 1u << 1,     /* hpmcounter3..31 */
	RV_EXT_SSCOFPMF = 1u << 2,  /* overflow, mode inhibits (MINH...) in mhpmevent */
	RV_EXT_SMCNTRPMF = 1u << 3, /* mcyclecfg, minstretcfg */
	RV_EXT_SMSTATEEN = 1u << 4,
	RV_EXT_SMCDELEG = 1u << 5, /* with Ssccfg for S-mode */
	RV_EXT_H = 1u << 6,
	RV_EXT_SMAIA = 1u << 7, /* with Ssaia */
	RV_EXT_ALL = (1u << 8) - 1,
};

/* The rules, in the order of the extension's text (doc/riscv.md has the
 * table from each to its test). */
enum rv_rule {
	RV_RULE_DELEGATED_STATE,         /* sireg/sireg2(/4/5) reach counter i's state */
	RV_RULE_MSTATEEN_BLOCKS,         /* mstateen0[60]=0: no siselect/sireg* below M */
	RV_RULE_HSTATEEN_BLOCKS,         /* hstateen0[60]=0: none from VS */
	RV_RULE_SIREG_NEEDS_CDE,         /* sireg* illegal when CDE=0 */
	RV_RULE_SIREG3_SIREG6_ILLEGAL,   /* sireg3, sireg6 illegal */
	RV_RULE_SIREG4_SIREG5_RV64,      /* sireg4, sireg5 illegal on RV64 */
	RV_RULE_SISELECT_TIME_ILLEGAL,   /* siselect 0x41 illegal */
	RV_RULE_NOT_DELEGATED_ILLEGAL,   /* mcounteren[i]=0: illegal */
	RV_RULE_STATE_NEEDS_EXTENSION,   /* state whose extension is missing: illegal */
	RV_RULE_VIRTUAL_DIRECT_ACCESS,   /* VS/VU to vsiselect/vsireg*, VU to sireg*: virtual */
	RV_RULE_VSIREG_FROM_M_S,         /* vsireg* from M/S with vsiselect 0x40-0x5f: illegal */
	RV_RULE_VS_SIREG,                /* VS to sireg*: illegal CDE=0, virtual CDE=1 */
	RV_RULE_EVENT_MINH_READ_ONLY,    /* mhpmevent MINH reads 0 through sireg2/sireg5 */
	RV_RULE_CONFIG_MINH_READ_ONLY,   /* mcyclecfg/minstretcfg MINH likewise */
	RV_RULE_SCOUNTINHIBIT_ALIAS,     /* scountinhibit is mcountinhibit, masked */
	RV_RULE_SCOUNTINHIBIT_MASKED,    /* non-delegated bits read-only zero */
	RV_RULE_SCOUNTINHIBIT_NEEDS_CDE, /* illegal when CDE=0 */
	RV_RULE_SCOUNTINHIBIT_VIRTUAL,   /* VS/VU with CDE=1: virtual */
	RV_RULE_SCOUNTOVF_VIRTUAL,       /* scountovf from VS/VU with CDE=1: virtual */
	RV_RULE_LCOFI_MVIP_MVIEN,        /* bit 13 of mvip, mvien writable */
	RV_RULE_LCOFI_HVIP_HVIEN,        /* bit 13 of hvip, hvien writable */
	RV_RULE_COUNT
};

/* Firmware counters: SBI counter indices hw_counters..hw_counters + 15
 * (OpenSBI has 16, numbered on from its last implemented mhpmcounter). */
#define RV_MODEL_FIRMWARE_COUNTERS 16

struct rv_model {
	unsigned xlen;
	unsigned extensions;
	enum rv_priv priv;
	uint64_t rules_removed; /* bit r: rule r is not in the model */

	uint64_t menvcfg, mstateen0, hstateen0;
	uint64_t mcounteren, scounteren, mcountinhibit;
	uint64_t mvip, mvien, hvip, hvien;
	uint64_t siselect, vsiselect;
	uint64_t counter[RV_COUNTERS];
	/* Counter i's configuration: mhpmevent i (i >= 3), mcyclecfg (0),
	 * minstretcfg (2). */
	uint64_t selector[RV_COUNTERS];
	/* What SBI's config_matching handed out (bit i: counter i in use). */
	uint64_t sbi_allocated;
	uint64_t firmware_counter[RV_MODEL_FIRMWARE_COUNTERS];
	uint64_t firmware_event[RV_MODEL_FIRMWARE_COUNTERS];
	uint64_t firmware_running;
	/* Hardware counters 0..hw_counters - 1 (mhpmcounter3.. up to it);
	 * the SBI's firmware counters come next. rv_model_init: 32. */
	unsigned hw_counters;
	unsigned ecalls; /* SBI calls made: each is a trap to M-mode */
	/* OpenSBI's way (1.5): a cycles or instructions request that finds
	 * no programmable counter gets the fixed one (0 or 2), even when the
	 * request's mask leaves it out or someone holds it already. */
	bool fixed_counter_fallback;
	/* Sscofpmf: overflows that raised the local counter overflow
	 * interrupt (bit i: counter i's OF went from 0 to 1). */
	uint64_t overflow_interrupts;
	/* The inhibit bits an access wrote into scountinhibit when the alias
	 * rule is removed (then it is a register of its own). */
	uint64_t scountinhibit_unaliased;
};

/* A hart with every counter implemented and nothing delegated, in mode S:
 * what M-mode firmware sets up before delegation. */
void rv_model_init(struct rv_model *model, unsigned xlen, unsigned extensions);
/* The delegation OpenSBI 1.5 sets up: CDE, stateen bit 60, and counters
 * (bit i: counter i) delegated through mcounteren. */
void rv_model_delegate(struct rv_model *model, uint64_t counters);
/* The CSR layer bound to the model. */
void rv_model_hart(struct rv_model *model, struct rv_hart *hart);
/* The hart retires events: every running, configured counter advances;
 * with Sscofpmf, one of 3..31 that wraps sets its OF bit, and raises the
 * overflow interrupt if OF was clear. */
void rv_model_run(struct rv_model *model, uint64_t events);
/* The selector the model's firmware writes for an SBI event index. */
uint64_t rv_model_selector_of(unsigned long event_index, unsigned long event_data);

#endif
