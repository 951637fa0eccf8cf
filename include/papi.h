// SPDX-License-Identifier: BSD-3-Clause
/*
 * papi.h - the public interface of Papillon.
 *
 * Papillon is a drop-in replacement for PAPI 7.0, 7.1 and 7.2: a program built against one of
 * their papi.h must build against this file unchanged (with PAPILLON_ABI_7_0 or _7_1 defined
 * for the older two, below), and a binary built against either must run with the libpapi
 * soname of its release. Hence every name, value, type, struct layout and prototype in the
 * PAPI part of this file is frozen per release; only the "Papillon extensions" section at the
 * end is ours to grow. tests/abi/check-headers.sh compares all of it with each release's
 * installed headers (doc/abi-versions.md lists what differs between them).
 *
 * The struct tags (struct _papi_hw_info, ...) sit in the implementation's reserved name space;
 * they are kept because PAPI programs may spell them.
 */
#ifndef PAPILLON_PAPI_H
#define PAPILLON_PAPI_H

/* PAPI's include guard; defined too for code that tests it. */
#define _PAPI

/* PAPI 7.0's papi.h pulls these in and existing programs lean on that. */
#include <sys/types.h>
#include <limits.h>
#include <signal.h>

#include "papiStdEventDefs.h"

/*
 * The library is built with -fvisibility=hidden; every function declared here is exported,
 * so the export list and this header cannot drift apart.
 */
#if defined(__GNUC__)
#pragma GCC visibility push(default)
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------- versions */

/*
 * One byte per field: major.minor.revision.increment. Kept out of clang-format, which would
 * glue (x)&mask as if (x) were a cast.
 */
/* clang-format off */
#define PAPI_VERSION_NUMBER(maj, min, rev, inc)                                                    \
	(((maj) << 24) | ((min) << 16) | ((rev) << 8) | (inc))
#define PAPI_VERSION_MAJOR(x)     (((x) >> 24) & 0xff)
#define PAPI_VERSION_MINOR(x)     (((x) >> 16) & 0xff)
#define PAPI_VERSION_REVISION(x)  (((x) >> 8) & 0xff)
#define PAPI_VERSION_INCREMENT(x) ((x) & 0xff)
/* clang-format on */

/*
 * The PAPI release whose interface this file reproduces: 7.2 unless the program asks for an
 * older ABI by defining one of these before including papi.h (doc/user-guide.md, "Which PAPI
 * ABI a program gets"):
 *   PAPILLON_ABI_7_0  PAPI 7.0's struct layouts, enumeration values and errors (links
 *                     libpapi.so.7.0);
 *   PAPILLON_ABI_7_1  the same ABI under 7.1's version number (libpapi.so.7.1).
 * PAPILLON_ABI_MINOR is the minor release chosen; the parts 7.2 added or changed test it.
 */
#if defined(PAPILLON_ABI_7_0)
#define PAPILLON_ABI_MINOR 0
#elif defined(PAPILLON_ABI_7_1)
#define PAPILLON_ABI_MINOR 1
#else
#define PAPILLON_ABI_MINOR 2
#endif
#if PAPILLON_ABI_MINOR == 0
#define PAPI_VERSION PAPI_VERSION_NUMBER(7, 0, 0, 0)
#elif PAPILLON_ABI_MINOR == 1
#define PAPI_VERSION PAPI_VERSION_NUMBER(7, 1, 0, 0)
#else
#define PAPI_VERSION PAPI_VERSION_NUMBER(7, 2, 0, 0)
#endif
/*
 * What programs pass to PAPI_library_init(). Only major.minor take part: a revision never
 * changes the ABI, a minor release may.
 */
#define PAPI_VER_CURRENT (PAPI_VERSION & 0xffff0000)

/* ------------------------------------------------------ event code classes */

/*
 * The class bits are defined in papiStdEventDefs.h; both set means user-defined. Unlike PAPI's,
 * these macros parenthesize their argument, which only matters for arguments like a | b.
 * Kept out of clang-format, which would glue (x)&mask as if (x) were a cast.
 */
/* clang-format off */
#define IS_NATIVE(EventCode)                                                                       \
	(((EventCode) & PAPI_NATIVE_MASK) && !((EventCode) & PAPI_PRESET_MASK))
#define IS_PRESET(EventCode)                                                                       \
	(((EventCode) & PAPI_PRESET_MASK) && !((EventCode) & PAPI_NATIVE_MASK))
#define IS_USER_DEFINED(EventCode)                                                                 \
	(((EventCode) & PAPI_PRESET_MASK) && ((EventCode) & PAPI_NATIVE_MASK))
/* clang-format on */

/* ------------------------------------------------------------ return codes */

/*
 * Zero or positive means success; every failure is one of these negative codes. Their texts
 * (PAPI_strerror()) live in src/util/error.c.
 */
#define PAPI_OK            0
#define PAPI_EINVAL        -1
#define PAPI_ENOMEM        -2
#define PAPI_ESYS          -3
#define PAPI_ECMP          -4
#define PAPI_ESBSTR        -4 /* older name of PAPI_ECMP */
#define PAPI_ECLOST        -5
#define PAPI_EBUG          -6
#define PAPI_ENOEVNT       -7
#define PAPI_ECNFLCT       -8
#define PAPI_ENOTRUN       -9
#define PAPI_EISRUN        -10
#define PAPI_ENOEVST       -11
#define PAPI_ENOTPRESET    -12
#define PAPI_ENOCNTR       -13
#define PAPI_EMISC         -14
#define PAPI_EPERM         -15
#define PAPI_ENOINIT       -16
#define PAPI_ENOCMP        -17
#define PAPI_ENOSUPP       -18
#define PAPI_ENOIMPL       -19
#define PAPI_EBUF          -20
#define PAPI_EINVAL_DOM    -21
#define PAPI_EATTR         -22
#define PAPI_ECOUNT        -23
#define PAPI_ECOMBO        -24
#define PAPI_ECMP_DISABLED -25
#define PAPI_EDELAY_INIT   -26
#define PAPI_EMULPASS      -27
#if PAPILLON_ABI_MINOR >= 2
/* Since 7.2: some of a component's events work, others cannot (e.g. no hardware PMU). */
#define PAPI_PARTIAL       -28
/* Size of a table indexed by -code, PAPI_OK included. */
#define PAPI_NUM_ERRORS 29
#else
#define PAPI_NUM_ERRORS 28
#endif

/* ------------------------------------------ PAPI_is_initialized() results */

/* Bits: more than one may be set at a time. */
#define PAPI_NOT_INITED          0
#define PAPI_LOW_LEVEL_INITED    1
#define PAPI_HIGH_LEVEL_INITED   2
#define PAPI_THREAD_LEVEL_INITED 4

/* --------------------------------------------------------------- constants */

/* "No event" and "no event set": fill value for unused slots and new event set handles. */
#define PAPI_NULL -1

/* Counting domains (privilege levels), a bit mask. */
#define PAPI_DOM_USER       0x1
#define PAPI_DOM_MIN        PAPI_DOM_USER
#define PAPI_DOM_KERNEL     0x2
#define PAPI_DOM_OTHER      0x4 /* transient modes, e.g. software TLB refill */
#define PAPI_DOM_SUPERVISOR 0x8 /* hypervisor */
#define PAPI_DOM_ALL        (PAPI_DOM_USER | PAPI_DOM_KERNEL | PAPI_DOM_OTHER | PAPI_DOM_SUPERVISOR)
#define PAPI_DOM_MAX        PAPI_DOM_ALL
/* Set when the low 31 bits mean something only to the component (not a CPU domain). */
#define PAPI_DOM_HWSPEC 0x80000000

/* Slots for PAPI_get_thr_specific()/PAPI_set_thr_specific(), under both spellings. */
#define PAPI_USR1_TLS       0x0
#define PAPI_USR2_TLS       0x1
#define PAPI_TLS_HIGH_LEVEL 0x2
#define PAPI_NUM_TLS        0x3
#define PAPI_TLS_USR1       PAPI_USR1_TLS
#define PAPI_TLS_USR2       PAPI_USR2_TLS
#define PAPI_TLS_NUM        PAPI_NUM_TLS
/* OR into the tag to collect the slot of every thread (PAPI_all_thr_spec_t). */
#define PAPI_TLS_ALL_THREADS 0x10

/* The two mutexes PAPI_lock()/PAPI_unlock() offer to applications. */
#define PAPI_USR1_LOCK 0x0
#define PAPI_USR2_LOCK 0x1
#define PAPI_NUM_LOCK  0x2
#define PAPI_LOCK_USR1 PAPI_USR1_LOCK
#define PAPI_LOCK_USR2 PAPI_USR2_LOCK
#define PAPI_LOCK_NUM  PAPI_NUM_LOCK

/* PAPI_hw_info_t.vendor. The ARM_* values are the MIDR implementer codes. */
#define PAPI_VENDOR_UNKNOWN       0
#define PAPI_VENDOR_INTEL         1
#define PAPI_VENDOR_AMD           2
#define PAPI_VENDOR_IBM           3
#define PAPI_VENDOR_CRAY          4
#define PAPI_VENDOR_SUN           5
#define PAPI_VENDOR_FREESCALE     6
#define PAPI_VENDOR_ARM           7
#define PAPI_VENDOR_MIPS          8
#define PAPI_VENDOR_ARM_ARM       0x41
#define PAPI_VENDOR_ARM_BROADCOM  0x42
#define PAPI_VENDOR_ARM_CAVIUM    0x43
#define PAPI_VENDOR_ARM_FUJITSU   0x46
#define PAPI_VENDOR_ARM_HISILICON 0x48
#define PAPI_VENDOR_ARM_APM       0x50
#define PAPI_VENDOR_ARM_QUALCOMM  0x51

/* Granularity: whose execution an event set counts. */
#define PAPI_GRN_THR     0x1
#define PAPI_GRN_MIN     PAPI_GRN_THR
#define PAPI_GRN_PROC    0x2
#define PAPI_GRN_PROCG   0x4
#define PAPI_GRN_SYS     0x8  /* this CPU */
#define PAPI_GRN_SYS_CPU 0x10 /* every CPU, separately */
#define PAPI_GRN_MAX     PAPI_GRN_SYS_CPU

/* Event set state bits, as PAPI_state() reports them. */
#define PAPI_STOPPED      0x01
#define PAPI_RUNNING      0x02
#define PAPI_PAUSED       0x04
#define PAPI_NOT_INIT     0x08
#define PAPI_OVERFLOWING  0x10
#define PAPI_PROFILING    0x20
#define PAPI_MULTIPLEXING 0x40
#define PAPI_ATTACHED     0x80
#define PAPI_CPU_ATTACHED 0x100

/* What the library does with a failing call (PAPI_set_opt(PAPI_DEBUG) level). */
#define PAPI_QUIET      0
#define PAPI_VERB_ECONT 1 /* print the error, go on */
#define PAPI_VERB_ESTOP 2 /* print the error, exit the program */

/* PAPI_profil()/PAPI_sprofil() flags. */
#define PAPI_PROFIL_POSIX     0x0
#define PAPI_PROFIL_RANDOM    0x1 /* drop about a quarter of the samples */
#define PAPI_PROFIL_WEIGHTED  0x2 /* add the count, not 1 */
#define PAPI_PROFIL_COMPRESS  0x4
#define PAPI_PROFIL_BUCKET_16 0x8
#define PAPI_PROFIL_BUCKET_32 0x10
#define PAPI_PROFIL_BUCKET_64 0x20
#define PAPI_PROFIL_FORCE_SW  0x40
#define PAPI_PROFIL_DATA_EAR  0x80
#define PAPI_PROFIL_INST_EAR  0x100
#define PAPI_PROFIL_BUCKETS   (PAPI_PROFIL_BUCKET_16 | PAPI_PROFIL_BUCKET_32 | PAPI_PROFIL_BUCKET_64)

/* PAPI_overflow() flags; the same bits as the profiling ones. */
#define PAPI_OVERFLOW_FORCE_SW 0x40
#define PAPI_OVERFLOW_HARDWARE 0x80

/* PAPI_multiplex_option_t.flags. */
#define PAPI_MULTIPLEX_DEFAULT  0x0 /* kernel multiplexing when there is one */
#define PAPI_MULTIPLEX_FORCE_SW 0x1

/* PAPI_inherit_option_t.inherit. */
#define PAPI_INHERIT_ALL  1
#define PAPI_INHERIT_NONE 0

/* Option codes of PAPI_set_opt()/PAPI_get_opt(). 9 and 10 are unassigned in PAPI 7.0. */
#define PAPI_DETACH           1
#define PAPI_DEBUG            2
#define PAPI_MULTIPLEX        3
#define PAPI_DEFDOM           4
#define PAPI_DOMAIN           5
#define PAPI_DEFGRN           6
#define PAPI_GRANUL           7
#define PAPI_DEF_MPX_NS       8 /* same setting as PAPI_DEF_ITIMER_NS */
#define PAPI_MAX_MPX_CTRS     11
#define PAPI_PROFIL           12
#define PAPI_PRELOAD          13
#define PAPI_CLOCKRATE        14
#define PAPI_MAX_HWCTRS       15
#define PAPI_HWINFO           16
#define PAPI_EXEINFO          17
#define PAPI_MAX_CPUS         18
#define PAPI_ATTACH           19
#define PAPI_SHLIBINFO        20
#define PAPI_LIB_VERSION      21
#define PAPI_COMPONENTINFO    22
#define PAPI_DATA_ADDRESS     23
#define PAPI_INSTR_ADDRESS    24
#define PAPI_DEF_ITIMER       25
#define PAPI_DEF_ITIMER_NS    26 /* same setting as PAPI_DEF_MPX_NS */
#define PAPI_CPU_ATTACH       27
#define PAPI_INHERIT          28
#define PAPI_USER_EVENTS_FILE 29

/* Event sets the handle table holds before it first grows. */
#define PAPI_INIT_SLOTS 64

/* Buffer sizes of the strings in the structures below, terminating NUL included. */
#define PAPI_MIN_STR_LEN  64
#define PAPI_MAX_STR_LEN  128
#define PAPI_2MAX_STR_LEN 256
#define PAPI_HUGE_STR_LEN 1024

/* Length of PAPI_component_info_t.pmu_names. */
#define PAPI_PMU_MAX 80
/* Event flag: the value is computed from several counters. */
#define PAPI_DERIVED 0x1

/*
 * The modifier argument of PAPI_enum_event()/PAPI_enum_cmp_event(). 0 walks every event.
 * The PAPI_PRESET_ENUM_* values select a preset category, the PAPI_NTV_ENUM_* ones select
 * what to walk below a native event.
 */
#if PAPILLON_ABI_MINOR >= 2
/*
 * 7.2 numbering: PAPI_PRESET_ENUM_FIRST_COMP (the first preset of a component's own) after
 * PAPI_ENUM_FIRST, the CPU preset walks after PAPI_PRESET_ENUM_FP; so every value from
 * PAPI_PRESET_ENUM_AVAIL on differs from 7.0's.
 */
enum {
	PAPI_ENUM_EVENTS = 0,
	PAPI_ENUM_FIRST = 1,
	PAPI_PRESET_ENUM_FIRST_COMP = 2,
	PAPI_PRESET_ENUM_AVAIL = 3,

	PAPI_PRESET_ENUM_MSC = 4,
	PAPI_PRESET_ENUM_INS = 5,
	PAPI_PRESET_ENUM_IDL = 6,
	PAPI_PRESET_ENUM_BR = 7,
	PAPI_PRESET_ENUM_CND = 8,
	PAPI_PRESET_ENUM_MEM = 9,
	PAPI_PRESET_ENUM_CACH = 10,
	PAPI_PRESET_ENUM_L1 = 11,
	PAPI_PRESET_ENUM_L2 = 12,
	PAPI_PRESET_ENUM_L3 = 13,
	PAPI_PRESET_ENUM_TLB = 14,
	PAPI_PRESET_ENUM_FP = 15,
	PAPI_PRESET_ENUM_CPU = 16,
	PAPI_PRESET_ENUM_CPU_AVAIL = 17,

	PAPI_NTV_ENUM_UMASKS = 18,
	PAPI_NTV_ENUM_UMASK_COMBOS = 19,
	PAPI_NTV_ENUM_IARR = 20,
	PAPI_NTV_ENUM_DARR = 21,
	PAPI_NTV_ENUM_OPCM = 22,
	PAPI_NTV_ENUM_IEAR = 23,
	PAPI_NTV_ENUM_DEAR = 24,
	PAPI_NTV_ENUM_GROUPS = 25
};
#else
/* 7.0 and 7.1 numbering. */
enum {
	PAPI_ENUM_EVENTS = 0,
	PAPI_ENUM_FIRST = 1,
	PAPI_PRESET_ENUM_AVAIL = 2,

	PAPI_PRESET_ENUM_MSC = 3,
	PAPI_PRESET_ENUM_INS = 4,
	PAPI_PRESET_ENUM_IDL = 5,
	PAPI_PRESET_ENUM_BR = 6,
	PAPI_PRESET_ENUM_CND = 7,
	PAPI_PRESET_ENUM_MEM = 8,
	PAPI_PRESET_ENUM_CACH = 9,
	PAPI_PRESET_ENUM_L1 = 10,
	PAPI_PRESET_ENUM_L2 = 11,
	PAPI_PRESET_ENUM_L3 = 12,
	PAPI_PRESET_ENUM_TLB = 13,
	PAPI_PRESET_ENUM_FP = 14,

	PAPI_NTV_ENUM_UMASKS = 15,
	PAPI_NTV_ENUM_UMASK_COMBOS = 16,
	PAPI_NTV_ENUM_IARR = 17,
	PAPI_NTV_ENUM_DARR = 18,
	PAPI_NTV_ENUM_OPCM = 19,
	PAPI_NTV_ENUM_IEAR = 20,
	PAPI_NTV_ENUM_DEAR = 21,
	PAPI_NTV_ENUM_GROUPS = 22
};
#endif

#define PAPI_ENUM_ALL PAPI_ENUM_EVENTS

/* Preset categories as bits, for PAPI_event_info_t.event_type. */
#define PAPI_PRESET_BIT_MSC  (1 << PAPI_PRESET_ENUM_MSC)
#define PAPI_PRESET_BIT_INS  (1 << PAPI_PRESET_ENUM_INS)
#define PAPI_PRESET_BIT_IDL  (1 << PAPI_PRESET_ENUM_IDL)
#define PAPI_PRESET_BIT_BR   (1 << PAPI_PRESET_ENUM_BR)
#define PAPI_PRESET_BIT_CND  (1 << PAPI_PRESET_ENUM_CND)
#define PAPI_PRESET_BIT_MEM  (1 << PAPI_PRESET_ENUM_MEM)
#define PAPI_PRESET_BIT_CACH (1 << PAPI_PRESET_ENUM_CACH)
#define PAPI_PRESET_BIT_L1   (1 << PAPI_PRESET_ENUM_L1)
#define PAPI_PRESET_BIT_L2   (1 << PAPI_PRESET_ENUM_L2)
#define PAPI_PRESET_BIT_L3   (1 << PAPI_PRESET_ENUM_L3)
#define PAPI_PRESET_BIT_TLB  (1 << PAPI_PRESET_ENUM_TLB)
#define PAPI_PRESET_BIT_FP   (1 << PAPI_PRESET_ENUM_FP)

/* Where PAPI_NTV_ENUM_GROUPS puts the group number inside a native event code. */
#define PAPI_NTV_GROUP_AND_MASK 0x00FF0000
#define PAPI_NTV_GROUP_SHIFT    16

/* Old spellings of the counter type, still found in old programs. */
#define long_long   long long
#define u_long_long unsigned long long

/* ------------------------------------------------------------------- types */

typedef unsigned long PAPI_thread_id_t;

/* Filled by PAPI_get_thr_specific(PAPI_TLS_ALL_THREADS | tag): one entry per thread. */
typedef struct _papi_all_thr_spec {
	int num;
	PAPI_thread_id_t *id;
	void **data;
} PAPI_all_thr_spec_t;

/*
 * Called on counter overflow. overflow_vector has bit i set when the counter at hardware
 * position i overflowed (PAPI_get_overflow_event_index() turns it into event indices);
 * context is the signal's ucontext, or NULL.
 */
typedef void (*PAPI_overflow_handler_t)(int EventSet, void *address, long long overflow_vector,
                                        void *context);

typedef void *vptr_t;

/* One region of PAPI_sprofil(). */
typedef struct _papi_sprofil {
	void *pr_base;    /* histogram buffer */
	unsigned pr_size; /* its size in bytes */
	vptr_t pr_off;    /* lowest text address the histogram covers */
	/* Fixed-point factor from text offset to bucket, in the manner of profil(3). */
	unsigned pr_scale;
} PAPI_sprofil_t;

/* PAPI_DEF_ITIMER: the timer behind software multiplexing and overflow. */
typedef struct _papi_itimer_option {
	int itimer_num; /* ITIMER_REAL, ITIMER_VIRTUAL or ITIMER_PROF */
	int itimer_sig;
	int ns;
	int flags;
} PAPI_itimer_option_t;

typedef struct _papi_inherit_option {
	int eventset;
	int inherit;
} PAPI_inherit_option_t;

/* def_cidx names the component when setting its default (PAPI_DEFDOM). */
typedef struct _papi_domain_option {
	int def_cidx;
	int eventset;
	int domain;
} PAPI_domain_option_t;

/* def_cidx names the component when setting its default (PAPI_DEFGRN). */
typedef struct _papi_granularity_option {
	int def_cidx;
	int eventset;
	int granularity;
} PAPI_granularity_option_t;

/* PAPI_PRELOAD: how to make a child process load the library (e.g. "LD_PRELOAD", ' '). */
typedef struct _papi_preload_option {
	char lib_preload_env[PAPI_MAX_STR_LEN];
	char lib_preload_sep;
	char lib_dir_env[PAPI_MAX_STR_LEN];
	char lib_dir_sep;
} PAPI_preload_info_t;

/* What a component is and can do; PAPI_get_component_info(). */
typedef struct _papi_component_option {
	char name[PAPI_MAX_STR_LEN];
	char short_name[PAPI_MIN_STR_LEN]; /* prefix of its event names, e.g. "perf" */
	char description[PAPI_MAX_STR_LEN];
	char version[PAPI_MIN_STR_LEN];
	char support_version[PAPI_MIN_STR_LEN];
	char kernel_version[PAPI_MIN_STR_LEN];
	char disabled_reason[PAPI_HUGE_STR_LEN];
	int disabled; /* 0, or the PAPI error that disabled it */
#if PAPILLON_ABI_MINOR >= 2
	/* Since 7.2: what does not work in a component that is not disabled. */
	char partially_disabled_reason[PAPI_HUGE_STR_LEN];
	int partially_disabled; /* 1 when some of its events cannot count */
#endif
	int initialized;
	int CmpIdx;
	int num_cntrs;
	int num_mpx_cntrs;
	int num_preset_events;
	int num_native_events;
	int default_domain;
	int available_domains;
	int default_granularity;
	int available_granularities;
	int hardware_intr_sig;
	int component_type;
	char *pmu_names[PAPI_PMU_MAX];
	int reserved[8];
	/* Capabilities, one bit each. */
	unsigned int hardware_intr : 1;
	unsigned int precise_intr : 1;
	unsigned int posix1b_timers : 1;
	unsigned int kernel_profile : 1;
	unsigned int kernel_multiplex : 1;
	unsigned int fast_counter_read : 1;
	unsigned int fast_real_timer : 1;
	unsigned int fast_virtual_timer : 1;
	unsigned int attach : 1;
	unsigned int attach_must_ptrace : 1;
	unsigned int cntr_umasks : 1;
	unsigned int cpu : 1;
	unsigned int inherit : 1;
	unsigned int reserved_bits : 19;
} PAPI_component_info_t;

typedef struct _papi_mpx_info {
	int timer_sig;
	int timer_num;
	int timer_us;
} PAPI_mpx_info_t;

typedef int (*PAPI_debug_handler_t)(int code);

/* PAPI_DEBUG: verbosity (PAPI_QUIET, PAPI_VERB_*) and an optional hook. */
typedef struct _papi_debug_option {
	int level;
	PAPI_debug_handler_t handler;
} PAPI_debug_option_t;

/* Where one loaded object's segments lie. */
typedef struct _papi_address_map {
	char name[PAPI_HUGE_STR_LEN];
	vptr_t text_start;
	vptr_t text_end;
	vptr_t data_start;
	vptr_t data_end;
	vptr_t bss_start;
	vptr_t bss_end;
} PAPI_address_map_t;

typedef struct _papi_program_info {
	char fullname[PAPI_HUGE_STR_LEN];
	PAPI_address_map_t address_info;
} PAPI_exe_info_t;

/* map points at count entries owned by the library. */
typedef struct _papi_shared_lib_info {
	PAPI_address_map_t *map;
	int count;
} PAPI_shlib_info_t;

/* PAPI_USER_EVENTS_FILE: path of a user-defined events file. */
typedef char *PAPI_user_defined_events_file_t;

/*
 * Memory hierarchy. The type word of a cache or TLB packs a kind and three policies; the
 * PAPI_MH_CACHE_* macros pick one field out. Sizes are in bytes; associativity 0 means
 * unknown, 1 direct mapped, SHRT_MAX fully associative.
 */

/* Kind, low nibble. */
#define PAPI_MH_TYPE_EMPTY   0x0
#define PAPI_MH_TYPE_INST    0x1
#define PAPI_MH_TYPE_DATA    0x2
#define PAPI_MH_TYPE_VECTOR  0x4
#define PAPI_MH_TYPE_TRACE   0x8
#define PAPI_MH_TYPE_UNIFIED (PAPI_MH_TYPE_INST | PAPI_MH_TYPE_DATA)
/* Write policy. */
#define PAPI_MH_TYPE_WT 0x00
#define PAPI_MH_TYPE_WB 0x10
/* Replacement policy. */
#define PAPI_MH_TYPE_UNKNOWN    0x000
#define PAPI_MH_TYPE_LRU        0x100
#define PAPI_MH_TYPE_PSEUDO_LRU 0x200
#define PAPI_MH_TYPE_FIFO       0x400
/* What the entry is when it is not a plain cache. */
#define PAPI_MH_TYPE_TLB  0x1000
#define PAPI_MH_TYPE_PREF 0x2000 /* prefetch buffer */
/* Allocation policy. */
#define PAPI_MH_TYPE_RD_ALLOC 0x10000
#define PAPI_MH_TYPE_WR_ALLOC 0x20000
#define PAPI_MH_TYPE_RW_ALLOC 0x40000

/* Parenthesized argument, as for IS_NATIVE(). Kept out of clang-format, which would glue
 * (x)&mask as if (x) were a cast. */
/* clang-format off */
#define PAPI_MH_CACHE_TYPE(a)               ((a) & 0xf)
#define PAPI_MH_CACHE_WRITE_POLICY(a)       ((a) & 0xf0)
#define PAPI_MH_CACHE_REPLACEMENT_POLICY(a) ((a) & 0xf00)
#define PAPI_MH_CACHE_ALLOCATION_POLICY(a)  ((a) & 0xf0000)
/* clang-format on */

/* Slots for caches and for TLBs in each level, and the number of levels. */
#define PAPI_MH_MAX_LEVELS            6
#define PAPI_MAX_MEM_HIERARCHY_LEVELS 4

typedef struct _papi_mh_tlb_info {
	int type;
	int num_entries;
	int page_size;
	int associativity;
} PAPI_mh_tlb_info_t;

typedef struct _papi_mh_cache_info {
	int type;
	int size;
	int line_size;
	int num_lines;
	int associativity;
} PAPI_mh_cache_info_t;

/* Unused slots have type PAPI_MH_TYPE_EMPTY. */
typedef struct _papi_mh_level_info {
	PAPI_mh_tlb_info_t tlb[PAPI_MH_MAX_LEVELS];
	PAPI_mh_cache_info_t cache[PAPI_MH_MAX_LEVELS];
} PAPI_mh_level_t;

typedef struct _papi_mh_info {
	int levels;
	PAPI_mh_level_t level[PAPI_MAX_MEM_HIERARCHY_LEVELS];
} PAPI_mh_info_t;

/* PAPI_get_hardware_info(). */
typedef struct _papi_hw_info {
	int ncpu;    /* CPUs per NUMA node */
	int threads; /* per core */
	int cores;   /* per socket */
	int sockets;
	int nnodes;
	int totalcpus;
	int vendor; /* PAPI_VENDOR_* */
	char vendor_string[PAPI_MAX_STR_LEN];
	int model;
	char model_string[PAPI_MAX_STR_LEN];
	float revision;
	int cpuid_family;
	int cpuid_model;
	int cpuid_stepping;
	int cpu_max_mhz;
	int cpu_min_mhz;
	PAPI_mh_info_t mem_hierarchy;
	int virtualized;
	char virtual_vendor_string[PAPI_MAX_STR_LEN];
	char virtual_vendor_version[PAPI_MAX_STR_LEN];
	/* Superseded by cpu_max_mhz/cpu_min_mhz; still filled for old programs. */
	float mhz;
	int clock_mhz;
	int reserved[8];
} PAPI_hw_info_t;

typedef struct _papi_attach_option {
	int eventset;
	unsigned long tid;
} PAPI_attach_option_t;

typedef struct _papi_cpu_option {
	int eventset;
	unsigned int cpu_num;
} PAPI_cpu_option_t;

typedef struct _papi_multiplex_option {
	int eventset;
	int ns;
	int flags; /* PAPI_MULTIPLEX_* */
} PAPI_multiplex_option_t;

/*
 * PAPI_DATA_ADDRESS/PAPI_INSTR_ADDRESS: count only inside [start, end); both zero turns the
 * restriction off. The library reports in start_off/end_off how far the hardware had to widen
 * the range.
 */
typedef struct _papi_addr_range_option {
	int eventset;
	vptr_t start;
	vptr_t end;
	int start_off;
	int end_off;
} PAPI_addr_range_option_t;

/* The argument of PAPI_set_opt()/PAPI_get_opt(); the option code says which member is live. */
typedef union {
	PAPI_preload_info_t preload;
	PAPI_debug_option_t debug;
	PAPI_inherit_option_t inherit;
	PAPI_granularity_option_t granularity;
	PAPI_granularity_option_t defgranularity;
	PAPI_domain_option_t domain;
	PAPI_domain_option_t defdomain;
	PAPI_attach_option_t attach;
	PAPI_cpu_option_t cpu;
	PAPI_multiplex_option_t multiplex;
	PAPI_itimer_option_t itimer;
	PAPI_hw_info_t *hw_info;
	PAPI_shlib_info_t *shlib_info;
	PAPI_exe_info_t *exe_info;
	PAPI_component_info_t *cmp_info;
	PAPI_addr_range_option_t addr;
	PAPI_user_defined_events_file_t events_file;
} PAPI_option_t;

/* PAPI_get_dmem_info(): the process's memory use as the operating system reports it. */
typedef struct _dmem_t {
	long long peak;
	long long size;
	long long resident;
	long long high_water_mark;
	long long shared;
	long long text;
	long long library;
	long long heap;
	long long locked;
	long long stack;
	long long pagesize;
	long long pte;
} PAPI_dmem_info_t;

/* 1-based positions of the PAPI_dmem_info_t fields, for the Fortran binding's array. */
#define PAPIF_DMEM_VMPEAK     1
#define PAPIF_DMEM_VMSIZE     2
#define PAPIF_DMEM_RESIDENT   3
#define PAPIF_DMEM_HIGH_WATER 4
#define PAPIF_DMEM_SHARED     5
#define PAPIF_DMEM_TEXT       6
#define PAPIF_DMEM_LIBRARY    7
#define PAPIF_DMEM_HEAP       8
#define PAPIF_DMEM_LOCKED     9
#define PAPIF_DMEM_STACK      10
#define PAPIF_DMEM_PAGESIZE   11
#define PAPIF_DMEM_PTE        12
#define PAPIF_DMEM_MAXVAL     12

/* Most native events one preset may combine. */
#define PAPI_MAX_INFO_TERMS 12
#if PAPILLON_ABI_MINOR >= 2
/* Capacity of PAPI_event_info_t.quals (7.2). */
#define PAPI_MAX_COMP_QUALS 8
#endif

/* PAPI_event_info_t.location */
enum {
	PAPI_LOCATION_CORE = 0,
	PAPI_LOCATION_CPU = 1,
	PAPI_LOCATION_PACKAGE = 2,
	PAPI_LOCATION_UNCORE = 3
};

/* PAPI_event_info_t.data_type: how to read the 64 bits of a counter value. */
enum {
	PAPI_DATATYPE_INT64 = 0,
	PAPI_DATATYPE_UINT64 = 1,
	PAPI_DATATYPE_FP64 = 2, /* a double stored in the long long */
	PAPI_DATATYPE_BIT64 = 3
};

/* PAPI_event_info_t.value_type */
enum {
	PAPI_VALUETYPE_RUNNING_SUM = 0,
	PAPI_VALUETYPE_ABSOLUTE = 1 /* value of the moment, not a sum */
};

/* PAPI_event_info_t.timescope */
enum {
	PAPI_TIMESCOPE_SINCE_START = 0,
	PAPI_TIMESCOPE_SINCE_LAST = 1,
	PAPI_TIMESCOPE_UNTIL_NEXT = 2,
	PAPI_TIMESCOPE_POINT = 3
};

/* PAPI_event_info_t.update_type */
enum {
	PAPI_UPDATETYPE_ARBITRARY = 0,
	PAPI_UPDATETYPE_PUSH = 1,
	PAPI_UPDATETYPE_PULL = 2,
	PAPI_UPDATETYPE_FIXEDFREQ = 3
};

/*
 * Description of one preset or native event (PAPI_get_event_info()). It is big (over 6 KB)
 * and callers provide it, usually on the stack. The fields from count on describe presets:
 * the native events they are made of (code, name) and how they combine (derived, postfix).
 */
typedef struct event_info {
	unsigned int event_code;
	char symbol[PAPI_HUGE_STR_LEN];
	char short_descr[PAPI_MIN_STR_LEN];
	char long_descr[PAPI_HUGE_STR_LEN];
	int component_index;
	char units[PAPI_MIN_STR_LEN];
	int location;    /* PAPI_LOCATION_* */
	int data_type;   /* PAPI_DATATYPE_* */
	int value_type;  /* PAPI_VALUETYPE_* */
	int timescope;   /* PAPI_TIMESCOPE_* */
	int update_type; /* PAPI_UPDATETYPE_* */
	int update_freq;
	unsigned int count;
	unsigned int event_type; /* PAPI_PRESET_BIT_* */
	char derived[PAPI_MIN_STR_LEN];
	char postfix[PAPI_2MAX_STR_LEN]; /* reverse Polish formula over the terms */
	unsigned int code[PAPI_MAX_INFO_TERMS];
	char name[PAPI_MAX_INFO_TERMS][PAPI_2MAX_STR_LEN];
	char note[PAPI_HUGE_STR_LEN];
#if PAPILLON_ABI_MINOR >= 2
	/* Since 7.2: the qualifiers a native event takes (":u", ":period=", ...), each with
	 * its description. */
	int num_quals;
	char quals[PAPI_MAX_COMP_QUALS][PAPI_HUGE_STR_LEN];
	char quals_descrs[PAPI_MAX_COMP_QUALS][PAPI_HUGE_STR_LEN];
#endif
} PAPI_event_info_t;

/* -------------------------------------------------- device discovery (sysdetect) */

/* Device kinds, named after the runtime that describes them. */
typedef enum {
	PAPI_DEV_TYPE_ID__CPU = 0,
	PAPI_DEV_TYPE_ID__CUDA = 1,
	PAPI_DEV_TYPE_ID__ROCM = 2,
	PAPI_DEV_TYPE_ID__MAX_NUM = 3
} PAPI_dev_type_id_e;

/* The enum_modifier of PAPI_enum_dev_type(): a mask of device kinds. */
enum {
	PAPI_DEV_TYPE_ENUM__FIRST = 0,
	PAPI_DEV_TYPE_ENUM__CPU = 1 << PAPI_DEV_TYPE_ID__CPU,
	PAPI_DEV_TYPE_ENUM__CUDA = 1 << PAPI_DEV_TYPE_ID__CUDA,
	PAPI_DEV_TYPE_ENUM__ROCM = 1 << PAPI_DEV_TYPE_ID__ROCM,
	PAPI_DEV_TYPE_ENUM__ALL = (1 << PAPI_DEV_TYPE_ID__MAX_NUM) - 1
};

/* Attributes of a device kind, for PAPI_get_dev_type_attr(). */
typedef enum {
	PAPI_DEV_TYPE_ATTR__INT_PAPI_ID = 0,
	PAPI_DEV_TYPE_ATTR__INT_VENDOR_ID = 1,
	PAPI_DEV_TYPE_ATTR__CHAR_NAME = 2,
	PAPI_DEV_TYPE_ATTR__INT_COUNT = 3,
	PAPI_DEV_TYPE_ATTR__CHAR_STATUS = 4
} PAPI_dev_type_attr_e;

/*
 * Attributes of one device, for PAPI_get_dev_attr(). The name spells device kind, C type of
 * the value written through the void pointer (INT, UINT, ULONG, CHAR for a string) and what
 * it is.
 */
typedef enum {
	/* Host processor, from the operating system. */
	PAPI_DEV_ATTR__CPU_CHAR_NAME = 0,
	PAPI_DEV_ATTR__CPU_UINT_L1I_CACHE_SIZE = 1,
	PAPI_DEV_ATTR__CPU_UINT_L1D_CACHE_SIZE = 2,
	PAPI_DEV_ATTR__CPU_UINT_L2U_CACHE_SIZE = 3,
	PAPI_DEV_ATTR__CPU_UINT_L3U_CACHE_SIZE = 4,
	PAPI_DEV_ATTR__CPU_UINT_L1I_CACHE_LINE_SIZE = 5,
	PAPI_DEV_ATTR__CPU_UINT_L1D_CACHE_LINE_SIZE = 6,
	PAPI_DEV_ATTR__CPU_UINT_L2U_CACHE_LINE_SIZE = 7,
	PAPI_DEV_ATTR__CPU_UINT_L3U_CACHE_LINE_SIZE = 8,
	PAPI_DEV_ATTR__CPU_UINT_L1I_CACHE_LINE_COUNT = 9,
	PAPI_DEV_ATTR__CPU_UINT_L1D_CACHE_LINE_COUNT = 10,
	PAPI_DEV_ATTR__CPU_UINT_L2U_CACHE_LINE_COUNT = 11,
	PAPI_DEV_ATTR__CPU_UINT_L3U_CACHE_LINE_COUNT = 12,
	PAPI_DEV_ATTR__CPU_UINT_L1I_CACHE_ASSOC = 13,
	PAPI_DEV_ATTR__CPU_UINT_L1D_CACHE_ASSOC = 14,
	PAPI_DEV_ATTR__CPU_UINT_L2U_CACHE_ASSOC = 15,
	PAPI_DEV_ATTR__CPU_UINT_L3U_CACHE_ASSOC = 16,
	PAPI_DEV_ATTR__CPU_UINT_SOCKET_COUNT = 17,
	PAPI_DEV_ATTR__CPU_UINT_NUMA_COUNT = 18,
	PAPI_DEV_ATTR__CPU_UINT_CORE_COUNT = 19,
	PAPI_DEV_ATTR__CPU_UINT_THREAD_COUNT = 20,
	PAPI_DEV_ATTR__CPU_UINT_FAMILY = 21,
	PAPI_DEV_ATTR__CPU_UINT_MODEL = 22,
	PAPI_DEV_ATTR__CPU_UINT_STEPPING = 23,
	PAPI_DEV_ATTR__CPU_UINT_NUMA_MEM_SIZE = 24,
	PAPI_DEV_ATTR__CPU_UINT_THR_NUMA_AFFINITY = 25,
	PAPI_DEV_ATTR__CPU_UINT_THR_PER_NUMA = 26,

	/* NVIDIA GPUs, from the CUDA runtime. */
	PAPI_DEV_ATTR__CUDA_ULONG_UID = 27,
	PAPI_DEV_ATTR__CUDA_CHAR_DEVICE_NAME = 28,
	PAPI_DEV_ATTR__CUDA_UINT_WARP_SIZE = 29,
	PAPI_DEV_ATTR__CUDA_UINT_SHM_PER_BLK = 30,
	PAPI_DEV_ATTR__CUDA_UINT_SHM_PER_SM = 31,
	PAPI_DEV_ATTR__CUDA_UINT_BLK_DIM_X = 32,
	PAPI_DEV_ATTR__CUDA_UINT_BLK_DIM_Y = 33,
	PAPI_DEV_ATTR__CUDA_UINT_BLK_DIM_Z = 34,
	PAPI_DEV_ATTR__CUDA_UINT_GRD_DIM_X = 35,
	PAPI_DEV_ATTR__CUDA_UINT_GRD_DIM_Y = 36,
	PAPI_DEV_ATTR__CUDA_UINT_GRD_DIM_Z = 37,
	PAPI_DEV_ATTR__CUDA_UINT_THR_PER_BLK = 38,
	PAPI_DEV_ATTR__CUDA_UINT_SM_COUNT = 39,
	PAPI_DEV_ATTR__CUDA_UINT_MULTI_KERNEL = 40,
	PAPI_DEV_ATTR__CUDA_UINT_MAP_HOST_MEM = 41,
	PAPI_DEV_ATTR__CUDA_UINT_MEMCPY_OVERLAP = 42,
	PAPI_DEV_ATTR__CUDA_UINT_UNIFIED_ADDR = 43,
	PAPI_DEV_ATTR__CUDA_UINT_MANAGED_MEM = 44,
	PAPI_DEV_ATTR__CUDA_UINT_COMP_CAP_MAJOR = 45,
	PAPI_DEV_ATTR__CUDA_UINT_COMP_CAP_MINOR = 46,
	PAPI_DEV_ATTR__CUDA_UINT_BLK_PER_SM = 47,

	/* AMD GPUs, from the ROCm runtime. */
	PAPI_DEV_ATTR__ROCM_ULONG_UID = 48,
	PAPI_DEV_ATTR__ROCM_CHAR_DEVICE_NAME = 49,
	PAPI_DEV_ATTR__ROCM_UINT_WAVEFRONT_SIZE = 50,
	PAPI_DEV_ATTR__ROCM_UINT_WORKGROUP_SIZE = 51,
	PAPI_DEV_ATTR__ROCM_UINT_WAVE_PER_CU = 52,
	PAPI_DEV_ATTR__ROCM_UINT_SHM_PER_WG = 53,
	PAPI_DEV_ATTR__ROCM_UINT_WG_DIM_X = 54,
	PAPI_DEV_ATTR__ROCM_UINT_WG_DIM_Y = 55,
	PAPI_DEV_ATTR__ROCM_UINT_WG_DIM_Z = 56,
	PAPI_DEV_ATTR__ROCM_UINT_GRD_DIM_X = 57,
	PAPI_DEV_ATTR__ROCM_UINT_GRD_DIM_Y = 58,
	PAPI_DEV_ATTR__ROCM_UINT_GRD_DIM_Z = 59,
	PAPI_DEV_ATTR__ROCM_UINT_CU_COUNT = 60,
	PAPI_DEV_ATTR__ROCM_UINT_SIMD_PER_CU = 61,
	PAPI_DEV_ATTR__ROCM_UINT_COMP_CAP_MAJOR = 62,
	PAPI_DEV_ATTR__ROCM_UINT_COMP_CAP_MINOR = 63
} PAPI_dev_attr_e;

/* --------------------------------------------------------------- functions */

/*
 * Unless noted otherwise a function returns PAPI_OK or a negative PAPI error. EventSet is a
 * handle from PAPI_create_eventset(), cidx a component index, EventCode a preset or native code.
 */

/* Library life cycle. PAPI_library_init() returns PAPI_VER_CURRENT on success. */
int PAPI_library_init(int version);
int PAPI_is_initialized(void);
void PAPI_shutdown(void);
int PAPI_multiplex_init(void);
int PAPI_thread_init(unsigned long (*id_fn)(void));
int PAPI_set_debug(int level);
/* Not const for compatibility; the text is the library's and must not be written. */
char *PAPI_strerror(int code);
void PAPI_perror(const char *msg);

/* Threads, per-thread storage and the two application locks. */
unsigned long PAPI_thread_id(void);
int PAPI_register_thread(void);
int PAPI_unregister_thread(void);
int PAPI_list_threads(unsigned long *tids, int *number);
int PAPI_get_thr_specific(int tag, void **ptr);
int PAPI_set_thr_specific(int tag, void *ptr);
int PAPI_lock(int lock);
int PAPI_unlock(int lock);

/* Event sets: creation and membership. */
int PAPI_create_eventset(int *EventSet);
int PAPI_destroy_eventset(int *EventSet);
int PAPI_cleanup_eventset(int EventSet);
int PAPI_assign_eventset_component(int EventSet, int cidx);
int PAPI_get_eventset_component(int EventSet);
int PAPI_add_event(int EventSet, int EventCode);
int PAPI_add_named_event(int EventSet, const char *EventName);
int PAPI_add_events(int EventSet, int *EventCodes, int number);
int PAPI_remove_event(int EventSet, int EventCode);
int PAPI_remove_named_event(int EventSet, const char *EventName);
int PAPI_remove_events(int EventSet, int *EventCodes, int number);
/* On entry *number is the room in EventCodes; on return, the event count. */
int PAPI_list_events(int EventSet, int *EventCodes, int *number);
int PAPI_num_events(int EventSet);
int PAPI_state(int EventSet, int *status);
int PAPI_attach(int EventSet, unsigned long tid);
int PAPI_detach(int EventSet);
int PAPI_set_multiplex(int EventSet);
int PAPI_get_multiplex(int EventSet);

/* Counting. values has one slot per event, in the order they were added. */
int PAPI_start(int EventSet);
int PAPI_stop(int EventSet, long long *values);
int PAPI_read(int EventSet, long long *values);
int PAPI_read_ts(int EventSet, long long *values, long long *cycles);
/* Adds the counts to values, then zeroes the counters. */
int PAPI_accum(int EventSet, long long *values);
int PAPI_reset(int EventSet);
int PAPI_write(int EventSet, long long *values);

/* Events: enumeration, names and descriptions. */
int PAPI_enum_event(int *EventCode, int modifier);
int PAPI_enum_cmp_event(int *EventCode, int modifier, int cidx);
/* out must hold PAPI_MAX_STR_LEN bytes. */
int PAPI_event_code_to_name(int EventCode, char *out);
int PAPI_event_name_to_code(const char *in, int *out);
int PAPI_query_event(int EventCode);
int PAPI_query_named_event(const char *EventName);
int PAPI_get_event_info(int EventCode, PAPI_event_info_t *info);
/* Returns the component index of the event, or a negative error. */
int PAPI_get_event_component(int EventCode);

/* Options; option is one of the codes above and selects the member of *ptr. */
int PAPI_get_opt(int option, PAPI_option_t *ptr);
int PAPI_set_opt(int option, PAPI_option_t *ptr);
int PAPI_get_cmp_opt(int option, PAPI_option_t *ptr, int cidx);
int PAPI_set_domain(int domain);
int PAPI_set_cmp_domain(int domain, int cidx);
int PAPI_set_granularity(int granularity);
int PAPI_set_cmp_granularity(int granularity, int cidx);

/* Overflow and statistical profiling. */
int PAPI_overflow(int EventSet, int EventCode, int threshold, int flags,
                  PAPI_overflow_handler_t handler);
int PAPI_get_overflow_event_index(int EventSet, long long overflow_vector, int *array, int *number);
int PAPI_profil(void *buf, unsigned bufsiz, vptr_t offset, unsigned scale, int EventSet,
                int EventCode, int threshold, int flags);
int PAPI_sprofil(PAPI_sprofil_t *prof, int profcnt, int EventSet, int EventCode, int threshold,
                 int flags);

/* Components. Disabling works only before PAPI_library_init(). */
int PAPI_num_components(void);
const PAPI_component_info_t *PAPI_get_component_info(int cidx);
int PAPI_get_component_index(const char *name);
int PAPI_disable_component(int cidx);
int PAPI_disable_component_by_name(const char *name);
int PAPI_num_cmp_hwctrs(int cidx);
/* Counters of component 0; kept for programs older than components. */
int PAPI_num_hwctrs(void);

/* System description. The returned structures belong to the library. */
const PAPI_hw_info_t *PAPI_get_hardware_info(void);
const PAPI_exe_info_t *PAPI_get_executable_info(void);
const PAPI_shlib_info_t *PAPI_get_shared_lib_info(void);
int PAPI_get_dmem_info(PAPI_dmem_info_t *dest);

/* Clocks: wall-clock ("real") and the caller's CPU time ("virt"), from an arbitrary origin. */
long long PAPI_get_real_cyc(void);
long long PAPI_get_real_nsec(void);
long long PAPI_get_real_usec(void);
long long PAPI_get_virt_cyc(void);
long long PAPI_get_virt_nsec(void);
long long PAPI_get_virt_usec(void);

/*
 * Rates: the first call of one of these starts a hidden event set for the calling thread,
 * later calls read it, PAPI_rate_stop() ends it.
 */
int PAPI_flips_rate(int event, float *rtime, float *ptime, long long *flpins, float *mflips);
int PAPI_flops_rate(int event, float *rtime, float *ptime, long long *flpops, float *mflops);
int PAPI_ipc(float *rtime, float *ptime, long long *ins, float *ipc);
int PAPI_epc(int event, float *rtime, float *ptime, long long *ref, long long *core, long long *evt,
             float *epc);
int PAPI_rate_stop(void);

/* High-level regions: events come from PAPI_EVENTS, results go to a report at exit. */
int PAPI_hl_region_begin(const char *region);
int PAPI_hl_read(const char *region);
int PAPI_hl_region_end(const char *region);
int PAPI_hl_stop(void);

/* Device discovery. Handles and attribute values belong to the library. */
int PAPI_enum_dev_type(int enum_modifier, void **handle);
int PAPI_get_dev_type_attr(void *handle, PAPI_dev_type_attr_e attr, void *value);
int PAPI_get_dev_attr(void *handle, int id, PAPI_dev_attr_e attr, void *value);

/* Old names, kept for source compatibility. */
#define PAPI_COMPONENT_INDEX(a) PAPI_get_event_component(a)
#define PAPI_descr_error(a)     PAPI_strerror(a)

/* ====================================================== Papillon extensions */

/*
 * Not part of PAPI. Test for PAPILLON before using anything below, so that the same source
 * still builds against PAPI.
 */
#define PAPILLON                1
#define PAPILLON_VERSION_STRING "0.1.0"

/* Human reason for the most recent failing PAPI call in this thread ("" if none). */
const char *PAPI_strreason(void);

/*
 * Checks whether an event can count on this machine; on failure returns the PAPI error and
 * writes the reason into reason (len bytes).
 */
int PAPI_event_reason(int EventCode, char *reason, int len);

/*
 * Messages about the preset tables: message 0 names the tables in use and what was detected;
 * each further one names a definition line that was rejected (file:line: why). Returns
 * PAPI_ENOEVNT past the last message.
 */
int PAPI_preset_message(int index, char *message, int len);

/*
 * User-space counter reads. Where the kernel lets a program read a counter itself (the perf
 * mmap page names a hardware counter: rdpmc on x86, mrs on arm64, csrr on RISC-V), PAPI_read
 * reads that event without a system call; events without a user-readable counter are read
 * with read(). PAPI_USER_READ_AUTO is the default for new event sets; the environment variable
 * PAPILLON_USER_READ=0 turns user-space reads off for the whole process (nothing is mapped).
 * PAPI_set_user_read switches one event set between the two; it takes effect at the next read,
 * running or not.
 */
#define PAPI_USER_READ_OFF  0
#define PAPI_USER_READ_AUTO 1
int PAPI_set_user_read(int EventSet, int mode);
int PAPI_get_user_read(int EventSet, int *mode);

/*
 * How event number index (0-based, in the order added) of a running event set is read now:
 * PAPI_READ_PATH_USER or PAPI_READ_PATH_SYSCALL (>= 0), or a PAPI error (< 0; PAPI_ENOTRUN
 * when the set is not running: the kernel picks the counter only then). reason (len bytes,
 * may be NULL) says why, e.g. "user: arm64 PMEVCNTR2_EL0 (32-bit)" or "syscall: software
 * event (no counter)".
 */
#define PAPI_READ_PATH_SYSCALL 0
#define PAPI_READ_PATH_USER    1
int PAPI_event_read_path(int EventSet, int index, char *reason, int len);

/*
 * Whether component cidx can read counters in user space on this machine and kernel: 1 yes,
 * 0 no, or a PAPI error; why (len bytes, may be NULL) says which mechanism or what stops it,
 * e.g. "arm64 mrs; perf_user_access=1" or "off: PAPILLON_USER_READ=0".
 */
int PAPI_user_read_status(int cidx, char *why, int len);

/*
 * How long event number index (0-based, in the order added) was enabled and how long it
 * actually counted, in nanoseconds, over the interval the set's most recent PAPI_read,
 * PAPI_accum or PAPI_stop covered (since the PAPI_start, PAPI_reset or PAPI_accum before it).
 * running_ns < enabled_ns: the event was multiplexed and its value is scaled by
 * enabled / running; running_ns == 0: it never counted, and reads 0. Kernel multiplexing gives
 * the kernel's time_enabled / time_running; the software multiplexer (PAPI_MULTIPLEX_FORCE_SW)
 * the set's time and the part of it the event's slice counted; a set that is not multiplexed
 * has running_ns == enabled_ns. A preset of several native events reports the native with the
 * smallest running / enabled. Both are 0 after PAPI_start or PAPI_reset until the next read.
 * Errors: PAPI_ENOEVST, PAPI_EINVAL (no such index, a NULL pointer), PAPI_ENOTRUN (the set has
 * not been started since its events or options last changed).
 */
int PAPI_event_times(int EventSet, int index, long long *enabled_ns, long long *running_ns);

#ifdef __cplusplus
}
#endif

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#endif /* PAPILLON_PAPI_H */
