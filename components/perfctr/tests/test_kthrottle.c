// SPDX-License-Identifier: BSD-3-Clause
/* The overflow rate limit both kernel modules share
 * (components/kernel-common/kthrottle.c): the rate's range, the budget per
 * window, the window and the count of holds. perfctr's use of it is test_perfctr_throttle.c,
 * the riscv module's components/riscv/tests/test_throttle.c; the RV32
 * build without libgcc, components/riscv/tests/native_compile.sh. */
#include <limits.h>

#include "kthrottle.h"
#include "x86_test.h"

static void test_budget_and_rate(void)
{
	CU_ASSERT_EQUAL(kthrottle_budget(KTHROTTLE_RATE_DEFAULT, 250), 400); /* at HZ 250 */
	CU_ASSERT_EQUAL(kthrottle_budget(1000, 250), 4);
	CU_ASSERT_EQUAL(kthrottle_budget(1000, 300), 4); /* 3.33, rounded up */
	CU_ASSERT_EQUAL(kthrottle_budget(100000, 1000), 100);
	CU_ASSERT_EQUAL(kthrottle_budget(1, 1000), 1);
	CU_ASSERT_EQUAL(kthrottle_budget(0, 250), 0); /* no limit */
	CU_ASSERT_EQUAL(kthrottle_budget(7, 0), 7);   /* no window length: the rate */
	CU_ASSERT_EQUAL(kthrottle_budget(KTHROTTLE_RATE_MAX, 100), 100000);
	CU_ASSERT_TRUE(kthrottle_rate_valid(0));
	CU_ASSERT_TRUE(kthrottle_rate_valid(KTHROTTLE_RATE_MAX));
	CU_ASSERT_FALSE(kthrottle_rate_valid(KTHROTTLE_RATE_MAX + 1ull));
	CU_ASSERT_FALSE(kthrottle_rate_valid(1ull << 32));
	CU_ASSERT_FALSE(kthrottle_rate_valid(ULLONG_MAX));
}

/* Budget 3: three takes within, the fourth past; open says the same
 * without counting; a later window is whole again. */
static void test_take_and_open(void)
{
	struct kthrottle w = {0};

	for (int i = 0; i < 3; i++) {
		CU_ASSERT_TRUE(kthrottle_open(&w, 50, 3));
		CU_ASSERT_TRUE(kthrottle_take(&w, 50, 3));
	}
	CU_ASSERT_FALSE(kthrottle_open(&w, 50, 3));
	CU_ASSERT_FALSE(kthrottle_take(&w, 50, 3));
	CU_ASSERT_EQUAL(w.taken, 4); /* past the budget, still counted */
	CU_ASSERT_TRUE(kthrottle_open(&w, 51, 3));
	CU_ASSERT_EQUAL(w.window, 50); /* open changes nothing */
	CU_ASSERT_TRUE(kthrottle_take(&w, 51, 3));
	CU_ASSERT_EQUAL(w.window, 51);
	CU_ASSERT_EQUAL(w.taken, 1);
	CU_ASSERT_TRUE(kthrottle_open(&w, 50, 3)); /* a window is only compared for equality */
}

/* Budget 0: no limit, however many are taken; the count saturates. */
static void test_no_limit_saturates(void)
{
	struct kthrottle w = {.window = 9, .taken = UINT32_MAX - 1};

	CU_ASSERT_TRUE(kthrottle_take(&w, 9, 0));
	CU_ASSERT_EQUAL(w.taken, UINT32_MAX);
	CU_ASSERT_TRUE(kthrottle_take(&w, 9, 0));
	CU_ASSERT_EQUAL(w.taken, UINT32_MAX);
	CU_ASSERT_FALSE(kthrottle_take(&w, 9, 5));
	CU_ASSERT_EQUAL(w.taken, UINT32_MAX);
}

/* roll starts a new window once, and only a new one. */
static void test_roll(void)
{
	struct kthrottle w = {.window = 4, .taken = 2};

	CU_ASSERT_FALSE(kthrottle_roll(&w, 4));
	CU_ASSERT_EQUAL(w.taken, 2);
	CU_ASSERT_TRUE(kthrottle_roll(&w, 5));
	CU_ASSERT_EQUAL(w.window, 5);
	CU_ASSERT_EQUAL(w.taken, 0);
	CU_ASSERT_FALSE(kthrottle_roll(&w, 5));
	CU_ASSERT_TRUE(kthrottle_roll(&w, (unsigned long)-1)); /* wrapped */
}

/* The holds (what the throttled parameter sums): one per kthrottle_hold,
 * in whatever window; a new window, a take past the budget or an open
 * leaves them as they are, and they change nothing of the window. */
static void test_holds_outlive_windows(void)
{
	struct kthrottle w = {0};

	CU_ASSERT_TRUE(kthrottle_take(&w, 7, 1));
	CU_ASSERT_FALSE(kthrottle_take(&w, 7, 1)); /* past: not a hold by itself */
	CU_ASSERT_EQUAL(w.throttled, 0);
	kthrottle_hold(&w);
	kthrottle_hold(&w);
	CU_ASSERT_EQUAL(w.throttled, 2);
	CU_ASSERT_EQUAL(w.window, 7);
	CU_ASSERT_EQUAL(w.taken, 2);
	CU_ASSERT_FALSE(kthrottle_open(&w, 7, 1));
	CU_ASSERT_TRUE(kthrottle_roll(&w, 8));
	CU_ASSERT_EQUAL(w.taken, 0);
	CU_ASSERT_EQUAL(w.throttled, 2);
	CU_ASSERT_TRUE(kthrottle_take(&w, 9, 1));
	kthrottle_hold(&w);
	CU_ASSERT_EQUAL(w.throttled, 3);
}

void add_kthrottle_suite(void)
{
	static const struct test_case cases[] = {
	    TEST(test_budget_and_rate),       TEST(test_take_and_open),
	    TEST(test_no_limit_saturates),    TEST(test_roll),
	    TEST(test_holds_outlive_windows),
	};
	ADD_SUITE("shared throttle", cases);
}
