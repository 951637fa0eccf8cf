// SPDX-License-Identifier: BSD-3-Clause
/* The walks of the preset codes PAPI_enum_event takes, as PAPI 7.2 defines
 * them. 7.2 has two kinds of presets: the CPU's (PAPI_TOT_CYC..., this
 * library's table, counted through whatever component the definitions
 * name) and a component's own (CUDA's, in PAPI), numbered after them and
 * walked from PAPI_PRESET_ENUM_FIRST_COMP. No component here defines
 * presets of its own, so that walk finds none, and the walks of all
 * presets (PAPI_ENUM_EVENTS, PAPI_PRESET_ENUM_AVAIL) are the CPU's
 * (PAPI_PRESET_ENUM_CPU, PAPI_PRESET_ENUM_CPU_AVAIL). */
#include <stdbool.h>

#include "papi.h"
#include "util/error.h"
#include "presets/presets.h"
#include "presets/walk.h"

struct walk_rule {
	bool cpu_presets;       /* walks the CPU's presets */
	bool component_presets; /* walks the components' own presets */
	bool available_only;    /* skips presets that cannot count here */
};

/* Indexed by enum preset_walk. */
static const struct walk_rule walk_rules[] = {
    [PRESET_WALK_ALL] = {true, true, false},
    [PRESET_WALK_AVAILABLE] = {true, true, true},
    [PRESET_WALK_CPU] = {true, false, false},
    [PRESET_WALK_CPU_AVAILABLE] = {true, false, true},
};

int preset_walk_first(int *code)
{
	*code = PAPI_PRESET_MASK;
	return PAPI_OK;
}

int preset_walk_first_component(int *code)
{
	(void)code;
	return papi_error_set(PAPI_ENOEVNT,
	                      "no component of this library defines presets of its own: "
	                      "every preset is a CPU preset (PAPI_PRESET_ENUM_CPU)");
}

int preset_walk_next(int *code, enum preset_walk walk)
{
	const struct walk_rule *rule = &walk_rules[walk];
	/* The CPU's presets are the table's; the components' would follow
	 * (rule->component_presets), and there are none. */
	for (int index = (*code & PAPI_PRESET_AND_MASK) + 1;
	     rule->cpu_presets && index < preset_name_count; index++) {
		int candidate = index | PAPI_PRESET_MASK;
		if (!rule->available_only || preset_available(candidate)) {
			*code = candidate;
			papi_error_clear();
			return PAPI_OK;
		}
	}
	return papi_error_set(PAPI_ENOEVNT, "no more presets");
}
