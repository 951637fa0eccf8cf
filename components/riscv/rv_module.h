// SPDX-License-Identifier: BSD-3-Clause
/* The kernel-module mode: Papillon's module (kernel/, /dev/papillon_riscv)
 * programs the counters, through counter delegation where M-mode enabled
 * it (no ecall on start, stop or read) and through SBI calls otherwise;
 * the component opens each counter to user mode and reads it with csrr
 * (firmware counters, which no CSR holds, through the module's read).
 * Counters are the hart's, like the legacy mode's: they count whatever
 * runs on it, in the privilege modes the event set's domain keeps. */
#ifndef PAPILLON_RV_MODULE_H
#define PAPILLON_RV_MODULE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rv_events.h"

#define RV_MODULE_DEVICE_NAME "/dev/papillon_riscv" /* kernel/rv_abi.h's RV_ABI_DEVICE */

/* What the module's probe found on the calling hart. */
struct rv_module_info {
	bool delegation;    /* M-mode delegated counters to S-mode */
	uint32_t delegated; /* bit i: counter i is S-mode's */
	bool overflow;      /* the module has the overflow interrupt (Sscofpmf's LCOFI) */
};

/* The device, if this machine has the module loaded: its descriptor (kept
 * for the process's life) and what the probe found; -1 otherwise. */
int rv_module_open(struct rv_module_info *info);

/* SBI's inhibit flags for a PAPI domain (what the counter must not count). */
unsigned long rv_module_inhibit_flags(int domain);

/* One counter of the module, started at 0 and open to csrr. */
struct rv_module_counter {
	uint32_t slot;
	uint32_t counter; /* 0xc00 + counter is its CSR (not for firmware ones) */
	bool delegated;
	bool firmware;
};

/* Obtains, starts and opens a counter for event; -errno with the reason. */
/* counters: the SBI counters to choose from (bit i: counter i), 0: any. */
int rv_module_obtain(int fd, const struct rv_event *event, int domain, uint32_t counters,
                     struct rv_module_counter *counter, char *reason, size_t reason_len);
/* Overflow (kernel/rv_abi.h): the counters that can overflow (3 and up:
 * cycle and instret have no OF bit without Smcntrpmf); arms one every
 * threshold events (-errno with the reason); the slots that overflowed
 * since the last call (async-signal-safe). */
#define RV_MODULE_OVERFLOW_COUNTERS (~7u)
int rv_module_arm_overflow(int fd, const struct rv_module_counter *counter, uint64_t threshold,
                           char *reason, size_t reason_len);
bool rv_module_overflowed(int fd, uint64_t *slots);
/* Its count through the module (firmware counters). */
bool rv_module_read(int fd, const struct rv_module_counter *counter, uint64_t *value);
/* Closes it to user mode and gives it back. */
void rv_module_release(int fd, const struct rv_module_counter *counter);

#endif
