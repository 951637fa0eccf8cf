// SPDX-License-Identifier: BSD-3-Clause
/* The counter driver: see rv_pmu.h. */
#include "rv_pmu.h"
#include "rv_sbi.h"

#define RV_ALL_HARDWARE_COUNTERS 0xfffffffdu /* every counter but time (bit 1) */

static int trapped(struct rv_pmu *pmu, enum rv_trap trap)
{
	pmu->last_trap = (unsigned)trap;
	return RV_PMU_TRAPPED;
}

static int sbi_failed(struct rv_pmu *pmu, long error)
{
	pmu->sbi_error = error;
	return RV_PMU_SBI_FAILED;
}

RV_CSR_INLINE unsigned select_of(const struct rv_counter *counter)
{
	return RV_SISELECT_COUNTER_0 + counter->index;
}

/* The high half's alias of an sireg on RV32 (sireg4 for sireg, sireg5 for
 * sireg2). */
RV_CSR_INLINE unsigned high_alias(unsigned sireg)
{
	return sireg == RV_CSR_SIREG ? RV_CSR_SIREG4 : RV_CSR_SIREG5;
}

/* Whether sireg has a high half: on RV32, the counter's always (sireg4),
 * the selector's only with Sscofpmf (mhpmeventh, sireg5), which the probe
 * found; without it the selector is 32 bits and sireg5 is illegal. */
RV_CSR_INLINE bool has_high_half(const struct rv_pmu *pmu, unsigned sireg)
{
	return pmu->hart.xlen == 32 && (sireg == RV_CSR_SIREG || pmu->selector_high);
}

RV_CSR_INLINE int delegated_write(struct rv_pmu *pmu, const struct rv_counter *counter,
                                  unsigned sireg, uint64_t value)
{
	enum rv_trap trap = rv_ind_write(&pmu->hart, select_of(counter), sireg,
	                                 pmu->hart.xlen == 32 ? value & 0xffffffffu : value);
	if (trap == RV_TRAP_NONE && has_high_half(pmu, sireg))
		trap = rv_csr_write(&pmu->hart, high_alias(sireg), value >> 32);
	return trap == RV_TRAP_NONE ? RV_PMU_OK : trapped(pmu, trap);
}

/* Reads a 64-bit value as two 32-bit halves on RV32: high, low, high
 * again, until the high half held still (the counter may carry between). */
static int split_read(struct rv_pmu *pmu, unsigned low_csr, unsigned high_csr, uint64_t *value)
{
	uint64_t high = 0, low = 0, again = 0;
	enum rv_trap trap;
	do {
		if ((trap = rv_csr_read(&pmu->hart, high_csr, &high)) != RV_TRAP_NONE ||
		    (trap = rv_csr_read(&pmu->hart, low_csr, &low)) != RV_TRAP_NONE ||
		    (trap = rv_csr_read(&pmu->hart, high_csr, &again)) != RV_TRAP_NONE)
			return trapped(pmu, trap);
	} while (high != again);
	*value = high << 32 | (low & 0xffffffffu);
	return RV_PMU_OK;
}

RV_CSR_INLINE int delegated_read(struct rv_pmu *pmu, const struct rv_counter *counter,
                                 unsigned sireg, uint64_t *value)
{
	enum rv_trap trap = rv_csr_write(&pmu->hart, RV_CSR_SISELECT, select_of(counter));
	if (trap != RV_TRAP_NONE)
		return trapped(pmu, trap);
	if (has_high_half(pmu, sireg))
		return split_read(pmu, sireg, high_alias(sireg), value);
	trap = rv_csr_read(&pmu->hart, sireg, value);
	if (pmu->hart.xlen == 32)
		*value &= 0xffffffffu;
	return trap == RV_TRAP_NONE ? RV_PMU_OK : trapped(pmu, trap);
}

/* Sets (inhibit) or clears counter's bit of scountinhibit. */
RV_CSR_INLINE int inhibit(struct rv_pmu *pmu, const struct rv_counter *counter, bool stopped)
{
	uint64_t bits = 0;
	enum rv_trap trap = rv_csr_read(&pmu->hart, RV_CSR_SCOUNTINHIBIT, &bits);
	if (trap != RV_TRAP_NONE)
		return trapped(pmu, trap);
	uint64_t bit = 1ull << counter->index;
	trap = rv_csr_write(&pmu->hart, RV_CSR_SCOUNTINHIBIT, stopped ? bits | bit : bits & ~bit);
	return trap == RV_TRAP_NONE ? RV_PMU_OK : trapped(pmu, trap);
}

int rv_pmu_probe(struct rv_pmu *pmu, const struct rv_hart *hart)
{
	*pmu = (struct rv_pmu){.hart = *hart};
	struct rv_sbi_ret ret =
	    rv_sbi_call(hart, RV_SBI_EXT_PMU, RV_SBI_PMU_NUM_COUNTERS, 0, 0, 0, 0, 0);
	if (ret.error != RV_SBI_SUCCESS)
		return sbi_failed(pmu, ret.error);
	pmu->sbi_counters = ret.value;

	uint64_t saved = 0, shown = 0;
	if (rv_csr_read(hart, RV_CSR_SCOUNTINHIBIT, &saved) != RV_TRAP_NONE)
		return RV_PMU_OK; /* CDE=0 or no Ssccfg: everything through SBI */
	if (rv_csr_write(hart, RV_CSR_SCOUNTINHIBIT, RV_ALL_HARDWARE_COUNTERS) != RV_TRAP_NONE ||
	    rv_csr_read(hart, RV_CSR_SCOUNTINHIBIT, &shown) != RV_TRAP_NONE ||
	    rv_csr_write(hart, RV_CSR_SCOUNTINHIBIT, saved) != RV_TRAP_NONE)
		return RV_PMU_OK;
	/* mstateen0 bit 60 may still keep siselect from S-mode. */
	if (rv_csr_write(hart, RV_CSR_SISELECT, RV_SISELECT_COUNTER_0) != RV_TRAP_NONE)
		return RV_PMU_OK;
	pmu->delegation = true;
	pmu->delegated = (uint32_t)(shown & RV_ALL_HARDWARE_COUNTERS);
	/* On RV32 the selectors' high halves (mhpmeventh, through sireg5)
	 * exist with Sscofpmf only: ask a delegated programmable counter. */
	uint32_t programmable = pmu->delegated & ~7u;
	if (hart->xlen == 32 && programmable) {
		unsigned first = 3;
		while (!(programmable >> first & 1u))
			first++;
		uint64_t high = 0;
		pmu->selector_high = rv_csr_write(hart, RV_CSR_SISELECT,
		                                  RV_SISELECT_COUNTER_0 + first) == RV_TRAP_NONE &&
		                     rv_csr_read(hart, RV_CSR_SIREG5, &high) == RV_TRAP_NONE;
	}
	return RV_PMU_OK;
}

/* The selector bits that match SBI's inhibit flags (Sscofpmf). */
static uint64_t selector_inhibits(unsigned long flags)
{
	return (flags & RV_SBI_CFG_SET_VUINH ? RV_HPMEVENT_VUINH : 0) |
	       (flags & RV_SBI_CFG_SET_VSINH ? RV_HPMEVENT_VSINH : 0) |
	       (flags & RV_SBI_CFG_SET_UINH ? RV_HPMEVENT_UINH : 0) |
	       (flags & RV_SBI_CFG_SET_SINH ? RV_HPMEVENT_SINH : 0);
}

/* Whether fixed counter index (0 or 2) runs: its scountinhibit bit where
 * delegated; elsewhere S-mode cannot see mcountinhibit, so two reads of
 * the counter with instructions between (cycle and instret count every
 * mode unless Smcntrpmf says otherwise): a running one has moved. Reads
 * only: nothing of the counter is written. */
static bool fixed_counter_running(struct rv_pmu *pmu, unsigned index)
{
	uint64_t bits = 0, first = 0, second = 0;
	if (pmu->delegation && (pmu->delegated >> index & 1u))
		return rv_csr_read(&pmu->hart, RV_CSR_SCOUNTINHIBIT, &bits) == RV_TRAP_NONE &&
		       !(bits >> index & 1u);
	if (rv_csr_read(&pmu->hart, RV_CSR_CYCLE + index, &first) != RV_TRAP_NONE)
		return false; /* unreadable: S-mode cannot use it for reads either */
	rv_csr_read(&pmu->hart, RV_CSR_CYCLE + index, &second);
	return first != second;
}

int rv_counter_obtain(struct rv_pmu *pmu, const struct rv_counter_request *request,
                      struct rv_counter *counter)
{
	unsigned long mask =
	    pmu->sbi_counters >= sizeof(unsigned long) * 8 ? ~0ul : (1ul << pmu->sbi_counters) - 1;
	if (request->counters)
		mask &= request->counters;
	/* No CLEAR_VALUE: start sets the value anyway, and firmware may
	 * answer with a counter someone holds (below). */
	struct rv_sbi_ret ret =
	    rv_sbi_call(&pmu->hart, RV_SBI_EXT_PMU, RV_SBI_PMU_COUNTER_CONFIG_MATCHING, 0, mask,
	                request->inhibit_flags, request->event_index, request->event_data);
	if (ret.error == RV_SBI_ERR_NOT_SUPP)
		return RV_PMU_NO_COUNTER;
	if (ret.error != RV_SBI_SUCCESS)
		return sbi_failed(pmu, ret.error);
	/* OpenSBI gives cycles and instructions their fixed counter when no
	 * programmable one is free, whatever the mask says: a counter the
	 * caller left out is someone's. Nothing more is asked of firmware
	 * (stopping it would stop it for its holder). */
	if (ret.value >= sizeof(unsigned long) * 8 || !(mask >> ret.value & 1ul))
		return RV_PMU_NO_COUNTER;
	*counter = (struct rv_counter){.index = (unsigned)ret.value};
	/* The same fallback hands out a fixed counter another owner (perf)
	 * already runs: taking it would reset that owner's count at our
	 * start. A counter nobody holds is stopped (Linux stops every
	 * counter at boot and starts only its events'), so a running one is
	 * someone's: refused, and left untouched. */
	if (counter->index < 3 && fixed_counter_running(pmu, counter->index))
		return RV_PMU_NO_COUNTER;
	/* Which kind of counter: counter_get_info's type bit says. Firmware
	 * counters follow the hardware ones with no gap (OpenSBI numbers
	 * them from its last implemented mhpmcounter + 1), so an index below
	 * 32 may be one. */
	struct rv_sbi_ret info = rv_sbi_call(
	    &pmu->hart, RV_SBI_EXT_PMU, RV_SBI_PMU_COUNTER_GET_INFO, counter->index, 0, 0, 0, 0);
	if (info.error != RV_SBI_SUCCESS) {
		/* Give the counter back: the caller will not know its index. */
		rv_sbi_call(&pmu->hart, RV_SBI_EXT_PMU, RV_SBI_PMU_COUNTER_STOP, counter->index, 1,
		            RV_SBI_STOP_RESET, 0, 0);
		return sbi_failed(pmu, info.error);
	}
	counter->firmware = (info.value & RV_SBI_INFO_FIRMWARE) != 0;
	counter->delegated = !counter->firmware && counter->index < RV_COUNTERS &&
	                     (pmu->delegated >> counter->index & 1u);
	if (!counter->delegated || counter->index < 3)
		return RV_PMU_OK;
	/* A raw event's selector is the caller's: S-mode writes it itself.
	 * For the others firmware knows the selector; S-mode owns it from
	 * now on, with the privilege filter the caller asked for. */
	uint64_t selector = request->event_data;
	if (RV_SBI_EVENT_TYPE(request->event_index) != RV_SBI_TYPE_RAW) {
		int status = delegated_read(pmu, counter, RV_CSR_SIREG2, &selector);
		if (status != RV_PMU_OK)
			return status;
	}
	return rv_counter_program(pmu, counter,
	                          selector | selector_inhibits(request->inhibit_flags));
}

int rv_counter_program(struct rv_pmu *pmu, const struct rv_counter *counter, uint64_t selector)
{
	if (!counter->delegated)
		return RV_PMU_NO_COUNTER;
	return delegated_write(pmu, counter, RV_CSR_SIREG2, selector);
}

int rv_counter_start(struct rv_pmu *pmu, const struct rv_counter *counter, uint64_t initial)
{
	if (counter->delegated) {
		int status = delegated_write(pmu, counter, RV_CSR_SIREG, initial);
		return status != RV_PMU_OK ? status : inhibit(pmu, counter, false);
	}
	struct rv_sbi_ret ret =
	    rv_sbi_call(&pmu->hart, RV_SBI_EXT_PMU, RV_SBI_PMU_COUNTER_START, counter->index, 1,
	                RV_SBI_START_SET_INIT_VALUE, (unsigned long)initial, 0);
	return ret.error == RV_SBI_SUCCESS ? RV_PMU_OK : sbi_failed(pmu, ret.error);
}

/* SBI stop, with firmware's answer: SBI_ERR_ALREADY_STOPPED tells a
 * counter that was stopped (S-mode cannot see a non-delegated counter's
 * inhibit bit otherwise). */
static long sbi_stop(struct rv_pmu *pmu, const struct rv_counter *counter)
{
	return rv_sbi_call(&pmu->hart, RV_SBI_EXT_PMU, RV_SBI_PMU_COUNTER_STOP, counter->index, 1,
	                   0, 0, 0)
	    .error;
}

int rv_counter_stop(struct rv_pmu *pmu, const struct rv_counter *counter)
{
	if (counter->delegated)
		return inhibit(pmu, counter, true);
	long error = sbi_stop(pmu, counter);
	return error == RV_SBI_SUCCESS || error == RV_SBI_ERR_STOPPED ? RV_PMU_OK
	                                                              : sbi_failed(pmu, error);
}

int rv_counter_read(struct rv_pmu *pmu, const struct rv_counter *counter, uint64_t *value)
{
	if (counter->delegated)
		return delegated_read(pmu, counter, RV_CSR_SIREG, value);
	if (counter->firmware) {
		struct rv_sbi_ret ret =
		    rv_sbi_call(&pmu->hart, RV_SBI_EXT_PMU, RV_SBI_PMU_COUNTER_FW_READ,
		                counter->index, 0, 0, 0, 0);
		if (ret.error != RV_SBI_SUCCESS)
			return sbi_failed(pmu, ret.error);
		*value = ret.value;
		return RV_PMU_OK;
	}
	/* A hardware counter M-mode did not delegate: S-mode reads it as
	 * Linux does, if mcounteren lets it. */
	unsigned csr = RV_CSR_CYCLE + counter->index;
	int status = pmu->hart.xlen == 32
	                 ? split_read(pmu, csr, csr + 0x80, value)
	                 : (rv_csr_read(&pmu->hart, csr, value) == RV_TRAP_NONE ? RV_PMU_OK
	                                                                        : RV_PMU_TRAPPED);
	return status == RV_PMU_TRAPPED ? RV_PMU_UNREADABLE : status;
}

int rv_counter_reload(struct rv_pmu *pmu, const struct rv_counter *counter, uint64_t value)
{
	if (counter->delegated)
		return delegated_write(pmu, counter, RV_CSR_SIREG, value);
	/* Without delegation only firmware writes a counter, and only SBI
	 * start sets its value: stop, start from the value, and if it was
	 * stopped, stop it again (it counts the events of the second
	 * ecall's path meanwhile, as SBI allows no better). */
	long error = sbi_stop(pmu, counter);
	if (error != RV_SBI_SUCCESS && error != RV_SBI_ERR_STOPPED)
		return sbi_failed(pmu, error);
	int status = rv_counter_start(pmu, counter, value);
	return status != RV_PMU_OK || error != RV_SBI_ERR_STOPPED ? status
	                                                          : rv_counter_stop(pmu, counter);
}

int rv_pmu_overflowed(struct rv_pmu *pmu, uint32_t *counters)
{
	uint64_t bits = 0;
	enum rv_trap trap = rv_csr_read(&pmu->hart, RV_CSR_SCOUNTOVF, &bits);
	if (trap != RV_TRAP_NONE)
		return trapped(pmu, trap);
	*counters = (uint32_t)bits;
	return RV_PMU_OK;
}

int rv_counter_rearm(struct rv_pmu *pmu, const struct rv_counter *counter, uint64_t value)
{
	if (!counter->delegated)
		return rv_counter_reload(pmu, counter, value); /* SBI start clears OF (OpenSBI) */
	uint64_t selector = 0;
	int status = delegated_read(pmu, counter, RV_CSR_SIREG2, &selector);
	if (status == RV_PMU_OK && (selector & RV_HPMEVENT_OF))
		status = delegated_write(pmu, counter, RV_CSR_SIREG2, selector & ~RV_HPMEVENT_OF);
	return status != RV_PMU_OK ? status : delegated_write(pmu, counter, RV_CSR_SIREG, value);
}

int rv_counter_release(struct rv_pmu *pmu, const struct rv_counter *counter)
{
	if (counter->delegated) {
		int status = inhibit(pmu, counter, true);
		if (status != RV_PMU_OK)
			return status;
	}
	struct rv_sbi_ret ret = rv_sbi_call(&pmu->hart, RV_SBI_EXT_PMU, RV_SBI_PMU_COUNTER_STOP,
	                                    counter->index, 1, RV_SBI_STOP_RESET, 0, 0);
	return ret.error == RV_SBI_SUCCESS || ret.error == RV_SBI_ERR_STOPPED
	           ? RV_PMU_OK
	           : sbi_failed(pmu, ret.error);
}

int rv_counter_user_access(struct rv_pmu *pmu, const struct rv_counter *counter, bool allowed)
{
	if (counter->firmware)
		return RV_PMU_UNREADABLE; /* no CSR: only SBI reads a firmware counter */
	uint64_t enabled = 0;
	enum rv_trap trap = rv_csr_read(&pmu->hart, RV_CSR_SCOUNTEREN, &enabled);
	if (trap != RV_TRAP_NONE)
		return trapped(pmu, trap);
	uint64_t bit = 1ull << counter->index;
	trap =
	    rv_csr_write(&pmu->hart, RV_CSR_SCOUNTEREN, allowed ? enabled | bit : enabled & ~bit);
	return trap == RV_TRAP_NONE ? RV_PMU_OK : trapped(pmu, trap);
}

int rv_counter_pause(struct rv_pmu *pmu, const struct rv_counter *counter, bool *was_running)
{
	if (counter->delegated) {
		uint64_t bits = 0;
		enum rv_trap trap = rv_csr_read(&pmu->hart, RV_CSR_SCOUNTINHIBIT, &bits);
		if (trap != RV_TRAP_NONE)
			return trapped(pmu, trap);
		*was_running = !(bits >> counter->index & 1u);
		if (*was_running)
			trap = rv_csr_write(&pmu->hart, RV_CSR_SCOUNTINHIBIT,
			                    bits | 1ull << counter->index);
		return trap == RV_TRAP_NONE ? RV_PMU_OK : trapped(pmu, trap);
	}
	long error = sbi_stop(pmu, counter);
	*was_running = error == RV_SBI_SUCCESS;
	return error == RV_SBI_SUCCESS || error == RV_SBI_ERR_STOPPED ? RV_PMU_OK
	                                                              : sbi_failed(pmu, error);
}

int rv_counter_resume(struct rv_pmu *pmu, const struct rv_counter *counter)
{
	if (counter->delegated)
		return inhibit(pmu, counter, false);
	struct rv_sbi_ret ret = rv_sbi_call(&pmu->hart, RV_SBI_EXT_PMU, RV_SBI_PMU_COUNTER_START,
	                                    counter->index, 1, 0, 0, 0);
	return ret.error == RV_SBI_SUCCESS || ret.error == RV_SBI_ERR_STARTED
	           ? RV_PMU_OK
	           : sbi_failed(pmu, ret.error);
}
