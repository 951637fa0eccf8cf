// SPDX-License-Identifier: BSD-3-Clause
/* A PAPI client as a user of one PAPI 7.x release writes it: built against that
 * release's own papi.h and linked to its soname (scripts/abi-papi-tools builds it
 * against Debian's headers and library of the release, then runs it on Papillon).
 * It uses only PAPI's API, and prints what the script checks:
 *   version 0xVVVVVVVV      what PAPI_library_init returned (the header's PAPI_VER_CURRENT)
 *   component NAME          the first component's name, read through the release's layout
 *   count EVENT VALUE       the event counted over about 20 ms of CPU work
 * Exit status 0 iff every call succeeded. */
#include <papi.h>
#include <stdio.h>
#include <time.h>

/* CPU work the task clock measures; volatile so that it is not optimised away. */
static void busy(double seconds)
{
	volatile unsigned long spin = 0;
	clock_t end = clock() + (clock_t)(seconds * CLOCKS_PER_SEC);
	while (clock() < end)
		spin++;
}

int main(int argc, char **argv)
{
	const char *event = argc > 1 ? argv[1] : "perf::TASK-CLOCK";
	int set = PAPI_NULL;
	long long value = 0;
	int rc = PAPI_library_init(PAPI_VER_CURRENT);
	printf("version %#x\n", (unsigned)rc);
	if (rc != PAPI_VER_CURRENT) {
		printf("PAPI_library_init: %s\n", PAPI_strerror(rc));
		return 1;
	}
	const PAPI_component_info_t *info = PAPI_get_component_info(0);
	printf("component %s\n", info != NULL ? info->name : "(none)");
	if ((rc = PAPI_create_eventset(&set)) != PAPI_OK ||
	    (rc = PAPI_add_named_event(set, event)) != PAPI_OK ||
	    (rc = PAPI_start(set)) != PAPI_OK) {
		printf("%s: %s\n", event, PAPI_strerror(rc));
		return 1;
	}
	busy(0.02);
	if ((rc = PAPI_stop(set, &value)) != PAPI_OK) {
		printf("PAPI_stop: %s\n", PAPI_strerror(rc));
		return 1;
	}
	printf("count %s %lld\n", event, value);
	PAPI_shutdown();
	return 0;
}
