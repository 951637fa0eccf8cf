/* Hardware: cycles count, and agree with instructions under icount.
 *
 * One user-mode event set of perf::INSTRUCTIONS and perf::CYCLES around a
 * 1M-iteration loop. Cycles must count. In the lab (QEMU -icount shift=0,
 * where one instruction takes one virtual nanosecond) cycles must equal
 * instructions: exactly on aarch64, within 0.1% elsewhere. On real
 * hardware only a plausible ratio (IPC between 0.05 and 8) is required.
 * Skips where there is no hardware PMU. */
#include "hw_common.c"

#define N 1000000

int main(int argc, char **argv)
{
	long long values[2], best[2] = {-1, -1};
	int rc;

	ctest_init(argc, argv);
	ctest_library_init();
	hw_require_pmu();

	int eventset = hw_user_set_of(HW_INSTRUCTIONS, true, NULL);
	rc = PAPI_add_named_event(eventset, "perf::CYCLES");
	SKIP_IF(rc != PAPI_OK, "cannot add perf::CYCLES with perf::INSTRUCTIONS: %s%s",
	        ctest_errname(rc), ctest_reason());

	hw_count(eventset, N, values); /* warm up */
	for (int i = 0; i < 9; i++) {
		hw_count(eventset, N, values);
		ctest_note("run %d: instructions %lld, cycles %lld", i, values[0], values[1]);
		FAIL_IF(values[1] <= 0, "perf::CYCLES counted %lld over a %d-iteration loop",
		        values[1], N);
		FAIL_IF(values[0] < 2LL * N, "perf::INSTRUCTIONS counted %lld < 2N = %lld", values[0],
		        2LL * N);
		if (hw_exact())
			FAIL_IF(values[1] != values[0],
			        "under -icount shift=0 cycles (%lld) must equal instructions (%lld)",
			        values[1], values[0]);
		if (best[0] < 0 || values[0] < best[0]) {
			best[0] = values[0];
			best[1] = values[1];
		}
	}
	if (hw_icount()) {
		FAIL_IF(!hw_within(best[1], best[0]),
		        "under -icount shift=0 cycles (%lld) must be instructions (%lld) within 0.1%%",
		        best[1], best[0]);
		ctest_note("cycles == instructions%s: %lld, %lld", hw_exact() ? " exactly" : " (0.1%)",
		           best[1], best[0]);
	} else {
		double ipc = (double)best[0] / (double)best[1];
		FAIL_IF(ipc < 0.05 || ipc > 8, "implausible instructions per cycle %.3f (%lld / %lld)",
		        ipc, best[0], best[1]);
	}
	ctest_eventset_free(&eventset);
	ctest_pass();
}
