// SPDX-License-Identifier: BSD-3-Clause
/* A task's counters across context switches (rv_switch.c) against the hart
 * model: the owner's counter counts only while the owner runs, exactly,
 * over any number of switches; its scounteren bit follows the owner, so
 * another task's csrr of it traps; delegated counters switch with no
 * ecall, the others with one SBI call each way. */
#include <string.h>

#include <CUnit/Basic.h>

#include "unit_assert.h"

#include "rv_model.h"
#include "rv_pmu.h"
#include "rv_sbi.h"
#include "model_hart.h"
#include "rv_switch.h"

#define L1D_WRITE_MISS                                                                             \
	RV_SBI_EVENT_INDEX(RV_SBI_TYPE_CACHE,                                                      \
	                   RV_SBI_CACHE_CODE(0, RV_SBI_CACHE_WRITE, RV_SBI_CACHE_MISS))

/* A counter the owner obtained, started at 0 and opened to its reads, as
 * the module's ioctls leave it. */
static struct rv_counter owned(struct hart *h, unsigned long event)
{
	struct rv_counter counter = {0};
	const struct rv_counter_request request = {.event_index = event};
	CU_ASSERT_EQUAL_FATAL(rv_counter_obtain(&h->pmu, &request, &counter), RV_PMU_OK);
	CU_ASSERT_EQUAL_FATAL(rv_counter_start(&h->pmu, &counter, 0), RV_PMU_OK);
	CU_ASSERT_EQUAL_FATAL(rv_counter_user_access(&h->pmu, &counter, true), RV_PMU_OK);
	return counter;
}

/* csrr of the counter from user mode: true and its value, or a trap. */
static bool user_reads(struct hart *h, const struct rv_counter *counter, uint64_t *value)
{
	h->model.priv = RV_PRIV_U;
	enum rv_trap trap = rv_csr_read(&h->user, RV_CSR_CYCLE + counter->index, value);
	h->model.priv = RV_PRIV_S;
	CU_ASSERT_TRUE(trap == RV_TRAP_NONE || trap == RV_TRAP_ILLEGAL_INSTRUCTION);
	return trap == RV_TRAP_NONE;
}

/* The module's part: the owner leaves (its pause remembered), then comes
 * back. */
static bool paused;

static bool started = true; /* the owner started the counter */

static int owner_out(struct hart *h, const struct rv_counter *counter, bool user_read)
{
	return rv_task_switch_out(&h->pmu, counter, started, user_read, &paused);
}

static int owner_in(struct hart *h, const struct rv_counter *counter, bool user_read)
{
	return rv_task_switch_in(&h->pmu, counter, user_read, paused);
}

/* The owner runs 100 events, another task 1,000 (its csrr of the owner's
 * counter traps), the owner 23 more: 123; then 1,000 rounds of the owner
 * 7 and another 13: 7,123, and the owner reads every one with csrr. */
static void owner_alone_counts(uint64_t delegated)
{
	struct hart h;
	uint64_t value = 0;
	hart_init(&h, delegated);
	struct rv_counter counter = owned(&h, L1D_READ_MISS);
	CU_ASSERT_EQUAL(counter.delegated, delegated != 0);
	unsigned ecalls = h.model.ecalls;
	rv_model_run(&h.model, 100);
	CU_ASSERT_EQUAL(owner_out(&h, &counter, true), RV_PMU_OK);
	CU_ASSERT_TRUE(paused);
	CU_ASSERT_EQUAL(h.model.scounteren >> counter.index & 1u, 0);
	CU_ASSERT_FALSE(user_reads(&h, &counter, &value)); /* the other task's csrr traps */
	rv_model_run(&h.model, 1000);
	CU_ASSERT_EQUAL(owner_in(&h, &counter, true), RV_PMU_OK);
	CU_ASSERT_TRUE(user_reads(&h, &counter, &value));
	CU_ASSERT_EQUAL(value, 100);
	rv_model_run(&h.model, 23);
	bool reads = true, traps = true;
	for (int round = 0; round < 1000; round++) {
		rv_model_run(&h.model, 7);
		reads = reads && user_reads(&h, &counter, &value);
		owner_out(&h, &counter, true);
		traps = traps && !user_reads(&h, &counter, &value);
		rv_model_run(&h.model, 13);
		owner_in(&h, &counter, true);
	}
	CU_ASSERT_TRUE(reads);
	CU_ASSERT_TRUE(traps);
	CU_ASSERT_EQUAL(rv_counter_read(&h.pmu, &counter, &value), RV_PMU_OK);
	CU_ASSERT_EQUAL(value, 7123);
	/* Delegated: scountinhibit and scounteren, no ecall; otherwise one
	 * SBI stop and one SBI start per round trip. */
	CU_ASSERT_EQUAL(h.model.ecalls - ecalls, delegated ? 0 : 2 * 1001);
}

static void test_owner_alone_counts(void)
{
	owner_alone_counts(DELEGATE_ALL);
	owner_alone_counts(0);
}

/* Two owners on one hart, each with its own counter: each counts only its
 * own events, and each one's counter is readable only while it runs. */
static void two_owners_apart(uint64_t delegated)
{
	struct hart h;
	uint64_t a_value = 0, b_value = 0;
	hart_init(&h, delegated);
	bool a_paused = false, b_paused = false;
	struct rv_counter a = owned(&h, L1D_READ_MISS);
	CU_ASSERT_EQUAL(rv_task_switch_out(&h.pmu, &a, true, true, &a_paused), RV_PMU_OK);
	struct rv_counter b = owned(&h, L1D_WRITE_MISS); /* b runs now */
	CU_ASSERT_NOT_EQUAL(a.index, b.index);
	bool apart = true;
	for (int round = 0; round < 100; round++) {
		rv_model_run(&h.model, 5); /* b */
		apart = apart && !user_reads(&h, &a, &a_value) && user_reads(&h, &b, &b_value);
		rv_task_switch_out(&h.pmu, &b, true, true, &b_paused);
		rv_task_switch_in(&h.pmu, &a, true, a_paused);
		rv_model_run(&h.model, 3); /* a */
		apart = apart && user_reads(&h, &a, &a_value) && !user_reads(&h, &b, &b_value);
		rv_task_switch_out(&h.pmu, &a, true, true, &a_paused);
		rv_task_switch_in(&h.pmu, &b, true, b_paused);
	}
	CU_ASSERT_TRUE(apart);
	CU_ASSERT_EQUAL(rv_counter_read(&h.pmu, &a, &a_value), RV_PMU_OK);
	CU_ASSERT_EQUAL(rv_counter_read(&h.pmu, &b, &b_value), RV_PMU_OK);
	CU_ASSERT_EQUAL(a_value, 300);
	CU_ASSERT_EQUAL(b_value, 500);
}

static void test_two_owners_apart(void)
{
	two_owners_apart(DELEGATE_ALL);
	two_owners_apart(0);
}

/* A counter the owner stopped stays stopped across a switch (its value
 * held), and one it never opened stays closed; a switch of a stopped,
 * closed delegated counter leaves the whole hart as it was. */
static void test_switch_keeps_what_the_owner_asked(void)
{
	struct hart h;
	uint64_t value = 0;
	hart_init(&h, DELEGATE_ALL);
	struct rv_counter counter = owned(&h, L1D_READ_MISS);
	rv_model_run(&h.model, 40);
	CU_ASSERT_EQUAL(rv_counter_stop(&h.pmu, &counter), RV_PMU_OK);
	CU_ASSERT_EQUAL(rv_counter_user_access(&h.pmu, &counter, false), RV_PMU_OK);
	struct rv_model before;
	memcpy(&before, &h.model, sizeof before);
	CU_ASSERT_EQUAL(owner_out(&h, &counter, false), RV_PMU_OK);
	CU_ASSERT_FALSE(paused); /* stopped: nothing to resume */
	rv_model_run(&h.model, 1000);
	CU_ASSERT_EQUAL(owner_in(&h, &counter, false), RV_PMU_OK);
	CU_ASSERT_EQUAL(memcmp(&before, &h.model, sizeof before), 0);
	CU_ASSERT_FALSE(user_reads(&h, &counter, &value));
	CU_ASSERT_EQUAL(rv_counter_read(&h.pmu, &counter, &value), RV_PMU_OK);
	CU_ASSERT_EQUAL(value, 40);

	/* Open but stopped: reopened at switch in, still 40. */
	CU_ASSERT_EQUAL(rv_counter_user_access(&h.pmu, &counter, true), RV_PMU_OK);
	CU_ASSERT_EQUAL(owner_out(&h, &counter, true), RV_PMU_OK);
	CU_ASSERT_FALSE(paused);
	CU_ASSERT_FALSE(user_reads(&h, &counter, &value));
	rv_model_run(&h.model, 1000);
	CU_ASSERT_EQUAL(owner_in(&h, &counter, true), RV_PMU_OK);
	CU_ASSERT_TRUE(user_reads(&h, &counter, &value));
	CU_ASSERT_EQUAL(value, 40);
}

/* Through SBI calls: the pause knows the counter ran from SBI stop's
 * answer, and the resume sets no value (the counter goes on from the
 * value start gave it). A stopped counter's pause answers "already
 * stopped": no resume. */
static void test_sbi_pause_and_resume(void)
{
	struct hart h;
	uint64_t value = 0;
	hart_init(&h, 0);
	struct rv_counter counter = {0};
	const struct rv_counter_request request = {.event_index = L1D_READ_MISS};
	CU_ASSERT_EQUAL_FATAL(rv_counter_obtain(&h.pmu, &request, &counter), RV_PMU_OK);
	CU_ASSERT_EQUAL(rv_counter_start(&h.pmu, &counter, 1000), RV_PMU_OK);
	CU_ASSERT_EQUAL(owner_out(&h, &counter, false), RV_PMU_OK);
	CU_ASSERT_TRUE(paused);
	rv_model_run(&h.model, 77);
	CU_ASSERT_EQUAL(owner_in(&h, &counter, false), RV_PMU_OK);
	rv_model_run(&h.model, 5);
	CU_ASSERT_EQUAL(rv_counter_read(&h.pmu, &counter, &value), RV_PMU_OK);
	CU_ASSERT_EQUAL(value, 1005);
	CU_ASSERT_EQUAL(rv_counter_stop(&h.pmu, &counter), RV_PMU_OK);
	CU_ASSERT_EQUAL(owner_out(&h, &counter, false), RV_PMU_OK);
	CU_ASSERT_FALSE(paused);
	rv_model_run(&h.model, 9);
	CU_ASSERT_EQUAL(owner_in(&h, &counter, false), RV_PMU_OK);
	CU_ASSERT_EQUAL(rv_counter_read(&h.pmu, &counter, &value), RV_PMU_OK);
	CU_ASSERT_EQUAL(value, 1005);
}

/* A fixed counter the owner holds but did not start, which firmware keeps
 * running (as OpenSBI does instret for everyone): a switch leaves it
 * running. */
static void test_held_not_started_left_alone(void)
{
	struct hart h;
	struct rv_counter counter = {0};
	hart_init(&h, DELEGATE_ALL);
	const struct rv_counter_request request = {
	    .event_index = RV_SBI_EVENT_INDEX(RV_SBI_TYPE_HARDWARE, 2), .counters = 1u << 2};
	CU_ASSERT_EQUAL_FATAL(rv_counter_obtain(&h.pmu, &request, &counter), RV_PMU_OK);
	CU_ASSERT_EQUAL(counter.index, 2);
	h.model.mcountinhibit &= ~(1ull << 2); /* running, for someone else */
	started = false;
	CU_ASSERT_EQUAL(owner_out(&h, &counter, false), RV_PMU_OK);
	started = true;
	CU_ASSERT_FALSE(paused);
	CU_ASSERT_EQUAL(h.model.mcountinhibit >> 2 & 1u, 0);
	uint64_t before = h.model.counter[2];
	rv_model_run(&h.model, 10);
	CU_ASSERT_EQUAL(h.model.counter[2], before + 10);
}

int main(void)
{
	if (CU_initialize_registry() != CUE_SUCCESS)
		return 1;
	CU_pSuite suite = CU_add_suite("rv_switch", NULL, NULL);
	CU_add_test(suite, "owner alone counts", test_owner_alone_counts);
	CU_add_test(suite, "two owners apart", test_two_owners_apart);
	CU_add_test(suite, "switch keeps what the owner asked",
	            test_switch_keeps_what_the_owner_asked);
	CU_add_test(suite, "SBI pause and resume", test_sbi_pause_and_resume);
	CU_add_test(suite, "held, not started: left alone", test_held_not_started_left_alone);
	return unit_run_all();
}
