// SPDX-License-Identifier: BSD-3-Clause
/* The overflow interrupt's rate limit, perfctr's way
 * (kernel/perfctr_throttle.c; the shared budget and window:
 * test_kthrottle.c), alone
 * and with the driver on the simulated K8 as the module runs them: each
 * overflow taken counts in the CPU's window, and the owner's IRESUME waits
 * for a later window once the budget is spent. With a budget of 5 a
 * window, 20 overflows in one window (20 states armed before the budget
 * was spent) are 5 within it and 15 past it; one owner's 20 overflows
 * spread over 4 windows, none past the budget, the sums exact. */
#include <limits.h>

#include "perfctr_throttle.h"
#include "x86_test.h"

#define USR EVNTSEL_USR
#define INT EVNTSEL_INT
#define EN  EVNTSEL_EN

#define THRESHOLD 1000u
#define AMODE_RUN 300u /* a-mode events per threshold's worth */
#define PERFCTR0  0xC0010004u
#define PERFCTR1  0xC0010005u
#define WIDTH     ((1ull << 48) - 1)

/* TSC, an a-mode counter (0) and an i-mode one (1) at THRESHOLD. */
static const struct perfctr_cpu_control k8_imode = {
    .tsc_on = 1,
    .nractrs = 1,
    .nrictrs = 1,
    .pmc_map = {0, 1},
    .evntsel = {0xC0 | USR | EN, 0x76 | USR | INT | EN},
    .ireset = {0, -(int32_t)THRESHOLD}};

/* Budget 5: 20 overflows at window 1000 (20 states armed before the
 * budget was spent: each is taken, its signal sent) are 5 within and 15
 * past it; no re-arm in window 1000; at 1001 the budget is whole again. */
static void test_twenty_in_one_window(void)
{
	struct perfctr_throttle t = {0};
	unsigned within = 0;

	CU_ASSERT_TRUE(perfctr_throttle_may_arm(&t, 1000, 5));
	for (int i = 0; i < 20; i++)
		within += perfctr_throttle_overflow(&t, 1000, 5);
	CU_ASSERT_EQUAL(within, 5);
	CU_ASSERT_EQUAL(t.past, 15);
	CU_ASSERT_FALSE(perfctr_throttle_may_arm(&t, 1000, 5));
	CU_ASSERT_TRUE(perfctr_throttle_may_arm(&t, 1001, 5));
	within = 0;
	for (int i = 0; i < 5; i++)
		within += perfctr_throttle_overflow(&t, 1001, 5);
	CU_ASSERT_EQUAL(within, 5);
	CU_ASSERT_FALSE(perfctr_throttle_may_arm(&t, 1001, 5));
	CU_ASSERT_FALSE(perfctr_throttle_overflow(&t, 1001, 5));
	CU_ASSERT_EQUAL(t.past, 16);
}

/* Budget 0 (max_interrupt_rate 0): no limit. */
static void test_no_limit(void)
{
	struct perfctr_throttle t = {0};
	unsigned within = 0;

	for (int i = 0; i < 20; i++)
		within += perfctr_throttle_overflow(&t, 7, 0);
	CU_ASSERT_EQUAL(within, 20);
	CU_ASSERT_EQUAL(t.past, 0);
	CU_ASSERT_TRUE(perfctr_throttle_may_arm(&t, 7, 0));
}

/* The budget is the CPU's and restarts at each new window, whatever
 * jiffies did in between (a window is only compared for equality). */
static void test_window_rolls_over(void)
{
	struct perfctr_throttle t = {0};

	for (int i = 0; i < 3; i++)
		CU_ASSERT_TRUE(perfctr_throttle_overflow(&t, 10, 5));
	for (int i = 0; i < 5; i++)
		CU_ASSERT_TRUE(perfctr_throttle_overflow(&t, 11, 5));
	CU_ASSERT_FALSE(perfctr_throttle_may_arm(&t, 11, 5));
	CU_ASSERT_FALSE(perfctr_throttle_overflow(&t, 11, 5));
	CU_ASSERT_TRUE(perfctr_throttle_may_arm(&t, 12, 5));
	CU_ASSERT_TRUE(perfctr_throttle_may_arm(&t, (unsigned long)-1, 5)); /* wrapped */
	CU_ASSERT_EQUAL(t.past, 1);
}

static void add_events(uint32_t msr, uint64_t n)
{
	sim_set(&fx.sim, msr, (sim_get(&fx.sim, msr) + n) & WIDTH);
}

/* One owner on the simulated K8, as the module runs it: its i-mode
 * counter overflows every THRESHOLD events (the driver's overflow
 * handling, the take counted in the window), and its IRESUME first waits
 * while the window's budget is spent (vperfctr_throttle_wait: the owner
 * sleeps to the next jiffy, so it runs no event meanwhile). Budget 5, 20
 * overflows from window 1000: 5 in each of 1000 to 1003, 3 holds, none
 * past the budget; the sums exactly 20 thresholds and 20 a-mode runs. */
static void test_owner_waits_sums_exact(void)
{
	struct perfctr_throttle t = {0};
	unsigned long now = 1000;
	unsigned per_window[8] = {0};
	uint32_t iresume = 0;

	sim_cpu_k7(&fx.sim, true);
	fixture_detect();
	ACCEPTS(k8_imode);
	CU_ASSERT_EQUAL(perfctr_x86_resume(&fx.cpu, &fx.cache, &fx.state, 0), 0);
	CU_ASSERT_EQUAL(sim_get(&fx.sim, PERFCTR1), (1ull << 48) - THRESHOLD);
	for (int i = 0; i < 20; i++) {
		if (i > 0) {
			/* The sleep to the next jiffy (bounded: a broken window
			 * fails here rather than spinning). */
			for (int wait = 0; wait < 3 && !perfctr_throttle_may_arm(&t, now, 5);
			     wait++) {
				if (wait == 0)
					kthrottle_hold(&t.shared);
				now++;
			}
			CU_ASSERT_TRUE_FATAL(perfctr_throttle_may_arm(&t, now, 5));
			CU_ASSERT_EQUAL(perfctr_x86_iresume(&fx.state, &iresume), 0);
			CU_ASSERT_EQUAL(perfctr_x86_resume(&fx.cpu, &fx.cache, &fx.state, 0), 0);
		}
		add_events(PERFCTR0, AMODE_RUN);
		add_events(PERFCTR1, THRESHOLD);
		CU_ASSERT_EQUAL(perfctr_x86_imode_overflow(&fx.cpu, &fx.cache, &fx.state, &iresume),
		                1u << 1);
		CU_ASSERT_TRUE(perfctr_throttle_overflow(&t, now, 5));
		if (now - 1000 < 8)
			per_window[now - 1000]++;
		/* Suspended: events of no one's count until IRESUME. */
		CU_ASSERT_EQUAL(fx.state.user.cstatus, perfctr_mk_cstatus(1, 0, 0, 0));
	}
	CU_ASSERT_EQUAL(now, 1003);
	for (int w = 0; w < 4; w++)
		CU_ASSERT_EQUAL(per_window[w], 5);
	CU_ASSERT_EQUAL(t.shared.throttled, 3);
	CU_ASSERT_EQUAL(t.past, 0);
	CU_ASSERT_EQUAL(fx.state.user.pmc[0].sum, 20 * AMODE_RUN);
	CU_ASSERT_EQUAL(fx.state.user.pmc[1].sum, 20 * THRESHOLD);
}

void add_throttle_suite(void)
{
	static const struct test_case cases[] = {
	    TEST(test_twenty_in_one_window),
	    TEST(test_no_limit),
	    TEST(test_window_rolls_over),
	    TEST(test_owner_waits_sums_exact),
	};
	ADD_SUITE("throttling", cases);
}
