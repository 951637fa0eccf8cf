// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/* What papillon_riscv.ko checks of a request before any CSR access or SBI
 * call (rv_kmod.c calls these first, right after copy_from_user). Pure
 * functions of the request, so that the user-space tests
 * (components/riscv/tests/test_validate.c) run the very checks the
 * module runs, against the model of the hart.
 *
 * Who may count what: the module's counters are the hart's, so a counter
 * that does not inhibit S-mode and M-mode counts the kernel's and the
 * firmware's work for every process on the hart, and a firmware event
 * counts the firmware's work for all of them. Linux asks the right to
 * count the kernel of a perf event that does not exclude it
 * (perf_allow_kernel: kernel.perf_event_paranoid <= 1, or CAP_PERFMON or
 * CAP_SYS_ADMIN); the module asks the same of both. Counting user mode
 * only (SINH and MINH set) is open to every user perf lets count
 * (paranoid <= 2). The rule is the one both modules share
 * (components/kernel-common/kpriv.h); what a request needs is worked out
 * here. */
#ifndef PAPILLON_RV_VALIDATE_H
#define PAPILLON_RV_VALIDATE_H

#ifdef __KERNEL__
#include <linux/errno.h>
#include <linux/types.h>
#else
#include <errno.h>
#include <stdbool.h>
#endif

#include "kpriv.h"
#include "rv_abi.h"
#include "rv_csr.h"
#include "rv_sbi.h"

#define RV_VALID_INHIBIT_FLAGS                                                                     \
	(RV_SBI_CFG_SET_VUINH | RV_SBI_CFG_SET_VSINH | RV_SBI_CFG_SET_UINH | RV_SBI_CFG_SET_SINH | \
	 RV_SBI_CFG_SET_MINH)
/* Both set: the counter counts neither the kernel nor the firmware. */
#define RV_KERNEL_INHIBIT_FLAGS (RV_SBI_CFG_SET_SINH | RV_SBI_CFG_SET_MINH)
#define RV_FIRMWARE_EVENT_TYPE  15u

/* The SBI event index a user may ask for: the types and codes the SBI
 * specification defines (rv_events.c lists the same). */
static inline bool rv_valid_event(__u64 index, __u64 data)
{
	unsigned type = (unsigned)(index >> 16), code = (unsigned)(index & 0xffff);
	if (index >> 20)
		return false;
	switch (type) {
	case 0: /* hardware general: cpu-cycles (1) .. ref-cycles (10) */
		return code >= 1 && code <= 10 && data == 0;
	case 1: /* cache: cache id 0-6, operation 0-2, result 0-1 */
		return (code >> 3) <= 6 && ((code >> 1) & 3) <= 2 && data == 0;
	case 2: /* raw: the selector is the data, 48 bits (never OF or a mode's inhibit) */
		return code == 0 && (data >> 48) == 0;
	case RV_FIRMWARE_EVENT_TYPE: /* firmware: 0-21 */
		return code <= 21 && data == 0;
	default:
		return false;
	}
}

/* Whether the request counts the kernel's or the firmware's work. */
static inline bool rv_obtain_counts_kernel(const struct rv_abi_obtain *o)
{
	return (o->event_index >> 16) == RV_FIRMWARE_EVENT_TYPE ||
	       (o->inhibit_flags & RV_KERNEL_INHIBIT_FLAGS) != RV_KERNEL_INHIBIT_FLAGS;
}

/* What the request counts, in the shared rule's terms (kpriv.h). */
static inline unsigned rv_obtain_needs(const struct rv_abi_obtain *o)
{
	return KPRIV_USER | (rv_obtain_counts_kernel(o) ? KPRIV_KERNEL : 0);
}

/* RV_IOC_OBTAIN: 0, -EINVAL (malformed: unknown event, flag or inhibit
 * bit, the time counter asked for) or what right (the module's
 * kpriv_check: 0 or -EACCES) answers for the request's needs; right is
 * asked only of a well-formed request. */
static inline int rv_obtain_refusal(const struct rv_abi_obtain *o, int (*right)(unsigned needs))
{
	if (!rv_valid_event(o->event_index, o->event_data) ||
	    (o->inhibit_flags & ~(__u64)RV_VALID_INHIBIT_FLAGS) || (o->flags & ~RV_ABI_SBI_ONLY) ||
	    (o->counters & (1u << RV_COUNTER_TIME)))
		return -EINVAL;
	return right(rv_obtain_needs(o));
}

/* Whether the request arms an overflow more often than any user may
 * (RV_ABI_UNPRIVILEGED_OVERFLOW_THRESHOLD_MIN); 0 disarms and is open to
 * all. */
static inline bool rv_counter_overflows_often(unsigned cmd, const struct rv_abi_counter *a)
{
	return cmd == RV_IOC_OVERFLOW && a->value != 0 &&
	       a->value < RV_ABI_UNPRIVILEGED_OVERFLOW_THRESHOLD_MIN;
}

/* The ioctls on a slot: 0, -EINVAL (slot out of range, the reserved
 * word set, a user access other than 0 or 1, an overflow threshold of
 * 2^63 or more: the counter starts at 2^64 - threshold) or -EACCES (an
 * overflow threshold from 1 to below the floor, and may_overflow_often
 * is false). EACCES, not EINVAL: the threshold is well formed and the
 * same request is granted to a caller with the right, as with counting
 * the kernel (perf too answers EACCES for what perf_event_paranoid keeps
 * from a caller; a small sample period it throttles rather than
 * refuses). */
static inline int rv_counter_refusal(unsigned cmd, const struct rv_abi_counter *a,
                                     bool may_overflow_often)
{
	if (a->slot >= RV_ABI_SLOTS || a->reserved)
		return -EINVAL;
	if (cmd == RV_IOC_USER_ACCESS && a->value > 1)
		return -EINVAL;
	if (cmd == RV_IOC_OVERFLOW && (a->value >> 63))
		return -EINVAL;
	if (!may_overflow_often && rv_counter_overflows_often(cmd, a))
		return -EACCES;
	return 0;
}

#endif
