// SPDX-License-Identifier: BSD-3-Clause
/* The fuzz target's short deterministic run for make check: from each
 * model's valid control (fuzz_seeds.c) and then from the controls it last
 * accepted, a few words changed at a time (a bit flipped, a rule's bit
 * set, a random word) with a fixed random seed; every result goes through
 * fuzz_check_control, which aborts on a broken rule. An argument sets the
 * number of controls (default 300000). */
#include <stdio.h>
#include <stdlib.h>

#include "fuzz_x86.h"

static uint64_t rng = 0x9E3779B97F4A7C15ull;

static uint32_t next_random(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (uint32_t)(rng >> 16);
}

/* A word of the control's counter arrays or its header, mostly among
 * the counters in use. */
static uint32_t *pick_word(struct perfctr_cpu_control *c)
{
	uint32_t i = next_random() % 4 ? next_random() % 4 : next_random() % PERFCTR_MAX_COUNTERS;
	switch (next_random() % 9) {
	case 0:
		return (next_random() & 1) ? &c->nractrs : &c->nrictrs;
	case 1:
		return next_random() % 4 ? &c->pmc_map[i] : &c->tsc_on;
	case 2:
	case 3:
		return &c->evntsel[i];
	case 4:
	case 5:
		return &c->p4.escr[i];
	case 6:
		return (uint32_t *)&c->ireset[i];
	case 7:
		return (next_random() & 1) ? &c->p4.pebs_enable : &c->p4.pebs_matrix_vert;
	default:
		return &c->evntsel[i];
	}
}

/* Takes the first counter out of the control (a-mode or i-mode), the
 * others moving down: controls of fewer counters than the seeds. */
static void drop_first_counter(struct perfctr_cpu_control *c)
{
	if (c->nractrs)
		c->nractrs--;
	else if (c->nrictrs)
		c->nrictrs--;
	else
		return;
	for (unsigned i = 0; i + 1 < PERFCTR_MAX_COUNTERS; i++) {
		c->pmc_map[i] = c->pmc_map[i + 1];
		c->evntsel[i] = c->evntsel[i + 1];
		c->p4.escr[i] = c->p4.escr[i + 1];
		c->ireset[i] = c->ireset[i + 1];
	}
}

static void mutate(struct perfctr_cpu_control *c)
{
	if (next_random() % 8 == 0)
		drop_first_counter(c);
	for (unsigned k = next_random() % 3 + 1; k > 0; k--) {
		uint32_t *word = pick_word(c);
		switch (next_random() % 6) {
		case 0:
			*word = next_random();
			break;
		case 1:
			*word = next_random() % 20;
			break;
		case 2:
			*word = (uint32_t) - (int32_t)(next_random() % 3);
			break;
		default:
			*word ^= 1u << next_random() % 32;
			break;
		}
	}
}

int main(int argc, char **argv)
{
	static struct perfctr_cpu_control last[FUZZ_MODELS];
	long runs = argc > 1 ? atol(argv[1]) : 300000;

	for (int m = 0; m < FUZZ_MODELS; m++) {
		last[m] = *fuzz_seed_control(m);
		if (fuzz_check_control(m, false, &last[m])) {
			printf("FAILED: the seed control of %s is refused\n", fuzz_model_name(m));
			return 1;
		}
	}
	for (long run = 0; run < runs; run++) {
		int model = (int)(next_random() % FUZZ_MODELS);
		bool is_global = next_random() % 4 == 0;
		struct perfctr_cpu_control control =
		    next_random() % 8 ? last[model] : *fuzz_seed_control(model);
		mutate(&control);
		if (!fuzz_check_control(model, is_global, &control))
			last[model] = control;
	}
	printf("fuzz smoke: %ld controls, %lu accepted, %lu refused, 0 rule broken\n", runs,
	       fuzz_accepted, fuzz_refused);
	printf("PASSED: %ld fuzzed controls\n", runs);
	return 0;
}
