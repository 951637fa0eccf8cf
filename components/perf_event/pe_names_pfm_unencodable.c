// SPDX-License-Identifier: BSD-3-Clause
/* Names libpfm4 lists but cannot encode as written: an event whose unit mask
 * is mandatory (amd64_fam19h_zen4::RETIRED_X87_FP_OPS has no default), a unit
 * mask that needs a filter setting beside it (Intel uncore :NID needs :nf=),
 * an event of a PMU table the kernel has no PMU for (an uncore table on a
 * kernel without that driver). They are events all the same: enumeration
 * lists them, with their unit masks as the choices, so they keep a code and
 * a description, and every use fails with what to add. */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "papi.h"
#include "util/error.h"
#include "pe_component.h"

/* Unit masks named in the reason before "and N more": enough to pick from
 * without pushing the reason past the error buffer. */
#define LISTED_CHOICES_LEN 600

/* The qualifiers of a name: what follows "pmu::event" or "event". */
static const char *qualifiers_of(const char *name)
{
	const char *separator = strstr(name, "::");
	const char *event = separator ? separator + 2 : name;
	return event + strcspn(event, ":");
}

/* Finds the attribute of event called name[0..length): a modifier when
 * `valued` (written NAME=VALUE), else any (a unit mask "E" and the edge
 * modifier "e" of one event differ so). */
static bool find_attribute(int event, const pfm_event_info_t *info, const char *name, size_t length,
                           bool valued, pfm_event_attr_info_t *found)
{
	for (int attribute = 0; attribute < info->nattrs; attribute++) {
		if (pe_pfm_attribute_info(event, attribute, found) &&
		    (!valued || found->type != PFM_ATTR_UMASK) && strlen(found->name) == length &&
		    strncasecmp(found->name, name, length) == 0)
			return true;
	}
	return false;
}

/* The length of a qualifier's attribute name: up to its '=', or all of it. */
static size_t attribute_name_length(const char *qualifier, size_t length)
{
	const char *equals = memchr(qualifier, '=', length);
	return equals ? (size_t)(equals - qualifier) : length;
}

/* True when every qualifier of the name is a unit mask or a flag of event
 * written without a value, or a modifier written "=0", the form enumeration
 * lists it in (pe_names_pfm.c): the name is what enumeration lists (or a
 * combination of it). Another value (:c=3) that libpfm4 refused is an error
 * in the name, not a missing piece. */
static bool qualifiers_are_listed(int event, const pfm_event_info_t *info, const char *qualifiers,
                                  bool *has_unit_mask)
{
	*has_unit_mask = false;
	while (*qualifiers == ':') {
		qualifiers++;
		size_t length = strcspn(qualifiers, ":");
		size_t name_length = attribute_name_length(qualifiers, length);
		bool valued = name_length < length;
		pfm_event_attr_info_t attribute;
		if (name_length == 0 ||
		    !find_attribute(event, info, qualifiers, name_length, valued, &attribute))
			return false;
		if (valued && (length != name_length + 2 || qualifiers[name_length + 1] != '0'))
			return false;
		if (attribute.type == PFM_ATTR_UMASK)
			*has_unit_mask = true;
		qualifiers += length;
	}
	return *qualifiers == '\0';
}

/* Writes ":NAME<suffix>" for each attribute of event that `wanted` accepts,
 * comma separated, into list ("none" if there is none); returns how many did
 * not fit (they are counted at the end, "and N more"). */
static int list_attributes(int event, const pfm_event_info_t *info,
                           bool (*wanted)(const pfm_event_attr_info_t *), const char *suffix,
                           char *list, size_t list_len)
{
	int found = 0, left_out = 0;
	list[0] = '\0';
	for (int attribute = 0; attribute < info->nattrs; attribute++) {
		pfm_event_attr_info_t info_of;
		if (!pe_pfm_attribute_info(event, attribute, &info_of) || !wanted(&info_of))
			continue;
		size_t used = strlen(list);
		if (used + strlen(info_of.name) + strlen(suffix) + 3 >= list_len) {
			left_out++;
			continue;
		}
		snprintf(list + used, list_len - used, "%s:%s%s", found ? ", " : "", info_of.name,
		         suffix);
		found++;
	}
	if (left_out) {
		size_t used = strlen(list);
		snprintf(list + used, list_len - used, " and %d more", left_out);
	}
	if (found + left_out == 0)
		snprintf(list, list_len, "%s", "none");
	return left_out;
}

static bool is_unit_mask(const pfm_event_attr_info_t *attribute)
{
	return attribute->type == PFM_ATTR_UMASK;
}

static bool has_unit_masks(int event, const pfm_event_info_t *info)
{
	for (int attribute = 0; attribute < info->nattrs; attribute++) {
		pfm_event_attr_info_t info_of;
		if (pe_pfm_attribute_info(event, attribute, &info_of) && is_unit_mask(&info_of))
			return true;
	}
	return false;
}

/* The PMU's own settings (filters, thresholds), not the OS-level ones
 * (:u, :k, :period) every event takes. */
static bool is_pmu_setting(const pfm_event_attr_info_t *attribute)
{
	return attribute->type != PFM_ATTR_UMASK && attribute->ctrl == PFM_ATTR_CTRL_PMU;
}

static int missing_unit_mask(const char *name, int event, const pfm_event_info_t *info)
{
	char choices[LISTED_CHOICES_LEN];
	if (list_attributes(event, info, is_unit_mask, "", choices, sizeof(choices)) > 0)
		return papi_error_set(PAPI_EATTR,
		                      "%s needs a unit mask: add one of %s (papi_native_avail -e "
		                      "%s lists them all)",
		                      name, choices, name);
	return papi_error_set(PAPI_EATTR, "%s needs a unit mask: add one of %s", name, choices);
}

static int incomplete_qualifiers(const char *name, int event, const pfm_event_info_t *info,
                                 int pfm_status)
{
	char settings[LISTED_CHOICES_LEN];
	list_attributes(event, info, is_pmu_setting, "=", settings, sizeof(settings));
	int event_name_len = (int)(qualifiers_of(name) - name);
	return papi_error_set(PAPI_EATTR,
	                      "%s is incomplete (libpfm4: %s): it needs another unit mask or "
	                      "one of its settings (%s); papi_native_avail -e %.*s lists them",
	                      name, pfm_strerror(pfm_status), settings, event_name_len, name);
}

static int unsupported_here(const char *name, const pfm_event_info_t *info, int pfm_status)
{
	pfm_pmu_info_t pmu;
	if (pe_pfm_pmu_info(info->pmu, &pmu) && pmu.type != PFM_PMU_TYPE_CORE)
		return papi_error_set(PAPI_ECMP,
		                      "libpfm4 cannot encode %s for perf_event (%s): this kernel "
		                      "has no PMU for libpfm4's %s table (%s)",
		                      name, pfm_strerror(pfm_status), pmu.name,
		                      pmu.desc ? pmu.desc : pmu.name);
	return papi_error_set(PAPI_ECMP, "libpfm4 cannot encode %s for perf_event here (%s)", name,
	                      pfm_strerror(pfm_status));
}

int pe_pfm_unencodable(const char *name, int pfm_status, int *event)
{
	/* The event alone: libpfm4's lookup refuses perf_event's own settings
	 * (:period=0), which only its encoding for perf_event knows. */
	char event_name[PAPI_HUGE_STR_LEN];
	snprintf(event_name, sizeof(event_name), "%.*s", (int)(qualifiers_of(name) - name), name);
	*event = pfm_find_event(event_name);
	pfm_event_info_t info;
	bool has_unit_mask;
	if (*event < 0 || !pe_pfm_event_info(*event, &info) ||
	    !qualifiers_are_listed(*event, &info, qualifiers_of(name), &has_unit_mask))
		return papi_error_set(PAPI_ENOEVNT, "libpfm4 does not know '%s': %s", name,
		                      pfm_strerror(pfm_status));
	switch (pfm_status) {
	case PFM_ERR_UMASK:
	case PFM_ERR_ATTR:
		if (!has_unit_mask && has_unit_masks(*event, &info))
			return missing_unit_mask(name, *event, &info);
		return incomplete_qualifiers(name, *event, &info, pfm_status);
	case PFM_ERR_NOTSUPP:
		return unsupported_here(name, &info, pfm_status);
	case PFM_ERR_ATTR_VAL:
		/* A listed "=0" form whose 0 this event does not take. */
		return papi_error_set(PAPI_EATTR,
		                      "%s names its settings with the value 0, which libpfm4 "
		                      "refuses for this event (%s): write the value wanted",
		                      name, pfm_strerror(pfm_status));
	default:
		return papi_error_set(PAPI_ENOEVNT, "libpfm4 cannot encode '%s': %s", name,
		                      pfm_strerror(pfm_status));
	}
}
