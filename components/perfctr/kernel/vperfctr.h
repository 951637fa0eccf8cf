/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/* Virtual per-process counters: VPERFCTR_CREAT and VPERFCTR_OPEN on
 * /dev/perfctr give a file whose ioctls and mapped page are the counters
 * of the calling thread. */
#ifndef PAPILLON_PERFCTR_VPERFCTR_H
#define PAPILLON_PERFCTR_VPERFCTR_H

/* Both return a new file descriptor or a negative errno. tid is the
 * thread's id, or 0 for the caller; only the caller itself is supported. */
long vperfctr_create(unsigned long tid);
long vperfctr_open(unsigned long tid);

/* test_inject=1 (perfctr_inject.c): the overflow interrupt's handling,
 * with the counters' mask given, on the caller's running counters: 0, or
 * -ENOENT without counters, -EINVAL when they are not running or the mask
 * names no i-mode counter of theirs. */
long vperfctr_inject_overflow(u32 mask);

/* The overflow interrupt's handler (where the CPU has one), at load and
 * unload. */
int vperfctr_init(void);
void vperfctr_exit(void);

#endif
