// SPDX-License-Identifier: BSD-3-Clause
/* Hardware: a user-space read and a read() of the same running set agree.
 *
 * A running user-mode set of perf::INSTRUCTIONS (on arm64 a general,
 * 32-bit counter, PMEVCNTR<n>_EL0) and perf::CYCLES (arm64's cycle counter
 * PMCCNTR_EL0, which the library asks for in 64 bits: the page says
 * pmc_width 64 and the reason "(64-bit)", asserted there; riscv64's
 * hpmcounters are 64-bit) is read twice in a row: in user space
 * (PAPI_USER_READ_AUTO), then with read() after PAPI_set_user_read(OFF),
 * and in the reverse order; also user/user and read()/read() for
 * reference. Each order is repeated; in every trial, for both events:
 *   - the second count is at least the first: the later read sees
 *     everything the earlier one saw;
 *   - it exceeds the first by at most the instructions that can have run
 *     between them: under QEMU -icount shift=0 one instruction is one
 *     virtual nanosecond, so at most the clock's nanoseconds from before
 *     the first read to after the second (a few thousand here: the two
 *     reads themselves), plus the clock's tick (hw_max_instructions);
 *   - where counts are exact (aarch64 in the lab) the difference is the
 *     library's own user-mode instructions between the two counter
 *     accesses: the same in every trial after the first, and at most
 *     EXACT_MAX. Observed on cortex-a57 and neoverse-n1 alike: user then
 *     read() +210 instructions / +165 cycles, read() then user +211 /
 *     +256, user/user +247, read()/read() +174 (the test prints them).
 * Where user reads are unavailable (ppc64le: cap_user_rdpmc = 0) both
 * reads go through read() and the same bounds hold; in the lab on aarch64
 * and riscv64 user reads must be on (hw_user_reads). Skips where there is
 * no hardware PMU. */
#include "hw_common.c"

#ifdef PAPILLON

#define TRIALS 12
/* The library's user instructions from one counter access to the next
 * across PAPI_read, PAPI_set_user_read and PAPI_read: 165 to 256 observed
 * (Nov 2026, both arm64 CPUs; they follow the library's code). A bound at
 * about 4x that still fails a count off by one more read. */
#define EXACT_MAX 1000

static const char *const names[] = {"perf::INSTRUCTIONS", "perf::CYCLES"};

/* arm64: instructions on a 32-bit event counter, cycles on the cycle
 * counter read in all its 64 bits (the set's first cycles event), so that
 * the comparisons below hold for both widths. */
static void expect_arm64_widths(int eventset)
{
#if defined(__aarch64__)
	static const char *const wanted[] = {"PMEVCNTR", "PMCCNTR_EL0 (64-bit)"};
	for (int i = 0; i < 2; i++) {
		char reason[HW_REASON_LEN];
		hw_read_path(eventset, i, names[i], reason, sizeof(reason));
		FAIL_IF(strstr(reason, wanted[i]) == NULL ||
		            (i == 0 && strstr(reason, "(32-bit)") == NULL),
		        "%s: the reason \"%s\" should name %s%s", names[i], reason, wanted[i],
		        i == 0 ? " (32-bit)" : "");
	}
#else
	(void)eventset;
#endif
}

/* One order of the two reads, TRIALS times. */
static void compare(int eventset, int first, int second)
{
	long long a[2], b[2], diff[2] = {-1, -1}, worst = 0, worst_ns = 0;
	char what[64];

	snprintf(what, sizeof(what), "%s then %s", hw_mode_name(first), hw_mode_name(second));
	for (int t = 0; t < TRIALS; t++) {
		hw_loop(10000);
		long long ns = hw_read_pair(eventset, first, second, a, b);
		long long largest = hw_check_later(what, names, 2, a, b, ns);
		if (largest > worst)
			worst = largest;
		if (ns > worst_ns)
			worst_ns = ns;
		if (!hw_exact() || t == 0) /* the first trial warms up */
			continue;
		for (int i = 0; i < 2; i++) {
			if (t == 1)
				diff[i] = b[i] - a[i];
			FAIL_IF(b[i] - a[i] != diff[i],
			        "%s: %s differed by %lld, then by %lld: exact counts must repeat",
			        what, names[i], diff[i], b[i] - a[i]);
			FAIL_IF(diff[i] > EXACT_MAX,
			        "%s: %s differed by %lld user instructions, more than %d", what,
			        names[i], diff[i], EXACT_MAX);
		}
	}
	if (hw_exact())
		ctest_note("%-16s instructions +%lld, cycles +%lld (exact, every trial; the "
		           "pair took %lld ns at most)",
		           what, diff[0], diff[1], worst_ns);
	else
		ctest_note("%-16s largest difference %lld, within the %lld instructions %lld ns "
		           "allow",
		           what, worst, hw_max_instructions(worst_ns), worst_ns);
}

int main(int argc, char **argv)
{
	long long values[2];

	ctest_init(argc, argv);
	ctest_library_init();
	hw_require_pmu();
	bool user = hw_user_reads();

	int eventset = hw_user_set_of(HW_INSTRUCTIONS, true, NULL);
	int rc = PAPI_add_named_event(eventset, names[1]);
	SKIP_IF(rc != PAPI_OK, "cannot add perf::CYCLES beside perf::INSTRUCTIONS: %s%s",
	        ctest_errname(rc), ctest_reason());
	CHECK_OK(PAPI_start(eventset));
	hw_loop(1000000);
	hw_expect_paths(eventset, names, 2, user);
	if (user)
		expect_arm64_widths(eventset);

	compare(eventset, PAPI_USER_READ_AUTO, PAPI_USER_READ_OFF);
	compare(eventset, PAPI_USER_READ_OFF, PAPI_USER_READ_AUTO);
	compare(eventset, PAPI_USER_READ_AUTO, PAPI_USER_READ_AUTO);
	compare(eventset, PAPI_USER_READ_OFF, PAPI_USER_READ_OFF);

	hw_expect_paths(eventset, names, 2, user);
	CHECK_OK(PAPI_read(eventset, values));
	long long last[2] = {values[0], values[1]};
	CHECK_OK(PAPI_stop(eventset, values));
	FAIL_IF(values[0] < last[0] || values[1] < last[1],
	        "stop returned %lld/%lld, below the last read %lld/%lld", values[0], values[1],
	        last[0], last[1]);
	ctest_eventset_free(&eventset);
	ctest_pass();
}

#else

CTEST_MAIN_WITHOUT_PAPILLON("user-space reads")

#endif
