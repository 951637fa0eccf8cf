// SPDX-License-Identifier: BSD-3-Clause
/* perfctr 2.6's tagged encoding of perfctr_struct_buf (kernel/
 * perfctr_marshal.c): exact words for structures whose encoding follows
 * from the ABI's facts (header = tag << 16 | item << 1 | type; zero items
 * omitted; 64-bit values low word first), round trips of every layout,
 * and each refusal of the decoder. */
#include <stdlib.h>

#include "perfctr_marshal.h"
#include "x86_test.h"

static bool words_equal(const uint32_t *got, uint32_t used, const uint32_t *want, uint32_t count)
{
	if (used != count) {
		fprintf(stderr, "  %u words, %u expected\n", used, count);
		return false;
	}
	for (uint32_t i = 0; i < count; i++)
		if (got[i] != want[i]) {
			fprintf(stderr, "  word %u: %#x, %#x expected\n", i, got[i], want[i]);
			return false;
		}
	return true;
}

/* VPERFCTR_CONTROL as libperfctr 2.6 sends it: the control's own fields
 * (si_signo: tag 9), then its cpu_control's (tsc_on 32, nractrs 33,
 * pmc_map 35, evntsel 36), zero items left out (pmc_map[0]). */
static void test_marshal_vperfctr_control_words(void)
{
	static const uint32_t want[] = {0x00090000, 29, 0x00200000, 1,        0x00210000, 2,
	                                0x00230002, 1,  0x00240000, 0x4300C0, 0x00240002, 0x4300C4};
	struct vperfctr_control c = {.si_signo = 29};
	uint32_t words[64], used = 0;

	c.cpu_control.tsc_on = 1;
	c.cpu_control.nractrs = 2;
	c.cpu_control.pmc_map[1] = 1;
	c.cpu_control.evntsel[0] = 0x4300C0;
	c.cpu_control.evntsel[1] = 0x4300C4;
	CU_ASSERT_EQUAL(perfctr_marshal_encode(&vperfctr_control_layout, &c, words, 64, &used), 0);
	CU_ASSERT_TRUE(words_equal(words, used, want, sizeof(want) / 4));
}

/* 64-bit items: type bit 1, low word first (sum_ctrs: tsc 48, pmc 49). */
static void test_marshal_sum_ctrs_words(void)
{
	static const uint32_t want[] = {0x00300001, 2, 1, 0x00310007, 5, 0};
	struct perfctr_sum_ctrs s = {.tsc = 0x100000002ull};
	uint32_t words[64], used = 0;

	s.pmc[3] = 5;
	CU_ASSERT_EQUAL(perfctr_marshal_encode(&perfctr_sum_ctrs_layout, &s, words, 64, &used), 0);
	CU_ASSERT_TRUE(words_equal(words, used, want, sizeof(want) / 4));
}

/* The global structures' own tags: cpu is 15 in a control, 20 in a state;
 * the P4 fields are 38 (escr), 39 and 40; a state's sums come last. */
static void test_marshal_global_words(void)
{
	static const uint32_t control_want[] = {0x000F0000, 3, 0x00200000, 1,
	                                        0x0026000A, 7, 0x00280000, 9};
	static const uint32_t state_want[] = {0x00140000, 1, 0x00300001, 10, 0};
	struct gperfctr_cpu_control c = {.cpu = 3};
	struct gperfctr_cpu_state st = {.cpu = 1};
	uint32_t words[64], used = 0;

	c.cpu_control.tsc_on = 1;
	c.cpu_control.p4.escr[5] = 7;
	c.cpu_control.p4.pebs_matrix_vert = 9;
	CU_ASSERT_EQUAL(perfctr_marshal_encode(&gperfctr_cpu_control_layout, &c, words, 64, &used),
	                0);
	CU_ASSERT_TRUE(words_equal(words, used, control_want, sizeof(control_want) / 4));
	st.sum.tsc = 10;
	CU_ASSERT_EQUAL(perfctr_marshal_encode(&gperfctr_cpu_state_layout, &st, words, 64, &used),
	                0);
	CU_ASSERT_TRUE(words_equal(words, used, state_want, sizeof(state_want) / 4));
	/* GPERFCTR_READ's argument knows only the cpu and reserved words. */
	CU_ASSERT_EQUAL(
	    perfctr_marshal_encode(&gperfctr_cpu_state_only_cpu_layout, &st, words, 64, &used), 0);
	CU_ASSERT_TRUE(words_equal(words, used, state_want, 2));
}

static const struct perfctr_marshal_layout *const layouts[] = {
    &perfctr_info_layout,         &perfctr_sum_ctrs_layout,   &vperfctr_control_layout,
    &gperfctr_cpu_control_layout, &gperfctr_cpu_state_layout,
};

/* Every byte non-zero: each item is sent, the words are the most the
 * layout can take, and the decoder gives back the same bytes. */
static void test_marshal_round_trip(void)
{
	for (size_t k = 0; k < sizeof(layouts) / sizeof(layouts[0]); k++) {
		const struct perfctr_marshal_layout *l = layouts[k];
		unsigned char *src = malloc(l->size), *dst = malloc(l->size);
		uint32_t max = perfctr_marshal_max_words(l), used = 0;
		uint32_t *words = calloc(max, 4);

		for (size_t i = 0; i < l->size; i++)
			src[i] = (unsigned char)(i * 7 + 1) | 1;
		CU_ASSERT_EQUAL(perfctr_marshal_encode(l, src, words, max, &used), 0);
		CU_ASSERT_EQUAL(used, max);
		memset(dst, 0x5A, l->size);
		CU_ASSERT_EQUAL(perfctr_marshal_decode(l, dst, words, used), 0);
		CU_ASSERT_EQUAL(memcmp(src, dst, l->size), 0);
		free(words);
		free(dst);
		free(src);
	}
	/* A control's 87 32-bit items: 6 of its own, 81 of its cpu_control
	 * (3 counts, 4 arrays of 18, the 2 PEBS words, 4 reserved). */
	CU_ASSERT_EQUAL(perfctr_marshal_max_words(&vperfctr_control_layout), (6 + 81) * 2);
}

/* A prefix: the items starting past it are not looked at (the kernel's
 * sums past the counters in use); those before it are as in a full
 * encoding. */
static void test_marshal_encode_prefix(void)
{
	struct perfctr_sum_ctrs s;
	uint32_t words[64], full[64], used = 0, full_used = 0;
	const size_t two_counters = offsetof(struct perfctr_sum_ctrs, pmc) + 2 * sizeof(s.pmc[0]);

	memset(&s, 0, sizeof(s));
	s.tsc = 0x100000002ULL;
	s.pmc[1] = 7;
	CU_ASSERT_EQUAL(perfctr_marshal_encode(&perfctr_sum_ctrs_layout, &s, full, 64, &full_used),
	                0);
	s.pmc[2] = 9; /* past the prefix: not sent */
	s.pmc[17] = 9;
	CU_ASSERT_EQUAL(perfctr_marshal_encode_prefix(&perfctr_sum_ctrs_layout, &s, two_counters,
	                                              words, 64, &used),
	                0);
	CU_ASSERT_EQUAL(used, 6);
	CU_ASSERT_TRUE(words_equal(words, used, full, full_used));
	/* The TSC alone; then no room: -EOVERFLOW with the words it needs. */
	CU_ASSERT_EQUAL(
	    perfctr_marshal_encode_prefix(&perfctr_sum_ctrs_layout, &s, 8, words, 64, &used), 0);
	CU_ASSERT_EQUAL(used, 3);
	CU_ASSERT_EQUAL(perfctr_marshal_encode_prefix(&perfctr_sum_ctrs_layout, &s, two_counters,
	                                              words, 5, &used),
	                -EOVERFLOW);
	CU_ASSERT_EQUAL(used, 6);
}

/* The stack buffers of PERFCTR_MARSHAL_MAX_WORDS hold every layout's
 * longest encoding, and the largest one exactly. */
static void test_marshal_max_words_bound(void)
{
	uint32_t largest = 0;

	for (size_t k = 0; k < sizeof(layouts) / sizeof(layouts[0]); k++) {
		uint32_t max = perfctr_marshal_max_words(layouts[k]);

		CU_ASSERT_TRUE(max <= PERFCTR_MARSHAL_MAX_WORDS);
		largest = max > largest ? max : largest;
	}
	CU_ASSERT_EQUAL(largest, PERFCTR_MARSHAL_MAX_WORDS);
}

/* The fields may come in any order; the decoder zeroes what is absent. */
static void test_marshal_decode_any_order(void)
{
	static const uint32_t words[] = {0x00240002, 0x4300C4, 0x00210000, 2, 0x00090000, 29};
	struct vperfctr_control c;

	memset(&c, 0xFF, sizeof(c));
	CU_ASSERT_EQUAL(perfctr_marshal_decode(&vperfctr_control_layout, &c, words, 6), 0);
	CU_ASSERT_EQUAL(c.si_signo, 29);
	CU_ASSERT_EQUAL(c.cpu_control.nractrs, 2);
	CU_ASSERT_EQUAL(c.cpu_control.evntsel[1], 0x4300C4);
	CU_ASSERT_EQUAL(c.cpu_control.evntsel[0], 0);
	CU_ASSERT_EQUAL(c.cpu_control.tsc_on, 0);
	CU_ASSERT_EQUAL(c.flags, 0);
}

/* -EPROTO: an unknown tag (25 is none of a control's), an item past the
 * array (pmc_map has 18), a 64-bit datum for a 32-bit field and the
 * reverse, a value cut short. */
static void test_marshal_decode_refusals(void)
{
	static const uint32_t unknown[] = {0x00190000, 1};
	static const uint32_t past_end[] = {0x00230000 | 18 << 1, 1};
	static const uint32_t wide_for_narrow[] = {0x00200001, 1, 0};
	static const uint32_t narrow_for_wide[] = {0x00300000, 1};
	static const uint32_t no_value[] = {0x00200000};
	static const uint32_t half_value[] = {0x00300001, 1};
	struct vperfctr_control c;
	struct perfctr_sum_ctrs s;

	CU_ASSERT_EQUAL(perfctr_marshal_decode(&vperfctr_control_layout, &c, unknown, 2), -EPROTO);
	CU_ASSERT_EQUAL(perfctr_marshal_decode(&vperfctr_control_layout, &c, past_end, 2), -EPROTO);
	CU_ASSERT_EQUAL(perfctr_marshal_decode(&vperfctr_control_layout, &c, wide_for_narrow, 3),
	                -EPROTO);
	CU_ASSERT_EQUAL(perfctr_marshal_decode(&perfctr_sum_ctrs_layout, &s, narrow_for_wide, 2),
	                -EPROTO);
	CU_ASSERT_EQUAL(perfctr_marshal_decode(&vperfctr_control_layout, &c, no_value, 1), -EPROTO);
	CU_ASSERT_EQUAL(perfctr_marshal_decode(&perfctr_sum_ctrs_layout, &s, half_value, 2),
	                -EPROTO);
	/* A sum's tag is not a control's. */
	CU_ASSERT_EQUAL(perfctr_marshal_decode(&vperfctr_control_layout, &c, narrow_for_wide, 2),
	                -EPROTO);
}

/* Too little room: -EOVERFLOW, the words needed said, none written past
 * the room. */
static void test_marshal_encode_overflow(void)
{
	struct perfctr_sum_ctrs s = {.tsc = 1};
	uint32_t words[4] = {0, 0, 0xC0FFEE, 0xC0FFEE}, used = 0;

	s.pmc[0] = 2;
	CU_ASSERT_EQUAL(perfctr_marshal_encode(&perfctr_sum_ctrs_layout, &s, words, 2, &used),
	                -EOVERFLOW);
	CU_ASSERT_EQUAL(used, 6);
	CU_ASSERT_EQUAL(words[2], 0xC0FFEE);
	CU_ASSERT_EQUAL(words[3], 0xC0FFEE);
}

void add_marshal_suite(void)
{
	static const struct test_case cases[] = {
	    TEST(test_marshal_vperfctr_control_words), TEST(test_marshal_sum_ctrs_words),
	    TEST(test_marshal_global_words),           TEST(test_marshal_round_trip),
	    TEST(test_marshal_max_words_bound),        TEST(test_marshal_encode_prefix),
	    TEST(test_marshal_decode_any_order),       TEST(test_marshal_decode_refusals),
	    TEST(test_marshal_encode_overflow),
	};
	ADD_SUITE("struct_buf encoding", cases);
}
