// SPDX-License-Identifier: BSD-3-Clause
/* PAPI_get_shared_lib_info lists the loaded shared objects: the C library
 * and the PAPI library each appear (under their real paths) with a text
 * range holding their own functions. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "ctest_util.h"

#include <dlfcn.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *base_name(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash != NULL ? slash + 1 : path;
}

/* The object holding address must be listed, under its real path, with a
 * text range around the address. */
static void check_object_of(const PAPI_shlib_info_t *shlib, const char *what, void *address)
{
	Dl_info where;
	char object[PATH_MAX], listed[PATH_MAX];
	uintptr_t at = (uintptr_t)address;

	FAIL_IF(address == NULL, "cannot find %s", what);
	FAIL_IF(dladdr(address, &where) == 0 || where.dli_fname == NULL, "dladdr does not know %s",
	        what);
	if (strstr(base_name(where.dli_fname), ".so") == NULL) {
		ctest_note("%s is linked into the program (%s), not a shared object", what,
		           where.dli_fname);
		return;
	}
	FAIL_IF(realpath(where.dli_fname, object) == NULL, "realpath(%s) failed", where.dli_fname);
	for (int i = 0; i < shlib->count; i++) {
		const PAPI_address_map_t *map = &shlib->map[i];

		if (realpath(map->name, listed) == NULL || strcmp(listed, object) != 0)
			continue;
		FAIL_IF(at < (uintptr_t)map->text_start || at >= (uintptr_t)map->text_end,
		        "%s at %p is outside the text %p-%p listed for %s", what, address,
		        (void *)map->text_start, (void *)map->text_end, map->name);
		return;
	}
	ctest_fail(__FILE__, __LINE__, "%s (holding %s) is not among the %d shared objects", object,
	           what, shlib->count);
}

int main(int argc, char **argv)
{
	const PAPI_shlib_info_t *shlib;

	ctest_init(argc, argv);
	SKIP_IF(ctest_statically_linked(),
	        "statically linked: this program loads no shared objects");
	ctest_library_init();

	shlib = PAPI_get_shared_lib_info();
	FAIL_IF(shlib == NULL, "PAPI_get_shared_lib_info() is NULL");
	FAIL_IF(shlib->count < 1, "%d shared objects are listed", shlib->count);
	FAIL_IF(shlib->map == NULL, "the map is NULL for %d objects", shlib->count);
	for (int i = 0; i < shlib->count; i++) {
		const PAPI_address_map_t *map = &shlib->map[i];

		ctest_note("%s: text %p-%p", map->name, (void *)map->text_start,
		           (void *)map->text_end);
		FAIL_IF(map->name[0] == '\0', "entry %d has no name", i);
		FAIL_IF((uintptr_t)map->text_start > (uintptr_t)map->text_end,
		        "%s has a reversed text range", map->name);
	}

	/* Symbols looked up at run time, so their real addresses are used and
	 * not PLT stubs in this program. */
	check_object_of(shlib, "gnu_get_libc_version", dlsym(RTLD_DEFAULT, "gnu_get_libc_version"));
	check_object_of(shlib, "PAPI_get_shared_lib_info",
	                dlsym(RTLD_DEFAULT, "PAPI_get_shared_lib_info"));

	ctest_pass();
}
