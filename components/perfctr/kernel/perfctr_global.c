// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/* The global counters' rules (perfctr_global.h). A CPU's state is the
 * same driver state a virtual counter has; only who runs resume and
 * suspend differs: the module, on that CPU, at GPERFCTR_START and STOP,
 * and sample from a periodic work so that no 32-bit difference wraps. */
#include "perfctr_global.h"

static bool reserved_zero(const struct gperfctr_cpu_control *c)
{
	const struct perfctr_cpu_control *cc = &c->cpu_control;

	return !c->_reserved1 && !c->_reserved2 && !c->_reserved3 && !c->_reserved4 &&
	       !cc->_reserved1 && !cc->_reserved2 && !cc->_reserved3 && !cc->_reserved4;
}

int perfctr_global_control(struct perfctr_global *g, const struct gperfctr_cpu_control *control,
                           bool online, bool forbidden, struct perfctr_x86_program *scratch)
{
	struct perfctr_global_cpu *c;
	int err;

	if (control->cpu >= g->nr_cpus || !online || forbidden || !reserved_zero(control))
		return -EINVAL;
	if (control->cpu_control.nrictrs != 0)
		return -EPERM;
	if (g->started)
		return -EBUSY;
	c = &g->cpus[control->cpu];
	/* is_global: an HT P4's T1 CPL bits are allowed here (the seed). */
	err = perfctr_x86_update_control(g->cpu, &c->state, &control->cpu_control, true, scratch);
	if (err)
		return err;
	/* A control that counts nothing (no TSC, no counter) leaves the CPU
	 * out of the next start. */
	if (c->has_control)
		g->nr_active--;
	c->has_control = c->state.user.cstatus != 0;
	if (c->has_control)
		g->nr_active++;
	return (int)g->nr_active;
}

int perfctr_global_check_start(const struct perfctr_global *g, uint32_t interval_usec)
{
	if (interval_usec && interval_usec < PERFCTR_GLOBAL_MIN_INTERVAL_USEC)
		return -EINVAL;
	if (g->started)
		return -EBUSY;
	return (int)g->nr_active;
}

bool perfctr_global_cpu_has_counters(const struct perfctr_global *g, uint32_t n)
{
	return n < g->nr_cpus && perfctr_cstatus_nrctrs(g->cpus[n].state.user.cstatus) != 0;
}

void perfctr_global_resume_cpu(struct perfctr_global *g, uint32_t n,
                               struct perfctr_x86_cache *cache, uint64_t forbidden_mask)
{
	const struct perfctr_x86_regs *regs = g->cpu->regs;
	struct perfctr_global_cpu *c;

	if (n >= g->nr_cpus || !g->cpus[n].has_control || g->cpus[n].running)
		return;
	c = &g->cpus[n];
	/* The TSC alone touches no register (the counters may be perf's). */
	if (!perfctr_global_cpu_has_counters(g, n)) {
		c->state.user.tsc_start = (uint32_t)regs->rdtsc(regs->cpu);
		c->running = true;
		return;
	}
	c->running = perfctr_x86_resume(g->cpu, cache, &c->state, forbidden_mask) == 0;
}

void perfctr_global_sample_cpu(struct perfctr_global *g, uint32_t n)
{
	if (n < g->nr_cpus && g->cpus[n].running)
		perfctr_x86_sample(g->cpu, &g->cpus[n].state);
}

void perfctr_global_suspend_cpu(struct perfctr_global *g, uint32_t n,
                                struct perfctr_x86_cache *cache)
{
	if (n >= g->nr_cpus || !g->cpus[n].running)
		return;
	if (perfctr_global_cpu_has_counters(g, n))
		perfctr_x86_suspend(g->cpu, cache, &g->cpus[n].state);
	else
		perfctr_x86_sample(g->cpu, &g->cpus[n].state);
	g->cpus[n].running = false;
}

void perfctr_global_cpu_offline(struct perfctr_global *g, uint32_t n,
                                struct perfctr_x86_cache *cache)
{
	bool had_counters =
	    n < g->nr_cpus && g->cpus[n].running && perfctr_global_cpu_has_counters(g, n);

	perfctr_global_suspend_cpu(g, n, cache);
	/* a-mode counters go on counting after a suspend (only a resume
	 * elsewhere would write their controls): a CPU that leaves stops
	 * them, and its cache then says the registers are clear. */
	if (had_counters)
		perfctr_x86_cache_init(g->cpu, cache);
}

void perfctr_global_cpu_online(struct perfctr_global *g, uint32_t n,
                               struct perfctr_x86_cache *cache, uint64_t forbidden_mask)
{
	if (g->started)
		perfctr_global_resume_cpu(g, n, cache, forbidden_mask);
}

void perfctr_global_forget(struct perfctr_global *g)
{
	for (uint32_t n = 0; n < g->nr_cpus; n++)
		g->cpus[n].has_control = false;
	g->nr_active = 0;
	g->started = false;
}

int perfctr_global_read(const struct perfctr_global *g, uint32_t n, bool online,
                        struct gperfctr_cpu_state *out)
{
	const struct perfctr_cpu_state *user;

	if (n >= g->nr_cpus || !online)
		return -EINVAL;
	user = &g->cpus[n].state.user;
	memset(out, 0, sizeof(*out));
	out->cpu = n;
	out->cpu_control = g->cpus[n].state.control;
	out->sum.tsc = user->tsc_sum;
	for (uint32_t i = 0; i < perfctr_cstatus_nrctrs(user->cstatus); i++)
		out->sum.pmc[i] = user->pmc[i].sum;
	return 0;
}
