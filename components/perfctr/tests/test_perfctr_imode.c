// SPDX-License-Identifier: BSD-3-Clause
/* i-mode counters for PAPI_overflow (perfctr_imode.c) against the driver
 * on the simulated CPU: the controls are accepted, and a known number of
 * simulated events gives exactly count / threshold callbacks through the
 * driver's overflow interrupt, the mask's dispatch and IRESUME. */
#include <errno.h>
#include <string.h>

#include "x86_test.h"
#include "papi.h"
#include "perfctr_imode.h"
#include "util/error.h"

static const struct perfctr_native tsc = {NULL};

static struct perfctr_native native_named(enum perfctr_x86_family_id family, const char *name)
{
	const struct perfctr_event_table *table = perfctr_events_of(family);
	struct perfctr_native native = {NULL};
	for (size_t e = 0; e < table->count; e++)
		if (strcmp(table->events[e].name, name) == 0)
			native.event = &table->events[e];
	CU_ASSERT_PTR_NOT_NULL_FATAL(native.event);
	return native;
}

static int fired[4];
static struct perfctr_layout layout_under_test;

static void count_fire(void *cookie, int native)
{
	CU_ASSERT_PTR_EQUAL(cookie, fired);
	fired[native]++;
}

/* The hardware: counts events more events on the counter at index (in steps that
 * divide the threshold, so that an overflow leaves it at exactly 0); on
 * each overflow the module's interrupt, the component's dispatch, then
 * IRESUME and the switch back in. Returns the overflows seen. */
static int run_events(unsigned index, int count, long long events, long long step)
{
	uint32_t msr = fx.state.program.counter_msr[index], iresume = 0;
	uint64_t width = (1ull << fx.cpu.counter_bits) - 1;
	int overflows = 0;

	for (long long done = 0; done < events; done += step) {
		uint32_t mask;
		sim_set(&fx.sim, msr, (sim_get(&fx.sim, msr) + (uint64_t)step) & width);
		mask = perfctr_x86_imode_overflow(&fx.cpu, &fx.cache, &fx.state, &iresume);
		if (!mask)
			continue;
		overflows++;
		perfctr_imode_dispatch(&layout_under_test, count, mask, count_fire, fired);
		CU_ASSERT_EQUAL(perfctr_x86_iresume(&fx.state, &iresume), 0);
		CU_ASSERT_EQUAL(perfctr_x86_resume(&fx.cpu, &fx.cache, &fx.state, 0), 0);
	}
	return overflows;
}

/* A K8: TSC, CPU_CLK_UNHALTED every 1000, RETIRED_INSTRUCTIONS counted
 * only. The i-mode counter goes after the a-mode one, starts at -1000
 * with the INT bit; 5500 events are 5 callbacks, all for native 1. */
static void test_k8_overflow_callbacks_exact(void)
{
	struct perfctr_native clk = native_named(PERFCTR_FAMILY_K7, "CPU_CLK_UNHALTED"),
	                      instr = native_named(PERFCTR_FAMILY_K7, "RETIRED_INSTRUCTIONS");
	const struct perfctr_native *set[] = {&tsc, &clk, &instr};
	const long long thresholds[] = {0, 1000, 0};
	struct perfctr_layout *layout = &layout_under_test;

	sim_cpu_k7(&fx.sim, true);
	fixture_detect();
	memset(fired, 0, sizeof(fired));
	CU_ASSERT_EQUAL_FATAL(
	    perfctr_control_build(PERFCTR_FAMILY_K7, 4, PAPI_DOM_USER, set, 3, layout), PAPI_OK);
	CU_ASSERT_EQUAL_FATAL(perfctr_imode_apply(PERFCTR_FAMILY_K7, thresholds, 3, layout),
	                      PAPI_OK);
	CU_ASSERT_EQUAL(layout->control.nractrs, 1);
	CU_ASSERT_EQUAL(layout->control.nrictrs, 1);
	CU_ASSERT_EQUAL(layout->slot[0], PERFCTR_SLOT_TSC);
	CU_ASSERT_EQUAL(layout->slot[1], 1);
	CU_ASSERT_EQUAL(layout->slot[2], 0);
	CU_ASSERT_EQUAL(layout->control.pmc_map[1], 0u);
	CU_ASSERT_EQUAL(layout->control.evntsel[1], 0x76u | 1u << 16 | 1u << 20 | 1u << 22);
	CU_ASSERT_EQUAL(layout->control.ireset[1], -1000);
	CU_ASSERT_EQUAL_FATAL(fixture_update(&layout->control, false), 0);
	CU_ASSERT_EQUAL_FATAL(perfctr_x86_resume(&fx.cpu, &fx.cache, &fx.state, 0), 0);
	CU_ASSERT_EQUAL(sim_get(&fx.sim, fx.state.program.counter_msr[1]),
	                (1ull << fx.cpu.counter_bits) - 1000);
	CU_ASSERT_EQUAL(run_events(1, 3, 5500, 100), 5);
	CU_ASSERT_EQUAL(fired[0], 0);
	CU_ASSERT_EQUAL(fired[1], 5);
	CU_ASSERT_EQUAL(fired[2], 0);
	/* The a-mode counter never interrupts. */
	CU_ASSERT_EQUAL(perfctr_imode_dispatch(layout, 3, 1u << 0, count_fire, fired), 1);
	CU_ASSERT_EQUAL(fired[2], 1);
}

/* The interrupt bit of each family is the one its driver accepts: the
 * P4's OVF_PMI_T0, a fixed counter's PMI, a P6 counter 0's INT. */
static void test_imode_controls_accepted(void)
{
	struct perfctr_native p4 = native_named(PERFCTR_FAMILY_P4, "INSTR_RETIRED"),
	                      fixed = native_named(PERFCTR_FAMILY_ARCH_PERFMON, "INST_RETIRED.ANY"),
	                      p6 = native_named(PERFCTR_FAMILY_P6, "INST_RETIRED");
	const struct perfctr_native *one_p4[] = {&p4}, *one_fixed[] = {&fixed}, *one_p6[] = {&p6};
	const long long every_500[] = {500};
	struct perfctr_layout layout;

	sim_cpu_p4(&fx.sim, 3, false);
	fixture_detect();
	CU_ASSERT_EQUAL(
	    perfctr_control_build(PERFCTR_FAMILY_P4, 18, PAPI_DOM_USER, one_p4, 1, &layout),
	    PAPI_OK);
	CU_ASSERT_EQUAL(perfctr_imode_apply(PERFCTR_FAMILY_P4, every_500, 1, &layout), PAPI_OK);
	CU_ASSERT_EQUAL(layout.control.evntsel[0], 0x39000u | 1u << 26);
	CU_ASSERT_EQUAL(fixture_update(&layout.control, false), 0);

	sim_cpu_arch_perfmon(&fx.sim, 4, 4, 3);
	fixture_detect();
	CU_ASSERT_EQUAL(perfctr_control_build(PERFCTR_FAMILY_ARCH_PERFMON, 4, PAPI_DOM_USER,
	                                      one_fixed, 1, &layout),
	                PAPI_OK);
	CU_ASSERT_EQUAL(perfctr_imode_apply(PERFCTR_FAMILY_ARCH_PERFMON, every_500, 1, &layout),
	                PAPI_OK);
	CU_ASSERT_EQUAL(layout.control.evntsel[0], 0x2u | 0x8u);
	CU_ASSERT_EQUAL(fixture_update(&layout.control, false), 0);

	sim_cpu_p6(&fx.sim);
	fixture_detect();
	CU_ASSERT_EQUAL(
	    perfctr_control_build(PERFCTR_FAMILY_P6, 2, PAPI_DOM_USER, one_p6, 1, &layout),
	    PAPI_OK);
	CU_ASSERT_EQUAL(perfctr_imode_apply(PERFCTR_FAMILY_P6, every_500, 1, &layout), PAPI_OK);
	CU_ASSERT_EQUAL(fixture_update(&layout.control, false), 0);
}

/* What i-mode cannot do: the TSC, a threshold past 32 bits, a P5. */
static void test_imode_refusals(void)
{
	struct perfctr_native p5 = native_named(PERFCTR_FAMILY_P5, "FLOPS"),
	                      k7 = native_named(PERFCTR_FAMILY_K7, "CPU_CLK_UNHALTED");
	const struct perfctr_native *one_p5[] = {&p5}, *tsc_k7[] = {&tsc, &k7};
	const long long every_500[] = {500}, tsc_500[] = {500, 0}, too_big[] = {0, 1LL << 31};
	struct perfctr_layout layout;

	CU_ASSERT_EQUAL(
	    perfctr_control_build(PERFCTR_FAMILY_P5, 2, PAPI_DOM_USER, one_p5, 1, &layout),
	    PAPI_OK);
	CU_ASSERT_EQUAL(perfctr_imode_apply(PERFCTR_FAMILY_P5, every_500, 1, &layout), PAPI_ECMP);
	CU_ASSERT_FALSE(perfctr_imode_family(PERFCTR_FAMILY_VIA_C3));
	CU_ASSERT_FALSE(perfctr_imode_family(PERFCTR_FAMILY_GENERIC));
	CU_ASSERT_EQUAL(
	    perfctr_control_build(PERFCTR_FAMILY_K7, 4, PAPI_DOM_USER, tsc_k7, 2, &layout),
	    PAPI_OK);
	CU_ASSERT_EQUAL(perfctr_imode_apply(PERFCTR_FAMILY_K7, tsc_500, 2, &layout), PAPI_EINVAL);
	CU_ASSERT_EQUAL(perfctr_imode_apply(PERFCTR_FAMILY_K7, too_big, 2, &layout), PAPI_EINVAL);
	CU_ASSERT_EQUAL(layout.control.nrictrs, 0);
}

/* Which natives the core's software overflow serves instead (the
 * component's overflow_event_interrupts): the TSC, a threshold above
 * 2^31 - 1, a global set, a family without the interrupt; each with its
 * reason. A K8 counter at 2^31 - 1 (ireset -2^31 + 1) is i-mode's, and
 * the driver takes that control. */
static void test_imode_fallback_to_software(void)
{
	struct perfctr_native k7 = native_named(PERFCTR_FAMILY_K7, "CPU_CLK_UNHALTED"),
	                      p5 = native_named(PERFCTR_FAMILY_P5, "FLOPS");
	const struct perfctr_native *one_k7[] = {&k7};
	const long long at_max[] = {2147483647LL};
	struct perfctr_layout layout;
	char why[128];

	CU_ASSERT_FALSE(perfctr_imode_native_interrupts(PERFCTR_FAMILY_K7, &tsc, 1000, false, why,
	                                                sizeof(why)));
	CU_ASSERT_STRING_EQUAL(why, "perfctr: the TSC has no overflow interrupt");
	CU_ASSERT_FALSE(perfctr_imode_native_interrupts(PERFCTR_FAMILY_K7, &k7, 2147483648LL, false,
	                                                why, sizeof(why)));
	CU_ASSERT_STRING_EQUAL(why, "perfctr: overflow threshold 2147483648 above 2^31 - 1, an "
	                            "i-mode counter's reach");
	CU_ASSERT_FALSE(
	    perfctr_imode_native_interrupts(PERFCTR_FAMILY_K7, &k7, 1000, true, why, sizeof(why)));
	CU_ASSERT_STRING_EQUAL(why, "perfctr: the global counters have no interrupt mode");
	CU_ASSERT_FALSE(
	    perfctr_imode_native_interrupts(PERFCTR_FAMILY_P5, &p5, 1000, false, why, sizeof(why)));
	CU_ASSERT_STRING_EQUAL(why, "perfctr: this CPU's counters cannot interrupt on overflow");
	CU_ASSERT_TRUE(perfctr_imode_native_interrupts(PERFCTR_FAMILY_K7, &k7, 2147483647LL, false,
	                                               why, sizeof(why)));

	sim_cpu_k7(&fx.sim, true);
	fixture_detect();
	CU_ASSERT_EQUAL(
	    perfctr_control_build(PERFCTR_FAMILY_K7, 4, PAPI_DOM_USER, one_k7, 1, &layout),
	    PAPI_OK);
	CU_ASSERT_EQUAL(perfctr_imode_apply(PERFCTR_FAMILY_K7, at_max, 1, &layout), PAPI_OK);
	CU_ASSERT_EQUAL(layout.control.ireset[0], -2147483647);
	CU_ASSERT_EQUAL(fixture_update(&layout.control, false), 0);
}

/* VPERFCTR_CONTROL's EINVAL to a control with a threshold below the
 * module's floor (kernel/perfctr_imode_floor.h) is PAPI_EPERM with the
 * reason; another errno, or a threshold at the floor, is not the floor's
 * (the component's generic answer follows). With the right, the driver
 * takes the control (threshold 1). */
static void test_imode_floor_refusal(void)
{
	struct perfctr_native k7 = native_named(PERFCTR_FAMILY_K7, "CPU_CLK_UNHALTED");
	const struct perfctr_native *set[] = {&tsc, &k7};
	const long long thresholds[][2] = {{0, 1}, {0, 9999}, {0, 10000}};
	const int want[] = {PAPI_EPERM, PAPI_EPERM, PAPI_OK};
	const char *const reason[] = {"overflow threshold 1 is below 10000 events",
	                              "overflow threshold 9999 is below 10000 events", ""};
	struct perfctr_layout layout;

	sim_cpu_k7(&fx.sim, true);
	fixture_detect();
	for (int t = 0; t < 3; t++) {
		CU_ASSERT_EQUAL_FATAL(
		    perfctr_control_build(PERFCTR_FAMILY_K7, 4, PAPI_DOM_USER, set, 2, &layout),
		    PAPI_OK);
		CU_ASSERT_EQUAL_FATAL(
		    perfctr_imode_apply(PERFCTR_FAMILY_K7, thresholds[t], 2, &layout), PAPI_OK);
		papi_error_clear();
		CU_ASSERT_EQUAL(perfctr_imode_refusal(EINVAL, &layout.control), want[t]);
		CU_ASSERT_PTR_NOT_NULL(strstr(papi_error_reason(), reason[t]));
		if (want[t] != PAPI_OK)
			CU_ASSERT_PTR_NOT_NULL(
			    strstr(papi_error_reason(), "CAP_PERFMON or CAP_SYS_ADMIN"));
		CU_ASSERT_EQUAL(perfctr_imode_refusal(EBUSY, &layout.control), PAPI_OK);
		CU_ASSERT_EQUAL(perfctr_imode_refusal(EPERM, &layout.control), PAPI_OK);
		CU_ASSERT_EQUAL(fixture_update(&layout.control, false), 0);
	}
	/* No overflow at all: nothing of the floor's. */
	CU_ASSERT_EQUAL_FATAL(
	    perfctr_control_build(PERFCTR_FAMILY_K7, 4, PAPI_DOM_USER, set, 2, &layout), PAPI_OK);
	CU_ASSERT_EQUAL(perfctr_imode_refusal(EINVAL, &layout.control), PAPI_OK);
}

void add_imode_suite(void)
{
	static const struct test_case cases[] = {
	    TEST(test_k8_overflow_callbacks_exact),
	    TEST(test_imode_controls_accepted),
	    TEST(test_imode_refusals),
	    TEST(test_imode_fallback_to_software),
	    TEST(test_imode_floor_refusal),
	};
	ADD_SUITE("i-mode overflow", cases);
}
