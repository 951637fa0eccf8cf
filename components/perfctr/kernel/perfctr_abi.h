/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/* The perfctr 2.6 user ABI on x86: the structures user space hands to and
 * reads from /dev/perfctr, their layouts, and the ioctl numbers, as perfctr
 * 2.6 defined them (so its libperfctr and tools could run against this
 * module). Shared by the kernel module and by user space (the component,
 * the tests). Facts only; doc/perfctr.md lists them with their sources. */
#ifndef PAPILLON_PERFCTR_ABI_H
#define PAPILLON_PERFCTR_ABI_H

#include <linux/ioctl.h>
#include <linux/types.h>

/* Room for 18 counters in every per-counter array (the P4 has 18). */
#define PERFCTR_MAX_COUNTERS 18

/* perfctr_info.cpu_type: the driver's name for the processor. */
enum perfctr_x86_cpu_type {
	PERFCTR_X86_GENERIC = 0,  /* any x86 with a TSC */
	PERFCTR_X86_INTEL_P5 = 1, /* no rdpmc */
	PERFCTR_X86_INTEL_P5MMX = 2,
	PERFCTR_X86_INTEL_P6 = 3,
	PERFCTR_X86_INTEL_PII = 4,
	PERFCTR_X86_INTEL_PIII = 5,
	PERFCTR_X86_CYRIX_MII = 6,
	PERFCTR_X86_WINCHIP_C6 = 7, /* no usable TSC */
	PERFCTR_X86_WINCHIP_2 = 8,  /* no usable TSC */
	PERFCTR_X86_AMD_K7 = 9,
	PERFCTR_X86_VIA_C3 = 10,     /* no pmc0 */
	PERFCTR_X86_INTEL_P4 = 11,   /* models 0 and 1 */
	PERFCTR_X86_INTEL_P4M2 = 12, /* model 2 */
	PERFCTR_X86_AMD_K8 = 13,
	PERFCTR_X86_INTEL_PENTM = 14,
	PERFCTR_X86_AMD_K8C = 15,
	PERFCTR_X86_INTEL_P4M3 = 16, /* models 3 and above */
	/* Papillon's numbers for what perfctr 2.6 predates. */
	PERFCTR_X86_INTEL_ARCH_PERFMON = 64,
	PERFCTR_X86_AMD_FAM10H_PLUS = 65,
};

/* perfctr_info.cpu_features */
#define PERFCTR_FEATURE_RDPMC 0x01
#define PERFCTR_FEATURE_RDTSC 0x02
#define PERFCTR_FEATURE_PCINT 0x04

/* abi_version: API version in the upper 16 bits, CPU data version in the
 * lower 16; each half is major << 8 | minor. */
#define PERFCTR_API_VERSION 0x0502
#define PERFCTR_CPU_VERSION 0x0500
#define PERFCTR_ABI_VERSION ((PERFCTR_API_VERSION << 16) | PERFCTR_CPU_VERSION)

struct perfctr_sum_ctrs {
	__u64 tsc;
	__u64 pmc[PERFCTR_MAX_COUNTERS];
};

struct perfctr_cpu_control {
	__u32 tsc_on;
	__u32 nractrs; /* accumulation-mode counters, first in the arrays */
	__u32 nrictrs; /* interrupt-mode counters, after them */
	__u32 pmc_map[PERFCTR_MAX_COUNTERS];
	__u32 evntsel[PERFCTR_MAX_COUNTERS];
	struct {
		__u32 escr[PERFCTR_MAX_COUNTERS];
		__u32 pebs_enable;
		__u32 pebs_matrix_vert;
	} p4;
	__s32 ireset[PERFCTR_MAX_COUNTERS];
	__u32 _reserved1;
	__u32 _reserved2;
	__u32 _reserved3;
	__u32 _reserved4;
};

/* The part of a counter state user space reads from the mapped page. */
struct perfctr_cpu_state {
	__u32 cstatus;
	struct {
		__u32 id;
		__s32 isuspend_cpu;
	} k1;
	/* Inline, not a sub-struct: one would be padded on x86-64. */
	__u32 tsc_start;
	__u64 tsc_sum;
	struct {
		__u32 map;
		__u32 start;
		__u64 sum;
	} pmc[PERFCTR_MAX_COUNTERS];
};

/* cstatus: bit 31 the TSC is on; bits 22:16 i-mode counters present;
 * bits 14:8 all counters; bits 6:0 a-mode counters. Zero: nothing runs. */
static inline __u32 perfctr_mk_cstatus(__u32 tsc_on, __u32 have_ictrs, __u32 nrictrs, __u32 nractrs)
{
	return (tsc_on << 31) | (have_ictrs << 16) | ((nractrs + nrictrs) << 8) | nractrs;
}
static inline int perfctr_cstatus_has_tsc(__u32 cstatus)
{
	return (cstatus >> 31) & 1;
}
static inline __u32 perfctr_cstatus_nractrs(__u32 cstatus)
{
	return cstatus & 0x7F;
}
static inline __u32 perfctr_cstatus_nrctrs(__u32 cstatus)
{
	return (cstatus >> 8) & 0x7F;
}
static inline int perfctr_cstatus_has_ictrs(__u32 cstatus)
{
	return (cstatus & (0x7F << 16)) != 0;
}

struct perfctr_info {
	__u32 abi_version;
	char driver_version[32];
	__u32 cpu_type;
	__u32 cpu_features;
	__u32 cpu_khz;
	__u32 tsc_to_cpu_mult;
	__u32 _reserved2;
	__u32 _reserved3;
	__u32 _reserved4;
};

struct perfctr_cpu_mask {
	__u32 nrwords;
	__u32 mask[1]; /* nrwords of them */
};

/* The mapped page of a virtual counter. */
struct vperfctr_state {
	struct perfctr_cpu_state cpu_state;
};

struct vperfctr_control {
	__s32 si_signo; /* sent on an i-mode overflow */
	struct perfctr_cpu_control cpu_control;
	__u32 preserve; /* keep the sums across the update */
	__u32 flags;
	__u32 _reserved2;
	__u32 _reserved3;
	__u32 _reserved4;
};
#define VPERFCTR_CONTROL_CLOEXEC 0x01 /* unlink before exec */

struct gperfctr_cpu_control {
	__u32 cpu;
	struct perfctr_cpu_control cpu_control;
	__u32 _reserved1;
	__u32 _reserved2;
	__u32 _reserved3;
	__u32 _reserved4;
};

struct gperfctr_cpu_state {
	__u32 cpu;
	struct perfctr_cpu_control cpu_control;
	struct perfctr_sum_ctrs sum;
	__u32 _reserved1;
	__u32 _reserved2;
	__u32 _reserved3;
	__u32 _reserved4;
};

/* The argument of the ioctls that move the structures above: perfctr 2.6
 * carries them in this buffer, encoded field by field. */
struct perfctr_struct_buf {
	__u32 rdsize;
	__u32 wrsize;
	__u32 buffer[1]; /* max(rdsize, wrsize) words */
};

/* The overflow signal's si_code and where its counter mask travels. */
#define SI_PMC_OVF      ('P')
#define si_pmc_ovf_mask _sifields._pad[0]

#define PERFCTR_IOCTL_TYPE     0xD0
#define PERFCTR_ABI            _IOR(PERFCTR_IOCTL_TYPE, 0, unsigned int)
#define PERFCTR_INFO           _IOR(PERFCTR_IOCTL_TYPE, 1, struct perfctr_struct_buf)
#define PERFCTR_CPUS           _IOWR(PERFCTR_IOCTL_TYPE, 2, struct perfctr_cpu_mask)
#define PERFCTR_CPUS_FORBIDDEN _IOWR(PERFCTR_IOCTL_TYPE, 3, struct perfctr_cpu_mask)
#define VPERFCTR_CREAT         _IO(PERFCTR_IOCTL_TYPE, 6) /* argument: tid */
#define VPERFCTR_OPEN          _IO(PERFCTR_IOCTL_TYPE, 7) /* argument: tid */
#define VPERFCTR_READ_SUM      _IOR(PERFCTR_IOCTL_TYPE, 8, struct perfctr_struct_buf)
#define VPERFCTR_UNLINK        _IO(PERFCTR_IOCTL_TYPE, 9)
#define VPERFCTR_CONTROL       _IOW(PERFCTR_IOCTL_TYPE, 10, struct perfctr_struct_buf)
#define VPERFCTR_IRESUME       _IO(PERFCTR_IOCTL_TYPE, 11)
#define VPERFCTR_READ_CONTROL  _IOR(PERFCTR_IOCTL_TYPE, 12, struct perfctr_struct_buf)
#define GPERFCTR_CONTROL       _IOWR(PERFCTR_IOCTL_TYPE, 16, struct perfctr_struct_buf)
#define GPERFCTR_READ          _IOWR(PERFCTR_IOCTL_TYPE, 17, struct perfctr_struct_buf)
#define GPERFCTR_STOP          _IO(PERFCTR_IOCTL_TYPE, 18)
#define GPERFCTR_START         _IO(PERFCTR_IOCTL_TYPE, 19) /* argument: interval */

#endif
