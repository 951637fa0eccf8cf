// SPDX-License-Identifier: BSD-3-Clause
/* One CPU's global counters on /dev/perfctr (GPERFCTR_*, root only): what
 * the component counts for an event set of PAPI_GRN_SYS granularity or
 * attached to a CPU. The device has one set of global counters: one such
 * event set counts at a time, system-wide. */
#ifndef PAPILLON_PERFCTR_GCOUNTER_H
#define PAPILLON_PERFCTR_GCOUNTER_H

#include "kernel/perfctr_abi.h"

/* The kernel samples the counters this often, well before a 32-bit
 * difference could wrap (the TSC at 5 GHz wraps in 0.86 s). */
#define PERFCTR_GLOBAL_SAMPLING_USEC 200000

struct perfctr_gcounter {
	int fd; /* -1: not counting */
	unsigned cpu;
};

/* Installs control on cpu and starts the global counters (sums from
 * zero). PAPI_EPERM for a caller that is not root, PAPI_ECNFLCT when the
 * global counters run already (another set, another process) or the
 * counters are taken; errors with their reason. */
int perfctr_gcounter_start(const char *device, struct perfctr_gcounter *g, unsigned cpu,
                           const struct perfctr_cpu_control *control);
/* The CPU's sums through GPERFCTR_READ. */
int perfctr_gcounter_read(struct perfctr_gcounter *g, struct perfctr_sum_ctrs *sums);
/* GPERFCTR_STOP and close. */
void perfctr_gcounter_stop(struct perfctr_gcounter *g);

#endif
