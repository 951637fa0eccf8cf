// SPDX-License-Identifier: BSD-3-Clause
/* PAPI_get_executable_info describes this program: its full path is the
 * target of /proc/self/exe, its name the last component of it, its text
 * range holds main() and its data range an initialised global. */
#include "ctest_util.h"

#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

/* Initialised, so it lives in the data segment. */
static volatile int initialised_global = 42;

int main(int argc, char **argv)
{
	const PAPI_exe_info_t *exe;
	char path[PATH_MAX];
	ssize_t length;
	const char *base;
	uintptr_t main_address = (uintptr_t)&main;
	uintptr_t data_address = (uintptr_t)&initialised_global;

	ctest_init(argc, argv);
	ctest_library_init();

	length = readlink("/proc/self/exe", path, sizeof(path) - 1);
	FAIL_IF(length < 0, "readlink(/proc/self/exe): %s", strerror(errno));
	path[length] = '\0';
	base = strrchr(path, '/');
	base = base != NULL ? base + 1 : path;

	exe = PAPI_get_executable_info();
	FAIL_IF(exe == NULL, "PAPI_get_executable_info() is NULL");
	ctest_note("%s: text %p-%p data %p-%p bss %p-%p", exe->fullname,
	           (void *)exe->address_info.text_start, (void *)exe->address_info.text_end,
	           (void *)exe->address_info.data_start, (void *)exe->address_info.data_end,
	           (void *)exe->address_info.bss_start, (void *)exe->address_info.bss_end);

	FAIL_IF(strcmp(exe->fullname, path) != 0, "fullname is \"%s\", /proc/self/exe is \"%s\"",
	        exe->fullname, path);
	FAIL_IF(strcmp(exe->address_info.name, base) != 0, "name is \"%s\", expected \"%s\"",
	        exe->address_info.name, base);
	FAIL_IF(main_address < (uintptr_t)exe->address_info.text_start ||
	            main_address >= (uintptr_t)exe->address_info.text_end,
	        "main() at %p is outside the text range %p-%p", (void *)main_address,
	        (void *)exe->address_info.text_start, (void *)exe->address_info.text_end);
	FAIL_IF(data_address < (uintptr_t)exe->address_info.data_start ||
	            data_address >= (uintptr_t)exe->address_info.data_end,
	        "an initialised global at %p is outside the data range %p-%p", (void *)data_address,
	        (void *)exe->address_info.data_start, (void *)exe->address_info.data_end);
	FAIL_IF((uintptr_t)exe->address_info.bss_start > (uintptr_t)exe->address_info.bss_end,
	        "the bss range %p-%p is reversed", (void *)exe->address_info.bss_start,
	        (void *)exe->address_info.bss_end);
	FAIL_IF(initialised_global != 42, "the global changed");

	ctest_pass();
}
