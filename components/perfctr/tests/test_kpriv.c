// SPDX-License-Identifier: BSD-3-Clause
/* The privilege rule both kernel modules share
 * (components/kernel-common/kpriv.c): at each perf_event_paranoid level,
 * what every user may count, and that CAP_PERFMON or CAP_SYS_ADMIN is
 * asked exactly when the level refuses. What a perfctr control needs is
 * test_perfctr_privilege.c; what a riscv request needs,
 * components/riscv/tests/test_validate.c. */
#include <limits.h>
#include <string.h>

#include "kpriv.h"
#include "kpriv_reason.h"
#include "x86_test.h"

static unsigned asked;
static bool holder; /* what the capability check answers */

static bool capable(void)
{
	asked++;
	return holder;
}

/* perf's levels: -1 and 0 grant everything, 1 the kernel but not a whole
 * CPU, 2 user mode only, above it (Debian's 3) nothing. */
static void test_each_level(void)
{
	static const struct {
		unsigned needs;
		int highest; /* the highest level granting it to everyone */
	} needs[] = {
	    {KPRIV_USER, 2},
	    {KPRIV_USER | KPRIV_KERNEL, 1},
	    {KPRIV_KERNEL, 1},
	    {KPRIV_CPU, 0},
	    {KPRIV_CPU | KPRIV_USER, 0},
	    {KPRIV_CPU | KPRIV_KERNEL | KPRIV_USER, 0},
	};
	for (unsigned n = 0; n < sizeof(needs) / sizeof(needs[0]); n++) {
		CU_ASSERT_EQUAL(kpriv_paranoid_limit(needs[n].needs), needs[n].highest);
		for (int level = -1; level <= 4; level++) {
			bool granted = level <= needs[n].highest;
			holder = false;
			asked = 0;
			CU_ASSERT_EQUAL(kpriv_refusal(needs[n].needs, level, capable),
			                granted ? 0 : -EACCES);
			CU_ASSERT_EQUAL(asked, granted ? 0u : 1u);
			holder = true;
			asked = 0;
			CU_ASSERT_EQUAL(kpriv_refusal(needs[n].needs, level, capable), 0);
			CU_ASSERT_EQUAL(asked, granted ? 0u : 1u);
		}
	}
}

/* Nothing perf would count (perfctr's TSC alone) is open at any level,
 * the unreadable one too (kpriv_check's largest int); a bit the rule
 * does not know is the module's bug, refused whatever the caller. */
static void test_nothing_and_unknown(void)
{
	holder = false;
	asked = 0;
	CU_ASSERT_EQUAL(kpriv_refusal(0, INT_MAX, capable), 0);
	CU_ASSERT_EQUAL(kpriv_refusal(0, -1, capable), 0);
	CU_ASSERT_EQUAL(asked, 0u);
	CU_ASSERT_EQUAL(kpriv_paranoid_limit(0), INT_MAX);
	CU_ASSERT_EQUAL(kpriv_refusal(KPRIV_USER, INT_MAX, capable), -EACCES);
	holder = true;
	CU_ASSERT_EQUAL(kpriv_refusal(0x8u, -1, capable), -EINVAL);
	CU_ASSERT_EQUAL(kpriv_refusal(KPRIV_USER | 0x100u, 2, capable), -EINVAL);
}

/* The reason names the strictest need the level refuses. */
static void test_refused_need_and_words(void)
{
	unsigned all = KPRIV_USER | KPRIV_KERNEL | KPRIV_CPU;

	CU_ASSERT_EQUAL(kpriv_refused_need(all, 3), KPRIV_CPU);
	CU_ASSERT_EQUAL(kpriv_refused_need(all, 1), KPRIV_CPU);
	CU_ASSERT_EQUAL(kpriv_refused_need(all, 0), 0u);
	CU_ASSERT_EQUAL(kpriv_refused_need(KPRIV_USER | KPRIV_KERNEL, 2), KPRIV_KERNEL);
	CU_ASSERT_EQUAL(kpriv_refused_need(KPRIV_USER | KPRIV_KERNEL, 1), 0u);
	CU_ASSERT_EQUAL(kpriv_refused_need(KPRIV_USER, 3), KPRIV_USER);
	CU_ASSERT_EQUAL(kpriv_refused_need(KPRIV_USER, 2), 0u);
	CU_ASSERT_STRING_EQUAL(kpriv_need_name(KPRIV_KERNEL), "counting the kernel");
	CU_ASSERT_STRING_EQUAL(kpriv_need_right(KPRIV_KERNEL),
	                       "kernel.perf_event_paranoid <= 1, or CAP_PERFMON or CAP_SYS_ADMIN");
	CU_ASSERT_STRING_EQUAL(kpriv_need_right(KPRIV_CPU),
	                       "kernel.perf_event_paranoid <= 0, or CAP_PERFMON or CAP_SYS_ADMIN");
	CU_ASSERT_STRING_EQUAL(kpriv_need_name(KPRIV_USER | KPRIV_KERNEL), "");
}

/* The components' reason for a module's EACCES names the need this
 * machine's level refuses, the right, and the level; or, where the level
 * grants everything, that the module refused anyway. */
static void test_reason_at_this_level(void)
{
	char reason[256], level_text[32];
	int level = kpriv_reason_paranoid();

	snprintf(level_text, sizeof(level_text), "it is %d", level);
	kpriv_reason(reason, sizeof(reason), KPRIV_USER | KPRIV_KERNEL);
	const char *want = level > 2   ? "counting needs kernel.perf_event_paranoid <= 2"
	                   : level > 1 ? "counting the kernel needs kernel.perf_event_paranoid <= 1"
	                               : "the module refused it (EACCES)";
	CU_ASSERT_PTR_NOT_NULL(strstr(reason, want));
	CU_ASSERT_TRUE(level <= 1 || level == INT_MAX || strstr(reason, level_text) != NULL);
	kpriv_reason(reason, sizeof(reason), KPRIV_CPU | KPRIV_USER);
	CU_ASSERT_TRUE(
	    level <= 0 ||
	    strstr(reason, "counting a whole CPU needs kernel.perf_event_paranoid <= 0"));
	/* Always terminated, however short the buffer. */
	memset(reason, 'x', sizeof(reason));
	kpriv_reason(reason, 8, KPRIV_CPU);
	CU_ASSERT_EQUAL(strlen(reason), 7u);
}

void add_kpriv_suite(void)
{
	static const struct test_case cases[] = {
	    TEST(test_each_level),
	    TEST(test_nothing_and_unknown),
	    TEST(test_refused_need_and_words),
	    TEST(test_reason_at_this_level),
	};
	ADD_SUITE("shared privilege rule", cases);
}
