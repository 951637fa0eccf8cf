// SPDX-License-Identifier: BSD-3-Clause
/* Fuzz target over the control validator: a control decoded from the
 * input, for one of the simulated CPUs, must either be refused without a
 * register written or the state touched, or be accepted only if it obeys
 * every rule, checked here again independently (fuzz_oracle.c) and by the
 * simulated registers, which fault on any reserved bit a resume writes.
 *
 * Built two ways: with libFuzzer (clang -fsanitize=fuzzer, fuzz-long.sh),
 * and with fuzz_smoke.c's main, a deterministic run in make check. Any
 * violation aborts (that is how a fuzzer hears of it). */
#include <stdio.h>
#include <stdlib.h>

#include "fuzz_x86.h"

static struct sim_cpu sim;
static struct perfctr_x86_cpu cpu;
static struct perfctr_x86_cache cache;
static struct perfctr_x86_state state, before;
static struct perfctr_x86_program scratch;

unsigned long fuzz_accepted, fuzz_refused;

#ifdef FUZZ_REPORT_AT_EXIT
/* libFuzzer's own statistics say nothing of the controls' fate. */
static void report(void)
{
	fprintf(stderr, "fuzz: %lu controls accepted, %lu refused, 0 rule broken\n", fuzz_accepted,
	        fuzz_refused);
}

__attribute__((constructor)) static void report_at_exit(void)
{
	atexit(report);
}
#endif

/* Bytes of the input, read in order; zeros once it runs out. */
struct input {
	const uint8_t *data;
	size_t size, at;
};

static uint32_t take(struct input *in, unsigned bytes)
{
	uint32_t value = 0;
	for (unsigned i = 0; i < bytes; i++)
		value = value << 8 | (in->at < in->size ? in->data[in->at++] : 0);
	return value;
}

/* Mostly small (what a valid control holds), sometimes anything. */
static uint32_t take_count(struct input *in)
{
	uint32_t byte = take(in, 1);
	return byte & 0x80 ? take(in, 4) : byte % 20;
}

static uint32_t take_map(struct input *in)
{
	uint32_t byte = take(in, 1);
	switch (byte >> 6) {
	case 0:
		return byte % 20;
	case 1:
		return (byte & 1) << 31 | (byte >> 1) % 20; /* P4 fast rdpmc */
	case 2:
		return 1u << 30 | byte % 5; /* Intel fixed */
	default:
		return take(in, 4);
	}
}

/* The bits the rules are about (enables, INT, privilege levels, the P4's
 * thread, cascade and overflow bits, PEBS tagging, Intel's fixed-counter
 * fields): ORed into a value often, so that random inputs reach valid
 * controls and the rules' edges instead of failing the first check. */
static const uint32_t rule_bits[] = {
    1u << 22, 1u << 20, 1u << 16, 1u << 17, 0x40,     0x80,     0x30000,  1u << 12,
    1u << 26, 1u << 25, 1u << 30, 1u << 11, 1u << 13, 1u << 15, 1u << 2,  0x1,
    0x2,      0x3,      1u << 24, 0xA,      0x8,      1u << 31, 1u << 21, 1u << 19,
};
#define RULE_BITS (sizeof(rule_bits) / sizeof(rule_bits[0]))

static uint32_t take_bits(struct input *in)
{
	uint32_t shape = take(in, 1), value = take(in, 4);

	switch (shape & 7) {
	case 0:
		break; /* anything */
	case 1:
	case 2:
		value &= take(in, 4) & take(in, 4); /* a few bits */
		break;
	case 3:
		value &= take(in, 4) & 0xFFFF; /* a P5 half */
		break;
	case 4:
		value &= 0x1FF; /* a VIA C3 control */
		break;
	default:
		value = 0;
		break;
	}
	value |= rule_bits[(shape >> 3) % RULE_BITS];
	if (shape & 0x80)
		value |= rule_bits[take(in, 1) % RULE_BITS];
	return value;
}

static int32_t take_ireset(struct input *in)
{
	uint32_t shape = take(in, 1);

	switch (shape & 3) {
	case 0:
		return -1;
	case 1:
		return -(int32_t)(shape >> 2) - 1;
	case 2:
		return (int32_t)(shape >> 2); /* zero or positive: never valid */
	default:
		return (int32_t)take(in, 4);
	}
}

static void decode(struct input *in, struct perfctr_cpu_control *control)
{
	memset(control, 0, sizeof(*control));
	control->tsc_on = take(in, 1) % 3;
	control->nractrs = take_count(in);
	control->nrictrs = take_count(in);
	for (unsigned i = 0; i < PERFCTR_MAX_COUNTERS; i++) {
		control->pmc_map[i] = take_map(in);
		control->evntsel[i] = take_bits(in);
		control->p4.escr[i] = take_bits(in);
		control->ireset[i] = take_ireset(in);
	}
	control->p4.pebs_enable = take(in, 1) & 1 ? take_bits(in) : 0;
	control->p4.pebs_matrix_vert = take(in, 1) & 1 ? take_bits(in) & 0xFF : 0;
}

static void fail(const char *what, int model, const struct perfctr_cpu_control *control)
{
	fprintf(stderr, "fuzz: %s (model %d: %s, tsc_on %u nractrs %u nrictrs %u)\n", what, model,
	        fuzz_model_name(model), control->tsc_on, control->nractrs, control->nrictrs);
	abort();
}

int fuzz_check_control(int model, bool is_global, const struct perfctr_cpu_control *control)
{
	int err;

	fuzz_model_build(model, &sim);
	if (perfctr_x86_detect(&cpu, &sim.regs))
		fail("detection failed", model, control);
	perfctr_x86_cache_init(&cpu, &cache);
	memset(&state, 0, sizeof(state));
	sim_clear_log(&sim);
	before = state;

	err = perfctr_x86_update_control(&cpu, &state, control, is_global, &scratch);
	if (err) {
		fuzz_refused++;
		if (err != -EINVAL)
			fail("refused with an error other than -EINVAL", model, control);
		if (sim.nr_writes || memcmp(&before, &state, sizeof(state)))
			fail("a refused control wrote a register or changed the state", model,
			     control);
		return err;
	}
	fuzz_accepted++;
	if (!fuzz_oracle_accepts(model, &cpu, control, is_global))
		fail("accepted a control that breaks a rule", model, control);
	for (uint32_t i = 0;
	     cpu.family_id == PERFCTR_FAMILY_P4 && i < control->nractrs + control->nrictrs; i++)
		if (state.program.p4_escr_map[i] !=
		    fuzz_oracle_p4_escr(control->pmc_map[i] & 0x7FFFFFFFu,
		                        control->evntsel[i] >> 13 & 7))
			fail("a P4 counter's ESCR is not the one Intel's table gives", model,
			     control);
	if (perfctr_x86_resume(&cpu, &cache, &state, 0))
		fail("an accepted control does not resume", model, control);
	perfctr_x86_suspend(&cpu, &cache, &state);
	if (perfctr_x86_resume(&cpu, &cache, &state, 0))
		fail("an accepted control does not resume twice", model, control);
	if (sim.faults)
		fail("an accepted control faulted a register (a reserved bit or no such MSR)",
		     model, control);
	return 0;
}

/* Edits of a model's valid control: (word, operation, value) triples on
 * the control seen as 32-bit words, so that the fuzzer starts next to the
 * rules' edges. */
static void edit_seed(struct input *in, struct perfctr_cpu_control *control)
{
	uint32_t words[sizeof(*control) / sizeof(uint32_t)];

	memcpy(words, control, sizeof(words));
	while (in->at < in->size) {
		uint32_t word = take(in, 1) % (sizeof(words) / sizeof(words[0]));
		uint32_t operation = take(in, 1), value = take(in, 4);
		switch (operation % 4) {
		case 0:
			words[word] = value;
			break;
		case 1:
			words[word] ^= 1u << value % 32;
			break;
		case 2:
			words[word] |= rule_bits[value % RULE_BITS];
			break;
		default:
			words[word] &= value;
			break;
		}
	}
	memcpy(control, words, sizeof(words));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct input in = {data, size, 0};
	struct perfctr_cpu_control control;
	int model = (int)(take(&in, 1) % FUZZ_MODELS);
	uint32_t flags = take(&in, 1);

	if (flags & 2) {
		control = *fuzz_seed_control(model);
		edit_seed(&in, &control);
	} else {
		decode(&in, &control);
	}
	fuzz_check_control(model, flags & 1, &control);
	return 0;
}
