// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/* The user interface of papillon_riscv.ko: the device /dev/papillon_riscv
 * and its ioctls (doc/riscv.md, "The kernel module"). Shared by the module
 * and the riscv component; the types are the kernel's UAPI ones, so that
 * both sides agree on every size and offset.
 *
 * A file's counters belong to the task (thread) that opened it, its owner:
 * they count only while the owner runs on the hart that obtained them, and
 * a counter opened to user reads (RV_IOC_USER_ACCESS) is readable with
 * csrr by the owner alone (any other task's csrr traps). Another task
 * holding the file (a fork child, another thread) may RV_IOC_READ the
 * owner's counts; every other ioctl on a counter (RV_IOC_NOP too) is EPERM
 * for it, and stays so once the owner has exited. Each driver call runs on
 * the counter's hart, with interrupts off. A file holds up to
 * RV_ABI_SLOTS counters; every one still held is released when the file
 * is closed. */
#ifndef PAPILLON_RV_ABI_H
#define PAPILLON_RV_ABI_H

#include <linux/ioctl.h>
#include <linux/types.h>

#define RV_ABI_DEVICE "/dev/papillon_riscv"
/* 2: overflow (RV_IOC_OVERFLOW, RV_IOC_OVERFLOWED); 3: rv_abi_info.overflow;
 * 4: per-task counters (the owner, above) */
#define RV_ABI_VERSION 4u
#define RV_ABI_SLOTS   32u

/* RV_IOC_INFO: what the probe found on the calling hart. */
struct rv_abi_info {
	__u32 abi_version;  /* RV_ABI_VERSION */
	__u32 delegation;   /* 1: M-mode enabled counter delegation (menvcfg.CDE) */
	__u32 delegated;    /* bit i: counter i is S-mode's */
	__u32 sbi_counters; /* the SBI PMU's counters, hardware and firmware */
	__u32 overflow;     /* 1: the overflow interrupt (LCOFI) is the module's:
	                     * RV_IOC_OVERFLOW works; 0: EOPNOTSUPP */
};

/* RV_IOC_OBTAIN flags. */
#define RV_ABI_SBI_ONLY 1u /* drive this counter through SBI calls even if delegated */

/* RV_IOC_OBTAIN: one counter for an SBI event (type << 16 | code, the
 * raw selector in event_data for type 2), with SBI's inhibit flags (bits
 * 3-7: VUINH, VSINH, UINH, SINH, MINH). */
struct rv_abi_obtain {
	__u64 event_index;   /* in */
	__u64 event_data;    /* in: raw selector (48 bits), else 0 */
	__u64 inhibit_flags; /* in */
	__u32 flags;         /* in: RV_ABI_SBI_ONLY or 0 */
	__u32 slot;          /* out: the file's handle for the counter */
	__u32 counter;       /* out: SBI counter index (CSR 0xc00 + index if hardware) */
	__u32 delegated;     /* out: 1 when S-mode drives it (no ecall) */
	__u32 firmware;      /* out: 1 for a firmware counter (no CSR) */
	__u32 counters;      /* in: the counters to choose from (bit i: counter i), 0: any */
};

/* RV_IOC_START (value: the initial count), RV_IOC_STOP, RV_IOC_READ (value:
 * out), RV_IOC_RELEASE, RV_IOC_USER_ACCESS (value 1: user mode may csrr
 * the counter, 0: not). */
struct rv_abi_counter {
	__u32 slot;
	__u32 reserved; /* 0 */
	__u64 value;
};

#define RV_ABI_MAGIC       0xb7
#define RV_IOC_INFO        _IOR(RV_ABI_MAGIC, 0, struct rv_abi_info)
#define RV_IOC_OBTAIN      _IOWR(RV_ABI_MAGIC, 1, struct rv_abi_obtain)
#define RV_IOC_START       _IOW(RV_ABI_MAGIC, 2, struct rv_abi_counter)
#define RV_IOC_STOP        _IOW(RV_ABI_MAGIC, 3, struct rv_abi_counter)
#define RV_IOC_READ        _IOWR(RV_ABI_MAGIC, 4, struct rv_abi_counter)
#define RV_IOC_RELEASE     _IOW(RV_ABI_MAGIC, 5, struct rv_abi_counter)
#define RV_IOC_USER_ACCESS _IOW(RV_ABI_MAGIC, 6, struct rv_abi_counter)
/* RV_IOC_NOP: the same path (copy, owner check, hart, interrupts off)
 * without a driver call: the baseline the benchmark subtracts. */
#define RV_IOC_NOP _IOW(RV_ABI_MAGIC, 7, struct rv_abi_counter)

/* Overflow (Sscofpmf's interrupt, LCOFI). RV_IOC_OVERFLOW (value: the
 * threshold, > 0 to arm, 0 to disarm): the counter interrupts every
 * threshold events and the module notifies the file as perf does its
 * event files: kill_fasync(SIGIO, POLL_IN), so the owner asks for it with
 * fcntl F_SETOWN_EX (F_OWNER_TID), F_SETSIG and O_ASYNC, and the signal
 * carries the file's descriptor in si_fd. RV_IOC_OVERFLOWED (value: out)
 * gives the slots (bit i: slot i) that overflowed since the last asking
 * and clears them. An armed counter's RV_IOC_READ is its whole count
 * since it was armed plus its count before; user mode's csrr of it is
 * not (the counter restarts from 2^64 - threshold at each overflow).
 * EOPNOTSUPP: the hart has no LCOFI (no Sscofpmf, or Linux's perf did not
 * map it); the counters 0-2 (cycle, time, instret) never overflow
 * without Smcntrpmf: ask for 3 and up (rv_abi_obtain.counters). */
#define RV_IOC_OVERFLOW   _IOW(RV_ABI_MAGIC, 8, struct rv_abi_counter)
#define RV_IOC_OVERFLOWED _IOR(RV_ABI_MAGIC, 9, struct rv_abi_counter)

/* The smallest overflow threshold RV_IOC_OVERFLOW takes from a caller
 * without CAP_PERFMON or CAP_SYS_ADMIN (below it: EACCES). Each overflow
 * is an interrupt on the hart, and a threshold of 1 would interrupt at
 * every event of the hart's user mode, whoever runs there. Linux's perf
 * lets no one sample faster than kernel.perf_event_max_sample_rate,
 * 100,000 samples a second by default; 10,000 events at 1 GHz is that
 * rate. The perfctr module keeps the same floor. */
#define RV_ABI_UNPRIVILEGED_OVERFLOW_THRESHOLD_MIN 10000u

#endif
