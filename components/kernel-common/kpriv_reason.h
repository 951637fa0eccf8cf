/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/* The components' side of the modules' privilege rule (kpriv.h): why a
 * module answered EACCES, in words, for the reason PAPI_strreason gives.
 * User space only; inline, as kpriv.h. */
#ifndef PAPILLON_KPRIV_REASON_H
#define PAPILLON_KPRIV_REASON_H

#include <limits.h>
#include <stddef.h>
#include <stdio.h>

#include "kpriv.h"

/* kernel.perf_event_paranoid as this process reads it, or the largest
 * int when it cannot (as the modules take it then). */
static inline int kpriv_reason_paranoid(void);

/* Writes into reason (len bytes, always terminated) why a request that
 * may need needs (KPRIV_*) was refused EACCES at the paranoid level read
 * now: the need the level refuses and the right it takes ("counting the
 * kernel needs kernel.perf_event_paranoid <= 1, or CAP_PERFMON or
 * CAP_SYS_ADMIN; it is 2"), or, when the level grants them all (changed
 * since, or a security module said no), that the module refused. */
static inline void kpriv_reason(char *reason, size_t len, unsigned needs);

static inline int kpriv_reason_paranoid(void)
{
	FILE *f = fopen("/proc/sys/kernel/perf_event_paranoid", "re");
	int level = INT_MAX;

	if (!f)
		return INT_MAX;
	if (fscanf(f, "%d", &level) != 1)
		level = INT_MAX;
	fclose(f);
	return level;
}

static inline void kpriv_reason(char *reason, size_t len, unsigned needs)
{
	int level = kpriv_reason_paranoid();
	unsigned refused = kpriv_refused_need(needs, level);

	if (!len)
		return;
	if (!refused)
		snprintf(reason, len,
		         "the module refused it (EACCES) although kernel.perf_event_paranoid (%d) "
		         "allows it: changed since, or a security module's decision",
		         level);
	else if (level == INT_MAX)
		snprintf(reason, len,
		         "%s needs %s; kernel.perf_event_paranoid cannot be read here, so only the "
		         "capabilities grant it",
		         kpriv_need_name(refused), kpriv_need_right(refused));
	else
		snprintf(reason, len, "%s needs %s; it is %d, and the caller has neither",
		         kpriv_need_name(refused), kpriv_need_right(refused), level);
}

#endif
