// SPDX-License-Identifier: BSD-3-Clause
/* Fuzz target: event names through the public API, as a PAPI_EVENTS-style
 * comma-separated list (libpfm4 names with modifiers, perf:: and sysfs PMU
 * names, presets, component prefixes). Each item goes through
 * PAPI_event_name_to_code; one that resolves must come back: its code has
 * event info and a name (from PAPI_event_code_to_name, or from the info
 * when it is too long for that call's buffer, which then says so with
 * PAPI_EBUF), and that name resolves to the same code. The
 * libpfm4 PMU is forced (PAPILLON_FUZZ_PMU, default skl), so the names that
 * resolve do not depend on the host's CPU. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "papi.h"
#include "fuzz_target.h"

/* Longer items are cut: PAPI_HUGE_STR_LEN and more is covered by the
 * bad-input matrix, and long inputs only slow the search down. */
#define MAX_ITEM 512

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc, (void)argv;
	const char *pmu = getenv("PAPILLON_FUZZ_PMU");
	setenv("LIBPFM_FORCE_PMU", pmu && *pmu ? pmu : "skl", 1);
	if (PAPI_library_init(PAPI_VER_CURRENT) != PAPI_VER_CURRENT)
		fuzz_fail("PAPI_library_init: %s", PAPI_strreason());
	return 0;
}

static void check_item(const char *name)
{
	int code = 0, again = 0;
	PAPI_event_info_t *info = malloc(sizeof *info);
	char back[PAPI_HUGE_STR_LEN];

	if (!info)
		return;
	int rc = PAPI_event_name_to_code(name, &code);
	if (rc == PAPI_OK) {
		rc = PAPI_get_event_info(code, info);
		if (rc != PAPI_OK)
			fuzz_fail("'%s' (%#x) has no event info (%d: %s)", name, (unsigned)code, rc,
			          PAPI_strreason());
		/* A name too long for PAPI_event_code_to_name's buffer is refused
		 * there (never cut: a cut name may be another event's); the
		 * event info has it in full. */
		rc = PAPI_event_code_to_name(code, back);
		if (rc == PAPI_EBUF && strlen(info->symbol) >= PAPI_MAX_STR_LEN)
			snprintf(back, sizeof back, "%s", info->symbol);
		else if (rc != PAPI_OK)
			fuzz_fail("'%s' resolved to %#x, which has no name (%d: %s)", name,
			          (unsigned)code, rc, PAPI_strreason());
		rc = PAPI_event_name_to_code(back, &again);
		if (rc != PAPI_OK || again != code)
			fuzz_fail("'%s' -> %#x -> '%s' -> %#x (%d: %s)", name, (unsigned)code, back,
			          (unsigned)again, rc, PAPI_strreason());
		(void)PAPI_query_event(code);
	} else if (rc >= 0 || !PAPI_strerror(rc)) {
		fuzz_fail("PAPI_event_name_to_code('%s') returned %d, not an error code", name, rc);
	}
	free(info);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char item[MAX_ITEM + 1];
	size_t start = 0;
	for (size_t i = 0; i <= size; i++) {
		if (i < size && data[i] != ',')
			continue;
		size_t length = i - start;
		if (length > MAX_ITEM)
			length = MAX_ITEM;
		memcpy(item, data + start, length);
		item[length] = '\0';
		/* A NUL inside an item ends it, as it would in a C string. */
		check_item(item);
		start = i + 1;
	}
	return 0;
}
