// SPDX-License-Identifier: BSD-3-Clause
/* PAPI_library_init refuses versions of another major number and leaves the
 * library uninitialised; PAPI_VER_CURRENT is accepted, a second call returns
 * it again, and a wrong version after a successful init changes nothing. */
#include "ctest_util.h"

int main(int argc, char **argv)
{
	static const int wrong_versions[] = {
	    PAPI_VERSION_NUMBER(6, 0, 0, 0),
	    PAPI_VERSION_NUMBER(8, 0, 0, 0),
	    PAPI_VERSION_NUMBER(5, 7, 0, 0),
	    PAPI_VERSION_NUMBER(3, 9, 0, 0),
	    0,
	    -1,
	    12345,
	};
	int count = (int)(sizeof(wrong_versions) / sizeof(wrong_versions[0]));
	int rc;

	ctest_init(argc, argv);
	FAIL_IF(PAPI_is_initialized() != PAPI_NOT_INITED,
	        "PAPI_is_initialized() is %d before any PAPI_library_init", PAPI_is_initialized());

	for (int i = 0; i < count; i++) {
		rc = PAPI_library_init(wrong_versions[i]);
		FAIL_IF(rc != PAPI_EINVAL,
		        "PAPI_library_init(%#x) returned %s, expected PAPI_EINVAL",
		        (unsigned)wrong_versions[i], ctest_errname(rc));
		FAIL_IF(PAPI_is_initialized() != PAPI_NOT_INITED,
		        "a refused PAPI_library_init(%#x) left PAPI_is_initialized() at %d",
		        (unsigned)wrong_versions[i], PAPI_is_initialized());
	}

	rc = PAPI_library_init(PAPI_VER_CURRENT);
	FAIL_IF(rc != PAPI_VER_CURRENT, "PAPI_library_init(PAPI_VER_CURRENT) returned %s%s",
	        ctest_errname(rc), ctest_reason());
	FAIL_IF(!(PAPI_is_initialized() & PAPI_LOW_LEVEL_INITED),
	        "PAPI_is_initialized() is %d after a successful init", PAPI_is_initialized());

	rc = PAPI_library_init(PAPI_VER_CURRENT);
	FAIL_IF(rc != PAPI_VER_CURRENT, "a second PAPI_library_init returned %s",
	        ctest_errname(rc));

	rc = PAPI_library_init(PAPI_VERSION_NUMBER(8, 0, 0, 0));
	FAIL_IF(rc != PAPI_EINVAL, "PAPI_library_init(8.0) after init returned %s",
	        ctest_errname(rc));
	FAIL_IF(!(PAPI_is_initialized() & PAPI_LOW_LEVEL_INITED),
	        "a refused PAPI_library_init after init left PAPI_is_initialized() at %d",
	        PAPI_is_initialized());

	ctest_pass();
}
