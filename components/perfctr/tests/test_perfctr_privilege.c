// SPDX-License-Identifier: BSD-3-Clause
/* What a perfctr control needs of the shared privilege rule
 * (kernel/x86_privilege.c, components/kernel-common/kpriv.h): each kind
 * of counter (a-mode, i-mode, Intel's fixed ones, the P4's ESCR-filtered
 * ones, the families without a privilege filter) counts the kernel
 * exactly when its family's OS bit says so; and what each paranoid level
 * then grants a user without CAP_PERFMON, virtual and global alike. */
#include <string.h>

#include "kpriv.h"
#include "papi.h"
#include "perfctr_events.h"
#include "perfctr_control.h"
#include "x86_privilege.h"
#include "x86_test.h"

#define EN  EVNTSEL_EN
#define USR EVNTSEL_USR
#define OS  EVNTSEL_OS

static unsigned needs_of(const struct perfctr_cpu_control *control)
{
	return perfctr_x86_control_needs(&fx.cpu, control);
}

/* One a-mode counter with this selector (and ESCR, on the P4). */
static struct perfctr_cpu_control one(uint32_t pmc_map, uint32_t evntsel, uint32_t escr)
{
	struct perfctr_cpu_control c = {.tsc_on = 1, .nractrs = 1};
	c.pmc_map[0] = pmc_map;
	c.evntsel[0] = evntsel;
	c.p4.escr[0] = escr;
	return c;
}

#define USER_ONLY   KPRIV_USER
#define WITH_KERNEL (KPRIV_USER | KPRIV_KERNEL)

static void test_tsc_alone_needs_nothing(void)
{
	struct perfctr_cpu_control c = {.tsc_on = 1};

	sim_cpu_generic(&fx.sim);
	fixture_detect();
	CU_ASSERT_EQUAL(needs_of(&c), 0u);
	sim_cpu_p6(&fx.sim);
	fixture_detect();
	CU_ASSERT_EQUAL(needs_of(&c), 0u);
}

static void test_p6_like_os_bit(void)
{
	void (*const cpus[])(struct sim_cpu *) = {sim_cpu_p6};
	for (unsigned i = 0; i < sizeof(cpus) / sizeof(cpus[0]); i++) {
		cpus[i](&fx.sim);
		fixture_detect();
		struct perfctr_cpu_control c = one(0, EN | USR | 0xC0, 0);
		CU_ASSERT_EQUAL(needs_of(&c), USER_ONLY);
		c = one(0, EN | OS | 0xC0, 0);
		CU_ASSERT_EQUAL(needs_of(&c), WITH_KERNEL);
		c = one(0, EN | USR | OS | 0xC0, 0);
		CU_ASSERT_EQUAL(needs_of(&c), WITH_KERNEL);
	}
	/* K7/K8 and AMD 10h and later: the same bit in each PERF_CTL. */
	sim_cpu_k7(&fx.sim, true);
	fixture_detect();
	struct perfctr_cpu_control c = one(0, EN | USR | 0x76, 0);
	CU_ASSERT_EQUAL(needs_of(&c), USER_ONLY);
	c = one(0, EN | OS | 0x76, 0);
	CU_ASSERT_EQUAL(needs_of(&c), WITH_KERNEL);
	sim_cpu_amd(&fx.sim, 0x19, true, true);
	fixture_detect();
	c = one(3, EN | USR | 0x76, 0);
	CU_ASSERT_EQUAL(needs_of(&c), USER_ONLY);
	c = one(3, EN | OS | 0x76, 0);
	CU_ASSERT_EQUAL(needs_of(&c), WITH_KERNEL);
}

/* Intel's general counters take the P6's bit; a fixed counter's 4-bit
 * field its own (bit 0), which in a general selector is an event bit. */
static void test_arch_perfmon_general_and_fixed(void)
{
	sim_cpu_arch_perfmon(&fx.sim, 4, 8, 4);
	fixture_detect();
	struct perfctr_cpu_control c = one(1, EN | USR | 0xC0, 0);
	CU_ASSERT_EQUAL(needs_of(&c), USER_ONLY);
	c = one(1, EN | OS | 0xC0, 0);
	CU_ASSERT_EQUAL(needs_of(&c), WITH_KERNEL);
	c = one(1, EN | USR | 0xC1, 0); /* bit 0 of the event select */
	CU_ASSERT_EQUAL(needs_of(&c), USER_ONLY);
	c = one(ARCH_RDPMC_FIXED | 1, ARCH_FIXED_USR, 0);
	CU_ASSERT_EQUAL(needs_of(&c), USER_ONLY);
	c = one(ARCH_RDPMC_FIXED | 1, ARCH_FIXED_OS, 0);
	CU_ASSERT_EQUAL(needs_of(&c), WITH_KERNEL);
	c = one(ARCH_RDPMC_FIXED | 0, ARCH_FIXED_OS | ARCH_FIXED_USR, 0);
	CU_ASSERT_EQUAL(needs_of(&c), WITH_KERNEL);
	/* A fixed counter's field never has bit 17: its OS bit is bit 0. */
	c = one(ARCH_RDPMC_FIXED | 2, ARCH_FIXED_USR | OS, 0);
	CU_ASSERT_EQUAL(needs_of(&c), USER_ONLY);
}

/* i-mode counters come after the a-mode ones in the arrays. */
static void test_imode_counters(void)
{
	sim_cpu_arch_perfmon(&fx.sim, 4, 8, 4);
	fixture_detect();
	struct perfctr_cpu_control c = {.tsc_on = 1, .nractrs = 1, .nrictrs = 1};
	c.pmc_map[0] = 0;
	c.evntsel[0] = EN | USR | 0xC0;
	c.pmc_map[1] = 1;
	c.evntsel[1] = EN | USR | EVNTSEL_INT | 0xC0;
	c.ireset[1] = -100000;
	CU_ASSERT_EQUAL(needs_of(&c), USER_ONLY);
	c.evntsel[1] |= OS;
	CU_ASSERT_EQUAL(needs_of(&c), WITH_KERNEL);
	c.nractrs = 0; /* the i-mode one alone, at index 0 */
	c.evntsel[0] = EN | OS | EVNTSEL_INT | 0xC0;
	c.evntsel[1] = 0;
	CU_ASSERT_EQUAL(needs_of(&c), WITH_KERNEL);
	c.evntsel[0] = EN | USR | EVNTSEL_INT | 0xC0;
	CU_ASSERT_EQUAL(needs_of(&c), USER_ONLY);
}

/* Only the counters the control uses are looked at, and counts that are
 * not checked yet (the rule runs before the validator) cannot make it
 * read past the arrays or skip a counter. */
static void test_only_used_counters_untrusted_counts(void)
{
	sim_cpu_p6(&fx.sim);
	fixture_detect();
	struct perfctr_cpu_control c = one(0, EN | USR | 0xC0, 0);
	c.evntsel[1] = EN | OS | 0xC0; /* not used: nractrs is 1 */
	CU_ASSERT_EQUAL(needs_of(&c), USER_ONLY);
	c.evntsel[PERFCTR_MAX_COUNTERS - 1] = OS;
	c.nractrs = 0xffffffffu;
	CU_ASSERT_EQUAL(needs_of(&c), WITH_KERNEL);
	c.nractrs = 1;
	c.nrictrs = 0xffffffffu; /* nractrs + nrictrs wraps to 0 */
	CU_ASSERT_EQUAL(needs_of(&c), WITH_KERNEL);
}

/* P5 and Cyrix: the CPL bits of each 16-bit half, 0x40 the kernel's. */
static void test_p5_cpl_bits(void)
{
	void (*const cpus[])(struct sim_cpu *) = {sim_cpu_cyrix};
	sim_cpu_p5(&fx.sim, true);
	for (unsigned i = 0; i <= sizeof(cpus) / sizeof(cpus[0]); i++) {
		if (i > 0)
			cpus[i - 1](&fx.sim);
		fixture_detect();
		struct perfctr_cpu_control c = one(0, 0x80 | 0x16, 0);
		CU_ASSERT_EQUAL(needs_of(&c), USER_ONLY);
		c = one(0, 0x40 | 0x16, 0);
		CU_ASSERT_EQUAL(needs_of(&c), WITH_KERNEL);
		c = one(1, 0xC0 | 0x16, 0);
		CU_ASSERT_EQUAL(needs_of(&c), WITH_KERNEL);
	}
}

/* P4: the ESCR filters, T0_OS (bit 3) or T1_OS (bit 1). */
static void test_p4_escr_os_bits(void)
{
	sim_cpu_p4(&fx.sim, 2, true);
	fixture_detect();
	struct perfctr_cpu_control c = one(0x80000000u | 12, 0x3B000u, 0x0C0C000u | 0x4);
	CU_ASSERT_EQUAL(needs_of(&c), USER_ONLY);
	c.p4.escr[0] = 0x0C0C000u | 0x8;
	CU_ASSERT_EQUAL(needs_of(&c), WITH_KERNEL);
	c.p4.escr[0] = 0x0C0C000u | 0x4 | 0x1; /* both threads' user mode */
	CU_ASSERT_EQUAL(needs_of(&c), USER_ONLY);
	c.p4.escr[0] = 0x0C0C000u | 0x4 | 0x2; /* thread 1's kernel */
	CU_ASSERT_EQUAL(needs_of(&c), WITH_KERNEL);
}

/* No privilege filter: the WinChip, the VIA C3 and the generic driver's
 * test counters (time) count the kernel whatever the selector. */
static void test_unfiltered_families(void)
{
	sim_cpu_winchip(&fx.sim);
	fixture_detect();
	struct perfctr_cpu_control c = one(0, 0x12, 0);
	CU_ASSERT_EQUAL(needs_of(&c), WITH_KERNEL);
	sim_cpu_via_c3(&fx.sim);
	fixture_detect();
	c = one(1, 0xC0, 0);
	CU_ASSERT_EQUAL(needs_of(&c), WITH_KERNEL);
	sim_cpu_generic_test_counters(&fx.sim);
	fixture_detect();
	fx.cpu.test_counters = true;
	c = one(0, 0, 0);
	CU_ASSERT_EQUAL(needs_of(&c), WITH_KERNEL);
}

/* The component's controls (perfctr_control_build) ask for the kernel
 * exactly when the domain has PAPI_DOM_KERNEL, on every family with a
 * privilege filter. */
static void test_component_domains(void)
{
	static const struct {
		enum perfctr_x86_family_id family;
		void (*cpu)(struct sim_cpu *);
	} families[] = {
	    {PERFCTR_FAMILY_P6, sim_cpu_p6},     {PERFCTR_FAMILY_CYRIX, sim_cpu_cyrix},
	    {PERFCTR_FAMILY_ARCH_PERFMON, NULL}, {PERFCTR_FAMILY_AMD_FAM10H, NULL},
	    {PERFCTR_FAMILY_P4, NULL},
	};
	static const struct {
		int domain;
		unsigned needs;
	} domains[] = {
	    {PAPI_DOM_USER, USER_ONLY},
	    {PAPI_DOM_KERNEL, WITH_KERNEL},
	    {PAPI_DOM_USER | PAPI_DOM_KERNEL, WITH_KERNEL},
	};
	for (unsigned f = 0; f < sizeof(families) / sizeof(families[0]); f++) {
		const struct perfctr_event_table *table = perfctr_events_of(families[f].family);
		if (families[f].cpu)
			families[f].cpu(&fx.sim);
		else if (families[f].family == PERFCTR_FAMILY_ARCH_PERFMON)
			sim_cpu_arch_perfmon(&fx.sim, 4, 4, 3);
		else if (families[f].family == PERFCTR_FAMILY_AMD_FAM10H)
			sim_cpu_amd(&fx.sim, 0x19, true, false);
		else
			sim_cpu_p4(&fx.sim, 3, false);
		fixture_detect();
		CU_ASSERT_PTR_NOT_NULL_FATAL(table);
		for (size_t e = 0; e < table->count; e++) {
			struct perfctr_native native = {&table->events[e]};
			const struct perfctr_native *set[] = {&native};
			for (unsigned d = 0; d < sizeof(domains) / sizeof(domains[0]); d++) {
				struct perfctr_layout layout;
				if (perfctr_control_build(families[f].family, fx.cpu.nr_counters,
				                          domains[d].domain, set, 1,
				                          &layout) != PAPI_OK)
					continue;
				CU_ASSERT_EQUAL(needs_of(&layout.control), domains[d].needs);
				if (needs_of(&layout.control) != domains[d].needs)
					printf("%s: %s, domain %d: needs %#x\n",
					       perfctr_x86_family_of(families[f].family)->name,
					       table->events[e].name, domains[d].domain,
					       needs_of(&layout.control));
			}
		}
	}
}

static bool never(void)
{
	return false;
}

/* Per paranoid level, for a user without CAP_PERFMON: user-mode virtual
 * counters up to 2, the kernel's up to 1, global counters (a whole CPU)
 * up to 0, the TSC alone always. */
static void test_levels_for_each_kind(void)
{
	sim_cpu_arch_perfmon(&fx.sim, 4, 8, 4);
	fixture_detect();
	const struct {
		struct perfctr_cpu_control control;
		bool global;
		int highest;
	} kinds[] = {
	    {{.tsc_on = 1}, false, 1 << 30},
	    {one(0, EN | USR | 0xC0, 0), false, 2},
	    {one(0, EN | OS | 0xC0, 0), false, 1},
	    {one(ARCH_RDPMC_FIXED, ARCH_FIXED_USR, 0), false, 2},
	    {one(ARCH_RDPMC_FIXED, ARCH_FIXED_OS, 0), false, 1},
	    {one(0, EN | USR | 0xC0, 0), true, 0},
	    {{.tsc_on = 1}, true, 0},
	};
	for (unsigned k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++) {
		unsigned needs = needs_of(&kinds[k].control) | (kinds[k].global ? KPRIV_CPU : 0);
		for (int level = -1; level <= 3; level++)
			CU_ASSERT_EQUAL(kpriv_refusal(needs, level, never),
			                level <= kinds[k].highest ? 0 : -EACCES);
	}
}

void add_privilege_suite(void)
{
	static const struct test_case cases[] = {
	    TEST(test_tsc_alone_needs_nothing),
	    TEST(test_p6_like_os_bit),
	    TEST(test_arch_perfmon_general_and_fixed),
	    TEST(test_imode_counters),
	    TEST(test_only_used_counters_untrusted_counts),
	    TEST(test_p5_cpl_bits),
	    TEST(test_p4_escr_os_bits),
	    TEST(test_unfiltered_families),
	    TEST(test_component_domains),
	    TEST(test_levels_for_each_kind),
	};
	ADD_SUITE("privilege", cases);
}
