// SPDX-License-Identifier: BSD-3-Clause
/* How the riscv component gets at counters on this machine, chosen once at
 * init: which counters user mode may read with csrr depends on the
 * kernel's kernel.perf_user_access (Linux 6.6 and later). */
#ifndef PAPILLON_RV_MODE_H
#define PAPILLON_RV_MODE_H

#include <stdbool.h>
#include <stddef.h>

enum rv_mode {
	RV_MODE_INACTIVE,  /* not riscv64: nothing to read */
	RV_MODE_TIME_ONLY, /* only time is open to user mode */
	RV_MODE_LEGACY,    /* cycle, time and instret are open to user mode */
	RV_MODE_PERF,      /* perf programs counters for this process's events */
	RV_MODE_MODULE,    /* Papillon's kernel module programs them (rv_module.h) */
};

#define RV_PERF_USER_ACCESS_PATH "/proc/sys/kernel/perf_user_access"

/* The mode for a perf_user_access value (-1: the kernel has none), on a
 * build that reads RISC-V CSRs (built) or not; why says what it means. */
enum rv_mode rv_mode_of(bool built, int perf_user_access, char *why, size_t why_len);
/* The mode of this machine, reading path (RV_PERF_USER_ACCESS_PATH). */
enum rv_mode rv_mode_detect(const char *path, char *why, size_t why_len);
/* The mode's name, as the component's description shows it. */
const char *rv_mode_name(enum rv_mode mode);
/* Whether user mode reads fixed counter (0 cycle, 1 time, 2 instret) in mode. */
bool rv_mode_reads(enum rv_mode mode, unsigned fixed_counter);
/* Whether overflows come by the hart's interrupt in mode: in the kernel
 * module's mode when the module has it (module_overflow: Sscofpmf's
 * LCOFI), in the perf-managed mode when perf samples (perf_samples: the
 * same interrupt, perf's); otherwise the core's software overflow serves. */
bool rv_overflow_by_interrupt(enum rv_mode mode, bool module_overflow, bool perf_samples);

#endif
