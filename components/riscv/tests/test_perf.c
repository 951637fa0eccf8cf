// SPDX-License-Identifier: BSD-3-Clause
/* The perf-managed mode's pure parts (rv_perf.c), on any host: SBI events
 * become the perf attributes Linux's SBI PMU driver takes, PAPI's domains
 * become the exclude bits, and a count comes from the event's page as
 * offset + the counter the page names, sign-extended from its width (a
 * fake page and a fake csrr here; the riscv64 lab reads real ones). */
#include <stdio.h>
#include <string.h>

#include <CUnit/Basic.h>

#include "unit_assert.h"

#include "papi.h"
#include "rv_events.h"
#include "rv_perf.h"

static struct perf_event_attr attr_of(const char *name, int domain, bool *mapped, char *reason,
                                      size_t reason_len)
{
	struct rv_event event;
	uint64_t cursor;
	char canonical[128];
	struct perf_event_attr attr;
	memset(&attr, 0xff, sizeof(attr));
	CU_ASSERT_FATAL(rv_event_parse(name, &event, &cursor, canonical, sizeof(canonical), reason,
	                               reason_len));
	*mapped = rv_perf_attr(&event, domain, &attr, reason, reason_len);
	return attr;
}

static void test_sbi_events_as_perf_attributes(void)
{
	static const struct {
		const char *name;
		uint32_t type;
		uint64_t config;
	} cases[] = {
	    {"cpu-cycles", PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES},
	    {"instructions", PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS},
	    {"branch-misses", PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_MISSES},
	    {"ref-cycles", PERF_TYPE_HARDWARE, PERF_COUNT_HW_REF_CPU_CYCLES},
	    {"L1-dcache-loads", PERF_TYPE_HW_CACHE,
	     PERF_COUNT_HW_CACHE_L1D | PERF_COUNT_HW_CACHE_OP_READ << 8 |
	         PERF_COUNT_HW_CACHE_RESULT_ACCESS << 16},
	    {"L1-dcache-store-misses", PERF_TYPE_HW_CACHE,
	     PERF_COUNT_HW_CACHE_L1D | PERF_COUNT_HW_CACHE_OP_WRITE << 8 |
	         PERF_COUNT_HW_CACHE_RESULT_MISS << 16},
	    {"LLC-prefetch-misses", PERF_TYPE_HW_CACHE,
	     PERF_COUNT_HW_CACHE_LL | PERF_COUNT_HW_CACHE_OP_PREFETCH << 8 |
	         PERF_COUNT_HW_CACHE_RESULT_MISS << 16},
	    {"node-loads", PERF_TYPE_HW_CACHE,
	     PERF_COUNT_HW_CACHE_NODE | PERF_COUNT_HW_CACHE_OP_READ << 8 |
	         PERF_COUNT_HW_CACHE_RESULT_ACCESS << 16},
	    {"r1b", PERF_TYPE_RAW, 0x1b},
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char reason[256] = "";
		bool mapped = false;
		struct perf_event_attr attr =
		    attr_of(cases[i].name, PAPI_DOM_USER, &mapped, reason, sizeof(reason));
		char text[256];
		snprintf(text, sizeof(text),
		         "%s: mapped %d, type %u config %#llx (expected %u %#llx)", cases[i].name,
		         mapped, attr.type, (unsigned long long)attr.config, cases[i].type,
		         (unsigned long long)cases[i].config);
		CU_assertImplementation(mapped && attr.type == cases[i].type &&
		                            attr.config == cases[i].config &&
		                            attr.size == sizeof(attr),
		                        __LINE__, text, __FILE__, "", CU_FALSE);
	}
}

static void test_firmware_events_have_no_csr(void)
{
	char reason[256] = "";
	bool mapped = true;
	attr_of("FW_SET_TIMER", PAPI_DOM_USER, &mapped, reason, sizeof(reason));
	CU_ASSERT_FALSE(mapped);
	CU_ASSERT_PTR_NOT_NULL(strstr(reason, "firmware"));
}

static void test_domains_as_exclude_bits(void)
{
	char reason[256];
	bool mapped;
	struct perf_event_attr attr =
	    attr_of("instructions", PAPI_DOM_USER, &mapped, reason, sizeof(reason));
	CU_ASSERT_EQUAL(attr.exclude_user, 0);
	CU_ASSERT_EQUAL(attr.exclude_kernel, 1);
	CU_ASSERT_EQUAL(attr.exclude_hv, 1);
	attr = attr_of("instructions", PAPI_DOM_KERNEL, &mapped, reason, sizeof(reason));
	CU_ASSERT_EQUAL(attr.exclude_user, 1);
	CU_ASSERT_EQUAL(attr.exclude_kernel, 0);
	attr = attr_of("instructions", PAPI_DOM_ALL, &mapped, reason, sizeof(reason));
	CU_ASSERT_EQUAL(attr.exclude_user, 0);
	CU_ASSERT_EQUAL(attr.exclude_kernel, 0);
	CU_ASSERT_EQUAL(attr.exclude_hv, 0);
	CU_ASSERT_EQUAL(attr.disabled, 0); /* counting from open: free-running */
}

/* A fake csrr: counter 18 (hpmcounter18) holds fake_value. */
static uint64_t fake_value;
static uint32_t fake_counter_read;

static bool fake_csrr(uint32_t counter, uint64_t *value)
{
	fake_counter_read = counter;
	if (counter != 18)
		return false;
	*value = fake_value;
	return true;
}

static void test_count_from_the_page(void)
{
	struct perf_event_mmap_page page;
	memset(&page, 0, sizeof(page));
	uint64_t count = 0;
	/* index 0: the event is on no counter user mode may read. */
	page.cap_user_rdpmc = 1;
	CU_ASSERT_FALSE(rv_perf_page_count(&page, fake_csrr, &count));
	page.index = 19; /* counter index + 1, as the notes saw for hpmcounter18 */
	page.pmc_width = 64;
	page.offset = -5;
	fake_value = 2000037;
	CU_ASSERT_TRUE(rv_perf_page_count(&page, fake_csrr, &count));
	CU_ASSERT_EQUAL(fake_counter_read, 18);
	CU_ASSERT_EQUAL(count, 2000032);
	/* A narrower counter is sign-extended: all ones in 48 bits is -1. */
	page.pmc_width = 48;
	page.offset = 100;
	fake_value = 0xffffffffffffull;
	CU_ASSERT_TRUE(rv_perf_page_count(&page, fake_csrr, &count));
	CU_ASSERT_EQUAL(count, 99);
	/* Without cap_user_rdpmc user mode reads nothing. */
	page.cap_user_rdpmc = 0;
	CU_ASSERT_FALSE(rv_perf_page_count(&page, fake_csrr, &count));
}

int main(void)
{
	if (CU_initialize_registry() != CUE_SUCCESS)
		return 1;
	CU_pSuite suite = CU_add_suite("riscv_perf", NULL, NULL);
	CU_add_test(suite, "SBI events as perf attributes", test_sbi_events_as_perf_attributes);
	CU_add_test(suite, "firmware events have no CSR", test_firmware_events_have_no_csr);
	CU_add_test(suite, "domains as exclude bits", test_domains_as_exclude_bits);
	CU_add_test(suite, "count from the page", test_count_from_the_page);
	return unit_run_all();
}
