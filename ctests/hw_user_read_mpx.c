// SPDX-License-Identifier: BSD-3-Clause
/* Hardware: user-space reads agree with read() under kernel multiplexing.
 *
 * A user-mode set of 3 events more than the PMU has counters (names of the
 * instructions event, then of cycles: on arm64, whose 6 general counters
 * libpfm4 reports, 8 instructions events share them and one cycles event
 * has the cycle counter; 21 events on riscv64's 18), multiplexed by the kernel
 * (4 ms slices), runs a warm-up loop of 100M instructions (25 slices, so
 * that every event has had its share of the counters), then ROUNDS
 * rounds of a loop and two reads in a row, user space then read() or the
 * reverse. The counts are scaled (count * enabled / running); a user read
 * extrapolates the times from the perf page's clock. In every round:
 *   - each event's two scaled counts differ by at most
 *     SCALE_FACTOR * (the instructions that can run between the reads):
 *     within the few thousand nanoseconds between them a count grows by at
 *     most one per virtual nanosecond under -icount shift=0 and the
 *     enabled and running times by one or zero, so c*E/R moves by at most
 *     (2 E/R - 1) per nanosecond; after the warm-up E/R < 2 here, hence 3;
 *   - where user reads are on, at least one event is read in user space
 *     (the events on a counter at that moment; the others go to read(),
 *     each path is printed with its reason in the first and last rounds).
 * At the end, where counts are exact (aarch64 in the lab; cycles equal
 * instructions there), every event's scaled total is within 1% of the
 * loops' instructions (observed: +0.10% to +0.47% over the 132M, varying
 * from run to run with where the slices fall; the estimate, not the read
 * path, is what errs). riscv64 under QEMU counts only one counter per
 * identical event (duplicates read 0): there the paths are compared with
 * each other only. Skips where there is no
 * hardware PMU or too few events to exceed the counters. */
#include "hw_common.c"

#ifdef PAPILLON

#define MAX_EVENTS   32
#define WARM_N       50000000ULL
#define ROUND_N      2000000ULL
#define ROUNDS       8
#define SCALE_FACTOR 3
/* riscv64 under QEMU (SBI PMU): 18 hardware counters, which libpfm4 4.13
 * does not describe (PAPI_num_cmp_hwctrs says 0 there). */
#define RISCV_QEMU_COUNTERS 18

static char names[MAX_EVENTS][HW_NAME_LEN];
static int count;

static int counters_here(void)
{
	int counters = PAPI_num_cmp_hwctrs(ctest_perf_event_cidx());
#if defined(__riscv)
	if (counters <= 0)
		counters = RISCV_QEMU_COUNTERS;
#endif
	return counters;
}

/* Instructions names first (they have exact counts on arm64), one cycles
 * name at least, up to want; fails to multiplex with too few. */
static void gather(int want)
{
	int cycles_room = want > 12 ? want - 12 : 1;
	count = hw_spellings(hw_instruction_bases, HW_INSTRUCTION_BASES, names,
	                     want - cycles_room < MAX_EVENTS ? want - cycles_room : MAX_EVENTS);
	count += hw_spellings(hw_cycle_bases, HW_CYCLE_BASES, names + count, want - count);
}

/* Path of every event now; prints them when loud. Returns how many are
 * read in user space. */
static int user_paths(int eventset, bool loud)
{
	int users = 0;

	for (int i = 0; i < count; i++) {
		int path = loud ? hw_read_path(eventset, i, names[i], NULL, 0)
		                : PAPI_event_read_path(eventset, i, NULL, 0);
		FAIL_IF(path != PAPI_READ_PATH_USER && path != PAPI_READ_PATH_SYSCALL,
		        "PAPI_event_read_path(%s) returned %s%s", names[i], ctest_errname(path),
		        ctest_reason());
		users += path == PAPI_READ_PATH_USER;
	}
	return users;
}

int main(int argc, char **argv)
{
	long long a[MAX_EVENTS], b[MAX_EVENTS], values[MAX_EVENTS];
	PAPI_option_t option;

	ctest_init(argc, argv);
	ctest_library_init();
	hw_require_pmu();
	bool user = hw_user_reads();
	CHECK_OK(PAPI_multiplex_init());
	int counters = counters_here();
	SKIP_IF(counters <= 0, "the PMU reports no counters");
	int want = counters + 3 < MAX_EVENTS ? counters + 3 : MAX_EVENTS;
	gather(want);
	SKIP_IF(count <= counters, "only %d instructions/cycles events for %d counters", count,
	        counters);

	int eventset = hw_user_eventset();
	memset(&option, 0, sizeof(option));
	option.multiplex.eventset = eventset;
	option.multiplex.flags = PAPI_MULTIPLEX_DEFAULT;
	CHECK_OK(PAPI_set_opt(PAPI_MULTIPLEX, &option));
	for (int i = 0; i < count; i++)
		CHECK_OK(PAPI_add_named_event(eventset, names[i]));
	FAIL_IF(PAPI_get_multiplex(eventset) <= 0, "the set is not multiplexed");
	ctest_note("%d events on %d counters, multiplexed by the kernel", count, counters);

	CHECK_OK(PAPI_start(eventset));
	hw_loop(WARM_N);
	long long worst = 0, worst_ns = 0;
	for (int r = 0; r < ROUNDS; r++) {
		hw_loop(ROUND_N);
		int first = r % 2 ? PAPI_USER_READ_OFF : PAPI_USER_READ_AUTO;
		int second = r % 2 ? PAPI_USER_READ_AUTO : PAPI_USER_READ_OFF;
		long long ns = hw_read_pair(eventset, first, second, a, b);
		long long bound = SCALE_FACTOR * hw_max_instructions(ns);
		for (int i = 0; i < count; i++) {
			long long gap = b[i] > a[i] ? b[i] - a[i] : a[i] - b[i];
			FAIL_IF(gap > bound,
			        "round %d, %s then %s: %s read %lld then %lld, %lld apart in %lld "
			        "ns: want at most %lld",
			        r, hw_mode_name(first), hw_mode_name(second), names[i], a[i], b[i],
			        gap, ns, bound);
			FAIL_IF(a[i] <= 0 && hw_exact(), "round %d: %s counted %lld", r, names[i],
			        a[i]);
			if (gap > worst)
				worst = gap;
		}
		if (ns > worst_ns)
			worst_ns = ns;
		int users = user_paths(eventset, r == 0 || r == ROUNDS - 1);
		ctest_note("round %d: %s then %s, %lld ns apart; %d of %d events read in user "
		           "space now",
		           r, hw_mode_name(first), hw_mode_name(second), ns, users, count);
		FAIL_IF(
		    user && users == 0,
		    "round %d: user reads are on but no multiplexed event is read in user space",
		    r);
		FAIL_IF(!user && users != 0, "round %d: %d events read in user space, which is off",
		        r, users);
	}
	ctest_note("largest gap between the two paths: %lld (bound %d x %lld instructions in %lld "
	           "ns)",
	           worst, SCALE_FACTOR, hw_max_instructions(worst_ns), worst_ns);

	CHECK_OK(PAPI_stop(eventset, values));
	long long exact = 2LL * (long long)(WARM_N + ROUNDS * ROUND_N);
	for (int i = 0; i < count && hw_exact(); i++) {
		double error = (double)(values[i] - exact) / (double)exact;
		ctest_note("%-32s %12lld  %+.3f%%", names[i], values[i], 100 * error);
		FAIL_IF(error > 0.01 || error < -0.01,
		        "%s estimated %lld for %lld instructions (%+.3f%%, over 1%%)", names[i],
		        values[i], exact, 100 * error);
	}
	ctest_eventset_free(&eventset);
	ctest_pass();
}

#else

CTEST_MAIN_WITHOUT_PAPILLON("user-space reads")

#endif
