/* Papillon's user-space reads change no value: a running set reads the same
 * counts in PAPI_USER_READ_AUTO and PAPI_USER_READ_OFF, back and forth,
 * and both modes see the same new page faults; PAPI_accum and PAPI_stop
 * agree with them. Software events (page faults: exact, and still between
 * reads once the code is warm) count on any machine. Where
 * perf::INSTRUCTIONS counts, reads alternating between the modes never go
 * backwards and stay within the instructions run between them, also after
 * a PAPI_reset (a reset ioctl left arm64's perf page 2^32 off for user
 * reads: pe_group.c rebases instead). */
#include "ctest_util.h"

#include <string.h>

#define EVENTS 3
#define PAGES  64

#ifdef PAPILLON
static void read_in_mode(int eventset, int mode, long long *values)
{
	CHECK_OK(PAPI_set_user_read(eventset, mode));
	CHECK_OK(PAPI_read(eventset, values));
}

static void expect_same(const long long *a, const long long *b, const char *what)
{
	for (int i = 0; i < EVENTS; i++)
		FAIL_IF(a[i] != b[i], "%s: event %d read %lld, then %lld", what, i, a[i], b[i]);
}

static void check_instructions(void)
{
	const char *const names[] = {"perf::INSTRUCTIONS"};
	long long previous = 0, value;
	int eventset = PAPI_NULL;

	CHECK_OK(PAPI_create_eventset(&eventset));
	if (PAPI_add_named_event(eventset, names[0]) != PAPI_OK) {
		ctest_note("perf::INSTRUCTIONS does not count here: not checked");
		CHECK_OK(PAPI_destroy_eventset(&eventset));
		return;
	}
	CHECK_OK(PAPI_start(eventset));
	for (int round = 0; round < 20; round++) {
		read_in_mode(eventset, round % 2 ? PAPI_USER_READ_OFF : PAPI_USER_READ_AUTO,
		             &value);
		FAIL_IF(value < previous,
		        "round %d: perf::INSTRUCTIONS went back from %lld to %lld", round, previous,
		        value);
		/* A read and a mode switch are far below a million instructions. */
		FAIL_IF(round > 0 && value - previous > 1000000,
		        "round %d: perf::INSTRUCTIONS jumped from %lld to %lld", round, previous,
		        value);
		previous = value;
	}
	/* After a reset both modes start again from (almost) zero. */
	CHECK_OK(PAPI_reset(eventset));
	read_in_mode(eventset, PAPI_USER_READ_AUTO, &previous);
	read_in_mode(eventset, PAPI_USER_READ_OFF, &value);
	FAIL_IF(previous < 0 || previous > 1000000 || value < previous ||
	            value - previous > 1000000,
	        "after PAPI_reset perf::INSTRUCTIONS read %lld (AUTO), then %lld (OFF)", previous,
	        value);
	previous = value;
	read_in_mode(eventset, PAPI_USER_READ_AUTO, &value);
	FAIL_IF(value < previous || value - previous > 1000000,
	        "after PAPI_reset perf::INSTRUCTIONS read %lld (OFF), then %lld (AUTO)", previous,
	        value);
	previous = value;
	CHECK_OK(PAPI_stop(eventset, &value));
	FAIL_IF(value < previous, "stop read %lld after %lld", value, previous);
	ctest_note("perf::INSTRUCTIONS: %lld at stop", value);
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

	for (int round = 0; round < 3; round++) {
		read_in_mode(eventset, PAPI_USER_READ_AUTO, automatic);
		read_in_mode(eventset, PAPI_USER_READ_OFF, off);
		read_in_mode(eventset, PAPI_USER_READ_AUTO, again);
		expect_same(automatic, off, "AUTO then OFF");
		expect_same(off, again, "OFF then AUTO");

		char *pages = ctest_fresh_pages(PAGES);
		ctest_touch_pages(pages, PAGES);
		read_in_mode(eventset, round % 2 ? PAPI_USER_READ_OFF : PAPI_USER_READ_AUTO, off);
		read_in_mode(eventset, round % 2 ? PAPI_USER_READ_AUTO : PAPI_USER_READ_OFF, again);
		expect_same(off, again, "after touching pages");
		FAIL_IF(again[0] - automatic[0] < PAGES,
		        "round %d: %d fresh pages touched, PAGE-FAULTS went from %lld to %lld",
		        round, PAGES, automatic[0], again[0]);
		ctest_free_pages(pages, PAGES);
		ctest_note("round %d: PAGE-FAULTS %lld -> %lld", round, automatic[0], again[0]);
	}

	/* accum in either mode gives the counts since the last accum. */
	read_in_mode(eventset, PAPI_USER_READ_AUTO, automatic);
	memset(accumulated, 0, sizeof(accumulated));
	CHECK_OK(PAPI_accum(eventset, accumulated));
	expect_same(automatic, accumulated, "read then accum (AUTO)");
	CHECK_OK(PAPI_set_user_read(eventset, PAPI_USER_READ_OFF));
	memset(accumulated, 0, sizeof(accumulated));
	CHECK_OK(PAPI_accum(eventset, accumulated));
	memset(automatic, 0, sizeof(automatic));
	expect_same(automatic, accumulated, "a second accum (OFF)");

	read_in_mode(eventset, PAPI_USER_READ_AUTO, again);
	CHECK_OK(PAPI_stop(eventset, stopped));
	expect_same(again, stopped, "read then stop");
	ctest_eventset_free(&eventset);

	check_instructions();
	ctest_pass();
}
#else
CTEST_MAIN_WITHOUT_PAPILLON("PAPI_set_user_read")
#endif
