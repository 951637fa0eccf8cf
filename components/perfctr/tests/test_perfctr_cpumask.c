// SPDX-License-Identifier: BSD-3-Clause
/* The CPU mask words of PERFCTR_CPUS and PERFCTR_CPUS_FORBIDDEN. */
#include "x86_test.h"
#include "perfctr_cpumask.h"

static void test_words_needed(void)
{
	uint32_t per_long = sizeof(unsigned long) / sizeof(uint32_t);
	CU_ASSERT_EQUAL(perfctr_cpumask_nrwords(1), per_long);
	CU_ASSERT_EQUAL(perfctr_cpumask_nrwords(8 * sizeof(unsigned long)), per_long);
	CU_ASSERT_EQUAL(perfctr_cpumask_nrwords(8 * sizeof(unsigned long) + 1), 2 * per_long);
}

/* Each long split least significant word first (x86-64: two words per
 * long; the component is built there only). */
static void test_words_in_order(void)
{
	const unsigned long bits[2] = {0x5ul | 1ul << 35, 0x80000001ul};
	CU_ASSERT_EQUAL_FATAL(sizeof(unsigned long), 8);
	CU_ASSERT_EQUAL(perfctr_cpumask_word(bits, 0), 0x5u);
	CU_ASSERT_EQUAL(perfctr_cpumask_word(bits, 1), 0x8u); /* CPU 35 */
	CU_ASSERT_EQUAL(perfctr_cpumask_word(bits, 2), 0x80000001u);
	CU_ASSERT_EQUAL(perfctr_cpumask_word(bits, 3), 0);
}

void add_cpumask_suite(void)
{
	static const struct test_case cases[] = {
	    TEST(test_words_needed),
	    TEST(test_words_in_order),
	};
	ADD_SUITE("cpu masks", cases);
}
