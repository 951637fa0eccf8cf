// SPDX-License-Identifier: BSD-3-Clause
/* Why a perf event cannot be opened, in words a user can act on. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "papi.h"
#include "util/error.h"
#include "pe_component.h"

static int core_pmu_state = -1; /* -1 unknown, 0 absent, 1 present */

bool pe_core_pmu_present(void)
{
	if (core_pmu_state < 0) {
		struct perf_event_attr attr;
		memset(&attr, 0, sizeof(attr));
		attr.size = sizeof(attr);
		attr.type = PERF_TYPE_HARDWARE;
		attr.config = PERF_COUNT_HW_CPU_CYCLES;
		attr.disabled = 1;
		attr.exclude_kernel = 1;
		attr.exclude_hv = 1;
		int fd = perf_event_open(&attr, 0, -1, -1, 0);
		if (fd < 0) {
			attr.config = PERF_COUNT_HW_INSTRUCTIONS;
			fd = perf_event_open(&attr, 0, -1, -1, 0);
		}
		/* ENOENT/EOPNOTSUPP mean no PMU; a permission error means there is one. */
		core_pmu_state = fd >= 0 || errno == EACCES || errno == EPERM;
		if (fd >= 0)
			close(fd);
	}
	return core_pmu_state == 1;
}

int pe_paranoid_level(void)
{
	int level = 2;
	FILE *file = fopen("/proc/sys/kernel/perf_event_paranoid", "re");
	if (file) {
		if (fscanf(file, "%d", &level) != 1)
			level = 2;
		fclose(file);
	}
	return level;
}

static bool needs_core_pmu(const struct pe_encoding *encoding)
{
	return encoding->core_pmu;
}

int pe_open_error(int error_number, const struct pe_encoding *encoding, const char *name)
{
	const char *event = name ? name : "the event";
	switch (error_number) {
	case ENOENT:
	case EOPNOTSUPP:
	case ENODEV:
		if (needs_core_pmu(encoding) && !pe_core_pmu_present())
			return papi_error_set(
			    PAPI_ENOCNTR,
			    "%s needs a hardware PMU, and none is exposed to this system "
			    "(no CPU PMU under /sys/bus/event_source/devices; virtual machines "
			    "often hide it): use software events such as perf::TASK-CLOCK",
			    event);
		if (error_number == EOPNOTSUPP)
			return papi_error_set(PAPI_ECMP,
			                      "the %s PMU cannot count %s in this mode (%s)",
			                      encoding->pmu[0] ? encoding->pmu : "kernel's", event,
			                      strerror(error_number));
		return papi_error_set(PAPI_ENOEVNT,
		                      "the kernel does not support %s on this machine (%s)", event,
		                      strerror(error_number));
	case EACCES:
	case EPERM: {
		int level = pe_paranoid_level();
		return papi_error_set(
		    PAPI_EPERM,
		    "not permitted to count %s: kernel.perf_event_paranoid is %d "
		    "(lower it, e.g. sysctl kernel.perf_event_paranoid=1, or give "
		    "the program CAP_PERFMON)",
		    event, level);
	}
	case ENOSPC:
	case EBUSY:
		return papi_error_set(PAPI_ECNFLCT,
		                      "no free counter can take %s: the PMU's counters are in use "
		                      "or too few (%s)",
		                      event, strerror(error_number));
	case EMFILE:
	case ENFILE:
		return papi_error_set(PAPI_ECOUNT,
		                      "cannot open %s: out of file descriptors (raise ulimit -n)",
		                      event);
	case EINVAL:
		return papi_error_set(PAPI_EINVAL,
		                      "the kernel rejected the settings of %s (type %u, config "
		                      "%#llx): invalid attribute or combination",
		                      event, encoding->attr.type,
		                      (unsigned long long)encoding->attr.config);
	default:
		return papi_error_set(papi_error_from_errno(error_number),
		                      "perf_event_open failed for %s: %s", event,
		                      strerror(error_number));
	}
}

/* Is there a task with this id (thread or process)? */
static bool task_exists(pid_t tid)
{
	char path[64];
	snprintf(path, sizeof(path), "/proc/%d/stat", (int)tid);
	return access(path, F_OK) == 0;
}

int pe_open_target_error(int error_number, const struct pe_encoding *encoding, const char *name,
                         const struct counting_options *options)
{
	const char *event = name ? name : "the event";
	bool other_task = options->tid > 0;
	bool whole_cpu = options->cpu >= 0 && options->tid == 0;
	if (other_task && (error_number == ESRCH || !task_exists(options->tid)))
		return papi_error_set(PAPI_EINVAL,
		                      "cannot attach %s to thread %d: no such process or thread",
		                      event, (int)options->tid);
	if ((error_number == EACCES || error_number == EPERM) && other_task)
		return papi_error_set(
		    PAPI_EPERM,
		    "not permitted to count thread %d (%s): counting another task needs the "
		    "right to ptrace it (same user and kernel.yama.ptrace_scope allowing it, "
		    "or CAP_SYS_PTRACE) and kernel.perf_event_paranoid <= 2 (it is %d)",
		    (int)options->tid, event, pe_paranoid_level());
	if ((error_number == EACCES || error_number == EPERM) && whole_cpu)
		return papi_error_set(
		    PAPI_EPERM,
		    "not permitted to count all of CPU %d (%s): per-CPU counting needs "
		    "kernel.perf_event_paranoid <= 0 (it is %d) or CAP_PERFMON/CAP_SYS_ADMIN",
		    options->cpu, event, pe_paranoid_level());
	if (error_number == ENODEV && options->cpu >= 0)
		return papi_error_set(PAPI_EINVAL, "cannot count %s on CPU %d: no such CPU online",
		                      event, options->cpu);
	if (error_number == EINVAL && options->cpu >= 0 &&
	    options->cpu >= sysconf(_SC_NPROCESSORS_CONF))
		return papi_error_set(PAPI_EINVAL, "cannot count %s on CPU %d: no such CPU", event,
		                      options->cpu);
	if (error_number == EINVAL && options->inherit)
		return papi_error_set(PAPI_EINVAL,
		                      "the kernel refused %s with inherit (children counted): "
		                      "this event or its settings cannot be inherited",
		                      event);
	return pe_open_error(error_number, encoding, name);
}
