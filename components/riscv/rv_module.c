// SPDX-License-Identifier: BSD-3-Clause
/* The kernel-module mode: see rv_module.h; the ioctls are kernel/rv_abi.h's. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "kernel/rv_abi.h"
#include "kpriv_reason.h"
#include "papi.h"
#include "rv_module.h"
#include "rv_sbi.h"

int rv_module_open(struct rv_module_info *found)
{
	int fd = open(RV_ABI_DEVICE, O_RDWR | O_CLOEXEC);
	if (fd < 0)
		return -1;
	struct rv_abi_info info = {0};
	if (ioctl(fd, RV_IOC_INFO, &info) != 0 || info.abi_version != RV_ABI_VERSION) {
		close(fd); /* another module, or another version of it */
		return -1;
	}
	*found = (struct rv_module_info){.delegation = info.delegation != 0,
	                                 .delegated = info.delegated,
	                                 .overflow = info.overflow != 0};
	return fd;
}

unsigned long rv_module_inhibit_flags(int domain)
{
	unsigned long flags = 0;
	if (!(domain & PAPI_DOM_USER))
		flags |= RV_SBI_CFG_SET_UINH;
	if (!(domain & PAPI_DOM_KERNEL))
		flags |= RV_SBI_CFG_SET_SINH;
	if (!(domain & (PAPI_DOM_OTHER | PAPI_DOM_SUPERVISOR)))
		flags |= RV_SBI_CFG_SET_MINH;
	return flags;
}

static int counter_call(int fd, unsigned long cmd, uint32_t slot, uint64_t value)
{
	struct rv_abi_counter c = {.slot = slot, .value = value};
	return ioctl(fd, cmd, &c) == 0 ? 0 : -errno;
}

int rv_module_obtain(int fd, const struct rv_event *event, int domain, uint32_t counters,
                     struct rv_module_counter *counter, char *reason, size_t reason_len)
{
	struct rv_abi_obtain o = {.event_index = event->event_index,
	                          .event_data = event->event_data,
	                          .inhibit_flags = rv_module_inhibit_flags(domain),
	                          .counters = counters};
	if (ioctl(fd, RV_IOC_OBTAIN, &o) != 0) {
		int error = errno;
		if (error == EACCES) {
			/* The modules' privilege rule (kpriv.h): the kernel or
			 * the firmware counted, or any counting at Debian's
			 * paranoid 3. */
			kpriv_reason(reason, reason_len, KPRIV_USER | KPRIV_KERNEL);
			return -error;
		}
		snprintf(reason, reason_len, "%s: %s",
		         error == ENOENT   ? "no counter of the SBI PMU can count it now"
		         : error == ENOSPC ? "the module's file holds 32 counters already"
		                           : "the module refused the event",
		         strerror(error));
		return -error;
	}
	*counter = (struct rv_module_counter){
	    .slot = o.slot, .counter = o.counter, .delegated = o.delegated, .firmware = o.firmware};
	int error = counter_call(fd, RV_IOC_START, o.slot, 0);
	if (!error && !o.firmware)
		error = counter_call(fd, RV_IOC_USER_ACCESS, o.slot, 1);
	if (error) {
		snprintf(reason, reason_len, "the module could not start counter %u: %s", o.counter,
		         strerror(-error));
		counter_call(fd, RV_IOC_RELEASE, o.slot, 0);
	}
	return error;
}

bool rv_module_read(int fd, const struct rv_module_counter *counter, uint64_t *value)
{
	struct rv_abi_counter c = {.slot = counter->slot};
	if (ioctl(fd, RV_IOC_READ, &c) != 0)
		return false;
	*value = c.value;
	return true;
}

void rv_module_release(int fd, const struct rv_module_counter *counter)
{
	if (!counter->firmware)
		counter_call(fd, RV_IOC_USER_ACCESS, counter->slot, 0);
	counter_call(fd, RV_IOC_RELEASE, counter->slot, 0);
}

int rv_module_arm_overflow(int fd, const struct rv_module_counter *counter, uint64_t threshold,
                           char *reason, size_t reason_len)
{
	int error = counter_call(fd, RV_IOC_OVERFLOW, counter->slot, threshold);
	if (error == -EACCES)
		snprintf(
		    reason, reason_len,
		    "an overflow threshold of %llu is below %u events, which needs CAP_PERFMON "
		    "or CAP_SYS_ADMIN (each overflow interrupts the hart: perf's default "
		    "sample rate limit, 100,000 a second, is 10,000 events at 1 GHz): %s",
		    (unsigned long long)threshold, RV_ABI_UNPRIVILEGED_OVERFLOW_THRESHOLD_MIN,
		    strerror(-error));
	else if (error)
		snprintf(reason, reason_len, "%s: %s",
		         error == -EOPNOTSUPP
		             ? "the module has no overflow interrupt for this counter (no Sscofpmf "
		               "LCOFI, or a counter without an OF bit)"
		             : "the module refused the overflow",
		         strerror(-error));
	return error;
}

bool rv_module_overflowed(int fd, uint64_t *slots)
{
	struct rv_abi_counter c = {0};
	if (ioctl(fd, RV_IOC_OVERFLOWED, &c) != 0)
		return false;
	*slots = c.value;
	return true;
}
