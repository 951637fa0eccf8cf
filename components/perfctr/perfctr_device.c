// SPDX-License-Identifier: BSD-3-Clause
/* Finding /dev/perfctr and asking it who it is: the ABI version and the
 * driver's description of the CPU. The reasons here are what
 * papi_component_avail shows when the component cannot count. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <stdint.h>
#include <unistd.h>

#include "papi.h"
#include "util/error.h"
#include "perfctr_device.h"
#include "perfctr_ioctl.h"

/* PERFCTR_INFO, in perfctr 2.6's encoding. */
static int query_info(int fd, struct perfctr_device *device)
{
	struct perfctr_info info;

	if (perfctr_ioctl_struct(fd, PERFCTR_INFO, NULL, NULL, &perfctr_info_layout, &info) < 0)
		return -1;
	device->cpu_type = info.cpu_type;
	device->cpu_features = info.cpu_features;
	return 0;
}

int perfctr_device_probe(const char *path, struct perfctr_device *device)
{
	unsigned int abi = 0;
	int fd;

	memset(device, 0, sizeof(*device));
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0 && errno == ENOENT)
		return papi_error_set(PAPI_ECMP, "no %s: load the papillon perfctr module", path);
	if (fd < 0)
		return papi_error_set(PAPI_EPERM, "cannot open %s: %s", path, strerror(errno));
	if (ioctl(fd, PERFCTR_ABI, &abi) < 0 || query_info(fd, device) < 0) {
		int saved = errno;
		close(fd);
		return papi_error_set(PAPI_ECMP, "%s does not answer PERFCTR_ABI or INFO: %s", path,
		                      strerror(saved));
	}
	close(fd);
	/* The API half must match; the CPU data half may only grow. */
	if (abi >> 16 != PERFCTR_API_VERSION)
		return papi_error_set(PAPI_ECMP,
		                      "%s speaks perfctr ABI %#x, this library %#x: a different "
		                      "module version",
		                      path, abi, PERFCTR_ABI_VERSION);
	device->abi_version = abi;
	return PAPI_OK;
}
