// SPDX-License-Identifier: BSD-3-Clause
/* The sde component: software-defined events that libraries export through
 * libsde (sde_lib.h), counted as PAPI 7 counts them, "sde:::LIB::COUNTER".
 *
 * Always enabled: a library may register counters at any time, before or
 * after PAPI_library_init, and they are listed as soon as they exist. The
 * counters are free-running (CAP_FREE_RUNNING): the component only reads
 * them; the core's snapshot path (src/core/counter.c) turns readings into counts
 * since a start. PAPI_write moves the core's base (integer and floating
 * sums; values of the moment refuse it): a tool never writes into a
 * library's variables. */
#include <stdio.h>

#include "papi.h"
#include "util/error.h"
#include "sde_component.h"

static int sde_init(int cidx, PAPI_component_info_t *info)
{
	(void)cidx;
	info->num_cntrs = SDE_MAX_EVENTS;
	info->num_mpx_cntrs = SDE_MAX_EVENTS;
	info->default_domain = PAPI_DOM_USER;
	info->available_domains = PAPI_DOM_ALL;
	info->default_granularity = PAPI_GRN_THR;
	info->available_granularities = PAPI_GRN_THR;
	info->fast_counter_read = 1; /* a load or a call, no system call */
	info->num_native_events = 0;
	const struct sde_registry_ops *registry = sde_registry();
	uint64_t cursor = 0;
	char name[PAPI_HUGE_STR_LEN];
	int modifier = PAPI_ENUM_FIRST;
	while (registry && sde_enum_events(&cursor, modifier, name, sizeof(name)) == PAPI_OK) {
		info->num_native_events++;
		modifier = PAPI_ENUM_EVENTS;
	}
	return papi_error_clear();
}

/* No counter of sde needs the kernel: a read is a load from the library's
 * variable or a call of its function, in this process. Without these two
 * the core would report system calls, its answer for components that say
 * nothing. The user read mode has nothing to turn off. */
static int sde_user_read_status(char *why, size_t why_len)
{
	snprintf(why, why_len,
	         "the sde component reads the counters libraries keep in this process's "
	         "memory (libsde): a load or a call, never a system call");
	return 1;
}

static int sde_read_path(void *control, int index, char *reason, size_t reason_len)
{
	(void)control;
	(void)index;
	snprintf(reason, reason_len,
	         "user: a software-defined event is read from the library's memory in this "
	         "process (no system call exists for it, whatever the user read mode)");
	return PAPI_READ_PATH_USER;
}

static void sde_shutdown(void)
{
	/* The registry is libsde's: the libraries' counters outlive PAPI. */
}

const struct component_ops sde_component = {
    .name = "sde",
    .short_name = "sde",
    .description = "Software-defined events that libraries export through libsde",
    .capabilities = CAP_FREE_RUNNING,
    .control_size = sizeof(struct sde_control),
    .init = sde_init,
    .shutdown = sde_shutdown,
    .enum_events = sde_enum_events,
    .resolve_name = sde_resolve_name,
    .release_encoding = sde_release_encoding,
    .event_info = sde_event_info,
    .check_event = sde_check_event,
    .control_init = sde_control_init,
    .control_cleanup = sde_control_cleanup,
    .control_update = sde_control_update,
    /* Free-running: the core snapshots; sde only reads, and says how
     * (integer or floating sums, values of the moment), and gives the
     * bases without copying recorders. */
    .read = sde_read_current,
    .value_kind = sde_value_kind,
    .read_base = sde_read_snapshot,
    .read_path = sde_read_path,
    .user_read_status = sde_user_read_status,
};
