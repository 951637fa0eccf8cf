// SPDX-License-Identifier: BSD-3-Clause
/* The counter driver of the riscv component's kernel side, written against
 * the CSR layer (rv_csr.h) so that it runs unchanged in the kernel module
 * and, in user space, against the model of the counter delegation rules.
 *
 * A counter is obtained from the SBI PMU (one ecall: firmware knows which
 * counter can count which event). From then on, a counter M-mode delegated
 * (Smcdeleg: menvcfg.CDE=1 and its mcounteren bit) is driven by S-mode
 * alone: its event selector and value through siselect = 0x40 + i and
 * sireg/sireg2 (sireg4/sireg5 for the high halves on RV32), start and stop
 * through scountinhibit. No ecall on start, stop, read or reload. A counter
 * that is not delegated, or a hart without delegation, goes through the
 * SBI calls as Linux's SBI PMU driver does.
 *
 * Callers keep siselect and scountinhibit to themselves while a call runs
 * (the module disables interrupts on the hart): both are read, changed and
 * written back. Freestanding: no C library. */
#ifndef PAPILLON_RV_PMU_H
#define PAPILLON_RV_PMU_H

#include "rv_csr.h" /* and the integer types, in a kernel or not */

enum rv_pmu_status {
	RV_PMU_OK = 0,
	RV_PMU_TRAPPED = -1,    /* an access trapped: the hart is not what the probe saw */
	RV_PMU_SBI_FAILED = -2, /* the SBI call returned an error (rv_pmu.sbi_error) */
	RV_PMU_NO_COUNTER = -3, /* no counter can count the event */
	RV_PMU_UNREADABLE = -4, /* S-mode may not read this counter (not in mcounteren) */
};

struct rv_pmu {
	struct rv_hart hart;
	/* scountinhibit answered: M-mode enabled counter delegation. */
	bool delegation;
	/* Counters S-mode drives itself (bit i: counter i). */
	uint32_t delegated;
	/* Counters the SBI PMU has, hardware then firmware (num_counters). */
	unsigned long sbi_counters;
	/* RV32: the event selectors have a high half (mhpmeventh, sireg5),
	 * which exists with Sscofpmf only. */
	bool selector_high;
	long sbi_error;     /* the last SBI error */
	unsigned last_trap; /* the last trap's exception code */
};

struct rv_counter {
	/* SBI counter index: the hardware counters (CSR 0xc00 + i), then the
	 * firmware ones, numbered on from the last hardware counter. */
	unsigned index;
	bool delegated;
	bool firmware;
};

/* What the caller asks the counter not to count, as SBI's config flags
 * (RV_SBI_CFG_SET_UINH...), and the matching selector bits (Sscofpmf). */
struct rv_counter_request {
	unsigned long event_index; /* RV_SBI_EVENT_INDEX(type, code) */
	unsigned long event_data;  /* the raw selector for RV_SBI_TYPE_RAW */
	unsigned long inhibit_flags;
	/* The counters firmware may choose from (bit i: counter i), 0: any.
	 * Bit 2 alone asks for instret itself, which firmware programs with
	 * no selector of its own (hpmcounters it programs get MINH). */
	unsigned long counters;
};

/* Learns whether M-mode delegated counters, and which: scountinhibit's
 * bits of counters not delegated read zero, so writing ones and reading
 * back shows the delegated set (then scountinhibit is restored: a
 * delegated counter that was running pauses for the few instructions in
 * between, so the module probes once, at load). */
int rv_pmu_probe(struct rv_pmu *pmu, const struct rv_hart *hart);

int rv_counter_obtain(struct rv_pmu *pmu, const struct rv_counter_request *request,
                      struct rv_counter *counter);
/* Programs a delegated counter's event selector (sireg2, sireg5 on RV32). */
int rv_counter_program(struct rv_pmu *pmu, const struct rv_counter *counter, uint64_t selector);
int rv_counter_start(struct rv_pmu *pmu, const struct rv_counter *counter, uint64_t initial);
int rv_counter_stop(struct rv_pmu *pmu, const struct rv_counter *counter);
int rv_counter_read(struct rv_pmu *pmu, const struct rv_counter *counter, uint64_t *value);
/* Sets a counter's value, running or not (the overflow reload). */
int rv_counter_reload(struct rv_pmu *pmu, const struct rv_counter *counter, uint64_t value);
/* Stops the counter and gives it back to the SBI PMU. */
int rv_counter_release(struct rv_pmu *pmu, const struct rv_counter *counter);
/* The overflow interrupt's work (Sscofpmf). overflowed: the counters
 * whose OF bit is set (scountovf, which shows S-mode the counters it may
 * see). rearm: clears a counter's OF bit, so that its next overflow
 * interrupts again, and sets its value: through sireg2 and sireg for a
 * delegated counter, no ecall; through SBI stop and start otherwise. */
int rv_pmu_overflowed(struct rv_pmu *pmu, uint32_t *counters);
int rv_counter_rearm(struct rv_pmu *pmu, const struct rv_counter *counter, uint64_t value);
/* Lets user mode read the counter with csrr (scounteren), or not. */
int rv_counter_user_access(struct rv_pmu *pmu, const struct rv_counter *counter, bool allowed);
/* A context switch's stop and start (rv_switch.h). pause stops the
 * counter if it runs and says whether it did (*was_running): its
 * scountinhibit bit when delegated, SBI stop's answer otherwise (already
 * stopped or not). resume starts it again from the value it holds:
 * scountinhibit, or SBI start without an initial value. */
int rv_counter_pause(struct rv_pmu *pmu, const struct rv_counter *counter, bool *was_running);
int rv_counter_resume(struct rv_pmu *pmu, const struct rv_counter *counter);

#endif
