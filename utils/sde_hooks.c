// SPDX-License-Identifier: BSD-3-Clause
/* papi_native_avail -sde FILE: the library in FILE declares its
 * software-defined events through papi_sde_hook_list_events, called with a
 * table of libsde's functions, so they are listed without running it.
 *
 * The utility does not link libsde: the table is filled with the functions
 * FILE itself reaches (its libsde dependency), and that libsde hands its
 * registry to libpapi from papi_sde_init (components/sde/sde_registry.h).
 * FILE stays loaded (RTLD_NODELETE): its libsde holds what it declared. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

#include "sde_lib.h"
#include "sde_hooks.h"
#include "util_common.h"

typedef papi_handle_t (*hook_function)(papi_sde_fptr_struct_t *);

/* One libsde function, by name, as FILE sees it; NULL (and said) if absent. */
static void *function_of(void *library, const char *path, const char *name, bool *complete)
{
	void *function = dlsym(library, name);
	if (!function) {
		fprintf(stderr, "%s: %s reaches no %s: is it linked with libsde?\n",
		        util_program_name(), path, name);
		*complete = false;
	}
	return function;
}

/* The table POPULATE_SDE_FPTR_STRUCT fills at build time, from FILE's libsde. */
static bool fill_table(void *library, const char *path, papi_sde_fptr_struct_t *table)
{
	bool complete = true;
	/* A data pointer into a function pointer: memcpy, as dlsym's users do. */
#define SDE_FUNCTION(field, name)                                                                  \
	do {                                                                                       \
		void *function = function_of(library, path, name, &complete);                      \
		memcpy(&table->field, &function, sizeof(function));                                \
	} while (0)
	SDE_FUNCTION(init, "papi_sde_init");
	SDE_FUNCTION(shutdown, "papi_sde_shutdown");
	SDE_FUNCTION(register_counter, "papi_sde_register_counter");
	SDE_FUNCTION(register_counter_cb, "papi_sde_register_counter_cb");
	SDE_FUNCTION(unregister_counter, "papi_sde_unregister_counter");
	SDE_FUNCTION(describe_counter, "papi_sde_describe_counter");
	SDE_FUNCTION(add_counter_to_group, "papi_sde_add_counter_to_group");
	SDE_FUNCTION(create_counter, "papi_sde_create_counter");
	SDE_FUNCTION(inc_counter, "papi_sde_inc_counter");
	SDE_FUNCTION(create_recorder, "papi_sde_create_recorder");
	SDE_FUNCTION(create_counting_set, "papi_sde_create_counting_set");
	SDE_FUNCTION(counting_set_insert, "papi_sde_counting_set_insert");
	SDE_FUNCTION(counting_set_remove, "papi_sde_counting_set_remove");
	SDE_FUNCTION(record, "papi_sde_record");
	SDE_FUNCTION(reset_recorder, "papi_sde_reset_recorder");
	SDE_FUNCTION(reset_counter, "papi_sde_reset_counter");
	SDE_FUNCTION(get_counter_handle, "papi_sde_get_counter_handle");
#undef SDE_FUNCTION
	return complete;
}

bool sde_hooks_declare(const char *path)
{
	void *library = dlopen(path, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE);
	if (!library) {
		fprintf(stderr, "%s: cannot load %s: %s\n", util_program_name(), path, dlerror());
		return false;
	}
	hook_function hook;
	void *symbol = dlsym(library, "papi_sde_hook_list_events");
	memcpy(&hook, &symbol, sizeof(symbol));
	papi_sde_fptr_struct_t table;
	bool declared = false;
	if (!hook)
		fprintf(stderr,
		        "%s: %s defines no papi_sde_hook_list_events: it declares no "
		        "software-defined events for listing\n",
		        util_program_name(), path);
	else if (fill_table(library, path, &table))
		declared = hook(&table) != NULL;
	if (hook && !declared)
		fprintf(stderr, "%s: the papi_sde_hook_list_events of %s declared nothing\n",
		        util_program_name(), path);
	dlclose(library); /* stays mapped: RTLD_NODELETE */
	return declared;
}
