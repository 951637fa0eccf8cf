/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/* MSR numbers and bit fields of the x86 performance counters, from the
 * processor manuals (doc/perfctr.md lists them). */
#ifndef PAPILLON_PERFCTR_X86_MSR_H
#define PAPILLON_PERFCTR_X86_MSR_H

/* Intel P5 and its Cyrix and Centaur clones: both counters' controls in
 * one register, counter 0 in bits 15:0, counter 1 in bits 31:16. */
#define MSR_P5_CESR      0x11
#define MSR_P5_CTR0      0x12
#define P5_CPL_BITS      0x00C0u
#define P5_CPL_OS        0x0040u /* CPL 0-2; 0x0080 is CPL 3 */
#define P5_RESERVED      0xFE00u
#define CYRIX_RESERVED   0xFA00u
#define WINCHIP_RESERVED 0xFF00u

/* Intel P6, and the architectural perfmon that kept its addresses. */
#define MSR_P6_PERFCTR0 0xC1
#define MSR_P6_EVNTSEL0 0x186
#define EVNTSEL_USR     (1u << 16)
#define EVNTSEL_OS      (1u << 17)
#define EVNTSEL_INT     (1u << 20)
#define EVNTSEL_ANY     (1u << 21)
#define EVNTSEL_EN      (1u << 22)
#define P6_RESERVED     0x00280000u /* bits 21 and 19 */
#define VIA_C3_RESERVED 0xFFFFFE00u

/* Intel architectural perfmon (CPUID leaf 0xA). */
#define MSR_ARCH_FIXED_CTR0      0x309
#define MSR_ARCH_FIXED_CTR_CTRL  0x38D
#define MSR_ARCH_GLOBAL_STATUS   0x38E
#define MSR_ARCH_GLOBAL_CTRL     0x38F
#define MSR_ARCH_GLOBAL_OVF_CTRL 0x390
#define ARCH_FIXED_OS            0x1u
#define ARCH_FIXED_USR           0x2u
#define ARCH_FIXED_ANY           0x4u
#define ARCH_FIXED_PMI           0x8u
#define ARCH_RDPMC_FIXED         (1u << 30) /* rdpmc selector of a fixed counter */
#define ARCH_MAX_GP              8u
#define ARCH_MAX_FIXED           4u

/* AMD K7, K8 and families 10h-14h (legacy block), 15h and later
 * (PerfCtrExtCore: control and counter interleaved). */
#define MSR_K7_EVNTSEL0           0xC0010000u
#define MSR_K7_PERFCTR0           0xC0010004u
#define MSR_AMD_EXT_CTL0          0xC0010200u /* CTL n at + 2n, CTR n at + 2n + 1 */
#define MSR_AMD_GLOBAL_CTL        0xC0000301u /* PerfMonV2 */
#define MSR_AMD_GLOBAL_STATUS     0xC0000300u
#define MSR_AMD_GLOBAL_STATUS_CLR 0xC0000302u /* PerfMonV2: write 1 to clear */
/* The upper half of an AMD PERF_CTL (carried in p4.escr[], see
 * doc/perfctr.md): EventSelect[11:8] in bits 35:32, HostOnly/GuestOnly in
 * bits 41:40. */
#define AMD_CTL_HIGH_ALLOWED 0x30Fu

/* Intel P4 (NetBurst). */
#define MSR_P4_COUNTER0          0x300
#define MSR_P4_CCCR0             0x360
#define MSR_P4_PEBS_ENABLE       0x3F1
#define MSR_P4_PEBS_MATRIX_VERT  0x3F2
#define P4_CCCR_RESERVED         0xB80007FFu /* OVF, OVF_PMI_T1, reserved */
#define P4_CCCR_EXTENDED_CASCADE (1u << 11)
#define P4_CCCR_ENABLE           (1u << 12)
#define P4_CCCR_ESCR_SELECT(v)   (((v) >> 13) & 7u)
#define P4_CCCR_ACTIVE_THREAD    (3u << 16)
#define P4_CCCR_FORCE_OVF        (1u << 25)
#define P4_CCCR_OVF_PMI_T0       (1u << 26)
#define P4_CCCR_CASCADE          (1u << 30)
#define P4_ESCR_RESERVED         (1u << 31) /* the field's 32nd bit */
#define P4_ESCR_CPL_T1           0x3u
#define P4_ESCR_OS               0xAu        /* T0_OS (bit 3) and T1_OS (bit 1) */
#define P4_PEBS_ALLOWED          0x01000607u /* bits 24, 10, 9, 2, 1, 0 */
#define P4_PEBS_UOP_TAG          (1u << 24)
#define P4_PEBS_METRICS          0x00000607u
#define P4_MATRIX_ALLOWED        0x3u
#define P4_NR_COUNTERS           18u
#define P4_FAST_RDPMC            (1u << 31)

#endif
