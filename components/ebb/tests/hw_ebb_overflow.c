// SPDX-License-Identifier: BSD-3-Clause
/* EBB overflow, exactly: a cycles event (PMC6, which QEMU 7.2 delivers
 * EBBs for) with a threshold T over a loop of ~100 T cycles. Each EBB is one
 * PAPI_overflow callback: exactly 100, and exactly the EBBs the count
 * implies (hw_ebb_check_overflows: the count grew by T at least before each
 * callback and by less than T after the last). Every callback's address
 * (EBBRR) must be inside the measured loop but for the last one, which may
 * fall after it. */
#include "hw_common.c"
#include "hw_ebb_common.c"

#define EBB_THRESHOLD 1000000LL
#define EBB_OVERFLOWS 100

static volatile long callbacks_in_loop, callbacks_elsewhere;
static volatile uintptr_t last_outside;

static void count_overflow(int eventset, void *address, long long vector, void *context)
{
	uintptr_t loop = (uintptr_t)hw_loop;
	uintptr_t at = (uintptr_t)address;
	(void)vector;
	(void)context;
	hw_ebb_record_callback(eventset);
	if (at >= loop && at < loop + 64)
		callbacks_in_loop++;
	else {
		callbacks_elsewhere++;
		last_outside = at;
	}
}

int main(int argc, char **argv)
{
	ctest_init(argc, argv);
	ctest_library_init();
	hw_ebb_cidx();
	int eventset = hw_ebb_overflow_set("ebb::PM_RUN_CYC", EBB_THRESHOLD, count_overflow);
	uint64_t iterations = (uint64_t)(EBB_OVERFLOWS * EBB_THRESHOLD / 2);
	long long count = hw_ebb_run_loop(eventset, iterations);

	long n = hw_ebb_callbacks;
	ctest_note("threshold %lld, loop of %llu cycles: %ld EBBs delivered as callbacks (%ld "
	           "inside the loop), final count %lld",
	           EBB_THRESHOLD, (unsigned long long)(2 * iterations), n, (long)callbacks_in_loop,
	           count);
	hw_ebb_check_overflows(n, count, EBB_THRESHOLD, iterations);
	FAIL_IF(n != EBB_OVERFLOWS, "%ld callbacks for a loop of %d thresholds", n, EBB_OVERFLOWS);
	FAIL_IF(callbacks_elsewhere > 1,
	        "%ld EBBs interrupted outside the measured loop (last at %#lx; loop at %p)",
	        (long)callbacks_elsewhere, (unsigned long)last_outside, (void *)hw_loop);
	ctest_pass();
}
