// SPDX-License-Identifier: BSD-3-Clause
/* Intel P4: CCCR/ESCR pairs, replay tagging, hyper-threading. */
#include "x86_test.h"

#define ACTIVE_THREAD (3u << 16)
#define ENABLE        (1u << 12)
#define SELECT(n)     ((uint32_t)(n) << 13)
#define OVF_PMI_T0    (1u << 26)
#define FORCE_OVF     (1u << 25)
#define CASCADE       (1u << 30)
#define EXT_CASCADE   (1u << 11)
#define ESCR_EVENT(n) ((uint32_t)(n) << 25)
#define ESCR_MASK(n)  ((uint32_t)(n) << 9)
#define ESCR_T0_USR   (1u << 2)
#define FAST          (1u << 31)

/* instr_retired on IQ_COUNTER0 (12) through CRU_ESCR0 (select 4), CPL 3
 * of thread 0, read by fast rdpmc. */
static const struct perfctr_cpu_control p4_one = {
    .tsc_on = 1,
    .nractrs = 1,
    .pmc_map = {12 | FAST},
    .evntsel = {ACTIVE_THREAD | SELECT(4) | ENABLE},
    .p4 = {.escr = {ESCR_EVENT(2) | ESCR_MASK(1) | ESCR_T0_USR}}};

/* The same as an i-mode counter. */
static const struct perfctr_cpu_control p4_imode = {
    .nrictrs = 1,
    .pmc_map = {12 | FAST},
    .evntsel = {ACTIVE_THREAD | SELECT(4) | ENABLE | OVF_PMI_T0},
    .p4 = {.escr = {ESCR_EVENT(2) | ESCR_MASK(1) | ESCR_T0_USR}},
    .ireset = {-5000}};

static void p4(uint32_t model, bool ht)
{
	sim_cpu_p4(&fx.sim, model, ht);
	fixture_detect();
}

static void test_p4_detected(void)
{
	p4(2, false);
	CU_ASSERT_EQUAL(fx.cpu.family_id, PERFCTR_FAMILY_P4);
	CU_ASSERT_EQUAL(fx.cpu.cpu_type, PERFCTR_X86_INTEL_P4M2);
	CU_ASSERT_FALSE(fx.cpu.hyperthreaded);
	p4(3, true);
	CU_ASSERT_EQUAL(fx.cpu.cpu_type, PERFCTR_X86_INTEL_P4M3);
	CU_ASSERT_TRUE(fx.cpu.hyperthreaded);
}

/* "its evntsel[] value is mapped onto its CCCR control register, and its
 * p4.escr[] value is mapped onto its associated ESCR": ESCR first. */
static void test_p4_write_sequence(void)
{
	p4(2, false);
	ACCEPTS(p4_one);
	CU_ASSERT_EQUAL(perfctr_x86_resume(&fx.cpu, &fx.cache, &fx.state, 0), 0);
	ASSERT_WRITES({0x3B8, ESCR_EVENT(2) | ESCR_MASK(1) | ESCR_T0_USR},
	              {0x36C, ACTIVE_THREAD | SELECT(4) | ENABLE});
}

/* "The ESCR register number is computed from the hardware counter number
 * ... and the ESCR SELECT field in the CCCR, and is cached in
 * p4_escr_map[]." */
static void test_p4_escr_map(void)
{
	static const struct {
		uint32_t counter, select, escr;
	} cases[] = {
	    {12, 4, 0x3B8}, {14, 4, 0x3B9}, {12, 5, 0x3CC}, {17, 5, 0x3CD}, {8, 1, 0x3A4},
	    {10, 1, 0x3A5}, {0, 7, 0x3A0},  {3, 7, 0x3A1},  {4, 1, 0x3C4},  {7, 2, 0x3C3},
	};
	p4(2, false);
	for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct perfctr_cpu_control control = p4_one;
		control.pmc_map[0] = cases[i].counter;
		control.evntsel[0] = ACTIVE_THREAD | SELECT(cases[i].select) | ENABLE;
		ACCEPTS(control);
		CU_ASSERT_EQUAL(fx.state.program.p4_escr_map[0], cases[i].escr);
	}
	/* No ESCR behind select 3 of counter 14's group. */
	struct perfctr_cpu_control control = p4_one;
	control.pmc_map[0] = 14;
	control.evntsel[0] = ACTIVE_THREAD | SELECT(3) | ENABLE;
	REJECTS(control);
	/* Two counters on one ESCR. */
	control = p4_one;
	control.nractrs = 2;
	control.pmc_map[1] = 13;
	control.evntsel[1] = control.evntsel[0];
	control.p4.escr[1] = control.p4.escr[0];
	REJECTS(control);
}

/* "pmc_map[] contains the value to pass to RDPMC ... It is strongly
 * recommended to set bit 31 (fast rdpmc)." */
static void test_p4_pmc_map_is_rdpmc_selector(void)
{
	struct perfctr_cpu_control control = p4_one;
	p4(2, false);
	ACCEPTS(control);
	sim_set(&fx.sim, 0x30C, 0x12FFFFFFF0ull);
	CU_ASSERT_EQUAL(perfctr_x86_resume(&fx.cpu, &fx.cache, &fx.state, 0), 0);
	CU_ASSERT_EQUAL(fx.state.user.pmc[0].map, 12 | FAST);
	CU_ASSERT_EQUAL(fx.state.user.pmc[0].start, 0xFFFFFFF0u);
	control.pmc_map[0] = 12; /* without the fast bit: allowed too */
	ACCEPTS(control);
	control.pmc_map[0] = 12 | (1u << 30); /* other bits are not */
	REJECTS(control);
	control.pmc_map[0] = 18 | FAST;
	REJECTS(control);
}

/* "the OVF, OVF_PMI_T1 and hardware-reserved bits (0xB80007FF) are
 * reserved and must not be set" */
static void test_p4_cccr_reserved(void)
{
	p4(2, false);
	for (unsigned bit = 0; bit < 32; bit++) {
		struct perfctr_cpu_control control = p4_one;
		if (!(0xB80007FFu >> bit & 1))
			continue;
		control.evntsel[0] |= 1u << bit;
		REJECTS(control);
	}
}

/* "bit 11 (EXTENDED_CASCADE) is only permitted on P4 models >= 2, and for
 * counters 12 and 15-17" */
static void test_p4_extended_cascade(void)
{
	struct perfctr_cpu_control control = p4_one;
	p4(2, false);
	control.evntsel[0] |= EXT_CASCADE;
	ACCEPTS(control); /* counter 12 */
	control.pmc_map[0] = 13 | FAST;
	REJECTS(control);
	control.pmc_map[0] = 16 | FAST;
	ACCEPTS(control);
	p4(1, false);
	control.pmc_map[0] = 12 | FAST;
	REJECTS(control);
}

/* "bits 16 and 17 (ACTIVE_THREAD) must both be set on non-HT processors" */
static void test_p4_active_thread(void)
{
	struct perfctr_cpu_control control = p4_one;
	p4(2, false);
	control.evntsel[0] &= ~(1u << 17);
	REJECTS(control);
	p4(3, true);
	ACCEPTS(control);
}

/* "at least one of bits 12 (ENABLE), 30 (CASCADE), or 11
 * (EXTENDED_CASCADE) must be set" */
static void test_p4_enable_or_cascade(void)
{
	struct perfctr_cpu_control control = p4_one;
	p4(2, false);
	control.evntsel[0] &= ~ENABLE;
	REJECTS(control);
	control.evntsel[0] |= CASCADE;
	ACCEPTS(control);
	control.evntsel[0] = (control.evntsel[0] & ~CASCADE) | EXT_CASCADE;
	ACCEPTS(control);
}

/* "bit 26 (OVF_PMI_T0) must be clear for a-mode counters, and set for
 * i-mode counters" */
static void test_p4_ovf_pmi_matches_mode(void)
{
	struct perfctr_cpu_control control = p4_one;
	p4(2, false);
	control.evntsel[0] |= OVF_PMI_T0;
	REJECTS(control);
	control = p4_imode;
	ACCEPTS(control);
	control.evntsel[0] &= ~OVF_PMI_T0;
	REJECTS(control);
}

/* "if bit 25 (FORCE_OVF) also is set, then the corresponding ireset[]
 * value must be exactly -1" */
static void test_p4_force_ovf_needs_minus_one(void)
{
	struct perfctr_cpu_control control = p4_imode;
	p4(2, false);
	control.evntsel[0] |= FORCE_OVF;
	REJECTS(control);
	control.ireset[0] = -2;
	REJECTS(control);
	control.ireset[0] = -1;
	ACCEPTS(control);
}

/* In p4.escr[]: "bit 32 is reserved and must not be set": the top bit of
 * the 32-bit field. */
static void test_p4_escr_top_bit_reserved(void)
{
	struct perfctr_cpu_control control = p4_one;
	p4(2, false);
	control.p4.escr[0] |= 1u << 31;
	REJECTS(control);
}

/* "the CPL_T1 field (bits 0 and 1) must be zero except on HT processors
 * when global-mode counters are used" */
static void test_p4_cpl_t1(void)
{
	struct perfctr_cpu_control control = p4_one;
	control.p4.escr[0] |= 1u; /* T1_USR */
	p4(3, true);
	REJECTS(control);        /* per-process */
	ACCEPTS_GLOBAL(control); /* global, HT */
	p4(3, false);
	REJECTS_GLOBAL(control); /* global, no HT */
}

/* "IQ_ESCR0 and IQ_ESCR1 can only be used on P4 models <= 2" */
static void test_p4_iq_escr_models(void)
{
	struct perfctr_cpu_control control = p4_one;
	control.evntsel[0] = ACTIVE_THREAD | SELECT(0) | ENABLE; /* IQ_ESCR0 */
	p4(2, false);
	ACCEPTS(control);
	CU_ASSERT_EQUAL(fx.state.program.p4_escr_map[0], 0x3BA);
	p4(3, false);
	REJECTS(control);
}

/* "If p4.pebs_enable is zero, then p4.pebs_matrix_vert must also be zero." */
static void test_p4_matrix_needs_pebs_enable(void)
{
	struct perfctr_cpu_control control = p4_one;
	p4(2, false);
	control.p4.pebs_matrix_vert = 1;
	REJECTS(control);
}

/* A valid replay-tagging setup, and the order its registers are written. */
static const struct perfctr_cpu_control p4_tagged = {
    .nractrs = 1,
    .pmc_map = {12 | FAST},
    .evntsel = {ACTIVE_THREAD | SELECT(5) | ENABLE},
    .p4 = {.escr = {ESCR_EVENT(9) | ESCR_MASK(1) | ESCR_T0_USR},
           .pebs_enable = (1u << 24) | 1u,
           .pebs_matrix_vert = 1u}};

static void test_p4_replay_tagging_sequence(void)
{
	p4(2, false);
	ACCEPTS(p4_tagged);
	CU_ASSERT_EQUAL(perfctr_x86_resume(&fx.cpu, &fx.cache, &fx.state, 0), 0);
	ASSERT_WRITES({0x3CC, ESCR_EVENT(9) | ESCR_MASK(1) | ESCR_T0_USR},
	              {MSR_P4_PEBS_MATRIX_VERT, 1}, {MSR_P4_PEBS_ENABLE, (1u << 24) | 1u},
	              {0x36C, ACTIVE_THREAD | SELECT(5) | ENABLE});
}

/* "only bits 24, 10, 9, 2, 1, and 0 may be set; ... bit 25
 * (ENABLE_PEBS_MY_THR) is not needed and must not be set" */
static void test_p4_pebs_enable_bits(void)
{
	p4(2, false);
	for (unsigned bit = 0; bit < 32; bit++) {
		struct perfctr_cpu_control control = p4_tagged;
		if (0x01000607u >> bit & 1)
			continue;
		control.p4.pebs_enable |= 1u << bit;
		REJECTS(control);
	}
}

/* "bit 24 (UOP_TAG) must be set" */
static void test_p4_pebs_uop_tag(void)
{
	struct perfctr_cpu_control control = p4_tagged;
	p4(2, false);
	control.p4.pebs_enable &= ~(1u << 24);
	REJECTS(control);
}

/* "at least one of bits 10, 9, 2, 1, or 0 must be set" */
static void test_p4_pebs_metric(void)
{
	struct perfctr_cpu_control control = p4_tagged;
	p4(2, false);
	control.p4.pebs_enable = 1u << 24;
	REJECTS(control);
	control.p4.pebs_enable = (1u << 24) | (1u << 10);
	ACCEPTS(control);
}

/* "in p4.pebs_matrix_vert, all bits except 1 and 0 must be clear, and at
 * least one of bits 1 and 0 must be set" */
static void test_p4_matrix_vert(void)
{
	struct perfctr_cpu_control control = p4_tagged;
	p4(2, false);
	control.p4.pebs_matrix_vert = 0;
	REJECTS(control);
	control.p4.pebs_matrix_vert = 4;
	REJECTS(control);
	control.p4.pebs_matrix_vert = 5;
	REJECTS(control);
	control.p4.pebs_matrix_vert = 3;
	ACCEPTS(control);
}

/* HT: "only thread 0 in each processor is allowed to access the counters":
 * the forbidden mask holds every thread 1, and resume refuses there. */
static void test_p4_ht_forbidden_threads(void)
{
	CU_ASSERT_FALSE(perfctr_x86_p4_thread_forbidden(0, 2));
	CU_ASSERT_TRUE(perfctr_x86_p4_thread_forbidden(1, 2));
	CU_ASSERT_FALSE(perfctr_x86_p4_thread_forbidden(6, 2));
	CU_ASSERT_TRUE(perfctr_x86_p4_thread_forbidden(7, 2));
	CU_ASSERT_FALSE(perfctr_x86_p4_thread_forbidden(7, 1));
	p4(3, true);
	ACCEPTS(p4_one);
	fx.sim.cpu_number = 1;
	CU_ASSERT_EQUAL(perfctr_x86_resume(&fx.cpu, &fx.cache, &fx.state, 1ull << 1), -EPERM);
	CU_ASSERT_EQUAL(fx.sim.nr_writes, 0);
	fx.sim.cpu_number = 0;
	CU_ASSERT_EQUAL(perfctr_x86_resume(&fx.cpu, &fx.cache, &fx.state, 1ull << 1), 0);
}

/* i-mode on the P4: the counter is reloaded (40 bits) and the CCCR
 * written after its ESCR. */
static void test_p4_imode_sequence(void)
{
	p4(2, false);
	ACCEPTS(p4_imode);
	CU_ASSERT_EQUAL(perfctr_x86_resume(&fx.cpu, &fx.cache, &fx.state, 0), 0);
	ASSERT_WRITES({0x30C, 0xFFFFFFEC78ull}, {0x3B8, ESCR_EVENT(2) | ESCR_MASK(1) | ESCR_T0_USR},
	              {0x36C, ACTIVE_THREAD | SELECT(4) | ENABLE | OVF_PMI_T0});
}

void add_p4_suite(void)
{
	static const struct test_case cases[] = {
	    TEST(test_p4_detected),
	    TEST(test_p4_write_sequence),
	    TEST(test_p4_escr_map),
	    TEST(test_p4_pmc_map_is_rdpmc_selector),
	    TEST(test_p4_cccr_reserved),
	    TEST(test_p4_extended_cascade),
	    TEST(test_p4_active_thread),
	    TEST(test_p4_enable_or_cascade),
	    TEST(test_p4_ovf_pmi_matches_mode),
	    TEST(test_p4_force_ovf_needs_minus_one),
	    TEST(test_p4_escr_top_bit_reserved),
	    TEST(test_p4_cpl_t1),
	    TEST(test_p4_iq_escr_models),
	    TEST(test_p4_matrix_needs_pebs_enable),
	    TEST(test_p4_replay_tagging_sequence),
	    TEST(test_p4_pebs_enable_bits),
	    TEST(test_p4_pebs_uop_tag),
	    TEST(test_p4_pebs_metric),
	    TEST(test_p4_matrix_vert),
	    TEST(test_p4_ht_forbidden_threads),
	    TEST(test_p4_imode_sequence),
	};
	ADD_SUITE("p4", cases);
}
