// SPDX-License-Identifier: BSD-3-Clause
/* Initialization and shutdown of the library as a whole. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "papi.h"
#include "util/error.h"
#include "services/fork_generation.h"
#include "core/library.h"
#include "core/multiplex.h"
#include "core/signals.h"
#include "core/system_info.h"
#include "core/threads.h"
#include "util/timers.h"

struct library_state papillon_library = {
    .init_level = PAPI_NOT_INITED,
    .default_domain = PAPI_DOM_USER,
    .default_granularity = PAPI_GRN_THR,
    .lock = PTHREAD_MUTEX_INITIALIZER,
};

static int components_prepared;
/* Whether count_events has filled num_native_events since init. */
static int events_counted[MAX_COMPONENTS];
/* Disabled through PAPI_disable_component before init; survives shutdown. */
static int disabled_by_user[MAX_COMPONENTS];

int library_require_init(void)
{
	if (papillon_library.init_level == PAPI_NOT_INITED)
		return papi_error_set(PAPI_ENOINIT,
		                      "PAPI_library_init has not been called (or failed)");
	return PAPI_OK;
}

/* PAPI_EBUG when papillon_components[] is longer than the tables indexed by
 * component: nothing may be written past them. */
static int check_component_table(void)
{
	if (papillon_component_count > MAX_COMPONENTS)
		return papi_error_set(PAPI_EBUG,
		                      "%d components are compiled in; the core holds at most %d "
		                      "(MAX_COMPONENTS in src/registry/registry.h)",
		                      papillon_component_count, MAX_COMPONENTS);
	return PAPI_OK;
}

int library_check_component(int cidx)
{
	int status = check_component_table();
	if (status != PAPI_OK)
		return status;
	if (cidx < 0 || cidx >= papillon_component_count)
		return papi_error_set(PAPI_ENOCMP, "no component has index %d (there are %d)", cidx,
		                      papillon_component_count);
	return PAPI_OK;
}

static void prepare_component_info(int cidx)
{
	const struct component_ops *ops = papillon_components[cidx];
	PAPI_component_info_t *info = &papillon_component_info[cidx];
	memset(info, 0, sizeof(*info));
	snprintf(info->name, sizeof(info->name), "%s", ops->name);
	snprintf(info->short_name, sizeof(info->short_name), "%s", ops->short_name);
	snprintf(info->description, sizeof(info->description), "%s", ops->description);
	snprintf(info->version, sizeof(info->version), "%s", PAPILLON_VERSION_STRING);
	info->CmpIdx = cidx;
	info->default_domain = PAPI_DOM_USER;
	info->available_domains = PAPI_DOM_USER | PAPI_DOM_KERNEL;
	info->default_granularity = PAPI_GRN_THR;
	info->available_granularities = PAPI_GRN_THR;
	if (disabled_by_user[cidx]) {
		info->disabled = PAPI_EDELAY_INIT;
		snprintf(info->disabled_reason, sizeof(info->disabled_reason),
		         "Disabled by PAPI_disable_component()");
	}
	registry_info_changed(cidx);
}

void library_prepare_components(void)
{
	if (check_component_table() != PAPI_OK)
		return;
	pthread_mutex_lock(&papillon_library.lock);
	if (!components_prepared) {
		for (int c = 0; c < papillon_component_count; c++)
			prepare_component_info(c);
		components_prepared = 1;
	}
	pthread_mutex_unlock(&papillon_library.lock);
}

int library_disable_component(int cidx)
{
	int status = library_check_component(cidx);
	if (status != PAPI_OK)
		return status;
	library_prepare_components();
	disabled_by_user[cidx] = 1;
	prepare_component_info(cidx);
	return PAPI_OK;
}

/* What the component info says it can do, from its capabilities and what
 * the core adds for every component (software multiplexing and overflow). */
static void describe_capabilities(int cidx, PAPI_component_info_t *info)
{
	unsigned capabilities = papillon_components[cidx]->capabilities;
	info->kernel_multiplex = (capabilities & CAP_KERNEL_MULTIPLEX) != 0;
	info->num_mpx_cntrs = MULTIPLEX_MAX_EVENTS;
	/* Overflow the component delivers itself: by a signal, or from a
	 * user-mode handler (no signal to name). */
	if (papillon_components[cidx]->overflow_interrupts &&
	    !papillon_components[cidx]->overflow_interrupts())
		capabilities &= ~CAP_HW_OVERFLOW;
	info->hardware_intr = (capabilities & (CAP_HW_OVERFLOW | CAP_USER_OVERFLOW)) != 0;
	if (capabilities & CAP_HW_OVERFLOW)
		info->hardware_intr_sig = signals_overflow_signal();
	info->attach = (capabilities & CAP_ATTACH) != 0;
	info->attach_must_ptrace = info->attach;
	info->cpu = (capabilities & CAP_CPU) != 0;
	info->inherit = (capabilities & CAP_INHERIT) != 0;
	if (info->cpu)
		info->available_granularities |= PAPI_GRN_SYS;
}

PAPI_component_info_t *library_component_info(int cidx)
{
	library_prepare_components();
	PAPI_component_info_t *info = &papillon_component_info[cidx];
	int (*count_events)(PAPI_component_info_t *) = papillon_components[cidx]->count_events;
	pthread_mutex_lock(&papillon_library.lock);
	if (papillon_component_ready[cidx] && count_events && !events_counted[cidx]) {
		info->num_native_events = count_events(info);
		events_counted[cidx] = 1;
		registry_info_changed(cidx);
	}
	pthread_mutex_unlock(&papillon_library.lock);
	return info;
}

static void init_components(void)
{
	for (int c = 0; c < papillon_component_count; c++) {
		PAPI_component_info_t *info = &papillon_component_info[c];
		prepare_component_info(c);
		papillon_component_ready[c] = 0;
		events_counted[c] = 0;
		if (disabled_by_user[c])
			continue;
		int status = papillon_components[c]->init(c, info);
		if (status != PAPI_OK && !info->disabled) {
			info->disabled = status;
			if (!info->disabled_reason[0])
				snprintf(info->disabled_reason, sizeof(info->disabled_reason), "%s",
				         papi_error_reason());
		}
		papillon_component_ready[c] = !info->disabled;
		describe_capabilities(c, info);
		registry_info_changed(c);
	}
}

int library_init(void)
{
	fork_generation_watch();
	const char *debug = getenv("PAPILLON_DEBUG");
	if (debug && *debug && *debug != '0')
		papi_debug_level = 1;
	int status = check_component_table();
	if (status != PAPI_OK)
		return status;
	library_prepare_components();
	/* Only what counting needs; the rest on first request (system_info.h). */
	status = system_info_init();
	if (status != PAPI_OK)
		return status;
	timers_init(papillon_library.hardware.cpu_max_mhz > 0
	                ? (double)papillon_library.hardware.cpu_max_mhz
	                : (double)papillon_library.hardware.mhz);
	init_components();
	papillon_library.init_level = PAPI_LOW_LEVEL_INITED;
	/* As in PAPI, the initializing thread is the first one known. */
	return threads_register_current();
}

void library_shutdown(void)
{
	for (int c = 0; c < papillon_component_count; c++) {
		if (papillon_component_ready[c] && papillon_components[c]->shutdown)
			papillon_components[c]->shutdown();
		papillon_component_ready[c] = 0;
	}
	system_info_shutdown();
	threads_reset();
	papillon_library.init_level = PAPI_NOT_INITED;
	papillon_library.default_domain = PAPI_DOM_USER;
	papillon_library.default_granularity = PAPI_GRN_THR;
}
