// SPDX-License-Identifier: BSD-3-Clause
/* The rate calls' arguments and their error where the events they need
 * cannot count: PAPI_flips_rate and PAPI_flops_rate accept only their three
 * presets (PAPI_ENOEVNT otherwise), every result pointer is required
 * (PAPI_EINVAL), PAPI_rate_stop with nothing running is PAPI_ENOTRUN. On a
 * machine without a hardware PMU, PAPI_ipc and PAPI_epc fail with
 * PAPI_ENOEVNT and a reason, leave the results untouched and leave nothing
 * running. Their counting is hw_rates (the lab). */
#include "ctest_util.h"

int main(int argc, char **argv)
{
	float rtime = -1, ptime = -1, rate = -1;
	long long count = -1, ref = -1, core = -1;

	ctest_init(argc, argv);
	ctest_library_init();
	ctest_require_perf_events();

	EXPECT_RC(PAPI_flips_rate(PAPI_TOT_INS, &rtime, &ptime, &count, &rate), PAPI_ENOEVNT);
	EXPECT_RC(PAPI_flops_rate(PAPI_FP_INS, &rtime, &ptime, &count, &rate), PAPI_ENOEVNT);
	EXPECT_RC(PAPI_flips_rate(PAPI_FP_INS, NULL, &ptime, &count, &rate), PAPI_EINVAL);
	EXPECT_RC(PAPI_flops_rate(PAPI_FP_OPS, &rtime, &ptime, NULL, &rate), PAPI_EINVAL);
	EXPECT_RC(PAPI_ipc(&rtime, &ptime, &count, NULL), PAPI_EINVAL);
	EXPECT_RC(PAPI_epc(0, &rtime, NULL, &ref, &core, &count, &rate), PAPI_EINVAL);
	EXPECT_RC(PAPI_rate_stop(), PAPI_ENOTRUN);
	FAIL_IF(rtime != -1 || ptime != -1 || count != -1 || rate != -1,
	        "a refused call wrote its results");

	if (ctest_have_core_pmu()) {
		ctest_skip_case("no_pmu_errors",
		                "this machine has a hardware PMU: hw_rates counts");
		ctest_pass();
	}
	EXPECT_RC(PAPI_ipc(&rtime, &ptime, &count, &rate), PAPI_ENOEVNT);
	FAIL_IF(PAPI_strreason()[0] == '\0', "PAPI_ipc failed without a reason");
	ctest_note("PAPI_ipc: %s", PAPI_strreason());
	EXPECT_RC(PAPI_epc(0, &rtime, &ptime, &ref, &core, &count, &rate), PAPI_ENOEVNT);
	EXPECT_RC(PAPI_flops_rate(PAPI_FP_OPS, &rtime, &ptime, &count, &rate), PAPI_ENOEVNT);
	EXPECT_RC(PAPI_flips_rate(PAPI_FP_INS, &rtime, &ptime, &count, &rate), PAPI_ENOEVNT);
	FAIL_IF(rtime != -1 || ptime != -1 || count != -1 || rate != -1 || ref != -1 || core != -1,
	        "a failed call wrote its results");
	/* Nothing was left running. */
	EXPECT_RC(PAPI_rate_stop(), PAPI_ENOTRUN);
	int running = 0;
	FAIL_IF(PAPI_num_events(0) >= 0 && PAPI_state(0, &running) == PAPI_OK &&
	            (running & PAPI_RUNNING),
	        "a failed rate call left an event set running");
	ctest_pass();
}
