// SPDX-License-Identifier: BSD-3-Clause
/* The benchmark of issue 14, measured in guest instructions: under
 * -icount shift=0 one guest instruction is one virtual nanosecond, so
 * CLOCK_MONOTONIC differences count every instruction the guest ran (user,
 * kernel, handlers). Figures, in the same boot:
 *   - per overflow delivered to a user handler: a loop with PAPI_overflow
 *     on ebb::PM_RUN_CYC (EBB trampoline + dispatcher + callback), less the
 *     same loop without overflow, divided by the overflows; beside it the
 *     signal path of the perf_event component (PAPI_overflow on
 *     perf::TASK-CLOCK: QEMU's POWER PMU raises no perf interrupt, so a
 *     software event stands for the kernel's sample + signal path);
 *   - per PAPI_read: the EBB set (mfspr) beside a perf_event set
 *     (perf::TASK-CLOCK, one read() system call).
 * Skips outside icount (the clock is then real time). Fails only if the
 * EBB path is not cheaper than the signal path. */
#include "hw_common.c"
#include "hw_ebb_common.c"

#define LOOP_ITERATIONS 10000000ULL /* 20M instructions */
#define THRESHOLD       100000LL    /* ~200 overflows over the loop */
#define READS           10000

static volatile long overflows;

static void count_overflow(int eventset, void *address, long long vector, void *context)
{
	(void)eventset;
	(void)address;
	(void)vector;
	(void)context;
	overflows++;
}

/* Virtual ns (= guest instructions) of start, the loop, stop; best of 3. */
static long long timed_loop(int eventset)
{
	long long best = -1;
	for (int run = 0; run < 3; run++) {
		long long value[1];
		long long t0 = ctest_monotonic_ns();
		CHECK_OK(PAPI_start(eventset));
		hw_loop(LOOP_ITERATIONS);
		CHECK_OK(PAPI_stop(eventset, value));
		long long t = ctest_monotonic_ns() - t0;
		if (best < 0 || t < best)
			best = t;
	}
	return best;
}

/* Instructions per overflow of name's set: with overflow at THRESHOLD less
 * without, over the overflows of one run. */
static double per_overflow(int eventset, const char *name, long *count_out)
{
	int code = 0;
	CHECK_OK(PAPI_event_name_to_code(name, &code));
	long long plain = timed_loop(eventset);
	CHECK_OK(PAPI_overflow(eventset, code, (int)THRESHOLD, 0, count_overflow));
	overflows = 0;
	long long with = timed_loop(eventset);
	long count = overflows / 3;
	CHECK_OK(PAPI_overflow(eventset, code, 0, 0, count_overflow));
	FAIL_IF(count <= 0, "%s: no overflow in %llu instructions at threshold %lld", name,
	        2 * LOOP_ITERATIONS, THRESHOLD);
	*count_out = count;
	return (double)(with - plain) / (double)count;
}

static double per_read(int eventset)
{
	long long value[1];
	CHECK_OK(PAPI_start(eventset));
	long long t0 = ctest_monotonic_ns();
	for (int i = 0; i < READS; i++)
		CHECK_OK(PAPI_read(eventset, value));
	long long t = ctest_monotonic_ns() - t0;
	CHECK_OK(PAPI_stop(eventset, value));
	return (double)t / READS;
}

int main(int argc, char **argv)
{
	static const char *const ebb_names[] = {"ebb::PM_RUN_CYC"};
	long ebb_count = 0, signal_count = 0;

	ctest_init(argc, argv);
	ctest_library_init();
	hw_ebb_cidx();
	SKIP_IF(!hw_icount(), "instruction costs need -icount shift=0 (the lab), where the "
	                      "virtual clock counts instructions");

	int ebb = hw_ebb_set_of(ebb_names, 1);
	double ebb_overflow = per_overflow(ebb, ebb_names[0], &ebb_count);
	double ebb_read = per_read(ebb);
	CHECK_OK(PAPI_cleanup_eventset(ebb));
	CHECK_OK(PAPI_destroy_eventset(&ebb));

	int perf = PAPI_NULL;
	CHECK_OK(PAPI_create_eventset(&perf));
	CHECK_OK(PAPI_add_named_event(perf, "perf::TASK-CLOCK"));
	double signal_overflow = per_overflow(perf, "perf::TASK-CLOCK", &signal_count);
	double syscall_read = per_read(perf);

	printf("BENCH ebb overflow: %.0f instructions per overflow (%ld overflows per run)\n",
	       ebb_overflow, ebb_count);
	printf("BENCH perf_event signal overflow: %.0f instructions per overflow (%ld per run)\n",
	       signal_overflow, signal_count);
	printf("BENCH ebb PAPI_read (mfspr): %.0f instructions\n", ebb_read);
	printf("BENCH perf_event PAPI_read (read()): %.0f instructions\n", syscall_read);
	FAIL_IF(ebb_overflow >= signal_overflow,
	        "an EBB overflow cost %.0f instructions, the signal path %.0f", ebb_overflow,
	        signal_overflow);
	ctest_pass();
}
