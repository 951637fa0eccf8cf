// SPDX-License-Identifier: BSD-3-Clause
/* On a machine without a core PMU (a VM whose hypervisor exposes none), a
 * hardware event cannot be added: the error is one PAPI uses for "cannot
 * count this", the reason names the missing PMU, and the event set keeps
 * its other events and still counts. */
#include "ctest_util.h"

#include <string.h>

static bool is_cannot_count_error(int rc)
{
	return rc == PAPI_ENOEVNT || rc == PAPI_ECNFLCT || rc == PAPI_ENOSUPP ||
	       rc == PAPI_ENOCNTR || rc == PAPI_ECMP;
}

int main(int argc, char **argv)
{
	static const char *const hardware_events[] = {
	    "perf::CYCLES",
	    "perf::INSTRUCTIONS",
	    "perf::PERF_COUNT_HW_CPU_CYCLES",
	    "perf::BRANCH-MISSES",
	};
	const char *const software[] = {"perf::TASK-CLOCK"};
	long long value = 0;
	int eventset;
	int rc;

	ctest_init(argc, argv);
	SKIP_IF(ctest_have_core_pmu(), "this machine has a core PMU; hardware events can count");
	ctest_library_init();
	ctest_require_perf_events();

	eventset = ctest_eventset_of(software, 1);
	for (size_t i = 0; i < sizeof(hardware_events) / sizeof(hardware_events[0]); i++) {
		const char *name = hardware_events[i];
		const char *reason;

		rc = PAPI_add_named_event(eventset, name);
		FAIL_IF(rc == PAPI_OK, "PAPI_add_named_event(\"%s\") succeeded without a PMU",
		        name);
		FAIL_IF(!is_cannot_count_error(rc),
		        "PAPI_add_named_event(\"%s\") returned %s, not an error meaning \"cannot "
		        "count\"",
		        name, ctest_errname(rc));
#ifdef PAPILLON
		reason = PAPI_strreason();
		FAIL_IF(reason == NULL || strstr(reason, "PMU") == NULL,
		        "the reason for \"%s\" does not mention the missing PMU: \"%s\"", name,
		        reason ? reason : "(NULL)");
		ctest_note("%s: %s: %s", name, ctest_errname(rc), reason);
#else
		(void)reason;
#endif
		rc = PAPI_num_events(eventset);
		FAIL_IF(rc != 1,
		        "after the failed add of \"%s\" the set holds %s events, expected 1", name,
		        ctest_errname(rc));
	}

	rc = PAPI_add_event(eventset, PAPI_TOT_INS);
	FAIL_IF(rc == PAPI_OK, "PAPI_add_event(PAPI_TOT_INS) succeeded without a PMU");
	FAIL_IF(PAPI_query_event(PAPI_TOT_INS) == PAPI_OK,
	        "PAPI_query_event(PAPI_TOT_INS) says available without a PMU");
	FAIL_IF(PAPI_query_event(PAPI_TOT_CYC) == PAPI_OK,
	        "PAPI_query_event(PAPI_TOT_CYC) says available without a PMU");

	CHECK_OK(PAPI_start(eventset));
	ctest_busy_cpu_ns(10000000);
	CHECK_OK(PAPI_stop(eventset, &value));
	FAIL_IF(value < 5000000, "perf::TASK-CLOCK counted %lld ns for 10 ms of work", value);
	ctest_eventset_free(&eventset);

	ctest_pass();
}
