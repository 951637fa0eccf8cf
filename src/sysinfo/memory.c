// SPDX-License-Identifier: BSD-3-Clause
/* PAPI_dmem_info_t: the memory of this process now, in KiB as the kernel
 * states it (pagesize alone is in bytes, as in PAPI).
 *
 * From /proc/self/status: peak VmPeak, size VmSize, resident VmRSS,
 * high_water_mark VmHWM, text VmExe, library VmLib, heap VmData, locked VmLck,
 * stack VmStk, pte VmPTE; shared is the third field of /proc/self/statm
 * (resident file-backed and shmem pages). PAPI 7.0 leaves peak and pte 0 on
 * Linux although the kernel states them; here they are filled. A field the
 * kernel does not state (VmPTE before 2.6.10, say) stays 0. */
#include "config.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/error.h"
#include "sysinfo/sysinfo.h"

static const struct {
	const char *key;
	size_t offset;
} status_fields[] = {
    {"VmPeak:", offsetof(PAPI_dmem_info_t, peak)},
    {"VmSize:", offsetof(PAPI_dmem_info_t, size)},
    {"VmRSS:", offsetof(PAPI_dmem_info_t, resident)},
    {"VmHWM:", offsetof(PAPI_dmem_info_t, high_water_mark)},
    {"VmExe:", offsetof(PAPI_dmem_info_t, text)},
    {"VmLib:", offsetof(PAPI_dmem_info_t, library)},
    {"VmData:", offsetof(PAPI_dmem_info_t, heap)},
    {"VmLck:", offsetof(PAPI_dmem_info_t, locked)},
    {"VmStk:", offsetof(PAPI_dmem_info_t, stack)},
    {"VmPTE:", offsetof(PAPI_dmem_info_t, pte)},
};

static void status_line(PAPI_dmem_info_t *dmem, const char *line)
{
	for (size_t i = 0; i < sizeof(status_fields) / sizeof(status_fields[0]); i++) {
		size_t len = strlen(status_fields[i].key);
		if (strncmp(line, status_fields[i].key, len) == 0) {
			long long *field = (long long *)((char *)dmem + status_fields[i].offset);
			*field = strtoll(line + len, NULL, 10);
			return;
		}
	}
}

int sysinfo_dynamic_memory(PAPI_dmem_info_t *dmem)
{
	memset(dmem, 0, sizeof(*dmem));
	long page = sysconf(_SC_PAGESIZE);
	dmem->pagesize = page > 0 ? page : 0;

	FILE *status = fopen("/proc/self/status", "re");
	if (!status)
		return papi_error_set(PAPI_ESYS, "cannot open /proc/self/status");
	char line[256];
	while (fgets(line, sizeof(line), status))
		status_line(dmem, line);
	fclose(status);

	FILE *statm = fopen("/proc/self/statm", "re");
	if (!statm)
		return papi_error_set(PAPI_ESYS, "cannot open /proc/self/statm");
	long long size, resident, shared;
	int fields = fscanf(statm, "%lld %lld %lld", &size, &resident, &shared);
	fclose(statm);
	if (fields != 3)
		return papi_error_set(PAPI_ESYS, "cannot parse /proc/self/statm");
	dmem->shared = shared * dmem->pagesize / 1024;
	return PAPI_OK;
}
