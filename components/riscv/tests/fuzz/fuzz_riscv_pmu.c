// SPDX-License-Identifier: BSD-3-Clause
/* Fuzz target: the riscv component's counter driver (components/riscv/
 * rv_pmu.c, the code its kernel module runs) against the model of the
 * counter delegation rules (components/riscv/tests/rv_model.c), on harts
 * the input describes (RV32 or RV64, a set of extensions, the counters
 * M-mode delegated) and with the operations the input lists (obtain,
 * start, stop, read, reload, release, and the hart retiring events). The
 * rules: once the probe succeeded, no call of the driver traps (it only
 * touches what the hart allows); a counter read while stopped keeps its
 * value whatever the hart retires; a hardware counter started at V that
 * then sees N events reads V + N (V for event 0, which counts nothing). */
#include <string.h>

#include "rv_model.h"
#include "rv_pmu.h"
#include "rv_sbi.h"
#include "fuzz_target.h"

#define MAX_COUNTERS 4

struct input {
	const uint8_t *data;
	size_t size, at;
};

static unsigned take(struct input *in)
{
	return in->at < in->size ? in->data[in->at++] : 0;
}

static uint64_t take64(struct input *in)
{
	uint64_t value = 0;
	for (int i = 0; i < 8; i++)
		value = value << 8 | take(in);
	return value;
}

static const unsigned long events[] = {
    RV_SBI_EVENT_INDEX(RV_SBI_TYPE_HARDWARE, 1), /* cycles */
    RV_SBI_EVENT_INDEX(RV_SBI_TYPE_HARDWARE, 2), /* instructions */
    RV_SBI_EVENT_INDEX(RV_SBI_TYPE_CACHE,
                       RV_SBI_CACHE_CODE(0, RV_SBI_CACHE_READ, RV_SBI_CACHE_MISS)),
    RV_SBI_EVENT_INDEX(RV_SBI_TYPE_RAW, 0),
    RV_SBI_EVENT_INDEX(RV_SBI_TYPE_FIRMWARE, 1),
};

struct slot {
	bool obtained, running, known; /* known: value is what a read must give */
	/* Its selector names an event: event 0 (a raw event of selector 0)
	 * counts nothing. Counters 0-2 (cycle, time, instret) always count. */
	bool counts;
	/* Started since it was obtained: before its first start a counter's
	 * state is the firmware's (the cycle counter may run free). */
	bool started;
	struct rv_counter counter;
	uint64_t value;
};

static void check(int rc, const char *what)
{
	if (rc == RV_PMU_TRAPPED)
		fuzz_fail("%s trapped after a successful probe", what);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct input in = {data, size, 0};
	struct rv_model model;
	struct rv_pmu pmu;
	struct rv_hart hart;
	struct slot slots[MAX_COUNTERS];

	/* The first byte: bit 0 RV32, bits 1-7 the extensions the hart
	 * lacks (RV_EXT_ZICNTR..RV_EXT_H; 0 or 1: every extension). */
	unsigned hart_byte = take(&in);
	unsigned xlen = hart_byte & 1 ? 32 : 64;
	rv_model_init(&model, xlen, RV_EXT_ALL & ~(hart_byte >> 1));
	unsigned delegation = take(&in);
	if (delegation & 1)
		rv_model_delegate(&model, take64(&in));
	if (delegation & 2)
		model.mstateen0 = take64(&in);
	model.mcountinhibit = take64(&in);
	rv_model_hart(&model, &hart);
	if (rv_pmu_probe(&pmu, &hart) != RV_PMU_OK)
		return 0;
	memset(slots, 0, sizeof slots);

	while (in.at < in.size) {
		unsigned op = take(&in);
		struct slot *s = &slots[(op >> 4) % MAX_COUNTERS];
		uint64_t value = 0;
		int rc;
		switch (op & 7) {
		case 0: { /* obtain */
			if (s->obtained)
				break;
			struct rv_counter_request request = {
			    .event_index = events[take(&in) % (sizeof events / sizeof events[0])],
			    .event_data = take(&in),
			    .inhibit_flags = (unsigned long)(take(&in) & 0xf8),
			};
			rc = rv_counter_obtain(&pmu, &request, &s->counter);
			check(rc, "rv_counter_obtain");
			if (rc == RV_PMU_OK) {
				uint64_t event =
				    rv_model_selector_of(request.event_index, request.event_data) &
				    ~(RV_HPMEVENT_OF | RV_HPMEVENT_MINH | RV_HPMEVENT_SINH |
				      RV_HPMEVENT_UINH | RV_HPMEVENT_VSINH | RV_HPMEVENT_VUINH);
				*s = (struct slot){.obtained = true,
				                   .counts = s->counter.index < 3 || event != 0,
				                   .counter = s->counter};
			}
			break;
		}
		case 1: /* start at a value */
			if (!s->obtained || s->running)
				break;
			value = take64(&in);
			rc = rv_counter_start(&pmu, &s->counter, value);
			check(rc, "rv_counter_start");
			if (rc == RV_PMU_OK) {
				s->running = s->started = true;
				s->value = value;
				s->known = !s->counter.firmware;
			}
			break;
		case 2: /* stop */
			if (!s->obtained || !s->running)
				break;
			rc = rv_counter_stop(&pmu, &s->counter);
			check(rc, "rv_counter_stop");
			if (rc == RV_PMU_OK)
				s->running = false;
			break;
		case 3: /* read */
			if (!s->obtained)
				break;
			rc = rv_counter_read(&pmu, &s->counter, &value);
			check(rc, "rv_counter_read");
			if (rc == RV_PMU_OK && s->known && value != s->value)
				fuzz_fail("counter %u (%s) reads %#llx, expected %#llx",
				          s->counter.index,
				          s->counter.delegated ? "delegated" : "SBI",
				          (unsigned long long)value, (unsigned long long)s->value);
			if (rc == RV_PMU_OK) {
				s->value = value;
				s->known = s->started && !s->counter.firmware;
			}
			break;
		case 4: /* reload */
			if (!s->obtained)
				break;
			value = take64(&in);
			rc = rv_counter_reload(&pmu, &s->counter, value);
			check(rc, "rv_counter_reload");
			if (rc == RV_PMU_OK) {
				s->value = value;
				s->known = s->started && !s->counter.firmware;
			}
			break;
		case 5: /* release */
			if (!s->obtained)
				break;
			check(rv_counter_release(&pmu, &s->counter), "rv_counter_release");
			s->obtained = s->running = s->known = s->started = false;
			break;
		default: { /* the hart retires events */
			uint64_t n = take(&in);
			rv_model_run(&model, n);
			for (int i = 0; i < MAX_COUNTERS; i++)
				if (slots[i].obtained && slots[i].running && slots[i].counts)
					slots[i].value += n;
			break;
		}
		}
	}
	return 0;
}
