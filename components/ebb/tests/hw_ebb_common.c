// SPDX-License-Identifier: BSD-3-Clause
/* Shared part of the EBB hardware ctests (hw_ebb_*.c), #included by each
 * after hw_common.c: finds the ebb component and skips, with the
 * component's own reason, where it is disabled (every machine but POWER8
 * and later with EBB: wrong architecture, no EBB in AT_HWCAP2, unknown
 * PMU); and the set-up and checks the overflow tests share. Not a test:
 * listed in EXTRA_DIST only. */

#include <limits.h>

#define EBB_MAX_EVENTS 6 /* PMC1-6: an EBB set holds no more */

/* mfspr of a problem-state SPR (PMC1-6 771-776, MMCR0 779, BESCR 806);
 * spr must be a constant, the number is part of the instruction. */
#if defined(__powerpc64__)
#define hw_ebb_read_spr(spr)                                                                       \
	({                                                                                         \
		unsigned long long value_;                                                         \
		__asm__ volatile("mfspr %0, %1" : "=r"(value_) : "i"(spr));                        \
		value_;                                                                            \
	})
#else
#define hw_ebb_read_spr(spr) 0ULL /* never reached: the tests skip off POWER */
#endif

/* What the overflow callbacks saw, for hw_ebb_check_overflows: each
 * callback reads its set's count (PAPI_read is valid in a handler: the
 * dispatcher has folded the alerted PMC into the total and reloaded it
 * before it calls the handlers, with the PMCs frozen). One thread only. */
static volatile long hw_ebb_callbacks __attribute__((unused));
static volatile long hw_ebb_failed_reads __attribute__((unused));
static volatile long long hw_ebb_last_read __attribute__((unused));
static volatile long long hw_ebb_min_gap __attribute__((unused)) = LLONG_MAX;

/* The record of one callback on eventset, whose first event overflowed:
 * the count at the callback, and the least growth between two callbacks
 * (the first one's from 0). */
HW_HELPER void hw_ebb_record_callback(int eventset)
{
	long long values[EBB_MAX_EVENTS] = {0};
	hw_ebb_callbacks++;
	if (PAPI_read(eventset, values) != PAPI_OK) {
		hw_ebb_failed_reads++;
		return;
	}
	long long gap = values[0] - hw_ebb_last_read;
	if (gap < hw_ebb_min_gap)
		hw_ebb_min_gap = gap;
	hw_ebb_last_read = values[0];
}

/* The simplest overflow handler: records each call (above). */
HW_HELPER void hw_ebb_count_callback(int eventset, void *address, long long vector, void *context)
{
	(void)address;
	(void)vector;
	(void)context;
	hw_ebb_record_callback(eventset);
}

/* The ebb component's index; skips the test unless it is active. */
HW_HELPER int hw_ebb_cidx(void)
{
	int cidx = PAPI_get_component_index("ebb");
	SKIP_IF(cidx < 0, "the ebb component is not built into this library");
	const PAPI_component_info_t *info = PAPI_get_component_info(cidx);
	FAIL_IF(info == NULL, "no component info for ebb (%d)", cidx);
	SKIP_IF(info->disabled, "the ebb component is disabled here: %s", info->disabled_reason);
	SKIP_IF(!hw_loop_known(), "no instruction loop written for this CPU architecture");
	return cidx;
}

/* A new event set with the named EBB events, in order. */
HW_HELPER int hw_ebb_set_of(const char *const *names, int count)
{
	int eventset = PAPI_NULL;
	CHECK_OK(PAPI_create_eventset(&eventset));
	for (int i = 0; i < count; i++) {
		int rc = PAPI_add_named_event(eventset, names[i]);
		FAIL_IF(rc != PAPI_OK, "PAPI_add_named_event(%s) returned %s%s", names[i],
		        ctest_errname(rc), ctest_reason());
	}
	return eventset;
}

/* The event code of name (an EBB native or a preset). */
HW_HELPER int hw_ebb_code(const char *name)
{
	int code = 0;
	CHECK_OK(PAPI_event_name_to_code(name, &code));
	return code;
}

/* A new event set of the one named EBB event, PAPI_overflow on it at
 * threshold calling handler: the set-up of every exact overflow test. */
HW_HELPER int hw_ebb_overflow_set(const char *name, long long threshold,
                                  PAPI_overflow_handler_t handler)
{
	int eventset = hw_ebb_set_of(&name, 1);
	CHECK_OK(PAPI_overflow(eventset, hw_ebb_code(name), (int)threshold, 0, handler));
	return eventset;
}

/* Starts eventset, runs hw_loop(iterations) (2 instructions an iteration,
 * one cycle each under icount), stops it: the final count of its first
 * event. */
HW_HELPER long long hw_ebb_run_loop(int eventset, uint64_t iterations)
{
	long long counts[EBB_MAX_EVENTS] = {0};
	CHECK_OK(PAPI_start(eventset));
	hw_loop(iterations);
	CHECK_OK(PAPI_stop(eventset, counts));
	return counts[0];
}

/* What every exact overflow test checks of its n callbacks at threshold T
 * (recorded by hw_ebb_record_callback) and its final count: exactly the
 * EBBs the count implies, with no slack. A PMC with a threshold is loaded
 * with 2^31 - T and alerts after exactly T events; the dispatcher folds
 * everything it counted (T plus what counted between the alert and its
 * freeze: the trampoline's first instructions, and the kernel's cycles
 * when an interrupt delayed the EBB) into the total and reloads it. So:
 * the count grew by T at least before each callback (one fewer: a callback
 * without an overflow), and by less than T from the last callback to the
 * stop (T or more: the PMC passed its alert again and that EBB was lost).
 * Under icount the count holds the loop's 2 * iterations cycles at least. */
HW_HELPER void hw_ebb_check_overflows(long n, long long count, long long threshold,
                                      uint64_t iterations)
{
	FAIL_IF(n == 0, "no EBB reached the handler (count %lld, threshold %lld)", count,
	        threshold);
	ctest_note("count at the last of %ld callbacks %lld, then %lld more to the stop; least "
	           "growth before a callback %lld",
	           n, (long long)hw_ebb_last_read, count - hw_ebb_last_read,
	           (long long)hw_ebb_min_gap);
	FAIL_IF(hw_ebb_failed_reads != 0, "PAPI_read failed in %ld of %ld callbacks",
	        (long)hw_ebb_failed_reads, n);
	FAIL_IF(hw_ebb_min_gap < threshold,
	        "the count grew by only %lld before a callback (threshold %lld): a callback "
	        "without an overflow",
	        (long long)hw_ebb_min_gap, threshold);
	FAIL_IF(count - hw_ebb_last_read >= threshold,
	        "%lld counted after the last of %ld callbacks (final count %lld, threshold "
	        "%lld): an EBB was lost",
	        count - hw_ebb_last_read, n, count, threshold);
	if (hw_icount())
		FAIL_IF(count < (long long)(2 * iterations),
		        "the loop alone is %llu cycles under icount, the count %lld",
		        (unsigned long long)(2 * iterations), count);
}
