// SPDX-License-Identifier: BSD-3-Clause
/* EBB overflow, exactly: a cycles event (PMC6, which QEMU 7.2 delivers
 * EBBs for) with a threshold T over a loop of ~100 T cycles. Each EBB is one
 * PAPI_overflow callback, so with N callbacks the final count must lie in
 * [N T, (N + 1) T + N slack): one EBB lost puts it past the top, one too
 * many below the bottom (the slack covers the trampoline's instructions
 * between the alert and the dispatcher's freeze, which count). Every
 * callback's address (EBBRR) must be inside the measured loop but for the
 * last one, which may fall after it. */
#include "hw_common.c"
#include "hw_ebb_common.c"

#define EBB_THRESHOLD     1000000LL
#define EBB_SLACK_PER_EBB 4096LL /* instructions of the trampoline, generously */

static volatile long callbacks, callbacks_in_loop, callbacks_elsewhere;
static volatile uintptr_t last_outside;

static void count_overflow(int eventset, void *address, long long vector, void *context)
{
	uintptr_t loop = (uintptr_t)hw_loop;
	uintptr_t at = (uintptr_t)address;
	(void)eventset;
	(void)vector;
	(void)context;
	callbacks++;
	if (at >= loop && at < loop + 64)
		callbacks_in_loop++;
	else {
		callbacks_elsewhere++;
		last_outside = at;
	}
}

int main(int argc, char **argv)
{
	static const char *const names[] = {"ebb::PM_RUN_CYC"};
	long long count = 0;
	int code = 0;

	ctest_init(argc, argv);
	ctest_library_init();
	hw_ebb_cidx();
	int eventset = hw_ebb_set_of(names, 1);
	CHECK_OK(PAPI_event_name_to_code(names[0], &code));
	CHECK_OK(PAPI_overflow(eventset, code, (int)EBB_THRESHOLD, 0, count_overflow));

	/* 2 instructions per iteration, one cycle each under icount. */
	uint64_t iterations = (uint64_t)(100 * EBB_THRESHOLD / 2);
	CHECK_OK(PAPI_start(eventset));
	hw_loop(iterations);
	CHECK_OK(PAPI_stop(eventset, &count));

	long n = callbacks;
	ctest_note("threshold %lld, loop of %llu cycles: %ld EBBs delivered as callbacks (%ld "
	           "inside the loop), final count %lld",
	           EBB_THRESHOLD, (unsigned long long)(2 * iterations), n, (long)callbacks_in_loop,
	           count);
	FAIL_IF(n == 0, "no EBB reached the handler (count %lld, threshold %lld)", count,
	        EBB_THRESHOLD);
	FAIL_IF(count < (long long)n * EBB_THRESHOLD,
	        "%ld callbacks but only %lld cycles counted: more callbacks than overflows", n,
	        count);
	FAIL_IF(count >= (long long)(n + 1) * EBB_THRESHOLD + n * EBB_SLACK_PER_EBB,
	        "%lld cycles counted but only %ld callbacks at threshold %lld: an EBB was lost",
	        count, n, EBB_THRESHOLD);
	FAIL_IF(callbacks_elsewhere > 1,
	        "%ld EBBs interrupted outside the measured loop (last at %#lx; loop at %p)",
	        (long)callbacks_elsewhere, (unsigned long)last_outside, (void *)hw_loop);
	if (hw_icount())
		FAIL_IF(count < (long long)(2 * iterations),
		        "the loop alone is %llu cycles under icount, the count %lld",
		        (unsigned long long)(2 * iterations), count);
	ctest_pass();
}
