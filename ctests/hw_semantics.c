// SPDX-License-Identifier: BSD-3-Clause
/* Hardware: start/stop/read/reset/accum semantics on a hardware event,
 * with exact counts (the software-event ctests' assertions, now to the
 * instruction).
 *
 * Each scenario below counts perf::INSTRUCTIONS (PAPI_DOM_USER) over a
 * known loop between two library calls. Its count is 2N plus a fixed part
 * (the library's own user-mode instructions between the two calls), so
 * for every scenario: count(N) - count(1) == 2(N - 1), exactly on aarch64
 * in the lab (where count(1) must also be the same on every run), within
 * 0.1% elsewhere (best of several runs, see hw_common.c). Besides:
 *   - a read never goes down, and stop returns at least the last read;
 *   - a stopped set reads exactly what stop returned, loop or not;
 *   - reset zeroes a running count (after a 10M-iteration loop, the next
 *     read holds only what followed the reset);
 *   - accum adds the count to the caller's values and zeroes the counter;
 *   - a new start begins from zero (same count as the first run).
 * Skips where there is no hardware PMU. */
#include "hw_common.c"

#define BIG 10000000

enum scenario { READ_TO_READ, START_TO_STOP, RESET_TO_READ, ACCUM_TO_ACCUM, READ_TO_STOP };

static const char *const scenario_names[] = {"read->read", "start->stop", "reset->read",
                                             "accum->accum", "read->stop"};

static int eventset;

/* run: one scenario with an n-iteration loop; returns the count between
 * its two calls, checking the invariants on the way. */
static long long run(enum scenario s, uint64_t n)
{
	long long a = 0, b = 0, stopped = 0, reread = 0;
	const long long base = 1000000000000LL;
	long long acc[1];

	switch (s) {
	case READ_TO_READ:
		CHECK_OK(PAPI_start(eventset));
		hw_loop(1000);
		CHECK_OK(PAPI_read(eventset, &a));
		hw_loop(n);
		CHECK_OK(PAPI_read(eventset, &b));
		CHECK_OK(PAPI_stop(eventset, &stopped));
		FAIL_IF(b < a || stopped < b, "counts went down: read %lld, read %lld, stop %lld",
		        a, b, stopped);
		return b - a;
	case START_TO_STOP:
		return hw_count(eventset, n, NULL);
	case RESET_TO_READ:
		CHECK_OK(PAPI_start(eventset));
		hw_loop(BIG);
		CHECK_OK(PAPI_reset(eventset));
		hw_loop(n);
		CHECK_OK(PAPI_read(eventset, &a));
		CHECK_OK(PAPI_stop(eventset, &stopped));
		FAIL_IF(a >= 2LL * BIG, "reset did not zero the count: %lld after it", a);
		FAIL_IF(stopped < a, "stop returned %lld below the last read %lld", stopped, a);
		return a;
	case ACCUM_TO_ACCUM:
		/* The first period is long, so a counter that accum did not
		 * zero would show it in everything after. */
		acc[0] = base;
		CHECK_OK(PAPI_start(eventset));
		hw_loop(BIG);
		CHECK_OK(PAPI_accum(eventset, acc));
		a = acc[0];
		FAIL_IF(a < base + 2LL * BIG, "accum added %lld for a %d-iteration loop", a - base,
		        BIG);
		hw_loop(n);
		CHECK_OK(PAPI_accum(eventset, acc));
		CHECK_OK(PAPI_stop(eventset, &stopped));
		FAIL_IF(acc[0] < a, "the second accum took the sum down: %lld then %lld", a,
		        acc[0]);
		FAIL_IF(acc[0] - a >= 2LL * BIG || stopped >= 2LL * BIG,
		        "accum did not zero the counter: the next period counted %lld, stop %lld",
		        acc[0] - a, stopped);
		return acc[0] - a;
	case READ_TO_STOP:
		CHECK_OK(PAPI_start(eventset));
		CHECK_OK(PAPI_read(eventset, &a));
		hw_loop(n);
		CHECK_OK(PAPI_stop(eventset, &stopped));
		hw_loop(BIG);
		CHECK_OK(PAPI_read(eventset, &reread));
		FAIL_IF(reread != stopped, "a stopped set reads %lld, stop returned %lld", reread,
		        stopped);
		return stopped - a;
	}
	return -1;
}

static long long measure(enum scenario s, uint64_t n)
{
	if (hw_exact())
		return run(s, n);
	long long best = -1;
	for (int i = 0; i < 9; i++) {
		long long c = run(s, n);
		if (best < 0 || c < best)
			best = c;
	}
	return best;
}

static void check_scenario(enum scenario s)
{
	const char *name = scenario_names[s];
	const uint64_t n = 1000000;

	run(s, 1); /* warm up */
	long long one = measure(s, 1);
	if (hw_exact())
		for (int i = 0; i < 2; i++) {
			long long again = run(s, 1);
			FAIL_IF(again != one, "%s: a 1-iteration loop counted %lld, then %lld",
			        name, one, again);
		}
	long long big = measure(s, n);
	long long loop = big - one, want = 2LL * (long long)(n - 1);
	ctest_note("%-13s N=1: %lld  N=%" PRIu64 ": %lld  difference %lld, want %lld%s", name, one,
	           n, big, loop, want, hw_exact() ? " exactly" : " within 0.1%");
	FAIL_IF(one < 2 || one > 100000, "%s: a 1-iteration loop counted %lld", name, one);
	if (hw_exact())
		FAIL_IF(loop != want,
		        "%s: N=%" PRIu64 " counted %lld more than N=1, want exactly %lld", name, n,
		        loop, want);
	else
		FAIL_IF(!hw_within(loop, want),
		        "%s: N=%" PRIu64 " counted %lld more than N=1, want %lld within 0.1%%",
		        name, n, loop, want);
}

int main(int argc, char **argv)
{
	ctest_init(argc, argv);
	ctest_library_init();
	hw_require_pmu();
	eventset = hw_user_set_of(HW_INSTRUCTIONS, true, NULL);

	for (enum scenario s = READ_TO_READ; s <= READ_TO_STOP; s++)
		check_scenario(s);

	/* A new start begins from zero: the same loop counts the same. */
	long long first = measure(START_TO_STOP, 1000000), second = measure(START_TO_STOP, 1000000);
	if (hw_exact())
		FAIL_IF(first != second, "a restarted set counted %lld, the first run %lld", second,
		        first);
	else
		FAIL_IF(!hw_within(second, first),
		        "a restarted set counted %lld, the first run %lld", second, first);

	ctest_eventset_free(&eventset);
	ctest_pass();
}
