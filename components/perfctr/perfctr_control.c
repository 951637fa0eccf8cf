// SPDX-License-Identifier: BSD-3-Clause
/* Building a control (perfctr_control.h). Bits from the manuals: evntsel
 * USR 16, OS 17, enable 22 (the P6 has one enable, in EVNTSEL0); Intel's
 * fixed counters take a 4-bit field, OS bit 0, USR bit 1, and are read
 * with rdpmc selector bit 30. */
#include <string.h>

#include "util/error.h"
#include "perfctr_control.h"

#define EVNTSEL_USR     (1u << 16)
#define EVNTSEL_OS      (1u << 17)
#define EVNTSEL_EN      (1u << 22)
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
	c->evntsel[index] = event->event | (uint32_t)event->umask << 8 | (user ? EVNTSEL_USR : 0) |
	                    (kernel ? EVNTSEL_OS : 0);
	/* The P6's one enable bit is EVNTSEL0's, reserved in EVNTSEL1. */
	if (family != PERFCTR_FAMILY_P6 || counter == 0)
		c->evntsel[index] |= EVNTSEL_EN;
}

int perfctr_control_build(enum perfctr_x86_family_id family, unsigned nr_counters, int domain,
                          const struct perfctr_native *const *natives, int count,
                          struct perfctr_layout *out)
{
	uint32_t used = 0;
	unsigned n = 0;

	memset(out, 0, sizeof(*out));
	out->control.tsc_on = 1;
	if (count > PERFCTR_MAX_COUNTERS + 1)
		return papi_error_set(PAPI_ECNFLCT, "perfctr: at most %d events in a set",
		                      PERFCTR_MAX_COUNTERS + 1);
	if (!(domain & (PAPI_DOM_USER | PAPI_DOM_KERNEL)))
		domain = PAPI_DOM_USER;
	for (int i = 0; i < count; i++) {
		const struct perfctr_event *event = natives[i]->event;
		uint32_t free;
		unsigned counter;

		if (!event) {
			out->slot[i] = PERFCTR_SLOT_TSC;
			continue;
		}
		free = allowed_counters(event, nr_counters) & ~used;
		if (!free || n >= PERFCTR_MAX_COUNTERS)
			return papi_error_set(
			    PAPI_ECNFLCT,
			    "perfctr: no counter left for %s beside the set's other "
			    "events",
			    event->name);
		counter = (unsigned)__builtin_ctz(free);
		if (counter >= FIXED_FIRST_BIT + FIXED_COUNTERS)
			return papi_error_set(PAPI_ECNFLCT, "perfctr: %s has no counter",
			                      event->name);
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
