// SPDX-License-Identifier: BSD-3-Clause
/* Hardware: the rate calls count. PAPI_ipc's first call starts and returns
 * zeros; the next returns the user-mode instructions of hw_loop(N) since
 * the first (2N plus the library's own path, bounded), a positive IPC and
 * the interval's times; the one after counts only the next interval.
 * PAPI_epc(0) counts PAPI_TOT_INS against PAPI_TOT_CYC the same way. The
 * floating-point rates need PAPI_FP_OPS/PAPI_FP_INS, which QEMU's PMU does
 * not count: a case skipped with that reason where they cannot count.
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

	float mflops;
	long long flops;
	int rc = PAPI_flops_rate(PAPI_FP_OPS, &rtime, &ptime, &flops, &mflops);
	if (rc == PAPI_ENOEVNT)
		ctest_skip_case("flops_rate",
		                "PAPI_FP_OPS cannot count on this PMU (QEMU counts no "
		                "floating-point operations)");
	else
		CHECK_OK(rc);
	ctest_pass();
}
