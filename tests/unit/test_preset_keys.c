// SPDX-License-Identifier: BSD-3-Clause
/* Preset tables chosen through keys that components serve, with no word of
 * any component in the core: two test components declare their own key
 * kinds ("keyed" and its broader "keyfamily"; "rival"), serve keys on
 * "this machine", and a preset file names their tables and natives. The
 * tests fail if the core ignores a component's keys, ranks its kinds out
 * of the declared order, lets a component speak for another's kind, or
 * drops the presets' counts on the way.
 *
 * Links libpapillon_core.la with the components defined here (as
 * test_eventset does with fake_component.c), so no kernel is involved. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <CUnit/Basic.h>

#include "papi.h"
#include "core/derived.h"
#include "registry/registry.h"
#include "util/error.h"
#include "presets/table.h"
#include "presets/presets.h"
#include "unit_assert.h"

/* ---- the components ------------------------------------------------------- */

/* keyed::TICKS counts 1 per tick of a clock only the test advances,
 * keyed::DOUBLE 2 and keyed::TRIPLE 3. */
static const char *const keyed_events[] = {"keyed::TICKS", "keyed::DOUBLE", "keyed::TRIPLE"};
#define KEYED_EVENTS  3
#define KEYED_MAX_SET 8

static long long keyed_clock;

struct keyed_control {
	int count;
	int per_tick[KEYED_MAX_SET];
	long long mark;
};

static int keyed_init(int cidx, PAPI_component_info_t *info)
{
	info->num_cntrs = KEYED_MAX_SET;
	info->num_native_events = KEYED_EVENTS;
	return PAPI_OK;
}

static int rival_init(int cidx, PAPI_component_info_t *info)
{
	return PAPI_OK;
}

static void no_shutdown(void)
{
}

static int keyed_enum_events(uint64_t *cursor, int modifier, char *name, size_t name_len)
{
	uint64_t next = modifier == PAPI_ENUM_FIRST ? 0 : *cursor + 1;
	if ((modifier != PAPI_ENUM_FIRST && modifier != PAPI_ENUM_EVENTS) || next >= KEYED_EVENTS)
		return PAPI_ENOEVNT;
	*cursor = next;
	snprintf(name, name_len, "%s", keyed_events[next]);
	return PAPI_OK;
}

static int keyed_resolve_name(const char *name, struct component_resolution *out)
{
	for (int e = 0; e < KEYED_EVENTS; e++) {
		if (strcmp(name, keyed_events[e]) != 0)
			continue;
		int *per_tick = malloc(sizeof(*per_tick));
		if (!per_tick)
			return PAPI_ENOMEM;
		*per_tick = e + 1;
		snprintf(out->canonical, sizeof(out->canonical), "%s", name);
		out->cursor = (uint64_t)e;
		out->encoding = per_tick;
		return PAPI_OK;
	}
	return papi_error_set(PAPI_ENOEVNT, "keyed lists no event '%s'", name);
}

static int no_enum_events(uint64_t *cursor, int modifier, char *name, size_t name_len)
{
	return PAPI_ENOEVNT;
}

static int no_resolve_name(const char *name, struct component_resolution *out)
{
	return PAPI_ENOEVNT;
}

static void free_encoding(void *encoding)
{
	free(encoding);
}

static int keyed_event_info(const char *name, uint64_t cursor, const void *encoding,
                            PAPI_event_info_t *info)
{
	snprintf(info->short_descr, sizeof(info->short_descr), "%d per tick", (int)cursor + 1);
	return PAPI_OK;
}

static int keyed_check_event(const void *encoding)
{
	return PAPI_OK;
}

static int keyed_control_init(void *control)
{
	memset(control, 0, sizeof(struct keyed_control));
	return PAPI_OK;
}

static void keyed_control_cleanup(void *control)
{
}

static int keyed_control_update(void *control, const struct component_event *events, int count,
                                const struct counting_options *options)
{
	struct keyed_control *keyed = control;
	if (count > KEYED_MAX_SET)
		return papi_error_set(PAPI_ECNFLCT, "keyed holds %d events", KEYED_MAX_SET);
	keyed->count = count;
	for (int i = 0; i < count; i++)
		keyed->per_tick[i] = *(const int *)events[i].encoding;
	return PAPI_OK;
}

static void keyed_values(const struct keyed_control *keyed, long long *values)
{
	for (int i = 0; i < keyed->count; i++)
		values[i] = keyed->per_tick[i] * (keyed_clock - keyed->mark);
}

static int keyed_start(void *control)
{
	((struct keyed_control *)control)->mark = keyed_clock;
	return PAPI_OK;
}

static int keyed_stop(void *control, long long *values)
{
	if (values)
		keyed_values(control, values);
	return PAPI_OK;
}

static int keyed_read(void *control, long long *values)
{
	keyed_values(control, values);
	return PAPI_OK;
}

static int keyed_accum(void *control, long long *values)
{
	struct keyed_control *keyed = control;
	long long deltas[KEYED_MAX_SET];
	keyed_values(keyed, deltas);
	for (int i = 0; i < keyed->count; i++)
		values[i] += deltas[i];
	keyed->mark = keyed_clock;
	return PAPI_OK;
}

static int keyed_reset(void *control)
{
	((struct keyed_control *)control)->mark = keyed_clock;
	return PAPI_OK;
}

static int keyed_write(void *control, const long long *values)
{
	return papi_error_set(PAPI_ENOSUPP, "keyed counters cannot be written");
}

/* Most specific first: a widget, then the family it belongs to. */
static const struct component_key_kind keyed_kinds[] = {
    {"keyed", "keyed widgets", false},
    {"keyfamily", "keyed widget families", false},
    {NULL, NULL, false},
};

/* Besides its own keys, a word of the rival's kind (which the core must not
 * take from this component) and two malformed words (ignored). */
static int keyed_pmu_names(char *names, size_t names_len)
{
	snprintf(names, names_len, "keyed:widget7 keyfamily:widgets rival:forged nocolon keyed:");
	return PAPI_OK;
}

static const struct component_key_kind rival_kinds[] = {
    {"rival", "rival units", false},
    {NULL, NULL, false},
};

static int rival_pmu_names(char *names, size_t names_len)
{
	snprintf(names, names_len, "rival:r1");
	return PAPI_OK;
}

/* A kind whose tables apply only from PAPI_USER_EVENTS_FILE (as the ebb
 * component's), served by the rival. */
static const struct component_key_kind asked_kinds[] = {
    {"asked", "asked-for units", .user_only = true},
    {NULL, NULL, false},
};

static int asked_pmu_names(char *names, size_t names_len)
{
	snprintf(names, names_len, "asked:a1");
	return PAPI_OK;
}

/* A test component of the keyed control and counting: only what it is
 * called, its events and the keys it serves differ. */
#define KEYED_COMPONENT(symbol, label, text, init_op, enum_op, resolve_op, kinds, pmu_names_op)    \
	static const struct component_ops symbol = {                                               \
	    .name = label,                                                                         \
	    .short_name = label,                                                                   \
	    .description = text,                                                                   \
	    .control_size = sizeof(struct keyed_control),                                          \
	    .init = init_op,                                                                       \
	    .shutdown = no_shutdown,                                                               \
	    .enum_events = enum_op,                                                                \
	    .resolve_name = resolve_op,                                                            \
	    .release_encoding = free_encoding,                                                     \
	    .event_info = keyed_event_info,                                                        \
	    .check_event = keyed_check_event,                                                      \
	    .preset_key_kinds = kinds,                                                             \
	    .pmu_names = pmu_names_op,                                                             \
	    .control_init = keyed_control_init,                                                    \
	    .control_cleanup = keyed_control_cleanup,                                              \
	    .control_update = keyed_control_update,                                                \
	    .start = keyed_start,                                                                  \
	    .stop = keyed_stop,                                                                    \
	    .read = keyed_read,                                                                    \
	    .accum = keyed_accum,                                                                  \
	    .reset = keyed_reset,                                                                  \
	    .write = keyed_write,                                                                  \
	}

KEYED_COMPONENT(keyed_component, "keyed", "Test component serving preset keys of its own kinds",
                keyed_init, keyed_enum_events, keyed_resolve_name, keyed_kinds, keyed_pmu_names);
/* No events at all: only keys. */
KEYED_COMPONENT(rival_component, "rival", "Test component with a key kind and no events",
                rival_init, no_enum_events, no_resolve_name, rival_kinds, rival_pmu_names);
/* Keys only, of a kind that needs asking. */
KEYED_COMPONENT(asked_component, "asked",
                "Test component whose preset tables apply only when asked for", rival_init,
                no_enum_events, no_resolve_name, asked_kinds, asked_pmu_names);

/* Replaces src/registry/components.c, which libpapillon_core.la leaves out. */
const struct component_ops *const papillon_components[] = {
    &keyed_component,
    &rival_component,
    &asked_component,
};
const int papillon_component_count =
    (int)(sizeof(papillon_components) / sizeof(papillon_components[0]));

/* ---- the preset file ------------------------------------------------------ */

/* The family table comes first in the file: among tables of equal rank the
 * file's order wins, so only the kinds' declared order puts the widget's
 * table above it. */
static const char keyed_presets[] = "table keyed-family\n"
                                    "describe every widget of the family\n"
                                    "match keyfamily widgets\n"
                                    "PAPI_TOT_CYC, NOT_DERIVED, keyed::DOUBLE\n"
                                    "PAPI_BR_INS, NOT_DERIVED, keyed::DOUBLE\n"
                                    "\n"
                                    "table keyed-widget7\n"
                                    "describe widget 7 (a prefix match)\n"
                                    "match keyed widget*\n"
                                    "PAPI_TOT_CYC, NOT_DERIVED, keyed::TICKS\n"
                                    "PAPI_TOT_INS, DERIVED_ADD, keyed::TICKS, keyed::DOUBLE\n"
                                    "\n"
                                    "table keyed-gadget\n"
                                    "match keyed gadget\n"
                                    "PAPI_L1_DCM, NOT_DERIVED, keyed::TICKS\n"
                                    "\n"
                                    "table forged-by-keyed\n"
                                    "match rival forged\n"
                                    "PAPI_L2_DCM, NOT_DERIVED, keyed::TICKS\n"
                                    "\n"
                                    "table rival-r1\n"
                                    "match rival r1\n"
                                    "PAPI_L3_TCM, NOT_DERIVED, keyed::TRIPLE\n"
                                    "\n"
                                    "table asked-a1\n"
                                    "match asked a1\n"
                                    "PAPI_L1_DCM, NOT_DERIVED, keyed::TICKS\n"
                                    "PAPI_TOT_CYC, NOT_DERIVED, keyed::TRIPLE\n"
                                    "\n"
                                    "table anywhere\n"
                                    "match always\n"
                                    "PAPI_TOT_CYC, NOT_DERIVED, keyed::TRIPLE\n"
                                    "PAPI_BR_INS, NOT_DERIVED, keyed::TRIPLE\n"
                                    "PAPI_BR_MSP, NOT_DERIVED, keyed::TRIPLE\n";

static char presets_dir[] = "/tmp/papillon-preset-keys-XXXXXX";
static char presets_path[sizeof(presets_dir) + 32];

static int write_presets(void)
{
	if (!mkdtemp(presets_dir))
		return 1;
	snprintf(presets_path, sizeof(presets_path), "%s/keyed.presets", presets_dir);
	FILE *file = fopen(presets_path, "we");
	if (!file)
		return 1;
	bool written = fputs(keyed_presets, file) >= 0;
	return fclose(file) == 0 && written ? 0 : 1;
}

static int remove_presets(void)
{
	unlink(presets_path);
	rmdir(presets_dir);
	return 0;
}

/* ---- through the API -------------------------------------------------------- */

static void init_library(void)
{
	setenv("PAPILLON_PRESETS_DIR", presets_dir, 1);
	UNIT_ASSERT_STATUS_FATAL(PAPI_library_init(PAPI_VER_CURRENT), PAPI_VER_CURRENT);
}

/* preset is defined by natives listed (NULL-terminated), or undefined when
 * none are listed. */
static void expect_natives(int preset, const char *derived, ...)
{
	PAPI_event_info_t info;
	UNIT_ASSERT_OK(PAPI_get_event_info(preset, &info));
	char text[512];
	va_list natives;
	va_start(natives, derived);
	unsigned count = 0;
	for (const char *native; (native = va_arg(natives, const char *)); count++) {
		snprintf(text, sizeof(text), "%s native %u is '%s', expected %s", info.symbol,
		         count, count < PAPI_MAX_INFO_TERMS ? info.name[count] : "?", native);
		CU_assertImplementation(count < info.count && strcmp(info.name[count], native) == 0,
		                        __LINE__, text, __FILE__, "", CU_FALSE);
	}
	va_end(natives);
	snprintf(text, sizeof(text), "%s has %u natives (%s), expected %u", info.symbol, info.count,
	         info.name[0], count);
	CU_assertImplementation(info.count == count, __LINE__, text, __FILE__, "", CU_FALSE);
	if (count > 0) {
		CU_ASSERT_STRING_EQUAL(info.derived, derived);
	} else {
		UNIT_ASSERT_STATUS(PAPI_query_event(preset), PAPI_ENOEVNT);
	}
}

static void test_component_keys_choose_the_tables(void)
{
	init_library();
	/* The widget's table (first kind) over the family's (second kind)
	 * over "always". */
	expect_natives(PAPI_TOT_CYC, "NOT_DERIVED", "keyed::TICKS", NULL);
	expect_natives(PAPI_TOT_INS, "DERIVED_ADD", "keyed::TICKS", "keyed::DOUBLE", NULL);
	expect_natives(PAPI_BR_INS, "NOT_DERIVED", "keyed::DOUBLE", NULL);
	expect_natives(PAPI_BR_MSP, "NOT_DERIVED", "keyed::TRIPLE", NULL);
	/* Another component's own key works; a key it did not serve does not,
	 * nor one of its kind that keyed claimed, nor one of a kind that holds
	 * only in user tables (asked-a1 would define PAPI_L1_DCM and take
	 * PAPI_TOT_CYC). */
	expect_natives(PAPI_L3_TCM, "NOT_DERIVED", "keyed::TRIPLE", NULL);
	expect_natives(PAPI_L1_DCM, "", NULL);
	expect_natives(PAPI_L2_DCM, "", NULL);

	char summary[PAPI_HUGE_STR_LEN];
	UNIT_ASSERT_OK(PAPI_preset_message(0, summary, sizeof(summary)));
	CU_ASSERT_PTR_NOT_NULL(strstr(summary, "preset tables in use: keyed-widget7 ("));
	CU_ASSERT_PTR_NOT_NULL(strstr(summary, ", keyed-family ("));
	CU_ASSERT_PTR_NOT_NULL(strstr(summary, "; keyed widgets: widget7; keyed widget families: "
	                                       "widgets; rival units: r1"));
	CU_ASSERT_PTR_NULL(strstr(summary, "forged"));
	/* The file is clean: no message besides the summary. */
	char message[PAPI_HUGE_STR_LEN];
	UNIT_ASSERT_STATUS(PAPI_preset_message(1, message, sizeof(message)), PAPI_ENOEVNT);
	PAPI_shutdown();
}

static void test_presets_of_component_keys_count_exactly(void)
{
	init_library();
	int set = PAPI_NULL;
	long long values[2] = {-1, -1};
	UNIT_ASSERT_OK_FATAL(PAPI_create_eventset(&set));
	UNIT_ASSERT_OK(PAPI_add_event(set, PAPI_TOT_CYC));
	UNIT_ASSERT_OK(PAPI_add_event(set, PAPI_TOT_INS));
	UNIT_ASSERT_OK(PAPI_start(set));
	keyed_clock += 1000;
	UNIT_ASSERT_OK(PAPI_stop(set, values));
	/* TICKS, and TICKS + DOUBLE. */
	UNIT_ASSERT_VALUES(values, 1000, 3000);
	UNIT_ASSERT_OK(PAPI_cleanup_eventset(set));
	UNIT_ASSERT_OK(PAPI_destroy_eventset(&set));
	PAPI_shutdown();
}

/* ---- parsing and ranking, without the library ----------------------------- */

static bool has_message(const struct preset_library *library, const char *text)
{
	for (int m = 0; m < library->message_count; m++)
		if (strstr(library->messages[m], text))
			return true;
	return false;
}

static void test_key_kinds_come_from_the_components(void)
{
	static const char text[] = "table t\n"
	                           "match keyed widget7\n"
	                           "match rival r*\n"
	                           "match nosuchkind x\n"
	                           "match keyed\n"
	                           "match keyed a b\n"
	                           "match 9lives x\n"
	                           "PAPI_TOT_CYC, NOT_DERIVED, keyed::TICKS\n";
	struct preset_library library;
	memset(&library, 0, sizeof(library));
	CU_ASSERT_EQUAL(preset_library_parse(&library, "keys.presets", text, false), 4);
	CU_ASSERT(has_message(&library, "keys.presets:4: no component of this build serves "
	                                "'nosuchkind' keys (key kinds here: keyed, keyfamily, "
	                                "rival, asked)"));
	CU_ASSERT(has_message(&library, "keys.presets:5: usage: match keyed NAME"));
	CU_ASSERT(has_message(&library, "keys.presets:6: usage: match keyed NAME"));
	CU_ASSERT(has_message(&library, "keys.presets:7: 'match' needs one of always, arch, x86, "
	                                "midr, pvr, riscv or a component's key kind"));
	CU_ASSERT_EQUAL_FATAL(library.table_count, 1);
	const struct preset_table *table = &library.tables[0];
	/* The unserved kind's line is kept (the table has a match line) but
	 * has no rank, so it never holds. */
	CU_ASSERT_EQUAL_FATAL(table->match_count, 3);
	CU_ASSERT_EQUAL(table->matches[0].source, SOURCE_KEY);
	CU_ASSERT_STRING_EQUAL(table->matches[0].kind, "keyed");
	CU_ASSERT_STRING_EQUAL(table->matches[0].name, "widget7");
	CU_ASSERT_EQUAL(table->matches[0].key_rank, MATCH_KEY + 1);
	CU_ASSERT_EQUAL(table->matches[1].key_rank, MATCH_KEY);
	CU_ASSERT_EQUAL(table->matches[2].key_rank, -1);
	CU_ASSERT_EQUAL(preset_key_kind_rank("keyfamily"), MATCH_KEY);
	CU_ASSERT_EQUAL(preset_key_kind_rank("pfm"), -1); /* perf_event's: not in this build */
	CU_ASSERT_STRING_EQUAL(preset_key_kind_what("rival"), "rival units");
	preset_library_free(&library);
}

static void test_component_keys_outrank_the_cpu_identity(void)
{
	static const char text[] = "table by-arch\nmatch arch x86_64\n"
	                           "PAPI_TOT_CYC, NOT_DERIVED, keyed::TRIPLE\n"
	                           "table by-model\nmatch x86 GenuineIntel 6 0x55\n"
	                           "PAPI_TOT_CYC, NOT_DERIVED, keyed::TRIPLE\n"
	                           "table by-family\nmatch keyfamily widgets\n"
	                           "PAPI_TOT_CYC, NOT_DERIVED, keyed::DOUBLE\n"
	                           "table by-unserved\nmatch nosuchkind x\n"
	                           "PAPI_TOT_CYC, NOT_DERIVED, keyed::DOUBLE\n"
	                           "table by-widget\nmatch keyed widget7\n"
	                           "PAPI_TOT_CYC, NOT_DERIVED, keyed::TICKS\n"
	                           "table everywhere\nmatch always\n"
	                           "PAPI_TOT_CYC, NOT_DERIVED, keyed::TRIPLE\n";
	struct preset_library library;
	memset(&library, 0, sizeof(library));
	preset_library_parse(&library, "rank.presets", text, false);
	struct preset_cpu cpu;
	preset_cpu_clear(&cpu);
	snprintf(cpu.arch, sizeof(cpu.arch), "x86_64");
	snprintf(cpu.x86_vendor, sizeof(cpu.x86_vendor), "GenuineIntel");
	cpu.x86_family = 6;
	cpu.x86_model = 0x55;
	preset_cpu_add_pmu_names(&cpu, "keyfamily:widgets keyed:widget7 nosuchkind:x");
	const struct preset_table *layers[8];
	int count = preset_select(&library, &cpu, layers, 8);
	static const char *const expected[] = {"by-widget", "by-model", "by-arch", "everywhere"};
	/* by-family ranks between by-widget and by-model. */
	CU_ASSERT_EQUAL_FATAL(count, 5);
	CU_ASSERT_STRING_EQUAL(layers[0]->name, expected[0]);
	CU_ASSERT_STRING_EQUAL(layers[1]->name, "by-family");
	for (int l = 1; l < 4; l++)
		CU_ASSERT_STRING_EQUAL(layers[l + 1]->name, expected[l]);
	/* Without the keys, only the identity matches hold. */
	preset_cpu_clear(&cpu);
	snprintf(cpu.arch, sizeof(cpu.arch), "x86_64");
	CU_ASSERT_EQUAL(preset_select(&library, &cpu, layers, 8), 2);
	preset_library_free(&library);
}

/* A kind declared user_only: its tables hold only when they come from
 * PAPI_USER_EVENTS_FILE, and then above every other table. */
static void test_user_only_kinds_hold_in_user_tables_only(void)
{
	static const char builtin[] = "table by-widget\nmatch keyed widget7\n"
	                              "PAPI_TOT_CYC, NOT_DERIVED, keyed::TICKS\n"
	                              "table asked-builtin\nmatch asked a1\n"
	                              "PAPI_TOT_CYC, NOT_DERIVED, keyed::DOUBLE\n";
	/* A user file may hold a built-in table again, under its name. */
	static const char user[] = "table asked-builtin\nmatch asked a*\n"
	                           "PAPI_TOT_CYC, NOT_DERIVED, keyed::TRIPLE\n"
	                           "table asked-builtin\nmatch asked a*\n"
	                           "PAPI_TOT_INS, NOT_DERIVED, keyed::TRIPLE\n";
	struct preset_library library;
	memset(&library, 0, sizeof(library));
	CU_ASSERT_EQUAL(preset_library_parse(&library, "builtin.presets", builtin, false), 0);
	CU_ASSERT_EQUAL(library.message_count, 0);
	CU_ASSERT_EQUAL(preset_key_kind_rank("asked"), MATCH_KEY);
	CU_ASSERT(preset_key_kind_user_only("asked"));
	CU_ASSERT(!preset_key_kind_user_only("keyed"));
	CU_ASSERT(!preset_key_kind_user_only("nosuchkind"));
	struct preset_cpu cpu;
	preset_cpu_clear(&cpu);
	preset_cpu_add_pmu_names(&cpu, "keyed:widget7 asked:a1");
	const struct preset_table *layers[8];
	/* The built-in asked table never holds, key or not. */
	CU_ASSERT_EQUAL_FATAL(preset_select(&library, &cpu, layers, 8), 1);
	CU_ASSERT_STRING_EQUAL(layers[0]->name, "by-widget");
	/* From the user's file it holds, first. */
	/* ... once: twice in the user's file is still a mistake. */
	CU_ASSERT_EQUAL(preset_library_parse(&library, "user.presets", user, true), 1);
	CU_ASSERT_EQUAL_FATAL(preset_select(&library, &cpu, layers, 8), 2);
	CU_ASSERT_STRING_EQUAL(layers[0]->name, "asked-builtin");
	CU_ASSERT(layers[0]->user);
	CU_ASSERT_EQUAL(layers[0]->entry_count, 1);
	CU_ASSERT_STRING_EQUAL(layers[1]->name, "by-widget");
	/* A user table still needs the key. */
	preset_cpu_clear(&cpu);
	preset_cpu_add_pmu_names(&cpu, "keyed:widget7");
	CU_ASSERT_EQUAL_FATAL(preset_select(&library, &cpu, layers, 8), 1);
	CU_ASSERT_STRING_EQUAL(layers[0]->name, "by-widget");
	preset_library_free(&library);
}

int main(void)
{
	if (CU_initialize_registry() != CUE_SUCCESS)
		return 2;
	CU_pSuite api = CU_add_suite("through the API", write_presets, remove_presets);
	CU_add_test(api, "component keys choose the tables", test_component_keys_choose_the_tables);
	CU_add_test(api, "presets of component keys count exactly",
	            test_presets_of_component_keys_count_exactly);
	CU_pSuite tables = CU_add_suite("tables", NULL, NULL);
	CU_add_test(tables, "key kinds come from the components",
	            test_key_kinds_come_from_the_components);
	CU_add_test(tables, "component keys outrank the CPU identity",
	            test_component_keys_outrank_the_cpu_identity);
	CU_add_test(tables, "user-only kinds hold in user tables only",
	            test_user_only_kinds_hold_in_user_tables_only);
	return unit_run_all();
}
