// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/* The rules every family shares: how many counters a control may use,
 * which counter each maps to, and the i-mode reload values. */
#include "perfctr_imode_floor.h"
#include "x86_driver.h"

int perfctr_x86_check_counts(const struct perfctr_cpu_control *control, uint32_t nr_counters,
                             bool interrupts)
{
	/* Compared one at a time: their sum could wrap. */
	if (control->tsc_on > 1 || control->nractrs > nr_counters || control->nrictrs > nr_counters)
		return -EINVAL;
	if (control->nractrs + control->nrictrs > nr_counters)
		return -EINVAL;
	/* i-mode needs the local APIC's counter interrupt. */
	if (control->nrictrs && !interrupts)
		return -EINVAL;
	return 0;
}

int perfctr_x86_check_ireset(const struct perfctr_cpu_control *control)
{
	/* Overflow is the negative to non-negative transition: a reload
	 * value of 0 or more would never (or at once) overflow. */
	for (uint32_t i = control->nractrs; i < control->nractrs + control->nrictrs; i++)
		if (control->ireset[i] >= 0)
			return -EINVAL;
	return 0;
}

int perfctr_x86_check_ireset_floor(const struct perfctr_cpu_control *control,
                                   bool may_interrupt_often)
{
	if (!may_interrupt_often && perfctr_imode_threshold_below_floor(control))
		return -EINVAL;
	return 0;
}

int perfctr_x86_check_map(const struct perfctr_cpu_control *control, uint32_t (*index_of)(uint32_t),
                          uint32_t nr_indices)
{
	uint64_t used = 0;

	for (uint32_t i = 0; i < control->nractrs + control->nrictrs; i++) {
		uint32_t index = index_of(control->pmc_map[i]);
		/* Two controls on one counter would program it twice. */
		if (index >= nr_indices || index >= 64 || (used >> index & 1))
			return -EINVAL;
		used |= 1ull << index;
	}
	return 0;
}
