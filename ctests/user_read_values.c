// SPDX-License-Identifier: BSD-3-Clause
/* Papillon's user-space reads change no value.
 *
 * Software events (page faults: exact, and still between reads once the
 * code is warm) count on any machine but are never read in user space:
 * in PAPI_USER_READ_AUTO as in PAPI_USER_READ_OFF they are read with
 * read() (asserted through PAPI_event_read_path), and a running set reads
 * the same counts in both modes, back and forth, both modes see the same
 * new page faults, and PAPI_accum and PAPI_stop agree with them.
 *
 * The comparison that matters needs a hardware counter the kernel lets
 * user space read: a user-mode perf::INSTRUCTIONS set must then be read
 * in user space in AUTO mode (its read path says so), and reads
 * alternating between user space and read() never go backwards and
 * differ by no more than the instructions that can run between them,
 * also after a PAPI_reset (a reset ioctl left arm64's perf page 2^32 off
 * for user reads: pe_group.c rebases instead). In the lab (as root,
 * under icount) the test turns kernel.perf_user_access on for itself
 * (arm64 boots with 0) and back at exit. Without a hardware PMU, or where
 * the kernel offers no user-space reads (ppc64le: cap_user_rdpmc = 0 in
 * the perf page of the test's own event), it checks the software part
 * and then skips, naming what is missing. */
#define _GNU_SOURCE /* RUSAGE_THREAD */
#include <sys/resource.h>

#include "hw_common.c"

#ifdef PAPILLON

#define EVENTS 3
#define PAGES  64

/* The faults the kernel counted for this thread so far (minor and major). */
static long long thread_faults(void)
{
	struct rusage usage;
	FAIL_IF(getrusage(RUSAGE_THREAD, &usage) != 0, "getrusage(RUSAGE_THREAD) failed");
	return usage.ru_minflt + usage.ru_majflt;
}
static void read_in_mode(int eventset, int mode, long long *values)
{
	CHECK_OK(PAPI_set_user_read(eventset, mode));
	CHECK_OK(PAPI_read(eventset, values));
}

/* b was read after a: the same counts, but for the faults the kernel
 * counted for this thread around the two reads (getrusage; a fault the
 * test did not cause, Valgrind's own or a page reclaimed on a loaded
 * machine, is in both; almost always none, and then they are equal). */
static void expect_same(const long long *a, const long long *b, long long faults, const char *what)
{
	for (int i = 0; i < EVENTS; i++)
		FAIL_IF(
		    b[i] < a[i] || b[i] - a[i] > faults,
		    "%s: event %d read %lld, then %lld (%lld faults counted by getrusage around "
		    "the reads)",
		    what, i, a[i], b[i], faults);
}

/* The kernel.perf_user_access the test found, to put back at exit. */
static long saved_user_access = -1;

static void restore_user_access(void)
{
	FILE *file = fopen("/proc/sys/kernel/perf_user_access", "w");
	if (file) {
		fprintf(file, "%ld\n", saved_user_access);
		fclose(file);
	}
}

/* In the lab (root, icount) arm64 boots with perf_user_access = 0: turn
 * it on before the library looks at it, and back at exit. */
static void lab_user_access(void)
{
	long access = hw_perf_user_access();
	if (!hw_icount() || access != 0)
		return;
	FILE *file = fopen("/proc/sys/kernel/perf_user_access", "w");
	if (!file)
		return;
	saved_user_access = access;
	atexit(restore_user_access);
	fprintf(file, "1\n");
	fclose(file);
}

/* Alternating user-space and read() reads of a running perf::INSTRUCTIONS,
 * where the kernel lets user space read it; skips otherwise. */
static void check_instructions(void)
{
	const char *const names[] = {HW_INSTRUCTIONS};
	long long a, b, largest = 0;

	SKIP_IF(!hw_loop_known() || !ctest_have_core_pmu(),
	        "no hardware PMU on this machine: the software events are read with read() in "
	        "either mode (checked), so there is no user-space read to compare with read()");
	int width = hw_kernel_user_width(false);
	bool user = hw_user_reads(); /* fails where due (the lab) and unavailable */
	SKIP_IF(width <= 0,
	        "the kernel offers no user-space counter reads here (the perf page of the test's "
	        "own instructions event: %s; perf_user_access=%ld): no user-space read to compare "
	        "with read()",
	        width == 0 ? "cap_user_rdpmc = 0" : strerror(-width), hw_perf_user_access());
	FAIL_IF(!user,
	        "the kernel reads this PMU's counters in user space (%d-bit), the library not",
	        width);

	int eventset = hw_user_set_of(HW_INSTRUCTIONS, true, NULL);
	CHECK_OK(PAPI_start(eventset));
	hw_expect_paths(eventset, names, 1, true);
	for (int round = 0; round < 10; round++) {
		int first = round % 2 ? PAPI_USER_READ_OFF : PAPI_USER_READ_AUTO;
		int second = round % 2 ? PAPI_USER_READ_AUTO : PAPI_USER_READ_OFF;
		char what[64];
		hw_loop(1000);
		long long ns = hw_read_pair(eventset, first, second, &a, &b);
		snprintf(what, sizeof(what), "round %d, %s then %s", round, hw_mode_name(first),
		         hw_mode_name(second));
		long long diff = hw_check_later(what, names, 1, &a, &b, ns);
		largest = diff > largest ? diff : largest;
	}
	/* After a reset both paths start again from (almost) zero. */
	CHECK_OK(PAPI_reset(eventset));
	long long ns = hw_read_pair(eventset, PAPI_USER_READ_AUTO, PAPI_USER_READ_OFF, &a, &b);
	FAIL_IF(a < 0 || a > 1000000,
	        "after PAPI_reset the user-space read gave %lld: want 0 to a million (a few calls)",
	        a);
	hw_check_later("after PAPI_reset, user then read()", names, 1, &a, &b, ns);
	ns = hw_read_pair(eventset, PAPI_USER_READ_OFF, PAPI_USER_READ_AUTO, &a, &b);
	hw_check_later("after PAPI_reset, read() then user", names, 1, &a, &b, ns);
	long long stopped;
	CHECK_OK(PAPI_stop(eventset, &stopped));
	FAIL_IF(stopped < b, "stop read %lld after %lld", stopped, b);
	ctest_note("perf::INSTRUCTIONS: user-space and read() reads agree (largest gap %lld); "
	           "%lld at stop",
	           largest, stopped);
	ctest_eventset_free(&eventset);
}

int main(int argc, char **argv)
{
	const char *const names[EVENTS] = {"perf::PAGE-FAULTS", "perf::MINOR-FAULTS",
	                                   "perf::MAJOR-FAULTS"};
	long long automatic[EVENTS], off[EVENTS], again[EVENTS], accumulated[EVENTS];
	long long stopped[EVENTS];
	int eventset;

	ctest_init(argc, argv);
	lab_user_access();
	ctest_library_init();
	ctest_require_perf_events();
	eventset = ctest_eventset_of(names, EVENTS);

	/* Warm up every call used below, so that none faults in code. */
	CHECK_OK(PAPI_start(eventset));
	CHECK_OK(PAPI_stop(eventset, stopped));
	CHECK_OK(PAPI_start(eventset));
	read_in_mode(eventset, PAPI_USER_READ_OFF, off);
	read_in_mode(eventset, PAPI_USER_READ_AUTO, automatic);
	memset(accumulated, 0, sizeof(accumulated));
	CHECK_OK(PAPI_accum(eventset, accumulated));
	/* Software counters have no user-space read: AUTO reads them with
	 * read() too. */
	CHECK_OK(PAPI_set_user_read(eventset, PAPI_USER_READ_AUTO));
	hw_expect_paths(eventset, names, EVENTS, false);

	for (int round = 0; round < 3; round++) {
		long long faults = thread_faults();
		read_in_mode(eventset, PAPI_USER_READ_AUTO, automatic);
		read_in_mode(eventset, PAPI_USER_READ_OFF, off);
		read_in_mode(eventset, PAPI_USER_READ_AUTO, again);
		faults = thread_faults() - faults;
		expect_same(automatic, off, faults, "AUTO then OFF");
		expect_same(off, again, faults, "OFF then AUTO");

		char *pages = ctest_fresh_pages(PAGES);
		ctest_touch_pages(pages, PAGES);
		faults = thread_faults();
		read_in_mode(eventset, round % 2 ? PAPI_USER_READ_OFF : PAPI_USER_READ_AUTO, off);
		read_in_mode(eventset, round % 2 ? PAPI_USER_READ_AUTO : PAPI_USER_READ_OFF, again);
		expect_same(off, again, thread_faults() - faults, "after touching pages");
		FAIL_IF(again[0] - automatic[0] < PAGES,
		        "round %d: %d fresh pages touched, PAGE-FAULTS went from %lld to %lld",
		        round, PAGES, automatic[0], again[0]);
		ctest_free_pages(pages, PAGES);
		ctest_note("round %d: PAGE-FAULTS %lld -> %lld", round, automatic[0], again[0]);
	}

	/* accum in either mode gives the counts since the last accum: a read
	 * and the accum after it agree, and a second accum right after (in
	 * the other mode) gives zeros, up to the faults the kernel counted for
	 * this thread around each pair of calls (getrusage: a fault the test
	 * did not cause, the sanitizer's allocator or a page reclaimed on a
	 * loaded machine, is in both; almost always none). No second try. */
	long long second[EVENTS];
	long long faults0 = thread_faults();
	read_in_mode(eventset, PAPI_USER_READ_AUTO, automatic);
	memset(accumulated, 0, sizeof(accumulated));
	CHECK_OK(PAPI_accum(eventset, accumulated));
	long long faults1 = thread_faults();
	CHECK_OK(PAPI_set_user_read(eventset, PAPI_USER_READ_OFF));
	memset(second, 0, sizeof(second));
	CHECK_OK(PAPI_accum(eventset, second));
	long long faults2 = thread_faults();
	ctest_note("accum: read %lld, accum (AUTO) %lld, a second accum (OFF) %lld page faults; "
	           "getrusage: %lld faults around the first two calls, %lld around the last two",
	           automatic[0], accumulated[0], second[0], faults1 - faults0, faults2 - faults1);
	for (int i = 0; i < EVENTS; i++) {
		FAIL_IF(
		    accumulated[i] < automatic[i] ||
		        accumulated[i] - automatic[i] > faults1 - faults0,
		    "event %d: PAPI_read gave %lld, PAPI_accum right after %lld, with %lld faults "
		    "counted by getrusage around the two",
		    i, automatic[i], accumulated[i], faults1 - faults0);
		FAIL_IF(
		    second[i] < 0 || second[i] > faults2 - faults1,
		    "event %d: a second PAPI_accum (PAPI_USER_READ_OFF) right after the first gave "
		    "%lld, with %lld faults counted by getrusage around the two",
		    i, second[i], faults2 - faults1);
	}

	faults0 = thread_faults();
	read_in_mode(eventset, PAPI_USER_READ_AUTO, again);
	CHECK_OK(PAPI_stop(eventset, stopped));
	expect_same(again, stopped, thread_faults() - faults0, "read then stop");
	ctest_eventset_free(&eventset);

	check_instructions();
	ctest_pass();
}
#else
CTEST_MAIN_WITHOUT_PAPILLON("PAPI_set_user_read")
#endif
