// SPDX-License-Identifier: BSD-3-Clause
/* A task's counters across harts (rv_switch.c's rv_task_save,
 * rv_task_arrive, rv_counter_obtain_same, rv_task_hart_leaving) on four
 * models of a hart, as the kernel module drives them (doc/riscv.md, "Many
 * harts"): the count follows its owner exactly however often it moves,
 * delegated with no ecall and through SBI; a hart going offline gives its
 * counters back and the owner counts on elsewhere; a hart coming online
 * gets the counter of the same index and counts; a counter someone else
 * holds is never written; a fixed counter someone else runs is refused
 * at obtain. */
#include <string.h>

#include <CUnit/Basic.h>

#include "unit_assert.h"

#include "rv_model.h"
#include "rv_pmu.h"
#include "rv_sbi.h"
#include "model_hart.h"
#include "rv_switch.h"

#define HARTS        4
#define INSTRUCTIONS RV_SBI_EVENT_INDEX(RV_SBI_TYPE_HARDWARE, 2)

static struct hart harts[HARTS];

static void harts_init(uint64_t delegated)
{
	for (unsigned i = 0; i < HARTS; i++)
		hart_init(&harts[i], delegated);
}

static unsigned ecalls(void)
{
	unsigned n = 0;
	for (unsigned i = 0; i < HARTS; i++)
		n += harts[i].model.ecalls;
	return n;
}

/* csrr of the counter from user mode on hart h: true and its value, or
 * false for a trap. */
static bool user_reads(struct hart *h, const struct rv_counter *counter, uint64_t *value)
{
	h->model.priv = RV_PRIV_U;
	enum rv_trap trap = rv_csr_read(&h->user, RV_CSR_CYCLE + counter->index, value);
	h->model.priv = RV_PRIV_S;
	return trap == RV_TRAP_NONE;
}

/* The owner's file: a counter of the same index on every hart, what the
 * module's RV_IOC_OBTAIN leaves. */
struct owner {
	struct rv_counter counter[HARTS];
	bool present[HARTS];
	unsigned hart; /* where it runs, or last ran */
	uint64_t count;
	bool paused;
};

static void obtain_everywhere(struct owner *o, const struct rv_counter_request *request)
{
	memset(o, 0, sizeof *o);
	CU_ASSERT_EQUAL_FATAL(rv_counter_obtain(&harts[0].pmu, request, &o->counter[0]), RV_PMU_OK);
	o->present[0] = true;
	for (unsigned i = 1; i < HARTS; i++) {
		CU_ASSERT_EQUAL_FATAL(rv_counter_obtain_same(&harts[i].pmu, request,
		                                             o->counter[0].index, &o->counter[i]),
		                      RV_PMU_OK);
		CU_ASSERT_EQUAL(o->counter[i].index, o->counter[0].index);
		CU_ASSERT_EQUAL(o->counter[i].delegated, o->counter[0].delegated);
		o->present[i] = true;
	}
}

/* The module's switches: out saves the count, in on another hart writes
 * it there. */
static void leave(struct owner *o)
{
	struct hart *h = &harts[o->hart];
	const struct rv_counter *c = &o->counter[o->hart];
	CU_ASSERT_EQUAL(rv_task_switch_out(&h->pmu, c, true, true, &o->paused), RV_PMU_OK);
	CU_ASSERT_EQUAL(rv_task_save(&h->pmu, c, &o->count), RV_PMU_OK);
}

static void arrive(struct owner *o, unsigned hart)
{
	struct hart *h = &harts[hart];
	const struct rv_counter *c = &o->counter[hart];
	CU_ASSERT_TRUE_FATAL(o->present[hart]);
	int status = hart == o->hart ? rv_task_switch_in(&h->pmu, c, true, o->paused)
	                             : rv_task_arrive(&h->pmu, c, o->count, true, o->paused);
	CU_ASSERT_EQUAL(status, RV_PMU_OK);
	o->paused = false;
	o->hart = hart;
}

/* The owner counts 10 + h events on each hart h it visits, 1,000 moves
 * over all four (and sometimes back to the same), while every other hart
 * runs 1,000 events of other tasks: its count is its own, exactly; its
 * csrr reads it on whichever hart it runs and traps everywhere else. */
static void follows_owner(uint64_t delegated)
{
	struct owner o;
	uint64_t expected = 0, value = 0;
	harts_init(delegated);
	const struct rv_counter_request request = {.event_index = L1D_READ_MISS};
	obtain_everywhere(&o, &request);
	CU_ASSERT_EQUAL(o.counter[0].delegated, delegated != 0);
	CU_ASSERT_EQUAL(rv_counter_start(&harts[0].pmu, &o.counter[0], 0), RV_PMU_OK);
	CU_ASSERT_EQUAL(rv_counter_user_access(&harts[0].pmu, &o.counter[0], true), RV_PMU_OK);
	unsigned before = ecalls(), moves = 0;
	bool reads = true, others_trap = true;
	for (unsigned round = 0; round < 1000; round++) {
		rv_model_run(&harts[o.hart].model, 10 + o.hart);
		expected += 10 + o.hart;
		reads = reads && user_reads(&harts[o.hart], &o.counter[o.hart], &value) &&
		        value == expected;
		leave(&o);
		for (unsigned i = 0; i < HARTS; i++) {
			rv_model_run(&harts[i].model, 1000);
			others_trap = others_trap && !user_reads(&harts[i], &o.counter[i], &value);
		}
		unsigned next = (round * 7 + round / 3) % HARTS;
		moves += next != o.hart;
		arrive(&o, next);
	}
	CU_ASSERT_TRUE(moves > 500);
	CU_ASSERT_TRUE(reads);
	CU_ASSERT_TRUE(others_trap);
	CU_ASSERT_EQUAL(rv_counter_read(&harts[o.hart].pmu, &o.counter[o.hart], &value), RV_PMU_OK);
	CU_ASSERT_EQUAL(value, expected);
	/* Delegated: no ecall at all; else per round trip one stop, and per
	 * move one start with the count (none on a return to the same hart:
	 * one start without it). */
	CU_ASSERT_EQUAL(ecalls() - before, delegated ? 0 : 2 * 1000);
}

static void test_follows_owner(void)
{
	follows_owner(DELEGATE_ALL);
	follows_owner(0);
}

/* A counter the owner stopped at 40 moves stopped: 40 on the next hart,
 * not counting there. */
static void stopped_moves_stopped(uint64_t delegated)
{
	struct owner o;
	uint64_t value = 0;
	harts_init(delegated);
	const struct rv_counter_request request = {.event_index = L1D_READ_MISS};
	obtain_everywhere(&o, &request);
	CU_ASSERT_EQUAL(rv_counter_start(&harts[0].pmu, &o.counter[0], 0), RV_PMU_OK);
	rv_model_run(&harts[0].model, 40);
	CU_ASSERT_EQUAL(rv_counter_stop(&harts[0].pmu, &o.counter[0]), RV_PMU_OK);
	leave(&o);
	CU_ASSERT_FALSE(o.paused);
	arrive(&o, 3);
	rv_model_run(&harts[3].model, 500);
	CU_ASSERT_EQUAL(rv_counter_read(&harts[3].pmu, &o.counter[3], &value), RV_PMU_OK);
	CU_ASSERT_EQUAL(value, 40);
}

static void test_stopped_moves_stopped(void)
{
	stopped_moves_stopped(DELEGATE_ALL);
	stopped_moves_stopped(0);
}

/* Hart 1 goes offline while the owner's count sits there (it left it
 * for hart 2 first, as the scheduler moves tasks off a hart that goes):
 * hart 1's counter is given back (free, stopped, closed), the owner
 * counts on at hart 2 exactly; hart 1 comes back (a new model: firmware
 * starts it afresh), gets the counter of the same index, and the owner
 * counts there too. */
static void hotplug(uint64_t delegated)
{
	struct owner o;
	uint64_t value = 0;
	harts_init(delegated);
	const struct rv_counter_request request = {.event_index = L1D_READ_MISS};
	obtain_everywhere(&o, &request);
	unsigned index = o.counter[0].index;
	leave(&o);
	arrive(&o, 1);
	CU_ASSERT_EQUAL(rv_counter_start(&harts[1].pmu, &o.counter[1], 0), RV_PMU_OK);
	rv_model_run(&harts[1].model, 300);
	leave(&o);
	arrive(&o, 2);
	CU_ASSERT_EQUAL(rv_task_hart_leaving(&harts[1].pmu, &o.counter[1]), RV_PMU_OK);
	o.present[1] = false;
	CU_ASSERT_EQUAL(harts[1].model.sbi_allocated >> index & 1u, 0);
	CU_ASSERT_EQUAL(harts[1].model.scounteren >> index & 1u, 0);
	CU_ASSERT_EQUAL(harts[1].model.mcountinhibit >> index & 1u, 1);
	rv_model_run(&harts[2].model, 20);
	leave(&o);
	arrive(&o, 3);
	rv_model_run(&harts[3].model, 5);
	CU_ASSERT_TRUE(user_reads(&harts[3], &o.counter[3], &value));
	CU_ASSERT_EQUAL(value, 325);

	hart_init(&harts[1], delegated);
	CU_ASSERT_EQUAL(rv_counter_obtain_same(&harts[1].pmu, &request, index, &o.counter[1]),
	                RV_PMU_OK);
	o.present[1] = true;
	leave(&o);
	arrive(&o, 1);
	rv_model_run(&harts[1].model, 75);
	CU_ASSERT_TRUE(user_reads(&harts[1], &o.counter[1], &value));
	CU_ASSERT_EQUAL(value, 400);
}

static void test_hotplug(void)
{
	hotplug(DELEGATE_ALL);
	hotplug(0);
}

/* On a hart where the index is someone else's (allocated by firmware to
 * another holder, counting), the same index is refused and that counter
 * is left exactly as it was: value, selector, running. */
static void others_counter_untouched(uint64_t delegated)
{
	struct rv_counter mine = {0}, theirs = {0}, other = {0};
	harts_init(delegated);
	const struct rv_counter_request request = {.event_index = L1D_READ_MISS};
	CU_ASSERT_EQUAL_FATAL(rv_counter_obtain(&harts[0].pmu, &request, &mine), RV_PMU_OK);
	CU_ASSERT_EQUAL_FATAL(rv_counter_obtain(&harts[1].pmu, &request, &theirs), RV_PMU_OK);
	CU_ASSERT_EQUAL(theirs.index, mine.index);
	CU_ASSERT_EQUAL(rv_counter_start(&harts[1].pmu, &theirs, 1234), RV_PMU_OK);
	rv_model_run(&harts[1].model, 6);
	struct rv_model before;
	memcpy(&before, &harts[1].model, sizeof before);
	CU_ASSERT_EQUAL(rv_counter_obtain_same(&harts[1].pmu, &request, mine.index, &other),
	                RV_PMU_NO_COUNTER);
	before.ecalls = harts[1].model.ecalls;
	CU_ASSERT_EQUAL(memcmp(&before, &harts[1].model, sizeof before), 0);
	CU_ASSERT_EQUAL(harts[1].model.counter[mine.index], 1240);
}

static void test_others_counter_untouched(void)
{
	others_counter_untouched(DELEGATE_ALL);
	others_counter_untouched(0);
}

/* OpenSBI's fallback hands out instret to an instructions request that
 * finds no programmable counter, even when someone holds it: while
 * that holder runs it (delegated: its scountinhibit bit clear), the
 * request is refused and instret keeps running with its value; once
 * stopped (nobody runs it), it is handed out. */
static void test_running_fixed_counter_refused(void)
{
	struct rv_counter counter = {0};
	harts_init(DELEGATE_ALL);
	struct hart *h = &harts[0];
	h->model.fixed_counter_fallback = true;
	const struct rv_counter_request request = {.event_index = INSTRUCTIONS};
	/* perf's instret: allocated to it and running at 5,000. */
	h->model.sbi_allocated |= 1ull << 2;
	h->model.counter[2] = 5000;
	h->model.mcountinhibit &= ~(1ull << 2);
	CU_ASSERT_EQUAL(rv_counter_obtain(&h->pmu, &request, &counter), RV_PMU_NO_COUNTER);
	rv_model_run(&h->model, 10);
	CU_ASSERT_EQUAL(h->model.counter[2], 5010);
	CU_ASSERT_EQUAL(h->model.mcountinhibit >> 2 & 1u, 0);
	/* Removing the check would hand it out: the model's fallback does. */
	h->model.mcountinhibit |= 1ull << 2;
	CU_ASSERT_EQUAL(rv_counter_obtain(&h->pmu, &request, &counter), RV_PMU_OK);
	CU_ASSERT_EQUAL(counter.index, 2);
}

int main(void)
{
	if (CU_initialize_registry() != CUE_SUCCESS)
		return 1;
	CU_pSuite suite = CU_add_suite("rv_migrate", NULL, NULL);
	CU_add_test(suite, "count follows its owner over harts", test_follows_owner);
	CU_add_test(suite, "a stopped counter moves stopped", test_stopped_moves_stopped);
	CU_add_test(suite, "hart offline and online", test_hotplug);
	CU_add_test(suite, "another holder's counter untouched", test_others_counter_untouched);
	CU_add_test(suite, "a running fixed counter refused", test_running_fixed_counter_refused);
	return unit_run_all();
}
