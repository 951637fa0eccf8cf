// SPDX-License-Identifier: BSD-3-Clause
/* Helpers shared by the CUnit unit tests: assertions that say what they got,
 * skipping a test with a reason, and a main() that fails the program when
 * any assertion failed (so automake's harness counts it). */
#ifndef PAPILLON_UNIT_ASSERT_H
#define PAPILLON_UNIT_ASSERT_H

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <CUnit/Basic.h>

#include "papi.h"

static inline const char *unit_error_name(int code)
{
	static const char *const names[] = {
	    "PAPI_OK",         "PAPI_EINVAL",        "PAPI_ENOMEM",      "PAPI_ESYS",
	    "PAPI_ECMP",       "PAPI_ECLOST",        "PAPI_EBUG",        "PAPI_ENOEVNT",
	    "PAPI_ECNFLCT",    "PAPI_ENOTRUN",       "PAPI_EISRUN",      "PAPI_ENOEVST",
	    "PAPI_ENOTPRESET", "PAPI_ENOCNTR",       "PAPI_EMISC",       "PAPI_EPERM",
	    "PAPI_ENOINIT",    "PAPI_ENOCMP",        "PAPI_ENOSUPP",     "PAPI_ENOIMPL",
	    "PAPI_EBUF",       "PAPI_EINVAL_DOM",    "PAPI_EATTR",       "PAPI_ECOUNT",
	    "PAPI_ECOMBO",     "PAPI_ECMP_DISABLED", "PAPI_EDELAY_INIT", "PAPI_EMULPASS",
	};
	if (code <= 0 && code > -(int)(sizeof(names) / sizeof(names[0])))
		return names[-code];
	return "not an error code";
}

static inline void unit_assert_status(int got, int expected, const char *expression, unsigned line,
                                      const char *file, CU_BOOL fatal)
{
	char text[512];
	snprintf(text, sizeof(text), "%s returned %d (%s), expected %d (%s)", expression, got,
	         unit_error_name(got), expected, unit_error_name(expected));
	CU_assertImplementation(got == expected, line, text, file, "", fatal);
}

/* expression must return expected; the failure shows both codes by name. */
#define UNIT_ASSERT_STATUS(expression, expected)                                                   \
	unit_assert_status((expression), (expected), #expression, __LINE__, __FILE__, CU_FALSE)
#define UNIT_ASSERT_STATUS_FATAL(expression, expected)                                             \
	unit_assert_status((expression), (expected), #expression, __LINE__, __FILE__, CU_TRUE)
#define UNIT_ASSERT_OK(expression)       UNIT_ASSERT_STATUS(expression, PAPI_OK)
#define UNIT_ASSERT_OK_FATAL(expression) UNIT_ASSERT_STATUS_FATAL(expression, PAPI_OK)

static inline void unit_assert_values(const long long *got, const long long *expected, int count,
                                      const char *expression, unsigned line, const char *file)
{
	for (int i = 0; i < count; i++) {
		char text[512];
		snprintf(text, sizeof(text), "%s[%d] is %lld, expected %lld", expression, i, got[i],
		         expected[i]);
		CU_assertImplementation(got[i] == expected[i], line, text, file, "", CU_FALSE);
	}
}

/* The first N elements of got equal the N values listed. */
#define UNIT_ASSERT_VALUES(got, ...)                                                               \
	unit_assert_values((got), (const long long[]){__VA_ARGS__},                                \
	                   (int)(sizeof((const long long[]){__VA_ARGS__}) / sizeof(long long)),    \
	                   #got, __LINE__, __FILE__)

/* Under Valgrind (CTEST_VALGRIND set in the environment, as scripts/memcheck
 * sets it for every program it runs, the ctests' ctest_under_valgrind()):
 * what the program sees of the machine may be Valgrind's (its synthetic
 * CPU's cpuid, its tool as /proc/self/exe), so a test that compares with
 * such a source must know. */
static inline bool unit_under_valgrind(void)
{
	const char *env = getenv("CTEST_VALGRIND");
	return env && *env;
}

/* CUnit 2.1 has no skip: a skipped test is made inactive (listed as such
 * in CUnit's run summary, not a failure), and remembered here so that the
 * verdict can count it. Each skip prints one line
 *     SKIPPED case "<test name>": <reason>
 * which the runners count as a skipped result of its own (scripts/test's
 * check part, lab/lib/results.sh, where lab/expectations.txt must allow
 * it: its case lines). A test may skip itself while it runs
 * (unit_skip(CU_get_current_test(), ...), then return): CUnit has counted
 * it as run by then, and the verdict takes it out of the passed ones. */
static unsigned unit_skipped_before_run, unit_skipped_while_running;

static inline void unit_skip(CU_pTest test, const char *reason)
{
	if (!test)
		return;
	bool running = CU_get_current_test() == test;
	/* While it runs, CUnit's "Test: name ..." waits for its result on the
	 * same line: the skip line must start a line of its own. */
	printf("%sSKIPPED case \"%s\": %s\n", running ? "\n" : "", test->pName, reason);
	fflush(stdout);
	if (running)
		unit_skipped_while_running++;
	else
		unit_skipped_before_run++;
	CU_set_test_active(test, CU_FALSE);
}

/* Runs the registered suites and prints the program's verdict line, the one
 * the runners read (a program without one fails, in the lab and on the
 * host): "FAILED: ..." with exit status 1 if anything failed; "SKIPPED: ..."
 * with status 77 (automake's skip) if every test was skipped; else
 * "PASSED: N tests" (and how many were skipped, each on its own line above). */
static inline int unit_run_all(void)
{
	if (CU_get_error() != CUE_SUCCESS) {
		printf("FAILED: CUnit: %s\n", CU_get_error_msg());
		CU_cleanup_registry();
		return 2;
	}
	CU_basic_set_mode(CU_BRM_VERBOSE);
	CU_set_fail_on_inactive(CU_FALSE);
	CU_basic_run_tests();
	/* Failure records also count suites whose set-up failed. */
	unsigned failures = CU_get_number_of_failures() + CU_get_number_of_failure_records();
	unsigned ran = CU_get_number_of_tests_run();
	unsigned failed = CU_get_number_of_tests_failed();
	unsigned suites_failed = CU_get_number_of_suites_failed();
	int error = CU_get_error();
	CU_cleanup_registry();
	unsigned skipped = unit_skipped_before_run + unit_skipped_while_running;
	unsigned passed = ran - failed - unit_skipped_while_running;
	if (failures > 0 || error != CUE_SUCCESS || ran < failed + unit_skipped_while_running) {
		printf("FAILED: %u of %u tests failed, %u suites failed (%u failure records)\n",
		       failed, ran, suites_failed, failures);
		return 1;
	}
	if (passed == 0 && skipped > 0) {
		printf("SKIPPED: all %u tests (reasons above)\n", skipped);
		return 77;
	}
	if (passed == 0) {
		printf("FAILED: no test ran\n");
		return 1;
	}
	printf("PASSED: %u tests", passed);
	if (skipped)
		printf(", %u skipped (each named above)", skipped);
	printf("\n");
	return 0;
}

#endif
