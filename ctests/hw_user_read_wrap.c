// SPDX-License-Identifier: BSD-3-Clause
/* Hardware: user-space reads of a 32-bit counter across its overflow.
 *
 * arm64's general counters (PMEVCNTR<n>_EL0) are 32 bits wide for events
 * read in user space (the kernel refuses to chain them, and PMUv3 before
 * 8.5 has no 64-bit general counters). For a counting event the kernel
 * starts the counter at 2^32 - (2^31 - 1) and takes its overflow interrupt
 * after 2^31 - 1 events, adding to the event's count and moving the perf
 * page's offset. A user read adds that offset to the counter sign-extended
 * from 32 bits: a wrong width, a missed offset update or a torn read shows
 * as a count off by 2^31 or 2^32.
 *
 * A user-mode set of perf::INSTRUCTIONS (on a 32-bit event counter,
 * PMEVCNTR<n>_EL0: the one that wraps) and perf::CYCLES (on PMCCNTR_EL0,
 * which the library asks for in 64 bits: pmc_width 64, no overflow within
 * reach, the contrast) is read in user space before and after a loop of
 * N = 2^30 + 2^24 iterations (2.18G instructions, past the overflow):
 *   - the read paths name those counters and widths;
 *   - the difference is exactly 2N + F (F: the read-to-read count of a
 *     1-iteration loop, measured first and bounded by the test's own
 *     count of both reads and the loop's call), for cycles too (cycles
 *     equal instructions under -icount shift=0);
 *   - the count after the loop is above 2^31: the overflow was crossed;
 *   - user-space and read() reads after it agree (user then read() and
 *     read() then user: 0 to hw_max_instructions apart).
 * Runs where the instructions counter is 32-bit and counts are exact
 * (aarch64 in the lab, about 2.2 guest seconds). It skips only for what
 * the machine is, found without asking the library: no user-space reads
 * in the kernel (ppc64le: the perf page of the test's own event says
 * cap_user_rdpmc = 0), counters wider than 32 bits (riscv64's are 64-bit,
 * x86's 48-bit), an arm64 PMU that gives user-read events 64-bit counters
 * (PMUv3.5: the kernel accepts the test's own event asking for one),
 * perf_user_access = 0, or counts that are not exact (not under icount). */
#include "hw_common.c"

#ifdef PAPILLON

#define N ((1ULL << 30) + (1ULL << 24))

static const char *const names[] = {"perf::INSTRUCTIONS", "perf::CYCLES"};

/* read (user), loop, read (user): both events' differences. */
static void loop_count(int eventset, uint64_t n, long long *diff, long long *after)
{
	long long a[2];

	CHECK_OK(PAPI_read(eventset, a));
	hw_loop(n);
	CHECK_OK(PAPI_read(eventset, after));
	for (int i = 0; i < 2; i++)
		diff[i] = after[i] - a[i];
}

static void pairs(int eventset, const char *when)
{
	long long a[2], b[2];
	char what[96];

	for (int order = 0; order < 2; order++) {
		int first = order ? PAPI_USER_READ_OFF : PAPI_USER_READ_AUTO;
		int second = order ? PAPI_USER_READ_AUTO : PAPI_USER_READ_OFF;
		snprintf(what, sizeof(what), "%s, %s then %s", when, hw_mode_name(first),
		         hw_mode_name(second));
		long long ns = hw_read_pair(eventset, first, second, a, b);
		long long largest = hw_check_later(what, names, 2, a, b, ns);
		ctest_note("%s: %lld then %lld (+%lld, largest of both events %lld)", what, a[0],
		           b[0], b[0] - a[0], largest);
	}
}

int main(int argc, char **argv)
{
	long long diff[2], after[2], fixed[2];
	char reason[HW_REASON_LEN];

	ctest_init(argc, argv);
	ctest_library_init();
	hw_require_pmu();
	bool user = hw_user_reads(); /* fails where the kernel allows them and the library not */
	int width = hw_kernel_user_width(false);
	ctest_note("the kernel's user-read counter for the test's own instructions event: %d%s",
	           width,
	           width > 0    ? " bits"
	           : width == 0 ? " (no user reads)"
	                        : " (refused)");
	SKIP_IF(width <= 0,
	        "the kernel offers no user-space counter reads here (the perf page of the test's "
	        "own event: %s; perf_user_access=%ld): what user space gets are the kernel's "
	        "64-bit sums through read(), wider than 32 bits: nothing to wrap",
	        width == 0 ? "cap_user_rdpmc = 0" : strerror(-width), hw_perf_user_access());
	SKIP_IF(width > 32,
	        "the kernel's counters here are %d bits wide, wider than 32 bits: no overflow "
	        "within reach",
	        width);
#if defined(__aarch64__)
	int long_width = hw_kernel_user_width(true);
	SKIP_IF(long_width > 32,
	        "this PMU gives user-read events %d-bit counters (PMUv3.5): nothing wraps at 32 "
	        "bits",
	        long_width);
#endif
	SKIP_IF(!hw_exact(), "the check needs exact counts (aarch64 under -icount shift=0): a "
	                     "2.2G-instruction loop is minutes of hardware noise elsewhere");
	FAIL_IF(!user, "the kernel reads 32-bit counters in user space here, the library not");

	int eventset = hw_user_set_of(HW_INSTRUCTIONS, true, NULL);
	int rc = PAPI_add_named_event(eventset, names[1]);
	FAIL_IF(rc != PAPI_OK, "cannot add perf::CYCLES beside perf::INSTRUCTIONS: %s%s",
	        ctest_errname(rc), ctest_reason());
	CHECK_OK(PAPI_start(eventset));
	hw_expect_paths(eventset, names, 2, true);
	hw_read_path(eventset, 0, names[0], reason, sizeof(reason));
	/* The kernel gives no 64-bit user-read counter here (above): the
	 * library's must be the 32-bit one. */
	FAIL_IF(strstr(reason, "PMEVCNTR") == NULL || strstr(reason, "(32-bit)") == NULL,
	        "%s should be read from a 32-bit PMEVCNTR<n>_EL0: the reason says \"%s\"", names[0],
	        reason);
	hw_read_path(eventset, 1, names[1], reason, sizeof(reason));
	FAIL_IF(strstr(reason, "PMCCNTR_EL0 (64-bit)") == NULL,
	        "%s should be read from PMCCNTR_EL0 in 64 bits: the reason says \"%s\"", names[1],
	        reason);

	loop_count(eventset, 1, fixed, after); /* warm up */
	loop_count(eventset, 1, fixed, after);
	for (int i = 0; i < 2; i++)
		fixed[i] -= 2;
	ctest_note("read-to-read fixed part F = %lld (instructions), %lld (cycles)", fixed[0],
	           fixed[1]);
	/* The instructions from one read to the next besides the loop are a
	 * part of what the test's own counter counts around both reads. */
	long long budget = -1, values[2];
	int fd = hw_raw_instructions(0);
	FAIL_IF(fd < 0, "perf_event_open of the test's own counter: %s", strerror(errno));
	for (int i = 0; i < 5; i++) {
		uint64_t count = 0;
		FAIL_IF(ioctl(fd, PERF_EVENT_IOC_RESET, 0) != 0 ||
		            ioctl(fd, PERF_EVENT_IOC_ENABLE, 0) != 0,
		        "enabling the test's own counter: %s", strerror(errno));
		CHECK_OK(PAPI_read(eventset, values));
		hw_loop(1);
		CHECK_OK(PAPI_read(eventset, values));
		FAIL_IF(ioctl(fd, PERF_EVENT_IOC_DISABLE, 0) != 0 ||
		            read(fd, &count, sizeof(count)) != (ssize_t)sizeof(count),
		        "reading the test's own counter: %s", strerror(errno));
		if (budget < 0 || (long long)count - 2 < budget)
			budget = (long long)count - 2;
	}
	close(fd);
	ctest_note("two reads and the loop's call, counted by the test: %lld", budget);
	FAIL_IF(fixed[0] < 2 || fixed[0] > budget,
	        "the library counts F = %lld from one read to the next besides the loop, where "
	        "the test counts %lld for both reads and the loop's call: want 2..%lld",
	        fixed[0], budget, budget);
	pairs(eventset, "before the overflow");

	loop_count(eventset, N, diff, after);
	for (int i = 0; i < 2; i++) {
		long long want = 2LL * (long long)N + fixed[i];
		ctest_note("%s: N=%llu counted %lld = 2N + %lld; total %lld (2^31 = %lld)",
		           names[i], N, diff[i], diff[i] - 2LL * (long long)N, after[i], 1LL << 31);
		FAIL_IF(diff[i] != want,
		        "%s: N=%llu counted %lld across the counter's overflow, want exactly 2N + "
		        "F = %lld (%+lld)",
		        names[i], N, diff[i], want, diff[i] - want);
	}
	FAIL_IF(after[0] <= 1LL << 31, "the count %lld did not pass 2^31", after[0]);
	hw_expect_paths(eventset, names, 2, true);
	pairs(eventset, "after the overflow");

	long long stopped[2];
	CHECK_OK(PAPI_stop(eventset, stopped));
	FAIL_IF(stopped[0] < after[0], "stop returned %lld, below the last read %lld", stopped[0],
	        after[0]);
	ctest_eventset_free(&eventset);
	ctest_pass();
}

#else

CTEST_MAIN_WITHOUT_PAPILLON("user-space reads")

#endif
