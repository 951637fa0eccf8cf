// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/* The global counters' commands on /dev/perfctr (gperfctr.c). */
#ifndef PAPILLON_PERFCTR_GPERFCTR_H
#define PAPILLON_PERFCTR_GPERFCTR_H

/* GPERFCTR_CONTROL, READ, STOP, START: -EPERM unless the caller may
 * watch the whole system. */
long gperfctr_ioctl(unsigned int cmd, unsigned long arg);
int gperfctr_init(void);
/* CPU hotplug, on that CPU: a CPU leaving stops its global counters (its
 * sums kept), one coming back while they are started resumes them. */
void gperfctr_cpu_offline(unsigned int cpu);
void gperfctr_cpu_online(unsigned int cpu);
void gperfctr_exit(void);

#endif
