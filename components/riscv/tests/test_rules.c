// SPDX-License-Identifier: BSD-3-Clause
/* One test per rule of counter delegation (Smcdeleg/Ssccfg, with Smcsrind,
 * Smstateen, Sscofpmf, the H extension and Smaia where the rule involves
 * them), run against the hart model through the CSR layer the driver uses.
 *
 * Every test runs twice: on the full model, where all its expectations
 * must hold, and on the model without its rule, where at least one must
 * fail. A test that still passes without its rule tests nothing, and
 * that is reported as a failure. doc/riscv.md has the table from the
 * rules' words to these functions. */
#include <stdio.h>

#include <CUnit/Basic.h>

#include "unit_assert.h"

#include "rv_csr.h"
#include "rv_model.h"

struct check {
	uint64_t rules_removed;
	unsigned failures;
	char first_failure[256];
};

static void expect(struct check *check, int holds, const char *what, uint64_t got, int line)
{
	if (holds)
		return;
	if (check->failures++ == 0)
		snprintf(check->first_failure, sizeof(check->first_failure),
		         "line %d: %s (got %#llx)", line, what, (unsigned long long)got);
}

#define EXPECT_TRAP(check, expression, trap)                                                       \
	do {                                                                                       \
		enum rv_trap got_ = (expression);                                                  \
		expect(check, got_ == (trap), #expression " == " #trap, got_, __LINE__);           \
	} while (0)
#define EXPECT_EQ(check, value, expected)                                                          \
	do {                                                                                       \
		uint64_t got_ = (value);                                                           \
		expect(check, got_ == (uint64_t)(expected), #value " == " #expected, got_,         \
		       __LINE__);                                                                  \
	} while (0)

static void model_for(struct check *check, struct rv_model *model, struct rv_hart *hart,
                      unsigned xlen, unsigned extensions)
{
	rv_model_init(model, xlen, extensions);
	model->rules_removed = check->rules_removed;
	rv_model_hart(model, hart);
}

#define SELECT(i) (RV_SISELECT_COUNTER_0 + (i))

static void delegated_counter_state(struct check *c)
{
	struct rv_model m;
	struct rv_hart h;
	uint64_t v = 0;
	model_for(c, &m, &h, 64, RV_EXT_ALL);
	rv_model_delegate(&m, 1u << 0 | 1u << 2 | 1u << 3);
	m.counter[3] = 1234;
	m.selector[3] = 0x42;
	EXPECT_TRAP(c, rv_ind_read(&h, SELECT(3), RV_CSR_SIREG, &v), RV_TRAP_NONE);
	EXPECT_EQ(c, v, 1234);
	EXPECT_TRAP(c, rv_ind_read(&h, SELECT(3), RV_CSR_SIREG2, &v), RV_TRAP_NONE);
	EXPECT_EQ(c, v, 0x42);
	EXPECT_TRAP(c, rv_ind_write(&h, SELECT(3), RV_CSR_SIREG, 77), RV_TRAP_NONE);
	EXPECT_EQ(c, m.counter[3], 77);
	EXPECT_TRAP(c, rv_ind_write(&h, SELECT(3), RV_CSR_SIREG2, 0x99), RV_TRAP_NONE);
	EXPECT_EQ(c, m.selector[3], 0x99);
	m.counter[2] = 5;
	EXPECT_TRAP(c, rv_ind_read(&h, SELECT(2), RV_CSR_SIREG, &v), RV_TRAP_NONE);
	EXPECT_EQ(c, v, 5); /* minstret */

	/* RV32: sireg4 and sireg5 are the high halves. */
	model_for(c, &m, &h, 32, RV_EXT_ALL);
	rv_model_delegate(&m, 1u << 3);
	m.counter[3] = 0x100000002ull;
	EXPECT_TRAP(c, rv_ind_read(&h, SELECT(3), RV_CSR_SIREG, &v), RV_TRAP_NONE);
	EXPECT_EQ(c, v, 2);
	EXPECT_TRAP(c, rv_ind_read(&h, SELECT(3), RV_CSR_SIREG4, &v), RV_TRAP_NONE);
	EXPECT_EQ(c, v, 1);
	EXPECT_TRAP(c, rv_ind_write(&h, SELECT(3), RV_CSR_SIREG4, 5), RV_TRAP_NONE);
	EXPECT_EQ(c, m.counter[3], 0x500000002ull);
	EXPECT_TRAP(c, rv_ind_write(&h, SELECT(3), RV_CSR_SIREG5, RV_HPMEVENT_SINH >> 32),
	            RV_TRAP_NONE);
	EXPECT_EQ(c, m.selector[3], RV_HPMEVENT_SINH);
}

static void mstateen_bit60_blocks_below_m(struct check *c)
{
	struct rv_model m;
	struct rv_hart h;
	uint64_t v = 0;
	model_for(c, &m, &h, 64, RV_EXT_ALL);
	rv_model_delegate(&m, 1u << 3);
	EXPECT_TRAP(c, rv_ind_read(&h, SELECT(3), RV_CSR_SIREG, &v), RV_TRAP_NONE);
	m.mstateen0 &= ~RV_STATEEN0_CSRIND;
	EXPECT_TRAP(c, rv_csr_write(&h, RV_CSR_SISELECT, SELECT(3)), RV_TRAP_ILLEGAL_INSTRUCTION);
	EXPECT_TRAP(c, rv_csr_read(&h, RV_CSR_SIREG, &v), RV_TRAP_ILLEGAL_INSTRUCTION);
	EXPECT_TRAP(c, rv_csr_read(&h, RV_CSR_VSISELECT, &v), RV_TRAP_ILLEGAL_INSTRUCTION);
	m.priv = RV_PRIV_M; /* M-mode itself is never blocked */
	EXPECT_TRAP(c, rv_ind_read(&h, SELECT(3), RV_CSR_SIREG, &v), RV_TRAP_NONE);
}

static void hstateen_bit60_blocks_vs(struct check *c)
{
	struct rv_model m;
	struct rv_hart h;
	uint64_t v = 0;
	model_for(c, &m, &h, 64, RV_EXT_ALL);
	rv_model_delegate(&m, 1u << 3);
	m.priv = RV_PRIV_VS;
	EXPECT_TRAP(c, rv_csr_write(&h, RV_CSR_SISELECT, 0x30), RV_TRAP_NONE);
	m.hstateen0 &= ~RV_STATEEN0_CSRIND;
	EXPECT_TRAP(c, rv_csr_write(&h, RV_CSR_SISELECT, 0x30), RV_TRAP_VIRTUAL_INSTRUCTION);
	EXPECT_TRAP(c, rv_csr_read(&h, RV_CSR_SIREG, &v), RV_TRAP_VIRTUAL_INSTRUCTION);
	m.priv = RV_PRIV_S; /* hstateen0 concerns VS only */
	EXPECT_TRAP(c, rv_ind_read(&h, SELECT(3), RV_CSR_SIREG, &v), RV_TRAP_NONE);
}

static void sireg_illegal_without_cde(struct check *c)
{
	static const unsigned siregs[] = {RV_CSR_SIREG, RV_CSR_SIREG2};
	struct rv_model m;
	struct rv_hart h;
	uint64_t v = 0;
	model_for(c, &m, &h, 64, RV_EXT_ALL);
	/* mcounteren has every bit (S-mode may read), but CDE is 0. */
	for (unsigned k = 0; k < 2; k++)
		EXPECT_TRAP(c, rv_ind_read(&h, SELECT(3), siregs[k], &v),
		            RV_TRAP_ILLEGAL_INSTRUCTION);
	EXPECT_TRAP(c, rv_ind_write(&h, SELECT(0), RV_CSR_SIREG, 1), RV_TRAP_ILLEGAL_INSTRUCTION);
	m.priv = RV_PRIV_M; /* "while the privilege mode is M or S" */
	EXPECT_TRAP(c, rv_ind_read(&h, SELECT(3), RV_CSR_SIREG, &v), RV_TRAP_ILLEGAL_INSTRUCTION);
	m.priv = RV_PRIV_S;
	rv_model_delegate(&m, ~0ull);
	EXPECT_TRAP(c, rv_ind_read(&h, SELECT(3), RV_CSR_SIREG, &v), RV_TRAP_NONE);
}

static void sireg3_sireg6_illegal(struct check *c)
{
	struct rv_model m;
	struct rv_hart h;
	uint64_t v = 0;
	for (unsigned xlen = 32; xlen <= 64; xlen += 32) {
		model_for(c, &m, &h, xlen, RV_EXT_ALL);
		rv_model_delegate(&m, ~0ull);
		for (unsigned i = 0; i < RV_COUNTERS; i += 3) {
			EXPECT_TRAP(c, rv_ind_read(&h, SELECT(i), RV_CSR_SIREG3, &v),
			            RV_TRAP_ILLEGAL_INSTRUCTION);
			EXPECT_TRAP(c, rv_ind_write(&h, SELECT(i), RV_CSR_SIREG6, 0),
			            RV_TRAP_ILLEGAL_INSTRUCTION);
		}
	}
}

static void sireg4_sireg5_illegal_on_rv64(struct check *c)
{
	struct rv_model m;
	struct rv_hart h;
	uint64_t v = 0;
	model_for(c, &m, &h, 64, RV_EXT_ALL);
	rv_model_delegate(&m, ~0ull);
	EXPECT_TRAP(c, rv_ind_read(&h, SELECT(3), RV_CSR_SIREG4, &v), RV_TRAP_ILLEGAL_INSTRUCTION);
	EXPECT_TRAP(c, rv_ind_read(&h, SELECT(3), RV_CSR_SIREG5, &v), RV_TRAP_ILLEGAL_INSTRUCTION);
	EXPECT_TRAP(c, rv_ind_write(&h, SELECT(0), RV_CSR_SIREG4, 0), RV_TRAP_ILLEGAL_INSTRUCTION);
	model_for(c, &m, &h, 32, RV_EXT_ALL);
	rv_model_delegate(&m, ~0ull);
	EXPECT_TRAP(c, rv_ind_read(&h, SELECT(3), RV_CSR_SIREG4, &v), RV_TRAP_NONE);
	EXPECT_TRAP(c, rv_ind_read(&h, SELECT(3), RV_CSR_SIREG5, &v), RV_TRAP_NONE);
}

static void siselect_0x41_illegal(struct check *c)
{
	static const unsigned siregs[] = {RV_CSR_SIREG, RV_CSR_SIREG2};
	struct rv_model m;
	struct rv_hart h;
	uint64_t v = 0;
	model_for(c, &m, &h, 64, RV_EXT_ALL);
	rv_model_delegate(&m, ~0ull); /* even with mcounteren's TM bit set */
	for (unsigned k = 0; k < 2; k++) {
		EXPECT_TRAP(c, rv_ind_read(&h, 0x41, siregs[k], &v), RV_TRAP_ILLEGAL_INSTRUCTION);
		EXPECT_TRAP(c, rv_ind_write(&h, 0x41, siregs[k], 0), RV_TRAP_ILLEGAL_INSTRUCTION);
	}
}

static void not_delegated_counter_illegal(struct check *c)
{
	struct rv_model m;
	struct rv_hart h;
	uint64_t v = 0;
	model_for(c, &m, &h, 64, RV_EXT_ALL);
	rv_model_delegate(&m, 1u << 3);
	EXPECT_TRAP(c, rv_ind_read(&h, SELECT(3), RV_CSR_SIREG, &v), RV_TRAP_NONE);
	EXPECT_TRAP(c, rv_ind_read(&h, SELECT(4), RV_CSR_SIREG, &v), RV_TRAP_ILLEGAL_INSTRUCTION);
	EXPECT_TRAP(c, rv_ind_write(&h, SELECT(4), RV_CSR_SIREG2, 0x42),
	            RV_TRAP_ILLEGAL_INSTRUCTION);
	EXPECT_TRAP(c, rv_ind_read(&h, SELECT(0), RV_CSR_SIREG, &v), RV_TRAP_ILLEGAL_INSTRUCTION);
	EXPECT_EQ(c, m.selector[4], 0);
	m.priv = RV_PRIV_M; /* M-mode too: mcounteren is the delegation */
	EXPECT_TRAP(c, rv_ind_read(&h, SELECT(4), RV_CSR_SIREG, &v), RV_TRAP_ILLEGAL_INSTRUCTION);
}

static void state_needs_its_extension(struct check *c)
{
	struct rv_model m;
	struct rv_hart h;
	uint64_t v = 0;
	model_for(c, &m, &h, 64, RV_EXT_ALL & ~RV_EXT_ZIHPM);
	rv_model_delegate(&m, ~0ull);
	EXPECT_TRAP(c, rv_ind_read(&h, SELECT(3), RV_CSR_SIREG, &v), RV_TRAP_ILLEGAL_INSTRUCTION);
	EXPECT_TRAP(c, rv_ind_read(&h, SELECT(3), RV_CSR_SIREG2, &v), RV_TRAP_ILLEGAL_INSTRUCTION);
	EXPECT_TRAP(c, rv_ind_read(&h, SELECT(0), RV_CSR_SIREG, &v), RV_TRAP_NONE);

	model_for(c, &m, &h, 64, RV_EXT_ALL & ~RV_EXT_SMCNTRPMF);
	rv_model_delegate(&m, ~0ull);
	EXPECT_TRAP(c, rv_ind_read(&h, SELECT(0), RV_CSR_SIREG2, &v), RV_TRAP_ILLEGAL_INSTRUCTION);
	EXPECT_TRAP(c, rv_ind_read(&h, SELECT(2), RV_CSR_SIREG2, &v), RV_TRAP_ILLEGAL_INSTRUCTION);
	EXPECT_TRAP(c, rv_ind_read(&h, SELECT(2), RV_CSR_SIREG, &v), RV_TRAP_NONE);

	model_for(c, &m, &h, 32, RV_EXT_ALL & ~RV_EXT_SSCOFPMF);
	rv_model_delegate(&m, ~0ull);
	EXPECT_TRAP(c, rv_ind_read(&h, SELECT(3), RV_CSR_SIREG5, &v), RV_TRAP_ILLEGAL_INSTRUCTION);
	EXPECT_TRAP(c, rv_ind_read(&h, SELECT(3), RV_CSR_SIREG2, &v), RV_TRAP_NONE);
}

static void virtual_modes_direct_access(struct check *c)
{
	struct rv_model m;
	struct rv_hart h;
	uint64_t v = 0;
	model_for(c, &m, &h, 64, RV_EXT_ALL);
	rv_model_delegate(&m, ~0ull);
	m.priv = RV_PRIV_VS;
	EXPECT_TRAP(c, rv_csr_read(&h, RV_CSR_VSISELECT, &v), RV_TRAP_VIRTUAL_INSTRUCTION);
	EXPECT_TRAP(c, rv_csr_read(&h, RV_CSR_VSIREG, &v), RV_TRAP_VIRTUAL_INSTRUCTION);
	m.priv = RV_PRIV_VU;
	EXPECT_TRAP(c, rv_csr_write(&h, RV_CSR_SISELECT, 0x30), RV_TRAP_VIRTUAL_INSTRUCTION);
	EXPECT_TRAP(c, rv_csr_read(&h, RV_CSR_SIREG, &v), RV_TRAP_VIRTUAL_INSTRUCTION);
	EXPECT_TRAP(c, rv_csr_read(&h, RV_CSR_VSIREG2, &v), RV_TRAP_VIRTUAL_INSTRUCTION);
}

static void vsireg_from_m_or_s_illegal(struct check *c)
{
	struct rv_model m;
	struct rv_hart h;
	uint64_t v = 0;
	model_for(c, &m, &h, 64, RV_EXT_ALL);
	rv_model_delegate(&m, ~0ull);
	for (int machine = 0; machine < 2; machine++) {
		m.priv = machine ? RV_PRIV_M : RV_PRIV_S;
		EXPECT_TRAP(c, rv_csr_write(&h, RV_CSR_VSISELECT, SELECT(3)), RV_TRAP_NONE);
		EXPECT_TRAP(c, rv_csr_read(&h, RV_CSR_VSIREG, &v), RV_TRAP_ILLEGAL_INSTRUCTION);
		EXPECT_TRAP(c, rv_csr_write(&h, RV_CSR_VSIREG2, 0), RV_TRAP_ILLEGAL_INSTRUCTION);
		EXPECT_TRAP(c, rv_csr_write(&h, RV_CSR_VSISELECT, 0x30), RV_TRAP_NONE);
		EXPECT_TRAP(c, rv_csr_read(&h, RV_CSR_VSIREG, &v), RV_TRAP_NONE);
	}
}

static void vs_sireg_illegal_or_virtual(struct check *c)
{
	struct rv_model m;
	struct rv_hart h;
	uint64_t v = 0;
	model_for(c, &m, &h, 64, RV_EXT_ALL);
	m.priv = RV_PRIV_VS;
	EXPECT_TRAP(c, rv_csr_write(&h, RV_CSR_SISELECT, SELECT(3)), RV_TRAP_NONE);
	EXPECT_TRAP(c, rv_csr_read(&h, RV_CSR_SIREG, &v), RV_TRAP_ILLEGAL_INSTRUCTION);
	rv_model_delegate(&m, ~0ull);
	EXPECT_TRAP(c, rv_csr_read(&h, RV_CSR_SIREG, &v), RV_TRAP_VIRTUAL_INSTRUCTION);
	EXPECT_TRAP(c, rv_csr_write(&h, RV_CSR_SIREG2, 0), RV_TRAP_VIRTUAL_INSTRUCTION);
}

static void event_minh_read_only_zero(struct check *c)
{
	struct rv_model m;
	struct rv_hart h;
	uint64_t v = 0;
	model_for(c, &m, &h, 64, RV_EXT_ALL);
	rv_model_delegate(&m, 1u << 3);
	m.selector[3] = RV_HPMEVENT_MINH | 0x42;
	EXPECT_TRAP(c, rv_ind_read(&h, SELECT(3), RV_CSR_SIREG2, &v), RV_TRAP_NONE);
	EXPECT_EQ(c, v, 0x42);
	/* Writes neither clear M-mode's MINH nor set it. */
	EXPECT_TRAP(c, rv_ind_write(&h, SELECT(3), RV_CSR_SIREG2, 0x55), RV_TRAP_NONE);
	EXPECT_EQ(c, m.selector[3], RV_HPMEVENT_MINH | 0x55);
	m.selector[3] = 0x42;
	EXPECT_TRAP(c, rv_ind_write(&h, SELECT(3), RV_CSR_SIREG2, RV_HPMEVENT_MINH | 0x66),
	            RV_TRAP_NONE);
	EXPECT_EQ(c, m.selector[3], 0x66);
	/* RV32: MINH is bit 30 of the high half, through sireg5. */
	model_for(c, &m, &h, 32, RV_EXT_ALL);
	rv_model_delegate(&m, 1u << 3);
	m.selector[3] = RV_HPMEVENT_MINH | RV_HPMEVENT_SINH;
	EXPECT_TRAP(c, rv_ind_read(&h, SELECT(3), RV_CSR_SIREG5, &v), RV_TRAP_NONE);
	EXPECT_EQ(c, v, RV_HPMEVENT_SINH >> 32);
}

static void config_minh_read_only_zero(struct check *c)
{
	struct rv_model m;
	struct rv_hart h;
	uint64_t v = 0;
	model_for(c, &m, &h, 64, RV_EXT_ALL);
	rv_model_delegate(&m, 1u << 0 | 1u << 2);
	m.selector[0] = RV_HPMEVENT_MINH | RV_HPMEVENT_SINH; /* mcyclecfg */
	EXPECT_TRAP(c, rv_ind_read(&h, SELECT(0), RV_CSR_SIREG2, &v), RV_TRAP_NONE);
	EXPECT_EQ(c, v, RV_HPMEVENT_SINH);
	EXPECT_TRAP(c, rv_ind_write(&h, SELECT(2), RV_CSR_SIREG2, RV_HPMEVENT_MINH), RV_TRAP_NONE);
	EXPECT_EQ(c, m.selector[2], 0); /* minstretcfg */
}

static void scountinhibit_is_mcountinhibit_alias(struct check *c)
{
	struct rv_model m;
	struct rv_hart h;
	uint64_t v = 0;
	model_for(c, &m, &h, 64, RV_EXT_ALL);
	rv_model_delegate(&m, 1u << 0 | 1u << 2 | 1u << 3);
	m.selector[3] = 0x42;
	EXPECT_TRAP(c, rv_csr_write(&h, RV_CSR_SCOUNTINHIBIT, 0), RV_TRAP_NONE);
	EXPECT_EQ(c, m.mcountinhibit & 0xd, 0);
	rv_model_run(&m, 10);
	EXPECT_EQ(c, m.counter[3], 10);
	EXPECT_TRAP(c, rv_csr_write(&h, RV_CSR_SCOUNTINHIBIT, 1u << 3), RV_TRAP_NONE);
	rv_model_run(&m, 10);
	EXPECT_EQ(c, m.counter[3], 10);
	EXPECT_EQ(c, m.counter[0], 20);
	m.mcountinhibit |= 1u << 0; /* M-mode's write shows through */
	EXPECT_TRAP(c, rv_csr_read(&h, RV_CSR_SCOUNTINHIBIT, &v), RV_TRAP_NONE);
	EXPECT_EQ(c, v, 1u << 0 | 1u << 3);
}

static void scountinhibit_non_delegated_read_only_zero(struct check *c)
{
	struct rv_model m;
	struct rv_hart h;
	uint64_t v = 0;
	model_for(c, &m, &h, 64, RV_EXT_ALL);
	rv_model_delegate(&m, 1u << 3);
	m.mcountinhibit = 1u << 3 | 1u << 5;
	EXPECT_TRAP(c, rv_csr_read(&h, RV_CSR_SCOUNTINHIBIT, &v), RV_TRAP_NONE);
	EXPECT_EQ(c, v, 1u << 3);
	EXPECT_TRAP(c, rv_csr_write(&h, RV_CSR_SCOUNTINHIBIT, 0), RV_TRAP_NONE);
	EXPECT_EQ(c, m.mcountinhibit, 1u << 5);
	EXPECT_TRAP(c, rv_csr_write(&h, RV_CSR_SCOUNTINHIBIT, ~0ull), RV_TRAP_NONE);
	EXPECT_TRAP(c, rv_csr_read(&h, RV_CSR_SCOUNTINHIBIT, &v), RV_TRAP_NONE);
	EXPECT_EQ(c, v, 1u << 3);
}

static void scountinhibit_illegal_without_cde(struct check *c)
{
	struct rv_model m;
	struct rv_hart h;
	uint64_t v = 0;
	model_for(c, &m, &h, 64, RV_EXT_ALL);
	EXPECT_TRAP(c, rv_csr_read(&h, RV_CSR_SCOUNTINHIBIT, &v), RV_TRAP_ILLEGAL_INSTRUCTION);
	EXPECT_TRAP(c, rv_csr_write(&h, RV_CSR_SCOUNTINHIBIT, 0), RV_TRAP_ILLEGAL_INSTRUCTION);
	EXPECT_EQ(c, m.mcountinhibit & 1u, 1u);
	rv_model_delegate(&m, ~0ull);
	EXPECT_TRAP(c, rv_csr_read(&h, RV_CSR_SCOUNTINHIBIT, &v), RV_TRAP_NONE);
}

static void scountinhibit_virtual_from_vs(struct check *c)
{
	struct rv_model m;
	struct rv_hart h;
	uint64_t v = 0;
	model_for(c, &m, &h, 64, RV_EXT_ALL);
	rv_model_delegate(&m, ~0ull);
	m.priv = RV_PRIV_VS;
	EXPECT_TRAP(c, rv_csr_read(&h, RV_CSR_SCOUNTINHIBIT, &v), RV_TRAP_VIRTUAL_INSTRUCTION);
	EXPECT_TRAP(c, rv_csr_write(&h, RV_CSR_SCOUNTINHIBIT, 0), RV_TRAP_VIRTUAL_INSTRUCTION);
	m.priv = RV_PRIV_VU;
	EXPECT_TRAP(c, rv_csr_read(&h, RV_CSR_SCOUNTINHIBIT, &v), RV_TRAP_VIRTUAL_INSTRUCTION);
}

static void scountovf_virtual_from_vs_with_cde(struct check *c)
{
	struct rv_model m;
	struct rv_hart h;
	uint64_t v = 0;
	model_for(c, &m, &h, 64, RV_EXT_ALL);
	m.priv = RV_PRIV_VS;
	EXPECT_TRAP(c, rv_csr_read(&h, RV_CSR_SCOUNTOVF, &v), RV_TRAP_NONE);
	rv_model_delegate(&m, ~0ull);
	EXPECT_TRAP(c, rv_csr_read(&h, RV_CSR_SCOUNTOVF, &v), RV_TRAP_VIRTUAL_INSTRUCTION);
	m.priv = RV_PRIV_S;
	m.selector[4] = RV_HPMEVENT_OF;
	EXPECT_TRAP(c, rv_csr_read(&h, RV_CSR_SCOUNTOVF, &v), RV_TRAP_NONE);
	EXPECT_EQ(c, v, 1u << 4);
}

static void lcofi_writable(struct check *c, unsigned mvip, unsigned mvien, unsigned extensions)
{
	struct rv_model m;
	struct rv_hart h;
	uint64_t v = 0;
	const uint64_t lcofi = 1ull << RV_IRQ_LCOFI_BIT;
	model_for(c, &m, &h, 64, RV_EXT_ALL);
	m.priv = RV_PRIV_M;
	EXPECT_TRAP(c, rv_csr_write(&h, mvip, lcofi), RV_TRAP_NONE);
	EXPECT_TRAP(c, rv_csr_read(&h, mvip, &v), RV_TRAP_NONE);
	EXPECT_EQ(c, v, lcofi);
	EXPECT_TRAP(c, rv_csr_write(&h, mvien, lcofi), RV_TRAP_NONE);
	EXPECT_TRAP(c, rv_csr_read(&h, mvien, &v), RV_TRAP_NONE);
	EXPECT_EQ(c, v, lcofi);
	/* Without one of the extensions the rule names: read-only zero. */
	model_for(c, &m, &h, 64, RV_EXT_ALL & ~extensions);
	m.priv = RV_PRIV_M;
	if (rv_csr_write(&h, mvip, lcofi) == RV_TRAP_NONE &&
	    rv_csr_read(&h, mvip, &v) == RV_TRAP_NONE)
		EXPECT_EQ(c, v, 0);
}

static void lcofi_mvip_mvien_writable(struct check *c)
{
	lcofi_writable(c, RV_CSR_MVIP, RV_CSR_MVIEN, RV_EXT_SMAIA);
}

static void lcofi_hvip_hvien_writable(struct check *c)
{
	lcofi_writable(c, RV_CSR_HVIP, RV_CSR_HVIEN, RV_EXT_SMCDELEG);
}

/* The rules and their tests, in the order of rv_model.h. */
static const struct rule_test {
	enum rv_rule rule;
	const char *name;
	void (*test)(struct check *);
} rule_tests[] = {
    {RV_RULE_DELEGATED_STATE, "delegated_counter_state", delegated_counter_state},
    {RV_RULE_MSTATEEN_BLOCKS, "mstateen_bit60_blocks_below_m", mstateen_bit60_blocks_below_m},
    {RV_RULE_HSTATEEN_BLOCKS, "hstateen_bit60_blocks_vs", hstateen_bit60_blocks_vs},
    {RV_RULE_SIREG_NEEDS_CDE, "sireg_illegal_without_cde", sireg_illegal_without_cde},
    {RV_RULE_SIREG3_SIREG6_ILLEGAL, "sireg3_sireg6_illegal", sireg3_sireg6_illegal},
    {RV_RULE_SIREG4_SIREG5_RV64, "sireg4_sireg5_illegal_on_rv64", sireg4_sireg5_illegal_on_rv64},
    {RV_RULE_SISELECT_TIME_ILLEGAL, "siselect_0x41_illegal", siselect_0x41_illegal},
    {RV_RULE_NOT_DELEGATED_ILLEGAL, "not_delegated_counter_illegal", not_delegated_counter_illegal},
    {RV_RULE_STATE_NEEDS_EXTENSION, "state_needs_its_extension", state_needs_its_extension},
    {RV_RULE_VIRTUAL_DIRECT_ACCESS, "virtual_modes_direct_access", virtual_modes_direct_access},
    {RV_RULE_VSIREG_FROM_M_S, "vsireg_from_m_or_s_illegal", vsireg_from_m_or_s_illegal},
    {RV_RULE_VS_SIREG, "vs_sireg_illegal_or_virtual", vs_sireg_illegal_or_virtual},
    {RV_RULE_EVENT_MINH_READ_ONLY, "event_minh_read_only_zero", event_minh_read_only_zero},
    {RV_RULE_CONFIG_MINH_READ_ONLY, "config_minh_read_only_zero", config_minh_read_only_zero},
    {RV_RULE_SCOUNTINHIBIT_ALIAS, "scountinhibit_is_mcountinhibit_alias",
     scountinhibit_is_mcountinhibit_alias},
    {RV_RULE_SCOUNTINHIBIT_MASKED, "scountinhibit_non_delegated_read_only_zero",
     scountinhibit_non_delegated_read_only_zero},
    {RV_RULE_SCOUNTINHIBIT_NEEDS_CDE, "scountinhibit_illegal_without_cde",
     scountinhibit_illegal_without_cde},
    {RV_RULE_SCOUNTINHIBIT_VIRTUAL, "scountinhibit_virtual_from_vs", scountinhibit_virtual_from_vs},
    {RV_RULE_SCOUNTOVF_VIRTUAL, "scountovf_virtual_from_vs_with_cde",
     scountovf_virtual_from_vs_with_cde},
    {RV_RULE_LCOFI_MVIP_MVIEN, "lcofi_mvip_mvien_writable", lcofi_mvip_mvien_writable},
    {RV_RULE_LCOFI_HVIP_HVIEN, "lcofi_hvip_hvien_writable", lcofi_hvip_hvien_writable},
};
#define RULE_TESTS (sizeof(rule_tests) / sizeof(rule_tests[0]))

static void run_rule_test(const struct rule_test *t)
{
	char text[512];
	struct check full = {0};
	t->test(&full);
	snprintf(text, sizeof(text), "%s on the full model: %u failed, first %s", t->name,
	         full.failures, full.first_failure);
	CU_assertImplementation(full.failures == 0, __LINE__, text, __FILE__, "", CU_FALSE);
	struct check without = {.rules_removed = 1ull << t->rule};
	t->test(&without);
	snprintf(text, sizeof(text), "%s passes on a model without its rule: it tests nothing",
	         t->name);
	CU_assertImplementation(without.failures > 0, __LINE__, text, __FILE__, "", CU_FALSE);
}

/* CUnit calls tests without arguments: one entry point per table row. */
#define RULE_ENTRY(n)                                                                              \
	static void rule_entry_##n(void)                                                           \
	{                                                                                          \
		run_rule_test(&rule_tests[n]);                                                     \
	}
RULE_ENTRY(0)
RULE_ENTRY(1)
RULE_ENTRY(2)
RULE_ENTRY(3)
RULE_ENTRY(4)
RULE_ENTRY(5)
RULE_ENTRY(6)
RULE_ENTRY(7)
RULE_ENTRY(8)
RULE_ENTRY(9)
RULE_ENTRY(10)
RULE_ENTRY(11)
RULE_ENTRY(12)
RULE_ENTRY(13)
RULE_ENTRY(14)
RULE_ENTRY(15)
RULE_ENTRY(16)
RULE_ENTRY(17)
RULE_ENTRY(18)
RULE_ENTRY(19)
RULE_ENTRY(20)
static void (*const rule_entries[])(void) = {
    rule_entry_0,  rule_entry_1,  rule_entry_2,  rule_entry_3,  rule_entry_4,  rule_entry_5,
    rule_entry_6,  rule_entry_7,  rule_entry_8,  rule_entry_9,  rule_entry_10, rule_entry_11,
    rule_entry_12, rule_entry_13, rule_entry_14, rule_entry_15, rule_entry_16, rule_entry_17,
    rule_entry_18, rule_entry_19, rule_entry_20,
};
_Static_assert(sizeof(rule_entries) / sizeof(rule_entries[0]) == RULE_TESTS,
               "one entry point per rule test");
_Static_assert(RULE_TESTS == RV_RULE_COUNT, "every rule of the model has a test");

/* Every rule has exactly one row, so none is left untested. */
static void test_every_rule_has_one_test(void)
{
	unsigned seen[RV_RULE_COUNT] = {0};
	for (size_t i = 0; i < RULE_TESTS; i++)
		seen[rule_tests[i].rule]++;
	for (unsigned r = 0; r < RV_RULE_COUNT; r++)
		CU_ASSERT_EQUAL(seen[r], 1);
}

int main(void)
{
	if (CU_initialize_registry() != CUE_SUCCESS)
		return 1;
	CU_pSuite suite = CU_add_suite("smcdeleg_rules", NULL, NULL);
	CU_add_test(suite, "every rule has one test", test_every_rule_has_one_test);
	for (size_t i = 0; i < RULE_TESTS; i++)
		CU_add_test(suite, rule_tests[i].name, rule_entries[i]);
	return unit_run_all();
}
