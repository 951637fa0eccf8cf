// SPDX-License-Identifier: BSD-3-Clause
/* The overflow interrupt's rate limit (rv_throttle.c) against the hart
 * model, delegated and through SBI: the module's LCOFI handler and its
 * unthrottle timer, as rv_kmod.c calls them. With a budget of 5 per
 * window, 20 overflows' worth of events in one window give 5 deliveries
 * and one hold, the held counter interrupts no more and loses no event,
 * and at the next window it is re-armed and interrupts again. The budget
 * and the window it uses are the shared kthrottle.c's, tested with the
 * perfctr driver's tests (components/perfctr/tests/test_kthrottle.c). */
#include <CUnit/Basic.h>

#include "unit_assert.h"

#include "rv_model.h"
#include "rv_pmu.h"
#include "rv_sbi.h"
#include "rv_switch.h"
#include "rv_throttle.h"

#define DELEGATE_ALL 0xfffffffdull /* every counter but time */
#define L1D_READ_MISS                                                                              \
	RV_SBI_EVENT_INDEX(RV_SBI_TYPE_CACHE,                                                      \
	                   RV_SBI_CACHE_CODE(0, RV_SBI_CACHE_READ, RV_SBI_CACHE_MISS))
#define THRESHOLD 100u
#define STEP      10u /* events between two looks at the interrupt */

struct hart {
	struct rv_model model;
	struct rv_pmu pmu;
	struct rv_throttle throttle;
	struct rv_counter counter;
	struct rv_armed armed;
	unsigned delivered, held, interrupts;
};

/* A counter started at 0 and armed at THRESHOLD, as RV_IOC_START and
 * RV_IOC_OVERFLOW leave it. */
static void hart_init(struct hart *h, uint64_t delegated)
{
	struct rv_hart hart;
	*h = (struct hart){0};
	rv_model_init(&h->model, 64, RV_EXT_ALL);
	if (delegated)
		rv_model_delegate(&h->model, delegated);
	rv_model_hart(&h->model, &hart);
	CU_ASSERT_EQUAL_FATAL(rv_pmu_probe(&h->pmu, &hart), RV_PMU_OK);
	const struct rv_counter_request request = {.event_index = L1D_READ_MISS};
	CU_ASSERT_EQUAL_FATAL(rv_counter_obtain(&h->pmu, &request, &h->counter), RV_PMU_OK);
	CU_ASSERT_EQUAL(h->counter.delegated, delegated != 0);
	CU_ASSERT_EQUAL(rv_counter_start(&h->pmu, &h->counter, 0), RV_PMU_OK);
	h->armed = (struct rv_armed){.threshold = THRESHOLD};
	CU_ASSERT_EQUAL(rv_counter_rearm(&h->pmu, &h->counter, 0 - (uint64_t)THRESHOLD), RV_PMU_OK);
}

/* The hart runs events in steps of STEP; each interrupt the model raises
 * is taken as the module's handler takes it, at window now, or at a new
 * window every `per_window` events when that is not 0. */
static void run(struct hart *h, uint64_t events, unsigned long now, uint64_t per_window,
                uint32_t budget)
{
	for (uint64_t done = 0; done < events; done += STEP) {
		rv_model_run(&h->model, STEP);
		unsigned long window = per_window ? now + (done + STEP - 1) / per_window : now;
		if (!h->model.overflow_interrupts)
			continue;
		h->model.overflow_interrupts = 0;
		h->interrupts++;
		uint32_t bits = 0;
		CU_ASSERT_EQUAL(rv_pmu_overflowed(&h->pmu, &bits), RV_PMU_OK);
		if (!(rv_throttle_pending(&h->throttle, bits) >> h->counter.index & 1u))
			continue;
		bool delivered = false;
		CU_ASSERT_EQUAL(rv_throttle_overflow(&h->pmu, &h->throttle, &h->counter, &h->armed,
		                                     window, budget, &delivered),
		                RV_PMU_OK);
		if (delivered)
			h->delivered++;
		else
			h->held++;
	}
}

static uint64_t whole_count(struct hart *h)
{
	uint64_t raw = 0;
	CU_ASSERT_EQUAL(rv_counter_read(&h->pmu, &h->counter, &raw), RV_PMU_OK);
	return rv_armed_count(&h->armed, raw);
}

/* Budget 5: 2,000 events (20 thresholds) in window 1000 give 5
 * deliveries, then one hold and no further interrupt; the count is exact.
 * Window 1000 again: nothing due. Window 1001: the counter is re-armed;
 * 2,000 more events with a new window every 100 give 20 deliveries and
 * no hold; the count is exactly 4,000. */
static void budget_of_five(uint64_t delegated)
{
	struct hart h;
	hart_init(&h, delegated);
	unsigned ecalls = h.model.ecalls;
	run(&h, 2000, 1000, 0, 5);
	CU_ASSERT_EQUAL(h.delivered, 5);
	CU_ASSERT_EQUAL(h.held, 1);
	CU_ASSERT_EQUAL(h.interrupts, 6); /* none while held */
	CU_ASSERT_EQUAL(h.throttle.held, 1u << h.counter.index);
	CU_ASSERT_EQUAL(h.throttle.shared.throttled, 1);
	CU_ASSERT_EQUAL(h.armed.overflows, 5);
	CU_ASSERT_EQUAL(whole_count(&h), 2000);
	/* Delegated: the 5 re-arms and the hold need no ecall. */
	if (delegated)
		CU_ASSERT_EQUAL(h.model.ecalls, ecalls);
	/* Held: its OF bit stays set, and is not taken again. */
	uint32_t bits = 0;
	CU_ASSERT_EQUAL(rv_pmu_overflowed(&h.pmu, &bits), RV_PMU_OK);
	CU_ASSERT_EQUAL(bits, 1u << h.counter.index);
	CU_ASSERT_EQUAL(rv_throttle_pending(&h.throttle, bits), 0);
	CU_ASSERT_EQUAL(rv_throttle_due(&h.throttle, 1000), 0);
	uint32_t due = rv_throttle_due(&h.throttle, 1001);
	CU_ASSERT_EQUAL(due, 1u << h.counter.index);
	CU_ASSERT_EQUAL(h.throttle.held, 0);
	CU_ASSERT_EQUAL(rv_throttle_resume(&h.pmu, &h.counter, &h.armed), RV_PMU_OK);
	CU_ASSERT_EQUAL(whole_count(&h), 2000);
	h.delivered = h.held = h.interrupts = 0;
	run(&h, 2000, 1001, 100, 5);
	CU_ASSERT_EQUAL(h.delivered, 20);
	CU_ASSERT_EQUAL(h.held, 0);
	CU_ASSERT_EQUAL(h.throttle.shared.throttled, 1);
	CU_ASSERT_EQUAL(whole_count(&h), 4000);
}

static void test_budget_of_five(void)
{
	budget_of_five(DELEGATE_ALL);
	budget_of_five(0);
}

/* Budget 0 (max_interrupt_rate 0): no limit, 20 of 20 in one window. */
static void test_no_limit(void)
{
	struct hart h;
	hart_init(&h, DELEGATE_ALL);
	run(&h, 2000, 7, 0, 0);
	CU_ASSERT_EQUAL(h.delivered, 20);
	CU_ASSERT_EQUAL(h.held, 0);
	CU_ASSERT_EQUAL(whole_count(&h), 2000);
}

/* The budget is the hart's, not the counter's: with a budget of 5, 3
 * overflows of a counter held by the window before do not count in
 * this one; a window's taken count restarts at each new window. */
static void test_window_rolls_over(void)
{
	struct hart h;
	hart_init(&h, DELEGATE_ALL);
	run(&h, 300, 10, 0, 5); /* 3 in window 10 */
	CU_ASSERT_EQUAL(h.delivered, 3);
	run(&h, 500, 11, 0, 5); /* 5 in window 11 */
	CU_ASSERT_EQUAL(h.delivered, 8);
	CU_ASSERT_EQUAL(h.held, 0);
	run(&h, 100, 11, 0, 5); /* the sixth in window 11: held */
	CU_ASSERT_EQUAL(h.held, 1);
	CU_ASSERT_EQUAL(whole_count(&h), 900);
}

/* A held counter across its owner's switches: it keeps its count (the
 * owner's alone), through SBI too, where the resume's SBI start clears
 * OF (OpenSBI) while the counter stays held; disarming it (forget)
 * leaves nothing due. */
static void held_across_switch(uint64_t delegated)
{
	struct hart h;
	bool paused = false;
	hart_init(&h, delegated);
	run(&h, 1000, 1, 0, 2);
	CU_ASSERT_EQUAL(h.delivered, 2);
	CU_ASSERT_EQUAL(h.held, 1);
	CU_ASSERT_EQUAL(rv_task_switch_out(&h.pmu, &h.counter, true, false, &paused), RV_PMU_OK);
	CU_ASSERT_TRUE(paused);
	rv_model_run(&h.model, 12345); /* another task's */
	CU_ASSERT_EQUAL(rv_task_switch_in(&h.pmu, &h.counter, false, paused), RV_PMU_OK);
	run(&h, 1000, 1, 0, 2);
	CU_ASSERT_EQUAL(h.delivered, 2);
	CU_ASSERT_EQUAL(whole_count(&h), 2000);
	CU_ASSERT_EQUAL(rv_throttle_due(&h.throttle, 2), 1u << h.counter.index);
	CU_ASSERT_EQUAL(rv_throttle_resume(&h.pmu, &h.counter, &h.armed), RV_PMU_OK);
	run(&h, 200, 2, 0, 2);
	CU_ASSERT_EQUAL(h.delivered, 4);
	CU_ASSERT_EQUAL(whole_count(&h), 2200);
	run(&h, 1000, 2, 0, 2);
	CU_ASSERT_EQUAL(h.throttle.held, 1u << h.counter.index);
	rv_throttle_forget(&h.throttle, h.counter.index);
	CU_ASSERT_EQUAL(rv_throttle_due(&h.throttle, 3), 0);
	CU_ASSERT_EQUAL(whole_count(&h), 3200);
}

static void test_held_across_switch(void)
{
	held_across_switch(DELEGATE_ALL);
	held_across_switch(0);
}

int main(void)
{
	if (CU_initialize_registry() != CUE_SUCCESS)
		return 1;
	CU_pSuite suite = CU_add_suite("rv_throttle", NULL, NULL);
	CU_add_test(suite, "budget of five: 5 of 20 delivered, counting on, again next window",
	            test_budget_of_five);
	CU_add_test(suite, "no limit", test_no_limit);
	CU_add_test(suite, "window rolls over", test_window_rolls_over);
	CU_add_test(suite, "held across the owner's switch", test_held_across_switch);
	return unit_run_all();
}
