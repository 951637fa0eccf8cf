// SPDX-License-Identifier: BSD-3-Clause
/* The counter driver (rv_pmu.c) against the hart model: with delegation,
 * start, stop, read and reload of a delegated counter make no SBI call
 * (the model counts every ecall) and the counts are exact; without it, or
 * for a counter M-mode kept, the driver falls back to SBI calls. */
#include <CUnit/Basic.h>

#include "unit_assert.h"

#include "rv_model.h"
#include "rv_pmu.h"
#include "rv_sbi.h"

#define DELEGATE_ALL 0xfffffffdull /* every counter but time */
/* An SBI cache event (L1D read miss): the model's firmware puts it on a
 * programmable counter (3..31). */
#define L1D_READ_MISS                                                                              \
	RV_SBI_EVENT_INDEX(RV_SBI_TYPE_CACHE,                                                      \
	                   RV_SBI_CACHE_CODE(0, RV_SBI_CACHE_READ, RV_SBI_CACHE_MISS))
#define HW_CPU_CYCLES RV_SBI_EVENT_INDEX(RV_SBI_TYPE_HARDWARE, 1)

static void probe(struct rv_model *model, struct rv_pmu *pmu)
{
	struct rv_hart hart;
	rv_model_hart(model, &hart);
	CU_ASSERT_EQUAL_FATAL(rv_pmu_probe(pmu, &hart), RV_PMU_OK);
}

static void test_probe_finds_the_delegated_counters(void)
{
	struct rv_model model;
	struct rv_pmu pmu;
	rv_model_init(&model, 64, RV_EXT_ALL);
	rv_model_delegate(&model, 1u << 0 | 1u << 3 | 1u << 7);
	model.mcountinhibit = 1u << 5; /* the probe leaves it as it was */
	probe(&model, &pmu);
	CU_ASSERT_TRUE(pmu.delegation);
	CU_ASSERT_EQUAL(pmu.delegated, 1u << 0 | 1u << 3 | 1u << 7);
	CU_ASSERT_EQUAL(model.mcountinhibit, 1u << 5);
	CU_ASSERT_EQUAL(pmu.sbi_counters, RV_COUNTERS + RV_MODEL_FIRMWARE_COUNTERS);
}

static void test_probe_without_delegation(void)
{
	struct rv_model model;
	struct rv_pmu pmu;
	rv_model_init(&model, 64, RV_EXT_ALL); /* CDE = 0 */
	probe(&model, &pmu);
	CU_ASSERT_FALSE(pmu.delegation);
	CU_ASSERT_EQUAL(pmu.delegated, 0);

	/* CDE = 1 but mstateen0 keeps siselect from S-mode. */
	rv_model_delegate(&model, DELEGATE_ALL);
	model.mstateen0 = 0;
	probe(&model, &pmu);
	CU_ASSERT_FALSE(pmu.delegation);
}

static void test_delegated_counter_needs_no_ecall(void)
{
	struct rv_model model;
	struct rv_pmu pmu;
	struct rv_counter counter;
	uint64_t value = 0;
	rv_model_init(&model, 64, RV_EXT_ALL);
	rv_model_delegate(&model, DELEGATE_ALL);
	probe(&model, &pmu);
	const struct rv_counter_request request = {.event_index = L1D_READ_MISS,
	                                           .inhibit_flags = RV_SBI_CFG_SET_SINH};
	CU_ASSERT_EQUAL_FATAL(rv_counter_obtain(&pmu, &request, &counter), RV_PMU_OK);
	CU_ASSERT_TRUE(counter.delegated);
	CU_ASSERT_TRUE(counter.index >= 3);
	/* The selector firmware chose, with the filter S-mode wrote. */
	CU_ASSERT_EQUAL(model.selector[counter.index],
	                rv_model_selector_of(L1D_READ_MISS, 0) | RV_HPMEVENT_SINH);

	unsigned ecalls = model.ecalls;
	CU_ASSERT_EQUAL(rv_counter_start(&pmu, &counter, 0), RV_PMU_OK);
	rv_model_run(&model, 1000);
	CU_ASSERT_EQUAL(rv_counter_read(&pmu, &counter, &value), RV_PMU_OK);
	CU_ASSERT_EQUAL(value, 1000);
	CU_ASSERT_EQUAL(rv_counter_stop(&pmu, &counter), RV_PMU_OK);
	rv_model_run(&model, 500);
	CU_ASSERT_EQUAL(rv_counter_read(&pmu, &counter, &value), RV_PMU_OK);
	CU_ASSERT_EQUAL(value, 1000);
	CU_ASSERT_EQUAL(rv_counter_reload(&pmu, &counter, 7), RV_PMU_OK);
	CU_ASSERT_EQUAL(rv_counter_start(&pmu, &counter, 7), RV_PMU_OK);
	rv_model_run(&model, 3);
	CU_ASSERT_EQUAL(rv_counter_read(&pmu, &counter, &value), RV_PMU_OK);
	CU_ASSERT_EQUAL(value, 10);
	CU_ASSERT_EQUAL(rv_counter_stop(&pmu, &counter), RV_PMU_OK);
	CU_ASSERT_EQUAL(model.ecalls, ecalls);

	CU_ASSERT_EQUAL(rv_counter_release(&pmu, &counter), RV_PMU_OK);
	CU_ASSERT_EQUAL(model.ecalls, ecalls + 1);
	CU_ASSERT_EQUAL(model.sbi_allocated >> counter.index & 1u, 0);
}

static void test_delegated_raw_event_and_cycles(void)
{
	struct rv_model model;
	struct rv_pmu pmu;
	struct rv_counter raw, cycles;
	uint64_t value = 0;
	rv_model_init(&model, 64, RV_EXT_ALL);
	rv_model_delegate(&model, DELEGATE_ALL);
	probe(&model, &pmu);
	const struct rv_counter_request raw_request = {
	    .event_index = RV_SBI_EVENT_INDEX(RV_SBI_TYPE_RAW, 0), .event_data = 0x1234};
	const struct rv_counter_request cycle_request = {.event_index = HW_CPU_CYCLES};
	CU_ASSERT_EQUAL_FATAL(rv_counter_obtain(&pmu, &raw_request, &raw), RV_PMU_OK);
	CU_ASSERT_EQUAL_FATAL(rv_counter_obtain(&pmu, &cycle_request, &cycles), RV_PMU_OK);
	CU_ASSERT_EQUAL(model.selector[raw.index], 0x1234);
	CU_ASSERT_EQUAL(cycles.index, 0);
	CU_ASSERT_TRUE(cycles.delegated);

	unsigned ecalls = model.ecalls;
	CU_ASSERT_EQUAL(rv_counter_start(&pmu, &cycles, 0), RV_PMU_OK);
	CU_ASSERT_EQUAL(rv_counter_start(&pmu, &raw, 0), RV_PMU_OK);
	rv_model_run(&model, 42);
	CU_ASSERT_EQUAL(rv_counter_stop(&pmu, &cycles), RV_PMU_OK);
	rv_model_run(&model, 8);
	CU_ASSERT_EQUAL(rv_counter_read(&pmu, &cycles, &value), RV_PMU_OK);
	CU_ASSERT_EQUAL(value, 42);
	CU_ASSERT_EQUAL(rv_counter_read(&pmu, &raw, &value), RV_PMU_OK);
	CU_ASSERT_EQUAL(value, 50);
	/* A new selector, written by S-mode alone. */
	CU_ASSERT_EQUAL(rv_counter_program(&pmu, &raw, 0x99), RV_PMU_OK);
	CU_ASSERT_EQUAL(model.selector[raw.index], 0x99);
	CU_ASSERT_EQUAL(model.ecalls, ecalls);
}

static void test_rv32_halves(void)
{
	struct rv_model model;
	struct rv_pmu pmu;
	struct rv_counter counter;
	uint64_t value = 0;
	rv_model_init(&model, 32, RV_EXT_ALL);
	rv_model_delegate(&model, DELEGATE_ALL);
	probe(&model, &pmu);
	const struct rv_counter_request request = {.event_index = L1D_READ_MISS,
	                                           .inhibit_flags = RV_SBI_CFG_SET_UINH};
	CU_ASSERT_EQUAL_FATAL(rv_counter_obtain(&pmu, &request, &counter), RV_PMU_OK);
	/* UINH is bit 60: the high half, written through sireg5. */
	CU_ASSERT_EQUAL(model.selector[counter.index] & RV_HPMEVENT_UINH, RV_HPMEVENT_UINH);
	unsigned ecalls = model.ecalls;
	CU_ASSERT_EQUAL(rv_counter_start(&pmu, &counter, 0xfffffffeull), RV_PMU_OK);
	rv_model_run(&model, 3);
	CU_ASSERT_EQUAL(rv_counter_read(&pmu, &counter, &value), RV_PMU_OK);
	CU_ASSERT_EQUAL(value, 0x100000001ull);
	CU_ASSERT_EQUAL(model.ecalls, ecalls);
}

static void test_without_delegation_sbi_does_it(void)
{
	struct rv_model model;
	struct rv_pmu pmu;
	struct rv_counter counter;
	uint64_t value = 0;
	rv_model_init(&model, 64, RV_EXT_ALL);
	probe(&model, &pmu);
	const struct rv_counter_request request = {.event_index = L1D_READ_MISS};
	CU_ASSERT_EQUAL_FATAL(rv_counter_obtain(&pmu, &request, &counter), RV_PMU_OK);
	CU_ASSERT_FALSE(counter.delegated);
	unsigned ecalls = model.ecalls;
	CU_ASSERT_EQUAL(rv_counter_start(&pmu, &counter, 0), RV_PMU_OK);
	CU_ASSERT_EQUAL(model.ecalls, ecalls + 1);
	rv_model_run(&model, 100);
	/* Reading stays a csrr: mcounteren lets S-mode read it. */
	CU_ASSERT_EQUAL(rv_counter_read(&pmu, &counter, &value), RV_PMU_OK);
	CU_ASSERT_EQUAL(value, 100);
	CU_ASSERT_EQUAL(model.ecalls, ecalls + 1);
	CU_ASSERT_EQUAL(rv_counter_stop(&pmu, &counter), RV_PMU_OK);
	CU_ASSERT_EQUAL(model.ecalls, ecalls + 2);
	/* Stopped: stop (already stopped), start at 5, stop again. */
	CU_ASSERT_EQUAL(rv_counter_reload(&pmu, &counter, 5), RV_PMU_OK);
	CU_ASSERT_EQUAL(model.ecalls, ecalls + 5);
	CU_ASSERT_EQUAL(model.counter[counter.index], 5);
	/* A selector is firmware's to write here. */
	CU_ASSERT_EQUAL(rv_counter_program(&pmu, &counter, 0x99), RV_PMU_NO_COUNTER);
}

/* Found by components/riscv/tests/fuzz/fuzz_riscv_pmu.c: without delegation, reload was
 * SBI stop then start, which left a stopped counter running. */
static void test_sbi_reload_keeps_the_counter_as_it_was(void)
{
	struct rv_model model;
	struct rv_pmu pmu;
	struct rv_counter counter;
	uint64_t value = 0;
	rv_model_init(&model, 64, RV_EXT_ALL);
	probe(&model, &pmu);
	const struct rv_counter_request request = {.event_index = L1D_READ_MISS};
	CU_ASSERT_EQUAL_FATAL(rv_counter_obtain(&pmu, &request, &counter), RV_PMU_OK);
	CU_ASSERT_FALSE_FATAL(counter.delegated);
	uint64_t bit = 1ull << counter.index;

	CU_ASSERT_EQUAL(rv_counter_start(&pmu, &counter, 0), RV_PMU_OK);
	rv_model_run(&model, 10);
	CU_ASSERT_EQUAL(rv_counter_stop(&pmu, &counter), RV_PMU_OK);
	CU_ASSERT_EQUAL(rv_counter_reload(&pmu, &counter, 100), RV_PMU_OK);
	CU_ASSERT_EQUAL(model.mcountinhibit & bit, bit);
	rv_model_run(&model, 50);
	CU_ASSERT_EQUAL(rv_counter_read(&pmu, &counter, &value), RV_PMU_OK);
	CU_ASSERT_EQUAL(value, 100);

	/* Running, it keeps running from the value. */
	CU_ASSERT_EQUAL(rv_counter_start(&pmu, &counter, 0), RV_PMU_OK);
	CU_ASSERT_EQUAL(rv_counter_reload(&pmu, &counter, 200), RV_PMU_OK);
	CU_ASSERT_EQUAL(model.mcountinhibit & bit, 0);
	rv_model_run(&model, 7);
	CU_ASSERT_EQUAL(rv_counter_read(&pmu, &counter, &value), RV_PMU_OK);
	CU_ASSERT_EQUAL(value, 207);
	/* Stopping twice is no error (firmware says already stopped). */
	CU_ASSERT_EQUAL(rv_counter_stop(&pmu, &counter), RV_PMU_OK);
	CU_ASSERT_EQUAL(rv_counter_stop(&pmu, &counter), RV_PMU_OK);
}

/* Found by the fuzzer: on RV32 without Sscofpmf there is no mhpmeventh,
 * so sireg5 is illegal; obtain wrote the selector's high half through it
 * and trapped after a successful probe. */
static void test_rv32_without_sscofpmf_selector_is_32_bits(void)
{
	struct rv_model model;
	struct rv_pmu pmu;
	struct rv_counter counter;
	uint64_t value = 0;
	rv_model_init(&model, 32, RV_EXT_ALL & ~RV_EXT_SSCOFPMF);
	rv_model_delegate(&model, DELEGATE_ALL);
	probe(&model, &pmu);
	CU_ASSERT_TRUE(pmu.delegation);
	CU_ASSERT_FALSE(pmu.selector_high);
	const struct rv_counter_request request = {.event_index = L1D_READ_MISS};
	CU_ASSERT_EQUAL_FATAL(rv_counter_obtain(&pmu, &request, &counter), RV_PMU_OK);
	CU_ASSERT_TRUE_FATAL(counter.delegated);
	CU_ASSERT_EQUAL(model.selector[counter.index],
	                rv_model_selector_of(L1D_READ_MISS, 0) & 0xffffffffu);
	unsigned ecalls = model.ecalls;
	CU_ASSERT_EQUAL(rv_counter_start(&pmu, &counter, 0xfffffffeull), RV_PMU_OK);
	rv_model_run(&model, 3);
	CU_ASSERT_EQUAL(rv_counter_read(&pmu, &counter, &value), RV_PMU_OK);
	CU_ASSERT_EQUAL(value, 0x100000001ull); /* the counter's halves stay 64 bits */
	CU_ASSERT_EQUAL(rv_counter_reload(&pmu, &counter, 9), RV_PMU_OK);
	CU_ASSERT_EQUAL(rv_counter_release(&pmu, &counter), RV_PMU_OK);
	CU_ASSERT_EQUAL(model.ecalls, ecalls + 1); /* release only */

	/* With Sscofpmf the probe finds the high halves. */
	rv_model_init(&model, 32, RV_EXT_ALL);
	rv_model_delegate(&model, DELEGATE_ALL);
	probe(&model, &pmu);
	CU_ASSERT_TRUE(pmu.selector_high);
}

static void test_counter_m_mode_kept_goes_through_sbi(void)
{
	struct rv_model model;
	struct rv_pmu pmu;
	struct rv_counter kept, delegated;
	uint64_t value = 0;
	rv_model_init(&model, 64, RV_EXT_ALL);
	rv_model_delegate(&model, 1u << 4);
	probe(&model, &pmu);
	const struct rv_counter_request request = {.event_index = L1D_READ_MISS};
	CU_ASSERT_EQUAL_FATAL(rv_counter_obtain(&pmu, &request, &kept), RV_PMU_OK);
	CU_ASSERT_EQUAL_FATAL(rv_counter_obtain(&pmu, &request, &delegated), RV_PMU_OK);
	CU_ASSERT_EQUAL(kept.index, 3);
	CU_ASSERT_FALSE(kept.delegated);
	CU_ASSERT_EQUAL(delegated.index, 4);
	CU_ASSERT_TRUE(delegated.delegated);
	unsigned ecalls = model.ecalls;
	CU_ASSERT_EQUAL(rv_counter_start(&pmu, &kept, 0), RV_PMU_OK);
	CU_ASSERT_EQUAL(rv_counter_start(&pmu, &delegated, 0), RV_PMU_OK);
	CU_ASSERT_EQUAL(model.ecalls, ecalls + 1);
	rv_model_run(&model, 9);
	/* With CDE=1, mcounteren is the delegation: S-mode cannot read a
	 * counter M-mode kept, and says so rather than trapping. */
	CU_ASSERT_EQUAL(rv_counter_read(&pmu, &kept, &value), RV_PMU_UNREADABLE);
	CU_ASSERT_EQUAL(rv_counter_read(&pmu, &delegated, &value), RV_PMU_OK);
	CU_ASSERT_EQUAL(value, 9);
	CU_ASSERT_EQUAL(model.counter[kept.index], 9);
}

static void test_firmware_counter_read_by_sbi(void)
{
	struct rv_model model;
	struct rv_pmu pmu;
	struct rv_counter counter;
	uint64_t value = 0;
	rv_model_init(&model, 64, RV_EXT_ALL);
	rv_model_delegate(&model, DELEGATE_ALL);
	probe(&model, &pmu);
	const struct rv_counter_request request = {
	    .event_index = RV_SBI_EVENT_INDEX(RV_SBI_TYPE_FIRMWARE, 5)}; /* SET_TIMER */
	CU_ASSERT_EQUAL_FATAL(rv_counter_obtain(&pmu, &request, &counter), RV_PMU_OK);
	CU_ASSERT_TRUE(counter.firmware);
	CU_ASSERT_FALSE(counter.delegated);
	model.firmware_counter[counter.index - model.hw_counters] = 3;
	unsigned ecalls = model.ecalls;
	CU_ASSERT_EQUAL(rv_counter_read(&pmu, &counter, &value), RV_PMU_OK);
	CU_ASSERT_EQUAL(value, 3);
	CU_ASSERT_EQUAL(model.ecalls, ecalls + 1);
	CU_ASSERT_EQUAL(rv_counter_user_access(&pmu, &counter, true), RV_PMU_UNREADABLE);
}

/* Firmware counters follow the last hardware counter (OpenSBI numbers
 * them from its last implemented mhpmcounter + 1), so on a hart with
 * mhpmcounter3..18 the first one is 19: the driver asks counter_get_info
 * rather than taking every index below 32 for a hardware counter. */
static void test_firmware_counter_below_32(void)
{
	struct rv_model model;
	struct rv_pmu pmu;
	struct rv_counter fw, hw;
	uint64_t value = 0;
	rv_model_init(&model, 64, RV_EXT_ALL);
	model.hw_counters = 19;
	rv_model_delegate(&model, DELEGATE_ALL);
	probe(&model, &pmu);
	CU_ASSERT_EQUAL(pmu.sbi_counters, 19 + RV_MODEL_FIRMWARE_COUNTERS);
	const struct rv_counter_request firmware = {
	    .event_index = RV_SBI_EVENT_INDEX(RV_SBI_TYPE_FIRMWARE, 6)}; /* IPI_SENT */
	CU_ASSERT_EQUAL_FATAL(rv_counter_obtain(&pmu, &firmware, &fw), RV_PMU_OK);
	CU_ASSERT_EQUAL(fw.index, 19);
	CU_ASSERT_TRUE(fw.firmware);
	CU_ASSERT_FALSE(fw.delegated);
	model.firmware_counter[0] = 42;
	CU_ASSERT_EQUAL(rv_counter_read(&pmu, &fw, &value), RV_PMU_OK);
	CU_ASSERT_EQUAL(value, 42);
	const struct rv_counter_request hardware = {.event_index = L1D_READ_MISS};
	CU_ASSERT_EQUAL_FATAL(rv_counter_obtain(&pmu, &hardware, &hw), RV_PMU_OK);
	CU_ASSERT_EQUAL(hw.index, 3);
	CU_ASSERT_FALSE(hw.firmware);
	CU_ASSERT_TRUE(hw.delegated);
}

/* A request's counters: firmware chooses among those only (the
 * benchmark's meter asks for instret, bit 2, alone). */
static void test_request_limits_the_counters(void)
{
	struct rv_model model;
	struct rv_pmu pmu;
	struct rv_counter first, second;
	rv_model_init(&model, 64, RV_EXT_ALL);
	rv_model_delegate(&model, DELEGATE_ALL);
	probe(&model, &pmu);
	const struct rv_counter_request only_5 = {.event_index = L1D_READ_MISS,
	                                          .counters = 1ul << 5};
	CU_ASSERT_EQUAL_FATAL(rv_counter_obtain(&pmu, &only_5, &first), RV_PMU_OK);
	CU_ASSERT_EQUAL(first.index, 5); /* not 3, the first free one */
	/* Counter 5 is taken: a request for it alone finds none. */
	CU_ASSERT_EQUAL(rv_counter_obtain(&pmu, &only_5, &second), RV_PMU_NO_COUNTER);
	const struct rv_counter_request any = {.event_index = L1D_READ_MISS};
	CU_ASSERT_EQUAL_FATAL(rv_counter_obtain(&pmu, &any, &second), RV_PMU_OK);
	CU_ASSERT_EQUAL(second.index, 3);
}

/* OpenSBI hands out the fixed cycle counter to a request whose mask
 * leaves it out (the module's mask leaves out the counters its files
 * hold): the driver refuses it, asks nothing more of firmware, and the
 * holder's count goes on untouched. */
static void test_fixed_counter_held_is_refused(void)
{
	struct rv_model model;
	struct rv_pmu pmu;
	struct rv_counter held, again;
	rv_model_init(&model, 64, RV_EXT_ALL);
	rv_model_delegate(&model, DELEGATE_ALL);
	model.fixed_counter_fallback = true;
	probe(&model, &pmu);
	const struct rv_counter_request cycles = {.event_index = HW_CPU_CYCLES};
	CU_ASSERT_EQUAL_FATAL(rv_counter_obtain(&pmu, &cycles, &held), RV_PMU_OK);
	CU_ASSERT_EQUAL(held.index, 0);
	CU_ASSERT_EQUAL_FATAL(rv_counter_start(&pmu, &held, 0), RV_PMU_OK);
	rv_model_run(&model, 1000);
	unsigned ecalls = model.ecalls;
	const struct rv_counter_request not_0 = {.event_index = HW_CPU_CYCLES, .counters = ~1ul};
	CU_ASSERT_EQUAL(rv_counter_obtain(&pmu, &not_0, &again), RV_PMU_NO_COUNTER);
	CU_ASSERT_EQUAL(model.ecalls, ecalls + 1); /* config_matching only */
	rv_model_run(&model, 500);
	uint64_t value = 0;
	CU_ASSERT_EQUAL(rv_counter_read(&pmu, &held, &value), RV_PMU_OK);
	CU_ASSERT_EQUAL(value, 1500); /* not cleared, not stopped */
}

static void test_user_access_through_scounteren(void)
{
	struct rv_model model;
	struct rv_pmu pmu;
	struct rv_counter counter;
	uint64_t value = 0;
	rv_model_init(&model, 64, RV_EXT_ALL);
	rv_model_delegate(&model, DELEGATE_ALL);
	probe(&model, &pmu);
	const struct rv_counter_request request = {.event_index = L1D_READ_MISS};
	CU_ASSERT_EQUAL_FATAL(rv_counter_obtain(&pmu, &request, &counter), RV_PMU_OK);
	CU_ASSERT_EQUAL(rv_counter_start(&pmu, &counter, 0), RV_PMU_OK);
	rv_model_run(&model, 11);
	struct rv_hart user;
	rv_model_hart(&model, &user);
	model.priv = RV_PRIV_U;
	CU_ASSERT_EQUAL(rv_csr_read(&user, RV_CSR_CYCLE + counter.index, &value),
	                RV_TRAP_ILLEGAL_INSTRUCTION);
	model.priv = RV_PRIV_S;
	CU_ASSERT_EQUAL(rv_counter_user_access(&pmu, &counter, true), RV_PMU_OK);
	model.priv = RV_PRIV_U;
	CU_ASSERT_EQUAL(rv_csr_read(&user, RV_CSR_CYCLE + counter.index, &value), RV_TRAP_NONE);
	CU_ASSERT_EQUAL(value, 11);
	model.priv = RV_PRIV_S;
	CU_ASSERT_EQUAL(rv_counter_user_access(&pmu, &counter, false), RV_PMU_OK);
	CU_ASSERT_EQUAL(model.scounteren, 0);
}

/* Sscofpmf: a delegated counter that wraps sets OF and interrupts once;
 * the handler finds it in scountovf and re-arms it (OF cleared, value
 * reloaded) without an ecall, and the next wrap interrupts again. */
static void test_overflow_rearm_needs_no_ecall(void)
{
	struct rv_model model;
	struct rv_pmu pmu;
	struct rv_counter counter;
	uint32_t overflowed = 0;
	const uint64_t period = 100, reload = 0 - period;
	rv_model_init(&model, 64, RV_EXT_ALL);
	rv_model_delegate(&model, DELEGATE_ALL);
	probe(&model, &pmu);
	const struct rv_counter_request request = {.event_index = L1D_READ_MISS};
	CU_ASSERT_EQUAL_FATAL(rv_counter_obtain(&pmu, &request, &counter), RV_PMU_OK);
	unsigned ecalls = model.ecalls;
	CU_ASSERT_EQUAL(rv_counter_start(&pmu, &counter, reload), RV_PMU_OK);
	rv_model_run(&model, period - 1);
	CU_ASSERT_EQUAL(rv_pmu_overflowed(&pmu, &overflowed), RV_PMU_OK);
	CU_ASSERT_EQUAL(overflowed, 0);
	rv_model_run(&model, 1);
	CU_ASSERT_EQUAL(model.overflow_interrupts, 1ull << counter.index);
	CU_ASSERT_EQUAL(rv_pmu_overflowed(&pmu, &overflowed), RV_PMU_OK);
	CU_ASSERT_EQUAL(overflowed, 1u << counter.index);
	model.overflow_interrupts = 0;
	CU_ASSERT_EQUAL(rv_counter_rearm(&pmu, &counter, reload), RV_PMU_OK);
	CU_ASSERT_EQUAL(model.selector[counter.index] & RV_HPMEVENT_OF, 0);
	CU_ASSERT_EQUAL(model.counter[counter.index], reload);
	CU_ASSERT_EQUAL(rv_pmu_overflowed(&pmu, &overflowed), RV_PMU_OK);
	CU_ASSERT_EQUAL(overflowed, 0);
	rv_model_run(&model, period);
	CU_ASSERT_EQUAL(model.overflow_interrupts, 1ull << counter.index);
	CU_ASSERT_EQUAL(model.ecalls, ecalls);

	/* Not delegated: the same through SBI (stop, start). */
	rv_model_init(&model, 64, RV_EXT_ALL);
	probe(&model, &pmu);
	CU_ASSERT_EQUAL_FATAL(rv_counter_obtain(&pmu, &request, &counter), RV_PMU_OK);
	CU_ASSERT_EQUAL(rv_counter_start(&pmu, &counter, reload), RV_PMU_OK);
	rv_model_run(&model, period);
	CU_ASSERT_EQUAL(model.selector[counter.index] & RV_HPMEVENT_OF, RV_HPMEVENT_OF);
	ecalls = model.ecalls;
	CU_ASSERT_EQUAL(rv_counter_rearm(&pmu, &counter, reload), RV_PMU_OK);
	CU_ASSERT_EQUAL(model.ecalls, ecalls + 2);
	CU_ASSERT_EQUAL(model.selector[counter.index] & RV_HPMEVENT_OF, 0);
}

/* The module's overflow cycle on the model, delegated and not: a counter
 * armed at 2^64 - 100,000 that counts 2,000,000 events, fed in steps of
 * 1,000, interrupts exactly 20 times when each interrupt re-arms it as
 * the module's handler does (find in scountovf, rv_counter_rearm); the
 * whole count (thresholds passed plus the current part) is 2,000,000. */
static void overflow_cycle(uint64_t delegated)
{
	struct rv_model model;
	struct rv_pmu pmu;
	struct rv_counter counter;
	const uint64_t threshold = 100000, events = 2000000, step = 1000;
	rv_model_init(&model, 64, RV_EXT_ALL);
	if (delegated)
		rv_model_delegate(&model, delegated);
	probe(&model, &pmu);
	const struct rv_counter_request request = {.event_index = L1D_READ_MISS};
	CU_ASSERT_EQUAL_FATAL(rv_counter_obtain(&pmu, &request, &counter), RV_PMU_OK);
	CU_ASSERT_EQUAL(counter.delegated, delegated != 0);
	CU_ASSERT_EQUAL(rv_counter_start(&pmu, &counter, 0), RV_PMU_OK);
	CU_ASSERT_EQUAL(rv_counter_rearm(&pmu, &counter, 0 - threshold), RV_PMU_OK);
	unsigned interrupts = 0;
	for (uint64_t done = 0; done < events; done += step) {
		rv_model_run(&model, step);
		if (!model.overflow_interrupts)
			continue;
		uint32_t overflowed = 0;
		CU_ASSERT_EQUAL(rv_pmu_overflowed(&pmu, &overflowed), RV_PMU_OK);
		CU_ASSERT_EQUAL(overflowed, 1u << counter.index);
		model.overflow_interrupts = 0;
		interrupts++;
		CU_ASSERT_EQUAL(rv_counter_rearm(&pmu, &counter, 0 - threshold), RV_PMU_OK);
	}
	uint64_t raw = 0;
	CU_ASSERT_EQUAL(rv_counter_read(&pmu, &counter, &raw), RV_PMU_OK);
	CU_ASSERT_EQUAL(interrupts, events / threshold);
	CU_ASSERT_EQUAL(interrupts * threshold + (raw + threshold), events);
}

static void test_overflow_cycle_exact(void)
{
	overflow_cycle(DELEGATE_ALL);
	overflow_cycle(0);
}

int main(void)
{
	if (CU_initialize_registry() != CUE_SUCCESS)
		return 1;
	CU_pSuite suite = CU_add_suite("rv_pmu", NULL, NULL);
	CU_add_test(suite, "probe finds the delegated counters",
	            test_probe_finds_the_delegated_counters);
	CU_add_test(suite, "probe without delegation", test_probe_without_delegation);
	CU_add_test(suite, "delegated counter needs no ecall",
	            test_delegated_counter_needs_no_ecall);
	CU_add_test(suite, "delegated raw event and cycles", test_delegated_raw_event_and_cycles);
	CU_add_test(suite, "rv32 halves", test_rv32_halves);
	CU_add_test(suite, "without delegation SBI does it", test_without_delegation_sbi_does_it);
	CU_add_test(suite, "SBI reload keeps the counter as it was",
	            test_sbi_reload_keeps_the_counter_as_it_was);
	CU_add_test(suite, "rv32 without Sscofpmf: selector is 32 bits",
	            test_rv32_without_sscofpmf_selector_is_32_bits);
	CU_add_test(suite, "counter M-mode kept goes through SBI",
	            test_counter_m_mode_kept_goes_through_sbi);
	CU_add_test(suite, "firmware counter read by SBI", test_firmware_counter_read_by_sbi);
	CU_add_test(suite, "firmware counter below 32 (counter_get_info)",
	            test_firmware_counter_below_32);
	CU_add_test(suite, "request limits the counters", test_request_limits_the_counters);
	CU_add_test(suite, "fixed counter held is refused", test_fixed_counter_held_is_refused);
	CU_add_test(suite, "user access through scounteren", test_user_access_through_scounteren);
	CU_add_test(suite, "overflow rearm needs no ecall", test_overflow_rearm_needs_no_ecall);
	CU_add_test(suite, "overflow cycle exact (the module's handler)",
	            test_overflow_cycle_exact);
	return unit_run_all();
}
