// SPDX-License-Identifier: BSD-3-Clause
/* Hardware: one loop, the same instruction count under every name of the
 * instructions event: generic (perf::INSTRUCTIONS), preset (PAPI_TOT_INS),
 * libpfm4 native (arm_ac57::INST_RETIRED, arm_n1::INST_RETIRED,
 * power9::PM_INST_CMPL, ...) and sysfs (armv8_pmuv3::inst_retired, ...).
 *
 * Names come from a list of known spellings plus every event of the
 * perf_event component whose event part is INST_RETIRED, PM_INST_CMPL or
 * inst_retired. Each one that can be added counts the loop alone, in
 * PAPI_DOM_USER: exactly the same count as perf::INSTRUCTIONS on aarch64 in
 * the lab, within 0.1% elsewhere. In the lab (LAB_CONF set), the names the
 * emulated CPU must offer are required (table below). Skips where there is
 * no hardware PMU, or fewer than two names of the event exist. */
#include "hw_common.c"

#define N         1000000
#define MAX_NAMES 64

static const char *const known_names[] = {
    "perf::INSTRUCTIONS",
    "PAPI_TOT_INS",
    "perf::PERF_COUNT_HW_INSTRUCTIONS",
    "arm_ac57::INST_RETIRED",
    "arm_n1::INST_RETIRED",
    "arm_ac53::INST_RETIRED",
    "arm_ac72::INST_RETIRED",
    "arm_v2::INST_RETIRED",
    "arm_n2::INST_RETIRED",
    "power9::PM_INST_CMPL",
    "power8::PM_INST_CMPL",
    "power10::PM_INST_CMPL",
    "armv8_pmuv3::inst_retired",
    "armv8_pmuv3_0::inst_retired",
    "cpu::instructions",
};

/* What each lab configuration's CPU must offer (lab/lib/qemu.sh). */
static const struct {
	const char *conf;
	const char *names[4];
} lab_required[] = {
    {"aarch64-a57", {"perf::INSTRUCTIONS", "arm_ac57::INST_RETIRED", "armv8_pmuv3::inst_retired"}},
    {"aarch64-n1", {"perf::INSTRUCTIONS", "arm_n1::INST_RETIRED", "armv8_pmuv3::inst_retired"}},
    {"ppc64le", {"perf::INSTRUCTIONS", "power9::PM_INST_CMPL"}},
    {"riscv64", {"perf::INSTRUCTIONS", "PAPI_TOT_INS"}},
};

static char names[MAX_NAMES][PAPI_MAX_STR_LEN];
static int name_count;

static void add_name(const char *name)
{
	for (int i = 0; i < name_count; i++)
		if (strcmp(names[i], name) == 0)
			return;
	if (name_count < MAX_NAMES)
		snprintf(names[name_count++], PAPI_MAX_STR_LEN, "%s", name);
}

/* Every native event of the perf_event component named like instructions. */
static void enumerate_names(int cidx)
{
	int code = PAPI_NATIVE_MASK;
	char name[PAPI_MAX_STR_LEN];

	if (PAPI_enum_cmp_event(&code, PAPI_ENUM_FIRST, cidx) != PAPI_OK)
		return;
	do {
		if (PAPI_event_code_to_name(code, name) == PAPI_OK && is_instructions_name(name))
			add_name(name);
	} while (PAPI_enum_cmp_event(&code, PAPI_ENUM_EVENTS, cidx) == PAPI_OK);
}

static bool counted(const char *name, const char *const *ok, int ok_count)
{
	for (int i = 0; i < ok_count; i++)
		if (strcmp(ok[i], name) == 0)
			return true;
	return false;
}

int main(int argc, char **argv)
{
	const char *ok[MAX_NAMES];
	long long loop_part[MAX_NAMES], raw[MAX_NAMES];
	int ok_count = 0;

	ctest_init(argc, argv);
	ctest_library_init();
	hw_require_pmu();

	for (size_t i = 0; i < sizeof(known_names) / sizeof(known_names[0]); i++)
		add_name(known_names[i]);
	enumerate_names(ctest_perf_event_cidx());

	for (int i = 0; i < name_count; i++) {
		int rc;
		int eventset = hw_user_set_of(names[i], false, &rc);
		if (eventset == PAPI_NULL) {
			ctest_note("%-32s not here (%s)", names[i], ctest_errname(rc));
			continue;
		}
		long long fixed = hw_fixed(eventset);
		long long count =
		    hw_exact() ? hw_count(eventset, N, NULL) : hw_best(eventset, N, 9);
		ctest_note("%-32s counted %lld = 2N + %lld (fixed part %lld)", names[i], count,
		           count - 2LL * N, fixed);
		ok[ok_count] = names[i];
		raw[ok_count] = count;
		loop_part[ok_count++] = count - fixed;
		ctest_eventset_free(&eventset);
	}
	FAIL_IF(ok_count == 0 || strcmp(ok[0], HW_INSTRUCTIONS) != 0, "%s did not count",
	        HW_INSTRUCTIONS);

	for (size_t c = 0; c < sizeof(lab_required) / sizeof(lab_required[0]); c++) {
		if (strcmp(lab_required[c].conf, hw_lab_conf()) != 0)
			continue;
		for (int j = 0; j < 4 && lab_required[c].names[j]; j++)
			FAIL_IF(!counted(lab_required[c].names[j], ok, ok_count),
			        "%s: the lab's CPU must offer %s, and it did not count",
			        hw_lab_conf(), lab_required[c].names[j]);
	}
	SKIP_IF(ok_count < 2, "only %s names the instructions event here", HW_INSTRUCTIONS);

	for (int i = 0; i < ok_count; i++) {
		if (hw_exact()) {
			FAIL_IF(raw[i] != raw[0],
			        "%s counted %lld for the loop, %s %lld: not the same count", ok[i],
			        raw[i], ok[0], raw[0]);
			FAIL_IF(loop_part[i] != 2LL * N,
			        "%s: the loop counted %lld, want exactly %lld", ok[i], loop_part[i],
			        2LL * N);
		} else {
			FAIL_IF(!hw_within(loop_part[i], 2LL * N),
			        "%s: the loop counted %lld, want %lld within 0.1%%", ok[i],
			        loop_part[i], 2LL * N);
		}
	}
	ctest_note("%d names of the instructions event agree", ok_count);
	ctest_pass();
}
