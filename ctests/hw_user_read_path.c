// SPDX-License-Identifier: BSD-3-Clause
/* Hardware: which events PAPI_read reads in user space, and why.
 *
 * A running user-mode set of perf::INSTRUCTIONS, perf::CYCLES, the branch
 * events where the PMU has them, and the software event perf::TASK-CLOCK.
 * PAPI_event_read_path names each event's path with a reason; the test
 * prints every one (the lab log's evidence of the fast path) and asserts:
 *   - where the component can read counters itself (PAPI_user_read_status
 *     is 1; in the lab it must be on aarch64 and riscv64, where the
 *     manifest sets perf_user_access=1), every hardware event is read in
 *     user space, and on aarch64 instructions sit on a general counter
 *     (PMEVCNTR<n>_EL0, 32 bits) and cycles on the cycle counter
 *     (PMCCNTR_EL0); elsewhere (ppc64le: cap_user_rdpmc = 0) every event
 *     is read with read(), with the reason;
 *   - the software event is always read with read();
 *   - PAPI_set_user_read(OFF) on the running set moves every event to
 *     read() at once, AUTO moves them back; PAPI_get_user_read follows;
 *     counts read meanwhile keep growing;
 *   - on aarch64 the set's first cycles event is read from PMCCNTR_EL0 in
 *     64 bits and a second one from a 32-bit PMEVCNTR<n>_EL0 (only one
 *     event can have the cycle counter); while the thread's own pinned
 *     cycles event holds that counter, a set of one cycles event opens
 *     in 32 bits on an event counter, and is read in user space and
 *     counts, as read() does (a 64-bit one could never run there);
 *   - with PAPILLON_USER_READ=0 in the environment at PAPI_library_init,
 *     the component says user reads are off because of it and every event
 *     is read with read().
 * Skips where there is no hardware PMU. */
#include "hw_common.c"

#ifdef PAPILLON

#include <errno.h>
#include <linux/perf_event.h>
#include <unistd.h>

#define MAX_EVENTS 8

static const char *const wanted[] = {"perf::INSTRUCTIONS", "perf::CYCLES",
                                     "perf::BRANCH-INSTRUCTIONS", "perf::BRANCH-MISSES"};
static const char SOFTWARE[] = "perf::TASK-CLOCK";

struct set {
	int eventset;
	const char *names[MAX_EVENTS];
	int count;
	int hardware; /* the first `hardware` events are hardware events */
};

/* The events of wanted[] that add (instructions and cycles must), then
 * the software event. */
static struct set build_set(void)
{
	struct set s = {.eventset = hw_user_set_of(HW_INSTRUCTIONS, true, NULL)};

	s.names[s.count++] = HW_INSTRUCTIONS;
	for (size_t i = 1; i < sizeof(wanted) / sizeof(wanted[0]); i++) {
		int rc = PAPI_add_named_event(s.eventset, wanted[i]);
		if (rc == PAPI_OK)
			s.names[s.count++] = wanted[i];
		else if (i == 1)
			ctest_skip("cannot add perf::CYCLES beside perf::INSTRUCTIONS: %s%s",
			           ctest_errname(rc), ctest_reason());
		else
			ctest_note("%s not added here (%s)", wanted[i], ctest_errname(rc));
	}
	s.hardware = s.count;
	CHECK_OK(PAPI_add_named_event(s.eventset, SOFTWARE));
	s.names[s.count++] = SOFTWARE;
	return s;
}

/* Hardware events on path want, the software event through read(). */
static void expect(const struct set *s, bool user)
{
	char reason[HW_REASON_LEN];

	hw_expect_paths(s->eventset, s->names, s->hardware, user);
	int path = hw_read_path(s->eventset, s->hardware, SOFTWARE, reason, sizeof(reason));
	FAIL_IF(path != PAPI_READ_PATH_SYSCALL, "the software event %s is read in user space (%s)",
	        SOFTWARE, reason);
}

static void expect_mode(int eventset, int want)
{
	int mode = -1;
	CHECK_OK(PAPI_get_user_read(eventset, &mode));
	FAIL_IF(mode != want, "PAPI_get_user_read gave %d, want %d", mode, want);
}

/* On aarch64 the kernel puts instructions on a general counter and cycles
 * on the dedicated cycle counter; the reasons name the register. */
static void expect_arm64_registers(const struct set *s)
{
#if defined(__aarch64__)
	static const char *const registers[] = {"PMEVCNTR", "PMCCNTR"};
	for (int i = 0; i < 2; i++) {
		char reason[HW_REASON_LEN];
		hw_read_path(s->eventset, i, s->names[i], reason, sizeof(reason));
		FAIL_IF(strstr(reason, registers[i]) == NULL,
		        "%s should be read from %s<...>: the reason says \"%s\"", s->names[i],
		        registers[i], reason);
	}
#else
	(void)s;
#endif
}

#if defined(__aarch64__)
static const char *const cycles_names[] = {"perf::CYCLES", "perf::PERF_COUNT_HW_CPU_CYCLES"};

static void expect_reason(int eventset, int index, const char *want, const char *also)
{
	char reason[HW_REASON_LEN];
	int path = hw_read_path(eventset, index, cycles_names[index], reason, sizeof(reason));
	FAIL_IF(path != PAPI_READ_PATH_USER || strstr(reason, want) == NULL ||
	            (also && strstr(reason, also) == NULL),
	        "%s: the reason \"%s\" should name %s %s", cycles_names[index], reason, want,
	        also ? also : "");
}

/* A pinned, user-mode cycles counter of this thread, opened without the
 * library: the kernel gives it the cycle counter before any other event. */
static int open_pinned_cycles(void)
{
	struct perf_event_attr attr = {.type = PERF_TYPE_HARDWARE,
	                               .config = PERF_COUNT_HW_CPU_CYCLES,
	                               .pinned = 1,
	                               .exclude_kernel = 1,
	                               .exclude_hv = 1};
	int fd = ctest_perf_open(&attr, -1);
	FAIL_IF(fd < 0, "perf_event_open(cycles, pinned) failed: %s", strerror(errno));
	return fd;
}

/* Who gets arm64's one 64-bit counter, and what happens when it is taken. */
static void check_cycle_counter(void)
{
	long long a[2], b[2];

	int eventset = hw_user_set_of(cycles_names[0], true, NULL);
	CHECK_OK(PAPI_add_named_event(eventset, cycles_names[1]));
	CHECK_OK(PAPI_start(eventset));
	hw_loop(100000);
	expect_reason(eventset, 0, "PMCCNTR_EL0 (64-bit)", NULL);
	expect_reason(eventset, 1, "PMEVCNTR", "(32-bit)");
	CHECK_OK(PAPI_stop(eventset, a));
	ctest_eventset_free(&eventset);

	int pinned = open_pinned_cycles();
	eventset = hw_user_set_of(cycles_names[0], true, NULL);
	CHECK_OK(PAPI_start(eventset));
	hw_loop(100000);
	expect_reason(eventset, 0, "PMEVCNTR", "(32-bit)");
	long long ns = hw_read_pair(eventset, PAPI_USER_READ_AUTO, PAPI_USER_READ_OFF, a, b);
	hw_check_later("beside a pinned cycles counter, user then read()", cycles_names, 1, a, b,
	               ns);
	FAIL_IF(a[0] < 200000,
	        "%s counted %lld beside a pinned cycles counter, after a "
	        "100000-iteration loop",
	        cycles_names[0], a[0]);
	ctest_note("beside a pinned cycles counter: %s counted %lld (user), %lld (read())",
	           cycles_names[0], a[0], b[0]);
	CHECK_OK(PAPI_stop(eventset, a));
	ctest_eventset_free(&eventset);
	close(pinned);
}
#endif

/* Reads the running set and checks that no count went down. */
static void read_growing(const struct set *s, long long *last)
{
	long long now[MAX_EVENTS];

	hw_loop(100000);
	CHECK_OK(PAPI_read(s->eventset, now));
	for (int i = 0; i < s->count; i++) {
		FAIL_IF(now[i] < last[i], "%s went down from %lld to %lld", s->names[i], last[i],
		        now[i]);
		last[i] = now[i];
	}
	FAIL_IF(now[0] < 200000, "perf::INSTRUCTIONS counted %lld after a 100000-iteration loop",
	        now[0]);
}

/* PAPILLON_USER_READ=0 at initialisation: nothing is read in user space. */
static void check_environment_switch(void)
{
	char why[HW_REASON_LEN] = "";
	long long stopped[MAX_EVENTS];

	PAPI_shutdown();
	FAIL_IF(setenv("PAPILLON_USER_READ", "0", 1) != 0, "setenv failed");
	ctest_library_init();
	int status = PAPI_user_read_status(ctest_perf_event_cidx(), why, sizeof(why));
	ctest_note("with PAPILLON_USER_READ=0: status %d (%s)", status, why);
	FAIL_IF(status != 0, "PAPI_user_read_status returned %s with PAPILLON_USER_READ=0 (%s)",
	        ctest_errname(status), why);
	FAIL_IF(strstr(why, "PAPILLON_USER_READ") == NULL,
	        "with PAPILLON_USER_READ=0 the reason should name it: \"%s\"", why);
	struct set s = build_set();
	CHECK_OK(PAPI_start(s.eventset));
	expect(&s, false);
	CHECK_OK(PAPI_stop(s.eventset, stopped));
	ctest_eventset_free(&s.eventset);
	unsetenv("PAPILLON_USER_READ");
}

int main(int argc, char **argv)
{
	long long last[MAX_EVENTS] = {0};

	ctest_init(argc, argv);
	unsetenv("PAPILLON_USER_READ");
	ctest_library_init();
	hw_require_pmu();
	bool user = hw_user_reads();

	struct set s = build_set();
	CHECK_OK(PAPI_start(s.eventset));
	expect_mode(s.eventset, PAPI_USER_READ_AUTO);
	read_growing(&s, last);
	expect(&s, user);
	if (user)
		expect_arm64_registers(&s);

	CHECK_OK(PAPI_set_user_read(s.eventset, PAPI_USER_READ_OFF));
	expect_mode(s.eventset, PAPI_USER_READ_OFF);
	read_growing(&s, last);
	expect(&s, false);

	CHECK_OK(PAPI_set_user_read(s.eventset, PAPI_USER_READ_AUTO));
	expect_mode(s.eventset, PAPI_USER_READ_AUTO);
	read_growing(&s, last);
	expect(&s, user);

	CHECK_OK(PAPI_stop(s.eventset, last));
	ctest_eventset_free(&s.eventset);
#if defined(__aarch64__)
	if (user)
		check_cycle_counter();
#endif
	check_environment_switch();
	ctest_note("%s", user ? "every hardware event was read in user space"
	                      : "user-space reads are not available here: read() throughout");
	ctest_pass();
}

#else

CTEST_MAIN_WITHOUT_PAPILLON("user-space reads")

#endif
