// SPDX-License-Identifier: BSD-3-Clause
/* PAPI_profil on an EBB event: every EBB adds the interrupted address
 * (EBBRR) to the histogram. A loop of ~100 thresholds of cycles gives one
 * sample per overflow, and (but for the last, which may fall after it) all
 * in the loop's buckets. */
#include "hw_common.c"
#include "hw_ebb_common.c"

#define EBB_THRESHOLD 1000000LL
#define LOOP_BYTES    64 /* hw_loop's code, generously */

int main(int argc, char **argv)
{
	unsigned short buckets[LOOP_BYTES / 2];

	ctest_init(argc, argv);
	ctest_library_init();
	hw_ebb_cidx();
	const char *name = "ebb::PM_RUN_CYC";
	int eventset = hw_ebb_set_of(&name, 1), code = hw_ebb_code(name);
	memset(buckets, 0, sizeof(buckets));
	/* Scale 0x10000: one 16-bit bucket per 2 bytes of code from hw_loop. */
	CHECK_OK(PAPI_profil(buckets, sizeof(buckets), (vptr_t)hw_loop, 0x10000, eventset, code,
	                     (int)EBB_THRESHOLD, PAPI_PROFIL_POSIX));
	uint64_t iterations = (uint64_t)(100 * EBB_THRESHOLD / 2);
	long long count = hw_ebb_run_loop(eventset, iterations);
	CHECK_OK(PAPI_profil(buckets, sizeof(buckets), (vptr_t)hw_loop, 0x10000, eventset, code, 0,
	                     PAPI_PROFIL_POSIX));

	long long in_loop = 0;
	for (size_t i = 0; i < sizeof(buckets) / sizeof(buckets[0]); i++)
		in_loop += buckets[i];
	long long overflows = count / EBB_THRESHOLD;
	ctest_note("%lld cycles counted (%lld thresholds), %lld samples in the loop's buckets",
	           count, overflows, in_loop);
	FAIL_IF(in_loop < overflows - 1,
	        "%lld samples in the loop for %lld overflows of the cycles event", in_loop,
	        overflows);
	FAIL_IF(in_loop > overflows, "%lld samples in the loop but only %lld overflows", in_loop,
	        overflows);
	ctest_pass();
}
