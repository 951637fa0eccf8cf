/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/* test_inject=1 only: the debugfs file that injects an i-mode overflow
 * into the writer's virtual counters (perfctr_inject.c). */
#ifndef PAPILLON_PERFCTR_INJECT_H
#define PAPILLON_PERFCTR_INJECT_H

void perfctr_inject_init(void);
void perfctr_inject_exit(void);

#endif
