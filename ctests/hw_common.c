/* Shared part of the hardware ctests (hw_*.c). It is #included by each of
 * them, so every hardware test stays one program built from one source plus
 * libctest_util: it is NOT a test and is not compiled on its own.
 *
 * The hardware tests count a loop of a known number of instructions. They
 * SKIP (with the reason) where no hardware PMU is there (the build machines,
 * x86_64 under TCG) and are meant for the emulated-PMU lab (lab/), where
 * QEMU runs with -icount shift=0 and sets PAPILLON_LAB_ICOUNT_SHIFT=0:
 *   - aarch64 counts user-mode instructions exactly, so every assertion
 *     there is an equality;
 *   - ppc64le and riscv64 (QEMU 7.2) do not filter by privilege level: the
 *     counts also hold the kernel's instructions around the system calls
 *     and ~4,000-9,000 per timer interrupt (one every 4 ms = 4M guest
 *     instructions), so assertions there are "within 0.1%" on the best
 *     of several runs of loops short enough to miss the tick mostly;
 *   - on real hardware (no PAPILLON_LAB_ICOUNT_SHIFT) the same 0.1% rule
 *     holds, and cycles are only required to count.
 */
#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ctest_util.h"

/* Each test uses only some of these helpers. */
#define HW_HELPER static __attribute__((unused))

/* hw_loop: exactly 2 * n instructions in the loop body (n >= 1), plus the
 * call's fixed handful. noinline and the asm keep the compiler from
 * changing either. */
__attribute__((noinline)) HW_HELPER void hw_loop(uint64_t n)
{
#if defined(__aarch64__)
	__asm__ volatile("1: subs %0, %0, #1\n\tb.ne 1b" : "+r"(n) : : "cc");
#elif defined(__powerpc64__)
	__asm__ volatile("1: addic. %0, %0, -1\n\tbne 1b" : "+r"(n) : : "cr0", "xer");
#elif defined(__riscv)
	__asm__ volatile("1: addi %0, %0, -1\n\tbnez %0, 1b" : "+r"(n));
#elif defined(__x86_64__) || defined(__i386__)
	__asm__ volatile("1: dec %0\n\tjnz 1b" : "+r"(n) : : "cc");
#else
	/* No 2-instruction loop written for this CPU: the tests skip. */
	(void)n;
#endif
}

HW_HELPER bool hw_loop_known(void)
{
#if defined(__aarch64__) || defined(__powerpc64__) || defined(__riscv) || defined(__x86_64__) ||   \
    defined(__i386__)
	return true;
#else
	return false;
#endif
}

/* In the lab, under -icount shift=0 (the lab's manifest says so). */
HW_HELPER bool hw_icount(void)
{
	const char *shift = getenv("PAPILLON_LAB_ICOUNT_SHIFT");
	return shift && strcmp(shift, "0") == 0;
}

/* Exact user-mode instruction counts: aarch64 under icount. */
HW_HELPER bool hw_exact(void)
{
#if defined(__aarch64__)
	return hw_icount();
#else
	return false;
#endif
}

/* The lab configuration (aarch64-a57, aarch64-n1, ppc64le, riscv64,
 * x86_64), or "" outside the lab. */
HW_HELPER const char *hw_lab_conf(void)
{
	const char *conf = getenv("LAB_CONF");
	return conf ? conf : "";
}

/* Skip unless this machine has a hardware PMU and the loop is known here. */
HW_HELPER void hw_require_pmu(void)
{
	SKIP_IF(!hw_loop_known(), "no instruction loop written for this CPU architecture");
	ctest_require_perf_events();
	SKIP_IF(!ctest_have_core_pmu(),
	        "no hardware PMU on this machine (a VM without one, or x86_64 under QEMU TCG)");
}

/* A new event set of the perf_event component counting user mode only. */
HW_HELPER int hw_user_eventset(void)
{
	int eventset = PAPI_NULL;
	PAPI_option_t opt;

	CHECK_OK(PAPI_create_eventset(&eventset));
	CHECK_OK(PAPI_assign_eventset_component(eventset, ctest_perf_event_cidx()));
	memset(&opt, 0, sizeof(opt));
	opt.domain.eventset = eventset;
	opt.domain.domain = PAPI_DOM_USER;
	CHECK_OK(PAPI_set_opt(PAPI_DOMAIN, &opt));
	return eventset;
}

/* True for the names of the instructions event in the libpfm4 and sysfs
 * tables of the lab's CPUs. */
HW_HELPER bool is_instructions_name(const char *name)
{
	const char *event = strrchr(name, ':');
	event = event ? event + 1 : name;
	return strcmp(event, "INST_RETIRED") == 0 || strcmp(event, "PM_INST_CMPL") == 0 ||
	       strcmp(event, "inst_retired") == 0;
}

/* The generic instructions event; the test skips if it cannot be added. */
static const char HW_INSTRUCTIONS[] = "perf::INSTRUCTIONS";

/* hw_user_set_of: a user-mode event set of one event; skips the test when
 * even perf::INSTRUCTIONS cannot be added, fails for any other name only
 * if must is true (else returns PAPI_NULL and the code in *rc). */
HW_HELPER int hw_user_set_of(const char *name, bool must, int *rc_out)
{
	int eventset = hw_user_eventset();
	int rc = PAPI_add_named_event(eventset, name);

	if (rc_out)
		*rc_out = rc;
	if (rc == PAPI_OK)
		return eventset;
	if (strcmp(name, HW_INSTRUCTIONS) == 0)
		ctest_skip("cannot add %s: %s%s", name, ctest_errname(rc), ctest_reason());
	FAIL_IF(must, "PAPI_add_named_event(%s) returned %s%s", name, ctest_errname(rc),
	        ctest_reason());
	ctest_eventset_free(&eventset);
	return PAPI_NULL;
}

/* hw_count: start, run the loop n times, stop; the first counter. */
HW_HELPER long long hw_count(int eventset, uint64_t n, long long *values)
{
	long long local[8];
	long long *v = values ? values : local;

	CHECK_OK(PAPI_start(eventset));
	hw_loop(n);
	CHECK_OK(PAPI_stop(eventset, v));
	return v[0];
}

/* hw_best: the smallest count of `repeat` runs (the runs no interrupt
 * landed in, where the PMU does not filter by mode). */
HW_HELPER long long hw_best(int eventset, uint64_t n, int repeat)
{
	long long best = -1;

	for (int i = 0; i < repeat; i++) {
		long long c = hw_count(eventset, n, NULL);
		if (best < 0 || c < best)
			best = c;
	}
	return best;
}

/* hw_within: got within 0.1% of want. */
HW_HELPER bool hw_within(long long got, long long want)
{
	long long diff = got > want ? got - want : want - got;
	return diff * 1000 <= (want < 0 ? -want : want);
}

/* hw_fixed: the count of a 1-iteration loop less its 2 instructions, i.e.
 * what the library itself runs in user mode between enabling and
 * disabling the counters (plus the loop's call). On aarch64 in the lab it
 * must be the same on every run: that is checked here. */
HW_HELPER long long hw_fixed(int eventset)
{
	hw_count(eventset, 1, NULL); /* warm up: first-call paths, page faults */
	long long first = hw_count(eventset, 1, NULL);
	if (hw_exact()) {
		for (int i = 0; i < 3; i++) {
			long long again = hw_count(eventset, 1, NULL);
			FAIL_IF(
			    again != first,
			    "the count of a 1-iteration loop changed from %lld to %lld: user-mode "
			    "instruction counts are not repeatable",
			    first, again);
		}
		return first - 2;
	}
	return hw_best(eventset, 1, 9) - 2;
}

/* hw_check_loop: the count of an n-iteration loop is 2n + fixed, exactly
 * where counts are exact, else within 0.1% (best of several runs). */
HW_HELPER void hw_check_loop(int eventset, const char *what, uint64_t n, long long fixed)
{
	long long want = 2 * (long long)n + fixed;

	if (hw_exact()) {
		long long got = hw_count(eventset, n, NULL);
		ctest_note("%s: N=%" PRIu64 " counted %lld = 2N + %lld (exact)", what, n, got,
		           got - 2 * (long long)n);
		FAIL_IF(got != want, "%s: N=%" PRIu64 " counted %lld, want exactly 2N+%lld = %lld",
		        what, n, got, fixed, want);
		return;
	}
	long long got = hw_best(eventset, n, 9);
	ctest_note("%s: N=%" PRIu64 " best of 9 counted %lld, 2N + fixed %lld = %lld (0.1%%)", what,
	           n, got, fixed, want);
	FAIL_IF(!hw_within(got - fixed, 2 * (long long)n),
	        "%s: N=%" PRIu64
	        " counted %lld (less the fixed %lld: %lld), want 2N = %lld within 0.1%%",
	        what, n, got, fixed, got - fixed, 2 * (long long)n);
}
