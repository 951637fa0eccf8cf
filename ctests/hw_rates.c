// SPDX-License-Identifier: BSD-3-Clause
/* Hardware: the rate calls count. PAPI_ipc's first call starts and returns
 * zeros; the next returns the user-mode instructions of hw_loop(N) since
 * the first (2N plus the library's own path, bounded), a positive IPC and
 * the interval's times; the one after counts only the next interval.
 * PAPI_epc(0) counts PAPI_TOT_INS against PAPI_TOT_CYC the same way.
 * PAPI_flops_rate counts the operations of a floating-point loop where
 * PAPI_FP_OPS is available (no refusal accepted: PAPI_ECNFLCT there would
 * be a preset the PMU cannot count), and fails with PAPI_ENOEVNT, writing
 * nothing, where it is not.
 * Skips where there is no hardware PMU. */
#include "hw_common.c"

#define LOOPS 1000000ULL
/* The library's own path between two rate calls, and on PMUs that cannot
 * leave the kernel out (ppc64le and riscv64 under QEMU count its
 * instructions too, see hw_instructions) the timer ticks of the interval. */
#define SLACK 200000LL

static void check_interval(const char *what, long long ins, long long loops)
{
	long long most = 2 * loops + 2 * loops / 20 + SLACK;
	FAIL_IF(ins < 2 * loops || ins > most,
	        "%s counted %lld instructions for a loop of %lld (at most %lld expected)", what,
	        ins, 2 * loops, most);
}

int main(int argc, char **argv)
{
	float rtime, ptime, ipc;
	long long ins, ref, core;

	ctest_init(argc, argv);
	ctest_library_init();
	hw_require_pmu();

	CHECK_OK(PAPI_ipc(&rtime, &ptime, &ins, &ipc));
	FAIL_IF(rtime != 0 || ptime != 0 || ins != 0 || ipc != 0,
	        "the first PAPI_ipc is not zeros");
	hw_loop(LOOPS);
	CHECK_OK(PAPI_ipc(&rtime, &ptime, &ins, &ipc));
	ctest_note("PAPI_ipc: %lld instructions, IPC %.3f, %.6f s real, %.6f s process", ins, ipc,
	           rtime, ptime);
	check_interval("PAPI_ipc", ins, LOOPS);
	FAIL_IF(!(ipc > 0) || !(rtime > 0) || ptime < 0, "PAPI_ipc: IPC %f, times %f %f", ipc,
	        rtime, ptime);
	hw_loop(LOOPS / 2);
	CHECK_OK(PAPI_ipc(&rtime, &ptime, &ins, &ipc));
	check_interval("PAPI_ipc's second interval", ins, LOOPS / 2);
	CHECK_OK(PAPI_rate_stop());
	EXPECT_RC(PAPI_rate_stop(), PAPI_ENOTRUN);

	float epc;
	CHECK_OK(PAPI_epc(0, &rtime, &ptime, &ref, &core, &ins, &epc));
	FAIL_IF(ins != 0 || core != 0 || epc != 0, "the first PAPI_epc is not zeros");
	hw_loop(LOOPS);
	CHECK_OK(PAPI_epc(0, &rtime, &ptime, &ref, &core, &ins, &epc));
	ctest_note("PAPI_epc: %lld instructions, %lld core and %lld reference cycles, EPC %.3f",
	           ins, core, ref, epc);
	check_interval("PAPI_epc", ins, LOOPS);
	FAIL_IF(core <= 0 || !(epc > 0), "PAPI_epc: %lld core cycles, EPC %f", core, epc);
	CHECK_OK(PAPI_rate_stop());

	float mflops = -1;
	long long flops = -1;
	if (PAPI_query_event(PAPI_FP_OPS) != PAPI_OK) {
		ctest_note("PAPI_FP_OPS is not available here: PAPI_flops_rate must refuse");
		EXPECT_RC(PAPI_flops_rate(PAPI_FP_OPS, &rtime, &ptime, &flops, &mflops),
		          PAPI_ENOEVNT);
		FAIL_IF(flops != -1 || mflops != -1, "a refused PAPI_flops_rate wrote its results");
		ctest_pass();
	}
	/* Where the presets define PAPI_FP_OPS, its natives fit one group
	 * with the cycles the call adds (power.presets leaves out presets
	 * whose natives need one PMC twice, checked by test_ebb_rules): a
	 * refusal here, PAPI_ECNFLCT included, is a failure. */
	CHECK_OK(PAPI_flops_rate(PAPI_FP_OPS, &rtime, &ptime, &flops, &mflops));
	volatile double x = 1.0;
	for (int i = 0; i < 1000000; i++)
		x = x * 1.0000001 + 1e-9;
	CHECK_OK(PAPI_flops_rate(PAPI_FP_OPS, &rtime, &ptime, &flops, &mflops));
	ctest_note("PAPI_flops_rate: %lld operations, %.3f Mflop/s", flops, mflops);
	FAIL_IF(flops <= 0 || !(mflops > 0), "PAPI_flops_rate counted %lld operations for 2M",
	        flops);
	CHECK_OK(PAPI_rate_stop());
	ctest_pass();
}
