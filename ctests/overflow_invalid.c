// SPDX-License-Identifier: BSD-3-Clause
/* PAPI_overflow and PAPI_get_overflow_event_index refuse bad input with
 * precise errors: unknown set, negative threshold, no handler, an event not
 * in the set, unknown flags, a running set, turning off what is not on,
 * removing an overflowing event, mixing with software multiplexing, another
 * thread's set, a derived preset in hardware (when one exists here), and
 * empty or malformed vectors and arrays. */
#include "ctest_util.h"

#include <pthread.h>
#include <string.h>

static void handler(int eventset, void *address, long long vector, void *context)
{
	(void)eventset;
	(void)address;
	(void)vector;
	(void)context;
}

static int shared_set;
static int foreign_rc;

static void *other_thread(void *arg)
{
	(void)arg;
	int code;
	PAPI_event_name_to_code("perf::TASK-CLOCK", &code);
	foreign_rc = PAPI_overflow(shared_set, code, 1000000, 0, handler);
	return NULL;
}

/* A derived preset that can be added here, or 0. */
static int find_derived_preset(int eventset)
{
	int code = PAPI_PRESET_MASK;
	if (PAPI_enum_event(&code, PAPI_ENUM_FIRST) != PAPI_OK)
		return 0;
	do {
		PAPI_event_info_t info;
		if (PAPI_get_event_info(code, &info) == PAPI_OK && info.count > 1 &&
		    strcmp(info.derived, "NOT_DERIVED") != 0 &&
		    PAPI_add_event(eventset, code) == PAPI_OK)
			return code;
	} while (PAPI_enum_event(&code, PAPI_PRESET_ENUM_AVAIL) == PAPI_OK);
	return 0;
}

int main(int argc, char **argv)
{
	const char *const names[] = {"perf::TASK-CLOCK", "perf::PAGE-FAULTS"};
	int eventset, code, faults, other_code, array[4], number;
	long long values[2];
	pthread_t thread;

	ctest_init(argc, argv);
	ctest_library_init();
	ctest_require_perf_events();
	eventset = ctest_eventset_of(names, 2);
	CHECK_OK(PAPI_event_name_to_code("perf::TASK-CLOCK", &code));
	CHECK_OK(PAPI_event_name_to_code("perf::PAGE-FAULTS", &faults));
	CHECK_OK(PAPI_event_name_to_code("perf::CPU-CLOCK", &other_code));

	EXPECT_RC(PAPI_overflow(4242, code, 1000, 0, handler), PAPI_ENOEVST);
	EXPECT_RC(PAPI_overflow(eventset, code, -1, 0, handler), PAPI_EINVAL);
	EXPECT_RC(PAPI_overflow(eventset, code, 1000000, 0, NULL), PAPI_EINVAL);
	EXPECT_RC(PAPI_overflow(eventset, other_code, 1000000, 0, handler), PAPI_ENOEVNT);
	EXPECT_RC(PAPI_overflow(eventset, code, 1000000, 0x1000, handler), PAPI_EINVAL);
	EXPECT_RC(PAPI_overflow(eventset, code, 1000000,
	                        PAPI_OVERFLOW_FORCE_SW | PAPI_OVERFLOW_HARDWARE, handler),
	          PAPI_EINVAL);
	EXPECT_RC(PAPI_overflow(eventset, code, 0, 0, handler), PAPI_EINVAL);

	CHECK_OK(PAPI_start(eventset));
	EXPECT_RC(PAPI_overflow(eventset, code, 1000000, 0, handler), PAPI_EISRUN);
	CHECK_OK(PAPI_stop(eventset, values));

	CHECK_OK(PAPI_overflow(eventset, code, 1000000, 0, handler));
	EXPECT_RC(PAPI_remove_event(eventset, code), PAPI_EINVAL);
	EXPECT_RC(PAPI_set_multiplex(eventset), PAPI_ECNFLCT);

	/* Another thread may not arm this thread's set. */
	shared_set = eventset;
	FAIL_IF(pthread_create(&thread, NULL, other_thread, NULL) != 0, "pthread_create failed");
	pthread_join(thread, NULL);
	FAIL_IF(foreign_rc != PAPI_EINVAL, "overflow from another thread returned %s",
	        ctest_errname(foreign_rc));

	number = 4;
	EXPECT_RC(PAPI_get_overflow_event_index(4242, 1, array, &number), PAPI_ENOEVST);
	EXPECT_RC(PAPI_get_overflow_event_index(eventset, 0, array, &number), PAPI_EINVAL);
	EXPECT_RC(PAPI_get_overflow_event_index(eventset, 1, NULL, &number), PAPI_EINVAL);
	EXPECT_RC(PAPI_get_overflow_event_index(eventset, 1, array, NULL), PAPI_EINVAL);
	number = 0;
	EXPECT_RC(PAPI_get_overflow_event_index(eventset, 1, array, &number), PAPI_EINVAL);
	number = 4;
	CHECK_OK(PAPI_get_overflow_event_index(eventset, 1 << 1, array, &number));
	FAIL_IF(number != 1 || array[0] != 1, "bit 1 maps to %d indexes, first %d", number,
	        array[0]);
	CHECK_OK(PAPI_overflow(eventset, code, 0, 0, handler));
	CHECK_OK(PAPI_remove_event(eventset, code));

	/* A software-multiplexed set cannot overflow. */
	{
		int mpx_set = ctest_software_multiplexed_eventset(0);
		CHECK_OK(PAPI_add_event(mpx_set, code));
		EXPECT_RC(PAPI_overflow(mpx_set, code, 1000000, 0, handler), PAPI_ECNFLCT);
		ctest_eventset_free(&mpx_set);
	}

	/* A derived preset overflows in software only. */
	{
		int derived_set = PAPI_NULL, derived;
		CHECK_OK(PAPI_create_eventset(&derived_set));
		derived = find_derived_preset(derived_set);
		if (derived) {
			EXPECT_RC(PAPI_overflow(derived_set, derived, 1000, 0, handler),
			          PAPI_EINVAL);
			CHECK_OK(PAPI_overflow(derived_set, derived, 1000, PAPI_OVERFLOW_FORCE_SW,
			                       handler));
			CHECK_OK(PAPI_overflow(derived_set, derived, 0, 0, handler));
			CHECK_OK(PAPI_cleanup_eventset(derived_set));
		} else {
			ctest_note("no derived preset can count here: that case is not tried");
		}
		CHECK_OK(PAPI_destroy_eventset(&derived_set));
	}

	number = 4;
	EXPECT_RC(PAPI_get_overflow_event_index(eventset, 1, array, &number), PAPI_OK);
	CHECK_OK(PAPI_remove_event(eventset, faults));
	number = 4;
	EXPECT_RC(PAPI_get_overflow_event_index(eventset, 1, array, &number), PAPI_EINVAL);
	CHECK_OK(PAPI_destroy_eventset(&eventset));
	ctest_pass();
}
