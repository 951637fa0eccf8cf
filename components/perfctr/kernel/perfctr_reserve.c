// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/* The kernel's reservation is one bit per counter, with no count: two
 * virtual counters (two processes) using the same counter would collide.
 * So the module counts its own users per counter MSR and holds the kernel's
 * bit while that count is not zero. perf's x86 PMU takes every counter's
 * bit while it has events, and fails to create events while the module
 * holds one; the module in turn refuses a control while perf holds one.
 * Counters outside the reservation's numbering (Intel's fixed counters,
 * the P5's) are not tracked by the kernel, and reserving them succeeds.
 * The global counters program every CPU behind the virtual counters'
 * back: while one kind holds counters, the other is refused. */
#include <asm/nmi.h>
#include <linux/mutex.h>

#include "perfctr_reserve.h"

struct counter_users {
	u32 msr;
	u32 users;
};

static DEFINE_MUTEX(reserve_lock);
static struct counter_users reserved[PERFCTR_MAX_COUNTERS * 2];
static unsigned int total_users;
static unsigned int global_users; /* of total_users, the global counters' */
static unsigned int epoch = 1;

static struct counter_users *slot_of(u32 msr, bool create)
{
	struct counter_users *free_slot = NULL;

	for (size_t k = 0; k < ARRAY_SIZE(reserved); k++) {
		if (reserved[k].users && reserved[k].msr == msr)
			return &reserved[k];
		if (!reserved[k].users && !free_slot)
			free_slot = &reserved[k];
	}
	if (create && free_slot)
		free_slot->msr = msr;
	return create ? free_slot : NULL;
}

static void put_counter(u32 msr, bool global)
{
	struct counter_users *slot = slot_of(msr, false);

	if (!slot)
		return;
	if (--slot->users == 0)
		release_perfctr_nmi(msr);
	total_users--;
	if (global)
		global_users--;
}

static int get_counter(u32 msr, bool global)
{
	struct counter_users *slot;

	if (global ? total_users != global_users : global_users != 0)
		return -EBUSY;
	slot = slot_of(msr, true);
	if (!slot)
		return -EBUSY;
	if (slot->users == 0 && !reserve_perfctr_nmi(msr))
		return -EBUSY;
	if (total_users == 0)
		epoch++; /* perf may have programmed the registers meanwhile */
	slot->users++;
	total_users++;
	if (global)
		global_users++;
	return 0;
}

int perfctr_reserve(const struct perfctr_x86_program *program, u32 nrctrs, bool global)
{
	int err = 0;
	u32 i;

	mutex_lock(&reserve_lock);
	for (i = 0; i < nrctrs && !err; i++)
		err = get_counter(program->counter_msr[i], global);
	if (err)
		while (--i > 0)
			put_counter(program->counter_msr[i - 1], global);
	mutex_unlock(&reserve_lock);
	return err;
}

void perfctr_unreserve(const struct perfctr_x86_program *program, u32 nrctrs, bool global)
{
	mutex_lock(&reserve_lock);
	for (u32 i = 0; i < nrctrs; i++)
		put_counter(program->counter_msr[i], global);
	mutex_unlock(&reserve_lock);
}

unsigned int perfctr_reserve_epoch(void)
{
	return READ_ONCE(epoch);
}
