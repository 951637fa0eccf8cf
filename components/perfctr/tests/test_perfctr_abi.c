// SPDX-License-Identifier: BSD-3-Clause
/* The perfctr 2.6 ABI as user space sees it: structure sizes and field
 * offsets on x86-64, and the ioctl numbers, so that an edit of
 * perfctr_abi.h cannot move them unnoticed. */
#include <stddef.h>

#include "x86_test.h"

static void test_control_layout(void)
{
	CU_ASSERT_EQUAL(sizeof(struct perfctr_cpu_control), 324);
	CU_ASSERT_EQUAL(offsetof(struct perfctr_cpu_control, pmc_map), 12);
	CU_ASSERT_EQUAL(offsetof(struct perfctr_cpu_control, evntsel), 84);
	CU_ASSERT_EQUAL(offsetof(struct perfctr_cpu_control, p4.escr), 156);
	CU_ASSERT_EQUAL(offsetof(struct perfctr_cpu_control, p4.pebs_enable), 228);
	CU_ASSERT_EQUAL(offsetof(struct perfctr_cpu_control, p4.pebs_matrix_vert), 232);
	CU_ASSERT_EQUAL(offsetof(struct perfctr_cpu_control, ireset), 236);
	CU_ASSERT_EQUAL(offsetof(struct perfctr_cpu_control, _reserved1), 308);
}

/* The mapped state: tsc_sum right after tsc_start, no padding. */
static void test_state_layout(void)
{
	CU_ASSERT_EQUAL(offsetof(struct perfctr_cpu_state, k1.id), 4);
	CU_ASSERT_EQUAL(offsetof(struct perfctr_cpu_state, k1.isuspend_cpu), 8);
	CU_ASSERT_EQUAL(offsetof(struct perfctr_cpu_state, tsc_start), 12);
	CU_ASSERT_EQUAL(offsetof(struct perfctr_cpu_state, tsc_sum), 16);
	CU_ASSERT_EQUAL(offsetof(struct perfctr_cpu_state, pmc[0].map), 24);
	CU_ASSERT_EQUAL(offsetof(struct perfctr_cpu_state, pmc[0].start), 28);
	CU_ASSERT_EQUAL(offsetof(struct perfctr_cpu_state, pmc[0].sum), 32);
	CU_ASSERT_EQUAL(offsetof(struct perfctr_cpu_state, pmc[1].map), 40);
	CU_ASSERT_EQUAL(sizeof(struct perfctr_cpu_state), 312);
	CU_ASSERT_EQUAL(sizeof(struct perfctr_sum_ctrs), 152);
}

static void test_other_structures(void)
{
	CU_ASSERT_EQUAL(sizeof(struct perfctr_info), 64);
	CU_ASSERT_EQUAL(offsetof(struct perfctr_info, cpu_type), 36);
	CU_ASSERT_EQUAL(sizeof(struct vperfctr_control), 348);
	CU_ASSERT_EQUAL(offsetof(struct vperfctr_control, preserve), 328);
	CU_ASSERT_EQUAL(sizeof(struct gperfctr_cpu_control), 344);
	CU_ASSERT_EQUAL(offsetof(struct gperfctr_cpu_state, sum), 328);
	CU_ASSERT_EQUAL(sizeof(struct perfctr_struct_buf), 12);
	CU_ASSERT_EQUAL(PERFCTR_ABI_VERSION, 0x05020500u);
}

static void test_ioctl_numbers(void)
{
	CU_ASSERT_EQUAL(PERFCTR_ABI, 0x8004D000u);
	CU_ASSERT_EQUAL(PERFCTR_INFO, 0x800CD001u);
	CU_ASSERT_EQUAL(PERFCTR_CPUS, 0xC008D002u);
	CU_ASSERT_EQUAL(PERFCTR_CPUS_FORBIDDEN, 0xC008D003u);
	CU_ASSERT_EQUAL(VPERFCTR_CREAT, 0xD006u);
	CU_ASSERT_EQUAL(VPERFCTR_OPEN, 0xD007u);
	CU_ASSERT_EQUAL(VPERFCTR_READ_SUM, 0x800CD008u);
	CU_ASSERT_EQUAL(VPERFCTR_UNLINK, 0xD009u);
	CU_ASSERT_EQUAL(VPERFCTR_CONTROL, 0x400CD00Au);
	CU_ASSERT_EQUAL(VPERFCTR_IRESUME, 0xD00Bu);
	CU_ASSERT_EQUAL(VPERFCTR_READ_CONTROL, 0x800CD00Cu);
	CU_ASSERT_EQUAL(GPERFCTR_CONTROL, 0xC00CD010u);
	CU_ASSERT_EQUAL(GPERFCTR_READ, 0xC00CD011u);
	CU_ASSERT_EQUAL(GPERFCTR_STOP, 0xD012u);
	CU_ASSERT_EQUAL(GPERFCTR_START, 0xD013u);
}

void add_abi_suite(void)
{
	static const struct test_case cases[] = {
	    TEST(test_control_layout),
	    TEST(test_state_layout),
	    TEST(test_other_structures),
	    TEST(test_ioctl_numbers),
	};
	ADD_SUITE("perfctr 2.6 abi", cases);
}
