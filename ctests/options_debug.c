// SPDX-License-Identifier: BSD-3-Clause
/* PAPI_DEBUG: the level starts at PAPI_QUIET, PAPI_set_debug and
 * PAPI_set_opt(PAPI_DEBUG) change it and PAPI_get_opt reads it back; levels
 * other than PAPI_QUIET, PAPI_VERB_ECONT and PAPI_VERB_ESTOP are refused and
 * leave the level as it was. */
#include "ctest_util.h"

#include <string.h>

static int debug_level(void)
{
	PAPI_option_t option;

	memset(&option, 0, sizeof(option));
	option.debug.level = -99;
	CHECK_OK(PAPI_get_opt(PAPI_DEBUG, &option));
	return option.debug.level;
}

int main(int argc, char **argv)
{
	static const int bad_levels[] = {-1, 3, 99, -1000};
	PAPI_option_t option;
	int level;

	ctest_init(argc, argv);
	ctest_library_init();

	level = debug_level();
	FAIL_IF(level != PAPI_QUIET, "the initial debug level is %d, expected PAPI_QUIET", level);

	CHECK_OK(PAPI_set_debug(PAPI_VERB_ECONT));
	level = debug_level();
	FAIL_IF(level != PAPI_VERB_ECONT, "after PAPI_set_debug(PAPI_VERB_ECONT) the level is %d",
	        level);

	for (size_t i = 0; i < sizeof(bad_levels) / sizeof(bad_levels[0]); i++) {
		EXPECT_RC(PAPI_set_debug(bad_levels[i]), PAPI_EINVAL);
		memset(&option, 0, sizeof(option));
		option.debug.level = bad_levels[i];
		EXPECT_RC(PAPI_set_opt(PAPI_DEBUG, &option), PAPI_EINVAL);
	}
	level = debug_level();
	FAIL_IF(level != PAPI_VERB_ECONT, "refused levels changed the level to %d", level);

	memset(&option, 0, sizeof(option));
	option.debug.level = PAPI_QUIET;
	CHECK_OK(PAPI_set_opt(PAPI_DEBUG, &option));
	level = debug_level();
	FAIL_IF(level != PAPI_QUIET, "after PAPI_set_opt(PAPI_DEBUG, PAPI_QUIET) the level is %d",
	        level);

	ctest_pass();
}
