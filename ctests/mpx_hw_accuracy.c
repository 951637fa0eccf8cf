// SPDX-License-Identifier: BSD-3-Clause
/* Multiplexing accuracy on a hardware PMU (for the emulated-PMU lab; skips
 * without a PMU). A user-mode set of three times more events than the PMU
 * has counters, the spellings of the instructions event first (then
 * cycles), counts a steady loop of 2N instructions, multiplexed by the
 * kernel and then by the core's software multiplexer (PAPI_MULTIPLEX_FORCE_SW,
 * 2 ms slices of CPU time). Every scaled instruction count is compared
 * with what the loop is known to run, 2N + F (F: the fixed part of a
 * start/stop, pinned by hw_fixed to the test's own count of PAPI_start +
 * PAPI_stop): where counts are exact (aarch64 under -icount shift=0)
 * within 0.5% for the software multiplexer and 1% for the kernel's (its
 * scaling charges its own rotation work, timer interrupt and group
 * switch, to the time of whichever events ran then: the lab saw 0.45% to
 * 0.51% on aarch64), elsewhere (ppc64le and riscv64 under QEMU also count
 * the kernel's instructions, real hardware is noisy) within 3%. Every
 * cycles count must count. The figures are printed for the lab's report.
 * Where counts are not exact, a measurement off the bound is taken once
 * more before the verdict (see main).
 *
 * Where a PMU is there this test does not skip: a component that reports
 * no counters, or too few events to exceed them, fails it. riscv64 under
 * QEMU is the exception to the first: its SBI PMU has 18 counters that
 * libpfm4 4.13 does not describe (PAPI_num_cmp_hwctrs says 0), so the
 * test takes 18 there; and since QEMU counts on its two fixed counters
 * only, the kernel's multiplexing there is a skipped case (see main) while
 * the software multiplexer's estimates must hold. */
#include "hw_common.c"

#define N          50000000ULL
#define MAX_EVENTS 64
/* riscv64 under QEMU: see above. */
#define RISCV_QEMU_COUNTERS 18

static const char *const bases[] = {
    "perf::INSTRUCTIONS", "perf::PERF_COUNT_HW_INSTRUCTIONS", "INST_RETIRED", "PM_INST_CMPL",
    "perf::CYCLES",       "perf::PERF_COUNT_HW_CPU_CYCLES",   "CPU_CYCLES",   "PM_CYC"};
/* Spellings that count the same thing: ":mh" counts on the host (all of
 * it here), ":mg:mh" on host and guest; ":mg" alone would count only in
 * guests. */
static const char *const suffixes[] = {"", ":u", ":mh", ":u:mh", ":mg:mh", ":u:mg:mh"};

struct candidate {
	char name[96];
	bool instructions;
};

/* Names that add to a plain user-mode set, up to want of them. */
static int gather(struct candidate *out, int want)
{
	int found = 0, probe = hw_user_eventset();
	for (size_t b = 0; b < sizeof(bases) / sizeof(bases[0]) && found < want; b++) {
		for (size_t s = 0; s < sizeof(suffixes) / sizeof(suffixes[0]) && found < want;
		     s++) {
			char name[96];
			int code;
			snprintf(name, sizeof(name), "%s%s", bases[b], suffixes[s]);
			if (PAPI_event_name_to_code(name, &code) != PAPI_OK ||
			    PAPI_add_event(probe, code) != PAPI_OK)
				continue;
			PAPI_remove_event(probe, code);
			snprintf(out[found].name, sizeof(out[found].name), "%s", name);
			out[found].instructions = b < 4;
			found++;
		}
	}
	ctest_eventset_free(&probe);
	return found;
}

/* Counts one multiplexed run and prints every figure; returns the worst
 * instructions error (a fraction), and fails at once on a count of 0. */
static double run(const char *mode, int flags, const struct candidate *events, int count,
                  long long known)
{
	PAPI_option_t option;
	long long values[MAX_EVENTS];
	double worst = 0;
	int eventset = hw_user_eventset();

	memset(&option, 0, sizeof(option));
	option.multiplex.eventset = eventset;
	option.multiplex.flags = flags;
	option.multiplex.ns = 2000000;
	CHECK_OK(PAPI_set_opt(PAPI_MULTIPLEX, &option));
	for (int i = 0; i < count; i++)
		CHECK_OK(PAPI_add_named_event(eventset, events[i].name));
	hw_count(eventset, N, values);
	for (int i = 0; i < count; i++) {
		double error = (double)(values[i] - known) / (double)known;
		double magnitude = error < 0 ? -error : error;
		ctest_note("%s: %-40s %14lld  %+.3f%%", mode, events[i].name, values[i],
		           100 * error);
		FAIL_IF(values[i] <= 0, "%s: %s counted %lld", mode, events[i].name, values[i]);
		if (!events[i].instructions)
			continue;
		if (magnitude > worst)
			worst = magnitude;
	}
	ctest_note("%s multiplexing, %d events: worst instructions error %.3f%%", mode, count,
	           100 * worst);
	ctest_eventset_free(&eventset);
	return worst;
}

/* The kernel multiplexing error the verdict holds to. QEMU's riscv64
 * increments only its fixed cycle and instret counters: the SBI PMU hands
 * out 18 counters, so the kernel runs 18 of these events at once and the
 * rest of them read 0 while "running" (the same fact makes hw_conflict skip
 * there). The kernel's scaling cannot recover that (the lab saw ~11% of
 * 2N + F for most spellings): a skipped case there, while the software
 * multiplexer, told of no counters by the component, counts one event per
 * slice and its estimates must hold. */
static double kernel_error_held(double kernel, double tolerance, int count, int counters)
{
#if defined(__riscv)
	if (hw_icount() && kernel > tolerance) {
		ctest_skip_case(
		    "kernel_multiplexing",
		    "QEMU's riscv64 counts an event on its fixed counter only, the kernel "
		    "scheduled %d events on %d counters (worst error %.1f%%)",
		    count, counters, 100 * kernel);
		return 0;
	}
#else
	(void)tolerance;
	(void)count;
	(void)counters;
#endif
	return kernel;
}

int main(int argc, char **argv)
{
	struct candidate events[MAX_EVENTS];
	int counters, want, count, single;
	long long known;

	ctest_init(argc, argv);
	ctest_library_init();
	hw_require_pmu();
	CHECK_OK(PAPI_multiplex_init());
	counters = PAPI_num_cmp_hwctrs(ctest_perf_event_cidx());
#if defined(__riscv)
	if (counters <= 0)
		counters = RISCV_QEMU_COUNTERS;
#endif
	FAIL_IF(counters <= 0,
	        "PAPI_num_cmp_hwctrs says %d counters on a machine with a hardware PMU", counters);
	want = 3 * counters > MAX_EVENTS ? MAX_EVENTS : 3 * counters;
	count = gather(events, want);
	/* More events than counters is what makes the kernel multiplex. */
	FAIL_IF(count <= counters,
	        "only %d instructions/cycles events add to a set for %d counters: nothing to "
	        "multiplex",
	        count, counters);
	single = hw_user_set_of(HW_INSTRUCTIONS, true, NULL);
	known = 2 * (long long)N + hw_fixed(single);
	ctest_note("%d counters, %d events; the loop runs 2N + F = %lld instructions", counters,
	           count, known);
	ctest_eventset_free(&single);
	double tolerance = hw_exact() ? 0.005 : 0.03;
	double kernel_tolerance = hw_exact() ? 0.01 : 0.03;
	double kernel, software;
	/* Where counts are not exact (QEMU's ppc64le and riscv64 also count
	 * the kernel's instructions: an interrupt's or a deferred task's
	 * burst inside one slice lands on that slice's events only), a
	 * measurement off the bound is taken once more, and both sets of
	 * figures are printed. Exact counts get one attempt. */
	for (int attempt = 1;; attempt++) {
		/* Both runs print their figures before either verdict. */
		kernel = run("kernel", PAPI_MULTIPLEX_DEFAULT, events, count, known);
		software = run("software", PAPI_MULTIPLEX_FORCE_SW, events, count, known);
		kernel = kernel_error_held(kernel, kernel_tolerance, count, counters);
		if (hw_exact() || attempt == 2 ||
		    (kernel <= kernel_tolerance && software <= tolerance))
			break;
		ctest_note(
		    "attempt %d: worst error kernel %.3f%%, software %.3f%%, one over %.1f%%: "
		    "measuring once more",
		    attempt, 100 * kernel, 100 * software, 100 * tolerance);
	}
	FAIL_IF(kernel > kernel_tolerance || software > tolerance,
	        "an instructions estimate is off 2N + F = %lld by more than allowed (worst: "
	        "kernel multiplexing %.3f%% of %.1f%%, software %.3f%% of %.1f%%; figures above)",
	        known, 100 * kernel, 100 * kernel_tolerance, 100 * software, 100 * tolerance);
	ctest_pass();
}
