// SPDX-License-Identifier: BSD-3-Clause
/* Unit tests of event naming (src/api/events.c, src/natives/table.c) through
 * the real perf_event component: the software events (perf::) exist
 * wherever Linux runs; the sysfs-described msr PMU (msr::tsc) where the
 * kernel exposes it; the round trips cover whatever PMUs libpfm4 finds here
 * (test_pmu_models covers every one it can force). */
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <CUnit/Basic.h>

#include "papi.h"
#include "names_walk.h"
#include "natives/table.h"
#include "pe_component.h"
#include "unit_assert.h"

#define MSR_PMU "/sys/bus/event_source/devices/msr"

static int init_library(void)
{
	return PAPI_library_init(PAPI_VER_CURRENT) == PAPI_VER_CURRENT ? 0 : -1;
}

static int shutdown_library(void)
{
	PAPI_shutdown();
	return 0;
}

static int code_of(const char *name)
{
	int code = PAPI_NULL;
	char text[256];
	int status = PAPI_event_name_to_code(name, &code);
	snprintf(text, sizeof(text), "PAPI_event_name_to_code(\"%s\") returned %d (%s): %s", name,
	         status, unit_error_name(status), PAPI_strreason());
	CU_assertImplementation(status == PAPI_OK, __LINE__, text, __FILE__, "", CU_TRUE);
	return code;
}

static const struct pe_encoding *encoding_of(const char *name)
{
	const void *encoding = NULL;
	UNIT_ASSERT_OK_FATAL(native_table_encoding(code_of(name), &encoding));
	CU_ASSERT_PTR_NOT_NULL_FATAL(encoding);
	return encoding;
}

/* ---- interning ---------------------------------------------------------- */

static void test_same_name_same_code(void)
{
	int first = code_of("perf::TASK-CLOCK");
	int second = code_of("perf::TASK-CLOCK");
	CU_ASSERT_EQUAL(first, second);
	CU_ASSERT(first & PAPI_NATIVE_MASK);
	CU_ASSERT_FALSE(first & PAPI_PRESET_MASK);
	CU_ASSERT_NOT_EQUAL(code_of("perf::PAGE-FAULTS"), first);

	/* Interning directly gives the code the API handed out. */
	int interned = PAPI_NULL;
	UNIT_ASSERT_OK(native_table_intern(0, "perf::TASK-CLOCK", 0, NULL, &interned));
	CU_ASSERT_EQUAL(interned, first);
	int found = PAPI_NULL;
	UNIT_ASSERT_OK(native_table_find("perf::TASK-CLOCK", &found));
	CU_ASSERT_EQUAL(found, first);
	const struct native_entry *entry = native_table_get(first);
	CU_ASSERT_PTR_NOT_NULL_FATAL(entry);
	CU_ASSERT_STRING_EQUAL(entry->name, "perf::TASK-CLOCK");
	CU_ASSERT_EQUAL(entry->cidx, 0);
	CU_ASSERT_EQUAL(PAPI_get_event_component(first), 0);
}

static void test_lookup_of_codes_that_are_not_events(void)
{
	CU_ASSERT_PTR_NULL(native_table_get(0));
	CU_ASSERT_PTR_NULL(native_table_get(PAPI_NATIVE_MASK | 0x3fffff));
	CU_ASSERT_PTR_NULL(native_table_get(PAPI_TOT_CYC));
	CU_ASSERT_PTR_NULL(native_table_get(-1));
	char name[PAPI_MAX_STR_LEN];
	UNIT_ASSERT_STATUS(PAPI_event_code_to_name(PAPI_NATIVE_MASK | 0x3fffff, name),
	                   PAPI_ENOEVNT);
	UNIT_ASSERT_STATUS(PAPI_event_code_to_name(0, name), PAPI_ENOEVNT);
	UNIT_ASSERT_STATUS(PAPI_event_code_to_name(code_of("perf::TASK-CLOCK"), NULL), PAPI_EINVAL);
}

/* An interned name the component does not know fails when first used. */
static void test_unresolvable_interned_name(void)
{
	int code = PAPI_NULL;
	UNIT_ASSERT_OK_FATAL(native_table_intern(0, "unit::not-an-event", 0, NULL, &code));
	int again = PAPI_NULL;
	UNIT_ASSERT_OK(native_table_intern(0, "unit::not-an-event", 0, NULL, &again));
	CU_ASSERT_EQUAL(code, again);
	const void *encoding = NULL;
	UNIT_ASSERT_STATUS(native_table_encoding(code, &encoding), PAPI_ENOEVNT);
	/* The failure is remembered, not retried into a different answer. */
	UNIT_ASSERT_STATUS(native_table_encoding(code, &encoding), PAPI_ENOEVNT);
	UNIT_ASSERT_STATUS(PAPI_query_event(code), PAPI_ENOEVNT);
}

/* ---- enumeration and round trips --------------------------------------- */

static void fail_in_cunit(void *context, unsigned line, const char *message)
{
	(void)context;
	CU_assertImplementation(CU_FALSE, line, message, "names_walk.c", "", CU_FALSE);
}

static struct names_check cunit_check(void)
{
	return (struct names_check){.fail = fail_in_cunit};
}

static void test_software_events_are_listed(void)
{
	struct names_check check = cunit_check();
	struct names_walk walk;
	names_walk(&check, &walk, 0, false);
	CU_ASSERT_TRUE(names_walk_lists(&walk, "perf::TASK-CLOCK"));
	CU_ASSERT_TRUE(names_walk_lists(&walk, "perf::PAGE-FAULTS"));
	CU_ASSERT_TRUE(names_walk_lists(&walk, "perf::CPU-CLOCK"));
	const PAPI_component_info_t *component = PAPI_get_component_info(0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(component);
	CU_ASSERT_EQUAL(walk.event_count, component->num_native_events);
	free(walk.codes);
}

/* The PMUs of this machine; test_pmu_models does every one libpfm4 can force. */
static void test_round_trip_of_every_enumerated_event(void)
{
	struct names_check check = cunit_check();
	names_check_round_trips(&check, 0);
	printf("(%d events, %d with qualifiers, %d need a qualifier, %d on PMUs the kernel "
	       "lacks) ",
	       check.events, check.names, check.incomplete, check.unsupported);
}

/* A name interned before any enumeration must not change where an
 * enumeration from its code goes next (perf::TASK-CLOCK is an alias that
 * libpfm4 encodes as perf::PERF_COUNT_SW_TASK_CLOCK, listed before it). */
static void assert_next_is_not(int code, const char *first, const char *second)
{
	char name[PAPI_MAX_STR_LEN] = "";
	UNIT_ASSERT_OK(PAPI_enum_cmp_event(&code, PAPI_ENUM_EVENTS, 0));
	UNIT_ASSERT_OK(PAPI_event_code_to_name(code, name));
	char text[PAPI_MAX_STR_LEN + 64];
	snprintf(text, sizeof(text), "the event after %s is %s", first, name);
	CU_assertImplementation(strcmp(name, first) != 0 && strcmp(name, second) != 0, __LINE__,
	                        text, __FILE__, "", CU_FALSE);
}

static void test_enumeration_from_resolved_names(void)
{
	PAPI_shutdown();
	CU_ASSERT_EQUAL_FATAL(PAPI_library_init(PAPI_VER_CURRENT), PAPI_VER_CURRENT);
	int task_clock = code_of("perf::TASK-CLOCK");
	code_of("perf::CYCLES");
	code_of("perf::FAULTS");
	/* From a code that only name resolution has seen... */
	assert_next_is_not(task_clock, "perf::TASK-CLOCK", "perf::PERF_COUNT_SW_TASK_CLOCK");
	/* ...and through a whole enumeration, which must end. */
	struct names_check check = cunit_check();
	struct names_walk walk;
	names_walk(&check, &walk, 0, false);
	CU_ASSERT_TRUE(names_walk_lists(&walk, "perf::TASK-CLOCK"));
	CU_ASSERT_TRUE(names_walk_lists(&walk, "perf::FAULTS"));
	assert_next_is_not(task_clock, "perf::TASK-CLOCK", "perf::PERF_COUNT_SW_TASK_CLOCK");
	free(walk.codes);
}

/* ---- bad names ---------------------------------------------------------- */

static void assert_not_an_event(const char *name, int expected, unsigned line)
{
	int code = 12345;
	int status = PAPI_event_name_to_code(name, &code);
	char text[256];
	snprintf(text, sizeof(text), "\"%.60s%s\" gives %d (%s), expected %s", name,
	         strlen(name) > 60 ? "..." : "", status, unit_error_name(status),
	         unit_error_name(expected));
	CU_assertImplementation(status == expected, line, text, __FILE__, "", CU_FALSE);
	CU_assertImplementation(code == 12345, line, "the code is left alone", __FILE__, "",
	                        CU_FALSE);
	snprintf(text, sizeof(text), "a reason is given for \"%.60s\"", name);
	CU_assertImplementation(PAPI_strreason()[0] != '\0', line, text, __FILE__, "", CU_FALSE);
	/* A failed name is not interned. */
	int found;
	CU_assertImplementation(native_table_find(name, &found) == PAPI_ENOEVNT, line,
	                        "the failed name is not in the native table", __FILE__, "",
	                        CU_FALSE);
}

#define ASSERT_NOT_AN_EVENT(name, expected) assert_not_an_event(name, expected, __LINE__)

static void test_unknown_names(void)
{
	ASSERT_NOT_AN_EVENT("perf::NO-SUCH-EVENT", PAPI_ENOEVNT);
	ASSERT_NOT_AN_EVENT("nosuchpmu::CYCLES", PAPI_ENOEVNT);
	ASSERT_NOT_AN_EVENT("NO_SUCH_EVENT", PAPI_ENOEVNT);
	ASSERT_NOT_AN_EVENT("PAPI_NO_SUCH_PRESET", PAPI_ENOEVNT);
	ASSERT_NOT_AN_EVENT("perf::TASK-CLOCK:no-such-modifier", PAPI_ENOEVNT);
	ASSERT_NOT_AN_EVENT("::", PAPI_ENOEVNT);
	ASSERT_NOT_AN_EVENT("perf::", PAPI_ENOEVNT);
	ASSERT_NOT_AN_EVENT("::TASK-CLOCK", PAPI_ENOEVNT);
	ASSERT_NOT_AN_EVENT(" perf::TASK-CLOCK", PAPI_ENOEVNT);
}

static void test_empty_overlong_and_null_names(void)
{
	ASSERT_NOT_AN_EVENT("", PAPI_ENOEVNT);

	char name[PAPI_HUGE_STR_LEN + 16];
	/* Longest name that fits: unknown, not rejected for its length. */
	memset(name, 'a', PAPI_HUGE_STR_LEN - 1);
	name[PAPI_HUGE_STR_LEN - 1] = '\0';
	ASSERT_NOT_AN_EVENT(name, PAPI_ENOEVNT);
	/* One longer, and a known event followed by padding. */
	memset(name, 'a', PAPI_HUGE_STR_LEN);
	name[PAPI_HUGE_STR_LEN] = '\0';
	ASSERT_NOT_AN_EVENT(name, PAPI_ENOEVNT);
	snprintf(name, sizeof(name), "perf::TASK-CLOCK");
	memset(name + strlen(name), ':', sizeof(name) - strlen(name) - 1);
	name[sizeof(name) - 1] = '\0';
	ASSERT_NOT_AN_EVENT(name, PAPI_ENOEVNT);

	int code;
	UNIT_ASSERT_STATUS(PAPI_event_name_to_code(NULL, &code), PAPI_EINVAL);
	UNIT_ASSERT_STATUS(PAPI_event_name_to_code("perf::TASK-CLOCK", NULL), PAPI_EINVAL);
	UNIT_ASSERT_STATUS(PAPI_query_named_event(NULL), PAPI_EINVAL);
	UNIT_ASSERT_STATUS(PAPI_query_named_event(""), PAPI_ENOEVNT);
}

/* ---- modifiers ---------------------------------------------------------- */

static void test_modifiers_are_accepted(void)
{
	const struct pe_encoding *plain = encoding_of("perf::TASK-CLOCK");
	CU_ASSERT_FALSE(plain->explicit_privilege);

	const struct pe_encoding *user = encoding_of("perf::TASK-CLOCK:u");
	CU_ASSERT_TRUE(user->explicit_privilege);
	CU_ASSERT_FALSE(user->attr.exclude_user);
	CU_ASSERT_TRUE(user->attr.exclude_kernel);
	CU_ASSERT_EQUAL(user->attr.type, plain->attr.type);
	CU_ASSERT_EQUAL(user->attr.config, plain->attr.config);

	const struct pe_encoding *kernel = encoding_of("perf::TASK-CLOCK:k");
	CU_ASSERT_TRUE(kernel->explicit_privilege);
	CU_ASSERT_TRUE(kernel->attr.exclude_user);
	CU_ASSERT_FALSE(kernel->attr.exclude_kernel);

	/* A modified name is an event of its own, listed under its own name. */
	int code = code_of("perf::TASK-CLOCK:u");
	CU_ASSERT_NOT_EQUAL(code, code_of("perf::TASK-CLOCK"));
	char name[PAPI_MAX_STR_LEN];
	UNIT_ASSERT_OK(PAPI_event_code_to_name(code, name));
	CU_ASSERT_STRING_EQUAL(name, "perf::TASK-CLOCK:u");
	UNIT_ASSERT_OK(PAPI_query_event(code));
}

/* PAPI's component-prefixed names: "<component name>:::<event>" is the
 * event of that component alone, one event with its bare spelling (one
 * code, named bare), measured against Debian's libpapi.so.7.0 and .7.2. */
static void test_component_prefixed_names(void)
{
	int bare = code_of("TASK-CLOCK");
	CU_ASSERT_EQUAL(code_of("perf_event:::TASK-CLOCK"), bare);
	int pmu_prefixed = code_of("perf::TASK-CLOCK");
	CU_ASSERT_EQUAL(code_of("perf_event:::perf::TASK-CLOCK"), pmu_prefixed);
	char name[PAPI_MAX_STR_LEN];
	UNIT_ASSERT_OK(PAPI_event_code_to_name(code_of("perf_event:::PAGE-FAULTS:u"), name));
	CU_ASSERT_STRING_EQUAL(name, "PAGE-FAULTS:u");
	PAPI_event_info_t info;
	UNIT_ASSERT_OK(PAPI_get_event_info(code_of("perf_event:::perf::CONTEXT-SWITCHES"), &info));
	CU_ASSERT_STRING_EQUAL(info.symbol, "perf::CONTEXT-SWITCHES");
	CU_ASSERT_EQUAL(info.component_index, PAPI_get_component_index("perf_event"));

	/* The short name is no component prefix, and a prefix takes no
	 * other component's events. */
	int code = PAPI_NULL;
	CU_ASSERT_EQUAL(PAPI_event_name_to_code("perf:::TASK-CLOCK", &code), PAPI_ENOEVNT);
	CU_ASSERT_EQUAL(PAPI_event_name_to_code("perf_event:::NO-SUCH-EVENT", &code), PAPI_ENOEVNT);
	CU_ASSERT_PTR_NOT_NULL(strstr(PAPI_strreason(), "NO-SUCH-EVENT"));
	CU_ASSERT_EQUAL(PAPI_event_name_to_code("PERF_EVENT:::TASK-CLOCK", &code), PAPI_ENOEVNT);
}

/* PAPI 7.2's partially disabled perf_event: exactly when no hardware PMU is
 * exposed, and then the reason holds what cannot count and what does, and
 * both claims are true of this machine. */
static void test_partially_disabled(void)
{
	char reason[PAPI_HUGE_STR_LEN];
	bool partial = pe_partially_disabled(reason, sizeof(reason), true);
	CU_ASSERT_EQUAL(partial, !pe_core_pmu_present());
	int set = PAPI_NULL;
	UNIT_ASSERT_OK_FATAL(PAPI_create_eventset(&set));
	UNIT_ASSERT_OK(PAPI_add_named_event(set, "perf::TASK-CLOCK"));
	int hardware = PAPI_add_named_event(set, "perf::CYCLES");
	UNIT_ASSERT_OK(PAPI_cleanup_eventset(set));
	UNIT_ASSERT_OK(PAPI_destroy_eventset(&set));
	if (!partial) {
		CU_ASSERT_STRING_EQUAL(reason, "");
		CU_ASSERT_EQUAL(hardware, PAPI_OK);
		return;
	}
	CU_ASSERT_EQUAL(hardware, PAPI_ENOCNTR);
	CU_ASSERT_PTR_NOT_NULL(strstr(reason, "no hardware PMU is exposed"));
	CU_ASSERT_PTR_NOT_NULL(strstr(reason, "perf::CYCLES"));
	CU_ASSERT_PTR_NOT_NULL(strstr(reason, "perf::TASK-CLOCK"));
	FILE *msr = fopen(MSR_PMU "/events/tsc", "r");
	if (msr) {
		fclose(msr);
		CU_ASSERT_PTR_NOT_NULL(strstr(reason, "kernel's PMUs msr"));
	}
}

/* ---- sysfs PMUs --------------------------------------------------------- */

static bool read_first_line(const char *path, char *line, size_t size)
{
	FILE *file = fopen(path, "r");
	if (!file)
		return false;
	bool ok = fgets(line, (int)size, file) != NULL;
	fclose(file);
	line[strcspn(line, "\n")] = '\0';
	return ok;
}

/* msr::tsc as the kernel describes it, computed here independently:
 * events/tsc is "event=<value>", format/event "config:<low>-<high>". */
static bool expected_tsc_config(uint64_t *config)
{
	char terms[128], format[128];
	if (!read_first_line(MSR_PMU "/events/tsc", terms, sizeof(terms)) ||
	    !read_first_line(MSR_PMU "/format/event", format, sizeof(format)))
		return false;
	unsigned long long value;
	int low, high;
	if (sscanf(terms, "event=%llx", &value) != 1 ||
	    sscanf(format, "config:%d-%d", &low, &high) != 2)
		return false;
	uint64_t mask = high - low == 63 ? ~0ull : ((1ull << (high - low + 1)) - 1);
	*config = (value & mask) << low;
	return true;
}

static void test_sysfs_msr_tsc(void)
{
	int code = code_of("msr::tsc");
	char name[PAPI_MAX_STR_LEN];
	UNIT_ASSERT_OK(PAPI_event_code_to_name(code, name));
	CU_ASSERT_STRING_EQUAL(name, "msr::tsc");
	CU_ASSERT_EQUAL(PAPI_get_event_component(code), 0);
	PAPI_event_info_t info;
	UNIT_ASSERT_OK(PAPI_get_event_info(code, &info));
	CU_ASSERT_STRING_EQUAL(info.symbol, "msr::tsc");
	CU_ASSERT_PTR_NOT_NULL(strstr(info.long_descr, "msr"));

	const struct pe_encoding *tsc = encoding_of("msr::tsc");
	char type[32];
	CU_ASSERT_FATAL(read_first_line(MSR_PMU "/type", type, sizeof(type)));
	CU_ASSERT_EQUAL(tsc->attr.type, (uint32_t)strtoul(type, NULL, 10));
	CU_ASSERT_STRING_EQUAL(tsc->pmu, "msr");
	CU_ASSERT_FALSE(tsc->explicit_privilege);
	uint64_t config;
	if (expected_tsc_config(&config)) {
		CU_ASSERT_EQUAL(tsc->attr.config, config);
	} else {
		printf("(msr format not of the form config:low-high: config not checked) ");
	}
}

static void test_sysfs_modifiers(void)
{
	const struct pe_encoding *user = encoding_of("msr::tsc:u");
	CU_ASSERT_TRUE(user->explicit_privilege);
	CU_ASSERT_FALSE(user->attr.exclude_user);
	CU_ASSERT_TRUE(user->attr.exclude_kernel);
	CU_ASSERT_TRUE(user->attr.exclude_hv);
	const struct pe_encoding *kernel = encoding_of("msr::tsc:k");
	CU_ASSERT_TRUE(kernel->attr.exclude_user);
	CU_ASSERT_FALSE(kernel->attr.exclude_kernel);
	const struct pe_encoding *both = encoding_of("msr::tsc:u:k");
	CU_ASSERT_FALSE(both->attr.exclude_user);
	CU_ASSERT_FALSE(both->attr.exclude_kernel);

	/* A modifier sysfs events do not take is an invalid attribute. */
	ASSERT_NOT_AN_EVENT("msr::tsc:z", PAPI_EATTR);
}

static void test_sysfs_unknown_event_of_a_known_pmu(void)
{
	ASSERT_NOT_AN_EVENT("msr::no-such-register", PAPI_ENOEVNT);
	/* The reason names the PMU that was found, not a generic miss. */
	CU_ASSERT_PTR_NOT_NULL(strstr(PAPI_strreason(), "msr"));
	ASSERT_NOT_AN_EVENT("msr::tscx", PAPI_ENOEVNT);
	ASSERT_NOT_AN_EVENT("msr::ts", PAPI_ENOEVNT);
	ASSERT_NOT_AN_EVENT("msrx::tsc", PAPI_ENOEVNT);
}

/* ---- the sysfs format parser -------------------------------------------- */

#if __has_include("pe_sysfs_format.h")
#include "pe_sysfs_format.h"

static uint64_t apply(const char *spec, uint64_t value, int *word)
{
	struct pe_format_field field;
	struct perf_event_attr attr;
	memset(&attr, 0, sizeof(attr));
	CU_ASSERT_TRUE_FATAL(pe_format_parse("field", spec, &field));
	*word = field.config_word;
	pe_format_apply(&field, value, &attr);
	return field.config_word == 0   ? attr.config
	       : field.config_word == 1 ? attr.config1
	                                : attr.config2;
}

static void test_sysfs_format_parser(void)
{
	int word;
	/* Low 8 bits of the value go to 0-7, the next 4 to 32-35. */
	CU_ASSERT_EQUAL(apply("config:0-7,32-35", 0xabcull, &word), 0xbcull | (0xaull << 32));
	CU_ASSERT_EQUAL(word, 0);
	CU_ASSERT_EQUAL(apply("config:0-7,32-35", 0xfffffull, &word), 0xffull | (0xfull << 32));
	CU_ASSERT_EQUAL(apply("config1:9", 1, &word), 1ull << 9);
	CU_ASSERT_EQUAL(word, 1);
	CU_ASSERT_EQUAL(apply("config1:9", 2, &word), 0);
	CU_ASSERT_EQUAL(apply("config2:0-63", ~0ull, &word), ~0ull);
	CU_ASSERT_EQUAL(word, 2);
	CU_ASSERT_EQUAL(apply("config:63", 1, &word), 1ull << 63);
	CU_ASSERT_EQUAL(apply("config:8-15", 0x1234, &word), 0x3400ull);

	struct pe_format_field field;
	/* "config:0,1,2,3,4" has more ranges than a field may have; the last two
	 * overlap (found by components/perf_event/tests/fuzz/fuzz_sysfs_format.c). */
	const char *const malformed[] = {
	    "config",      "config:",     "config3:0",        "period:0-7",     "config:7-0",
	    "config:0-64", "config:64",   "config:-1",        "config:abc",     "config:0-",
	    "config:0-7,", "config:0-7x", "config:0,1,2,3,4", "config:0-7,4-9", "config:3,3",
	};
	for (size_t i = 0; i < sizeof(malformed) / sizeof(malformed[0]); i++) {
		char text[128];
		snprintf(text, sizeof(text), "format \"%s\" is refused", malformed[i]);
		CU_assertImplementation(!pe_format_parse("field", malformed[i], &field), __LINE__,
		                        text, __FILE__, "", CU_FALSE);
	}
}
#else
/* Registered inactive, so the run summary shows it was not run. */
static void test_sysfs_format_parser(void)
{
	CU_FAIL("an inactive test ran");
}
#define FORMAT_PARSER_MISSING "the parser is static in pe_names_sysfs.c (no pe_sysfs_format.h)"
#endif

/* ---- registration ------------------------------------------------------- */

/* pe_hetero_scan on made-up sysfs trees: a PMU whose "cpus" is not every
 * CPU present makes the machine heterogeneous; uncore PMUs ("cpumask") and
 * PMUs without the file do not. */
static void write_file(const char *dir, const char *name, const char *text)
{
	char path[512];
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	FILE *file = fopen(path, "w");
	CU_ASSERT_PTR_NOT_NULL_FATAL(file);
	fputs(text, file);
	fclose(file);
}

static void test_heterogeneous_pmus(void)
{
	char root[] = "/tmp/papillon-hetero-XXXXXX", dir[512], present[600];
	CU_ASSERT_PTR_NOT_NULL_FATAL(mkdtemp(root));
	snprintf(present, sizeof(present), "%s/present", root);
	write_file(root, "present", "0-7\n");
	static const char *const pmus[] = {"cpu", "uncore_imc_0", "cpu_core", "cpu_atom"};
	for (size_t i = 0; i < sizeof(pmus) / sizeof(pmus[0]); i++) {
		snprintf(dir, sizeof(dir), "%s/%s", root, pmus[i]);
		CU_ASSERT_EQUAL_FATAL(mkdir(dir, 0700), 0);
	}
	snprintf(dir, sizeof(dir), "%s/uncore_imc_0", root);
	write_file(dir, "cpumask", "0\n");
	CU_ASSERT_FALSE(pe_hetero_scan(root, present)); /* a plain x86 machine */
	snprintf(dir, sizeof(dir), "%s/cpu_core", root);
	write_file(dir, "cpus", "0-7\n");
	CU_ASSERT_FALSE(pe_hetero_scan(root, present)); /* one PMU on every CPU */
	write_file(dir, "cpus", "0-3\n");
	snprintf(dir, sizeof(dir), "%s/cpu_atom", root);
	write_file(dir, "cpus", "4-7\n");
	CU_ASSERT_TRUE(pe_hetero_scan(root, present)); /* hybrid */
	CU_ASSERT_FALSE(pe_hetero_scan("/nonexistent", present));
	/* Removed file by file: the lab's guests have no shell for rm. */
	static const char *const files[] = {"uncore_imc_0/cpumask", "cpu_core/cpus",
	                                    "cpu_atom/cpus", "present"};
	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		snprintf(dir, sizeof(dir), "%s/%s", root, files[i]);
		CU_ASSERT_EQUAL(unlink(dir), 0);
	}
	for (size_t i = 0; i < sizeof(pmus) / sizeof(pmus[0]); i++) {
		snprintf(dir, sizeof(dir), "%s/%s", root, pmus[i]);
		CU_ASSERT_EQUAL(rmdir(dir), 0);
	}
	CU_ASSERT_EQUAL(rmdir(root), 0);
}

int main(void)
{
	if (CU_initialize_registry() != CUE_SUCCESS)
		return 2;
	CU_pSuite suite = CU_add_suite("names", init_library, shutdown_library);
	CU_pSuite sysfs = CU_add_suite("sysfs names", init_library, shutdown_library);
	if (!suite || !sysfs ||
	    !CU_add_test(suite, "same name, same code", test_same_name_same_code) ||
	    !CU_add_test(suite, "lookup of codes that are not events",
	                 test_lookup_of_codes_that_are_not_events) ||
	    !CU_add_test(suite, "unresolvable interned name", test_unresolvable_interned_name) ||
	    !CU_add_test(suite, "software events are listed", test_software_events_are_listed) ||
	    !CU_add_test(suite, "unknown names", test_unknown_names) ||
	    !CU_add_test(suite, "empty, overlong and NULL names",
	                 test_empty_overlong_and_null_names) ||
	    !CU_add_test(suite, "modifiers are accepted", test_modifiers_are_accepted) ||
	    !CU_add_test(suite, "component-prefixed names", test_component_prefixed_names) ||
	    !CU_add_test(suite, "partially disabled", test_partially_disabled) ||
	    !CU_add_test(suite, "round trip of every enumerated event",
	                 test_round_trip_of_every_enumerated_event) ||
	    !CU_add_test(suite, "enumeration from resolved names",
	                 test_enumeration_from_resolved_names)) {
		fprintf(stderr, "cannot register the tests: %s\n", CU_get_error_msg());
		return unit_run_all();
	}
	CU_pTest msr_tests[] = {
	    CU_add_test(sysfs, "msr::tsc", test_sysfs_msr_tsc),
	    CU_add_test(sysfs, "sysfs modifiers", test_sysfs_modifiers),
	    CU_add_test(sysfs, "unknown event of a known PMU",
	                test_sysfs_unknown_event_of_a_known_pmu),
	};
	FILE *msr = fopen(MSR_PMU "/type", "r");
	if (msr)
		fclose(msr);
	for (size_t i = 0; !msr && i < sizeof(msr_tests) / sizeof(msr_tests[0]); i++)
		unit_skip(msr_tests[i], "no msr PMU in " MSR_PMU);
	CU_add_test(sysfs, "heterogeneous PMUs", test_heterogeneous_pmus);
	CU_pTest format_parser = CU_add_test(sysfs, "format parser", test_sysfs_format_parser);
#ifdef FORMAT_PARSER_MISSING
	unit_skip(format_parser, FORMAT_PARSER_MISSING);
#else
	(void)format_parser;
#endif
	return unit_run_all();
}
