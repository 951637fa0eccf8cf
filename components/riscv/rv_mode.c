// SPDX-License-Identifier: BSD-3-Clause
/* Choosing the riscv component's mode: see rv_mode.h. */
#include <stdio.h>
#include <sys/utsname.h>

#include "rv_mode.h"
#include "rv_user_read.h"

enum rv_mode rv_mode_of(bool built, int perf_user_access, char *why, size_t why_len)
{
	if (!built) {
		struct utsname host;
		snprintf(why, why_len,
		         "the riscv component reads RISC-V counter CSRs (csrr), on riscv64 Linux "
		         "only: this machine is %s",
		         uname(&host) == 0 ? host.machine : "another architecture");
		return RV_MODE_INACTIVE;
	}
	switch (perf_user_access) {
	case -1:
		/* The setting came with Linux 6.6; kernels before it left
		 * cycle, time and instret open to user mode. */
		snprintf(why, why_len,
		         "legacy: the kernel has no perf_user_access, so cycle, time and instret "
		         "are read with csrr");
		return RV_MODE_LEGACY;
	case 2:
		snprintf(why, why_len,
		         "legacy: perf_user_access=2 opens cycle, time and instret to csrr");
		return RV_MODE_LEGACY;
	case 1:
		snprintf(why, why_len,
		         "perf-managed: perf_user_access=1 opens a counter to user mode for a perf "
		         "event this process maps, and the event's page names it; read with csrr");
		return RV_MODE_PERF;
	default:
		snprintf(why, why_len,
		         "time only: perf_user_access=%d keeps cycle and instret from user mode "
		         "(2 opens them)",
		         perf_user_access);
		return RV_MODE_TIME_ONLY;
	}
}

enum rv_mode rv_mode_detect(const char *path, char *why, size_t why_len)
{
	int value = -1;
	FILE *file = fopen(path, "r");
	if (file) {
		if (fscanf(file, "%d", &value) != 1)
			value = 0; /* unreadable: assume the strictest */
		fclose(file);
	}
	return rv_mode_of(rv_user_read_built, value, why, why_len);
}

bool rv_mode_reads(enum rv_mode mode, unsigned fixed_counter)
{
	switch (mode) {
	case RV_MODE_LEGACY:
		return fixed_counter <= 2;
	case RV_MODE_TIME_ONLY:
	case RV_MODE_PERF:   /* cycle and instret come through perf events */
	case RV_MODE_MODULE: /* and through the module's counters */
		return fixed_counter == 1;
	default:
		return false;
	}
}

bool rv_overflow_by_interrupt(enum rv_mode mode, bool module_overflow, bool perf_samples)
{
	return (mode == RV_MODE_MODULE && module_overflow) ||
	       (mode == RV_MODE_PERF && perf_samples);
}

const char *rv_mode_name(enum rv_mode mode)
{
	static const char *const names[] = {
	    [RV_MODE_INACTIVE] = "inactive",    [RV_MODE_TIME_ONLY] = "time only",
	    [RV_MODE_LEGACY] = "legacy",        [RV_MODE_PERF] = "perf-managed",
	    [RV_MODE_MODULE] = "kernel module",
	};
	return (unsigned)mode < sizeof(names) / sizeof(names[0]) ? names[mode] : "unknown";
}
