// SPDX-License-Identifier: BSD-3-Clause
/* The EBB availability rules (pure) and the probe that feeds them. */
#include <string.h>
#include <sys/auxv.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "papi.h"
#include "util/error.h"
#include "ebb_detect.h"

enum ebb_pmu_model ebb_model_of_platform(const char *platform)
{
	static const struct {
		const char *word;
		enum ebb_pmu_model model;
	} platforms[] = {
	    {"power8", EBB_PMU_POWER8},
	    {"power9", EBB_PMU_POWER9},
	    {"power10", EBB_PMU_POWER10},
	};
	if (!platform)
		return EBB_PMU_UNKNOWN;
	for (size_t i = 0; i < sizeof(platforms) / sizeof(platforms[0]); i++)
		if (strcmp(platform, platforms[i].word) == 0)
			return platforms[i].model;
	return EBB_PMU_UNKNOWN;
}

int ebb_availability(const struct ebb_host_facts *facts, enum ebb_pmu_model *model)
{
	const char *machine = facts->machine ? facts->machine : "an unknown machine";
	*model = EBB_PMU_UNKNOWN;
	if (!facts->power_build)
		return papi_error_set(PAPI_ECMP,
		                      "wrong architecture: event-based branches exist on POWER8 "
		                      "and later only (this is %s)",
		                      machine);
	if (!facts->elfv2_build)
		return papi_error_set(PAPI_ECMP,
		                      "the EBB handler is written for ppc64le's ELFv2 ABI; this "
		                      "library is built for big-endian POWER (%s)",
		                      machine);
	if (!(facts->hwcap2 & EBB_HWCAP2_EBB))
		return papi_error_set(PAPI_ECMP,
		                      "no event-based branches on this CPU or kernel: AT_HWCAP2 "
		                      "%#lx lacks the EBB bit (%#lx)",
		                      facts->hwcap2, EBB_HWCAP2_EBB);
	enum ebb_pmu_model found = ebb_model_of_platform(facts->platform);
	if (found == EBB_PMU_UNKNOWN)
		return papi_error_set(PAPI_ECMP,
		                      "unknown PMU '%s' (AT_PLATFORM): the ebb component has event "
		                      "tables for power8, power9 and power10",
		                      facts->platform ? facts->platform : "(none)");
	if (!facts->core_pmu)
		return papi_error_set(PAPI_ECMP,
		                      "the kernel exposes no POWER core PMU "
		                      "(/sys/bus/event_source/devices/cpu is missing): EBB events "
		                      "are perf events of that PMU");
	*model = found;
	return PAPI_OK;
}

void ebb_host_probe(struct ebb_host_facts *facts)
{
	static struct utsname host;
	memset(facts, 0, sizeof(*facts));
	if (uname(&host) == 0)
		facts->machine = host.machine;
#if defined(__powerpc64__)
	facts->power_build = true;
#endif
#if defined(__powerpc64__) && defined(_CALL_ELF) && _CALL_ELF == 2
	facts->elfv2_build = true;
#endif
#if defined(AT_HWCAP2)
	facts->hwcap2 = getauxval(AT_HWCAP2);
#endif
	facts->platform = (const char *)getauxval(AT_PLATFORM);
	facts->core_pmu = access("/sys/bus/event_source/devices/cpu", F_OK) == 0;
}
