// SPDX-License-Identifier: BSD-3-Clause
/* One thread's virtual counters on /dev/perfctr: the file VPERFCTR_CREAT
 * gives, its mapped state page, and the ioctls the component uses. */
#ifndef PAPILLON_PERFCTR_VCOUNTER_H
#define PAPILLON_PERFCTR_VCOUNTER_H

#include <stdbool.h>

#include "kernel/perfctr_abi.h"

struct perfctr_vcounter {
	int fd; /* -1: none */
	const volatile struct perfctr_cpu_state *page;
	int si_signo;  /* sent on an i-mode overflow; 0: none */
	bool no_rdpmc; /* the CPU has no rdpmc: counters are read by the ioctl */
};

/* Creates (or reopens) the calling thread's virtual counters, maps their
 * page and installs control (sums from zero). PAPI error with reason. */
int perfctr_vcounter_open(const char *device, struct perfctr_vcounter *v,
                          const struct perfctr_cpu_control *control);
/* Installs control again: the sums restart from zero. */
int perfctr_vcounter_control(struct perfctr_vcounter *v, const struct perfctr_cpu_control *control);
/* The sums through VPERFCTR_READ_SUM (a system call). */
int perfctr_vcounter_read_sum(struct perfctr_vcounter *v, struct perfctr_sum_ctrs *sums);
/* The sums from the page (rdtsc, rdpmc); false: use read_sum. */
bool perfctr_vcounter_read_page(struct perfctr_vcounter *v, struct perfctr_sum_ctrs *sums);
/* VPERFCTR_IRESUME: restarts the i-mode counters after an overflow
 * (async-signal-safe: one ioctl). */
int perfctr_vcounter_iresume(int fd);
void perfctr_vcounter_close(struct perfctr_vcounter *v);

#endif
