// SPDX-License-Identifier: BSD-3-Clause
/* The perfctr device as the component sees it (perfctr_device.c). */
#ifndef PAPILLON_PERFCTR_DEVICE_H
#define PAPILLON_PERFCTR_DEVICE_H

#include "kernel/perfctr_abi.h"

#define PERFCTR_DEVICE_PATH "/dev/perfctr"

struct perfctr_device {
	unsigned int abi_version;
	unsigned int cpu_type;     /* perfctr_info.cpu_type */
	unsigned int cpu_features; /* PERFCTR_FEATURE_* */
};

/* PAPI_OK when path is a perfctr device of this ABI; else the error with
 * its reason recorded (papi_error_set). */
int perfctr_device_probe(const char *path, struct perfctr_device *device);

#endif
