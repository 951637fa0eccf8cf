/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/* The x86 low-level driver: detection of the counter hardware, validation
 * of a control (every rule, before any register is written), and the
 * context-switch operations (resume, suspend, sample) with the per-CPU
 * control-register cache. Written against the register layer (x86_regs.h)
 * only; the same source runs in the module and in the user-space tests. */
#ifndef PAPILLON_PERFCTR_X86_DRIVER_H
#define PAPILLON_PERFCTR_X86_DRIVER_H

#include "perfctr_abi.h"
#include "x86_regs.h"

/* The most control registers a family has: the P4's 18 CCCRs, 45 ESCRs
 * and 2 PEBS registers. */
#define PERFCTR_X86_MAX_REGS 72

enum perfctr_x86_family_id {
	PERFCTR_FAMILY_GENERIC,
	PERFCTR_FAMILY_P5,      /* P5, P5MMX */
	PERFCTR_FAMILY_CYRIX,   /* 6x86MX, MII, III: P5 clones */
	PERFCTR_FAMILY_WINCHIP, /* Centaur WinChip C6, 2, 3 */
	PERFCTR_FAMILY_P6,      /* PPro, PII, PIII, Pentium M */
	PERFCTR_FAMILY_K7,      /* AMD K7, K8 */
	PERFCTR_FAMILY_VIA_C3,
	PERFCTR_FAMILY_P4,
	PERFCTR_FAMILY_ARCH_PERFMON, /* Intel architectural perfmon v1-v5 */
	PERFCTR_FAMILY_AMD_FAM10H,   /* AMD families 10h to 1Ah */
	PERFCTR_FAMILY_COUNT
};

struct perfctr_x86_program;
struct perfctr_x86_cpu;

/* A family as data plus its one validator. */
struct perfctr_x86_family {
	const char *name;
	/* Validates control and, only if every rule holds, fills program.
	 * Returns 0 or -EINVAL. */
	int (*check_control)(const struct perfctr_x86_cpu *cpu,
	                     const struct perfctr_cpu_control *control, bool is_global,
	                     struct perfctr_x86_program *program);
};

/* What detection found; constant afterwards. */
struct perfctr_x86_cpu {
	const struct perfctr_x86_regs *regs;
	enum perfctr_x86_family_id family_id;
	const struct perfctr_x86_family *family;
	uint32_t cpu_type; /* perfctr_info.cpu_type */
	uint32_t features; /* PERFCTR_FEATURE_* */
	uint32_t x86_model;
	bool hyperthreaded;       /* P4 with two threads per core */
	uint32_t nr_counters;     /* general-purpose counters */
	uint32_t nr_fixed;        /* Intel fixed counters */
	uint32_t fixed_present;   /* bit n: fixed counter n exists */
	uint32_t perfmon_version; /* Intel leaf 0xA version; AMD: 2 with PerfMonV2 */
	uint32_t counter_bits;
	bool any_thread;   /* AnyThread may be set (Intel v3+, not deprecated) */
	bool amd_ext_core; /* AMD PerfCtrExtCore: 6 counters at 0xC0010200 */
	/* The generic driver only, set by the module under test_inject=1
	 * (never by detection): it then accepts i-mode counters on the test
	 * counters, which the module's test register layer makes out of the
	 * TSC (perfctr_test_regs.c), so that the i-mode path after the interrupt
	 * runs where no PMU exists (QEMU's TCG). */
	bool test_counters;
	/* The control registers this CPU has, in the order a resume writes
	 * them (enables last): a state's image has one value per entry. */
	uint32_t nr_control_msrs;
	uint32_t control_msrs[PERFCTR_X86_MAX_REGS];
};

/* A validated control as the registers will hold it. */
struct perfctr_x86_program {
	uint64_t image[PERFCTR_X86_MAX_REGS]; /* per cpu->control_msrs[] */
	/* Per counter of the control: its control register (an index into
	 * the image), the bits of that register that are this counter's (an
	 * i-mode counter is stopped by clearing them), the counter's MSR. */
	uint8_t control_index[PERFCTR_MAX_COUNTERS];
	uint64_t control_bits[PERFCTR_MAX_COUNTERS];
	uint32_t counter_msr[PERFCTR_MAX_COUNTERS];
	uint32_t p4_escr_map[PERFCTR_MAX_COUNTERS]; /* P4: the ESCR's MSR */
};

/* One counter state: what the page shows, then the kernel's own. */
struct perfctr_x86_state {
	struct perfctr_cpu_state user;
	struct perfctr_cpu_control control;
	struct perfctr_x86_program program;
};

/* Per CPU: the id of the control whose registers the CPU holds, and what
 * each control register holds. MSR writes cost hundreds of cycles, so a
 * resume writes only the registers whose value differs from this cache. */
struct perfctr_x86_cache {
	uint32_t id;
	uint64_t image[PERFCTR_X86_MAX_REGS];
};

/* -ENODEV without even a TSC. */
int perfctr_x86_detect(struct perfctr_x86_cpu *cpu, const struct perfctr_x86_regs *regs);
const struct perfctr_x86_family *perfctr_x86_family_of(enum perfctr_x86_family_id id);
/* The control registers of a detected CPU, in writing order. */
void perfctr_x86_list_control_msrs(struct perfctr_x86_cpu *cpu);

/* Validates control for this CPU and, on success only, installs it in the
 * state with a new id (its counters start from zero). scratch holds the
 * program while it is checked; on failure the state is unchanged. */
int perfctr_x86_update_control(const struct perfctr_x86_cpu *cpu, struct perfctr_x86_state *state,
                               const struct perfctr_cpu_control *control, bool is_global,
                               struct perfctr_x86_program *scratch);

/* Clears this CPU's control registers and its cache (once per CPU). */
void perfctr_x86_cache_init(const struct perfctr_x86_cpu *cpu, struct perfctr_x86_cache *cache);

/* Context switch: resume loads the state's control onto this CPU and
 * starts counting; suspend stops i-mode counters and accumulates every
 * counter; sample accumulates without stopping. resume refuses (-EPERM) on
 * a CPU the forbidden mask holds and (-EINVAL) a state with no control.
 * The mask covers CPUs 0-63: the forbidden CPUs are HT P4 second threads,
 * and no P4 system had more. */
int perfctr_x86_resume(const struct perfctr_x86_cpu *cpu, struct perfctr_x86_cache *cache,
                       struct perfctr_x86_state *state, uint64_t forbidden_mask);
void perfctr_x86_suspend(const struct perfctr_x86_cpu *cpu, struct perfctr_x86_cache *cache,
                         struct perfctr_x86_state *state);
void perfctr_x86_sample(const struct perfctr_x86_cpu *cpu, struct perfctr_x86_state *state);

/* i-mode overflow: the counters (bit per index of the control) that have
 * overflowed, and their reload from ireset once the handler has them. */
uint32_t perfctr_x86_overflowed(const struct perfctr_x86_cpu *cpu,
                                const struct perfctr_x86_state *state);
void perfctr_x86_ireload(struct perfctr_x86_state *state);

/* The overflow interrupt of the state running on this CPU, as perfctr 2.6
 * handled it: the mask of the i-mode counters that overflowed (bit per
 * index; the signal carries it) or 0 when none did (nothing changed).
 * Else every counter is suspended (i-mode ones stopped in their control
 * register, sums taken), the overflowed ones will restart from ireset, the
 * cstatus to restore is kept in *iresume_cstatus and the state's cstatus
 * keeps only the TSC (the caller then runs it as a TSC-only state, writing
 * no register). */
uint32_t perfctr_x86_imode_overflow(const struct perfctr_x86_cpu *cpu,
                                    struct perfctr_x86_cache *cache,
                                    struct perfctr_x86_state *state, uint32_t *iresume_cstatus);
/* VPERFCTR_IRESUME: -EPERM without an overflow to resume from; else the
 * counters' cstatus is back (the caller samples the TSC-only state first
 * and resumes after: the i-mode counters are written again). */
int perfctr_x86_iresume(struct perfctr_x86_state *state, uint32_t *iresume_cstatus);
/* The overflow interrupt's handling once its mask is known (what
 * perfctr_x86_imode_overflow does after reading the counters): -EINVAL,
 * nothing changed, when mask is 0 or names a counter that is not one of
 * the state's running i-mode counters. The module's test injection
 * (test_inject=1) calls it with a chosen mask. */
int perfctr_x86_imode_take(const struct perfctr_x86_cpu *cpu, struct perfctr_x86_cache *cache,
                           struct perfctr_x86_state *state, uint32_t mask,
                           uint32_t *iresume_cstatus);
/* VPERFCTR_CONTROL with preserve: new keeps old's TSC sum and the sums of
 * the counters at the same index on the same counter. old_cstatus is the
 * old control's own cstatus: after an overflow, the one IRESUME would
 * restore (the page's keeps only the TSC), so that no sum is lost. */
void perfctr_x86_carry_sums(const struct perfctr_x86_state *old, uint32_t old_cstatus,
                            struct perfctr_x86_state *new);

/* HT P4: whether the CPU whose initial APIC id this is is a second thread
 * (forbidden: only thread 0 of a core may touch the shared registers). */
bool perfctr_x86_p4_thread_forbidden(uint32_t apic_id, uint32_t threads_per_core);

/* The checks every family shares (x86_check_common.c). */
int perfctr_x86_check_counts(const struct perfctr_cpu_control *control, uint32_t nr_counters,
                             bool interrupts);
int perfctr_x86_check_ireset(const struct perfctr_cpu_control *control);
/* -EINVAL for an i-mode counter whose threshold is below
 * PERFCTR_UNPRIVILEGED_OVERFLOW_THRESHOLD_MIN (perfctr_imode_floor.h)
 * unless may_interrupt_often (the caller has CAP_PERFMON or
 * CAP_SYS_ADMIN); a bad control's errno, as for every rule here. The
 * virtual counters' CONTROL runs it before the family's validator. */
int perfctr_x86_check_ireset_floor(const struct perfctr_cpu_control *control,
                                   bool may_interrupt_often);
int perfctr_x86_check_map(const struct perfctr_cpu_control *control, uint32_t (*index_of)(uint32_t),
                          uint32_t nr_indices);

#endif
