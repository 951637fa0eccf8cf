// SPDX-License-Identifier: BSD-3-Clause
/* The library behind the sde ctests (see sde_simple_lib.h). Every kind of
 * software-defined event: variables of each type, DELTA and INSTANT, a
 * callback, a created counter, a group, a recorder and a counting set. */
#include <stddef.h>

#include "sde_lib.h"
#include "sde_simple_lib.h"

static papi_handle_t handle;
static long long operations;
static int in_flight;
static double busy_seconds;
static float load_factor;
static void *items;
static void *latency;
static void *tags;

/* The callback counter: three times the operations. */
static long long tripled(void *param)
{
	return 3 * __atomic_load_n((long long *)param, __ATOMIC_RELAXED);
}

/* Registration through the table, so that listing (papi_sde_hook_list_events)
 * and running register the same names. With the variables NULL the names are
 * only declared; simple_init passes them. */
static papi_handle_t register_all(papi_sde_fptr_struct_t *api, int with_variables)
{
	papi_handle_t simple = api->init("Simple");
	api->register_counter(simple, "operations", PAPI_SDE_RO | PAPI_SDE_DELTA,
	                      PAPI_SDE_long_long, with_variables ? &operations : NULL);
	api->describe_counter(simple, "operations", "Operations the library performed");
	api->register_counter(simple, "in_flight", PAPI_SDE_RO | PAPI_SDE_INSTANT, PAPI_SDE_int,
	                      with_variables ? &in_flight : NULL);
	api->register_counter(simple, "busy_seconds", PAPI_SDE_RO | PAPI_SDE_DELTA, PAPI_SDE_double,
	                      with_variables ? &busy_seconds : NULL);
	api->register_counter(simple, "load_factor", PAPI_SDE_RW | PAPI_SDE_INSTANT, PAPI_SDE_float,
	                      with_variables ? &load_factor : NULL);
	if (with_variables)
		api->register_counter_cb(simple, "tripled", PAPI_SDE_RO | PAPI_SDE_DELTA,
		                         PAPI_SDE_long_long, tripled, &operations);
	api->create_counter(simple, "items", PAPI_SDE_DELTA, &items);
	api->describe_counter(simple, "items", "Items handled, two per operation");
	api->add_counter_to_group(simple, "operations", "total", PAPI_SDE_SUM);
	api->add_counter_to_group(simple, "items", "total", PAPI_SDE_SUM);
	api->create_recorder(simple, "latency", sizeof(long long), papi_sde_compare_long_long,
	                     &latency);
	api->create_counting_set(simple, "tags", &tags);
	return simple;
}

papi_handle_t papi_sde_hook_list_events(papi_sde_fptr_struct_t *fptr_struct)
{
	return register_all(fptr_struct, 0);
}

void simple_init(void)
{
	papi_sde_fptr_struct_t api;
	POPULATE_SDE_FPTR_STRUCT(api);
	handle = register_all(&api, 1);
}

void simple_work(int n)
{
	for (int i = 0; i < n; i++) {
		long long index = i;
		long long tag = i % 3;
		__atomic_add_fetch(&operations, 1, __ATOMIC_RELAXED);
		busy_seconds += 0.5;
		papi_sde_inc_counter(items, 2);
		papi_sde_record(latency, sizeof(index), &index);
		papi_sde_counting_set_insert(tags, sizeof(tag), sizeof(tag), &tag, 7);
	}
}

void simple_set_in_flight(int value)
{
	in_flight = value;
}

void simple_set_load_factor(float value)
{
	load_factor = value;
}

long long simple_operations(void)
{
	return operations;
}

int simple_unregister(const char *counter)
{
	return papi_sde_unregister_counter(handle, counter);
}

int simple_shutdown(void)
{
	return papi_sde_shutdown(handle);
}
