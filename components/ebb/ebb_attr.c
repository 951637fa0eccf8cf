// SPDX-License-Identifier: BSD-3-Clause
/* EBB perf_event_attr: building and checking (ebb_attr.h). */
#include <string.h>

#include "papi.h"
#include "util/error.h"
#include "ebb_attr.h"
#include "ebb_events.h"

void ebb_attr_build(uint64_t code, bool leader, struct perf_event_attr *attr)
{
	memset(attr, 0, sizeof(*attr));
	attr->size = sizeof(*attr);
	attr->type = PERF_TYPE_RAW;
	attr->config = code | EBB_CONFIG_FLAG;
	/* The leader opens disabled and is enabled once the group is
	 * complete; members follow it. */
	attr->disabled = leader;
	attr->pinned = leader;
	attr->exclusive = leader;
	attr->exclude_kernel = 1;
	attr->exclude_hv = 1;
}

int ebb_attr_check(const struct perf_event_attr *attr, bool leader, pid_t pid, int cpu)
{
	const char *role = leader ? "the leader" : "a member";
	if (attr->type != PERF_TYPE_RAW)
		return papi_error_set(
		    PAPI_EINVAL, "an EBB event is a raw event of the core PMU (type %u, not %u)",
		    (unsigned)PERF_TYPE_RAW, attr->type);
	if (!(attr->config & EBB_CONFIG_FLAG))
		return papi_error_set(
		    PAPI_EINVAL,
		    "config %#llx lacks bit 63: every member of an EBB group must "
		    "ask for EBB",
		    (unsigned long long)attr->config);
	if (ebb_code_pmc(attr->config) == 0)
		return papi_error_set(PAPI_EINVAL,
		                      "config %#llx names no PMC (bits 16-19): an EBB event must "
		                      "say which counter it counts on",
		                      (unsigned long long)attr->config);
	if (leader && !(attr->pinned && attr->exclusive))
		return papi_error_set(PAPI_EINVAL,
		                      "the leader of an EBB group must be pinned and exclusive "
		                      "(pinned %u, exclusive %u)",
		                      (unsigned)attr->pinned, (unsigned)attr->exclusive);
	if (!leader && (attr->pinned || attr->exclusive))
		return papi_error_set(PAPI_EINVAL,
		                      "only the leader of an EBB group may be pinned or exclusive "
		                      "(a member has pinned %u, exclusive %u)",
		                      (unsigned)attr->pinned, (unsigned)attr->exclusive);
	if (attr->inherit)
		return papi_error_set(PAPI_EINVAL,
		                      "%s of an EBB group sets inherit: EBB events "
		                      "are never inherited",
		                      role);
	if (attr->freq)
		return papi_error_set(PAPI_EINVAL,
		                      "%s of an EBB group sets freq: the PMU interrupts user "
		                      "space, the kernel samples nothing",
		                      role);
	if (attr->sample_period)
		return papi_error_set(PAPI_EINVAL,
		                      "%s of an EBB group sets sample_period %llu: overflow "
		                      "thresholds are loaded into the PMC by user space",
		                      role, (unsigned long long)attr->sample_period);
	if (attr->enable_on_exec)
		return papi_error_set(PAPI_EINVAL, "%s of an EBB group sets enable_on_exec", role);
	if (pid < 0)
		return papi_error_set(PAPI_EINVAL,
		                      "EBB events count a task (pid >= 0), not a whole CPU "
		                      "(pid %d, cpu %d)",
		                      (int)pid, cpu);
	return PAPI_OK;
}
