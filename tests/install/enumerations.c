// SPDX-License-Identifier: BSD-3-Clause
/* A client written for today's PAPI (7.2 and master), as PAPI's Python
 * binding cyPAPI is: it names the 7.2 enumerations (PAPI_PRESET_ENUM_FIRST_COMP,
 * PAPI_PRESET_ENUM_CPU, PAPI_PRESET_ENUM_CPU_AVAIL), the 7.2 fields of the
 * component and event records, and the constants cyPAPI declares. Built by
 * scripts/test-install against the installed headers only, with
 * -std=c11 -pedantic -Werror, so a header that lacks one of them or that
 * needs a GNU extension fails the build; then run on the installed library
 * to show that the walks answer as 7.2 does. */
#include <papi.h>
#include <stdio.h>
#include <string.h>

/* The 7.2 values cyPAPI's compiled module carries: a header with 7.0's
 * numbering would build but walk the wrong categories. */
_Static_assert(PAPI_VER_CURRENT == PAPI_VERSION_NUMBER(7, 2, 0, 0), "PAPI 7.2's version");
_Static_assert(PAPI_PRESET_ENUM_FIRST_COMP == 2 && PAPI_PRESET_ENUM_AVAIL == 3,
               "PAPI 7.2's preset walk numbering");
_Static_assert(PAPI_PRESET_ENUM_CPU == 16 && PAPI_PRESET_ENUM_CPU_AVAIL == 17,
               "master's CPU preset walks");
_Static_assert(PAPI_NTV_ENUM_UMASKS == 18 && PAPI_NTV_ENUM_UMASK_COMBOS == 19,
               "PAPI 7.2's native walk numbering");
_Static_assert(PAPI_PARTIAL == -28 && PAPI_NUM_ERRORS == 29, "PAPI 7.2's error table");
_Static_assert(PAPI_PMU_MAX == 80 && PAPI_MAX_INFO_TERMS == 12, "array sizes cyPAPI declares");

static int failures;

#define EXPECT(cond, ...)                                                                          \
	do {                                                                                       \
		if (!(cond)) {                                                                     \
			printf("FAILED: " __VA_ARGS__);                                            \
			printf("\n");                                                              \
			failures++;                                                                \
		}                                                                                  \
	} while (0)

/* Presets of one walk from PAPI_ENUM_FIRST, the first one included when
 * the walk would list it (cyPAPI's loop). */
static int count_walk(int modifier, int only_available)
{
	int code = PAPI_PRESET_MASK, count = 0;

	if (PAPI_enum_event(&code, PAPI_ENUM_FIRST) != PAPI_OK)
		return -1;
	if (!only_available || PAPI_query_event(code) == PAPI_OK)
		count++;
	while (PAPI_enum_event(&code, modifier) == PAPI_OK && count <= PAPI_MAX_PRESET_EVENTS)
		count++;
	return count;
}

static void check_preset_walks(void)
{
	int cpu = count_walk(PAPI_PRESET_ENUM_CPU, 0);
	int cpu_available = count_walk(PAPI_PRESET_ENUM_CPU_AVAIL, 1);
	int available = count_walk(PAPI_PRESET_ENUM_AVAIL, 1);
	int code = PAPI_PRESET_MASK;

	EXPECT(cpu == PAPI_END_idx, "PAPI_PRESET_ENUM_CPU walks %d presets, not %d", cpu,
	       PAPI_END_idx);
	/* Every preset is a CPU preset: the available walks agree. */
	EXPECT(cpu_available == available,
	       "PAPI_PRESET_ENUM_CPU_AVAIL walks %d presets, PAPI_PRESET_ENUM_AVAIL %d",
	       cpu_available, available);
	/* No component has presets of its own: 7.2's answer is PAPI_ENOEVNT. */
	EXPECT(PAPI_enum_event(&code, PAPI_PRESET_ENUM_FIRST_COMP) == PAPI_ENOEVNT &&
	           code == PAPI_PRESET_MASK,
	       "PAPI_PRESET_ENUM_FIRST_COMP found a component preset (code %#x)", (unsigned)code);
	printf("presets: %d CPU presets, %d available\n", cpu, cpu_available);
}

static void check_components(void)
{
	int n = PAPI_num_components();

	EXPECT(n > 0, "PAPI_num_components is %d", n);
	for (int cidx = 0; cidx < n; cidx++) {
		const PAPI_component_info_t *info = PAPI_get_component_info(cidx);

		EXPECT(info != NULL, "no record for component %d", cidx);
		if (info == NULL)
			continue;
		/* A reason exactly when partially disabled, as papi_component_avail
		 * prints it. */
		EXPECT((info->partially_disabled != 0) == (info->partially_disabled_reason[0] != 0),
		       "%s: partially_disabled %d with reason \"%s\"", info->name,
		       info->partially_disabled, info->partially_disabled_reason);
		printf("component %s: %s%s\n", info->name,
		       info->disabled
		           ? "disabled"
		           : (info->partially_disabled ? "partially disabled" : "enabled"),
		       info->CmpIdx == cidx ? "" : " (wrong CmpIdx)");
		EXPECT(info->CmpIdx == cidx, "%s: CmpIdx %d at index %d", info->name, info->CmpIdx,
		       cidx);
	}
}

/* perf::TASK-CLOCK's qualifiers in 7.2's fields, and the list
 * PAPI_NTV_ENUM_UMASKS walks (an event without unit masks lists its
 * modifiers), which the fields hold as far as they have room. */
static void check_qualifiers(void)
{
	PAPI_event_info_t info;
	int code, first, walked = 0;

	memset(&info, 0, sizeof(info));
	EXPECT(PAPI_event_name_to_code("perf::TASK-CLOCK", &code) == PAPI_OK,
	       "perf::TASK-CLOCK has no code");
	EXPECT(PAPI_get_event_info(code, &info) == PAPI_OK, "no event info for perf::TASK-CLOCK");
	EXPECT(info.num_quals > 0 && info.num_quals <= PAPI_MAX_COMP_QUALS,
	       "perf::TASK-CLOCK has %d qualifiers", info.num_quals);
	for (int i = 0; i < info.num_quals && i < PAPI_MAX_COMP_QUALS; i++)
		EXPECT(info.quals[i][0] == ':' && strchr(info.quals[i], '=') != NULL &&
		           info.quals_descrs[i][0] != 0,
		       "qualifier %d is \"%s\" (\"%s\")", i, info.quals[i], info.quals_descrs[i]);
	first = code;
	if (PAPI_enum_cmp_event(&code, PAPI_NTV_ENUM_UMASKS, info.component_index) == PAPI_OK) {
		do {
			PAPI_event_info_t qual;

			walked++;
			EXPECT(PAPI_get_event_info(code, &qual) == PAPI_OK &&
			           strncmp(qual.symbol, "perf::TASK-CLOCK:", 17) == 0,
			       "the qualifier walk gave code %#x", (unsigned)code);
		} while (PAPI_enum_cmp_event(&code, PAPI_NTV_ENUM_UMASKS, info.component_index) ==
		             PAPI_OK &&
		         walked <= 64);
	}
	/* num_quals holds as many as the record has room for. */
	EXPECT(info.num_quals == (walked < PAPI_MAX_COMP_QUALS ? walked : PAPI_MAX_COMP_QUALS),
	       "PAPI_NTV_ENUM_UMASKS walks %d qualifiers, num_quals is %d (room for %d)", walked,
	       info.num_quals, PAPI_MAX_COMP_QUALS);
	printf("perf::TASK-CLOCK (%#x): %d qualifiers walked, %d in the record, the first %s\n",
	       (unsigned)first, walked, info.num_quals,
	       info.num_quals > 0 ? info.quals[0] : "(none)");
}

/* Which libpapi the loader mapped (the test checks it is the installed
 * one); from /proc/self/maps, as strict ISO C has no dladdr. */
static void print_library(void)
{
	char line[512];
	FILE *maps = fopen("/proc/self/maps", "r");

	if (maps == NULL)
		return;
	while (fgets(line, sizeof(line), maps) != NULL) {
		char *path = strchr(line, '/');

		if (path != NULL && strstr(path, "/libpapi.so") != NULL) {
			printf("libpapi: %s", path);
			break;
		}
	}
	fclose(maps);
}

int main(void)
{
	if (PAPI_library_init(PAPI_VER_CURRENT) != PAPI_VER_CURRENT) {
		printf("FAILED: PAPI_library_init(PAPI 7.2)\n");
		return 1;
	}
	print_library();
	check_preset_walks();
	check_components();
	check_qualifiers();
	PAPI_shutdown();
	printf("%s\n", failures ? "FAILED" : "PASSED");
	return failures != 0;
}
