// SPDX-License-Identifier: BSD-3-Clause
/* Hardware: the user-mode instruction count of a known loop.
 *
 * perf::INSTRUCTIONS in PAPI_DOM_USER around hw_loop(N) (2N instructions)
 * counts 2N + F, where F ("fixed") is what runs in user mode between the
 * counter's enabling and disabling besides the loop: the rest of
 * PAPI_start after its ioctl, the loop's call and return, and PAPI_stop up
 * to its ioctl. F follows the library's code (observed on aarch64 in the
 * lab: 112, 182, 193 as the code changed), so it is not written down but
 * pinned by what the test counts itself, without the library's reading:
 *   - everywhere: F is at least the loop's call and return and at most the
 *     user-mode instructions of PAPI_start + the loop + PAPI_stop, counted
 *     by the test's own perf_event_open counter (hw_budget);
 *   - aarch64 in the lab (QEMU -icount shift=0): exactly the instructions a
 *     tracer process counts, with a counter of its own, from the return of
 *     the library's enabling ioctl to the entry of its disabling one
 *     (hw_traced_fixed), and then exactly 2N + F for every N;
 *   - ppc64le and riscv64 in the lab, and real hardware: within 0.1%
 *     (see hw_common.c for why not exact there); the traced count is
 *     printed, not compared (their PMUs also count the kernel's
 *     instructions, which tracing changes).
 * Skips where there is no hardware PMU. */
#include "hw_common.c"

int main(int argc, char **argv)
{
	ctest_init(argc, argv);
	ctest_library_init();
	hw_require_pmu();

	int eventset = hw_user_set_of(HW_INSTRUCTIONS, true, NULL);
	long long fixed = hw_fixed(eventset);
	ctest_note("fixed prologue/epilogue F = %lld user instructions (%s%s)", fixed,
	           hw_exact() ? "exact, lab " : "best of 9", hw_lab_conf());
	char why[128];
	long long library;
	long long traced = hw_traced_fixed(eventset, &library, why, sizeof(why));
	if (traced < 0)
		ctest_note("no traced count of F: %s", why);
	else
		ctest_note("F counted by a tracer between the library's enabling and disabling "
		           "ioctls: %lld (the library's reading of that run: %lld)",
		           traced, library);
	if (hw_exact()) {
		FAIL_IF(traced < 0, "the tracer could not count F: %s", why);
		FAIL_IF(library != fixed,
		        "under ptrace the library counted F = %lld, untraced %lld: the same "
		        "user-mode instructions ran",
		        library, fixed);
		FAIL_IF(
		    traced != fixed,
		    "between its enabling and disabling ioctls the library ran %lld user-mode "
		    "instructions besides the loop (counted by a tracer), but it reads F = %lld",
		    traced, fixed);
	}

	static const uint64_t exact_sizes[] = {1, 1000, 1000000, 10000000};
	/* Away from exact counts, loops long enough to take timer interrupts
	 * in every run would be off by more than 0.1%: see hw_common.c. */
	static const uint64_t approx_sizes[] = {1000, 1000000};
	const uint64_t *sizes = hw_exact() ? exact_sizes : approx_sizes;
	size_t count = hw_exact() ? 4 : 2;
	for (size_t i = 0; i < count; i++)
		hw_check_loop(eventset, HW_INSTRUCTIONS, sizes[i], fixed);

	ctest_eventset_free(&eventset);
	ctest_pass();
}
