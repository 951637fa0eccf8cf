/* The perfctr component: PAPI over the perfctr 2.6 ABI of /dev/perfctr
 * (the papillon module in kernel/). Where the device is absent, the usual
 * case, the component is listed inactive with the reason.
 *
 * Counting through the device (a-mode counters read from the mapped state
 * page, i-mode overflow, global counters) is not written yet: every
 * counting operation answers PAPI_ECMP with that reason, and init keeps
 * the component inactive even where a module answers. */
#include <stdio.h>
#include <string.h>

#include "component.h"
#include "papi.h"
#include "util/error.h"
#include "perfctr_device.h"

#define NOT_YET "the perfctr component does not count yet (issue 15: the device's counting)"

struct perfctr_control {
	int events;
};

static int perfctr_init(int cidx, PAPI_component_info_t *info)
{
	struct perfctr_device device;
	int status;

	(void)cidx;
	status = perfctr_device_probe(PERFCTR_DEVICE_PATH, &device);
	if (status == PAPI_OK)
		status = papi_error_set(PAPI_ECMP, "%s answers (ABI %#x), but " NOT_YET,
		                        PERFCTR_DEVICE_PATH, device.abi_version);
	snprintf(info->disabled_reason, sizeof(info->disabled_reason), "%s", papi_error_reason());
	info->disabled = status;
	return status;
}

static void perfctr_shutdown(void)
{
}

static int perfctr_enum_events(uint64_t *cursor, int modifier, char *name, size_t name_len)
{
	(void)cursor;
	(void)modifier;
	(void)name;
	(void)name_len;
	return papi_error_set(PAPI_ENOEVNT, "%s", NOT_YET);
}

static int perfctr_resolve_name(const char *name, struct component_resolution *out)
{
	(void)out;
	return papi_error_set(PAPI_ENOEVNT, "%s: %s", name, NOT_YET);
}

static void perfctr_release_encoding(void *encoding)
{
	(void)encoding;
}

static int perfctr_event_info(const char *name, uint64_t cursor, const void *encoding,
                              PAPI_event_info_t *info)
{
	(void)cursor;
	(void)encoding;
	(void)info;
	return papi_error_set(PAPI_ENOEVNT, "%s: %s", name, NOT_YET);
}

static int perfctr_not_yet(const void *unused)
{
	(void)unused;
	return papi_error_set(PAPI_ECMP, "%s", NOT_YET);
}

static int perfctr_control_init(void *control)
{
	memset(control, 0, sizeof(struct perfctr_control));
	return PAPI_OK;
}

static void perfctr_control_cleanup(void *control)
{
	(void)control;
}

static int perfctr_control_update(void *control, const struct component_event *events, int count,
                                  const struct counting_options *options)
{
	(void)control;
	(void)events;
	(void)options;
	return count ? perfctr_not_yet(NULL) : PAPI_OK;
}

static int perfctr_start(void *control)
{
	return perfctr_not_yet(control);
}

static int perfctr_values(void *control, long long *values)
{
	(void)values;
	return perfctr_not_yet(control);
}

const struct component_ops perfctr_component = {
    .name = "perfctr",
    .short_name = "perfctr",
    .description = "Linux x86 perfctr 2.6 virtual counters (/dev/perfctr, papillon module)",
    .capabilities = 0,
    .control_size = sizeof(struct perfctr_control),
    .init = perfctr_init,
    .shutdown = perfctr_shutdown,
    .enum_events = perfctr_enum_events,
    .resolve_name = perfctr_resolve_name,
    .release_encoding = perfctr_release_encoding,
    .event_info = perfctr_event_info,
    .check_event = perfctr_not_yet,
    .control_init = perfctr_control_init,
    .control_cleanup = perfctr_control_cleanup,
    .control_update = perfctr_control_update,
    .start = perfctr_start,
    .stop = perfctr_values,
    .read = perfctr_values,
    .accum = perfctr_values,
    .reset = perfctr_start,
};
