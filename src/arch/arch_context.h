// SPDX-License-Identifier: BSD-3-Clause
/* Where each architecture keeps the interrupted program counter in a
 * signal's ucontext (glibc's mcontext layout), for overflow addresses.
 * Separate from arch.h: it needs <ucontext.h> with _GNU_SOURCE (the
 * register names), which only the signal-handling code wants. */
#ifndef PAPILLON_ARCH_CONTEXT_H
#define PAPILLON_ARCH_CONTEXT_H

#include <stddef.h>
#include <ucontext.h>

/* The program counter at the signal, or NULL where the layer does not know
 * the layout. */
static inline void *arch_context_pc(const ucontext_t *context)
{
#if defined(__x86_64__)
	return (void *)context->uc_mcontext.gregs[REG_RIP];
#elif defined(__i386__)
	return (void *)context->uc_mcontext.gregs[REG_EIP];
#elif defined(__aarch64__)
	return (void *)context->uc_mcontext.pc;
#elif defined(__powerpc64__)
	return (void *)context->uc_mcontext.gp_regs[32]; /* PT_NIP */
#elif defined(__riscv)
	return (void *)context->uc_mcontext.__gregs[REG_PC];
#else
	(void)context;
	return NULL;
#endif
}

#endif
