// SPDX-License-Identifier: BSD-3-Clause
/* The set-up that the unit tests of the core over the fake components
 * (fake_component.h) share: the library initialised for a suite, the
 * fakes reset before each test, whatever a test left behind removed after
 * it, and event sets of <fake>::E<kind> events made in one call. */
#ifndef PAPILLON_FAKE_FIXTURE_H
#define PAPILLON_FAKE_FIXTURE_H

#include <stdbool.h>
#include <stddef.h>

#include <CUnit/CUnit.h>

/* The code of <fake_names[component]>::E<kind>; fails the test if none. */
int fake_event_code(int component, int kind);

/* A new event set of component's events E<kind>, in the order given. */
int fake_new_set(int component, int count, ...);

/* Cleans up and destroys *set, which must then be PAPI_NULL. */
void fake_destroy_set(int *set);

/* CUnit's suite set-up and clean-up: the library over the fakes. */
int fake_suite_init(void);
int fake_suite_cleanup(void);

/* CUnit's test set-up and tear-down: the fakes reset; after the test,
 * every event set removed (after a fatal assertion, say) and no fake
 * called in a state where the core must not call it. */
void fake_before_test(void);
void fake_after_test(void);

/* A test of a suite, TEST(function) named after its function. */
struct unit_test {
	const char *name;
	CU_TestFunc function;
};
#define TEST(function)                                                                             \
	{                                                                                          \
#function, function                                                                \
	}

/* A new suite with the set-up and tear-down above (NULL where CUnit
 * cannot make it). */
CU_pSuite fake_suite(const char *name);
/* Adds count tests to suite; false, with CUnit's error on stderr, where
 * the suite is NULL or a test cannot be added (unit_run_all then fails). */
bool fake_add_tests(CU_pSuite suite, const struct unit_test *tests, size_t count);
/* An array of struct unit_test as fake_add_tests's tests and count. */
#define FAKE_TESTS(array) (array), sizeof(array) / sizeof((array)[0])

#endif
