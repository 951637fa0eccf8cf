// SPDX-License-Identifier: BSD-3-Clause
/* PAPI 7.2's preset walks, used as PAPI's Python binding (cyPAPI) uses
 * them: the CPU's presets from PAPI_ENUM_FIRST on with
 * PAPI_PRESET_ENUM_CPU, the available ones with PAPI_PRESET_ENUM_CPU_AVAIL,
 * then the components' own presets from PAPI_PRESET_ENUM_FIRST_COMP.
 * Every preset here is a CPU preset: the CPU walk is the walk of all
 * presets, its available part is exactly what PAPI_query_event accepts,
 * and the components' walk finds none (PAPI_ENOEVNT, the code untouched).
 * So that some preset is available on any machine, PAPI_TOT_CYC is
 * defined from perf::TASK-CLOCK in a PAPI_USER_EVENTS_FILE. */
#include "ctest_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Writes the user events file and points PAPI_USER_EVENTS_FILE at it. */
static void define_total_cycles(char *path, size_t path_len)
{
	snprintf(path, path_len, "/tmp/papillon-preset-walks-%d.presets", (int)getpid());
	FILE *file = fopen(path, "w");

	FAIL_IF(file == NULL, "cannot write %s", path);
	fprintf(file, "table preset_walks\nmatch always\nPAPI_TOT_CYC, NOT_DERIVED, "
	              "perf::TASK-CLOCK\n");
	FAIL_IF(fclose(file) != 0, "cannot write %s", path);
	FAIL_IF(setenv("PAPI_USER_EVENTS_FILE", path, 1) != 0, "cannot set the environment");
}

/* The codes of a walk from the first preset, in order; returns how many. */
static int walk(int modifier, bool available_only, int *codes, int capacity)
{
	int code = PAPI_PRESET_MASK;
	int count = 0;

	CHECK_OK(PAPI_enum_event(&code, PAPI_ENUM_FIRST));
	/* The first code is the walk's start whatever the walk (cyPAPI checks
	 * it as the loop's first step). */
	if (!available_only || PAPI_query_event(code) == PAPI_OK)
		codes[count++] = code;
	while (PAPI_enum_event(&code, modifier) == PAPI_OK) {
		FAIL_IF(count >= capacity, "walk %d does not end after %d presets", modifier,
		        count);
		codes[count++] = code;
	}
	return count;
}

int main(int argc, char **argv)
{
	int all[PAPI_MAX_PRESET_EVENTS], cpu[PAPI_MAX_PRESET_EVENTS];
	int available[PAPI_MAX_PRESET_EVENTS], cpu_available[PAPI_MAX_PRESET_EVENTS];
	int all_count, cpu_count, available_count, cpu_available_count, code, rc;
	char path[256];
	bool total_cycles = false;

	ctest_init(argc, argv);
	define_total_cycles(path, sizeof(path));
	ctest_library_init();

	all_count = walk(PAPI_ENUM_EVENTS, false, all, PAPI_MAX_PRESET_EVENTS);
	cpu_count = walk(PAPI_PRESET_ENUM_CPU, false, cpu, PAPI_MAX_PRESET_EVENTS);
	FAIL_IF(all_count != PAPI_END_idx, "PAPI_ENUM_EVENTS walks %d presets, not %d", all_count,
	        PAPI_END_idx);
	FAIL_IF(cpu_count != all_count || memcmp(cpu, all, sizeof(int) * (size_t)cpu_count) != 0,
	        "PAPI_PRESET_ENUM_CPU walks %d presets, PAPI_ENUM_EVENTS %d (or others)", cpu_count,
	        all_count);

	available_count = walk(PAPI_PRESET_ENUM_AVAIL, true, available, PAPI_MAX_PRESET_EVENTS);
	cpu_available_count =
	    walk(PAPI_PRESET_ENUM_CPU_AVAIL, true, cpu_available, PAPI_MAX_PRESET_EVENTS);
	FAIL_IF(cpu_available_count != available_count ||
	            memcmp(cpu_available, available, sizeof(int) * (size_t)available_count) != 0,
	        "PAPI_PRESET_ENUM_CPU_AVAIL walks %d presets, PAPI_PRESET_ENUM_AVAIL %d",
	        cpu_available_count, available_count);
	/* Available means what PAPI_query_event says, preset by preset. */
	for (int i = 0, next = 0; i < all_count; i++) {
		bool listed = next < cpu_available_count && cpu_available[next] == all[i];
		bool queried = PAPI_query_event(all[i]) == PAPI_OK;

		FAIL_IF(listed != queried,
		        "preset %#x is %s by PAPI_PRESET_ENUM_CPU_AVAIL, yet "
		        "PAPI_query_event %s it",
		        (unsigned)all[i], listed ? "listed" : "not listed",
		        queried ? "accepts" : "refuses");
		if (listed)
			next++;
		if (listed && all[i] == PAPI_TOT_CYC)
			total_cycles = true;
	}
	unlink(path);
	FAIL_IF(!total_cycles, "PAPI_TOT_CYC (perf::TASK-CLOCK here) is not in the available walk");

	/* No component has presets of its own. */
	code = PAPI_PRESET_MASK;
	rc = PAPI_enum_event(&code, PAPI_PRESET_ENUM_FIRST_COMP);
	FAIL_IF(rc != PAPI_ENOEVNT, "PAPI_PRESET_ENUM_FIRST_COMP gives %s, not PAPI_ENOEVNT",
	        ctest_errname(rc));
	FAIL_IF(code != PAPI_PRESET_MASK, "PAPI_PRESET_ENUM_FIRST_COMP changed the code to %#x",
	        (unsigned)code);
	FAIL_IF(strstr(ctest_reason(), "no component") == NULL, "the reason does not say why: %s",
	        ctest_reason());
	ctest_note("%d CPU presets, %d available, no component presets", cpu_count,
	           cpu_available_count);
	ctest_pass();
}
