// SPDX-License-Identifier: BSD-3-Clause
/* The rate calls (PAPI_flips_rate, PAPI_flops_rate, PAPI_ipc, PAPI_epc,
 * PAPI_rate_stop) share the thread's counters with the high-level regions:
 * each side stops the other (PAPI 7.0). */
#ifndef PAPILLON_HL_RATES_H
#define PAPILLON_HL_RATES_H

/* Ends the calling thread's rate measurement, if one runs. */
void rates_stop_current(void);

#endif
