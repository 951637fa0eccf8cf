/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/* The module side of the shared privilege rule (kpriv.h): the caller's
 * right, asked of the running kernel. */
#ifndef PAPILLON_KPRIV_CHECK_H
#define PAPILLON_KPRIV_CHECK_H

#include "kpriv.h"

/* kernel.perf_event_paranoid as it is now, or the largest int when it
 * cannot be read (then only CAP_PERFMON or CAP_SYS_ADMIN grant a need). */
int kpriv_paranoid(void);

/* 0 or -EACCES: whether the calling task may have needs (kpriv.h), as
 * perf would answer it now. Process context (it reads a file). */
int kpriv_check(unsigned needs);

#endif
