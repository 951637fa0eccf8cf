// SPDX-License-Identifier: BSD-3-Clause
/* Benchmark (issue 15), run by lab/perfctr_module while the perfctr module
 * is loaded in the x86_64 guest: guest instructions per PAPI_read of one
 * TSC event three ways in one run: the perfctr component reading its
 * state page (rdtsc, no system call), the same component through the
 * VPERFCTR_READ_SUM ioctl, and the perf_event component's read() of
 * msr::tsc (the kernel's msr PMU, the same kind of event).
 *
 * The meter: under QEMU -icount shift=0 (PAPILLON_LAB_ICOUNT_SHIFT=0, as
 * the lab sets it) the guest's clock advances one nanosecond per executed
 * instruction, user and kernel alike, so CLOCK_MONOTONIC around a loop is
 * an instruction count. Per read: (t(2n) - t(n)) / n, which cancels the
 * clock reads and the loop's entry; each t is the smallest of REPEATS runs
 * (a run that takes a timer interrupt counts more). Elsewhere the figures
 * would be nanoseconds, not instructions: it skips without icount. */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ctest_util.h"

#define READS   2000
#define REPEATS 7

static long long clock_ns(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1000000000LL + t.tv_nsec;
}

static long long loop_cost(int eventset, int n)
{
	long long best = -1, value;

	for (int r = 0; r < REPEATS; r++) {
		long long t0 = clock_ns();
		for (int i = 0; i < n; i++)
			if (PAPI_read(eventset, &value) != PAPI_OK)
				ctest_fail(__FILE__, __LINE__, "PAPI_read failed%s",
				           ctest_reason());
		long long t = clock_ns() - t0;
		if (best < 0 || t < best)
			best = t;
	}
	return best;
}

static double per_read(const char *name, int mode, char *path, size_t path_len)
{
	const char *const names[] = {name};
	int eventset = ctest_eventset_of(names, 1);
	double cost;

	CHECK_OK(PAPI_set_user_read(eventset, mode));
	CHECK_OK(PAPI_start(eventset));
	loop_cost(eventset, READS); /* warm */
	cost = (double)(loop_cost(eventset, 2 * READS) - loop_cost(eventset, READS)) / READS;
	PAPI_event_read_path(eventset, 0, path, (int)path_len);
	CHECK_OK(PAPI_stop(eventset, NULL));
	ctest_eventset_free(&eventset);
	return cost;
}

int main(int argc, char **argv)
{
	const char *shift = getenv("PAPILLON_LAB_ICOUNT_SHIFT");
	char page_path[PAPI_MAX_STR_LEN], ioctl_path[PAPI_MAX_STR_LEN], pe_path[PAPI_MAX_STR_LEN];
	int cidx, code;

	ctest_init(argc, argv);
	SKIP_IF(!shift || strcmp(shift, "0") != 0,
	        "needs QEMU -icount shift=0 (the lab), where the clock counts instructions");
	ctest_library_init();
	cidx = PAPI_get_component_index("perfctr");
	SKIP_IF(cidx < 0 || PAPI_get_component_info(cidx)->disabled, "perfctr inactive");
	SKIP_IF(PAPI_event_name_to_code("msr::tsc", &code) != PAPI_OK,
	        "no msr::tsc for perf_event to compare with");

	double page = per_read("perfctr:::TSC", PAPI_USER_READ_AUTO, page_path, sizeof page_path);
	double ioctl = per_read("perfctr:::TSC", PAPI_USER_READ_OFF, ioctl_path, sizeof ioctl_path);
	double pe = per_read("msr::tsc", PAPI_USER_READ_AUTO, pe_path, sizeof pe_path);

	ctest_note("guest instructions per PAPI_read of one TSC event (icount clock, %d reads, "
	           "best of %d)",
	           READS, REPEATS);
	ctest_note("  perfctr state page   %8.1f   (%s)", page, page_path);
	ctest_note("  perfctr ioctl        %8.1f   (%s)", ioctl, ioctl_path);
	ctest_note("  perf_event read()    %8.1f   (%s)", pe, pe_path);
	FAIL_IF(strncmp(page_path, "user", 4) != 0, "the page path was not used: %s", page_path);
	FAIL_IF(strncmp(ioctl_path, "syscall", 7) != 0, "the ioctl path was not used: %s",
	        ioctl_path);
	FAIL_IF(!(page > 0 && page < ioctl),
	        "the page read (%.1f) is not cheaper than the ioctl (%.1f)", page, ioctl);
	ctest_pass();
}
