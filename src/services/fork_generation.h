// SPDX-License-Identifier: BSD-3-Clause
/* A core service for components (and the core itself): how many fork()s
 * separate this process from the one where the library started watching:
 * a child of fork() sees one more than its parent had.
 * State that belongs to the parent's process (perf pages, which a child
 * does not inherit; a kernel module file whose owner is the parent's
 * thread) is told apart by comparing with the generation it was made in:
 * one load, where a getpid() would cost a system call on every read. */
#ifndef PAPILLON_SERVICES_FORK_GENERATION_H
#define PAPILLON_SERVICES_FORK_GENERATION_H

extern unsigned fork_generation;

/* Once per process (library_init, and the components that depend on it
 * before that): installs the fork handler that counts. */
void fork_generation_watch(void);

#endif
