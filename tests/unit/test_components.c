// SPDX-License-Identifier: BSD-3-Clause
/* Unit tests of the component list (src/registry/components.c): the library holds
 * exactly the components configure selected, in its order, each one a full
 * implementation of the contract, and the public API shows the same list.
 * Linked against the whole library (libpapillon.la), real components and
 * all. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include <CUnit/Basic.h>

#include "papi.h"
#include "registry/registry.h"
#include "unit_assert.h"

/* configure's choice: PAPILLON_COMPONENT_NAMES is "name name ...". */
#define MAX_COMPONENTS 16
static char configured[MAX_COMPONENTS][64];
static int configured_count;

static int split_configured_names(void)
{
	char names[] = PAPILLON_COMPONENT_NAMES;
	configured_count = 0;
	for (char *word = strtok(names, " "); word; word = strtok(NULL, " ")) {
		if (configured_count == MAX_COMPONENTS)
			return -1;
		snprintf(configured[configured_count++], sizeof(configured[0]), "%s", word);
	}
	return 0;
}

static void test_list_is_configures_choice_in_order(void)
{
	CU_ASSERT_EQUAL_FATAL(papillon_component_count, configured_count);
	CU_ASSERT_FATAL(configured_count > 0);
	for (int c = 0; c < papillon_component_count; c++) {
		CU_ASSERT_PTR_NOT_NULL_FATAL(papillon_components[c]);
		CU_ASSERT_STRING_EQUAL(papillon_components[c]->name, configured[c]);
	}
}

static void test_names_are_distinct(void)
{
	for (int a = 0; a < papillon_component_count; a++)
		for (int b = a + 1; b < papillon_component_count; b++)
			CU_ASSERT(strcmp(papillon_components[a]->name,
			                 papillon_components[b]->name) != 0);
}

/* The operations the core calls without looking for NULL: a component
 * without one of them would crash the first program that used it. The
 * core never starts, stops, accumulates or resets free-running counters
 * (CAP_FREE_RUNNING): it snapshots them with read. */
static void test_every_component_fills_the_contract(void)
{
	for (int c = 0; c < papillon_component_count; c++) {
		const struct component_ops *ops = papillon_components[c];
		bool free_running = (ops->capabilities & CAP_FREE_RUNNING) != 0;
		const struct {
			const char *what;
			bool present;
		} required[] = {
		    {"short_name", ops->short_name != NULL},
		    {"description", ops->description != NULL},
		    {"control_size", ops->control_size > 0},
		    {"init", ops->init != NULL},
		    {"enum_events", ops->enum_events != NULL},
		    {"resolve_name", ops->resolve_name != NULL},
		    {"event_info", ops->event_info != NULL},
		    {"check_event", ops->check_event != NULL},
		    {"control_init", ops->control_init != NULL},
		    {"control_cleanup", ops->control_cleanup != NULL},
		    {"control_update", ops->control_update != NULL},
		    {"start", free_running || ops->start != NULL},
		    {"stop", free_running || ops->stop != NULL},
		    {"read", ops->read != NULL},
		    {"accum", free_running || ops->accum != NULL},
		    {"reset", free_running || ops->reset != NULL},
		    /* Asked only of free-running components. */
		    {"no value_kind without CAP_FREE_RUNNING", free_running || !ops->value_kind},
		    {"no read_base without CAP_FREE_RUNNING", free_running || !ops->read_base},
		};
		for (size_t r = 0; r < sizeof(required) / sizeof(required[0]); r++) {
			char text[160];
			snprintf(text, sizeof(text), "component %s has %s", ops->name,
			         required[r].what);
			CU_assertImplementation(required[r].present, __LINE__, text, __FILE__, "",
			                        CU_FALSE);
		}
	}
}

static void test_api_lists_the_same_components(void)
{
	int version = PAPI_library_init(PAPI_VER_CURRENT);
	CU_ASSERT_EQUAL_FATAL(version, PAPI_VER_CURRENT);
	CU_ASSERT_EQUAL(PAPI_num_components(), configured_count);
	for (int c = 0; c < configured_count; c++) {
		const PAPI_component_info_t *info = PAPI_get_component_info(c);
		CU_ASSERT_PTR_NOT_NULL_FATAL(info);
		CU_ASSERT_STRING_EQUAL(info->name, configured[c]);
		CU_ASSERT_EQUAL(PAPI_get_component_index(configured[c]), c);
	}
	PAPI_shutdown();
}

int main(void)
{
	if (split_configured_names() != 0) {
		printf("FAILED: more than %d names in PAPILLON_COMPONENT_NAMES\n", MAX_COMPONENTS);
		return 1;
	}
	if (CU_initialize_registry() != CUE_SUCCESS)
		return 2;
	CU_pSuite suite = CU_add_suite("components", NULL, NULL);
	if (!suite ||
	    !CU_add_test(suite, "the list is configure's choice, in order",
	                 test_list_is_configures_choice_in_order) ||
	    !CU_add_test(suite, "names are distinct", test_names_are_distinct) ||
	    !CU_add_test(suite, "every component fills the contract",
	                 test_every_component_fills_the_contract) ||
	    !CU_add_test(suite, "the API lists the same components",
	                 test_api_lists_the_same_components))
		fprintf(stderr, "cannot register the tests: %s\n", CU_get_error_msg());
	return unit_run_all();
}
