// SPDX-License-Identifier: BSD-3-Clause
/* PAPI_set_opt, PAPI_get_opt and PAPI_get_cmp_opt refuse option codes that
 * do not exist with PAPI_EINVAL, PAPI_set_opt refuses the read-only
 * information options, and component options refuse bad component indexes. */
#include "ctest_util.h"

#include <limits.h>
#include <string.h>

int main(int argc, char **argv)
{
	static const int unknown[] = {0, -1, 9, 10, 30, 31, 100, 9999, INT_MAX, INT_MIN};
	static const int read_only[] = {
	    PAPI_CLOCKRATE, PAPI_MAX_HWCTRS,  PAPI_HWINFO,        PAPI_EXEINFO, PAPI_MAX_CPUS,
	    PAPI_SHLIBINFO, PAPI_LIB_VERSION, PAPI_COMPONENTINFO, PAPI_PRELOAD, PAPI_MAX_MPX_CTRS};
	PAPI_option_t option;
	int cidx, rc;

	ctest_init(argc, argv);
	ctest_library_init();
	cidx = ctest_perf_event_cidx();

	for (size_t i = 0; i < sizeof(unknown) / sizeof(unknown[0]); i++) {
		memset(&option, 0, sizeof(option));
		EXPECT_RC(PAPI_set_opt(unknown[i], &option), PAPI_EINVAL);
		memset(&option, 0, sizeof(option));
		EXPECT_RC(PAPI_get_opt(unknown[i], &option), PAPI_EINVAL);
		memset(&option, 0, sizeof(option));
		EXPECT_RC(PAPI_get_cmp_opt(unknown[i], &option, cidx), PAPI_EINVAL);
	}
	for (size_t i = 0; i < sizeof(read_only) / sizeof(read_only[0]); i++) {
		memset(&option, 0, sizeof(option));
		rc = PAPI_set_opt(read_only[i], &option);
		FAIL_IF(rc != PAPI_EINVAL, "PAPI_set_opt(%d), a read-only option, returned %s",
		        read_only[i], ctest_errname(rc));
	}

	rc = PAPI_get_cmp_opt(PAPI_MAX_HWCTRS, NULL, -1);
	FAIL_IF(rc != PAPI_ECMP && rc != PAPI_ENOCMP,
	        "PAPI_get_cmp_opt(PAPI_MAX_HWCTRS, cidx -1) returned %s", ctest_errname(rc));
	rc = PAPI_get_cmp_opt(PAPI_DEFDOM, NULL, PAPI_num_components());
	FAIL_IF(rc != PAPI_ECMP && rc != PAPI_ENOCMP,
	        "PAPI_get_cmp_opt(PAPI_DEFDOM, cidx %d) returned %s", PAPI_num_components(),
	        ctest_errname(rc));
	memset(&option, 0, sizeof(option));
	option.defdomain.def_cidx = -1;
	option.defdomain.domain = PAPI_DOM_USER;
	EXPECT_RC(PAPI_set_opt(PAPI_DEFDOM, &option), PAPI_ENOCMP);
	memset(&option, 0, sizeof(option));
	option.defgranularity.def_cidx = PAPI_num_components();
	option.defgranularity.granularity = PAPI_GRN_THR;
	EXPECT_RC(PAPI_set_opt(PAPI_DEFGRN, &option), PAPI_ENOCMP);

	ctest_pass();
}
