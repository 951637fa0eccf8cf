// SPDX-License-Identifier: BSD-3-Clause
/* Building a control (perfctr_control.h). Bits from the manuals: evntsel
 * USR 16, OS 17, enable 22 (the P6 has one enable, in EVNTSEL0); Intel's
 * fixed counters take a 4-bit field, OS bit 0, USR bit 1, and are read
 * with rdpmc selector bit 30. The P5's control is one 16-bit half of its
 * CESR: event select in bits 0-5, then the CC field whose bit 6 counts at
 * CPL 0-2 and bit 7 at CPL 3; no enable bit. The VIA C3's is the event
 * select alone (9 bits), no domain. The P4's counter has a CCCR (its
 * evntsel: enable bit 12, ESCR_SELECT bits 13-15, ACTIVE_THREAD 16-17 at
 * 3, any thread) and an ESCR (event select bits 25-30, event mask 9-24,
 * thread 0's OS bit 3 and USR bit 2); its 18 counters come in 8 groups, in
 * each of which an ESCR_SELECT names one ESCR that one counter may use;
 * a replay tagging event adds its PEBS_ENABLE and PEBS_MATRIX_VERT, one
 * pair per control. The Cyrix clones take the P5's control, their event
 * select's bit 6 in bit 10; the WinChip's is the 8-bit event select alone
 * (no CPL field), and its control leaves the TSC off (broken there, and
 * refused by the driver). */
#include <string.h>

#include "util/error.h"
#include "perfctr_control.h"

#define EVNTSEL_USR     (1u << 16)
#define EVNTSEL_OS      (1u << 17)
#define EVNTSEL_EN      (1u << 22)
#define P5_CPL_OS       0x40u
#define P5_CPL_USR      0x80u
#define CYRIX_ES_BIT6   0x400u
#define P4_CCCR_ENABLE  (1u << 12)
#define P4_CCCR_THREADS (3u << 16)
#define P4_ESCR_T0_OS   (1u << 3)
#define P4_ESCR_T0_USR  (1u << 2)
#define P4_NR_COUNTERS  18
#define FIXED_OS        1u
#define FIXED_USR       2u
#define RDPMC_FIXED     (1u << 30)
#define FIXED_FIRST_BIT 16
#define FIXED_COUNTERS  8

static uint32_t allowed_counters(const struct perfctr_event *event, unsigned nr_counters)
{
	uint32_t general = nr_counters >= 16 ? 0xFFFF : (1u << nr_counters) - 1;

	return event->counters ? event->counters : general;
}

static const uint8_t p4_group_of_counter[P4_NR_COUNTERS] = {
    0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 6, 7,
};

/* The first counter of the event's whose ESCR (group and select) is not
 * taken yet, or -1. escrs: bit 8 * select + group per ESCR taken. */
static int p4_counter(const struct perfctr_event *event, uint32_t used, uint64_t escrs)
{
	for (unsigned counter = 0; counter < P4_NR_COUNTERS; counter++) {
		unsigned escr = 8u * event->escr_select + p4_group_of_counter[counter];
		if ((event->counters >> counter & 1) && !(used >> counter & 1) &&
		    !(escrs >> escr & 1))
			return (int)counter;
	}
	return -1;
}

static void program_p4(int domain, unsigned counter, const struct perfctr_event *event,
                       struct perfctr_cpu_control *c, unsigned index)
{
	c->pmc_map[index] = counter;
	c->evntsel[index] = P4_CCCR_ENABLE | (uint32_t)event->escr_select << 13 | P4_CCCR_THREADS;
	c->p4.escr[index] = (uint32_t)event->event << 25 | (uint32_t)event->escr_mask << 9 |
	                    (domain & PAPI_DOM_USER ? P4_ESCR_T0_USR : 0) |
	                    (domain & PAPI_DOM_KERNEL ? P4_ESCR_T0_OS : 0);
}

static void program_counter(enum perfctr_x86_family_id family, int domain, unsigned counter,
                            const struct perfctr_event *event, struct perfctr_cpu_control *c,
                            unsigned index)
{
	bool user = domain & PAPI_DOM_USER, kernel = domain & PAPI_DOM_KERNEL;

	if (counter >= FIXED_FIRST_BIT) {
		c->pmc_map[index] = RDPMC_FIXED | (counter - FIXED_FIRST_BIT);
		c->evntsel[index] = (user ? FIXED_USR : 0) | (kernel ? FIXED_OS : 0);
		return;
	}
	c->pmc_map[index] = counter;
	if (family == PERFCTR_FAMILY_VIA_C3) {
		c->evntsel[index] = event->event | (uint32_t)event->umask << 8;
		return;
	}
	if (family == PERFCTR_FAMILY_WINCHIP) {
		c->evntsel[index] = event->event;
		return;
	}
	if (family == PERFCTR_FAMILY_P5 || family == PERFCTR_FAMILY_CYRIX) {
		uint32_t select =
		    family == PERFCTR_FAMILY_CYRIX
		        ? (event->event & 0x3Fu) | (event->event & 0x40u ? CYRIX_ES_BIT6 : 0)
		        : event->event;
		c->evntsel[index] = select | (user ? P5_CPL_USR : 0) | (kernel ? P5_CPL_OS : 0);
		return;
	}
	c->evntsel[index] = event->event | (uint32_t)event->umask << 8 | (user ? EVNTSEL_USR : 0) |
	                    (kernel ? EVNTSEL_OS : 0);
	/* The P6's one enable bit is EVNTSEL0's, reserved in EVNTSEL1. */
	if (family != PERFCTR_FAMILY_P6 || counter == 0)
		c->evntsel[index] |= EVNTSEL_EN;
}

/* Each event's counter (counter_of[i]; the TSC's unused): the events
 * allowed the fewest counters choose first, so that an event one counter
 * alone counts (the P5's 0x2A and up, the P6's FLOPS) finds it free
 * whatever the set's order; each takes the first free one it may use. */
static int assign_counters(unsigned nr_counters, const struct perfctr_native *const *natives,
                           int count, int *counter_of)
{
	uint32_t used = 0;

	for (int width = 0; width <= 32; width++)
		for (int i = 0; i < count; i++) {
			const struct perfctr_event *event = natives[i]->event;
			uint32_t allowed, free;
			if (!event)
				continue;
			allowed = allowed_counters(event, nr_counters);
			if (__builtin_popcount(allowed) != width)
				continue;
			free = allowed & ~used;
			if (!free)
				return papi_error_set(PAPI_ECNFLCT,
				                      "perfctr: no counter left for %s beside the "
				                      "set's other events",
				                      event->name);
			counter_of[i] = __builtin_ctz(free);
			if (counter_of[i] >= FIXED_FIRST_BIT + FIXED_COUNTERS)
				return papi_error_set(PAPI_ECNFLCT, "perfctr: %s has no counter",
				                      event->name);
			used |= 1u << counter_of[i];
		}
	return PAPI_OK;
}

int perfctr_control_build(enum perfctr_x86_family_id family, unsigned nr_counters, int domain,
                          const struct perfctr_native *const *natives, int count,
                          struct perfctr_layout *out)
{
	uint32_t used = 0;
	uint64_t escrs = 0;
	unsigned n = 0;
	int counter_of[PERFCTR_MAX_COUNTERS + 1];

	memset(out, 0, sizeof(*out));
	/* The TSC always, for the page reads; the WinChip's is broken. */
	out->control.tsc_on = family != PERFCTR_FAMILY_WINCHIP;
	if (count > PERFCTR_MAX_COUNTERS + 1)
		return papi_error_set(PAPI_ECNFLCT, "perfctr: at most %d events in a set",
		                      PERFCTR_MAX_COUNTERS + 1);
	if (!(domain & (PAPI_DOM_USER | PAPI_DOM_KERNEL)))
		domain = PAPI_DOM_USER;
	if (family != PERFCTR_FAMILY_P4) {
		int status = assign_counters(nr_counters, natives, count, counter_of);
		if (status != PAPI_OK)
			return status;
	}
	for (int i = 0; i < count; i++) {
		const struct perfctr_event *event = natives[i]->event;
		unsigned counter;

		if (!event && family == PERFCTR_FAMILY_WINCHIP)
			return papi_error_set(PAPI_ENOEVNT, "perfctr: the WinChip's TSC cannot be "
			                                    "used (the driver refuses it)");
		if (!event) {
			out->slot[i] = PERFCTR_SLOT_TSC;
			continue;
		}
		if (family == PERFCTR_FAMILY_P4) {
			int p4 = n < PERFCTR_MAX_COUNTERS ? p4_counter(event, used, escrs) : -1;
			if (p4 < 0)
				return papi_error_set(PAPI_ECNFLCT,
				                      "perfctr: no counter or ESCR left for %s "
				                      "beside the set's other events",
				                      event->name);
			if (event->tagging && out->control.p4.pebs_enable &&
			    (out->control.p4.pebs_enable != event->tagging->pebs_enable ||
			     out->control.p4.pebs_matrix_vert != event->tagging->pebs_matrix_vert))
				return papi_error_set(PAPI_ECNFLCT,
				                      "perfctr: %s needs another replay tagging "
				                      "than the set's: one metric per set",
				                      event->name);
			if (event->tagging) {
				out->control.p4.pebs_enable = event->tagging->pebs_enable;
				out->control.p4.pebs_matrix_vert = event->tagging->pebs_matrix_vert;
			}
			used |= 1u << p4;
			escrs |= 1ull << (8u * event->escr_select + p4_group_of_counter[p4]);
			program_p4(domain, (unsigned)p4, event, &out->control, n);
			out->slot[i] = (int)n++;
			continue;
		}
		if (n >= PERFCTR_MAX_COUNTERS)
			return papi_error_set(PAPI_ECNFLCT, "perfctr: no counter left for %s",
			                      event->name);
		counter = (unsigned)counter_of[i];
		used |= 1u << counter;
		program_counter(family, domain, counter, event, &out->control, n);
		out->slot[i] = (int)n++;
	}
	/* The P6 starts both counters with EVNTSEL0's enable bit: counter 1
	 * alone could never count, and the driver refuses it. */
	if (family == PERFCTR_FAMILY_P6 && (used & 2u) && !(used & 1u))
		return papi_error_set(PAPI_ECNFLCT, "perfctr: on the P6, counter 1 counts only "
		                                    "beside an event on counter 0");
	out->control.nractrs = n;
	return PAPI_OK;
}
