// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/* perf's privilege rule for both modules' requests: see kpriv.h. */
#include "kpriv.h"

/* Strictest first: the first need a level refuses is the one named. */
static const struct {
	unsigned need;
	int paranoid_limit;
	const char *name;
	const char *right;
} rules[] = {
    {KPRIV_CPU, KPRIV_PARANOID_CPU, "counting a whole CPU",
     "kernel.perf_event_paranoid <= 0, or CAP_PERFMON or CAP_SYS_ADMIN"},
    {KPRIV_KERNEL, KPRIV_PARANOID_KERNEL, "counting the kernel",
     "kernel.perf_event_paranoid <= 1, or CAP_PERFMON or CAP_SYS_ADMIN"},
    {KPRIV_USER, KPRIV_PARANOID_USER, "counting",
     "kernel.perf_event_paranoid <= 2, or CAP_PERFMON or CAP_SYS_ADMIN"},
};
#define NR_RULES (sizeof(rules) / sizeof(rules[0]))

/* No INT_MAX in the kernel's headers without limits.h: the largest int. */
#define KPRIV_ANY_LEVEL ((int)(~0u >> 1))

int kpriv_paranoid_limit(unsigned needs)
{
	for (unsigned i = 0; i < NR_RULES; i++)
		if (needs & rules[i].need)
			return rules[i].paranoid_limit;
	return KPRIV_ANY_LEVEL;
}

unsigned kpriv_refused_need(unsigned needs, int paranoid)
{
	for (unsigned i = 0; i < NR_RULES; i++)
		if ((needs & rules[i].need) && paranoid > rules[i].paranoid_limit)
			return rules[i].need;
	return 0;
}

int kpriv_refusal(unsigned needs, int paranoid, bool (*capable)(void))
{
	if (needs & ~KPRIV_NEEDS)
		return -EINVAL;
	if (!kpriv_refused_need(needs, paranoid))
		return 0;
	return capable() ? 0 : -EACCES;
}

const char *kpriv_need_name(unsigned need)
{
	for (unsigned i = 0; i < NR_RULES; i++)
		if (need == rules[i].need)
			return rules[i].name;
	return "";
}

const char *kpriv_need_right(unsigned need)
{
	for (unsigned i = 0; i < NR_RULES; i++)
		if (need == rules[i].need)
			return rules[i].right;
	return "";
}
