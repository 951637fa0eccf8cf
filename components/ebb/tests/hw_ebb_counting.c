// SPDX-License-Identifier: BSD-3-Clause
/* EBB counting without system calls: PAPI_read of a cycles event is mfspr
 * (the read path says user), reads grow while running and match the stop
 * value once stopped, reset starts from 0 again, and a loop of 2n
 * instructions counts at least 2n cycles (icount: one cycle per
 * instruction) and not much more (the kernel's timer ticks count too on
 * QEMU's POWER PMU, which does not filter by privilege). */
#include "hw_common.c"
#include "hw_ebb_common.c"

#define LOOP_ITERATIONS 1000000ULL
#define ALLOWED_EXTRA   50000LL /* library calls and one timer tick at most */

int main(int argc, char **argv)
{
	static const char *const names[] = {"ebb::PM_RUN_CYC"};
	long long first = 0, second = 0, stopped = 0, after = 0, best = -1;
	char reason[PAPI_MAX_STR_LEN];

	ctest_init(argc, argv);
	ctest_library_init();
	hw_ebb_cidx();
	int eventset = hw_ebb_set_of(names, 1);

	CHECK_OK(PAPI_start(eventset));
	int path = PAPI_event_read_path(eventset, 0, reason, sizeof(reason));
	FAIL_IF(path != PAPI_READ_PATH_USER, "read path of %s is %d (%s), expected user space",
	        names[0], path, reason);
	CHECK_OK(PAPI_read(eventset, &first));
	hw_loop(LOOP_ITERATIONS);
	CHECK_OK(PAPI_read(eventset, &second));
	CHECK_OK(PAPI_stop(eventset, &stopped));
	CHECK_OK(PAPI_read(eventset, &after));
	ctest_note("reads %lld then %lld, stop %lld, read after stop %lld", first, second, stopped,
	           after);
	FAIL_IF(second - first < (long long)(2 * LOOP_ITERATIONS),
	        "a loop of %llu instructions counted %lld cycles between two reads",
	        2 * LOOP_ITERATIONS, second - first);
	FAIL_IF(stopped < second, "stop gave %lld, less than the read before it (%lld)", stopped,
	        second);
	FAIL_IF(after != stopped, "a read after stop gave %lld, the stop %lld", after, stopped);

	for (int run = 0; run < 5; run++) {
		long long value = 0;
		CHECK_OK(PAPI_reset(eventset));
		CHECK_OK(PAPI_start(eventset));
		hw_loop(LOOP_ITERATIONS);
		CHECK_OK(PAPI_stop(eventset, &value));
		if (best < 0 || value < best)
			best = value;
	}
	ctest_note("best of 5 runs of %llu instructions: %lld cycles", 2 * LOOP_ITERATIONS, best);
	FAIL_IF(best < (long long)(2 * LOOP_ITERATIONS),
	        "counted %lld cycles for %llu instructions", best, 2 * LOOP_ITERATIONS);
	if (hw_icount())
		FAIL_IF(best > (long long)(2 * LOOP_ITERATIONS) + ALLOWED_EXTRA,
		        "counted %lld cycles for %llu instructions under icount (at most %lld more "
		        "expected)",
		        best, 2 * LOOP_ITERATIONS, ALLOWED_EXTRA);
	ctest_pass();
}
