// SPDX-License-Identifier: BSD-3-Clause
/* The perf_event component: Linux perf_event_open with names from libpfm4
 * and from the kernel's sysfs PMU descriptions. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "papi.h"
#include "util/error.h"
#include "pe_component.h"

static int pe_init(int cidx, PAPI_component_info_t *info)
{
	char reason[PAPI_MAX_STR_LEN] = "";
	int pfm_status = pe_pfm_init(reason, sizeof(reason));
	/* Without libpfm4, the sysfs PMUs' events alone (read here, not on
	 * first use, to know whether there are any). */
	if (pfm_status != PAPI_OK && pe_sysfs_event_count() == 0) {
		info->disabled = pfm_status;
		snprintf(info->disabled_reason, sizeof(info->disabled_reason), "%s", reason);
		return pfm_status;
	}
	bool has_pmu = pe_core_pmu_present();
	/* Heterogeneous core PMUs matter to hardware events alone. */
	if (has_pmu)
		pe_hetero_detect();
	pe_user_detect();
	info->num_cntrs = has_pmu ? pe_pfm_core_counters() : 0;
	info->num_mpx_cntrs = info->num_cntrs;
	info->default_domain = PAPI_DOM_USER;
	info->available_domains = PAPI_DOM_USER | PAPI_DOM_KERNEL | PAPI_DOM_SUPERVISOR;
	info->default_granularity = PAPI_GRN_THR;
	info->available_granularities = PAPI_GRN_THR;
	info->hardware_intr = 0;
	info->kernel_multiplex = 0;
	info->fast_counter_read = pe_user_available();
	info->fast_real_timer = 1;
	info->fast_virtual_timer = 1;
	info->attach = 0;
	info->cpu = 0;
	info->inherit = 0;
	info->cntr_umasks = 1;
	if (!has_pmu)
		snprintf(info->description, sizeof(info->description), "%s",
		         "Linux perf_event (no hardware PMU exposed: software and sysfs "
		         "events only)");
	/* PAPI 7.2's word for it: active, with the part that cannot count
	 * (named now; what still counts on the first request for the info,
	 * pe_count_events: it reads the sysfs PMUs). */
	info->partially_disabled = pe_partially_disabled(
	    info->partially_disabled_reason, sizeof(info->partially_disabled_reason), false);
	papi_error_clear();
	(void)cidx;
	return PAPI_OK;
}

/* What enumeration yields: libpfm4's events (a walk of all its tables,
 * half the instructions init would make) and the sysfs PMUs'. */
static int pe_count_events(PAPI_component_info_t *info)
{
	if (info->partially_disabled)
		pe_partially_disabled(info->partially_disabled_reason,
		                      sizeof(info->partially_disabled_reason), true);
	int count = 0;
	uint64_t cursor = 0;
	char name[PAPI_HUGE_STR_LEN];
	int modifier = PAPI_ENUM_FIRST;
	while (pe_pfm_enum(&cursor, modifier, name, sizeof(name)) == PAPI_OK) {
		count++;
		modifier = PAPI_ENUM_EVENTS;
	}
	return count + pe_sysfs_event_count();
}

static void pe_shutdown(void)
{
	pe_sysfs_shutdown();
	pe_pfm_shutdown();
}

/* libpfm4's events first, then the sysfs PMUs'. */
static int pe_enum_events(uint64_t *cursor, int modifier, char *name, size_t name_len)
{
	bool in_sysfs = modifier != PAPI_ENUM_FIRST && (*cursor & PE_SYSFS_CURSOR_FLAG);
	if (in_sysfs)
		return pe_sysfs_enum(cursor, modifier, name, name_len);
	int status = pe_pfm_enum(cursor, modifier, name, name_len);
	if (status == PAPI_ENOEVNT && modifier != PAPI_NTV_ENUM_UMASKS)
		status = pe_sysfs_enum(cursor, PAPI_ENUM_FIRST, name, name_len);
	return status;
}

static int pe_resolve_name(const char *name, struct component_resolution *out)
{
	struct pe_encoding *encoding = calloc(1, sizeof(*encoding));
	if (!encoding)
		return papi_error_set(PAPI_ENOMEM, "no memory to encode '%s'", name);
	int status = pe_sysfs_resolve(name, encoding, &out->cursor);
	if (status == PAPI_ENOEVNT) {
		char sysfs_reason[PAPI_HUGE_STR_LEN];
		snprintf(sysfs_reason, sizeof(sysfs_reason), "%s", papi_error_reason());
		status = pe_pfm_resolve(name, encoding, &out->cursor, &out->listed);
		if (status == PAPI_ENOEVNT && strstr(sysfs_reason, "lists no event"))
			papi_error_set(status, "%s", sysfs_reason);
	}
	if (status != PAPI_OK) {
		free(encoding);
		return status;
	}
	snprintf(out->canonical, sizeof(out->canonical), "%s", name);
	out->encoding = encoding;
	return PAPI_OK;
}

static void pe_release_encoding(void *encoding)
{
	free(encoding);
}

static int pe_event_info(const char *name, uint64_t cursor, const void *encoding,
                         PAPI_event_info_t *info)
{
	(void)name;
	(void)encoding;
	if (cursor & PE_SYSFS_CURSOR_FLAG)
		return pe_sysfs_info(cursor, info);
	return pe_pfm_info(cursor, info);
}

static int pe_check_event(const void *encoding)
{
	return pe_try_open(encoding, PAPI_DOM_USER);
}

/* Appends "sysfs:<dir>" for every PMU the kernel registered, events or not. */
static void sysfs_pmu_names(char *names, size_t names_len)
{
	DIR *root = opendir("/sys/bus/event_source/devices");
	if (!root)
		return;
	struct dirent *entry;
	while ((entry = readdir(root))) {
		if (entry->d_name[0] == '.')
			continue;
		size_t used = strlen(names);
		snprintf(names + used, names_len - used, "%ssysfs:%s", used ? " " : "",
		         entry->d_name);
	}
	closedir(root);
}

static int pe_pmu_names(char *names, size_t names_len)
{
	if (names_len == 0)
		return PAPI_EINVAL;
	names[0] = '\0';
	pe_pfm_core_pmu_names(names, names_len);
	sysfs_pmu_names(names, names_len);
	return PAPI_OK;
}

/* Preset tables name perf_event's PMUs in two ways: a libpfm4 core PMU
 * (which tables libpfm4 itself applies, or LIBPFM_FORCE_PMU forces) is
 * the more specific, a kernel PMU directory the broader. */
static const struct component_key_kind pe_preset_key_kinds[] = {
    {"pfm", "libpfm4 core PMUs", false},
    {"sysfs", "kernel PMUs", false},
    {NULL, NULL, false},
};

static int pe_control_init(void *control)
{
	memset(control, 0, sizeof(struct pe_control));
	return PAPI_OK;
}

static void pe_control_cleanup(void *control)
{
	pe_control_close(control);
}

static int pe_control_update(void *control, const struct component_event *events, int count,
                             const struct counting_options *options)
{
	return pe_control_open(control, events, count, options);
}

static int pe_start(void *control)
{
	return pe_control_start(control);
}

static int pe_stop(void *control, long long *values)
{
	return pe_control_stop(control, values);
}

static int pe_read(void *control, long long *values)
{
	return pe_control_read(control, values);
}

static int pe_accum(void *control, long long *values)
{
	return pe_control_accum(control, values);
}

static int pe_reset(void *control)
{
	return pe_control_reset(control);
}

static int pe_read_path(void *control, int index, char *reason, size_t reason_len)
{
	const struct pe_control *pe = control;
	if (index < 0 || index >= pe->event_count)
		return papi_error_set(PAPI_EINVAL, "the control has no event %d", index);
	return pe_user_event_path(&pe->user, index, pe->scaled, reason, reason_len);
}

static int pe_event_times(void *control, int index, long long *enabled_ns, long long *running_ns)
{
	return pe_control_times(control, index, enabled_ns, running_ns);
}

static int pe_user_read_status(char *why, size_t why_len)
{
	return pe_user_status(why, why_len);
}

const struct component_ops perf_event_component = {
    .name = "perf_event",
    .short_name = "perf",
    .description = "Linux perf_event CPU counters",
    .capabilities =
        CAP_KERNEL_MULTIPLEX | CAP_HW_OVERFLOW | CAP_ATTACH | CAP_CPU | CAP_INHERIT | CAP_USER_READ,
    .control_size = sizeof(struct pe_control),
    .init = pe_init,
    .shutdown = pe_shutdown,
    .count_events = pe_count_events,
    .enum_events = pe_enum_events,
    .resolve_name = pe_resolve_name,
    .release_encoding = pe_release_encoding,
    .event_info = pe_event_info,
    .check_event = pe_check_event,
    .preset_key_kinds = pe_preset_key_kinds,
    .pmu_names = pe_pmu_names,
    .control_init = pe_control_init,
    .control_cleanup = pe_control_cleanup,
    .control_update = pe_control_update,
    .start = pe_start,
    .stop = pe_stop,
    .read = pe_read,
    .accum = pe_accum,
    .reset = pe_reset,
    .check_target = pe_check_target,
    .read_path = pe_read_path,
    .user_read_status = pe_user_read_status,
    .event_times = pe_event_times,
};
