// SPDX-License-Identifier: BSD-3-Clause
/* The EBB registers as the counting thread sees them (mfspr in the test):
 * while the set runs, BESCR holds GE and PME and MMCR0 counts (FC clear)
 * with alerts enabled (PMAE); once stopped, BESCR is 0 and MMCR0 frozen;
 * after a reset and a start the PMC counts from 0 again (no threshold: the
 * PMC starts at 0; the core keeps a stopped set's values itself, so the
 * PMC is only loaded at the start). Read while the group is still open: once the last EBB event
 * is closed the kernel takes the PMU back from user space. */
#include "hw_common.c"
#include "hw_ebb_common.c"

#define SPR_PMC6  776
#define SPR_MMCR0 779
#define SPR_BESCR 806

#define BESCR_GE   (1ULL << 63)
#define BESCR_PME  (1ULL << 32)
#define MMCR0_FC   0x80000000ULL
#define MMCR0_PMAE 0x04000000ULL

int main(int argc, char **argv)
{
	static const char *const names[] = {"ebb::PM_RUN_CYC"};
	long long value = 0;

	ctest_init(argc, argv);
	ctest_library_init();
	hw_ebb_cidx();
	int eventset = hw_ebb_set_of(names, 1);

	CHECK_OK(PAPI_start(eventset));
	unsigned long long bescr = hw_ebb_read_spr(SPR_BESCR), mmcr0 = hw_ebb_read_spr(SPR_MMCR0);
	hw_loop(100000);
	CHECK_OK(PAPI_stop(eventset, &value));
	ctest_note("running: BESCR %#llx, MMCR0 %#llx", bescr, mmcr0);
	FAIL_IF((bescr & (BESCR_GE | BESCR_PME)) != (BESCR_GE | BESCR_PME),
	        "BESCR is %#llx while the set runs: GE and PME expected", bescr);
	FAIL_IF(mmcr0 & MMCR0_FC, "MMCR0 is %#llx while the set runs: frozen", mmcr0);
	FAIL_IF(!(mmcr0 & MMCR0_PMAE), "MMCR0 is %#llx while the set runs: alerts disabled", mmcr0);

	bescr = hw_ebb_read_spr(SPR_BESCR);
	mmcr0 = hw_ebb_read_spr(SPR_MMCR0);
	ctest_note("stopped: BESCR %#llx, MMCR0 %#llx, count %lld", bescr, mmcr0, value);
	FAIL_IF(bescr != 0, "BESCR is %#llx after PAPI_stop", bescr);
	FAIL_IF(!(mmcr0 & MMCR0_FC), "MMCR0 is %#llx after PAPI_stop: not frozen", mmcr0);
	FAIL_IF(value < 200000, "counted %lld cycles for 200000 instructions", value);

	/* A reset and a start load the PMC again: it counts from 0. */
	CHECK_OK(PAPI_reset(eventset));
	CHECK_OK(PAPI_start(eventset));
	unsigned long long pmc6 = hw_ebb_read_spr(SPR_PMC6);
	CHECK_OK(PAPI_stop(eventset, &value));
	ctest_note("just after reset and start: PMC6 %#llx; count at stop %lld", pmc6, value);
	FAIL_IF(pmc6 > 10000 || value > 20000,
	        "after reset and start PMC6 is %#llx and the set counted %lld with no work: "
	        "the PMC was not reloaded",
	        pmc6, value);
	ctest_pass();
}
