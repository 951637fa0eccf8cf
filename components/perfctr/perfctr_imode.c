// SPDX-License-Identifier: BSD-3-Clause
/* i-mode counters (perfctr_imode.h). The interrupt bits, from the
 * manuals: evntsel INT bit 20 (P6, K7 and later AMD, Intel's general
 * counters), PMI bit 3 of a fixed counter's 4-bit field, the P4 CCCR's
 * OVF_PMI_T0 bit 26. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "util/error.h"
#include "kernel/perfctr_imode_floor.h"
#include "perfctr_imode.h"

#define EVNTSEL_INT     (1u << 20)
#define FIXED_PMI       0x8u
#define P4_CCCR_OVF_PMI (1u << 26)
#define RDPMC_FIXED     (1u << 30)
#define IRESET_MAX      2147483647LL

bool perfctr_imode_family(enum perfctr_x86_family_id family)
{
	switch (family) {
	case PERFCTR_FAMILY_P6:
	case PERFCTR_FAMILY_K7:
	case PERFCTR_FAMILY_P4:
	case PERFCTR_FAMILY_ARCH_PERFMON:
	case PERFCTR_FAMILY_AMD_FAM10H:
		return true;
	default:
		return false;
	}
}

bool perfctr_imode_native_interrupts(enum perfctr_x86_family_id family,
                                     const struct perfctr_native *native, long long threshold,
                                     bool global, char *why, size_t why_len)
{
	if (!native->event)
		snprintf(why, why_len, "perfctr: the TSC has no overflow interrupt");
	else if (!perfctr_imode_family(family))
		snprintf(why, why_len, "perfctr: this CPU's counters cannot interrupt on overflow");
	else if (threshold > IRESET_MAX)
		snprintf(why, why_len,
		         "perfctr: overflow threshold %lld above 2^31 - 1, an i-mode counter's "
		         "reach",
		         threshold);
	else if (global)
		snprintf(why, why_len, "perfctr: the global counters have no interrupt mode");
	else
		return true;
	return false;
}

static uint32_t interrupt_bit(enum perfctr_x86_family_id family, uint32_t pmc_map)
{
	if (family == PERFCTR_FAMILY_P4)
		return P4_CCCR_OVF_PMI;
	return pmc_map & RDPMC_FIXED ? FIXED_PMI : EVNTSEL_INT;
}

int perfctr_imode_apply(enum perfctr_x86_family_id family, const long long *thresholds, int count,
                        struct perfctr_layout *layout)
{
	struct perfctr_cpu_control *c = &layout->control;
	struct perfctr_cpu_control sorted = *c;
	int new_slot[PERFCTR_MAX_COUNTERS];
	unsigned n = 0, total = c->nractrs, nri = 0;

	for (int i = 0; i < count; i++) {
		if (thresholds[i] <= 0)
			continue;
		if (layout->slot[i] == PERFCTR_SLOT_TSC)
			return papi_error_set(PAPI_EINVAL,
			                      "perfctr: the TSC cannot overflow (no interrupt)");
		if (!perfctr_imode_family(family))
			return papi_error_set(PAPI_ECMP, "perfctr: this CPU's counters cannot "
			                                 "interrupt on overflow");
		if (thresholds[i] > IRESET_MAX)
			return papi_error_set(PAPI_EINVAL,
			                      "perfctr: overflow threshold %lld above 2^31 - 1",
			                      thresholds[i]);
	}
	/* a-mode counters keep their order, then the i-mode ones. */
	for (int pass = 0; pass < 2; pass++)
		for (int i = 0; i < count; i++) {
			int from = layout->slot[i];
			bool imode = thresholds[i] > 0;
			if (from == PERFCTR_SLOT_TSC || imode != (pass == 1))
				continue;
			sorted.pmc_map[n] = c->pmc_map[from];
			sorted.evntsel[n] = c->evntsel[from];
			sorted.p4.escr[n] = c->p4.escr[from];
			sorted.ireset[n] = 0;
			if (imode) {
				sorted.evntsel[n] |= interrupt_bit(family, c->pmc_map[from]);
				sorted.ireset[n] = (int32_t)-thresholds[i];
				nri++;
			}
			new_slot[i] = (int)n++;
		}
	if (n != total)
		return papi_error_set(PAPI_EBUG, "perfctr: the set's counters changed");
	sorted.nractrs = total - nri;
	sorted.nrictrs = nri;
	*c = sorted;
	for (int i = 0; i < count; i++)
		if (layout->slot[i] != PERFCTR_SLOT_TSC)
			layout->slot[i] = new_slot[i];
	return PAPI_OK;
}

int perfctr_imode_refusal(int err, const struct perfctr_cpu_control *control)
{
	unsigned below = perfctr_imode_threshold_below_floor(control);

	/* Every other rule the component's controls meet by construction
	 * (test_perfctr_control.c, test_perfctr_imode.c): with a threshold
	 * below the floor, EINVAL is the floor's. */
	if (err != EINVAL || !below)
		return PAPI_OK;
	return papi_error_set(
	    PAPI_EPERM,
	    "perfctr: overflow threshold %u is below %d events, which the module grants only "
	    "to a caller with CAP_PERFMON or CAP_SYS_ADMIN (each overflow interrupts the CPU: "
	    "perf's default sample rate limit, 100,000 a second, is 10,000 events at 1 GHz); "
	    "ask for %d or more",
	    below, PERFCTR_UNPRIVILEGED_OVERFLOW_THRESHOLD_MIN,
	    PERFCTR_UNPRIVILEGED_OVERFLOW_THRESHOLD_MIN);
}

int perfctr_imode_dispatch(const struct perfctr_layout *layout, int count, uint32_t ovf_mask,
                           void (*fire)(void *cookie, int native), void *cookie)
{
	int fired = 0;

	for (int i = 0; i < count; i++) {
		int slot = layout->slot[i];
		if (slot != PERFCTR_SLOT_TSC && slot < 32 && (ovf_mask >> slot & 1)) {
			fire(cookie, i);
			fired++;
		}
	}
	return fired;
}
