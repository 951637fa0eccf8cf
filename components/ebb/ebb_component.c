// SPDX-License-Identifier: BSD-3-Clause
/* The ebb component: POWER's event-based branches (ISA 2.07 and later),
 * counted and overflowed without signals or system calls.
 *
 * Active on ppc64le when AT_HWCAP2 offers EBB and the PMU is POWER8, 9 or
 * 10 (ebb_detect.c); everywhere else it is listed as disabled, with the
 * reason. Events are ebb::<event> of the PMU's table (ebb_events_*.c);
 * the group rules (ebb_group.c) and the kernel's attribute rules
 * (ebb_attr.c) are checked before anything is opened. Overflows arrive in
 * user mode: the trampoline (arch/ppc64le/ebb_trampoline.S) saves the
 * interrupted state and calls the dispatcher (arch/ppc64le/ebb_dispatch.c),
 * which calls the core's overflow_fire (CAP_USER_OVERFLOW). */
#include <pthread.h>
#include <stdio.h>

#include "papi.h"
#include "util/error.h"
#include "ebb_component.h"
#include "ebb_detect.h"

const struct ebb_pmu_table *ebb_active_table;

static void register_fork_handler(void)
{
	pthread_atfork(NULL, NULL, ebb_forget_after_fork);
}

static int ebb_init(int cidx, PAPI_component_info_t *info)
{
	static pthread_once_t fork_handler = PTHREAD_ONCE_INIT;
	struct ebb_host_facts facts;
	enum ebb_pmu_model model;
	(void)cidx;
	ebb_active_table = NULL;
	ebb_host_probe(&facts);
	int status = ebb_availability(&facts, &model);
	if (status != PAPI_OK) {
		info->disabled = status;
		snprintf(info->disabled_reason, sizeof(info->disabled_reason), "%s",
		         papi_error_reason());
		return status;
	}
	ebb_active_table = ebb_pmu_table_of(model);
	pthread_once(&fork_handler, register_fork_handler);
	info->num_cntrs = EBB_PMC_COUNT;
	info->num_native_events = (int)ebb_active_table->count;
	info->default_domain = PAPI_DOM_USER;
	info->available_domains = PAPI_DOM_USER; /* EBBs reach problem state only */
	info->default_granularity = PAPI_GRN_THR;
	info->available_granularities = PAPI_GRN_THR;
	info->fast_counter_read = 1; /* mfspr */
	return papi_error_clear();
}

static void ebb_shutdown(void)
{
	ebb_active_table = NULL;
}

static int ebb_user_read_status(char *why, size_t why_len)
{
	snprintf(why, why_len,
	         "EBB events are read with mfspr of the PMCs in the counting thread: the "
	         "kernel hands the PMU to user space while an EBB group is on it");
	return 1;
}

static int ebb_read_path(void *control, int index, char *reason, size_t reason_len)
{
	(void)control;
	(void)index;
	snprintf(reason, reason_len,
	         "user: mfspr of the event's PMC plus the overflows the "
	         "EBB handler folded in (no system call exists for it)");
	return PAPI_READ_PATH_USER;
}

/* Preset tables name the PMU model this component drives
 * (presets/ebb.presets). An EBB event set takes the whole PMU for its
 * thread, so these tables apply only when the program asks for them, by
 * naming ebb.presets (or its own "match ebb" tables) in
 * PAPI_USER_EVENTS_FILE; everyone else keeps perf_event's presets. */
static const struct component_key_kind ebb_preset_key_kinds[] = {
    {"ebb", "EBB PMU models (power8, power9, power10)", .user_only = true},
    {NULL, NULL, false},
};

static int ebb_pmu_names(char *names, size_t names_len)
{
	if (!ebb_active_table)
		return PAPI_ECMP;
	snprintf(names, names_len, "ebb:%s", ebb_active_table->name);
	return PAPI_OK;
}

const struct component_ops ebb_component = {
    .name = "ebb",
    .short_name = "ebb",
    .description = "POWER event-based branches: PMU overflows delivered to a user-mode "
                   "handler, counters read with mfspr",
    .capabilities = CAP_USER_OVERFLOW | CAP_NO_MULTIPLEX,
    .control_size = sizeof(struct ebb_control),
    .init = ebb_init,
    .shutdown = ebb_shutdown,
    .enum_events = ebb_enum_events,
    .resolve_name = ebb_resolve_name,
    .release_encoding = ebb_release_encoding,
    .event_info = ebb_event_info,
    .check_event = ebb_check_event,
    .control_init = ebb_control_init,
    .control_cleanup = ebb_control_cleanup,
    .control_update = ebb_control_update,
    .start = ebb_start,
    .stop = ebb_stop,
    .read = ebb_read,
    .accum = ebb_accum,
    .reset = ebb_reset,
    .check_target = ebb_check_target,
    .read_path = ebb_read_path,
    .user_read_status = ebb_user_read_status,
    .preset_key_kinds = ebb_preset_key_kinds,
    .pmu_names = ebb_pmu_names,
};
