// SPDX-License-Identifier: BSD-3-Clause
/* Entry points and options that say what an event set counts and how:
 * multiplexing, attach to another task, a whole CPU, inheritance by
 * children, and the library's interval timer. */
#include "config.h"

#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <sys/time.h>
#include <unistd.h>

#include "papi.h"
#include "api/internal.h"
#include "api/targets.h"
#include "util/error.h"
#include "core/eventset.h"
#include "core/library.h"
#include "core/signals.h"

static int stopped_set(int id, struct eventset **out)
{
	struct eventset *set = api_eventset(id);
	if (!set)
		return PAPI_ENOEVST;
	if (eventset_running(set))
		return papi_error_set(PAPI_EISRUN, "event set %d is running: stop it first", id);
	*out = set;
	return PAPI_OK;
}

static int require_component(const struct eventset *set, unsigned capability, const char *what)
{
	int cidx = eventset_component(set);
	if (cidx < 0)
		return papi_error_set(PAPI_ENOCMP,
		                      "event set %d has no component yet: add an event or assign "
		                      "a component before setting %s",
		                      eventset_id(set), what);
	if (!(papillon_components[cidx]->capabilities & capability))
		return papi_error_set(PAPI_ECMP, "component %s cannot count with %s",
		                      papillon_components[cidx]->name, what);
	return PAPI_OK;
}

/* Applies new options: reopens the events, or asks the component whether
 * the target is countable when there is nothing to reopen yet. */
static int apply_target(struct eventset *set, const struct counting_options *options)
{
	const struct component_ops *ops = papillon_components[eventset_component(set)];
	if (eventset_native_count(set) == 0 && ops->check_target) {
		int status = ops->check_target(options);
		if (status != PAPI_OK)
			return status;
	}
	return eventset_apply_options(set, options);
}

int targets_set_multiplex(const PAPI_multiplex_option_t *option)
{
	struct eventset *set;
	int status = stopped_set(option->eventset, &set);
	if (status == PAPI_OK)
		status = eventset_check_owner(set);
	if (status != PAPI_OK)
		return status;
	return eventset_multiplex(set, option->flags, option->ns);
}

int targets_get_multiplex(PAPI_multiplex_option_t *option)
{
	struct eventset *set = api_eventset(option->eventset);
	if (!set)
		return PAPI_ENOEVST;
	struct timer_settings timers;
	signals_timer_settings(&timers);
	option->ns = (int)timers.ns;
	option->flags = eventset_multiplexed_in_software(set) ? PAPI_MULTIPLEX_FORCE_SW
	                                                      : PAPI_MULTIPLEX_DEFAULT;
	return (eventset_state(set) & PAPI_MULTIPLEXING) != 0;
}

int targets_attach(int id, unsigned long tid)
{
	struct eventset *set;
	int status = stopped_set(id, &set);
	if (status == PAPI_OK)
		status = eventset_check_owner(set);
	if (status == PAPI_OK)
		status = require_component(set, CAP_ATTACH, "PAPI_ATTACH");
	if (status != PAPI_OK)
		return status;
	const struct counting_options *current = eventset_options(set);
	if (eventset_state(set) & PAPI_ATTACHED)
		return papi_error_set(PAPI_EINVAL,
		                      "event set %d is attached to thread %d already: detach first",
		                      id, (int)current->tid);
	if (eventset_state(set) & PAPI_CPU_ATTACHED)
		return papi_error_set(PAPI_EINVAL,
		                      "event set %d counts CPU %d: a set counts a thread or a CPU",
		                      id, current->cpu);
	if (tid == 0 || tid > (unsigned long)INT32_MAX)
		return papi_error_set(PAPI_EINVAL, "%lu is not a thread or process id", tid);
	char path[64];
	snprintf(path, sizeof(path), "/proc/%lu/stat", tid);
	if (access(path, F_OK) != 0)
		return papi_error_set(PAPI_EINVAL,
		                      "cannot attach to %lu: no such process or thread", tid);
	struct counting_options options = *current;
	options.tid = (pid_t)tid;
	status = apply_target(set, &options);
	if (status == PAPI_OK)
		eventset_set_flags(set, PAPI_ATTACHED, true);
	return status;
}

int targets_detach(int id)
{
	struct eventset *set;
	int status = stopped_set(id, &set);
	if (status != PAPI_OK)
		return status;
	if (!(eventset_state(set) & PAPI_ATTACHED))
		return papi_error_set(PAPI_EINVAL, "event set %d is not attached", id);
	/* Detached, the set counts whoever reopens it: its owner. */
	if (!eventset_owned_by_caller(set))
		return papi_error_set(
		    PAPI_EINVAL, "only the thread that created event set %d can detach it", id);
	struct counting_options options = *eventset_options(set);
	options.tid = 0;
	status = eventset_apply_options(set, &options);
	if (status == PAPI_OK)
		eventset_set_flags(set, PAPI_ATTACHED, false);
	return status;
}

int targets_cpu_attach(const PAPI_cpu_option_t *option)
{
	struct eventset *set;
	int status = stopped_set(option->eventset, &set);
	if (status == PAPI_OK)
		status = require_component(set, CAP_CPU, "PAPI_CPU_ATTACH");
	if (status != PAPI_OK)
		return status;
	if (eventset_state(set) & PAPI_ATTACHED)
		return papi_error_set(PAPI_EINVAL,
		                      "event set %d is attached to thread %d: a set counts a "
		                      "thread or a CPU",
		                      option->eventset, (int)eventset_options(set)->tid);
	long cpus = sysconf(_SC_NPROCESSORS_CONF);
	if ((long)option->cpu_num >= cpus)
		return papi_error_set(PAPI_EINVAL, "CPU %u does not exist (this system has %ld)",
		                      option->cpu_num, cpus);
	struct counting_options options = *eventset_options(set);
	options.cpu = (int)option->cpu_num;
	status = apply_target(set, &options);
	if (status == PAPI_OK)
		eventset_set_flags(set, PAPI_CPU_ATTACHED, true);
	return status;
}

int targets_set_granularity(struct eventset *set, int granularity)
{
	if (granularity != PAPI_GRN_THR && granularity != PAPI_GRN_SYS)
		return papi_error_set(PAPI_EINVAL,
		                      "granularity %#x is not supported: PAPI_GRN_THR (the thread) "
		                      "or PAPI_GRN_SYS (the whole CPU) count here",
		                      (unsigned)granularity);
	struct counting_options options = *eventset_options(set);
	options.granularity = granularity;
	int cidx = eventset_component(set);
	if (granularity == PAPI_GRN_SYS) {
		if (eventset_state(set) & PAPI_ATTACHED)
			return papi_error_set(PAPI_EINVAL,
			                      "event set %d is attached to a thread: PAPI_GRN_SYS "
			                      "counts a CPU",
			                      eventset_id(set));
		if (options.cpu < 0) {
			int cpu = sched_getcpu();
			options.cpu = cpu >= 0 ? cpu : 0;
		}
		if (cidx >= 0 && !(papillon_components[cidx]->capabilities & CAP_CPU))
			return papi_error_set(PAPI_ECMP, "component %s cannot count a whole CPU",
			                      papillon_components[cidx]->name);
	} else if (!(eventset_state(set) & PAPI_CPU_ATTACHED)) {
		options.cpu = -1;
	}
	if (cidx < 0)
		return eventset_apply_options(set, &options);
	return apply_target(set, &options);
}

int targets_inherit(const PAPI_inherit_option_t *option)
{
	struct eventset *set;
	int status = stopped_set(option->eventset, &set);
	if (status == PAPI_OK)
		status = eventset_check_owner(set);
	if (status == PAPI_OK)
		status = require_component(set, CAP_INHERIT, "PAPI_INHERIT");
	if (status != PAPI_OK)
		return status;
	if (option->inherit != PAPI_INHERIT_ALL && option->inherit != PAPI_INHERIT_NONE)
		return papi_error_set(PAPI_EINVAL,
		                      "inherit %d is not PAPI_INHERIT_ALL or PAPI_INHERIT_NONE",
		                      option->inherit);
	struct counting_options options = *eventset_options(set);
	options.inherit = option->inherit == PAPI_INHERIT_ALL;
	return apply_target(set, &options);
}

int targets_set_timer(int option, const PAPI_option_t *ptr)
{
	struct timer_settings timers;
	signals_timer_settings(&timers);
	switch (option) {
	case PAPI_DEF_MPX_NS:
		timers.ns = ptr->multiplex.ns;
		break;
	case PAPI_DEF_ITIMER_NS:
		timers.ns = ptr->itimer.ns;
		break;
	default: /* PAPI_DEF_ITIMER */
		timers.itimer_num = ptr->itimer.itimer_num;
		timers.signal = ptr->itimer.itimer_sig;
		if (ptr->itimer.ns > 0)
			timers.ns = ptr->itimer.ns;
		break;
	}
	return signals_set_timer_settings(&timers);
}

int targets_get_timer(int option, PAPI_option_t *ptr)
{
	struct timer_settings timers;
	signals_timer_settings(&timers);
	switch (option) {
	case PAPI_DEF_MPX_NS:
		ptr->multiplex.ns = (int)timers.ns;
		break;
	case PAPI_DEF_ITIMER_NS:
		ptr->itimer.ns = (int)timers.ns;
		break;
	default:
		ptr->itimer.itimer_num = timers.itimer_num;
		ptr->itimer.itimer_sig = timers.signal;
		ptr->itimer.ns = (int)timers.ns;
		ptr->itimer.flags = 0;
		break;
	}
	return PAPI_OK;
}

PAPI_EXPORT int PAPI_multiplex_init(void)
{
	/* Multiplexing needs no global preparation here. */
	return library_require_init();
}

PAPI_EXPORT int PAPI_set_multiplex(int EventSet)
{
	PAPI_multiplex_option_t option = {.eventset = EventSet, .ns = 0, .flags = 0};
	return targets_set_multiplex(&option);
}

PAPI_EXPORT int PAPI_get_multiplex(int EventSet)
{
	PAPI_multiplex_option_t option = {.eventset = EventSet};
	return targets_get_multiplex(&option);
}

PAPI_EXPORT int PAPI_attach(int EventSet, unsigned long tid)
{
	return targets_attach(EventSet, tid);
}

PAPI_EXPORT int PAPI_detach(int EventSet)
{
	return targets_detach(EventSet);
}
