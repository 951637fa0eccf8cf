// SPDX-License-Identifier: BSD-3-Clause
/* PAPI_profil and PAPI_sprofil refuse bad input with precise errors and
 * leave the set as it was: no buffer, an empty buffer, a buffer too small
 * for one bucket, scales outside 0x2..0x20000, two bucket sizes, unknown
 * flags, event address registers (PAPI_ENOSUPP), a negative threshold, no
 * regions, an event not in the set, turning off what is not on, an unknown
 * set, a running set. */
#include "ctest_util.h"

#include <string.h>

int main(int argc, char **argv)
{
	const char *const names[] = {"perf::TASK-CLOCK"};
	unsigned short buffer[64];
	PAPI_sprofil_t region;
	long long value;
	int eventset, code, other, state;

	ctest_init(argc, argv);
	ctest_library_init();
	ctest_require_perf_events();
	eventset = ctest_eventset_of(names, 1);
	CHECK_OK(PAPI_event_name_to_code(names[0], &code));
	CHECK_OK(PAPI_event_name_to_code("perf::CPU-CLOCK", &other));
	vptr_t text = (vptr_t)&main;

	EXPECT_RC(PAPI_profil(NULL, sizeof(buffer), text, 0x10000, eventset, code, 100000, 0),
	          PAPI_EINVAL);
	EXPECT_RC(PAPI_profil(buffer, 0, text, 0x10000, eventset, code, 100000, 0), PAPI_EINVAL);
	EXPECT_RC(
	    PAPI_profil(buffer, 3, text, 0x10000, eventset, code, 100000, PAPI_PROFIL_BUCKET_32),
	    PAPI_EINVAL);
	EXPECT_RC(PAPI_profil(buffer, sizeof(buffer), text, 0, eventset, code, 100000, 0),
	          PAPI_EINVAL);
	EXPECT_RC(PAPI_profil(buffer, sizeof(buffer), text, 1, eventset, code, 100000, 0),
	          PAPI_EINVAL);
	EXPECT_RC(PAPI_profil(buffer, sizeof(buffer), text, 0x20001, eventset, code, 100000, 0),
	          PAPI_EINVAL);
	EXPECT_RC(PAPI_profil(buffer, sizeof(buffer), text, 0x10000, eventset, code, 100000,
	                      PAPI_PROFIL_BUCKET_16 | PAPI_PROFIL_BUCKET_32),
	          PAPI_EINVAL);
	EXPECT_RC(
	    PAPI_profil(buffer, sizeof(buffer), text, 0x10000, eventset, code, 100000, 0x10000),
	    PAPI_EINVAL);
	EXPECT_RC(PAPI_profil(buffer, sizeof(buffer), text, 0x10000, eventset, code, 100000,
	                      PAPI_PROFIL_DATA_EAR),
	          PAPI_ENOSUPP);
	EXPECT_RC(PAPI_profil(buffer, sizeof(buffer), text, 0x10000, eventset, code, -1, 0),
	          PAPI_EINVAL);
	EXPECT_RC(PAPI_profil(buffer, sizeof(buffer), text, 0x10000, eventset, other, 100000, 0),
	          PAPI_ENOEVNT);
	EXPECT_RC(PAPI_profil(buffer, sizeof(buffer), text, 0x10000, 4242, code, 100000, 0),
	          PAPI_ENOEVST);
	EXPECT_RC(PAPI_profil(buffer, sizeof(buffer), text, 0x10000, eventset, code, 0, 0),
	          PAPI_EINVAL);
	memset(&region, 0, sizeof(region));
	EXPECT_RC(PAPI_sprofil(NULL, 1, eventset, code, 100000, 0), PAPI_EINVAL);
	EXPECT_RC(PAPI_sprofil(&region, 0, eventset, code, 100000, 0), PAPI_EINVAL);
	EXPECT_RC(PAPI_sprofil(&region, 1, eventset, code, 100000, 0), PAPI_EINVAL);
	CHECK_OK(PAPI_state(eventset, &state));
	FAIL_IF(state & (PAPI_PROFILING | PAPI_OVERFLOWING),
	        "refused calls left the set in state %#x", state);

	CHECK_OK(PAPI_profil(buffer, sizeof(buffer), text, 0x10000, eventset, code, 100000, 0));
	CHECK_OK(PAPI_start(eventset));
	EXPECT_RC(PAPI_profil(buffer, sizeof(buffer), text, 0x10000, eventset, code, 200000, 0),
	          PAPI_EISRUN);
	CHECK_OK(PAPI_stop(eventset, &value));
	EXPECT_RC(PAPI_overflow(eventset, code, 100000, 0, NULL), PAPI_EINVAL);
	CHECK_OK(PAPI_profil(buffer, sizeof(buffer), text, 0x10000, eventset, code, 0, 0));
	CHECK_OK(PAPI_state(eventset, &state));
	FAIL_IF(state & PAPI_PROFILING, "state %#x still has PAPI_PROFILING", state);
	ctest_eventset_free(&eventset);
	ctest_pass();
}
