// SPDX-License-Identifier: BSD-3-Clause
/* The qualifiers of native events (PAPI_NTV_ENUM_UMASKS), exactly as
 * PAPI 7.2 lists them: for a libpfm4 event, its unit masks, then every
 * modifier, the PMU's and perf_event's, as a setting with value 0, in
 * libpfm4's order. The expected lists are Debian unstable's PAPI 7.2
 * (papi_native_avail -e EVENT, libpapi.so.7.2 with the same
 * LIBPFM_FORCE_PMU), so that they do not depend on the host's CPU: perf_event's
 * own events (libpfm4's perf PMU, present on every Linux), and on x86
 * Skylake-SP's table forced (skx) in a child process: libpfm4 reads
 * LIBPFM_FORCE_PMU at its first initialization only, and a forced table
 * hides the perf PMU. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <CUnit/Basic.h>

#include "papi.h"
#include "unit_assert.h"

#if defined(__x86_64__) || defined(__i386__)
#define FORCED_PMU "skx"
#endif

struct expected_qualifiers {
	const char *event;
	const char *const *names; /* NULL-terminated */
	/* Where the list depends on the host's core PMU: the other exact list
	 * it may be (NULL: none). */
	const char *const *or_names;
};

static const char *const task_clock[] = {
    ":u=0",  ":k=0",  ":period=0", ":freq=0",   ":excl=0",
    ":mg=0", ":mh=0", ":cpu=0",    ":pinned=0", NULL,
};

#ifdef FORCED_PMU
static const char *const skx_branches[] = {
    ":CONDITIONAL", ":COND",       ":NEAR_CALL",  ":ALL_BRANCHES", ":NEAR_RETURN",
    ":NOT_TAKEN",   ":NEAR_TAKEN", ":FAR_BRANCH", ":e=0",          ":i=0",
    ":c=0",         ":t=0",        ":intx=0",     ":intxcp=0",     ":u=0",
    ":k=0",         ":period=0",   ":freq=0",     ":precise=0",    ":excl=0",
    ":mg=0",        ":mh=0",       ":cpu=0",      ":pinned=0",     NULL,
};

#endif

/* A hardware event's privilege levels are those of the core PMU libpfm4
 * detects: AMD's have a hypervisor level (:h), the lab's x86_64 guest's and
 * Arm's have not, and the core PMU cannot be forced for perf's own events
 * (with LIBPFM_FORCE_PMU they do not resolve at all). So the list is one of
 * two exact ones, the same but for :h=0. */
static const char *const hw_cycles[] = {
    ":u=0",  ":k=0",  ":period=0", ":freq=0",   ":precise=0", ":excl=0",
    ":mg=0", ":mh=0", ":cpu=0",    ":pinned=0", NULL,
};
static const char *const hw_cycles_hypervisor[] = {
    ":u=0",    ":k=0",  ":h=0",  ":period=0", ":freq=0",   ":precise=0",
    ":excl=0", ":mg=0", ":mh=0", ":cpu=0",    ":pinned=0", NULL,
};

static const struct expected_qualifiers perf_expected[] = {
    {"perf::TASK-CLOCK", task_clock, NULL},
    {"perf::PERF_COUNT_HW_CPU_CYCLES", hw_cycles, hw_cycles_hypervisor},
};

/* True if EVENT's qualifier walk from CODE in component CIDX gives exactly
 * NAMES. */
static bool walk_matches(const char *event, int code, int cidx, const char *const *names)
{
	size_t base = strlen(event);
	int index = 0;
	while (PAPI_enum_cmp_event(&code, PAPI_NTV_ENUM_UMASKS, cidx) == PAPI_OK) {
		char name[PAPI_MAX_STR_LEN];
		if (PAPI_event_code_to_name(code, name) != PAPI_OK || names[index] == NULL ||
		    strncmp(name, event, base) != 0 || strcmp(name + base, names[index]) != 0)
			return false;
		index++;
	}
	return names[index] == NULL;
}

static int init_library(void)
{
	return PAPI_library_init(PAPI_VER_CURRENT) == PAPI_VER_CURRENT ? 0 : -1;
}

static int shutdown_library(void)
{
	PAPI_shutdown();
	return 0;
}

/* Non-fatal assertions only: check_forced_table runs in a child, where a
 * fatal one would jump back into CUnit's runner and run the other tests
 * there too. */
static void check_listed(const struct expected_qualifiers *wanted)
{
	int code = PAPI_NULL;
	char text[PAPI_HUGE_STR_LEN * 2];
	int status = PAPI_event_name_to_code(wanted->event, &code);
	snprintf(text, sizeof(text), "%s: %d (%s)", wanted->event, status, PAPI_strreason());
	CU_assertImplementation(status == PAPI_OK, __LINE__, text, __FILE__, "", CU_FALSE);
	if (status != PAPI_OK)
		return;
	int cidx = PAPI_get_event_component(code);
	struct expected_qualifiers chosen = *wanted;
	if (wanted->or_names && walk_matches(wanted->event, code, cidx, wanted->or_names))
		chosen.names = wanted->or_names;
	wanted = &chosen;
	size_t base = strlen(wanted->event);
	int qualifier = code;
	int index = 0;
	while (PAPI_enum_cmp_event(&qualifier, PAPI_NTV_ENUM_UMASKS, cidx) == PAPI_OK) {
		char name[PAPI_MAX_STR_LEN];
		status = PAPI_event_code_to_name(qualifier, name);
		snprintf(text, sizeof(text), "%s: qualifier %d is %s, expected %s", wanted->event,
		         index, status == PAPI_OK ? name : "unnamed",
		         wanted->names[index] ? wanted->names[index] : "none");
		bool same = status == PAPI_OK && wanted->names[index] &&
		            strncmp(name, wanted->event, base) == 0 &&
		            strcmp(name + base, wanted->names[index]) == 0;
		CU_assertImplementation(same, __LINE__, text, __FILE__, "", CU_FALSE);
		if (!same)
			return;
		/* Each listed qualifier is a name that resolves to itself. */
		int again = PAPI_NULL;
		CU_ASSERT_EQUAL(PAPI_event_name_to_code(name, &again), PAPI_OK);
		CU_ASSERT_EQUAL(again, qualifier);
		index++;
	}
	snprintf(text, sizeof(text), "%s lists %d qualifiers, expected more (next: %s)",
	         wanted->event, index, wanted->names[index] ? wanted->names[index] : "");
	CU_assertImplementation(wanted->names[index] == NULL, __LINE__, text, __FILE__, "",
	                        CU_FALSE);

	/* PAPI_get_event_info's quals: the first PAPI_MAX_COMP_QUALS of them,
	 * in that order, each with its own description. */
	PAPI_event_info_t info;
	CU_ASSERT_EQUAL(PAPI_get_event_info(code, &info), PAPI_OK);
	int expected_count = index < PAPI_MAX_COMP_QUALS ? index : PAPI_MAX_COMP_QUALS;
	CU_ASSERT_EQUAL(info.num_quals, expected_count);
	for (int q = 0; q < info.num_quals && q < expected_count; q++) {
		snprintf(text, sizeof(text), "%s: quals[%d] is '%s' ('%s'), expected %s",
		         wanted->event, q, info.quals[q], info.quals_descrs[q], wanted->names[q]);
		CU_assertImplementation(strcmp(info.quals[q], wanted->names[q]) == 0 &&
		                            info.quals_descrs[q][0] != '\0' &&
		                            strstr(info.quals_descrs[q], "masks:") == NULL,
		                        __LINE__, text, __FILE__, "", CU_FALSE);
	}
}

static void test_perf_lists(void)
{
	for (size_t i = 0; i < sizeof(perf_expected) / sizeof(perf_expected[0]); i++)
		check_listed(&perf_expected[i]);
}

/* A qualifier's description is its own, after the event's ("masks:"), as
 * PAPI 7.2's papi_native_avail cuts it. */
static void test_descriptions(void)
{
	int code = PAPI_NULL;
	UNIT_ASSERT_OK_FATAL(PAPI_event_name_to_code("perf::TASK-CLOCK:period=0", &code));
	PAPI_event_info_t info;
	UNIT_ASSERT_OK_FATAL(PAPI_get_event_info(code, &info));
	CU_ASSERT_STRING_EQUAL(info.symbol, "perf::TASK-CLOCK:period=0");
	/* A qualified name is one choice of qualifiers: it lists none. */
	CU_ASSERT_EQUAL(info.num_quals, 0);
	UNIT_ASSERT_OK_FATAL(PAPI_event_name_to_code("perf::TASK-CLOCK", &code));
	UNIT_ASSERT_OK_FATAL(PAPI_get_event_info(code, &info));
	CU_ASSERT_STRING_EQUAL(info.quals[0], ":u=0");
	CU_ASSERT_STRING_EQUAL(info.quals_descrs[0], "monitor at user level");
	CU_ASSERT_STRING_EQUAL(info.quals[2], ":period=0");
	CU_ASSERT_STRING_EQUAL(info.quals_descrs[2], "sampling period");
}

/* perf_event has no other walk below an event (combinations, address
 * ranges, opcode matching, event address registers, groups): each is
 * PAPI_EINVAL, as in PAPI 7.2. */
static void test_other_walks(void)
{
	static const int modifiers[] = {
	    PAPI_NTV_ENUM_UMASK_COMBOS, PAPI_NTV_ENUM_IARR, PAPI_NTV_ENUM_DARR,
	    PAPI_NTV_ENUM_OPCM,         PAPI_NTV_ENUM_IEAR, PAPI_NTV_ENUM_DEAR,
	    PAPI_NTV_ENUM_GROUPS,
	};
	int event = PAPI_NULL;
	UNIT_ASSERT_OK_FATAL(PAPI_event_name_to_code("perf::TASK-CLOCK", &event));
	for (size_t i = 0; i < sizeof(modifiers) / sizeof(modifiers[0]); i++) {
		int code = event;
		CU_ASSERT_EQUAL(PAPI_enum_event(&code, modifiers[i]), PAPI_EINVAL);
		CU_ASSERT_EQUAL(code, event);
	}
}

#ifdef FORCED_PMU
static void check_forced_table(void)
{
	static const struct expected_qualifiers branches = {"skx::BR_INST_RETIRED", skx_branches,
	                                                    NULL};
	check_listed(&branches);
	int event = PAPI_NULL, qualifier = PAPI_NULL;
	PAPI_event_info_t info;
	memset(&info, 0, sizeof(info));
	if (PAPI_event_name_to_code("skx::BR_INST_RETIRED", &event) == PAPI_OK) {
		qualifier = event;
		if (PAPI_enum_cmp_event(&qualifier, PAPI_NTV_ENUM_UMASKS,
		                        PAPI_get_event_component(event)) != PAPI_OK ||
		    PAPI_get_event_info(qualifier, &info) != PAPI_OK)
			info.long_descr[0] = '\0';
	}
	const char *masks = strstr(info.long_descr, "masks:");
	CU_ASSERT_PTR_NOT_NULL(masks);
	if (masks)
		CU_ASSERT_STRING_EQUAL(masks + strlen("masks:"),
		                       "Counts all taken and not taken macro conditional branch "
		                       "instructions");
}

/* The forced table's checks in a child that initializes the library (and
 * libpfm4) itself; it prints its failures and exits with their count. */
static void test_forced_table(void)
{
	fflush(NULL);
	pid_t child = fork();
	CU_ASSERT_FATAL(child >= 0);
	if (child == 0) {
		unsigned before = CU_get_number_of_failures();
		if (setenv("LIBPFM_FORCE_PMU", FORCED_PMU, 1) != 0 ||
		    PAPI_library_init(PAPI_VER_CURRENT) != PAPI_VER_CURRENT) {
			fprintf(stderr, "child: cannot start the library with %s forced\n",
			        FORCED_PMU);
			_exit(100);
		}
		check_forced_table();
		unsigned failed = CU_get_number_of_failures() - before;
		for (CU_pFailureRecord record = CU_get_failure_list(); record;
		     record = record->pNext)
			fprintf(stderr, "child (%s forced): %s:%u %s\n", FORCED_PMU,
			        record->strFileName, record->uiLineNumber, record->strCondition);
		fflush(NULL);
		_exit(failed > 99 ? 99 : (int)failed);
	}
	int status = 0;
	CU_ASSERT_EQUAL_FATAL(waitpid(child, &status, 0), child);
	CU_ASSERT_TRUE(WIFEXITED(status));
	CU_ASSERT_EQUAL(WEXITSTATUS(status), 0);
}
#endif

int main(void)
{
	if (CU_initialize_registry() != CUE_SUCCESS)
		return 2;
#ifdef FORCED_PMU
	/* First, before this process starts libpfm4. */
	CU_pSuite forced = CU_add_suite("qualifiers of " FORCED_PMU " (forced)", NULL, NULL);
	if (!forced || !CU_add_test(forced, "exact lists", test_forced_table))
		fprintf(stderr, "cannot register the tests: %s\n", CU_get_error_msg());
#endif
	CU_pSuite suite =
	    CU_add_suite("qualifiers of perf_event's events", init_library, shutdown_library);
	if (!suite || !CU_add_test(suite, "exact lists", test_perf_lists) ||
	    !CU_add_test(suite, "descriptions", test_descriptions) ||
	    !CU_add_test(suite, "other walks", test_other_walks))
		fprintf(stderr, "cannot register the tests: %s\n", CU_get_error_msg());
	return unit_run_all();
}
