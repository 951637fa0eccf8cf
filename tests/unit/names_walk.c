// SPDX-License-Identifier: BSD-3-Clause
/* Enumeration walks and name round trips (names_walk.h). */
#include "names_walk.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "papi.h"

typedef char event_name[PAPI_MAX_STR_LEN];

static void check_that(struct names_check *check, bool condition, unsigned line, const char *format,
                       ...) __attribute__((format(printf, 4, 5)));

static void check_that(struct names_check *check, bool condition, unsigned line, const char *format,
                       ...)
{
	if (condition)
		return;
	char message[PAPI_HUGE_STR_LEN + 2 * PAPI_MAX_STR_LEN];
	va_list arguments;
	va_start(arguments, format);
	vsnprintf(message, sizeof(message), format, arguments);
	va_end(arguments);
	check->failures++;
	check->fail(check->context, line, message);
}

#define CHECK(condition, ...) check_that(check, (condition), __LINE__, __VA_ARGS__)

static const char *name_of(int code, event_name name)
{
	if (PAPI_event_code_to_name(code, name) != PAPI_OK)
		snprintf(name, PAPI_MAX_STR_LEN, "%#x", (unsigned)code);
	return name;
}

/* Adds code to the walk; false (and a failure) if it was listed before. */
static bool walk_add(struct names_check *check, struct names_walk *walk, int code)
{
	for (int i = 0; i < walk->count; i++) {
		if (walk->codes[i] == code) {
			event_name name;
			CHECK(false, "the enumeration comes back to %s after %d codes",
			      name_of(code, name), walk->count);
			return false;
		}
	}
	int *grown = realloc(walk->codes, sizeof(int) * (size_t)(walk->count + 1));
	CHECK(grown != NULL, "no memory for %d codes", walk->count + 1);
	if (!grown)
		return false;
	walk->codes = grown;
	walk->codes[walk->count++] = code;
	return true;
}

/* The next event after code, by PAPI_enum_cmp_event; PAPI_enum_event, which
 * finds the component from the code, must step to the same one. */
static int next_event(struct names_check *check, int *code, int cidx)
{
	int by_component = *code;
	int status = PAPI_enum_cmp_event(&by_component, PAPI_ENUM_EVENTS, cidx);
	int by_code = *code;
	int status_by_code = PAPI_enum_event(&by_code, PAPI_ENUM_EVENTS);
	event_name name;
	CHECK(status == status_by_code && (status != PAPI_OK || by_code == by_component),
	      "after %s, PAPI_enum_event gives %d (%#x), PAPI_enum_cmp_event %d (%#x)",
	      name_of(*code, name), status_by_code, (unsigned)by_code, status,
	      (unsigned)by_component);
	*code = by_component;
	return status;
}

void names_walk(struct names_check *check, struct names_walk *walk, int cidx, bool qualifiers)
{
	memset(walk, 0, sizeof(*walk));
	int code = PAPI_NATIVE_MASK;
	int status = PAPI_enum_cmp_event(&code, PAPI_ENUM_FIRST, cidx);
	while (status == PAPI_OK && walk_add(check, walk, code)) {
		walk->event_count++;
		int qualified = code;
		while (qualifiers &&
		       PAPI_enum_cmp_event(&qualified, PAPI_NTV_ENUM_UMASKS, cidx) == PAPI_OK &&
		       walk_add(check, walk, qualified))
			;
		status = next_event(check, &code, cidx);
	}
	CHECK(status == PAPI_ENOEVNT || status == PAPI_OK,
	      "the enumeration of component %d ends with %d, not PAPI_ENOEVNT", cidx, status);
	CHECK(walk->event_count > 0, "component %d lists no event", cidx);
}

bool names_walk_lists(const struct names_walk *walk, const char *wanted)
{
	for (int i = 0; i < walk->count; i++) {
		event_name name;
		if (PAPI_event_code_to_name(walk->codes[i], name) == PAPI_OK &&
		    strcmp(name, wanted) == 0)
			return true;
	}
	return false;
}

/* code -> name -> code for one enumerated code, with its description. */
static void check_code_round_trip(struct names_check *check, int code, int cidx, event_name name)
{
	int status = PAPI_event_code_to_name(code, name);
	CHECK(status == PAPI_OK && name[0] != '\0', "code %#x has no name (%d)", (unsigned)code,
	      status);
	int back = PAPI_NULL;
	status = PAPI_event_name_to_code(name, &back);
	CHECK(status == PAPI_OK && back == code, "%s: code %#x -> name -> code %#x (%d: %s)", name,
	      (unsigned)code, (unsigned)back, status, PAPI_strreason());
	CHECK(PAPI_get_event_component(code) == cidx, "%s is not in component %d", name, cidx);
	PAPI_event_info_t info;
	status = PAPI_get_event_info(code, &info);
	CHECK(status == PAPI_OK && strcmp(info.symbol, name) == 0 &&
	          info.event_code == (unsigned)code,
	      "PAPI_get_event_info of %s gives %d, symbol '%s', code %#x", name, status,
	      status == PAPI_OK ? info.symbol : "", status == PAPI_OK ? info.event_code : 0u);
}

/* The first unit mask the enumeration lists for code, as ":MASK", or "":
 * the qualifiers it lists are the unit masks, then the settings
 * (":e=0"), which are no unit mask. */
static void first_unit_mask(int code, const char *name, char *mask, size_t mask_len)
{
	int qualified = code;
	event_name qualified_name;
	mask[0] = '\0';
	if (PAPI_enum_cmp_event(&qualified, PAPI_NTV_ENUM_UMASKS, PAPI_get_event_component(code)) ==
	        PAPI_OK &&
	    PAPI_event_code_to_name(qualified, qualified_name) == PAPI_OK &&
	    strncmp(qualified_name, name, strlen(name)) == 0 &&
	    !strchr(qualified_name + strlen(name), '='))
		snprintf(mask, mask_len, "%s", qualified_name + strlen(name));
}

/* A listed name that cannot count as written: PAPI_query_event and
 * PAPI_add_event agree on the error and its reason, which names the event
 * and, for a bare event with unit masks, one of them to add. */
static void check_listed_failure(struct names_check *check, int code, const char *name, int status,
                                 int set)
{
	char reason[PAPI_HUGE_STR_LEN];
	snprintf(reason, sizeof(reason), "%s", PAPI_strreason());
	CHECK(status == PAPI_EATTR || status == PAPI_ECMP,
	      "%s is listed, yet PAPI_query_event gives %d: %s", name, status, reason);
	CHECK(strstr(reason, name) != NULL, "the reason for %s does not name it: %s", name, reason);
	if (status == PAPI_EATTR) {
		check->incomplete++;
		char mask[PAPI_MAX_STR_LEN];
		first_unit_mask(code, name, mask, sizeof(mask));
		CHECK(!mask[0] || strstr(reason, mask) != NULL,
		      "the reason for %s does not offer its unit mask %s: %s", name, mask, reason);
	} else {
		check->unsupported++;
	}
	int added = PAPI_add_event(set, code);
	CHECK(added == status && strcmp(PAPI_strreason(), reason) == 0,
	      "adding %s gives %d (%s), PAPI_query_event gave %d (%s)", name, added,
	      PAPI_strreason(), status, reason);
	if (added == PAPI_OK)
		PAPI_remove_event(set, code);
}

/* name -> code -> name, the name resolved by the component from scratch. */
static void check_name_round_trip(struct names_check *check, const char *name, int set)
{
	int code = PAPI_NULL;
	int status = PAPI_event_name_to_code(name, &code);
	CHECK(status == PAPI_OK, "listed name %s does not resolve (%d): %s", name, status,
	      PAPI_strreason());
	if (status != PAPI_OK)
		return;
	event_name back = "";
	status = PAPI_event_code_to_name(code, back);
	CHECK(status == PAPI_OK && strcmp(back, name) == 0, "%s -> code %#x -> name '%s'", name,
	      (unsigned)code, back);
	int again = PAPI_NULL;
	status = PAPI_event_name_to_code(name, &again);
	CHECK(status == PAPI_OK && again == code, "%s resolves to %#x, then to %#x", name,
	      (unsigned)code, (unsigned)again);
	status = PAPI_query_event(code);
	if (status != PAPI_OK)
		check_listed_failure(check, code, name, status, set);
}

void names_check_round_trips(struct names_check *check, int cidx)
{
	struct names_walk walk;
	names_walk(check, &walk, cidx, true);
	event_name *names = calloc((size_t)walk.count + 1, sizeof(*names));
	CHECK(names != NULL, "no memory for %d names", walk.count);
	if (!names) {
		free(walk.codes);
		return;
	}
	for (int i = 0; i < walk.count; i++)
		check_code_round_trip(check, walk.codes[i], cidx, names[i]);
	check->events += walk.event_count;
	check->names += walk.count;

	/* After a shutdown the table is empty: each name goes through the
	 * component again. */
	PAPI_shutdown();
	int version = PAPI_library_init(PAPI_VER_CURRENT);
	CHECK(version == PAPI_VER_CURRENT, "PAPI_library_init after shutdown gives %d", version);
	int set = PAPI_NULL;
	int status = PAPI_create_eventset(&set);
	CHECK(status == PAPI_OK, "PAPI_create_eventset gives %d", status);
	for (int i = 0; version == PAPI_VER_CURRENT && status == PAPI_OK && i < walk.count; i++)
		check_name_round_trip(check, names[i], set);
	if (status == PAPI_OK)
		PAPI_destroy_eventset(&set);
	free(names);
	free(walk.codes);
}
