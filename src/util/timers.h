// SPDX-License-Identifier: BSD-3-Clause
/* Real and virtual time sources behind PAPI_get_{real,virt}_{cyc,nsec,usec}. */
#ifndef PAPILLON_TIMERS_H
#define PAPILLON_TIMERS_H

int timers_init(double cpu_mhz);
long long timers_real_nsec(void);
long long timers_real_cycles(void);
long long timers_virt_nsec(void);
long long timers_virt_cycles(void);

#endif
