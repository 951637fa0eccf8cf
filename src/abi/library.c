// SPDX-License-Identifier: BSD-3-Clause
/* Boundary, per ABI: which PAPI_VER_CURRENT the object accepts, and the error table a
 * program of its ABI knows (abi/boundary.h). */
#include <stdio.h>

#include "abi/boundary.h"
#include "abi/layout_7_0.h"
#include "registry/registry.h"
#include "util/error.h"

PAPI_EXPORT int PAPI_library_init(int version)
{
	int minor = PAPI_VERSION_MINOR(version);
	if (PAPI_VERSION_MAJOR(version) != 7 || (version & 0xffff) != 0)
		return papi_error_set(PAPI_EINVAL,
		                      "library version %d.%d requested, this library provides 7.x",
		                      PAPI_VERSION_MAJOR(version), minor);
	if (minor < ABI_FIRST_MINOR || minor > ABI_LAST_MINOR)
		return papi_error_set(PAPI_EINVAL,
		                      "library version 7.%d requested: this library object has the "
		                      "ABI of PAPI 7.%d to 7.%d, whose structures and enumeration "
		                      "values differ from 7.%d's (link the libpapi.so.7.%d of that "
		                      "release)",
		                      minor, ABI_FIRST_MINOR, ABI_LAST_MINOR, minor, minor);
	return api_library_init(version);
}

#if PAPILLON_BOUNDARY_MINOR == 0
#define ERROR_TABLE_SIZE PAPI70_NUM_ERRORS
#else
#define ERROR_TABLE_SIZE PAPI_NUM_ERRORS
#endif

/* A code past the ABI's table has no text there, as in that release (NULL). */
PAPI_EXPORT char *PAPI_strerror(int code)
{
	if (code <= -ERROR_TABLE_SIZE)
		return NULL;
	return (char *)papi_error_text(code);
}

PAPI_EXPORT void PAPI_perror(const char *message)
{
	const char *reason = papi_error_reason();
	if (message && *message)
		fprintf(stderr, "%s%s%s\n", message, *reason ? ": " : "", reason);
	else if (*reason)
		fprintf(stderr, "%s\n", reason);
}

#if PAPILLON_BOUNDARY_MINOR == 0
/* Set when the object is loaded, before any call: PAPI_PARTIAL is not a 7.0 code, and the
 * component infos a 7.0 program reads are copies that follow the core's records. */
__attribute__((constructor)) static void speak_7_0(void)
{
	papi_error_partial_code = PAPI_ENOEVNT;
	papillon_component_info_follower = abi70_follow_component_info;
}
#endif
