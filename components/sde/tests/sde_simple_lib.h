// SPDX-License-Identifier: BSD-3-Clause
/* A small library that exports software-defined events, as an HPC library
 * would (sde_simple_lib.c): the sde ctests drive it and read its counters
 * through PAPI as sde:::Simple::<counter>. */
#ifndef CTEST_SDE_SIMPLE_LIB_H
#define CTEST_SDE_SIMPLE_LIB_H

/* Registers every counter (papi_sde_init("Simple") and the rest). */
void simple_init(void);
/* n units of work: each adds 1 to operations, 0.5 to busy_seconds, 2 to the
 * created counter items, records its index in the latency recorder and
 * inserts the tag index % 3 in the tags counting set. */
void simple_work(int n);
void simple_set_in_flight(int value);
void simple_set_load_factor(float value);
/* The library's own variable behind sde:::Simple::operations. */
long long simple_operations(void);
int simple_unregister(const char *counter);
int simple_shutdown(void);

#endif
