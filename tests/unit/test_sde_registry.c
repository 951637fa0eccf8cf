// SPDX-License-Identifier: BSD-3-Clause
/* Unit tests of libsde (components/sde/sde_lib_*.c) on its own: no PAPI is
 * linked, the registry is read through the table libpapi would use
 * (papillon_sde_registry). Each test uses libraries of its own names, since
 * the registry lives as long as the process. */
#include <pthread.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <CUnit/Basic.h>

#include "sde_lib.h"
#include "sde_registry.h"
#include "unit_assert.h"
#include "services/double_bits.h"

static const struct sde_registry_ops *registry;

static int id_of(const char *library, const char *counter)
{
	char reason[256];
	int id = -1;
	CU_ASSERT_TRUE(registry->find(library, counter, &id, reason, sizeof(reason)));
	return id;
}

static long long raw(const char *library, const char *counter)
{
	int id = id_of(library, counter);
	long long value = 0;
	registry->read(&id, 1, &value, 0);
	return value;
}

static struct sde_counter_view view_of(const char *library, const char *counter)
{
	struct sde_counter_view view;
	memset(&view, 0, sizeof(view));
	CU_ASSERT_TRUE(registry->describe(id_of(library, counter), &view));
	return view;
}

static long long tripled(void *param)
{
	return 3 * *(long long *)param;
}

static long long minus_two_as_int(void *param)
{
	(void)param;
	return 0x12345678fffffffeLL; /* low 32 bits: the int -2 */
}

/* sde_lib.h must match PAPI 7.0's: the same values, the same layouts, so
 * that libraries built against either header work with libsde. */
static void test_header_matches_papi_7(void)
{
	CU_ASSERT_EQUAL(PAPI_SDE_VERSION, 0x10000);
	CU_ASSERT_EQUAL(PAPI_SDE_RO, 0x00);
	CU_ASSERT_EQUAL(PAPI_SDE_RW, 0x01);
	CU_ASSERT_EQUAL(PAPI_SDE_DELTA, 0x00);
	CU_ASSERT_EQUAL(PAPI_SDE_INSTANT, 0x10);
	CU_ASSERT_EQUAL(PAPI_SDE_long_long, 0);
	CU_ASSERT_EQUAL(PAPI_SDE_int, 1);
	CU_ASSERT_EQUAL(PAPI_SDE_double, 2);
	CU_ASSERT_EQUAL(PAPI_SDE_float, 3);
	CU_ASSERT_EQUAL(PAPI_SDE_SUM, 0);
	CU_ASSERT_EQUAL(PAPI_SDE_MAX, 1);
	CU_ASSERT_EQUAL(PAPI_SDE_MIN, 2);
	CU_ASSERT_EQUAL(SDE_OK, PAPI_OK);
	CU_ASSERT_EQUAL(SDE_EINVAL, PAPI_EINVAL);
	CU_ASSERT_EQUAL(SDE_ENOMEM, PAPI_ENOMEM);
	CU_ASSERT_EQUAL(SDE_ECMP, PAPI_ECMP);
	CU_ASSERT_EQUAL(SDE_ENOEVNT, PAPI_ENOEVNT);
	CU_ASSERT_EQUAL(offsetof(cset_list_object_t, count), 0);
	CU_ASSERT_EQUAL(offsetof(cset_list_object_t, type_id), 4);
	CU_ASSERT_EQUAL(offsetof(cset_list_object_t, type_size), 8);
	CU_ASSERT_EQUAL(offsetof(cset_list_object_t, ptr), 8 + sizeof(size_t));
	CU_ASSERT_EQUAL(offsetof(cset_list_object_t, next), 8 + sizeof(size_t) + sizeof(void *));
	/* Seventeen function pointers, in PAPI 7.0's order. */
	CU_ASSERT_EQUAL(sizeof(papi_sde_fptr_struct_t), 17 * sizeof(void *));
	CU_ASSERT_EQUAL(offsetof(papi_sde_fptr_struct_t, create_counter), 7 * sizeof(void *));
	CU_ASSERT_EQUAL(offsetof(papi_sde_fptr_struct_t, record), 13 * sizeof(void *));
	CU_ASSERT_EQUAL(offsetof(papi_sde_fptr_struct_t, get_counter_handle), 16 * sizeof(void *));
}

static void test_null_handles_are_harmless(void)
{
	long long variable = 0;
	CU_ASSERT_EQUAL(
	    papi_sde_register_counter(NULL, "x", PAPI_SDE_RO, PAPI_SDE_long_long, &variable),
	    SDE_OK);
	CU_ASSERT_EQUAL(papi_sde_inc_counter(NULL, 5), SDE_OK);
	CU_ASSERT_EQUAL(papi_sde_record(NULL, 8, &variable), SDE_OK);
	CU_ASSERT_EQUAL(papi_sde_counting_set_insert(NULL, 8, 8, &variable, 0), SDE_OK);
	CU_ASSERT_EQUAL(papi_sde_add_counter_to_group(NULL, "x", "g", PAPI_SDE_SUM), SDE_OK);
	CU_ASSERT_EQUAL(papi_sde_shutdown(NULL), SDE_OK);
	CU_ASSERT_PTR_NULL(papi_sde_get_counter_handle(NULL, "x"));
}

static void test_library_names(void)
{
	papi_handle_t first = papi_sde_init("Names");
	CU_ASSERT_PTR_NOT_NULL(first);
	CU_ASSERT_PTR_EQUAL(papi_sde_init("Names"), first);
	CU_ASSERT_PTR_NULL(papi_sde_init(""));
	CU_ASSERT_PTR_NULL(papi_sde_init(NULL));
	/* "::" ends the library in sde:::LIB::COUNTER. */
	CU_ASSERT_PTR_NULL(papi_sde_init("A::B"));
}

static void test_variables_of_each_type(void)
{
	papi_handle_t library = papi_sde_init("Types");
	long long big = 1LL << 40;
	int small = -5;
	double real = 2.5;
	float single = 0.75f;
	CU_ASSERT_EQUAL(papi_sde_register_counter(library, "big", PAPI_SDE_RO | PAPI_SDE_DELTA,
	                                          PAPI_SDE_long_long, &big),
	                SDE_OK);
	CU_ASSERT_EQUAL(papi_sde_register_counter(library, "small", PAPI_SDE_RO | PAPI_SDE_INSTANT,
	                                          PAPI_SDE_int, &small),
	                SDE_OK);
	CU_ASSERT_EQUAL(papi_sde_register_counter(library, "real", PAPI_SDE_RW | PAPI_SDE_DELTA,
	                                          PAPI_SDE_double, &real),
	                SDE_OK);
	CU_ASSERT_EQUAL(
	    papi_sde_register_counter(library, "single", PAPI_SDE_RO, PAPI_SDE_float, &single),
	    SDE_OK);
	CU_ASSERT_EQUAL(raw("Types", "big"), 1LL << 40);
	CU_ASSERT_EQUAL(raw("Types", "small"), -5); /* sign-extended */
	CU_ASSERT_EQUAL(double_of_bits(raw("Types", "real")), 2.5);
	CU_ASSERT_EQUAL(double_of_bits(raw("Types", "single")), 0.75);
	big += 3;
	small = 9;
	CU_ASSERT_EQUAL(raw("Types", "big"), (1LL << 40) + 3);
	CU_ASSERT_EQUAL(raw("Types", "small"), 9);
	CU_ASSERT_EQUAL(view_of("Types", "big").kind, SDE_VALUE_INT64_DELTA);
	CU_ASSERT_EQUAL(view_of("Types", "small").kind, SDE_VALUE_INT64_ABSOLUTE);
	CU_ASSERT_EQUAL(view_of("Types", "real").kind, SDE_VALUE_FP64_DELTA);
	CU_ASSERT_STRING_EQUAL(view_of("Types", "big").source, "variable");
}

static void test_callbacks(void)
{
	papi_handle_t library = papi_sde_init("Callbacks");
	long long base = 7;
	CU_ASSERT_EQUAL(papi_sde_register_counter_cb(library, "tripled", PAPI_SDE_RO,
	                                             PAPI_SDE_long_long, tripled, &base),
	                SDE_OK);
	CU_ASSERT_EQUAL(papi_sde_register_counter_cb(library, "int", PAPI_SDE_RO, PAPI_SDE_int,
	                                             minus_two_as_int, NULL),
	                SDE_OK);
	CU_ASSERT_EQUAL(raw("Callbacks", "tripled"), 21);
	base = 10;
	CU_ASSERT_EQUAL(raw("Callbacks", "tripled"), 30);
	CU_ASSERT_EQUAL(raw("Callbacks", "int"), -2);
	CU_ASSERT_STRING_EQUAL(view_of("Callbacks", "tripled").source, "callback");
}

static void test_registration_errors(void)
{
	papi_handle_t library = papi_sde_init("Errors");
	long long first = 1, second = 2;
	CU_ASSERT_EQUAL(papi_sde_register_counter(library, "c", 0x100, PAPI_SDE_long_long, &first),
	                SDE_ECMP);
	CU_ASSERT_EQUAL(papi_sde_register_counter(library, "c", PAPI_SDE_RO, 9, &first),
	                SDE_EINVAL);
	CU_ASSERT_EQUAL(
	    papi_sde_register_counter(library, "", PAPI_SDE_RO, PAPI_SDE_long_long, &first),
	    SDE_EINVAL);
	CU_ASSERT_EQUAL(
	    papi_sde_register_counter(library, "c", PAPI_SDE_RO, PAPI_SDE_long_long, &first),
	    SDE_OK);
	/* PAPI 7 ignores a second registration of a live name. */
	CU_ASSERT_EQUAL(
	    papi_sde_register_counter(library, "c", PAPI_SDE_RO, PAPI_SDE_long_long, &second),
	    SDE_OK);
	CU_ASSERT_EQUAL(raw("Errors", "c"), 1);
	CU_ASSERT_EQUAL(papi_sde_describe_counter(library, "nosuch", "text"), SDE_EINVAL);
	CU_ASSERT_EQUAL(papi_sde_unregister_counter(library, "nosuch"), SDE_EINVAL);
	CU_ASSERT_EQUAL(papi_sde_describe_counter(library, "c", "A counter"), SDE_OK);
	CU_ASSERT_STRING_EQUAL(view_of("Errors", "c").description, "A counter");
}

static void test_find_says_why(void)
{
	papi_handle_t library = papi_sde_init("Finder");
	long long variable = 0;
	papi_sde_register_counter(library, "here", PAPI_SDE_RO, PAPI_SDE_long_long, &variable);
	char reason[512];
	int id;
	CU_ASSERT_FALSE(registry->find("Finder", "there", &id, reason, sizeof(reason)));
	CU_ASSERT_STRING_EQUAL(reason, "library 'Finder' has registered no counter named 'there'");
	CU_ASSERT_FALSE(registry->find("Nobody", "here", &id, reason, sizeof(reason)));
	CU_ASSERT_PTR_NOT_NULL(
	    strstr(reason, "no library named 'Nobody' has called papi_sde_init"));
	CU_ASSERT_PTR_NOT_NULL(strstr(reason, "Finder"));
	CU_ASSERT_STRING_EQUAL(view_of("Finder", "here").description, "Finder::here");
}

static void test_unregistered_counters_keep_their_id_and_value(void)
{
	papi_handle_t library = papi_sde_init("Withdraw");
	long long variable = 40, other = 100;
	papi_sde_register_counter(library, "v", PAPI_SDE_RO, PAPI_SDE_long_long, &variable);
	int id = id_of("Withdraw", "v");
	CU_ASSERT_EQUAL(papi_sde_unregister_counter(library, "v"), SDE_OK);
	variable = 41; /* no longer read: the library may free it now */
	CU_ASSERT_EQUAL(raw("Withdraw", "v"), 40);
	CU_ASSERT_FALSE(view_of("Withdraw", "v").live);
	CU_ASSERT_EQUAL(papi_sde_unregister_counter(library, "v"), SDE_EINVAL);
	/* Registered again: the same id, the new variable. */
	papi_sde_register_counter(library, "v", PAPI_SDE_RO, PAPI_SDE_long_long, &other);
	CU_ASSERT_EQUAL(id_of("Withdraw", "v"), id);
	CU_ASSERT_EQUAL(raw("Withdraw", "v"), 100);
	CU_ASSERT_TRUE(view_of("Withdraw", "v").live);
	/* Shutdown withdraws everything; init brings the library back. */
	CU_ASSERT_EQUAL(papi_sde_shutdown(library), SDE_OK);
	CU_ASSERT_FALSE(view_of("Withdraw", "v").live);
	CU_ASSERT_PTR_EQUAL(papi_sde_init("Withdraw"), library);
}

static void test_created_counters(void)
{
	papi_handle_t library = papi_sde_init("Created");
	void *counter = NULL, *again = NULL;
	CU_ASSERT_EQUAL(papi_sde_create_counter(library, "n", PAPI_SDE_DELTA, &counter), SDE_OK);
	CU_ASSERT_EQUAL(papi_sde_create_counter(library, "n", PAPI_SDE_DELTA, &again), SDE_OK);
	CU_ASSERT_PTR_EQUAL(again, counter);
	CU_ASSERT_PTR_EQUAL(papi_sde_get_counter_handle(library, "n"), counter);
	CU_ASSERT_EQUAL(papi_sde_inc_counter(counter, 5), SDE_OK);
	CU_ASSERT_EQUAL(papi_sde_inc_counter(counter, -2), SDE_OK);
	CU_ASSERT_EQUAL(raw("Created", "n"), 3);
	CU_ASSERT_EQUAL(papi_sde_reset_counter(counter), SDE_OK);
	CU_ASSERT_EQUAL(raw("Created", "n"), 0);
	CU_ASSERT_STRING_EQUAL(view_of("Created", "n").source, "created counter");
	/* A counter by variable is no created counter. */
	long long variable = 0;
	papi_sde_register_counter(library, "v", PAPI_SDE_RO, PAPI_SDE_long_long, &variable);
	CU_ASSERT_PTR_NULL(papi_sde_get_counter_handle(library, "v"));
	CU_ASSERT_EQUAL(papi_sde_create_counter(library, "v", PAPI_SDE_DELTA, &again), SDE_EINVAL);
}

static void test_groups(void)
{
	papi_handle_t library = papi_sde_init("Groups");
	long long a = 5, b = 9;
	int depth = 4;
	double real = 1.5;
	papi_sde_register_counter(library, "a", PAPI_SDE_RO | PAPI_SDE_DELTA, PAPI_SDE_long_long,
	                          &a);
	papi_sde_register_counter(library, "b", PAPI_SDE_RO | PAPI_SDE_DELTA, PAPI_SDE_long_long,
	                          &b);
	papi_sde_register_counter(library, "depth", PAPI_SDE_RO | PAPI_SDE_INSTANT, PAPI_SDE_int,
	                          &depth);
	papi_sde_register_counter(library, "real", PAPI_SDE_RO, PAPI_SDE_double, &real);
	CU_ASSERT_EQUAL(papi_sde_add_counter_to_group(library, "a", "sum", PAPI_SDE_SUM), SDE_OK);
	CU_ASSERT_EQUAL(papi_sde_add_counter_to_group(library, "b", "sum", PAPI_SDE_SUM), SDE_OK);
	CU_ASSERT_EQUAL(papi_sde_add_counter_to_group(library, "a", "max", PAPI_SDE_MAX), SDE_OK);
	CU_ASSERT_EQUAL(papi_sde_add_counter_to_group(library, "b", "max", PAPI_SDE_MAX), SDE_OK);
	CU_ASSERT_EQUAL(papi_sde_add_counter_to_group(library, "a", "min", PAPI_SDE_MIN), SDE_OK);
	CU_ASSERT_EQUAL(papi_sde_add_counter_to_group(library, "depth", "min", PAPI_SDE_MIN),
	                SDE_OK);
	CU_ASSERT_EQUAL(raw("Groups", "sum"), 14);
	CU_ASSERT_EQUAL(raw("Groups", "max"), 9);
	CU_ASSERT_EQUAL(raw("Groups", "min"), 4);
	a = 20;
	CU_ASSERT_EQUAL(raw("Groups", "sum"), 29);
	CU_ASSERT_EQUAL(raw("Groups", "max"), 20);
	/* A sum of counts counts; a maximum is a value of the moment. */
	CU_ASSERT_EQUAL(view_of("Groups", "sum").kind, SDE_VALUE_INT64_DELTA);
	CU_ASSERT_EQUAL(view_of("Groups", "max").kind, SDE_VALUE_INT64_ABSOLUTE);
	/* Groups nest. */
	CU_ASSERT_EQUAL(papi_sde_add_counter_to_group(library, "sum", "outer", PAPI_SDE_SUM),
	                SDE_OK);
	CU_ASSERT_EQUAL(papi_sde_add_counter_to_group(library, "b", "outer", PAPI_SDE_SUM), SDE_OK);
	CU_ASSERT_EQUAL(raw("Groups", "outer"), 38);
	/* What cannot be: other flags, a floating member among integers, a
	 * cycle, an unknown member, a group named as a counter. */
	CU_ASSERT_EQUAL(papi_sde_add_counter_to_group(library, "b", "sum", PAPI_SDE_MAX),
	                SDE_EINVAL);
	CU_ASSERT_EQUAL(papi_sde_add_counter_to_group(library, "real", "sum", PAPI_SDE_SUM),
	                SDE_EINVAL);
	CU_ASSERT_EQUAL(papi_sde_add_counter_to_group(library, "outer", "sum", PAPI_SDE_SUM),
	                SDE_EINVAL);
	CU_ASSERT_EQUAL(papi_sde_add_counter_to_group(library, "nosuch", "sum", PAPI_SDE_SUM),
	                SDE_EINVAL);
	CU_ASSERT_EQUAL(papi_sde_add_counter_to_group(library, "a", "b", PAPI_SDE_SUM), SDE_EINVAL);
	CU_ASSERT_EQUAL(papi_sde_add_counter_to_group(library, "a", "sum", 7), SDE_EINVAL);
	CU_ASSERT_EQUAL(
	    papi_sde_register_counter(library, "sum", PAPI_SDE_RO, PAPI_SDE_long_long, &a),
	    SDE_EINVAL);
	CU_ASSERT_EQUAL(raw("Groups", "sum"), 29);
}

static void test_recorders(void)
{
	papi_handle_t library = papi_sde_init("Recorders");
	void *recorder = NULL;
	CU_ASSERT_EQUAL(papi_sde_create_recorder(library, "r", sizeof(double),
	                                         papi_sde_compare_double, &recorder),
	                SDE_OK);
	const double records[] = {4.0, -1.0, 9.5, 2.0, 3.0};
	for (int i = 0; i < 5; i++)
		CU_ASSERT_EQUAL(papi_sde_record(recorder, sizeof(double), &records[i]), SDE_OK);
	CU_ASSERT_EQUAL(papi_sde_record(recorder, sizeof(float), &records[0]), SDE_EINVAL);
	CU_ASSERT_EQUAL(raw("Recorders", "r:CNT"), 5);
	double *copy = (double *)(intptr_t)raw("Recorders", "r");
	CU_ASSERT_PTR_NOT_NULL_FATAL(copy);
	CU_ASSERT_EQUAL(memcmp(copy, records, sizeof(records)), 0);
	free(copy);
	/* Sorted: -1 2 3 4 9.5; quantiles at 5 * p / 100. */
	const struct {
		const char *name;
		double expected;
	} statistics[] = {
	    {"r:MIN", -1.0}, {"r:Q1", 2.0}, {"r:MED", 3.0}, {"r:Q3", 4.0}, {"r:MAX", 9.5}};
	for (int i = 0; i < 5; i++) {
		double *value = (double *)(intptr_t)raw("Recorders", statistics[i].name);
		CU_ASSERT_PTR_NOT_NULL_FATAL(value);
		CU_ASSERT_EQUAL(*value, statistics[i].expected);
		free(value);
	}
	CU_ASSERT_EQUAL(view_of("Recorders", "r").kind, SDE_VALUE_ADDRESS);
	CU_ASSERT_EQUAL(view_of("Recorders", "r:CNT").kind, SDE_VALUE_INT64_ABSOLUTE);
	CU_ASSERT_EQUAL(papi_sde_reset_recorder(recorder), SDE_OK);
	CU_ASSERT_EQUAL(raw("Recorders", "r:CNT"), 0);
	CU_ASSERT_EQUAL(raw("Recorders", "r"), 0);
	CU_ASSERT_EQUAL(raw("Recorders", "r:MIN"), 0);
	/* Without a comparison function: no statistics but the count. */
	void *plain = NULL;
	CU_ASSERT_EQUAL(papi_sde_create_recorder(library, "p", 4, NULL, &plain), SDE_OK);
	char reason[256];
	int id;
	CU_ASSERT_TRUE(registry->find("Recorders", "p:CNT", &id, reason, sizeof(reason)));
	CU_ASSERT_FALSE(registry->find("Recorders", "p:MIN", &id, reason, sizeof(reason)));
	CU_ASSERT_EQUAL(papi_sde_create_recorder(library, "q", 0, NULL, &plain), SDE_EINVAL);
	/* Recorders do not join groups. */
	CU_ASSERT_EQUAL(papi_sde_add_counter_to_group(library, "r", "g", PAPI_SDE_SUM), SDE_EINVAL);
}

struct allocation {
	void *address; /* the key: hashable */
	int line;      /* not hashed */
};

static void test_counting_sets(void)
{
	papi_handle_t library = papi_sde_init("Sets");
	void *set = NULL;
	CU_ASSERT_EQUAL(papi_sde_create_counting_set(library, "s", &set), SDE_OK);
	CU_ASSERT_EQUAL(raw("Sets", "s"), 0); /* empty: no list */
	struct allocation first = {(void *)0x1000, 10}, same_key = {(void *)0x1000, 99},
	                  other = {(void *)0x2000, 20};
	size_t key = sizeof(void *);
	CU_ASSERT_EQUAL(papi_sde_counting_set_insert(set, sizeof(first), key, &first, 1), SDE_OK);
	CU_ASSERT_EQUAL(papi_sde_counting_set_insert(set, sizeof(same_key), key, &same_key, 1),
	                SDE_OK);
	CU_ASSERT_EQUAL(papi_sde_counting_set_insert(set, sizeof(other), key, &other, 1), SDE_OK);
	/* The same bytes under another type_id are another element. */
	CU_ASSERT_EQUAL(papi_sde_counting_set_insert(set, sizeof(other), key, &other, 2), SDE_OK);
	CU_ASSERT_EQUAL(papi_sde_counting_set_remove(set, key, &other, 2), SDE_OK);
	CU_ASSERT_EQUAL(papi_sde_counting_set_remove(set, key, &other, 2), SDE_EINVAL);
	CU_ASSERT_EQUAL(papi_sde_counting_set_insert(set, 4, 8, &first, 1), SDE_EINVAL);
	cset_list_object_t *list = (cset_list_object_t *)(intptr_t)raw("Sets", "s");
	int distinct = 0;
	for (cset_list_object_t *node = list; node; node = node->next, distinct++) {
		const struct allocation *element = node->ptr;
		CU_ASSERT_EQUAL(node->type_id, 1);
		CU_ASSERT_EQUAL(node->type_size, sizeof(struct allocation));
		if (element->address == first.address) {
			CU_ASSERT_EQUAL(node->count, 2);
			CU_ASSERT_EQUAL(element->line, 10); /* the first insertion's copy */
		} else {
			CU_ASSERT_EQUAL(node->count, 1);
			CU_ASSERT_EQUAL(element->line, 20);
		}
	}
	CU_ASSERT_EQUAL(distinct, 2);
	free(list); /* one block */
	CU_ASSERT_PTR_EQUAL(papi_sde_get_counter_handle(library, "s"), set);
}

static void test_many_elements_in_a_set(void)
{
	papi_handle_t library = papi_sde_init("BigSet");
	void *set = NULL;
	papi_sde_create_counting_set(library, "s", &set);
	for (long long round = 0; round < 3; round++)
		for (long long i = 0; i < 5000; i++)
			CU_ASSERT_EQUAL(
			    papi_sde_counting_set_insert(set, sizeof(i), sizeof(i), &i, 0), SDE_OK);
	for (long long i = 0; i < 5000; i += 2)
		papi_sde_counting_set_remove(set, sizeof(i), &i, 0);
	cset_list_object_t *list = (cset_list_object_t *)(intptr_t)raw("BigSet", "s");
	long long distinct = 0, total = 0;
	for (cset_list_object_t *node = list; node; node = node->next) {
		distinct++;
		total += node->count;
		long long element = *(long long *)node->ptr;
		CU_ASSERT_EQUAL(node->count, element % 2 ? 3u : 2u);
	}
	CU_ASSERT_EQUAL(distinct, 5000);
	CU_ASSERT_EQUAL(total, 2500 * 3 + 2500 * 2);
	free(list);
}

static void test_declared_names_are_completed_later(void)
{
	/* As papi_sde_hook_list_events does for listing: no variable. */
	papi_handle_t library = papi_sde_init("Declared");
	CU_ASSERT_EQUAL(
	    papi_sde_register_counter(library, "x", PAPI_SDE_RO, PAPI_SDE_long_long, NULL), SDE_OK);
	CU_ASSERT_FALSE(view_of("Declared", "x").readable);
	CU_ASSERT_TRUE(view_of("Declared", "x").live);
	int id = id_of("Declared", "x");
	long long variable = 12;
	CU_ASSERT_EQUAL(
	    papi_sde_register_counter(library, "x", PAPI_SDE_RO, PAPI_SDE_long_long, &variable),
	    SDE_OK);
	CU_ASSERT_TRUE(view_of("Declared", "x").readable);
	CU_ASSERT_EQUAL(id_of("Declared", "x"), id);
	CU_ASSERT_EQUAL(raw("Declared", "x"), 12);
}

static void test_snapshot_reads_only_what_subtracts(void)
{
	papi_handle_t library = papi_sde_init("Snapshot");
	long long count = 6;
	int now = 3;
	void *recorder;
	papi_sde_register_counter(library, "count", PAPI_SDE_DELTA, PAPI_SDE_long_long, &count);
	papi_sde_register_counter(library, "now", PAPI_SDE_INSTANT, PAPI_SDE_int, &now);
	papi_sde_create_recorder(library, "r", 8, NULL, &recorder);
	papi_sde_record(recorder, 8, &count);
	int ids[3] = {id_of("Snapshot", "count"), id_of("Snapshot", "now"), id_of("Snapshot", "r")};
	long long values[3];
	registry->read(ids, 3, values, SDE_READ_DELTA_ONLY);
	UNIT_ASSERT_VALUES(values, 6, 0, 0);
	registry->read(ids, 3, values, 0);
	CU_ASSERT_EQUAL(values[0], 6);
	CU_ASSERT_EQUAL(values[1], 3);
	CU_ASSERT_NOT_EQUAL(values[2], 0);
	free((void *)(intptr_t)values[2]);
}

#define THREADS    4
#define INCREMENTS 50000

static void *increment_and_register(void *arg)
{
	int index = (int)(intptr_t)arg;
	papi_handle_t library = papi_sde_init("Threads");
	void *hits = NULL;
	papi_sde_create_counter(library, "hits", PAPI_SDE_DELTA, &hits);
	char name[32];
	for (int i = 0; i < INCREMENTS; i++) {
		papi_sde_inc_counter(hits, 1);
		if (i % 1000 == 0) {
			snprintf(name, sizeof(name), "t%d_%d", index, i);
			papi_sde_create_counter(library, name, PAPI_SDE_DELTA, NULL);
		}
	}
	return NULL;
}

static volatile int readers_stop;
static volatile int reads_went_down; /* CUnit asserts only in the main thread */

static void *read_while_counting(void *arg)
{
	(void)arg;
	long long last = 0;
	while (!readers_stop) {
		char reason[128];
		int id;
		if (!registry->find("Threads", "hits", &id, reason, sizeof(reason)))
			continue;
		long long value;
		registry->read(&id, 1, &value, 0);
		if (value < last)
			reads_went_down = 1;
		last = value;
		(void)registry->id_limit();
	}
	return NULL;
}

static void test_threads_count_exactly(void)
{
	pthread_t threads[THREADS], reader;
	readers_stop = 0;
	CU_ASSERT_EQUAL_FATAL(pthread_create(&reader, NULL, read_while_counting, NULL), 0);
	for (int t = 0; t < THREADS; t++)
		CU_ASSERT_EQUAL_FATAL(
		    pthread_create(&threads[t], NULL, increment_and_register, (void *)(intptr_t)t),
		    0);
	for (int t = 0; t < THREADS; t++)
		pthread_join(threads[t], NULL);
	readers_stop = 1;
	pthread_join(reader, NULL);
	CU_ASSERT_FALSE(reads_went_down);
	CU_ASSERT_EQUAL(raw("Threads", "hits"), (long long)THREADS * INCREMENTS);
	/* Every thread's counters were registered: one per 1000 increments. */
	char reason[128];
	int id, found = 0;
	for (int t = 0; t < THREADS; t++)
		for (int i = 0; i < INCREMENTS; i += 1000) {
			char name[32];
			snprintf(name, sizeof(name), "t%d_%d", t, i);
			found += registry->find("Threads", name, &id, reason, sizeof(reason));
		}
	CU_ASSERT_EQUAL(found, THREADS * (INCREMENTS / 1000));
}

int main(void)
{
	registry = papillon_sde_registry();
	if (CU_initialize_registry() != CUE_SUCCESS)
		return 2;
	CU_pSuite suite = CU_add_suite("libsde registry", NULL, NULL);
	if (!suite || !CU_add_test(suite, "header matches PAPI 7", test_header_matches_papi_7) ||
	    !CU_add_test(suite, "NULL handles are harmless", test_null_handles_are_harmless) ||
	    !CU_add_test(suite, "library names", test_library_names) ||
	    !CU_add_test(suite, "variables of each type", test_variables_of_each_type) ||
	    !CU_add_test(suite, "callbacks", test_callbacks) ||
	    !CU_add_test(suite, "registration errors", test_registration_errors) ||
	    !CU_add_test(suite, "find says why", test_find_says_why) ||
	    !CU_add_test(suite, "unregistered counters keep their id and value",
	                 test_unregistered_counters_keep_their_id_and_value) ||
	    !CU_add_test(suite, "created counters", test_created_counters) ||
	    !CU_add_test(suite, "groups", test_groups) ||
	    !CU_add_test(suite, "recorders", test_recorders) ||
	    !CU_add_test(suite, "counting sets", test_counting_sets) ||
	    !CU_add_test(suite, "many elements in a set", test_many_elements_in_a_set) ||
	    !CU_add_test(suite, "declared names are completed later",
	                 test_declared_names_are_completed_later) ||
	    !CU_add_test(suite, "snapshot reads only what subtracts",
	                 test_snapshot_reads_only_what_subtracts) ||
	    !CU_add_test(suite, "threads count exactly", test_threads_count_exactly))
		fprintf(stderr, "cannot register the tests: %s\n", CU_get_error_msg());
	return unit_run_all();
}
