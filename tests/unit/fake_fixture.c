// SPDX-License-Identifier: BSD-3-Clause
/* The unit tests' shared set-up over the fake components (fake_fixture.h). */
#include <stdarg.h>
#include <stdio.h>

#include <CUnit/Basic.h>

#include "papi.h"
#include "fake_component.h"
#include "fake_fixture.h"
#include "unit_assert.h"

/* Above any event set id that a test of the fakes makes. */
#define FIXTURE_MAX_SET_ID 64

int fake_event_code(int component, int kind)
{
	char name[64];
	snprintf(name, sizeof(name), "%s::E%d", fake_names[component], kind);
	int code = PAPI_NULL;
	UNIT_ASSERT_OK_FATAL(PAPI_event_name_to_code(name, &code));
	return code;
}

int fake_new_set(int component, int count, ...)
{
	int set = PAPI_NULL;
	UNIT_ASSERT_OK_FATAL(PAPI_create_eventset(&set));
	va_list kinds;
	va_start(kinds, count);
	for (int i = 0; i < count; i++)
		UNIT_ASSERT_OK_FATAL(
		    PAPI_add_event(set, fake_event_code(component, va_arg(kinds, int))));
	va_end(kinds);
	return set;
}

void fake_destroy_set(int *set)
{
	UNIT_ASSERT_OK(PAPI_cleanup_eventset(*set));
	UNIT_ASSERT_OK(PAPI_destroy_eventset(set));
	CU_ASSERT_EQUAL(*set, PAPI_NULL);
}

int fake_suite_init(void)
{
	fake_reset_state();
	return PAPI_library_init(PAPI_VER_CURRENT) == PAPI_VER_CURRENT ? 0 : -1;
}

int fake_suite_cleanup(void)
{
	PAPI_shutdown();
	return 0;
}

void fake_before_test(void)
{
	fake_reset_state();
}

void fake_after_test(void)
{
	for (int id = 0; id < FIXTURE_MAX_SET_ID; id++) {
		int state;
		if (PAPI_state(id, &state) != PAPI_OK)
			continue;
		if (state & PAPI_RUNNING)
			PAPI_stop(id, NULL);
		PAPI_cleanup_eventset(id);
		int doomed = id;
		PAPI_destroy_eventset(&doomed);
	}
	for (int c = 0; c < FAKE_COMPONENTS; c++) {
		char text[128];
		snprintf(text, sizeof(text), "%s was called in a wrong state %d times",
		         fake_names[c], fake_states[c].misuse);
		CU_assertImplementation(fake_states[c].misuse == 0, __LINE__, text, __FILE__, "",
		                        CU_FALSE);
	}
}

CU_pSuite fake_suite(const char *name)
{
	return CU_add_suite_with_setup_and_teardown(name, fake_suite_init, fake_suite_cleanup,
	                                            fake_before_test, fake_after_test);
}

bool fake_add_tests(CU_pSuite suite, const struct unit_test *tests, size_t count)
{
	for (size_t i = 0; suite && i < count; i++)
		if (!CU_add_test(suite, tests[i].name, tests[i].function))
			suite = NULL;
	if (!suite)
		fprintf(stderr, "cannot register the tests: %s\n", CU_get_error_msg());
	return suite != NULL;
}
