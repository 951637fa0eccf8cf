// SPDX-License-Identifier: BSD-3-Clause
/* The per-ABI boundary seen from a program of each ABI: built three times against
 * Papillon's papi.h (with PAPILLON_ABI_7_0, PAPILLON_ABI_7_1, and with no define: 7.2's)
 * and linked to the matching shared object (libpapi.so.7.0, .7.1, .7.2), it checks what
 * differs between the ABIs through that ABI's own layouts and numbers:
 *   - PAPI_library_init accepts the header's PAPI_VER_CURRENT; PAPI_LIB_VERSION is the
 *     release's;
 *   - every component's info reads right (its index, names, domains) by
 *     PAPI_get_component_info and PAPI_get_cmp_opt(PAPI_COMPONENTINFO), and a pointer kept
 *     shows a later PAPI_set_cmp_domain without another call;
 *   - PAPI_get_event_info writes nothing past the program's struct;
 *   - PAPI_PRESET_ENUM_AVAIL walks exactly the presets PAPI_query_event accepts, and a
 *     modifier the ABI does not define is refused;
 *   - the error table ends where the release's does;
 *   - perf::TASK-CLOCK counts.
 * Prints PASSED or FAILED and the first failure; exit 0 or 1. */
#include <papi.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

static int failures;

#define CHECK(cond, ...)                                                                           \
	do {                                                                                       \
		if (!(cond)) {                                                                     \
			printf("error: " __VA_ARGS__);                                             \
			printf(" (line %d)\n", __LINE__);                                          \
			failures++;                                                                \
		}                                                                                  \
	} while (0)

static void busy(double seconds)
{
	volatile unsigned long spin = 0;
	clock_t end = clock() + (clock_t)(seconds * CLOCKS_PER_SEC);
	while (clock() < end)
		spin++;
}

static void check_component_infos(void)
{
	int count = PAPI_num_components();
	CHECK(count > 0, "PAPI_num_components() is %d", count);
	for (int c = 0; c < count; c++) {
		const PAPI_component_info_t *info = PAPI_get_component_info(c);
		CHECK(info != NULL, "no info for component %d", c);
		if (!info)
			continue;
		CHECK(info->CmpIdx == c, "component %d: CmpIdx is %d", c, info->CmpIdx);
		CHECK(info->name[0] != '\0' && info->short_name[0] != '\0',
		      "component %d: no name or short name", c);
		CHECK(info->available_granularities & PAPI_GRN_THR,
		      "component %d (%s): available_granularities %#x lack PAPI_GRN_THR", c,
		      info->name, (unsigned)info->available_granularities);
		CHECK(info->available_domains & PAPI_DOM_USER,
		      "component %d (%s): available_domains %#x lack PAPI_DOM_USER", c, info->name,
		      (unsigned)info->available_domains);
		CHECK(info->disabled == 0 || info->disabled_reason[0] != '\0',
		      "component %d (%s): disabled %d without a reason", c, info->name,
		      info->disabled);
#if PAPILLON_ABI_MINOR >= 2
		CHECK(info->partially_disabled == 0 || info->partially_disabled == 1,
		      "component %d (%s): partially_disabled is %d", c, info->name,
		      info->partially_disabled);
#endif
		PAPI_option_t option;
		memset(&option, 0, sizeof(option));
		CHECK(PAPI_get_cmp_opt(PAPI_COMPONENTINFO, &option, c) == PAPI_OK &&
		          option.cmp_info == info,
		      "component %d: PAPI_get_cmp_opt(PAPI_COMPONENTINFO) gives another record", c);
	}
	const PAPI_component_info_t *kept = PAPI_get_component_info(0);
	int before = kept->default_domain;
	int domain = before == PAPI_DOM_ALL ? PAPI_DOM_USER : PAPI_DOM_ALL;
	CHECK(PAPI_set_cmp_domain(domain, 0) == PAPI_OK, "PAPI_set_cmp_domain(%#x, 0) failed",
	      (unsigned)domain);
	CHECK(kept->default_domain == domain,
	      "a kept component info shows default_domain %#x after it was set to %#x",
	      (unsigned)kept->default_domain, (unsigned)domain);
	CHECK(PAPI_set_cmp_domain(before, 0) == PAPI_OK, "PAPI_set_cmp_domain back failed");
}

/* The struct the program declares, then bytes the library must leave alone. */
struct guarded_info {
	PAPI_event_info_t info;
	unsigned char guard[32768];
};

static void check_event_info(int code)
{
	static struct guarded_info guarded;
	memset(&guarded, 0xA5, sizeof(guarded));
	CHECK(PAPI_get_event_info(code, &guarded.info) == PAPI_OK,
	      "PAPI_get_event_info(perf::TASK-CLOCK) failed");
	CHECK(strcmp(guarded.info.symbol, "perf::TASK-CLOCK") == 0, "event info symbol '%.40s'",
	      guarded.info.symbol);
	for (size_t i = 0; i < sizeof(guarded.guard); i++)
		if (guarded.guard[i] != 0xA5) {
			CHECK(0, "PAPI_get_event_info wrote byte %zu past the %zu of the struct", i,
			      sizeof(guarded.info));
			break;
		}
}

static void check_preset_walk(void)
{
	int queried = 0, walked = 0, code = PAPI_PRESET_MASK;
	if (PAPI_enum_event(&code, PAPI_ENUM_FIRST) == PAPI_OK) {
		do
			queried += PAPI_query_event(code) == PAPI_OK;
		while (PAPI_enum_event(&code, PAPI_ENUM_EVENTS) == PAPI_OK);
	}
	code = PAPI_PRESET_MASK;
	if (PAPI_enum_event(&code, PAPI_ENUM_FIRST) == PAPI_OK) {
		if (PAPI_query_event(code) == PAPI_OK)
			walked++;
		while (PAPI_enum_event(&code, PAPI_PRESET_ENUM_AVAIL) == PAPI_OK) {
			CHECK(PAPI_query_event(code) == PAPI_OK,
			      "PAPI_PRESET_ENUM_AVAIL gave %#x, which PAPI_query_event refuses",
			      (unsigned)code);
			walked++;
		}
	}
	CHECK(walked == queried, "PAPI_PRESET_ENUM_AVAIL walked %d presets, %d are available",
	      walked, queried);
	code = PAPI_PRESET_MASK;
	CHECK(PAPI_enum_event(&code, PAPI_NTV_ENUM_GROUPS + 1) == PAPI_EINVAL,
	      "the modifier after PAPI_NTV_ENUM_GROUPS (%d) was not refused",
	      PAPI_NTV_ENUM_GROUPS + 1);
}

static void check_errors(void)
{
	CHECK(PAPI_strerror(-(PAPI_NUM_ERRORS - 1)) != NULL, "no text for the last code, %d",
	      -(PAPI_NUM_ERRORS - 1));
	CHECK(PAPI_strerror(-PAPI_NUM_ERRORS) == NULL, "a text for %d, past the table",
	      -PAPI_NUM_ERRORS);
}

static void check_counting(int code)
{
	int set = PAPI_NULL;
	long long value = 0;
	CHECK(PAPI_create_eventset(&set) == PAPI_OK && PAPI_add_event(set, code) == PAPI_OK &&
	          PAPI_start(set) == PAPI_OK,
	      "perf::TASK-CLOCK does not start");
	busy(0.02);
	CHECK(PAPI_stop(set, &value) == PAPI_OK && value > 0,
	      "perf::TASK-CLOCK counted %lld over 20 ms", value);
}

int main(void)
{
	int rc = PAPI_library_init(PAPI_VER_CURRENT);
	if (rc != PAPI_VER_CURRENT) {
		printf("FAILED abi-boundary-7.%d: PAPI_library_init returned %d: %s\n",
		       PAPILLON_ABI_MINOR, rc, PAPI_strreason());
		return 1;
	}
	CHECK(PAPI_get_opt(PAPI_LIB_VERSION, NULL) == PAPI_VERSION,
	      "PAPI_LIB_VERSION is %#x, not %#x", (unsigned)PAPI_get_opt(PAPI_LIB_VERSION, NULL),
	      (unsigned)PAPI_VERSION);
	int code = 0;
	CHECK(PAPI_event_name_to_code("perf::TASK-CLOCK", &code) == PAPI_OK,
	      "perf::TASK-CLOCK has no code");
	check_component_infos();
	check_event_info(code);
	check_preset_walk();
	check_errors();
	check_counting(code);
	printf("%s abi-boundary-7.%d (struct sizes: component info %zu, event info %zu)\n",
	       failures ? "FAILED" : "PASSED", PAPILLON_ABI_MINOR, sizeof(PAPI_component_info_t),
	       sizeof(PAPI_event_info_t));
	return failures ? 1 : 0;
}
