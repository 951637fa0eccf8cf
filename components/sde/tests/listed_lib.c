// SPDX-License-Identifier: BSD-3-Clause
/* A shared library that declares its software-defined events only in
 * papi_sde_hook_list_events, for papi_native_avail -sde (list_events.sh):
 * the names are listed without the library ever running. */
#include <stddef.h>

#include "sde_lib.h"

papi_handle_t papi_sde_hook_list_events(papi_sde_fptr_struct_t *fptr_struct)
{
	papi_handle_t listed = fptr_struct->init("Listed");
	fptr_struct->register_counter(listed, "requests", PAPI_SDE_RO | PAPI_SDE_DELTA,
	                              PAPI_SDE_long_long, NULL);
	fptr_struct->describe_counter(listed, "requests", "Requests served");
	fptr_struct->create_counter(listed, "retries", PAPI_SDE_DELTA, NULL);
	fptr_struct->create_recorder(listed, "wait", sizeof(double), papi_sde_compare_double, NULL);
	fptr_struct->create_counting_set(listed, "clients", NULL);
	return listed;
}
