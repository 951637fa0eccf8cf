// SPDX-License-Identifier: BSD-3-Clause
/* Two counters overflowing in one EBB set: PM_CYC on PMC1 with a threshold
 * of 300,000 and PM_RUN_CYC on PMC6 with 700,000, over a loop of 10M
 * cycles. Under icount both count the same cycles, so about every 2.1M
 * cycles both overflow close together (one EBB may then carry both).
 * Each callback names its events
 * (PAPI_get_overflow_event_index) and reads both counts: an event's count
 * must grow by at least its threshold between two of its callbacks and by
 * less than twice it (an overflow lost, or one EBB reported twice, breaks
 * that), and end less than twice its threshold after its last callback.
 * Each event's callback count must agree with its final count: N T to
 * (N + 1) T, plus the counted part of all the EBBs' handlers. */
#include <limits.h>

#include "hw_common.c"
#include "hw_ebb_common.c"

#define EVENTS            2
#define EBB_SLACK_PER_EBB 1000LL /* counted instructions of one EBB, at most */

static const long long thresholds[EVENTS] = {300000, 700000};
static volatile long callbacks[EVENTS], entries, bad_vectors, failed_reads;
static volatile long long last_read[EVENTS], min_gap[EVENTS] = {LLONG_MAX, LLONG_MAX},
                                             max_gap[EVENTS];

static void on_overflow(int eventset, void *address, long long vector, void *context)
{
	int indexes[EVENTS] = {0}, number = EVENTS;
	long long now[EVENTS] = {0};
	(void)address;
	(void)context;
	entries++;
	if (PAPI_get_overflow_event_index(eventset, vector, indexes, &number) != PAPI_OK ||
	    number < 1 || number > EVENTS) {
		bad_vectors++;
		return;
	}
	if (PAPI_read(eventset, now) != PAPI_OK) {
		failed_reads++;
		return;
	}
	for (int k = 0; k < number; k++) {
		int i = indexes[k];
		if (i < 0 || i >= EVENTS) {
			bad_vectors++;
			continue;
		}
		callbacks[i]++;
		long long gap = now[i] - last_read[i];
		last_read[i] = now[i];
		if (gap < min_gap[i])
			min_gap[i] = gap;
		if (gap > max_gap[i])
			max_gap[i] = gap;
	}
}

int main(int argc, char **argv)
{
	static const char *const names[EVENTS] = {"ebb::PM_CYC", "ebb::PM_RUN_CYC"};
	long long counts[EVENTS] = {0};
	int code = 0;

	ctest_init(argc, argv);
	ctest_library_init();
	hw_ebb_cidx();
	int eventset = hw_ebb_set_of(names, EVENTS);
	for (int i = 0; i < EVENTS; i++) {
		CHECK_OK(PAPI_event_name_to_code(names[i], &code));
		CHECK_OK(PAPI_overflow(eventset, code, (int)thresholds[i], 0, on_overflow));
	}

	/* 2 instructions per iteration, one cycle each under icount. */
	uint64_t iterations = 5000000;
	CHECK_OK(PAPI_start(eventset));
	hw_loop(iterations);
	CHECK_OK(PAPI_stop(eventset, counts));

	long total = entries;
	FAIL_IF(bad_vectors != 0, "%ld callbacks had an overflow vector naming no event of the set",
	        (long)bad_vectors);
	FAIL_IF(failed_reads != 0, "PAPI_read failed in %ld callbacks", (long)failed_reads);
	for (int i = 0; i < EVENTS; i++) {
		long n = callbacks[i];
		long long t = thresholds[i];
		ctest_note("%s, threshold %lld: %ld callbacks, final count %lld, growth between "
		           "callbacks %lld to %lld",
		           names[i], t, n, counts[i], n > 0 ? (long long)min_gap[i] : 0,
		           (long long)max_gap[i]);
		FAIL_IF(n == 0, "%s: no EBB reached the handler (count %lld, threshold %lld)",
		        names[i], counts[i], t);
		FAIL_IF(min_gap[i] < t,
		        "%s grew by only %lld between two of its callbacks (threshold %lld): a "
		        "callback without an overflow",
		        names[i], (long long)min_gap[i], t);
		FAIL_IF(
		    max_gap[i] >= 2 * t,
		    "%s grew by %lld between two of its callbacks (threshold %lld): an overflow "
		    "without its callback",
		    names[i], (long long)max_gap[i], t);
		FAIL_IF(counts[i] - last_read[i] >= 2 * t,
		        "%s counted %lld after its last callback (threshold %lld): an EBB was lost "
		        "at the end",
		        names[i], counts[i] - last_read[i], t);
		FAIL_IF(counts[i] < (long long)n * t, "%s: %ld callbacks but a count of only %lld",
		        names[i], n, counts[i]);
		FAIL_IF(counts[i] >= (long long)(n + 1) * t + total * EBB_SLACK_PER_EBB,
		        "%s: a count of %lld but only %ld callbacks at threshold %lld", names[i],
		        counts[i], n, t);
		if (hw_icount())
			FAIL_IF(counts[i] < (long long)(2 * iterations),
			        "%s: the loop alone is %llu cycles under icount, the count %lld",
			        names[i], (unsigned long long)(2 * iterations), counts[i]);
	}
	ctest_note("%ld EBB callbacks in all for %ld + %ld overflows", total, (long)callbacks[0],
	           (long)callbacks[1]);
	ctest_pass();
}
