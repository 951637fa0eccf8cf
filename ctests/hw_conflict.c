// SPDX-License-Identifier: BSD-3-Clause
/* Hardware: more events than counters, without multiplexing, is refused
 * with PAPI_ECNFLCT, at PAPI_add_event or at PAPI_start.
 *
 * A user-mode event set (multiplexing is off in a new set) gets
 * perf::INSTRUCTIONS, then distinct hardware events of the core PMU (its
 * libpfm4 or sysfs events, then perf's generic hardware events), one at a
 * time, until an add is refused. The refusal must be PAPI_ECNFLCT (other
 * errors only mean that event does not exist here, and the next one is
 * tried). If every add succeeds beyond the component's counter count,
 * PAPI_start must fail with PAPI_ECNFLCT. After a refusal the set still
 * counts with the events it holds, all of them all the time: over a loop
 * long enough to span several timer ticks, perf::INSTRUCTIONS must count
 * every instruction (a kernel that time-slices the groups would not).
 * Skips where there is no hardware PMU, and on riscv64 alone for too few
 * distinct hardware events: QEMU's SBI PMU has 18 counters (which libpfm4
 * 4.13 does not describe: the component says 0) and 4 events that add.
 * Anywhere else a PMU whose counters cannot be exceeded, or a component
 * that reports none, fails the test. */
#include "hw_common.c"

#define MAX_EVENTS 96
/* riscv64 under QEMU: see above. */
#define RISCV_QEMU_COUNTERS 18

static const char *const generic_hw[] = {
    "perf::CYCLES",
    "perf::BRANCH-INSTRUCTIONS",
    "perf::BRANCH-MISSES",
    "perf::CACHE-REFERENCES",
    "perf::CACHE-MISSES",
    "perf::BUS-CYCLES",
    "perf::REF-CYCLES",
    "perf::STALLED-CYCLES-FRONTEND",
    "perf::STALLED-CYCLES-BACKEND",
    "perf::L1-DCACHE-LOADS",
    "perf::L1-DCACHE-LOAD-MISSES",
    "perf::L1-ICACHE-LOADS",
    "perf::L1-ICACHE-LOAD-MISSES",
    "perf::DTLB-LOADS",
    "perf::DTLB-LOAD-MISSES",
    "perf::ITLB-LOADS",
    "perf::ITLB-LOAD-MISSES",
    "perf::BRANCH-LOADS",
    "perf::BRANCH-LOAD-MISSES",
    "perf::LLC-LOADS",
    "perf::LLC-LOAD-MISSES",
    "perf::L1-DCACHE-STORES",
    "perf::LLC-STORES",
    "perf::NODE-LOADS",
};

static const char *const core_prefixes[] = {"arm_", "power", "armv8_pmuv3", "cpu::"};

static char candidates[MAX_EVENTS][PAPI_MAX_STR_LEN];
static int candidate_count;

static void add_candidate(const char *name)
{
	for (int i = 0; i < candidate_count; i++)
		if (strcmp(candidates[i], name) == 0)
			return;
	if (candidate_count < MAX_EVENTS)
		snprintf(candidates[candidate_count++], PAPI_MAX_STR_LEN, "%s", name);
}

static bool core_pmu_event(const char *name)
{
	for (size_t i = 0; i < sizeof(core_prefixes) / sizeof(core_prefixes[0]); i++)
		if (strncmp(name, core_prefixes[i], strlen(core_prefixes[i])) == 0)
			return strstr(name, "::") != NULL;
	return false;
}

static void collect_candidates(int cidx)
{
	int code = PAPI_NATIVE_MASK;
	char name[PAPI_MAX_STR_LEN];

	if (PAPI_enum_cmp_event(&code, PAPI_ENUM_FIRST, cidx) == PAPI_OK) {
		do {
			if (PAPI_event_code_to_name(code, name) == PAPI_OK &&
			    core_pmu_event(name) && !is_instructions_name(name))
				add_candidate(name);
		} while (candidate_count < MAX_EVENTS &&
		         PAPI_enum_cmp_event(&code, PAPI_ENUM_EVENTS, cidx) == PAPI_OK);
	}
	for (size_t i = 0; i < sizeof(generic_hw) / sizeof(generic_hw[0]); i++)
		add_candidate(generic_hw[i]);
}

int main(int argc, char **argv)
{
	long long values[MAX_EVENTS + 1];
	int added = 1, refused_at = -1, rc = PAPI_OK;

	ctest_init(argc, argv);
	ctest_library_init();
	hw_require_pmu();

	int cidx = ctest_perf_event_cidx();
	const PAPI_component_info_t *info = PAPI_get_component_info(cidx);
	FAIL_IF(info == NULL, "PAPI_get_component_info(%d) returned NULL", cidx);
	int counters = info->num_cntrs;

	int eventset = hw_user_set_of(HW_INSTRUCTIONS, true, NULL);
	collect_candidates(cidx);

	for (int i = 0; i < candidate_count; i++) {
		rc = PAPI_add_named_event(eventset, candidates[i]);
		if (rc == PAPI_OK) {
			ctest_note("%-36s added (event %d)", candidates[i], ++added);
			continue;
		}
		if (rc == PAPI_ECNFLCT) {
			refused_at = i;
			break;
		}
		ctest_note("%-36s not here (%s)", candidates[i], ctest_errname(rc));
	}

	if (refused_at >= 0) {
		ctest_note("event %d (%s) refused at add with PAPI_ECNFLCT%s; %d counters",
		           added + 1, candidates[refused_at], ctest_reason(), counters);
		FAIL_IF(added < 2, "only %d event(s) fit before PAPI_ECNFLCT", added);
		/* The set keeps working with what it holds. */
		CHECK_OK(PAPI_start(eventset));
		/* 20M instructions: 5 timer ticks in the lab, so a kernel that
		 * time-slices groups the library let in shows up as a short count. */
		hw_loop(10000000);
		CHECK_OK(PAPI_stop(eventset, values));
		for (int i = 0; i < added; i++)
			ctest_note("after the refusal, event %d counted %lld", i + 1, values[i]);
		FAIL_IF(
		    values[0] < 20000000,
		    "the set took %d hardware events without multiplexing, but they do not count "
		    "together: %s counted %lld for a 10M-iteration loop, want >= 20000000 (those "
		    "events should have been refused with PAPI_ECNFLCT)",
		    added, HW_INSTRUCTIONS, values[0]);
		ctest_pass();
	}

#if defined(__riscv)
	if (counters <= 0)
		counters = RISCV_QEMU_COUNTERS;
	SKIP_IF(added <= counters,
	        "riscv64's SBI PMU has %d counters and only %d distinct hardware events add "
	        "here: cannot exceed them",
	        counters, added);
#endif
	FAIL_IF(counters <= 0, "the component reports %d counters on a machine with a PMU",
	        counters);
	FAIL_IF(added <= counters,
	        "all %d distinct hardware events tried fit the PMU's %d counters: nothing was "
	        "refused, and none were left to exceed them",
	        added, counters);
	rc = PAPI_start(eventset);
	if (rc == PAPI_OK)
		PAPI_stop(eventset, values);
	FAIL_IF(rc != PAPI_ECNFLCT,
	        "%d hardware events with %d counters and no multiplexing: PAPI_start returned %s, "
	        "want PAPI_ECNFLCT",
	        added, counters, ctest_errname(rc));
	ctest_note("%d events with %d counters refused at start with PAPI_ECNFLCT%s", added,
	           counters, ctest_reason());
	ctest_pass();
}
