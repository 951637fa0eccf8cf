// SPDX-License-Identifier: BSD-3-Clause
/* Unknown, malformed, empty and overlong event names (5000 characters, far
 * beyond PAPI_HUGE_STR_LEN) are refused by every call that takes a name,
 * with PAPI_ENOEVNT (PAPI_EINVAL is also right for the overlong and empty
 * ones, PAPI_EATTR for a bad modifier), without crashing and without
 * changing the event set. */
#include "ctest_util.h"

#include <stdlib.h>
#include <string.h>

#define OVERLONG 5000

enum refusal {
	UNKNOWN,      /* PAPI_ENOEVNT only */
	BAD_MODIFIER, /* PAPI_ENOEVNT or PAPI_EATTR */
	BAD_LENGTH,   /* PAPI_ENOEVNT or PAPI_EINVAL (or PAPI_EATTR after a modifier) */
};

static bool acceptable(int rc, enum refusal kind)
{
	switch (kind) {
	case UNKNOWN:
		return rc == PAPI_ENOEVNT;
	case BAD_MODIFIER:
		return rc == PAPI_ENOEVNT || rc == PAPI_EATTR;
	case BAD_LENGTH:
		return rc == PAPI_ENOEVNT || rc == PAPI_EINVAL || rc == PAPI_EATTR;
	}
	return false;
}

static void check_refused(int eventset, const char *name, enum refusal kind)
{
	int code = 0x12345;
	int rc;

	rc = PAPI_event_name_to_code(name, &code);
	FAIL_IF(!acceptable(rc, kind), "PAPI_event_name_to_code(\"%.40s\"...) returned %s", name,
	        ctest_errname(rc));
	rc = PAPI_query_named_event(name);
	FAIL_IF(!acceptable(rc, kind), "PAPI_query_named_event(\"%.40s\"...) returned %s", name,
	        ctest_errname(rc));
	rc = PAPI_add_named_event(eventset, name);
	FAIL_IF(!acceptable(rc, kind), "PAPI_add_named_event(\"%.40s\"...) returned %s", name,
	        ctest_errname(rc));
	rc = PAPI_remove_named_event(eventset, name);
	FAIL_IF(!acceptable(rc, kind), "PAPI_remove_named_event(\"%.40s\"...) returned %s", name,
	        ctest_errname(rc));
	rc = PAPI_num_events(eventset);
	FAIL_IF(rc != 1, "after refusing \"%.40s\"... the event set holds %s events, expected 1",
	        name, ctest_errname(rc));
}

int main(int argc, char **argv)
{
	static const char *const unknown[] = {
	    "perf::NO-SUCH-EVENT",
	    "nosuchpmu::TASK-CLOCK",
	    "PAPI_NOT_A_PRESET",
	    "NO_SUCH_EVENT_ANYWHERE",
	    "perf:::TASK-CLOCK",
	    "::",
	    ":",
	    "perf::",
	    "perf::TASK CLOCK",
	    "%s%s%s%n",
	};
	static const char *const bad_modifiers[] = {
	    "perf::TASK-CLOCK:nosuchmodifier",
	    "perf::TASK-CLOCK:u=banana",
	    "perf::TASK-CLOCK::::",
	    "perf::TASK-CLOCK\n",
	};
	const char *const valid[] = {"perf::TASK-CLOCK"};
	static const char *const long_prefixes[] = {"", "perf::", "perf::TASK-CLOCK:", "PAPI_",
	                                            "msr::"};
	char *overlong = malloc(OVERLONG + 64);
	long long value = 0;
	int eventset;

	ctest_init(argc, argv);
	ctest_library_init();
	ctest_require_perf_events();
	FAIL_IF(overlong == NULL, "out of memory");

	eventset = ctest_eventset_of(valid, 1);
	for (size_t i = 0; i < sizeof(unknown) / sizeof(unknown[0]); i++)
		check_refused(eventset, unknown[i], UNKNOWN);
	for (size_t i = 0; i < sizeof(bad_modifiers) / sizeof(bad_modifiers[0]); i++)
		check_refused(eventset, bad_modifiers[i], BAD_MODIFIER);
	check_refused(eventset, "", BAD_LENGTH);

	for (size_t i = 0; i < sizeof(long_prefixes) / sizeof(long_prefixes[0]); i++) {
		size_t prefix = strlen(long_prefixes[i]);

		memcpy(overlong, long_prefixes[i], prefix);
		memset(overlong + prefix, 'A', OVERLONG);
		overlong[prefix + OVERLONG] = '\0';
		check_refused(eventset, overlong, BAD_LENGTH);
	}
	/* A valid name followed by a long run of modifiers. */
	strcpy(overlong, "perf::TASK-CLOCK");
	while (strlen(overlong) < OVERLONG)
		strcat(overlong, ":u");
	check_refused(eventset, overlong, BAD_LENGTH);
	free(overlong);

	CHECK_OK(PAPI_start(eventset));
	ctest_busy_cpu_ns(5000000);
	CHECK_OK(PAPI_stop(eventset, &value));
	FAIL_IF(value <= 0, "the event set counted %lld after the refused names", value);
	ctest_eventset_free(&eventset);

	ctest_pass();
}
