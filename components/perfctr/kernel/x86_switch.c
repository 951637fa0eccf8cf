// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/* Installing a validated control, and the context-switch operations.
 *
 * Sums are kept by accumulating differences of the counters' low 32 bits:
 * some CPUs cannot stop their counters (Centaur, VIA), some cannot load
 * them with arbitrary values (P6), so the hardware counter never holds a
 * total. A-mode counters are only ever read; i-mode counters are stopped
 * at suspend (no overflow interrupt may reach another context) and
 * reloaded at resume when the CPU's registers are not theirs any more. */
#include "x86_driver.h"

static uint32_t perfctr_x86_last_id;

static uint32_t new_control_id(void)
{
	uint32_t id;

	/* 0 means "no control": never hand it out. */
	do
		id = __atomic_add_fetch(&perfctr_x86_last_id, 1, __ATOMIC_RELAXED);
	while (id == 0);
	return id;
}

int perfctr_x86_update_control(const struct perfctr_x86_cpu *cpu, struct perfctr_x86_state *state,
                               const struct perfctr_cpu_control *control, bool is_global,
                               struct perfctr_x86_program *scratch)
{
	uint32_t nrctrs;
	int err;

	err = cpu->family->check_control(cpu, control, is_global, scratch);
	if (err)
		return err;
	nrctrs = control->nractrs + control->nrictrs;
	memset(&state->user, 0, sizeof(state->user));
	state->control = *control;
	state->program = *scratch;
	state->user.cstatus = perfctr_mk_cstatus(control->tsc_on, control->nrictrs != 0,
	                                         control->nrictrs, control->nractrs);
	state->user.k1.id = new_control_id();
	state->user.k1.isuspend_cpu = -1;
	for (uint32_t i = 0; i < nrctrs; i++) {
		state->user.pmc[i].map = control->pmc_map[i];
		/* An i-mode counter starts from its reload value. */
		if (i >= control->nractrs)
			state->user.pmc[i].start = (uint32_t)control->ireset[i];
	}
	return 0;
}

static uint32_t read_counter_low(const struct perfctr_x86_cpu *cpu,
                                 const struct perfctr_x86_state *state, uint32_t i)
{
	const struct perfctr_x86_regs *regs = cpu->regs;
	uint64_t value = 0;

	/* The classic P5 has no rdpmc. */
	if (cpu->features & PERFCTR_FEATURE_RDPMC)
		value = regs->rdpmc(regs->cpu, state->user.pmc[i].map);
	else
		regs->rdmsr(regs->cpu, state->program.counter_msr[i], &value);
	return (uint32_t)value;
}

static void write_register(const struct perfctr_x86_cpu *cpu, struct perfctr_x86_cache *cache,
                           uint32_t k, uint64_t value)
{
	cpu->regs->wrmsr(cpu->regs->cpu, cpu->control_msrs[k], value);
	cache->image[k] = value;
}

/* Loads the state's control registers, writing only those the cache says
 * differ: a state resumed on the CPU it left writes nothing. */
static void write_control(const struct perfctr_x86_cpu *cpu, struct perfctr_x86_cache *cache,
                          const struct perfctr_x86_state *state)
{
	if (cache->id == state->user.k1.id)
		return;
	for (uint32_t k = 0; k < cpu->nr_control_msrs; k++)
		if (cache->image[k] != state->program.image[k])
			write_register(cpu, cache, k, state->program.image[k]);
	cache->id = state->user.k1.id;
}

/* Clears counter i's bits of its control register, unless the cache says
 * they are clear already. */
static void stop_counter(const struct perfctr_x86_cpu *cpu, struct perfctr_x86_cache *cache,
                         const struct perfctr_x86_state *state, uint32_t i)
{
	uint32_t k = state->program.control_index[i];
	uint64_t bits = state->program.control_bits[i];

	if (cache->image[k] & bits)
		write_register(cpu, cache, k, cache->image[k] & ~bits);
}

static uint64_t counter_image(const struct perfctr_x86_cpu *cpu, uint32_t low)
{
	/* Sign-extended from bit 31 (the P6 does so itself), within the
	 * counter's width: bits above it are reserved. */
	uint64_t value = (uint64_t)(int64_t)(int32_t)low;
	if (cpu->counter_bits && cpu->counter_bits < 64)
		value &= (1ull << cpu->counter_bits) - 1;
	return value;
}

static void resume_imode(const struct perfctr_x86_cpu *cpu, struct perfctr_x86_cache *cache,
                         struct perfctr_x86_state *state, int this_cpu)
{
	uint32_t nrctrs = perfctr_cstatus_nrctrs(state->user.cstatus);

	if (cache->id == state->user.k1.id) {
		/* Force write_control to reload the registers suspend stopped. */
		cache->id = 0;
		/* Nothing else ran here: the counters still hold our values. */
		if (state->user.k1.isuspend_cpu == this_cpu)
			return;
	}
	for (uint32_t i = state->control.nractrs; i < nrctrs; i++) {
		/* Stopped first: the counter may hold another state's
		 * control, which would count or interrupt too early. */
		stop_counter(cpu, cache, state, i);
		cpu->regs->wrmsr(cpu->regs->cpu, state->program.counter_msr[i],
		                 counter_image(cpu, state->user.pmc[i].start));
	}
}

int perfctr_x86_resume(const struct perfctr_x86_cpu *cpu, struct perfctr_x86_cache *cache,
                       struct perfctr_x86_state *state, uint64_t forbidden_mask)
{
	const struct perfctr_x86_regs *regs = cpu->regs;
	uint32_t cstatus = state->user.cstatus;
	int this_cpu = regs->cpu_number(regs->cpu);

	if (!state->user.k1.id)
		return -EINVAL;
	if (this_cpu >= 0 && this_cpu < 64 && (forbidden_mask >> this_cpu & 1))
		return -EPERM;
	if (perfctr_cstatus_has_ictrs(cstatus))
		resume_imode(cpu, cache, state, this_cpu);
	write_control(cpu, cache, state);
	if (perfctr_cstatus_has_tsc(cstatus))
		state->user.tsc_start = (uint32_t)regs->rdtsc(regs->cpu);
	for (uint32_t i = 0; i < perfctr_cstatus_nrctrs(cstatus); i++)
		state->user.pmc[i].start = read_counter_low(cpu, state, i);
	return 0;
}

void perfctr_x86_sample(const struct perfctr_x86_cpu *cpu, struct perfctr_x86_state *state)
{
	const struct perfctr_x86_regs *regs = cpu->regs;
	uint32_t cstatus = state->user.cstatus;

	if (perfctr_cstatus_has_tsc(cstatus)) {
		uint32_t now = (uint32_t)regs->rdtsc(regs->cpu);
		state->user.tsc_sum += (uint32_t)(now - state->user.tsc_start);
		state->user.tsc_start = now;
	}
	for (uint32_t i = 0; i < perfctr_cstatus_nrctrs(cstatus); i++) {
		uint32_t now = read_counter_low(cpu, state, i);
		state->user.pmc[i].sum += (uint32_t)(now - state->user.pmc[i].start);
		state->user.pmc[i].start = now;
	}
}

void perfctr_x86_suspend(const struct perfctr_x86_cpu *cpu, struct perfctr_x86_cache *cache,
                         struct perfctr_x86_state *state)
{
	uint32_t cstatus = state->user.cstatus;

	if (perfctr_cstatus_has_ictrs(cstatus)) {
		const struct perfctr_x86_regs *regs = cpu->regs;
		state->user.k1.isuspend_cpu = regs->cpu_number(regs->cpu);
		/* The cache and state ids stay equal: a resume here sees it. */
		for (uint32_t i = state->control.nractrs; i < perfctr_cstatus_nrctrs(cstatus); i++)
			stop_counter(cpu, cache, state, i);
	}
	perfctr_x86_sample(cpu, state);
}

uint32_t perfctr_x86_overflowed(const struct perfctr_x86_cpu *cpu,
                                const struct perfctr_x86_state *state)
{
	uint32_t mask = 0;

	/* An i-mode counter starts negative; non-negative, it overflowed. */
	for (uint32_t i = state->control.nractrs; i < perfctr_cstatus_nrctrs(state->user.cstatus);
	     i++)
		if ((int32_t)read_counter_low(cpu, state, i) >= 0)
			mask |= 1u << i;
	return mask;
}

void perfctr_x86_ireload(struct perfctr_x86_state *state)
{
	for (uint32_t i = state->control.nractrs; i < perfctr_cstatus_nrctrs(state->user.cstatus);
	     i++)
		state->user.pmc[i].start = (uint32_t)state->control.ireset[i];
	/* The counter registers no longer hold what resume must load. */
	state->user.k1.isuspend_cpu = -1;
}

void perfctr_x86_cache_init(const struct perfctr_x86_cpu *cpu, struct perfctr_x86_cache *cache)
{
	const struct perfctr_x86_regs *regs = cpu->regs;

	/* Start from known registers: stop whatever a previous owner left. */
	memset(cache, 0, sizeof(*cache));
	for (uint32_t k = 0; k < cpu->nr_control_msrs; k++) {
		uint64_t value;
		if (!regs->rdmsr(regs->cpu, cpu->control_msrs[k], &value) && value)
			regs->wrmsr(regs->cpu, cpu->control_msrs[k], 0);
	}
}
